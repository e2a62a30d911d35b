import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS, accountDelayMs, clientKey, minutesUntil } from '../../../src/auth/throttle';

describe('login throttling rules', () => {
  it('slows an account only after its failures pass the threshold, growing to a cap', () => {
    expect([0, 5, 10].map((n) => accountDelayMs(n, DEFAULT_LIMITS))).toEqual([0, 0, 0]);
    expect([11, 12, 15, 20, 300].map((n) => accountDelayMs(n, DEFAULT_LIMITS))).toEqual([100, 200, 500, 1000, 1000]);
  });

  it('counts IPv4 addresses singly and IPv6 by /64 network', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:0db8:0001:0002:ffff:0:0:9')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
  });

  it('rounds the wait up to whole minutes, at least one', () => {
    const now = new Date('2026-11-23T10:00:00Z');
    expect(minutesUntil(new Date('2026-11-23T10:14:01Z'), now)).toBe(15);
    expect(minutesUntil(new Date('2026-11-23T10:00:10Z'), now)).toBe(1);
    expect(minutesUntil(new Date('2026-11-23T09:59:00Z'), now)).toBe(1);
  });
});
