// Picking the part of an article that answers a question. Pure (an article's analysis is memoised).
import { LRUCache } from 'lru-cache';
import { COMMON_PAY_WORDS, FIGURE_NOUNS, FILLER_WORDS, GENERIC_WORDS, QUESTION_WORDS, RELATED_STEMS, SYNONYM_GROUPS } from '../../lexicon';
import { stem } from '../understand/text';

export { stem };

const STOP = new Set([...QUESTION_WORDS, ...FILLER_WORDS]);

function alsoFor(w: string): readonly string[] {
  if (RELATED_STEMS[w]) return RELATED_STEMS[w];
  const key = Object.keys(RELATED_STEMS).find((k) => k.length >= 4 && (w.startsWith(k) || k.startsWith(w)) && w.length >= 4);
  return key ? RELATED_STEMS[key] : [];
}

// The phrases of several words of the synonym groups named by one word ("doesn't have to pay" of "excluded", "pay as
// you earn" of "paye"), longest first, each read as the group's one-word phrases, the words an article uses for it.
const PHRASES = SYNONYM_GROUPS.filter((g) => !/\s/.test(g[0]))
  .flatMap((g) => {
    const singles = [...new Set(g.filter((p) => !/\s/.test(p)).map((p) => stem(p.toLowerCase())))].join('|');
    return g.filter((p) => /\s/.test(p)).map((p) => ({ words: tokens(p), as: singles }));
  })
  .sort((a, b) => b.words.length - a.words.length);

/** The words of a question that carry its meaning, stemmed; `a|b` where an article may say it another way. */
export function meaningfulWords(question: string): string[] {
  const all = tokens(question);
  const out: string[] = [];
  for (let i = 0; i < all.length; i++) {
    const phrase = PHRASES.find((p) => p.words.every((w, j) => all[i + j] === w));
    if (phrase) {
      out.push(phrase.as);
      i += phrase.words.length - 1;
      continue;
    }
    const w = all[i];
    if (w.length > 1 && !/^\d+$/.test(w) && !/^r\d/.test(w) && !STOP.has(w) && !GENERIC_WORDS.has(w)) out.push(stem(w));
  }
  return [...new Set(out)].map((w) => (w.includes('|') ? w : [w, ...alsoFor(w)].join('|')));
}

