// Billing, as other folders may use it: what a user may do (access), how a subscription shows, and the service
// and PayFast client the wiring module builds. Inside: PayFast's pure checks (payfast.ts, itn.ts), the
// subscription state machine (subscription.ts), and the service that applies them (service.ts).
export { createBillingService, type BillingService } from './service';
export { createPayfastClient, type PayfastClient } from './payfast-client';
export { ITN_PATH, ITN_ROUTE, parseFormBody } from './payfast';
export { readItn } from './itn';
export { assistantAccess, billingStateOf, LIMITED_QUESTIONS_PER_DAY, QUESTIONS_PER_MINUTE } from './access';
export { PLAN, subscriptionView } from './subscription';
export { BADGE_TONES, statusBadge, type StatusBadge } from './status';
