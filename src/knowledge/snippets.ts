// What a reader sees of an article in a list: its text without Markdown, a preview, and a snippet around the words
// searched for (the lexemes PostgreSQL matched). Pure; the chat island shows previews with it too.
import { normaliseCodes } from './query';

export interface Lexeme {
  lexeme: string;
  prefix: boolean;
}

/** The stemmed lexemes of a tsquery as PostgreSQL prints it (`'uif' & 'ceil':*`). */
export function lexemesOf(tsqueryText: string): Lexeme[] {
  const out = new Map<string, Lexeme>();
  for (const m of tsqueryText.matchAll(/'((?:[^']|'')*)'(:[*A-D]+)?/g)) {
    const lexeme = m[1].replace(/''/g, "'");
    const prefix = !!m[2]?.includes('*');
    const prev = out.get(lexeme);
    out.set(lexeme, { lexeme, prefix: prefix || !!prev?.prefix });
  }
  return [...out.values()];
}

// Endings the English stemmer takes off, for deciding whether a word in the text is a form of a lexeme.
const SUFFIXES = new Set([
  '',
  's',
  'es',
  'e',
  'ed',
  'd',
  'ing',
  'ings',
  'er',
  'ers',
  'y',
  'ies',
  'ied',
  'ion',
  'ions',
  'ation',
  'ations',
  'al',
  'ally',
  'ly',
  'ment',
  'ments',
  'ity',
  'ive',
  'ness',
  'able',
  'ible',
  'ance',
  'ances',
  'ence',
  'ences',
  'ant',
  'ants',
  'ent',
  'ents',
]);

/** True when `word` (lower case, letters/digits only) is a form of the stemmed `lex`. */
export function wordMatches(word: string, lex: Lexeme): boolean {
  const l = lex.lexeme;
  if (!word || !l) return false;
  if (word.startsWith(l) && (lex.prefix || SUFFIXES.has(word.slice(l.length)))) return true;
  // "compani" ← company, companies; "salari" ← salary
  if (l.endsWith('i')) {
    const base = l.slice(0, -1);
    return word.startsWith(base) && (lex.prefix ? word.startsWith(`${base}y`) : ['y', 'ys'].includes(word.slice(base.length)));
  }
  return false;
}

/** Markdown as plain running text: link targets, marks, table rules and the closing "Sources" section dropped. */
export function markdownToPlain(md: string): string {
  return md
    .replace(/^#{1,6}[ \t]*sources?\b[\s\S]*$/im, '')
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<\/?[a-zA-Z][a-zA-Z0-9-]*(?:\s[^<>]{0,200})?\/?>/g, ' ')
    .replace(/^[ \t]*\|?[ \t:|-]*-{3,}[ \t:|-]*$/gm, ' ')
    .replace(/[#*_`>|~]+/g, ' ')
    .replace(/\s\s+|[^\S ]/g, ' ')
    .trim();
}

const ENDS_SENTENCE = /[.:;!?…]$/;
const sentence = (s: string) => (s && !ENDS_SENTENCE.test(s) ? `${s}.` : s);

// Twice over, for emphasis inside emphasis ("**a *b* c**").
const EMPHASIS = /(\*{1,3}|~~)(?=\S)([^*~\n]*?\S)\1/g;

/** Inline markdown as the text a reader sees: link and image texts, no emphasis marks, code ticks, tags or escapes. */
function inlinePlain(s: string): string {
  return s
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<((?:https?:|mailto:)[^<>\s]+)>/gi, '$1')
    .replace(/<\/?[a-zA-Z][a-zA-Z0-9-]*(?:\s[^<>]{0,200})?\/?>/g, ' ')
    .replace(/`+([^`]*)`+/g, '$1')
    .replace(EMPHASIS, '$2')
    .replace(EMPHASIS, '$2')
    .replace(/(?<![A-Za-z0-9])(_{1,3})(?=\S)([^_\n]*?\S)\1(?![A-Za-z0-9])/g, '$2')
    .replace(/\\([\\`*_{}[\]()#+\-.!|~<>])/g, '$1');
}

/**
 * The admin list's preview: the article as plain running text (headings, list items and table rows end as
 * sentences; code blocks and the closing "Sources" section dropped), at most `max` characters, cut at a word
 * and ending in an ellipsis when there is more.
 */
