import { describe, expect, it } from 'vitest';
import { addMonths, nextChargeAfter } from '../../../src/billing/calendar';
import { dayOf, saDate, saMidnight } from '../../../src/lib/sa-time';
import {
  accessOf,
  ALREADY_SUBSCRIBED,
  cancelProblem,
  expectedCents,
  onCancelConfirmed,
  onItn,
  onRenewalCheck,
  planCheckout,
  renewalCheckDue,
  subscriptionView,
  type BillingState,
  type CheckoutRecord,
  type Decision,
} from '../../../src/billing/subscription';

const at = (s: string) => new Date(s);
const mid = (day: string) => saMidnight(day).toISOString();
const TOKEN = '3f2b6c1e-8d4a-4c7b-9e21-5a6f0b7c8d9e';
const trial = (end: string): BillingState => ({
  status: 'trialing',
  trialEndDate: end,
  nextBillingDate: null,
  paidThrough: null,
  token: null,
});
const checkout = (over: Partial<CheckoutRecord> = {}): CheckoutRecord => ({
  ref: 'sub_1',
  amountCents: 0,
  recurringCents: 8000,
  billingDate: '2026-11-30',
  token: null,
  completed: false,
  ...over,
});
const applied = (d: Decision) => {
  if (d.outcome !== 'apply') throw new Error(`expected apply, got ${d.outcome}: ${d.reason}`);
  return d;
};

describe('South African calendar days', () => {
  it('turns over at midnight SAST', () => {
    expect(saDate(at('2026-11-23T21:59:59Z'))).toBe('2026-11-23');
    expect(saDate(at('2026-11-23T22:00:00Z'))).toBe('2026-11-24');
    expect(mid('2026-11-24')).toBe('2026-11-23T22:00:00.000Z');
    expect(dayOf('2026-11-23T22:00:00.000Z')).toBe('2026-11-24');
    expect(dayOf('2026-11-24')).toBe('2026-11-24');
    expect(dayOf('nonsense')).toBeNull();
  });
  it('adds months on the anchor day, clamped to short months, without drifting', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2026-01-31', 2)).toBe('2026-03-31');
    expect(addMonths('2026-12-15', 1)).toBe('2027-01-15');
    expect(nextChargeAfter('2026-01-31', '2026-02-28')).toBe('2026-03-31');
    expect(nextChargeAfter('2026-11-30', '2026-11-30')).toBe('2026-12-30');
    expect(nextChargeAfter('2026-11-30', '2027-05-01')).toBe('2027-05-30');
  });
});

describe('a checkout', () => {
  const now = at('2026-11-23T10:00:00+02:00');
  it('in a running trial costs nothing now and charges R80 when the trial ends (SA date)', () => {
    expect(planCheckout(trial('2026-11-30T12:00:00.000Z'), now)).toEqual({
      ok: true,
      amountCents: 0,
      billingDate: '2026-11-30',
      status: 'trialing',
    });
    // 23:30 UTC on the 29th is already the 30th in South Africa.
    expect(planCheckout(trial('2026-11-29T23:30:00.000Z'), now)).toMatchObject({ billingDate: '2026-11-30' });
  });
  it('a trial ending later today is charged from tomorrow, never today (that would be a free month)', () => {
    expect(planCheckout(trial('2026-11-23T20:00:00+02:00'), now)).toMatchObject({ amountCents: 0, billingDate: '2026-11-24' });
  });
  it('after the trial costs R80 now, monthly from today, and shows pending until PayFast confirms', () => {
    expect(planCheckout(trial('2026-11-20T10:00:00.000Z'), now)).toEqual({
      ok: true,
      amountCents: 8000,
      billingDate: '2026-11-23',
      status: 'pending',
    });
    expect(planCheckout({ status: null, trialEndDate: null, nextBillingDate: null, paidThrough: null, token: null }, now)).toMatchObject({
      amountCents: 8000,
      status: 'pending',
    });
  });
  it('after cancelling, inside the paid period, costs nothing until that period ends', () => {
    const canceled: BillingState = {
      status: 'canceled',
      trialEndDate: null,
      nextBillingDate: null,
      paidThrough: mid('2026-12-05'),
      token: TOKEN,
    };
    expect(planCheckout(canceled, now)).toEqual({ ok: true, amountCents: 0, billingDate: '2026-12-05', status: 'canceled' });
    expect(planCheckout({ ...canceled, paidThrough: mid('2026-11-01') }, now)).toMatchObject({
      amountCents: 8000,
      billingDate: '2026-11-23',
      status: 'pending',
    });
  });
  it('is refused with 409 for an active subscriber', () => {
    expect(
      planCheckout(
        { status: 'active', trialEndDate: null, nextBillingDate: mid('2026-12-05'), paidThrough: mid('2026-12-05'), token: TOKEN },
        now,
      ),
    ).toEqual({ ok: false, code: 'conflict', message: ALREADY_SUBSCRIBED });
  });
});

