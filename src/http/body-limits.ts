import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { AppError } from '../errors';

export const KB = 1024;

/** A cap on a request body, enforced while it streams in (a chunked body is read to count it). */
export const limitBody = (maxSize: number, message: string): MiddlewareHandler =>
  bodyLimit({
    maxSize,
    onError: () => {
      throw new AppError('too_large', message);
    },
  });

const LIMITS = {
  form: limitBody(16 * KB, 'Request body is too large'),
  // A genuine ITN is about 1 KB (reference §4.1: 30-odd short fields); anything near this is not PayFast's.
  itn: limitBody(8 * KB, 'An ITN body is at most 8 KB'),
  other: limitBody(100 * KB, 'Request body is too large'),
};

/**
 * One cap for every body: calculator forms little, an ITN what PayFast sends. `later`: routes that cap their
 * own body after their guard (an attachment is megabytes, and a signed-out caller's is never read).
 */
export function bodyLimits(opts: { itnPath: string; later: string[] }): MiddlewareHandler {
  return (c, next) => {
    // GET and HEAD carry no body; asking would make the Node adapter build a full Request for nothing.
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const p = c.req.path;
    if (opts.later.includes(p)) return next();
    return (p === opts.itnPath ? LIMITS.itn : p.startsWith('/calculators/') ? LIMITS.form : LIMITS.other)(c, next);
  };
}
