// Pure search-query building for the knowledge base: no I/O, safe to import anywhere (server, islands, tests).
//
// The database side (migration 0001_knowledge_search) stores a weighted tsvector built from
// `knowledge_norm(text)`, which joins payroll form codes the same way `normaliseCodes` does here
// ("EMP 201" → "EMP201", "UI-19" → "UI19", "IT3(a)" → "IT3a", "e-filing" → "efiling"). The query side then
// drops question and stop words ("how many … are employees entitled to"), expands a synonym list ("13th cheque"
// ↔ "bonus", "car allowance" ↔ "travel allowance", …) into OR groups, and produces text for
// `to_tsquery('english', …)`, which stems every operand: the whole query, and each term on its own for the
// service to rank articles by how many of the terms they match (service.ts, "Ranking").

import { AFTER_HOW, QUESTION_WORDS, SYNONYM_GROUPS } from '../lexicon';

/** The spec: search only when the trimmed query is longer than 2 characters. */
export const MIN_QUERY_LENGTH = 3;
export const MAX_QUERY_LENGTH = 200;
const MAX_TERMS = 12;

export function isSearchable(q: string | null | undefined): boolean {
  return typeof q === 'string' && q.trim().length >= MIN_QUERY_LENGTH;
}

// Kept in step with knowledge_norm() in db/migrations/0001_knowledge_search.sql (tests compare both).
const CODE_RULES: Array<[RegExp, string]> = [
  [/(?<![a-z0-9])(emp|irp|ui|itr|ewp)[ -]*([0-9]+)(?![a-z0-9])/gi, '$1$2'],
  [/(?<![a-z0-9])it[ -]?3 ?(?:\(a\)|a(?![a-z0-9]))/gi, 'IT3a'],
  [/(?<![a-z0-9])([eu])[ -]filing/gi, '$1filing'],
];

/** Joins payroll form codes so that every way of writing them becomes one word. */
export function normaliseCodes(text: string): string {
  let out = text;
  for (const [re, to] of CODE_RULES) out = out.replace(re, to);
  return out;
}