describe('ITNs', () => {
  const now = at('2026-11-23T10:00:00+02:00');
  const complete = (amountCents: number | null, token: string | null = TOKEN) => ({ paymentStatus: 'COMPLETE', token, amountCents });

  it('the expected amount: the first payment, then R80; none for CANCELLED', () => {
    expect(expectedCents(checkout(), { paymentStatus: 'COMPLETE' })).toBe(0);
    expect(expectedCents(checkout({ amountCents: 8000 }), { paymentStatus: 'COMPLETE' })).toBe(8000);
    expect(expectedCents(checkout({ completed: true, token: TOKEN }), { paymentStatus: 'COMPLETE' })).toBe(8000);
    expect(expectedCents(checkout(), { paymentStatus: 'CANCELLED' })).toBeNull();
  });

  it('the first COMPLETE of a trial checkout: active, token stored, next billing = the billing date', () => {
    const d = applied(onItn(trial('2026-11-30T08:00:00.000Z'), checkout(), complete(0), now));
    expect(d.state).toEqual({
      status: 'active',
      trialEndDate: '2026-11-30T08:00:00.000Z',
      token: TOKEN,
      nextBillingDate: mid('2026-11-30'),
      paidThrough: mid('2026-11-30'),
    });
    expect(d).toMatchObject({ payment: 'first', completesCheckout: true, mails: ['started'] });
  });

  it('the first COMPLETE of a paid-now checkout: next billing one month after the checkout day, with a receipt', () => {
    const d = applied(
      onItn(
        { ...trial('2026-11-01T08:00:00.000Z'), status: 'pending' },
        checkout({ amountCents: 8000, billingDate: '2026-11-23' }),
        complete(8000),
        now,
      ),
    );
    expect(d.state).toMatchObject({ status: 'active', nextBillingDate: mid('2026-12-23'), paidThrough: mid('2026-12-23') });
    expect(d.mails).toEqual(['started', 'receipt']);
  });

  it('rejects a wrong amount or a missing token', () => {
    expect(onItn(trial('2026-11-30'), checkout(), complete(8000), now)).toEqual({
      outcome: 'reject',
      reason: 'amount_gross 8000 cents, expected 0',
    });
    expect(onItn(trial('2026-11-30'), checkout(), complete(null), now).outcome).toBe('reject');
    expect(onItn(trial('2026-11-30'), checkout(), complete(0, null), now)).toEqual({
      outcome: 'reject',
      reason: 'a subscription payment without a token',
    });
  });

  it('a renewal moves the next billing date on a month from the anchor day and records the payment', () => {
    const active: BillingState = {
      status: 'active',
      trialEndDate: null,
      nextBillingDate: mid('2026-11-30'),
      paidThrough: mid('2026-11-30'),
      token: TOKEN,
    };
    const done = checkout({ completed: true, token: TOKEN });
    const d = applied(onItn(active, done, complete(8000), at('2026-11-30T06:00:00+02:00')));
    expect(d.state).toMatchObject({ status: 'active', nextBillingDate: mid('2026-12-30'), paidThrough: mid('2026-12-30') });
    expect(d).toMatchObject({ payment: 'renewal', mails: ['receipt'] });
    // Arriving a little early or late changes nothing; a lost earlier renewal is caught up.
    expect(applied(onItn(active, done, complete(8000), at('2026-11-29T23:00:00+02:00'))).state.nextBillingDate).toBe(mid('2026-12-30'));
    expect(applied(onItn(active, done, complete(8000), at('2026-12-02T09:00:00+02:00'))).state.nextBillingDate).toBe(mid('2026-12-30'));
    expect(applied(onItn(active, done, complete(8000), at('2026-12-30T09:00:00+02:00'))).state.nextBillingDate).toBe(mid('2027-01-30'));
    // Anchored on the 31st: February is short, March is not.
    const jan31 = checkout({ completed: true, token: TOKEN, billingDate: '2027-01-31' });
    const feb = applied(
      onItn({ ...active, nextBillingDate: mid('2027-01-31') }, jan31, complete(8000), at('2027-01-31T08:00:00+02:00')),
    ).state;
    expect(feb.nextBillingDate).toBe(mid('2027-02-28'));
    expect(applied(onItn(feb, jan31, complete(8000), at('2027-02-28T08:00:00+02:00'))).state.nextBillingDate).toBe(mid('2027-03-31'));
  });

  it('a renewal for an amount other than R80 or another token is rejected', () => {
    const active: BillingState = {
      status: 'active',
      trialEndDate: null,
      nextBillingDate: mid('2026-11-30'),
      paidThrough: mid('2026-11-30'),
      token: TOKEN,
    };
    expect(onItn(active, checkout({ completed: true, token: TOKEN }), complete(0), now).outcome).toBe('reject');
    expect(onItn(active, checkout({ completed: true, token: TOKEN }), complete(8000, 'other'), now).outcome).toBe('reject');
  });

  it('a second subscription completing while one is active is recorded and canceled, the first one kept', () => {
    const active: BillingState = {
      status: 'active',
      trialEndDate: null,
      nextBillingDate: mid('2026-11-30'),
      paidThrough: mid('2026-11-30'),
      token: TOKEN,
    };
    const d = applied(onItn(active, checkout({ ref: 'sub_2' }), complete(0, 'second-token'), now));
    expect(d.state).toBe(active);
    expect(d.cancelToken).toBe('second-token');
  });

  it('CANCELLED: canceled with access to the paid-through date; again, or for another token, changes nothing', () => {
    const active: BillingState = {
      status: 'active',
      trialEndDate: null,
      nextBillingDate: mid('2026-12-30'),
      paidThrough: mid('2026-12-30'),
      token: TOKEN,
    };
    const d = applied(
      onItn(active, checkout({ completed: true, token: TOKEN }), { paymentStatus: 'CANCELLED', token: TOKEN, amountCents: null }, now),
    );
    expect(d.state).toEqual({ ...active, status: 'canceled', nextBillingDate: null, paidThrough: mid('2026-12-30') });
    expect(d.mails).toEqual(['canceled']);
    expect(
      onItn(d.state, checkout({ completed: true, token: TOKEN }), { paymentStatus: 'CANCELLED', token: TOKEN, amountCents: null }, now),
    ).toEqual({ outcome: 'ignore', reason: 'already canceled' });
    expect(onItn(active, checkout(), { paymentStatus: 'CANCELLED', token: 'old', amountCents: null }, now).outcome).toBe('ignore');
  });

  it('FAILED notifies the user but leaves access to the renewal check; other statuses are not acted on', () => {
    const active: BillingState = {
      status: 'active',
      trialEndDate: null,
      nextBillingDate: mid('2026-11-30'),
      paidThrough: mid('2026-11-30'),
      token: TOKEN,
    };
    const d = applied(
      onItn(active, checkout({ completed: true, token: TOKEN }), { paymentStatus: 'FAILED', token: TOKEN, amountCents: 8000 }, now),
    );
    expect(d.state).toBe(active);
    expect(d).toMatchObject({ payment: 'failed', mails: ['payment-failed'] });
    expect(onItn(active, checkout(), { paymentStatus: 'PENDING', token: TOKEN, amountCents: 8000 }, now).outcome).toBe('ignore');
  });
});

