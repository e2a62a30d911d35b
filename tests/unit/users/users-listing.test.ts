import { describe, expect, it } from 'vitest';
import { ariaSort, nextSort, relativeTime } from '../../../src/users/listing';

describe('user table sorting', () => {
  it('starts a new column ascending and flips the same column', () => {
    let s = nextSort({ column: null, dir: 'asc' }, 'messageCount');
    expect(s).toEqual({ column: 'messageCount', dir: 'asc' });
    s = nextSort(s, 'messageCount');
    expect(s).toEqual({ column: 'messageCount', dir: 'desc' });
    s = nextSort(s, 'messageCount');
    expect(s).toEqual({ column: 'messageCount', dir: 'asc' });
    expect(nextSort({ column: 'email', dir: 'desc' }, 'username')).toEqual({ column: 'username', dir: 'asc' });
  });

  it('says the sort on the header for screen readers', () => {
    expect(ariaSort({ column: 'email', dir: 'asc' }, 'email')).toBe('ascending');
    expect(ariaSort({ column: 'email', dir: 'desc' }, 'email')).toBe('descending');
    expect(ariaSort({ column: 'email', dir: 'desc' }, 'username')).toBe('none');
    expect(ariaSort({ column: null, dir: 'asc' }, 'username')).toBe('none');
  });
});

describe('last login as relative time', () => {
  const now = new Date('2026-11-24T12:00:00.000Z');
  const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();

  it("says 'Never' for no value and 'Invalid date' for one it cannot read", () => {
    expect(relativeTime(null, now)).toBe('Never');
    expect(relativeTime(undefined, now)).toBe('Never');
    expect(relativeTime('', now)).toBe('Never');
    expect(relativeTime('not a date', now)).toBe('Invalid date');
    expect(relativeTime('2026-13-45', now)).toBe('Invalid date');
  });

  it.each([
    [10_000, 'just now'],
    [60_000, '1 minute ago'],
    [5 * 60_000, '5 minutes ago'],
    [3_600_000, '1 hour ago'],
    [5 * 3_600_000, '5 hours ago'],
    [86_400_000, '1 day ago'],
    [3 * 86_400_000, '3 days ago'],
    [45 * 86_400_000, '2 months ago'],
    [400 * 86_400_000, '1 year ago'],
    [-2 * 86_400_000, 'in 2 days'],
  ])('%i ms ago reads %s', (ms, text) => {
    expect(relativeTime(ago(ms), now)).toBe(text);
  });
});
