import type { Context } from 'hono';
import type { User } from '../../db/schema';
import type { Services } from '../services';

export type AppEnv = {
  Variables: {
    services: Services;
    user: User | null;
    sessionId: string | null;
    requestId: string | undefined;
  };
};
export type AppContext = Context<AppEnv>;

/** JSON API requests get JSON answers (errors included); everything else is a page. */
export const isApiRequest = (c: Context) => c.req.path === '/api' || c.req.path.startsWith('/api/');

/** An htmx request for a fragment (a history restore after a cache miss wants the whole page). */
export const isHtmxFragment = (c: Context) =>
  c.req.header('HX-Request') === 'true' && c.req.header('HX-History-Restore-Request') !== 'true';

/**
 * How to answer a request that cannot be served as asked (signed out, not allowed, failed): JSON for the
 * API and for files fetched by scripts, an htmx instruction for htmx, else a page.
 */
export function answerAs(c: Context): 'json' | 'htmx' | 'page' {
  if (isApiRequest(c)) return 'json';
  if (c.req.header('HX-Request') === 'true') return 'htmx';
  if (c.req.path.startsWith('/uploads/') && !(c.req.header('accept') ?? '').includes('text/html')) return 'json';
  return 'page';
}

/** This app's origin as the request reached it; behind a trusted proxy the scheme is the one the proxy saw. */
export function requestOrigin(c: Context, trustProxy: boolean): string {
  const url = new URL(c.req.url);
  const proto = trustProxy ? c.req.header('x-forwarded-proto')?.split(',')[0].trim() : undefined;
  if (proto === 'https' || proto === 'http') url.protocol = `${proto}:`;
  return url.origin;
}