describe('cancelling', () => {
  it('needs a subscription that is not already canceled', () => {
    expect(cancelProblem(trial('2026-11-30'))).toBe('You have no subscription to cancel.');
    expect(
      cancelProblem({ status: 'canceled', trialEndDate: null, nextBillingDate: null, paidThrough: mid('2026-12-30'), token: TOKEN }),
    ).toBe('Your subscription is already canceled.');
    const active: BillingState = {
      status: 'active',
      trialEndDate: null,
      nextBillingDate: mid('2026-12-30'),
      paidThrough: mid('2026-12-30'),
      token: TOKEN,
    };
    expect(cancelProblem(active)).toBeNull();
    expect(onCancelConfirmed(active)).toEqual({ ...active, status: 'canceled', nextBillingDate: null });
  });
});

describe('a renewal that does not arrive', () => {
  const active: BillingState = {
    status: 'active',
    trialEndDate: null,
    nextBillingDate: mid('2026-11-30'),
    paidThrough: mid('2026-11-30'),
    token: TOKEN,
  };
  it('is looked up 3 days after the charge date, then every 6 hours', () => {
    expect(renewalCheckDue(active, null, at('2026-12-02T23:59:00+02:00'))).toBe(false);
    expect(renewalCheckDue(active, null, at('2026-12-03T00:00:00+02:00'))).toBe(true);
    expect(renewalCheckDue(active, at('2026-12-03T01:00:00+02:00'), at('2026-12-03T06:59:00+02:00'))).toBe(false);
    expect(renewalCheckDue(active, at('2026-12-03T01:00:00+02:00'), at('2026-12-03T07:00:00+02:00'))).toBe(true);
    expect(renewalCheckDue({ ...active, status: 'canceled' }, null, at('2026-12-09T00:00:00+02:00'))).toBe(false);
  });
  it('not active at PayFast: limited access from the charge date, and a mail with the card-update link', () => {
    const d = applied(
      onRenewalCheck(active, { statusText: 'PAUSED', runDate: '2026-11-30T00:00:00+02:00' }, at('2026-12-03T08:00:00+02:00')),
    );
    expect(d.state).toMatchObject({ status: 'pending', paidThrough: mid('2026-11-30') });
    expect(d.mails).toEqual(['access-limited']);
    expect(accessOf(d.state, at('2026-12-03T08:00:00+02:00'))).toBe('limited');
  });
  it('canceled at PayFast: canceled', () => {
    expect(applied(onRenewalCheck(active, { statusText: 'CANCELLED', runDate: null }, at('2026-12-03T08:00:00+02:00'))).state.status).toBe(
      'canceled',
    );
  });
  it('active and charged (the ITN went missing): the dates move on; active and still retrying: wait, then give up after 7 days', () => {
    expect(
      applied(onRenewalCheck(active, { statusText: 'ACTIVE', runDate: '2026-12-30T00:00:00+02:00' }, at('2026-12-03T08:00:00+02:00'))).state
        .nextBillingDate,
    ).toBe(mid('2026-12-30'));
    expect(
      onRenewalCheck(active, { statusText: 'ACTIVE', runDate: '2026-11-30T00:00:00+02:00' }, at('2026-12-03T08:00:00+02:00')).outcome,
    ).toBe('ignore');
    expect(
      applied(onRenewalCheck(active, { statusText: 'ACTIVE', runDate: '2026-11-30T00:00:00+02:00' }, at('2026-12-07T00:00:00+02:00'))).state
        .status,
    ).toBe('pending');
  });
});

