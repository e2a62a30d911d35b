// From a question as typed to tokens: one case, one kind of space, dash and quote; Afrikaans and misspellings in
// their English; numbers in figures with their South African formats read ("R25,000.00", "32,5k", "R 18 500-00",
// "twenty thousand", "2025/26"). Pure.
import { normaliseCodes } from '../../knowledge';
import { AFRIKAANS, AFRIKAANS_AMBIGUOUS, CURRENCY_WORDS, NUMBER_WORDS, ORDINAL_WORDS, SCALE_WORDS, SPELLINGS } from '../../lexicon';

export interface Token {
  /** The token's text, lower case (for a number: as written, after normalising). */
  text: string;
  kind: 'word' | 'num' | 'punct';
  /** Numbers: the value, thousands and millions applied. */
  value?: number;
  /** Numbers: written as money (R, ZAR, rand, a k or m unit, or cents). */
  money?: boolean;
  /** Numbers: a tax year written as a year pair ("2025/26" → 2026). */
  taxYear?: boolean;
  /** Numbers: an ordinal ("3rd", "third"). */
  ordinal?: boolean;
  /** Position among the tokens. */
  i: number;
}

const SPACES = /[\u00a0\u202f\u2009\u2007\t\n\r]/g;
const DASHES = /[‐‑‒–—−]/g;