function tokens(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/\b(emp|irp|ui|it|ewp)\s*-?\s*(\d+)(\s*\(a\))?/g, (_m, a: string, b: string, c?: string) => `${a}${b}${c ? 'a' : ''}`)
    .replace(/\bs\s?&\s?t\b/g, 'subsistence')
    .replace(/(\d)\s?%/g, '$1 %')
    .split(/[^a-z0-9%']+/)
    .map((w) => w.replace(/^'+|'+$/g, '').replace(/'s$/, ''))
    .filter(Boolean);
}

export interface Unit {
  text: string;
  heading: string;
  kind: 'para' | 'item' | 'table' | 'quote';
  /** Units of one list share a group. */
  group: number;
}

/** Paragraphs, tables and list items of a markdown article, each with the heading it sits under; the Sources section dropped. */
export function unitsOf(markdown: string): Unit[] {
  const out: Unit[] = [];
  const body = markdown.replace(/^---[\s\S]*?---\s*/, '').split(/^#{1,6}\s*(sources?|references?)\b.*$/im)[0];
  let heading = '';
  let group = 0;
  for (const chunk of body.split(/\n\s*\n/)) {
    const text = chunk.trim();
    if (!text) continue;
    const h = /^(#{1,6})\s+(.*)$/.exec(text);
    if (h && !text.includes('\n')) {
      // The title (#) is about the whole article: it does not single out the passage under it.
      heading = h[1].length > 1 ? h[2].trim() : '';
      continue;
    }
    group++;
    if (text.startsWith('|')) out.push({ text, heading, kind: 'table', group });
    else if (text.startsWith('>')) out.push({ text, heading, kind: 'quote', group });
    else if (/^\s*([-*+]|\d+\.)\s/.test(text)) {
      for (const item of text.split(/\n(?=\s*(?:[-*+]|\d+\.)\s)/)) out.push({ text: item.trim(), heading, kind: 'item', group });
    } else out.push({ text, heading, kind: 'para', group });
  }
  return out;
}

/** The items of each list of up to 10 items as one unit. */
function wholeLists(units: Unit[]): Unit[] {
  const out: Unit[] = [];
  for (const u of units) {
    const last = out[out.length - 1];
    const size = units.filter((x) => x.group === u.group).length;
    if (u.kind === 'item' && size <= 10 && last?.kind === 'item' && last.group === u.group) last.text += `\n${u.text}`;
    else out.push({ ...u });
  }
  return out;
}

const SPELLED: Record<string, string> = {
  one: '1',
  two: '2',
  three: '3',
  four: '4',
  five: '5',
  six: '6',
  seven: '7',
  eight: '8',
  nine: '9',
  ten: '10',
  twelve: '12',
};

/** "four consecutive months" → "4 consecutive months": counts of days, weeks and months in figures. */
export function countsInFigures(text: string): string {
  return text.replace(
    /\b(one|two|three|four|five|six|seven|eight|nine|ten|twelve)(\s+(?:\*\*)?(?:consecutive |working |calendar |paid |unpaid |full )?(?:days?|weeks?|months?|years?)\b)/gi,
    (_m, n: string, rest: string) => SPELLED[n.toLowerCase()] + rest,
  );
}

export type Ask = 'when' | 'amount' | 'who' | 'how' | 'other';
const tokensOf = (q: string) => q.split(/[^a-z0-9%]+/).filter(Boolean);

/** What kind of answer the question wants: a date, a figure, a list of people, a method. */
export function askOf(question: string): Ask {
  const q = question.toLowerCase();
  if (!/\bhow (much|many)\b/.test(q) && /\b(when|deadline|due date|due|by when|what date|how soon|how long (do|does|have) .* to)\b/.test(q))
    return 'when';
  if (
    /\b(how (many|much|long))\b|\bwhat (is|are) the [\w\s]*\b(period|periods|entitlement|rates?|figures?)\b/.test(q) ||
    tokensOf(q).some((w) => FIGURE_NOUNS.has(w))
  )
    return 'amount';
  if (/\b(who|which (employees|workers|people|employers))\b/.test(q)) return 'who';
  if (/\b(how (is|are|do|does|to|should)|what happens|explain)\b/.test(q)) return 'how';
  return 'other';
}

const DATE =
  /\b(\d{1,2}(st|nd|rd|th)?\s+(january|february|march|april|may|june|july|august|september|october|november|december)|(january|february|march|april|may|june|july|august|september|october|november|december)\s+\d{1,2}\b|\d{1,2}(st|nd|rd|th)\b|within\s+\*{0,2}\d+|\bby the\b)/i;

/** A passage that works a sum in rands ("R2 115.00 + R4 792.00 = R6 907.00"): an example for someone else, not a rule. */
export const worksASum = (text: string) => /R\s?\d[\d\s,]*(?:\.\d\d)?\**[^.\n]*?[=]\s*\**R\s?\d/.test(text);

// A figure that answers "how much / how many": an amount, a rate, a count of days, weeks, months or hours.
const FIGURE =
  /R\s?\d|\d\s?%|\d\*{0,2}\s?c\/km|\d(\.\d+)?\*{0,2}\s?(×|x\b|times\b)|\b\d+(\.\d+)?\*{0,2}\s+(consecutive |working |paid |calendar )?(days?|weeks?|months?|years?|hours?)\b|\b(one|two|three|four|five|six|ten|twelve)\s+(consecutive |working |paid )?(days?|weeks?|months?)\b/i;

export interface Scored {
  passage: string;
  score: number;
  /** Share of the question's words the passage (or its heading) contains. */
  coverage: number;
  /** The same over the words beyond those every pay question has ("pay", "worker"…); 1 when there are none. */
  coreCoverage: number;
  /** The next best passages of the article, for the sentence that answers when the best is a table or a list. */
  nearby?: string[];
}

const stemsOf = (t: string) => new Set(tokens(t).map(stem));

// An article's units and their words, worked out once per article text (the same few articles answer most questions).
const analyses = new LRUCache<string, { units: Unit[]; inText: Set<string>[]; inHeading: Set<string>[] }>({ max: 500 });
function analysed(markdown: string, lists: boolean) {
  const key = (lists ? 'l' : 'u') + markdown;
  let a = analyses.get(key);
  if (!a) {
    const units = lists ? wholeLists(unitsOf(markdown)) : unitsOf(markdown);
    a = { units, inText: units.map((u) => stemsOf(u.text)), inHeading: units.map((u) => stemsOf(u.heading)) };
    analyses.set(key, a);
  }
  return a;
}

export interface PassageOptions {
  title?: string;
  words?: string[];
  /** Only passages that state rules: none that works a sum for an example. */
  rulesOnly?: boolean;
}

interface Ranked {
  unit: Unit;
  score: number;
  coverage: number;
  coreCoverage: number;
}

const COMMON_STEMS = new Set([...COMMON_PAY_WORDS].map(stem));
const isCore = (w: string) => !COMMON_STEMS.has(w.split('|')[0]);

/** Every unit that shares a word with the question, scored: the question's words it holds, weighted by how rare each is in the article, plus what the kind of question looks for. */
export function rankUnits(markdown: string, question: string, opts: PassageOptions = {}): Ranked[] {
  const words = opts.words ?? meaningfulWords(question);
  const ask = askOf(question);
  // "How is it done?" is answered by a whole list of steps, not by one of them.
  const { units, inText, inHeading } = analysed(markdown, ask === 'how');
  // Stored articles have their title apart; a markdown file carries it as its first heading.
  const title = opts.title ?? /^#\s+(.+)$/m.exec(markdown)?.[1] ?? '';
  const inTitle = stemsOf(title);
  const titleFigures = (title.match(/R\s?\d[\d ,.]*\d|\b\d+(st|nd|rd|th)\b|\d+(\.\d+)?%/g) ?? []).map((f) => f.replace(/\s/g, ''));
  const has = (set: Set<string>, w: string) => w.split('|').some((f) => set.has(f));
  // The word itself counts fully; another way of saying it ("weeks" for "months") a little less.
  const match = (set: Set<string>, w: string) => (set.has(w.split('|')[0]) ? 1 : has(set, w) ? 0.6 : 0);
  // Rare words in the article tell passages apart; a word in every unit, or in the title, much less so.
  const weight = words.map((w) => {
    const df = inText.filter((set) => has(set, w)).length;
    return Math.max(0.35, Math.log(1 + units.length / (1 + df))) * (has(inTitle, w) ? 0.5 : 1);
  });
  const total = weight.reduce((a, b) => a + b, 0);
  // A question that the title answers as a whole ("How is PAYE calculated?") wants the article's main section, early on.
  const drift = words.every((w) => has(inTitle, w)) ? 0.12 : 0.03;
  const meanLength = units.reduce((a, u) => a + u.text.length, 0) / Math.max(1, units.length);
  const out: Ranked[] = [];
  const core = words.filter(isCore).length;
  units.forEach((unit, i) => {
    if (opts.rulesOnly && worksASum(unit.text)) return;
    let score = 0;
    let matched = 0;
    let coreMatched = 0;
    words.forEach((w, k) => {
      const m = match(inText[i], w);
      const before = matched;
      if (m) {
        score += weight[k] * m;
        matched += 1;
      } else if (has(inHeading[i], w)) {
        // The first passage under a heading that names the word states what the section is about.
        score += weight[k] * (units[i - 1]?.heading === unit.heading ? 0.5 : 0.8);
        matched += 0.75;
      } else if (has(inTitle, w)) matched += 0.6; // the whole article is about it
      if (isCore(w)) coreMatched += matched - before;
    });
    if (score === 0) return;
    // Scaled to the question's words, so that passages of different articles compare; a long paragraph that
    // mentions the words in passing counts less than a short one about them (tables are answers as a whole).
    const whole = unit.kind === 'table' || (ask === 'how' && unit.kind === 'item');
    const length = whole ? 1 : 0.7 + (0.3 * unit.text.length) / meanLength;
    score = (3 * score) / total / length + cueBonus(unit, ask) - i * drift;
    // The figure an article's title names ("— R17 712 a month", "(the 7th)") marks the passage that states it.
    if ((ask === 'amount' || ask === 'when') && titleFigures.some((f) => unit.text.replace(/\s/g, '').includes(f))) score += 1;
    out.push({ unit, score, coverage: matched / words.length, coreCoverage: core ? coreMatched / core : 1 });
  });
  return out;
}

/**
 * The unit that answers the question best, with its context: a list item with its list when the list is
 * short, a lead-in ending in ':' with what follows, a rule with its table of figures.
 */
export function bestPassage(markdown: string, question: string, opts: PassageOptions = {}): Scored {
  const words = opts.words ?? meaningfulWords(question);
  if (!words.length) return { passage: '', score: 0, coverage: 0, coreCoverage: 0 };
  const ranked = rankUnits(markdown, question, { ...opts, words });
  const best = ranked.reduce<Ranked | null>((a, b) => (!a || b.score > a.score ? b : a), null);
  if (!best || best.score <= 0) return { passage: '', score: 0, coverage: 0, coreCoverage: 0 };
  const ask = askOf(question);
  const { units } = analysed(markdown, ask === 'how');
  const i = units.indexOf(best.unit);
  const nearby = ranked
    .filter((r) => r !== best && r.coverage >= 0.5)
    .sort((a, b) => b.score - a.score)
    .slice(0, 3)
    .map((r) => countsInFigures(r.unit.text));
  return {
    passage: countsInFigures(withContext(units, i, ask)),
    score: best.score,
    coverage: best.coverage,
    coreCoverage: best.coreCoverage,
    nearby,
  };
}

function cueBonus(u: Unit, ask: Ask): number {
  let bonus = 0;
  const t = u.text;
  if (ask === 'when' && DATE.test(t)) bonus += 1.2;
  if (ask === 'when' && /\b(deadlines?|due|dates?|when|timing|calendar)\b/i.test(u.heading)) bonus += 0.5;
  if (
    ask === 'amount' &&
    /\b(rates?|amounts?|figures?|limits?|thresholds?|ceiling|entitlement|how much|how many|how long|rules?)\b/i.test(u.heading)
  )
    bonus += /\bhow (much|many|long)\b/i.test(u.heading) ? 0.6 : 0.3;
  if (ask === 'amount' && FIGURE.test(t)) bonus += u.kind === 'table' ? 1.1 : 0.9;
  if (ask === 'who' && (u.kind === 'item' || u.kind === 'table')) bonus += 0.4;
  if (ask === 'how')
    bonus += (u.kind === 'table' ? -0.3 : 0.5) + (/\b(method|how|calculat\w*|works?|steps?|rules?)\b/i.test(u.heading) ? 0.6 : 0);
  if (/\*\*/.test(t)) bonus += 0.15;
  if (u.kind === 'quote') bonus -= 1.5;
  // An introduction that announces the article ("This article explains…") rarely answers.
  if (/\bthis (article|guide|page)\b/i.test(t)) bonus -= 0.8;
  // Lists of mistakes and wrong figures say what is NOT so.
  if (/\b(mistakes?|pitfalls?|wrong|myths?|avoid|unreliable)\b/i.test(u.heading)) bonus -= 1.2;
  if (/\bexamples?\b/i.test(u.heading) && ask !== 'amount') bonus -= 0.3;
  // A worked example or a scenario illustrates the rule; the rule itself is stated elsewhere.
  if (/^(\*\*)?(example|for example|worked example|scenario|consider|case study|suppose|say)\b/i.test(t)) bonus -= 0.8;
  if (t.length < 40) bonus -= 0.5;
  if (t.length > 1200) bonus -= 0.4;
  return bonus;
}

/** The chosen unit with what it needs to be read on its own. */
function withContext(units: Unit[], i: number, ask: Ask): string {
  const u = units[i];
  let text = u.text;
  const next = units[i + 1];
  // A rule stated in words with its table of figures just after it: "how many" wants the table too.
  if (u.kind === 'para' && ask === 'amount' && next?.kind === 'table' && next.heading === u.heading && !FIGURE.test(u.text))
    return `${text}\n\n${next.text}`;
  if (u.kind === 'item') {
    const list = units.filter((x) => x.group === u.group);
    const whole = list.map((x) => x.text).join('\n');
    text = list.length <= 6 && whole.length <= 900 ? whole : u.text;
    const lead = units[units.indexOf(list[0]) - 1];
    if (lead && lead.kind === 'para' && /:\s*$/.test(lead.text)) text = `${lead.text}\n\n${text}`;
  } else if (/:\s*$/.test(text) && next) {
    text += `\n\n${
      next.kind === 'item'
        ? units
            .filter((x) => x.group === next.group)
            .map((x) => x.text)
            .join('\n')
        : next.text
    }`;
  }
  return text;
}