describe('what the user sees', () => {
  const now = at('2026-11-23T10:00:00+02:00');
  it.each<[string, BillingState, string, 'full' | 'limited']>([
    ['a running trial', trial('2026-11-30T08:00:00.000Z'), 'trial', 'full'],
    ['an ended trial', trial('2026-11-20T08:00:00.000Z'), 'trial-ended', 'limited'],
    [
      'active',
      { status: 'active', trialEndDate: null, nextBillingDate: mid('2026-11-01'), paidThrough: mid('2026-11-01'), token: TOKEN },
      'active',
      'full',
    ],
    [
      'canceled inside the paid period',
      { status: 'canceled', trialEndDate: null, nextBillingDate: null, paidThrough: mid('2026-12-01'), token: TOKEN },
      'canceled',
      'full',
    ],
    [
      'canceled after it',
      { status: 'canceled', trialEndDate: null, nextBillingDate: null, paidThrough: mid('2026-11-01'), token: TOKEN },
      'canceled',
      'limited',
    ],
    [
      'pending, never paid',
      { status: 'pending', trialEndDate: '2026-11-01T00:00:00Z', nextBillingDate: null, paidThrough: null, token: null },
      'pending',
      'limited',
    ],
    [
      'an older canceled row without paid-through',
      { status: 'canceled', trialEndDate: null, nextBillingDate: mid('2026-12-01'), paidThrough: null, token: null },
      'canceled',
      'full',
    ],
    [
      'an unknown status',
      { status: 'weird', trialEndDate: '2027-01-01T00:00:00Z', nextBillingDate: null, paidThrough: null, token: null },
      'none',
      'limited',
    ],
  ])('%s', (_what, state, phase, access) => {
    const v = subscriptionView(state, now);
    expect(v.phase).toBe(phase);
    expect(v.access).toBe(access);
    expect(accessOf(state, now)).toBe(access);
  });
  it('the trial days left are rounded up; the token is never part of the view', () => {
    const v = subscriptionView(trial('2026-11-30T08:00:00.000Z'), now);
    expect(v).toEqual({
      status: 'trialing',
      nextBillingDate: null,
      trialEndDate: '2026-11-30T08:00:00.000Z',
      daysLeft: 7,
      access: 'full',
      paidThrough: null,
      phase: 'trial',
    });
    expect(
      JSON.stringify(
        subscriptionView(
          { status: 'active', trialEndDate: null, nextBillingDate: mid('2026-12-01'), paidThrough: mid('2026-12-01'), token: TOKEN },
          now,
        ),
      ),
    ).not.toContain(TOKEN);
  });
});