/** Lower case, one kind of space, dash and quote, form codes joined ("EMP 201" → "emp201"). */
export function clean(question: string): string {
  return normaliseCodes(question.normalize('NFKC'))
    .toLowerCase()
    .replace(SPACES, ' ')
    .replace(DASHES, '-')
    .replace(/[’‘`´]/g, "'")
    .replace(/[“”„]/g, '"');
}

/** Afrikaans words in their English, when the message has Afrikaans in it (two words, one of them unmistakable). */
function afrikaans(s: string): string {
  const words = s.match(/[a-zêëôûîéè']+/g) ?? [];
  const found = words.filter((w) => Object.hasOwn(AFRIKAANS, w));
  if (found.length < 2 || found.every((w) => AFRIKAANS_AMBIGUOUS.has(w))) return s;
  return s.replace(/[a-zêëôûîéè']+/g, (w) => (Object.hasOwn(AFRIKAANS, w) ? AFRIKAANS[w] : w));
}

const spellings = (s: string) => s.replace(/[a-z0-9_']+/g, (w) => (Object.hasOwn(SPELLINGS, w) ? SPELLINGS[w] : w));

const UNIT_WORDS = Object.keys(NUMBER_WORDS).filter((w) => !['a', 'an', 'half', 'hundred'].includes(w));
const NUMBER_RUN = new RegExp(
  `\\b(?:${[...UNIT_WORDS, 'hundred', 'thousand', 'million'].join('|')})(?:(?:[ -]|-and-| and )(?:${[...UNIT_WORDS, 'hundred', 'thousand', 'million'].join('|')}))*\\b`,
  'g',
);

/** "twenty thousand" → 20000, "sixty-five" → 65, "one hundred and fifty" → 150. */
function wordsToNumber(run: string): number | null {
  let total = 0;
  let current = 0;
  for (const w of run.split(/[ -]|\band\b/).filter(Boolean)) {
    if (w === 'hundred') current = (current || 1) * 100;
    else if (w === 'thousand' || w === 'million') {
      total += (current || 1) * SCALE_WORDS[w];
      current = 0;
    } else if (Object.hasOwn(NUMBER_WORDS, w)) current += NUMBER_WORDS[w];
    else return null;
  }
  return total + current;
}

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
const ORDINAL_RE = new RegExp(
  `\\b(${Object.keys(ORDINAL_WORDS)
    .filter((w) => w !== 'last')
    .join('|')})\\b`,
  'g',
);
const ORDINAL_SUFFIX: Record<number, string> = { 1: 'st', 2: 'nd', 3: 'rd' };

/** Numbers in figures and their formats made plain; money marked with a leading `r`. */
export function normalise(question: string): string {
  let s = spellings(afrikaans(clean(question)));
  // Spelled-out numbers; "one" and "a" only where they count something, so "no one" stays words.
  s = s.replace(NUMBER_RUN, (run) => {
    if (run === 'one') return run;
    const n = wordsToNumber(run);
    return n === null ? run : String(n);
  });
  s = s.replace(
    /\b(?:one|a single)(?=[ -](?:hour|day|week|month|year|dependant|dependent|child|kid|person|member|employee|staff|worker|additional|extra|fortnight)s?\b)/g,
    '1',
  );
  s = s.replace(
    /\b(\d+) and a half (years?|months?|weeks?|days?|hours?)\b/g,
    (_m, n: string, unit: string) => `${Number(n) + 0.5} ${unit}`,
  );
  s = s.replace(/\b(?:a|one) (years?|months?) and a half\b/g, (_m, unit: string) => `1.5 ${unit}`);
  s = s.replace(/\b(\d+) (years?|months?) and a half\b/g, (_m, n: string, unit: string) => `${Number(n) + 0.5} ${unit}`);
  s = s.replace(/\bhalf a (year|month|day)\b/g, '0.5 $1s');
  // Dates in figures: "15/08/1990", "1990-08-15" → "15 august 1990".
  s = s.replace(/\b(\d{1,2})\/(\d{1,2})\/((?:19|20)\d\d)\b/g, (m, d: string, mo: string, y: string) =>
    Number(mo) >= 1 && Number(mo) <= 12 ? `${Number(d)} ${MONTHS[Number(mo) - 1]} ${y}` : m,
  );
  s = s.replace(/\b((?:19|20)\d\d)-(\d\d)-(\d\d)\b/g, (m, y: string, mo: string, d: string) =>
    Number(mo) >= 1 && Number(mo) <= 12 ? `${Number(d)} ${MONTHS[Number(mo) - 1]} ${y}` : m,
  );
  // SMS "4" for "for": "tax on 18k 4 a 52yo".
  s = s.replace(/(?<=[a-z] )4(?= (?:a|an|the|my|him|her|someone|me|us|them)\b)/g, 'for');
  s = s.replace(/@/g, ' at ');
  s = s.replace(/\bbi[- ]weekly\b|\b(?:every|per|each) (?:2|two|second|other) weeks?\b/g, ' fortnightly ');
  s = s.replace(ORDINAL_RE, (w) => `${ORDINAL_WORDS[w]}${ORDINAL_SUFFIX[ORDINAL_WORDS[w]] ?? 'th'}`);
  // Tax years before amounts, so their digits never join one: 2025/26, 2025-26, 2025/2026, 25/26.
  s = s.replace(/\b(20\d\d) ?[/-] ?(20)?(\d\d)\b/g, (m, a: string, _c, b: string) =>
    (Number(a) + 1) % 100 === Number(b) ? ` taxyear${Number(a) + 1} ` : m,
  );
  s = s.replace(/(?<![\d/.,])([2-4]\d)\/(\d\d)(?![\d/])/g, (m, a: string, b: string) =>
    Number(a) + 1 === Number(b) ? ` taxyear20${b} ` : m,
  );
  // Periods written with a slash or dots, as one word: "p/m", "p.m.", "/month", "p/a", "/h".
  s = s.replace(/\bp\s?\/\s?([mawhd])\b|\bp\.([mawhd])\.?(?![a-z])/g, (_m, a?: string, b?: string) => ` p${a ?? b} `);
  s = s.replace(
    /(?<=\d|k|m)\s?\/\s?(month|mth|m|pm|week|wk|w|year|yr|annum|a|hour|hr|h|day|d)\b/g,
    (_m, u: string) => ` p${u[0] === 'm' ? 'm' : u[0] === 'w' ? 'w' : u[0] === 'y' || u === 'a' || u === 'annum' ? 'a' : u[0]} `,
  );
  // Currency written after a space or joined: "R 18 500", "ZAR20000", "r20k".
  s = s.replace(/\b(?:r|zar)\s?(?=\d)/g, 'r');
  // Dots for thousands and a comma for cents: "R25.000,00".
  s = s.replace(
    /(?<![\d.])(\d{1,3})((?:\.\d{3})+),(\d\d)(?!\d)/g,
    (_m, head: string, groups: string, cents: string) => `${head}${groups.replace(/\./g, '')}.${cents}`,
  );
  s = s.replace(/\br(\d{1,3})\.(\d{3})(?![\d.,])/g, 'r$1$2');
  // Cents after a dash or comma: "R18 500-00", "R2 771,25".
  s = s.replace(/(r\d[\d ]*?)[-,](\d\d)(?![\d,])/g, '$1.$2');
  // A decimal comma before a unit or in a small figure: "32,5k", "R25,50", "8,5 hours".
  s = s.replace(/(?<![\d,])(\d{1,3}),(\d{1,2})(?=\s?(?:k|m|mil|million)\b|(?![\d,]))/g, '$1.$2');
  // Grouped thousands: "28 500", "28,500", "1 250 000.50", "R25.000,00" is left to the comma rule above.
  s = s.replace(
    /(?<![\d.,])(\d{1,3})((?:[ ,]\d{3})+)(?![\d]|,\d)/g,
    (_m, head: string, groups: string) => head + groups.replace(/[ ,]/g, ''),
  );
  // Weekday ranges keep their dash as "to": "mon-fri".
  s = s.replace(
    /\b(mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)(day)?\s?-\s?(mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)(day)?\b/g,
    '$1$2 to $3$4',
  );
  // Words joined by hyphens read as words: "29-year-old", "3-day-a-week", "take-home", "45-hour".
  s = s.replace(/(?<=[a-z0-9])-(?=[a-z])|(?<=[a-z])-(?=\d)/g, ' ');
  // Afrikaans ordinals: "5de maand", "13de tjek".
  s = s.replace(/\b(\d+)(?:de|ste)\b/g, (_m, n: string) => `${n}${ORDINAL_SUFFIX[Number(n)] ?? 'th'}`);
  return s.replace(/\s+/g, ' ').trim();
}

const TOKEN =
  /taxyear(\d{4})|(r)?(\d+(?:\.\d+)?)(?:\s?(k|m|mil|million|thousand|bn|billion)(?![a-z]))?(?:(st|nd|rd|th)\b)?|[a-zêëôûîéè0-9_]+(?:'[a-z]+)?|%|[/?!.,;:()&+=$-]/g;

/** The normalised question as tokens. */
export function tokenize(normalised: string): Token[] {
  const out: Token[] = [];
  for (const m of normalised.matchAll(TOKEN)) {
    const i = out.length;
    if (m[1]) out.push({ text: m[0], kind: 'num', value: Number(m[1]), taxYear: true, i });
    else if (m[3] !== undefined) {
      let value = Number(m[3]);
      const unit = m[4];
      if (unit) value *= SCALE_WORDS[unit] ?? 1;
      const next = normalised.slice(m.index + m[0].length, m.index + m[0].length + 8);
      const money =
        !!m[2] || !!unit || /^\s?(?:rands?|zar)\b/.test(next) || (/\.\d\d$/.test(m[3]) && !/^\s?(?:hours?|hrs?|h|days?|%)/.test(next));
      out.push({ text: m[0], kind: 'num', value: Math.round(value * 100) / 100, money, ordinal: !!m[5], i });
    } else if (/^[a-z0-9êëôûîéè_]/.test(m[0])) out.push({ text: m[0], kind: 'word', i });
    else out.push({ text: m[0], kind: 'punct', i });
  }
  // "rand" after an amount makes it money and is then only a word.
  for (const t of out) if (t.kind === 'word' && CURRENCY_WORDS.has(t.text) && out[t.i - 1]?.kind === 'num') out[t.i - 1].money = true;
  return out;
}

/** Clause boundaries: the words that say what a number is are read within its clause. */
export const isBoundary = (t: Token | undefined) => !t || (t.kind === 'punct' && /^[?!.;:(),]$/.test(t.text));

/** A rough stem, the same on both sides of a comparison: "deadlines" ~ "deadline", "submitted" → "submit", "bonus" stays "bonus". */
export function stem(w: string): string {
  let s = w.replace(/'s$/, '').replace(/ies$/, 'y');
  const cut = s.replace(/(?<=x|sh|ch|ss|z)es$|(?<=.{4})ions?$|(?<=.{3})ments?$|(?<![usi])s$|ed$|ing$|ly$/, '');
  // "submitted" → "submitt" → "submit"; "payroll" and "class" keep their pair.
  s = cut !== s && /([^aeiouls])\1$/.test(cut) ? cut.slice(0, -1) : cut;
  return s.slice(0, 7);
}

// Phrases come from the fixed word lists, so each is read once; the text is the same across a question's rules.
const phraseWords = new Map<string, { text: string; n: number }>();
let lastText: [string, string] = ['', ' '];

/** The longest of the phrases found in the normalised text as whole words (in tokens), 0 when none is. */
export function longestMention(normalisedText: string, phrases: readonly string[]): number {
  if (lastText[0] !== normalisedText)
    lastText = [
      normalisedText,
      ` ${tokenize(normalisedText)
        .map((t) => t.text)
        .join(' ')} `,
    ];
  const text = lastText[1];
  let best = 0;
  for (const p of phrases) {
    let words = phraseWords.get(p);
    if (!words) {
      const tokens = tokenize(normalise(p)).map((t) => t.text);
      phraseWords.set(p, (words = { text: ` ${tokens.join(' ')} `, n: tokens.length }));
    }
    if (words.n > best && text.includes(words.text)) best = words.n;
  }
  return best;
}