export function previewText(md: string, max = 300): string {
  const out: string[] = [];
  const text = md
    .slice(0, 8000)
    .replace(/^#{1,6}[ \t]*sources?\b[\s\S]*$/im, '')
    .replace(/^[ \t]*(```|~~~)[\s\S]*?(^[ \t]*\1|$(?![\s\S]))/gm, ' ');
  for (const raw of text.split('\n')) {
    const line = raw.replace(/^[ \t]*(?:>[ \t]?)+/, '').trim();
    if (!line || /^\|?[ \t:|-]*-{3,}[ \t:|-]*$/.test(line) || /^([*_])(?:[ \t]*\1){2,}$/.test(line)) continue;
    const heading = /^#{1,6}[ \t]+(.*?)(?:[ \t]+#+)?$/.exec(line);
    const item = /^(?:[-+*]|\d{1,9}[.)])[ \t]+(.*)$/.exec(line);
    if (heading) out.push(sentence(inlinePlain(heading[1]).trim()));
    else if (line.includes('|') && /^\|.*\|$/.test(line))
      out.push(
        sentence(
          line
            .slice(1, -1)
            .split('|')
            .map((c) => inlinePlain(c).trim())
            .filter(Boolean)
            .join(', '),
        ),
      );
    else if (item) out.push(sentence(inlinePlain(item[1]).trim()));
    else out.push(inlinePlain(line));
  }
  const plain = out.join(' ').replace(/\s+/g, ' ').trim();
  if (plain.length <= max) return plain;
  const cut = plain.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.8 ? cut.slice(0, space) : cut).replace(/[\s,;:.-]+$/, '')}…`;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => ESCAPES[ch]);

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// One search cuts up to 50 snippets with the same lexemes: compile their finder once.
let finderCache: { key: string; re: RegExp } | null = null;
function finderFor(lexemes: Lexeme[]): RegExp {
  const key = lexemes.map((l) => l.lexeme).join(' ');
  if (finderCache?.key === key) return finderCache.re;
  const alternatives = new Set<string>();
  for (const l of lexemes) alternatives.add(escapeRe(l.lexeme.endsWith('i') ? l.lexeme.slice(0, -1) : l.lexeme));
  const re = new RegExp(`(?<![A-Za-z0-9])(?:${[...alternatives].sort((x, y) => y.length - x.length).join('|')})[A-Za-z0-9]*`, 'gi');
  finderCache = { key, re };
  return re;
}

/**
 * A short extract of an article around the words of the query, as HTML-safe text whose only markup is
 * <mark>…</mark>. Finds the query words with one regular-expression pass over the markdown, picks the
 * stretch of about `maxChars` characters holding the most different query words, and only then turns that
 * stretch into plain text, so the cost hardly grows with the article's length.
 */
export function makeSnippet(markdown: string, lexemes: Lexeme[], maxChars = 220): string {
  let text = markdown.slice(0, 100_000);
  const sources = text.search(/^#{1,6}[ \t]*sources?\b/im);
  if (sources > 0) text = text.slice(0, sources);
  // Plain first, so a window never starts inside a link or emphasis and shows its marks.
  text = markdownToPlain(normaliseCodes(text));

  type Hit = { at: number; lex: number };
  const hits: Hit[] = [];
  const usable = lexemes.filter((l) => /^[a-z0-9]+$/.test(l.lexeme));
  const re = usable.length ? finderFor(usable) : null;
  if (re) {
    re.lastIndex = 0;
    for (const m of text.matchAll(re)) {
      const lex = usable.findIndex((l) => wordMatches(m[0].toLowerCase(), l));
      if (lex >= 0) hits.push({ at: m.index!, lex: lexemes.indexOf(usable[lex]) });
      if (hits.length >= 300) break;
    }
  }

  // The window that starts a little before a hit and covers the most different query words.
  let start = 0;
  let best = -1;
  for (let i = 0; i < hits.length; i++) {
    const from = Math.max(0, hits[i].at - 40);
    const seen = new Set<number>();
    let total = 0;
    for (let j = i; j < hits.length && hits[j].at < from + maxChars - 20; j++) {
      seen.add(hits[j].lex);
      total++;
    }
    const score = seen.size * 1000 + Math.min(total, 999);
    if (score > best) {
      best = score;
      start = from;
    }
  }
  // Whole words only: widen to the surrounding spaces.
  if (start > 0) {
    const sp = text.lastIndexOf(' ', start);
    const nl = text.lastIndexOf('\n', start);
    start = Math.max(sp, nl) + 1;
  }
  const end = Math.min(text.length, start + maxChars + 80);
  const region = text.slice(start, end);
  const words = region.split(' ').filter(Boolean);
  let html = '';
  let length = 0;
  let used = 0;
  for (const w of words) {
    if (length + w.length > maxChars && used > 0) break;
    const core = w
      .toLowerCase()
      .replace(/['’]s$/, '')
      .replace(/[^a-z0-9]+/g, '');
    const hit = core !== '' && lexemes.some((l) => wordMatches(core, l));
    const e = escapeHtml(w);
    html += (used > 0 ? ' ' : '') + (hit ? `<mark>${e}</mark>` : e);
    length += w.length + 1;
    used++;
  }
  html = html.replace(/<\/mark> <mark>/g, ' ');
  const more = used < words.length || end < text.length;
  return `${start > 0 ? '… ' : ''}${html}${more ? ' …' : ''}`;
}