describe('the lifecycle with a controlled clock: trial → checkout → active → renewal → cancel → limited', () => {
  it('runs end to end through the pure functions', () => {
    let clock = at('2026-11-23T10:00:00+02:00');
    let state = trial(new Date(clock.getTime() + 7 * 86_400_000).toISOString());
    expect(subscriptionView(state, clock)).toMatchObject({ phase: 'trial', daysLeft: 7, access: 'full' });

    const plan = planCheckout(state, clock);
    if (!plan.ok) throw new Error('refused');
    expect(plan).toMatchObject({ amountCents: 0, billingDate: '2026-11-30', status: 'trialing' });
    let co = checkout({ billingDate: plan.billingDate, amountCents: plan.amountCents });

    const first = applied(onItn(state, co, { paymentStatus: 'COMPLETE', token: TOKEN, amountCents: 0 }, clock));
    state = first.state;
    co = { ...co, completed: true, token: TOKEN };
    expect(subscriptionView(state, clock)).toMatchObject({ phase: 'active', nextBillingDate: mid('2026-11-30'), access: 'full' });

    clock = at('2026-11-30T07:00:00+02:00');
    state = applied(onItn(state, co, { paymentStatus: 'COMPLETE', token: TOKEN, amountCents: 8000 }, clock)).state;
    expect(state.nextBillingDate).toBe(mid('2026-12-30'));

    clock = at('2026-12-10T12:00:00+02:00');
    expect(cancelProblem(state)).toBeNull();
    state = onCancelConfirmed(state);
    expect(subscriptionView(state, clock)).toMatchObject({
      phase: 'canceled',
      access: 'full',
      paidThrough: mid('2026-12-30'),
      nextBillingDate: null,
    });
    // PayFast's own CANCELLED ITN that follows changes nothing.
    expect(onItn(state, co, { paymentStatus: 'CANCELLED', token: TOKEN, amountCents: null }, clock).outcome).toBe('ignore');

    clock = at('2026-12-29T23:59:59+02:00');
    expect(accessOf(state, clock)).toBe('full');
    clock = at('2026-12-30T00:00:00+02:00');
    expect(subscriptionView(state, clock)).toMatchObject({ phase: 'canceled', access: 'limited' });
  });
});
