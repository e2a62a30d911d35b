import { describe, expect, it } from 'vitest';
import { statusBadge, trialDaysLeft } from '../../../src/billing/status';
import { formatDate } from '../../../src/lib/sa-time';
import { initials } from '../../../src/users/display';

describe('trialDaysLeft', () => {
  const now = new Date('2026-11-21T10:00:00Z');
  it('rounds up partial days', () => {
    expect(trialDaysLeft('2026-11-28T10:00:00Z', now)).toBe(7);
    expect(trialDaysLeft('2026-11-28T09:59:00Z', now)).toBe(7);
    expect(trialDaysLeft('2026-11-21T10:00:01Z', now)).toBe(1);
  });
  it('never goes below 0, and is 0 for missing or unreadable dates', () => {
    expect(trialDaysLeft('2026-11-01T00:00:00Z', now)).toBe(0);
    expect(trialDaysLeft(null, now)).toBe(0);
    expect(trialDaysLeft('not a date', now)).toBe(0);
  });
});

describe('formatDate', () => {
  it('uses the en-ZA style in South African time', () => {
    expect(formatDate('2026-11-28T23:30:00Z')).toBe('2026/11/29');
    expect(formatDate(null)).toBe('');
    expect(formatDate('garbage')).toBe('');
  });
});

describe('statusBadge', () => {
  it.each([
    ['active', 'Active', 'green'],
    ['trialing', 'Trial', 'blue'],
    ['canceled', 'Canceled', 'red'],
    ['pending', 'Pending', 'yellow'],
    [null, 'Unknown', 'gray'],
    ['past_due', 'past_due', 'gray'],
  ])('%s → %s', (status, label, tone) => {
    expect(statusBadge(status)).toEqual({ label, tone });
  });
});

describe('initials', () => {
  it('takes the first two letters in upper case, or ?', () => {
    expect(initials('naledi')).toBe('NA');
    expect(initials('x')).toBe('X');
    expect(initials('')).toBe('?');
    expect(initials(undefined)).toBe('?');
  });
});
