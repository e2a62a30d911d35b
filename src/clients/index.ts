// A user's client companies, as other folders may use them: the service, and what a client's registration facts
// mean for an answer (facts.ts, pure).
export { createClientService, toClientDTO, CLIENT_NOT_FOUND, type ClientService } from './service';
export { clientContext, clientFormFill, type ClientContext, type ClientFormFill } from './facts';
