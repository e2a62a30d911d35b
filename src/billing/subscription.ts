// The subscription state machine (GUIDE §3, reference §5), pure: what a checkout costs, what each verified
// ITN, our own cancel and a missed renewal do to a user's subscription, and what the user sees. The
// service stores the states; nothing here reads a clock or a database.
import { addMonths, nextChargeAfter } from './calendar';
import { dayOf, saDate, saMidnight } from '../lib/sa-time';
import { trialDaysLeft } from './status';
import type { Phase, SubscriptionView } from '../schemas/billing';

export const PLAN = {
  recurringCents: 8000,
  itemName: 'PayeWise Monthly',
  /** PayFast's code for monthly. */
  frequency: '3',
  /** 0 = until cancelled. */
  cycles: '0',
} as const;

/** A missed renewal is looked up at PayFast this long after its charge date… */
export const RENEWAL_GRACE_DAYS = 3;
/** …again at this interval while PayFast still retries… */
export const RENEWAL_RECHECK_MS = 6 * 3_600_000;
/** …and given up this long after the charge date (PayFast retries for 5 days). */
export const RENEWAL_GIVE_UP_DAYS = 7;

export type SubscriptionStatus = 'trialing' | 'active' | 'canceled' | 'pending';

/** A user's subscription as stored (the spec's user fields, the paid-through date and the PayFast token). */
export interface BillingState {
  status: string | null;
  trialEndDate: string | null;
  nextBillingDate: string | null;
  /** Access continues until this instant when canceled or pending. */
  paidThrough: string | null;
  token: string | null;
}

/** One checkout the user started: what was asked of PayFast. */
export interface CheckoutRecord {
  ref: string;
  amountCents: number;
  recurringCents: number;
  /** 'yyyy-mm-dd': the first recurring charge, and the day of the month every later one falls on. */
  billingDate: string;
  /** Set by the first COMPLETE ITN. */
  token: string | null;
  completed: boolean;
}

export interface ItnEvent {
  paymentStatus: string;
  token: string | null;
  /** amount_gross in cents; null when absent (CANCELLED carries none). */
  amountCents: number | null;
}

export type PaymentKind = 'first' | 'renewal' | 'cancel' | 'failed';
export type MailKind = 'started' | 'receipt' | 'canceled' | 'payment-failed' | 'access-limited';

export type Decision =
  /** Not acceptable: nothing changes and the reason is logged. */
  | { outcome: 'reject'; reason: string }
  /** Genuine, but nothing to change (recorded as seen). */
  | { outcome: 'ignore'; reason: string }
  | {
      outcome: 'apply';
      state: BillingState;
      payment: PaymentKind | null;
      completesCheckout?: boolean;
      mails: MailKind[];
      /** A second subscription PayFast must stop charging. */
      cancelToken?: string;
      note?: string;
    };

const iso = (day: string) => saMidnight(day).toISOString();
const later = (a: string | null, b: string) => (a && a > b ? a : b);
const inFuture = (stored: string | null, now: Date) => {
  const t = stored ? Date.parse(stored) : NaN;
  return !Number.isNaN(t) && t > now.getTime();
};
/** When access that is not a running subscription ends: the paid-through date (older rows: the next billing date). */
const paidUntil = (s: BillingState) => s.paidThrough ?? s.nextBillingDate;

export const ALREADY_SUBSCRIBED = 'You already have an active subscription. Cancel it first if you want to start a new one.';

export type CheckoutPlan =
  { ok: false; code: 'conflict'; message: string } | { ok: true; amountCents: number; billingDate: string; status: string | null };

/**
 * What a new checkout asks for. Time already given (a running trial, or a paid period after cancelling) is
 * not charged twice: nothing now, the first R80 when that time ends. Otherwise R80 now, monthly from today.
 * Only a user who will pay now shows `pending` until PayFast confirms.
 */
export function planCheckout(state: BillingState, now: Date): CheckoutPlan {
  if (state.status === 'active') return { ok: false, code: 'conflict', message: ALREADY_SUBSCRIBED };
  const runningUntil =
    state.status === 'trialing' && inFuture(state.trialEndDate, now)
      ? state.trialEndDate
      : (state.status === 'canceled' || state.status === 'pending') && inFuture(paidUntil(state), now)
        ? paidUntil(state)
        : null;
  const today = saDate(now);
  if (runningUntil) {
    const day = dayOf(runningUntil)!;
    // With nothing paid now, a billing date of today would make the free R0 payment today's charge: a free
    // month. Time that ends later today is charged from tomorrow.
    return { ok: true, amountCents: 0, billingDate: day > today ? day : nextDay(today), status: state.status };
  }
  return { ok: true, amountCents: PLAN.recurringCents, billingDate: today, status: 'pending' };
}
const nextDay = (day: string) => saDate(new Date(saMidnight(day).getTime() + 86_400_000));

