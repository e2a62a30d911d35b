import unhomoglyph from 'unhomoglyph';
import { INVISIBLE, USERNAME_INVISIBLE, USERNAME_RULES } from '../schemas/auth';

// Usernames that look alike must not both exist (`аdmin` with a Cyrillic а beside `admin`). Names are
// NFKC-normalised (full-width `ａｄｍｉｎ` is `admin`), may not mix scripts, and are compared by a
// case-folded skeleton in the spirit of Unicode TR39 (confusables mapped to their prototypes). Invisible code
// points are refused, and left out of the skeleton so that a name stored before that rule still clashes.

export const MIXED_SCRIPTS = 'Username must not mix letters from different scripts (for example Latin and Cyrillic)';

const ALLOWED = /^[\p{L}\p{M}\p{Nd}._-]+$/u;
const INVISIBLES = new RegExp(INVISIBLE.source, 'gu');

// JavaScript cannot name a character's script, so each is tested against the scripts people write names in.
const SCRIPTS = [
  'Latin',
  'Greek',
  'Cyrillic',
  'Armenian',
  'Hebrew',
  'Arabic',
  'Syriac',
  'Thaana',
  'Devanagari',
  'Bengali',
  'Gurmukhi',
  'Gujarati',
  'Oriya',
  'Tamil',
  'Telugu',
  'Kannada',
  'Malayalam',
  'Sinhala',
  'Thai',
  'Lao',
  'Tibetan',
  'Myanmar',
  'Georgian',
  'Hangul',
  'Ethiopic',
  'Cherokee',
  'Khmer',
  'Mongolian',
  'Hiragana',
  'Katakana',
  'Bopomofo',
  'Han',
  'Tifinagh',
  'Vai',
  'Nko',
  'Adlam',
].map((name) => ({ name, re: new RegExp(`^\\p{Script=${name}}$`, 'u') }));
const NEUTRAL = /^[\p{Script=Common}\p{Script=Inherited}]$/u;

function scriptOf(ch: string): string | null {
  if (NEUTRAL.test(ch)) return null;
  return SCRIPTS.find((s) => s.re.test(ch))?.name ?? `U+${ch.codePointAt(0)!.toString(16)}`;
}

// TR39 "highly restrictive": one script, or Latin with the scripts Japanese, Chinese and Korean are written in.
const CJK_MIXES = [
  new Set(['Latin', 'Han', 'Hiragana', 'Katakana']),
  new Set(['Latin', 'Han', 'Bopomofo']),
  new Set(['Latin', 'Han', 'Hangul']),
];

function singleScript(name: string): boolean {
  const scripts = new Set<string>();
  for (const ch of name) {
    const s = scriptOf(ch);
    if (s) scripts.add(s);
  }
  return scripts.size <= 1 || CJK_MIXES.some((mix) => [...scripts].every((s) => mix.has(s)));
}

/** The name as stored and shown: NFKC, trimmed; case is kept. */
export function normalizeUsername(raw: string): string {
  return raw.normalize('NFKC').trim();
}

/** Why a normalised name cannot be used, or null. */
export function usernameProblem(name: string): string | null {
  const length = [...name].length;
  if (length < 3 || length > 50 || !ALLOWED.test(name)) return USERNAME_RULES;
  if (INVISIBLE.test(name)) return USERNAME_INVISIBLE;
  if (!singleScript(name)) return MIXED_SCRIPTS;
  return null;
}

/** The comparison key: two names are confusable exactly when their keys are equal. */
export function usernameKey(name: string): string {
  const visible = name.normalize('NFKC').replace(INVISIBLES, '');
  return unhomoglyph(visible.toLowerCase().normalize('NFD')).normalize('NFD').toLowerCase().replace(INVISIBLES, '');
}
