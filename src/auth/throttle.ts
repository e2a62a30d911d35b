// Sign-in and sign-up limits, as data and pure rules; the auth service applies them with the database counters.

export interface AuthLimits {
  /** Sign-in, sign-up and reset requests one client may have under way at once; more are refused at once (429). */
  inFlightPerClient: number;
  /** Attempts on one account from one client per window: beyond it, 429 for that client only. */
  loginPerPair: number;
  /** Attempts from one client across all accounts per window. */
  loginPerClient: number;
  /** Failed attempts on one account (from anywhere) before each further wrong password is answered slowly. */
  accountSlowAfter: number;
  /** The delay grows by this much per failure beyond `accountSlowAfter`… */
  accountDelayStepMs: number;
  /** …up to this, so the owner still gets in while their account is under attack. */
  accountDelayMaxMs: number;
  /** Accounts created from one client per `registerWindowMs`. */
  registerPerClient: number;
  registerWindowMs: number;
  forgotPerEmail: number;
  forgotPerClient: number;
  windowMs: number;
}

export const DEFAULT_LIMITS: AuthLimits = {
  inFlightPerClient: 4,
  loginPerPair: 10,
  loginPerClient: 50,
  accountSlowAfter: 10,
  accountDelayStepMs: 100,
  accountDelayMaxMs: 1000,
  registerPerClient: 10,
  registerWindowMs: 60 * 60_000,
  forgotPerEmail: 5,
  forgotPerClient: 20,
  windowMs: 15 * 60_000,
};

/** How long an attempt on an account waits, given the failures already counted on it. */
export function accountDelayMs(
  failures: number,
  l: Pick<AuthLimits, 'accountSlowAfter' | 'accountDelayStepMs' | 'accountDelayMaxMs'>,
): number {
  const over = failures - l.accountSlowAfter;
  return over > 0 ? Math.min(l.accountDelayMaxMs, over * l.accountDelayStepMs) : 0;
}

/**
 * The client a request counts against: its IPv4 address, or the /64 network of an IPv6 address (one
 * subscriber usually holds a whole /64, so counting single IPv6 addresses would be no limit at all).
 */
export function clientKey(address: string): string {
  const a = address.trim().toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(a);
  if (mapped) return mapped[1];
  if (!a.includes(':')) return a;
  const [head, tail = ''] = a.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = a.includes('::') ? [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/** Whole minutes until `resetAt`, at least 1. */
export function minutesUntil(resetAt: Date, now: Date): number {
  return Math.max(1, Math.ceil((resetAt.getTime() - now.getTime()) / 60_000));
}
