import { describe, expect, it } from 'vitest';
import { normalizeUsername, usernameKey, usernameProblem } from '../../../src/auth/username';
import { registerSchema, USERNAME_INVISIBLE } from '../../../src/schemas/auth';

// Issue 24: invisible code points let `admin` be registered again, shown as "admin".
const INVISIBLE_LOOKALIKES = ['admin\u034f', 'admin\ufe0f', 'admin\ufe00', 'admin\u{e0100}', 'admin\u115f', 'ad\u034fmin'];

describe('usernames with invisible characters', () => {
  it.each(INVISIBLE_LOOKALIKES.map((s) => [JSON.stringify(s), s]))('refuses %s', (_, name) => {
    expect(usernameProblem(normalizeUsername(name))).toBe(USERNAME_INVISIBLE);
  });

  it.each(INVISIBLE_LOOKALIKES.map((s) => [JSON.stringify(s), s]))('gives %s the key of admin', (_, name) => {
    expect(usernameKey(normalizeUsername(name))).toBe(usernameKey('admin'));
  });

  it.each([
    ['Hangul fillers', ['\u1160', '\u3164', '\uffa0']],
    ['variation selectors', ['\ufe01', '\ufe0e', '\u{e01ef}', '\u180b', '\u180f']],
    ['other default-ignorable marks', ['\u17b4', '\u17b5']],
    ['the Khitan filler (not default-ignorable)', ['\u{16fe4}']],
  ])('refuses and strips %s', (_, chars) => {
    for (const ch of chars) {
      const name = normalizeUsername(`na${ch}ledi`);
      expect(usernameProblem(name), JSON.stringify(ch)).toBe(USERNAME_INVISIBLE);
      expect(usernameKey(name), JSON.stringify(ch)).toBe(usernameKey('naledi'));
    }
  });

  it('the form refuses them with the same message', () => {
    const r = registerSchema.safeParse({ username: 'admin\u115f', email: 'a@b.co.za', password: 'secret123' });
    expect(r.success).toBe(false);
    expect(r.error!.issues[0].message).toBe(USERNAME_INVISIBLE);
  });

  it('keeps ordinary names, Hangul ones included', () => {
    for (const name of ['naledi', '김민준', 'Zoë', 'tanaka太郎']) {
      expect(usernameProblem(normalizeUsername(name)), name).toBeNull();
      expect(registerSchema.safeParse({ username: name, email: 'a@b.co.za', password: 'secret123' }).success, name).toBe(true);
    }
  });
});