/** Lower-case words of a query: accents stripped, codes joined, punctuation dropped. */
export function tokenise(text: string): string[] {
  const folded = normaliseCodes(text.normalize('NFKD').replace(/[\u0300-\u036f]/g, ''))
    .toLowerCase()
    // "S&T" (subsistence and travel): both letters are stop words to PostgreSQL, so it is searched as the word.
    .replace(/(?<![a-z0-9])s ?& ?t(?![a-z0-9])/g, ' subsistence ')
    .replace(/['’](s)?(?![a-z0-9])/g, ' ');
  return folded.split(/[^a-z0-9]+/).filter((w) => w.length > 1 || /[0-9]/.test(w));
}

interface Phrase {
  words: string[];
}
type Term = { kind: 'word'; word: string } | { kind: 'group'; phrases: Phrase[] };

const GROUPS: Phrase[][] = SYNONYM_GROUPS.map((g) => g.map((p) => ({ words: tokenise(p) })).filter((p) => p.words.length > 0));
// Longest phrases first, so "pay as you earn" wins over any shorter phrase starting at the same word.
const PHRASE_INDEX = GROUPS.flatMap((phrases, group) => phrases.map((p) => ({ words: p.words, group }))).sort(
  (a, b) => b.words.length - a.words.length,
);

function matchAt(tokens: string[], i: number): { length: number; group: number } | null {
  for (const p of PHRASE_INDEX) {
    if (p.words.length > tokens.length - i) continue;
    if (p.words.every((w, k) => tokens[i + k] === w)) return { length: p.words.length, group: p.group };
  }
  return null;
}

function termsOf(tokens: string[], dropQuestionWords: boolean): Term[] {
  const terms: Term[] = [];
  const seenGroups = new Set<number>();
  const seenWords = new Set<string>();
  for (let i = 0; i < tokens.length && terms.length < MAX_TERMS;) {
    // Phrases are matched on every word ("employees tax", "official rate of interest"); plain question
    // words are then left out.
    const m = matchAt(tokens, i);
    if (m) {
      if (!seenGroups.has(m.group)) terms.push({ kind: 'group', phrases: GROUPS[m.group] });
      seenGroups.add(m.group);
      i += m.length;
      continue;
    }
    const word = tokens[i];
    if (dropQuestionWords && word === 'how' && AFTER_HOW.has(tokens[i + 1])) {
      i += 2;
      continue;
    }
    if (!seenWords.has(word) && !(dropQuestionWords && QUESTION_WORDS.has(word))) terms.push({ kind: 'word', word });
    seenWords.add(word);
    i += 1;
  }
  return terms;
}

/** The query as a list of terms: plain words and synonym groups; question words only if nothing else is left. */
export function parseQuery(q: string): Term[] {
  const tokens = tokenise(q.slice(0, MAX_QUERY_LENGTH));
  const terms = termsOf(tokens, true);
  return terms.length > 0 ? terms : termsOf(tokens, false);
}

const phraseText = (p: Phrase) => (p.words.length === 1 ? p.words[0] : `(${p.words.join(' & ')})`);

/**
 * True when an article matching phrase `p` always matches `q` too (every word of `q` is in `p`, or is in it
 * as a plural, which stems alike): in an OR of the two, `p` adds nothing but length.
 */
const implies = (p: Phrase, q: Phrase) => p !== q && q.words.every((w) => p.words.includes(w) || p.words.includes(`${w}s`));
/** A group's phrases without those another one implies: shorter tsqueries, the same matches. */
const essential = (phrases: Phrase[]) => phrases.filter((p, i) => !phrases.some((q, j) => implies(p, q) && (!implies(q, p) || j < i)));

function termText(t: Term, prefix: boolean): string {
  if (t.kind === 'group') return `(${essential(t.phrases).map(phraseText).join(' | ')})`;
  // Prefix matching on the word being typed; a one- or two-letter prefix would match half the dictionary.
  return prefix && t.word.length >= 3 ? `${t.word}:*` : t.word;
}

export interface SearchQuery {
  /** Every term must match (best results). */
  all: string;
  /**
   * As `all`, but a half-typed last word also matches by a shorter prefix ("ceilin" finds "ceiling",
   * whose stem "ceil" is shorter than what was typed).
   */
  loose: string;
  /** Any term may match. */
  any: string;
  /** The query's words as one lower-case phrase, for "the title starts with what was asked" (LIKE-safe). */
  phrase: string;
  /** Each term on its own (a synonym group is one term), for ranking by how many of them an article matches. */
  terms: string[];
  /** `terms` with the last one loosened as in `loose`: tried when the last term as typed matches nothing. */
  looseTerms: string[];
  /**
   * Lower-case phrases ([a-z0-9 ] only, so safe in LIKE and regular expressions) naming the terms: an article
   * whose title starts with one ("Maternity leave — …" for "weeks of maternity leave") is about what was asked.
   */
  leads: string[];
  /**
   * The plain words among the terms (not those of a synonym phrase), for the spelling check: `typing` on the last
   * one when it is still being typed (matched as a prefix).
   */
  words: QueryWord[];
}

export interface QueryWord {
  word: string;
  typing: boolean;
}

const MAX_LEADS = 40;

/**
 * Text for `to_tsquery('english', …)`, or null when nothing searchable is left. Operands are only
 * [a-z0-9] words, so user input can never inject tsquery syntax.
 */
export function buildSearchQuery(q: string): SearchQuery | null {
  const terms = parseQuery(q);
  if (terms.length === 0) return null;
  const typed = tokenise(q.slice(0, MAX_QUERY_LENGTH));
  const lastTerm = terms[terms.length - 1];
  // Prefix matching only while the last word typed is still the last term (not a dropped question word).
  const endsMidWord = /[\p{L}\p{N}]$/u.test(q.trim()) && (lastTerm.kind === 'group' || lastTerm.word === typed[typed.length - 1]);
  const parts = terms.map((t, i) => termText(t, endsMidWord && i === terms.length - 1));
  const looseParts = [...parts];
  if (endsMidWord && lastTerm.kind === 'word' && lastTerm.word.length >= 5 && /^[a-z]+$/.test(lastTerm.word)) {
    looseParts[looseParts.length - 1] = `(${lastTerm.word}:* | ${lastTerm.word.slice(0, Math.max(4, lastTerm.word.length - 3))}:*)`;
  }
  const phrase = typed.join(' ').slice(0, 100);
  // One term: the title should start with what was typed ("maternity leave" → "Maternity leave — …", but
  // "pay as you earn" not → "PAYE for weekly …" over "What is PAYE?"). Several: with any phrase of a term, so
  // the article about one of the things asked stands out from those that merely mention them.
  const leads = new Set<string>();
  if (terms.length === 1) leads.add(phrase);
  else
    for (const t of terms) for (const words of t.kind === 'group' ? t.phrases.map((p) => p.words) : [[t.word]]) leads.add(words.join(' '));
  return {
    all: parts.join(' & '),
    loose: looseParts.join(' & '),
    any: parts.join(' | '),
    phrase,
    terms: parts,
    looseTerms: looseParts,
    // A lead that starts with another adds nothing to "the title starts with one of them".
    leads: [...leads]
      .filter((l, _, all) => l.length >= 2 && !all.some((o) => o !== l && o.length >= 2 && l.startsWith(o)))
      .slice(0, MAX_LEADS),
    words: terms.flatMap((t, i) => (t.kind === 'word' ? [{ word: t.word, typing: endsMidWord && i === terms.length - 1 }] : [])),
  };
}

// ---- Spelling ---------------------------------------------------------------------------------
// A query word that no published article uses in any form (its stem is in none of them, nor, while it is being
// typed, does any word start with it) is replaced by the nearest word the articles do use: the database offers
// the words most alike by trigrams (knowledge_words, migration 0012_knowledge_spelling), and `pickCorrection`
// takes the one fewest edits away. The search then runs on the corrected query when that finds more
// (src/knowledge/search.ts), and the page offers it as "Did you mean …?".

/** Shorter words are not corrected: too many words are one or two edits from them. */
export const MIN_CORRECTED_LENGTH = 4;

/** Edits allowed between a word and its correction: 1 up to 5 letters ("sikc" → "sick"), 2 from 6 ("matternity"). */
export const maxEdits = (word: string) => (word.length <= 5 ? 1 : 2);

/**
 * Edits (a letter added, dropped or changed, or two neighbours swapped) from `a` to `b`: the optimal string
 * alignment distance, so "cieling" is 1 from "ceiling".
 */
export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  const m = a.length;
  const n = b.length;
  let prev2 = new Array<number>(n + 1).fill(0);
  let prev = Array.from({ length: n + 1 }, (_, j) => j);
  let cur = new Array<number>(n + 1).fill(0);
  for (let i = 1; i <= m; i++) {
    cur[0] = i;
    for (let j = 1; j <= n; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, prev2[j - 2] + 1);
      cur[j] = d;
    }
    [prev2, prev, cur] = [prev, cur, prev2];
  }
  return prev[n];
}

