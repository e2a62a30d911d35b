import type { Context } from 'hono';
import type { User } from '../../db/schema';
import type { Services } from '../app';

export type AppEnv = {
  Variables: {
    services: Services;
    user: User | null;
    sessionId: string | null;
    requestId: string;
    nonceIslands?: Set<string>;
  };
};
export type AppContext = Context<AppEnv>;
