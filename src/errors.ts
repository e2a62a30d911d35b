/** A failure the user may see: its message goes out as `{ message }` with `status`. */
export class AppError extends Error {
  constructor(
    public status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 503,
    message: string,
    public extra?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const badRequest = (m: string) => new AppError(400, m);
export const unauthorized = (m = 'Not authenticated') => new AppError(401, m);
export const forbidden = (m = 'Forbidden') => new AppError(403, m);
export const notFound = (m = 'Not found') => new AppError(404, m);
export const conflict = (m: string) => new AppError(409, m);

const CONNECTION_CODES = new Set([
  'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'CONNECT_TIMEOUT', 'CONNECTION_CLOSED',
  'CONNECTION_ENDED', 'CONNECTION_DESTROYED', '57P01', '57P02', '57P03', '08000', '08003', '08006', '08001', '08004',
]);

/** True for errors that mean "the database cannot be reached right now" (they become a 503). */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e: any = err, depth = 0; e && depth < 5; e = e.cause, depth++) {
    if (typeof e.code === 'string' && CONNECTION_CODES.has(e.code)) return true;
    if (e.severity === 'FATAL') return true; // the server refused or dropped the connection
    if (e.errors && Array.isArray(e.errors) && e.errors.some((x: any) => CONNECTION_CODES.has(x?.code))) return true;
  }
  return false;
}
