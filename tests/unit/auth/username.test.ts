import { describe, expect, it } from 'vitest';
import { MIXED_SCRIPTS, normalizeUsername, usernameKey, usernameProblem } from '../../../src/auth/username';
import { USERNAME_RULES } from '../../../src/schemas/auth';

const key = (s: string) => usernameKey(normalizeUsername(s));

describe('usernames', () => {
  it('NFKC-normalises: full-width letters are the ASCII ones', () => {
    expect(normalizeUsername('ａｄｍｉｎ')).toBe('admin');
    expect(normalizeUsername('  Naledi ')).toBe('Naledi');
  });

  it('gives look-alike and differently cased names the same key', () => {
    const admin = key('admin');
    for (const s of ['Admin', 'ADMIN', 'ａｄｍｉｎ', 'аdmin' /* Cyrillic а */, 'аdmіn' /* Cyrillic а and і */])
      expect(key(s), s).toBe(admin);
    expect(key('user0')).toBe(key('usero'));
    expect(key('paypal')).toBe(key('pаypal'));
  });

  it('keeps different names apart', () => {
    expect(key('naledi')).not.toBe(key('nalediw'));
    expect(key('thabo')).not.toBe(key('thandi'));
    expect(key('sipho')).not.toBe(key('sipho2'));
  });

  it.each(['naledi', 'Sipho_M', 'jan.van-der-merwe', 'zoë', 'André', 'Ματθαίος', 'Иван', '山田太郎', 'tanaka太郎', 'user2026'])(
    'accepts %s',
    (name) => {
      expect(usernameProblem(normalizeUsername(name))).toBeNull();
    },
  );

  it.each([
    ['аdmin', MIXED_SCRIPTS],
    ['pаypal', MIXED_SCRIPTS],
    ['admin٣', MIXED_SCRIPTS],
    ['ab', USERNAME_RULES],
    ['a'.repeat(51), USERNAME_RULES],
    ['bad name', USERNAME_RULES],
    ['semi;colon', USERNAME_RULES],
    ['emoji😀', USERNAME_RULES],
    ['zero\u200bwidth', USERNAME_RULES],
  ])('refuses %s', (name, message) => {
    expect(usernameProblem(normalizeUsername(name))).toBe(message);
  });
});
