import { describe, expect, it } from 'vitest';
import { assistantAccess } from '../../../src/billing/access';
import { saDay } from '../../../src/lib/sa-time';

const now = new Date('2026-11-23T10:00:00+02:00');
const past = '2026-11-20T10:00:00.000Z';
const future = '2026-11-30T10:00:00.000Z';
const user = (subscriptionStatus: string | null, trialEndDate: string | null = null, nextBillingDate: string | null = null) => ({
  subscriptionStatus,
  trialEndDate,
  nextBillingDate,
});

describe('assistantAccess: what a user may do with the assistant now', () => {
  it.each([
    ['an active subscription', user('active'), 'full'],
    ['a running trial', user('trialing', future), 'full'],
    ['a trial that has ended', user('trialing', past), 'limited'],
    ['a trial without an end date', user('trialing', null), 'limited'],
    ['canceled, paid period still running', user('canceled', past, future), 'full'],
    ['canceled, paid period over', user('canceled', past, past), 'limited'],
    ['pending, never paid', user('pending', past, null), 'limited'],
    ['pending within a paid period', user('pending', past, future), 'full'],
    ['an unknown status', user('weird', future, future), 'limited'],
    ['no status', user(null), 'limited'],
    ['an unreadable date', user('trialing', 'not a date'), 'limited'],
  ])('%s → %s', (_what, u, kind) => {
    const access = assistantAccess(u, now);
    expect(access.kind).toBe(kind);
    if (access.kind === 'limited') expect(access.perDay).toBe(5);
    expect(access.perMinute).toBe(20);
  });

  it('a trial ends at its exact moment', () => {
    const end = '2026-11-23T08:00:00.000Z';
    expect(assistantAccess(user('trialing', end), new Date(Date.parse(end) - 1)).kind).toBe('full');
    expect(assistantAccess(user('trialing', end), new Date(end)).kind).toBe('limited');
  });
});

describe('saDay: the calendar day in Africa/Johannesburg', () => {
  it('turns over at midnight SAST, not UTC', () => {
    expect(saDay(new Date('2026-11-23T21:59:59Z'))).toEqual({ day: '2026-11-23', endsAt: new Date('2026-11-23T22:00:00Z') });
    expect(saDay(new Date('2026-11-23T22:00:00Z')).day).toBe('2026-11-24');
    expect(saDay(new Date('2026-11-23T00:30:00+02:00')).day).toBe('2026-11-23');
  });
});