/** The amount a genuine ITN for this checkout carries: the first payment, then the monthly one; none for CANCELLED. */
export function expectedCents(checkout: CheckoutRecord, itn: Pick<ItnEvent, 'paymentStatus'>): number | null {
  if (itn.paymentStatus === 'CANCELLED') return null;
  return checkout.completed ? checkout.recurringCents : checkout.amountCents;
}

/** What a verified ITN (signature, source, merchant and PayFast's own confirmation all passed) does. */
export function onItn(state: BillingState, checkout: CheckoutRecord, itn: ItnEvent, now: Date): Decision {
  const today = saDate(now);
  switch (itn.paymentStatus) {
    case 'COMPLETE': {
      const expected = expectedCents(checkout, itn);
      if (itn.amountCents !== expected)
        return { outcome: 'reject', reason: `amount_gross ${itn.amountCents ?? 'missing'} cents, expected ${expected}` };
      if (!itn.token) return { outcome: 'reject', reason: 'a subscription payment without a token' };
      if (!checkout.completed) {
        if (state.status === 'active' && state.token && state.token !== itn.token) {
          return {
            outcome: 'apply',
            state,
            payment: 'first',
            completesCheckout: true,
            mails: [],
            cancelToken: itn.token,
            note: 'second subscription while one is active: cancelled at PayFast',
          };
        }
        // Paid now: the checkout day starts the first month. Nothing now: the first charge is the billing date.
        const next = checkout.amountCents > 0 ? addMonths(checkout.billingDate, 1) : checkout.billingDate;
        const mails: MailKind[] = checkout.amountCents > 0 ? ['started', 'receipt'] : ['started'];
        return {
          outcome: 'apply',
          state: { ...state, status: 'active', token: itn.token, nextBillingDate: iso(next), paidThrough: iso(next) },
          payment: 'first',
          completesCheckout: true,
          mails,
        };
      }
      if (itn.token !== checkout.token) return { outcome: 'reject', reason: 'the token is not the one this checkout started' };
      if (state.token !== itn.token) {
        return {
          outcome: 'apply',
          state,
          payment: 'renewal',
          mails: ['receipt'],
          cancelToken: itn.token,
          note: 'a charge on a replaced subscription: cancelled at PayFast',
        };
      }
      if (state.status === 'canceled') {
        // Charged before PayFast saw the cancel: the money is recorded and its month honoured, the subscription stays canceled.
        const paidFor = iso(nextChargeAfter(checkout.billingDate, today));
        return {
          outcome: 'apply',
          state: { ...state, paidThrough: later(state.paidThrough, paidFor) },
          payment: 'renewal',
          mails: ['receipt'],
          note: 'a charge after the subscription was canceled: recorded; access to the end of the month it paid for',
        };
      }
      const next = nextChargeAfter(checkout.billingDate, later(dayOf(state.nextBillingDate), today));
      return {
        outcome: 'apply',
        state: { ...state, status: 'active', nextBillingDate: iso(next), paidThrough: later(state.paidThrough, iso(next)) },
        payment: 'renewal',
        mails: ['receipt'],
      };
    }
    case 'CANCELLED': {
      if (!itn.token || itn.token !== state.token) return { outcome: 'ignore', reason: 'not the current subscription' };
      if (state.status === 'canceled') return { outcome: 'ignore', reason: 'already canceled' };
      return {
        outcome: 'apply',
        state: { ...state, status: 'canceled', nextBillingDate: null, paidThrough: paidUntil(state) },
        payment: 'cancel',
        mails: ['canceled'],
      };
    }
    case 'FAILED': {
      if (!itn.token || itn.token !== state.token) return { outcome: 'ignore', reason: 'not the current subscription' };
      if (state.status === 'canceled') return { outcome: 'ignore', reason: 'the subscription is canceled' };
      // PayFast retries a declined card for days; the renewal check decides when access ends.
      return { outcome: 'apply', state, payment: 'failed', mails: ['payment-failed'] };
    }
    default:
      return { outcome: 'ignore', reason: `payment_status ${itn.paymentStatus || '(blank)'} is not acted on` };
  }
}