/** A word the articles use, offered as a correction, with its trigram similarity to the typed word. */
export interface WordCandidate {
  word: string;
  similarity: number;
}

/**
 * The correction for `typed` among the database's candidates, or null: the fewest edits away (within
 * `maxEdits`), then one starting with the same letter, the most alike by trigrams, the first alphabetically.
 * A word being typed may also be the start of its correction ("overtm" → "overtime").
 */
export function pickCorrection(typed: QueryWord, candidates: WordCandidate[]): string | null {
  if (typed.word.length < MIN_CORRECTED_LENGTH || !/[a-z]/.test(typed.word)) return null;
  const limit = maxEdits(typed.word);
  let best: { word: string; key: number[] } | null = null;
  for (const c of candidates) {
    if (c.word === typed.word) continue;
    let edits = editDistance(typed.word, c.word);
    if (typed.typing && c.word.length > typed.word.length)
      edits = Math.min(edits, editDistance(typed.word, c.word.slice(0, typed.word.length)) + 1);
    if (edits > limit) continue;
    const key = [edits, c.word[0] === typed.word[0] ? 0 : 1, -c.similarity];
    if (!best || before(key, c.word, best.key, best.word)) best = { word: c.word, key };
  }
  return best?.word ?? null;
}

function before(a: number[], aWord: string, b: number[], bWord: string): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] < b[i];
  return aWord < bWord;
}

/**
 * The query as the reader typed it with the corrected words replaced (their case kept: "Cieling" → "Ceiling",
 * "UIF CIELING" → "UIF CEILING"), for "Did you mean …?" and to search again. When a word cannot be found as
 * typed (a code written in two parts, accents), the query's words instead, joined by spaces.
 */
export function withCorrections(q: string, fixes: ReadonlyMap<string, string>): string {
  const used = new Set<string>();
  const text = q.trim().replace(/[\p{L}\p{N}]+/gu, (w) => {
    const [folded] = tokenise(w);
    const fix = folded !== undefined && folded.length === w.length ? fixes.get(folded) : undefined;
    if (fix === undefined) return w;
    used.add(folded);
    if (w.length > 1 && w === w.toUpperCase()) return fix.toUpperCase();
    if (w[0] === w[0].toUpperCase() && w.slice(1) === w.slice(1).toLowerCase()) return fix[0].toUpperCase() + fix.slice(1);
    return fix;
  });
  const words = tokenise(q.slice(0, MAX_QUERY_LENGTH));
  if (words.every((w) => !fixes.has(w) || used.has(w))) return text;
  return words.map((w) => fixes.get(w) ?? w).join(' ');
}

/** Beyond this many operands (combinations × terms), `atLeast` settles for "any term". */
const MAX_AT_LEAST_SIZE = 120;

/**
 * "At least m of these terms" (tsquery texts) as one tsquery text, an OR of ANDs, for a GIN index to answer;
 * "any of them" when that would grow too long (the caller then counts the terms matched itself).
 */
export function atLeast(terms: string[], m: number): string {
  const n = terms.length;
  if (m <= 1 || n <= 1) return terms.join(' | ');
  if (m >= n) return terms.join(' & ');
  let combinations = 1;
  for (let k = 0; k < m; k++) combinations = (combinations * (n - k)) / (k + 1);
  if (combinations * m > MAX_AT_LEAST_SIZE) return terms.join(' | ');
  const out: string[] = [];
  const pick = (from: number, chosen: string[]) => {
    if (chosen.length === m) return void out.push(`(${chosen.join(' & ')})`);
    for (let i = from; i <= n - (m - chosen.length); i++) pick(i + 1, [...chosen, terms[i]]);
  };
  pick(0, []);
  return out.join(' | ');
}

/** The same tsquery text with every operand restricted to weight A (the title): `uif & ceiling:*` → `uif:A & ceiling:*A`. */
export function titleOnly(tsquery: string): string {
  return tsquery.replace(/([a-z0-9]+)(:\*)?/g, (_m, w: string, p?: string) => `${w}:${p ? '*' : ''}A`);
}
