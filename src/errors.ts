/**
 * The one error vocabulary: every failure a user may see has a code, and this table alone says the HTTP status it
 * goes out with (and, for the codes that have one, how long to wait before retrying). Services and routes throw
 * codes; nothing else picks a status.
 */
export const ERROR_CODES = {
  bad_request: { status: 400 },
  unauthenticated: { status: 401 },
  forbidden: { status: 403 },
  not_found: { status: 404 },
  conflict: { status: 409 },
  too_large: { status: 413 },
  unsupported_type: { status: 415 },
  unprocessable: { status: 422 },
  rate_limited: { status: 429 },
  upstream_failed: { status: 502 },
  unavailable: { status: 503 },
  upstream_timeout: { status: 504 },
  out_of_space: { status: 507 },
} as const;
export type ErrorCode = keyof typeof ERROR_CODES;
export type Status = (typeof ERROR_CODES)[ErrorCode]['status'];

/** A failure the user may see: its message goes out as `{ message }` with its code's status. */
export class AppError extends Error {
  readonly status: Status;
  constructor(
    public readonly code: ErrorCode,
    message: string,
    public extra?: Record<string, unknown>,
    /** Seconds until a retry may succeed (rate_limited, unavailable): sent as Retry-After. */
    public retryAfter?: number,
  ) {
    super(message);
    this.status = ERROR_CODES[code].status;
  }
}

export const statusOf = <C extends ErrorCode>(code: C): (typeof ERROR_CODES)[C]['status'] => ERROR_CODES[code].status;

/** True when `err` is an AppError with this code. */
export const isAppError = (err: unknown, code: ErrorCode): err is AppError => err instanceof AppError && err.code === code;

type ErrorLike = { code?: unknown; severity?: unknown; errors?: unknown; cause?: unknown; [k: string]: unknown };

/** An error and the errors that caused it, outermost first (a few levels: drivers wrap their errors). */
export function* causes(err: unknown, depth = 5): Generator<ErrorLike> {
  for (let e = err, d = 0; e && typeof e === 'object' && d < depth; e = (e as ErrorLike).cause, d++) yield e as ErrorLike;
}

const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'CONNECT_TIMEOUT',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'DATABASE_DEADLINE',
  '57014',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08003',
  '08006',
  '08001',
  '08004',
]);

/** How long to wait before retrying while the database is away (sent as Retry-After with a 503). */
export const RETRY_AFTER_SECONDS = 5;

/** The outside parts a request can depend on; a failure names the one that failed, in the log and to the user. */
export type Part = 'database' | 'storage' | 'mail' | 'payments' | 'model' | 'disk';

/** What the user is told when a part fails, with the status and Retry-After (seconds) it goes out with. */
export const PART_FAILURES: Record<Part, { code: ErrorCode; message: string; retryAfter: number }> = {
  database: {
    code: 'unavailable',
    message: 'The database is temporarily unavailable. Please try again in a moment.',
    retryAfter: RETRY_AFTER_SECONDS,
  },
  storage: { code: 'unavailable', message: 'Attachments are temporarily unavailable. Please try again in a moment.', retryAfter: 30 },
  mail: { code: 'unavailable', message: 'E-mail is temporarily unavailable. Please try again in a moment.', retryAfter: 30 },
  payments: { code: 'unavailable', message: 'PayFast is not answering just now. Please try again in a moment.', retryAfter: 30 },
  model: { code: 'unavailable', message: 'The AI model is not answering just now. Please try again in a moment.', retryAfter: 30 },
  disk: { code: 'out_of_space', message: 'The server is out of storage space. Please try again later.', retryAfter: 300 },
};

/** An outside part failed or did not answer in time; `cause` keeps the driver's error for the log. */
export class PartFailure extends AppError {
  constructor(
    public part: Part,
    cause?: unknown,
    message = PART_FAILURES[part].message,
  ) {
    super(PART_FAILURES[part].code, message, undefined, PART_FAILURES[part].retryAfter);
    this.cause = cause;
  }
}

const DISK_CODES = new Set(['ENOSPC', 'EDQUOT', '53100']); // 53100: PostgreSQL's disk_full

/** Which outside part an error says failed, if any: a PartFailure names it; a full disk and a lost database are recognised. */
export function failedPart(err: unknown): Part | undefined {
  if (err instanceof PartFailure) return err.part;
  for (const e of causes(err)) {
    if (e instanceof PartFailure) return e.part;
    if (typeof e.code === 'string' && DISK_CODES.has(e.code)) return 'disk';
    if (typeof e.message === 'string' && /no space left on device/i.test(e.message)) return 'disk';
  }
  return isDatabaseUnavailable(err) ? 'database' : undefined;
}

/** True for errors that mean "the database cannot be reached right now" (they become a 503). */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (const e of causes(err)) {
    if (typeof e.code === 'string' && CONNECTION_CODES.has(e.code)) return true;
    if (e.severity === 'FATAL') return true; // the server refused or dropped the connection
    if (Array.isArray(e.errors) && e.errors.some((x) => CONNECTION_CODES.has((x as ErrorLike)?.code as string))) return true;
  }
  return false;
}

/** The PostgreSQL error code of a (possibly wrapped) driver error, e.g. '23505' for a unique violation. */
export function pgCode(err: unknown): string | undefined {
  for (const e of causes(err)) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return undefined;
}
