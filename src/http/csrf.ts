import type { MiddlewareHandler } from 'hono';
import { AppError } from '../errors';
import { requestOrigin, type AppEnv } from './context';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);
export const CROSS_SITE = 'Cross-site request refused';

/** The origin of a URL-ish string in canonical form (lower case, default port dropped), or null. */
function originOf(value: string): string | null {
  try {
    const o = new URL(value).origin;
    return o === 'null' ? null : o;
  } catch {
    return null;
  }
}

/**
 * State-changing requests must come from our own pages: refused when the browser says the request is
 * cross-site (Sec-Fetch-Site) or when an Origin is sent that is not ours in scheme, host and port. Ours is
 * PUBLIC_URL when set, else the origin the request was addressed to (the scheme from X-Forwarded-Proto
 * behind a trusted proxy). Requests with neither header (API clients, curl) pass: the session cookie is
 * SameSite=Lax, so a browser never attaches it to a cross-site POST anyway. `exempt` paths are server-to-server
 * webhooks that carry their own proof (the PayFast ITN's signature and confirmation) and no session.
 */
export function csrfGuard(opts: { publicUrl?: string; trustProxy: boolean; exempt?: string[] }): MiddlewareHandler<AppEnv> {
  const fixed = opts.publicUrl ? originOf(opts.publicUrl) : null;
  const exempt = new Set(opts.exempt);
  return async (c, next) => {
    if (SAFE.has(c.req.method) || exempt.has(c.req.path)) return next();
    if (c.req.header('sec-fetch-site')?.toLowerCase() === 'cross-site') throw new AppError('forbidden', CROSS_SITE);
    const origin = c.req.header('origin');
    if (origin !== undefined) {
      if (originOf(origin) !== (fixed ?? requestOrigin(c, opts.trustProxy))) throw new AppError('forbidden', CROSS_SITE);
    }
    await next();
  };
}