export const NOTHING_TO_CANCEL = 'You have no subscription to cancel.';
export const ALREADY_CANCELED = 'Your subscription is already canceled.';

/** Whether the user has a subscription we can ask PayFast to cancel; the message when not. */
export function cancelProblem(state: BillingState): string | null {
  if (!state.token) return NOTHING_TO_CANCEL;
  if (state.status === 'canceled') return ALREADY_CANCELED;
  return null;
}

/** PayFast confirmed our cancel: no more charges, access until the paid-through date. */
export function onCancelConfirmed(state: BillingState): BillingState {
  return { ...state, status: 'canceled', nextBillingDate: null, paidThrough: paidUntil(state) };
}

/** Whether an active subscription's renewal is overdue enough to ask PayFast about it. */
export function renewalCheckDue(state: BillingState, lastCheckedAt: Date | null, now: Date): boolean {
  if (state.status !== 'active' || !state.token || !state.nextBillingDate) return false;
  const due = Date.parse(state.nextBillingDate) + RENEWAL_GRACE_DAYS * 86_400_000;
  return now.getTime() >= due && (!lastCheckedAt || now.getTime() - lastCheckedAt.getTime() >= RENEWAL_RECHECK_MS);
}

/** What PayFast's fetch said of an overdue subscription. */
export interface RemoteSubscription {
  statusText: string;
  /** The next run date PayFast has, if any. */
  runDate: string | null;
}

/**
 * An overdue renewal, once PayFast has told us where the subscription stands: charged after all (the ITN
 * went missing), still being retried, or not going to be paid (limited access, and the user is told how to
 * update the card).
 */
export function onRenewalCheck(state: BillingState, remote: RemoteSubscription, now: Date): Decision {
  const charged = dayOf(state.nextBillingDate)!;
  const status = remote.statusText.trim().toUpperCase();
  if (status === 'ACTIVE') {
    const run = dayOf(remote.runDate);
    if (run && run > charged) {
      return {
        outcome: 'apply',
        state: { ...state, nextBillingDate: iso(run), paidThrough: iso(run) },
        payment: null,
        mails: [],
        note: `PayFast charged (next run ${run}) but no ITN arrived`,
      };
    }
    if (now.getTime() < saMidnight(charged).getTime() + RENEWAL_GIVE_UP_DAYS * 86_400_000)
      return { outcome: 'ignore', reason: 'PayFast is still retrying the charge' };
  }
  if (status === 'CANCELLED') {
    return {
      outcome: 'apply',
      state: { ...state, status: 'canceled', nextBillingDate: null, paidThrough: iso(charged) },
      payment: null,
      mails: ['canceled'],
      note: 'canceled at PayFast',
    };
  }
  return {
    outcome: 'apply',
    state: { ...state, status: 'pending', paidThrough: iso(charged) },
    payment: null,
    mails: ['access-limited'],
    note: `renewal not paid (PayFast: ${status || 'no status'})`,
  };
}

/** How the subscription reads to its owner (sidebar, /subscription, GET /api/subscription-status). */

/** Full access: an active subscription, a running trial, or a canceled/pending one inside its paid period. */
export type { Phase, SubscriptionView };

export function accessOf(state: BillingState, now: Date): 'full' | 'limited' {
  const s = state.status;
  if (s === 'active') return 'full';
  if (s === 'trialing') return inFuture(state.trialEndDate, now) ? 'full' : 'limited';
  if (s === 'canceled' || s === 'pending') return inFuture(paidUntil(state), now) ? 'full' : 'limited';
  return 'limited';
}

export function subscriptionView(state: BillingState, now: Date): SubscriptionView {
  const access = accessOf(state, now);
  const s = state.status;
  const phase: Phase =
    s === 'active'
      ? 'active'
      : s === 'trialing'
        ? access === 'full'
          ? 'trial'
          : 'trial-ended'
        : s === 'canceled'
          ? 'canceled'
          : s === 'pending'
            ? 'pending'
            : 'none';
  return {
    status: s,
    nextBillingDate: s === 'active' ? state.nextBillingDate : null,
    trialEndDate: state.trialEndDate,
    daysLeft: s === 'trialing' ? trialDaysLeft(state.trialEndDate, now) : 0,
    access,
    paidThrough: s === 'trialing' ? null : paidUntil(state),
    phase,
  };
}
