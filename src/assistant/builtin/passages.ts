// Picking the part of an article that answers a question. Pure.

const STOP = new Set(
  ('a an the of to for on in at by and or is are was were be been being do does did can could should would will shall may might must i we my our ' +
    'you your me it its this that these those there here what whats when where which who whom whose why how many much long please tell about get ' +
    'gets give need needs have has had with from as per if into than then them they their he she his her employee employees employer employers ' +
    'entitled entitle entitlement someone somebody anyone any some know explain mean means meaning work out right currently still actually ' +
    'exactly just also really often soon far old new so up not no yes').split(' '),
);
// Words every payroll article shares: they say nothing about which passage answers.
const GENERIC = new Set(['payroll', 'rule', 'rules', 'law', 'south', 'africa', 'african', 'sa', 'sars', 'bcea', 'act', 'basic', 'condition', 'conditions', 'employment']);

/** A rough stem, the same on both sides: "deadlines" ~ "deadline", "reconciliations" ~ "reconciliation". */
export const stem = (w: string): string => w.replace(/'s$/, '').replace(/(ies)$/, 'y').replace(/(es|s|ed|ing|ly)$/, '').slice(0, 7);

// Ways an article may say what a question asks: "when is it due" → "deadline", "how many weeks" → "months".
const ALSO: Record<string, string[]> = {
  pay: ['contrib', 'deduct', 'paid', 'payable'],
  paid: ['pay'],
  due: ['deadlin'],
  deadlin: ['due'],
  submit: ['submiss', 'due'],
  ceil: ['maximum', 'max', 'limit', 'cap'],
  maximum: ['ceil', 'max', 'limit', 'cap'],
  max: ['maximum', 'ceil'],
  limit: ['ceil', 'maximum', 'cap'],
  week: ['month', 'day'],
  day: ['week'],
  month: ['week'],
  rate: ['percent', '%'],
  cover: ['contrib', 'apply', 'exclud', 'includ'],
  exclud: ['exempt', 'not'],
  exempt: ['exclud'],
  issu: ['deadlin', 'within', 'due'],
  allow: ['entitl', 'may'],
  nanny: ['domest'],
  maid: ['domest'],
  gardener: ['domest'],
  pension: ['retir'],
  retir: ['pension'],
  interest: ['rate'],
  km: ['kilomet'],
  car: ['vehicl'],
  vehicl: ['car'],
  penalty: ['penalt', 'late', 'interest'],
  late: ['penalt'],
  dismiss: ['terminat'],
  fire: ['dismiss', 'terminat'],
  resign: ['terminat', 'notic'],
  pregnan: ['matern'],
};

/** The words of a question that carry its meaning, stemmed; `a|b` where an article may say it another way. */
export function meaningfulWords(question: string): string[] {
  const words = tokens(question).filter((w) => w.length > 1 && !/^\d+$/.test(w) && !/^r\d/.test(w) && !STOP.has(w) && !GENERIC.has(w));
  return [...new Set(words.map(stem))].map((w) => [w, ...(ALSO[w] ?? [])].join('|'));
}

function tokens(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/\b(emp|irp|ui|it|ewp)\s*-?\s*(\d+)(\s*\(a\))?/g, (_m, a: string, b: string, c?: string) => `${a}${b}${c ? 'a' : ''}`)
    .replace(/\bs\s?&\s?t\b/g, 'subsistence')
    .split(/[^a-z0-9%']+/)
    .map((w) => w.replace(/^'+|'+$/g, ''))
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
      heading = h[2].trim();
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

const SPELLED: Record<string, string> = { one: '1', two: '2', three: '3', four: '4', five: '5', six: '6', seven: '7', eight: '8', nine: '9', ten: '10', twelve: '12' };

/** "four consecutive months" → "4 consecutive months": counts of days, weeks and months in figures. */
export function countsInFigures(text: string): string {
  return text.replace(
    /\b(one|two|three|four|five|six|seven|eight|nine|ten|twelve)(\s+(?:\*\*)?(?:consecutive |working |calendar |paid |unpaid |full )?(?:days?|weeks?|months?|years?)\b)/gi,
    (_m, n: string, rest: string) => SPELLED[n.toLowerCase()] + rest,
  );
}

export type Ask = 'when' | 'amount' | 'who' | 'how' | 'other';

/** What kind of answer the question wants: a date, a figure, a list of people, a method. */
export function askOf(question: string): Ask {
  const q = question.toLowerCase();
  if (/\b(when|deadline|due date|due|by when|what date|how soon|how long (do|does|have) .* to)\b/.test(q)) return 'when';
  if (/\b(how (many|much|long)|what (is|are) the (rate|amount|limit|ceiling|threshold|maximum|minimum|percentage|figure)|rate|ceiling|threshold|maximum|minimum|limit|percentage|amount|cap)\b/.test(q)) return 'amount';
  if (/\b(who|which (employees|workers|people|employers))\b/.test(q)) return 'who';
  if (/\b(how (is|are|do|does|to|should)|what happens|explain)\b/.test(q)) return 'how';
  return 'other';
}

const DATE = /\b(\d{1,2}(st|nd|rd|th)?\s+(january|february|march|april|may|june|july|august|september|october|november|december)|(january|february|march|april|may|june|july|august|september|october|november|december)\s+\d{1,2}\b|\d{1,2}(st|nd|rd|th)\b|within\s+\*{0,2}\d+|\bby the\b|every month|each month|monthly)/i;

export interface Scored {
  passage: string;
  score: number;
  /** Share of the question's words the passage (or its heading) contains. */
  coverage: number;
}

/**
 * The unit that answers the question best: the question's words it contains, weighted by how rare each is in
 * the article, plus what the kind of question looks for (a date, a figure). Returned with its context: a list
 * item with its list when the list is short, a lead-in ending in ':' with what follows.
 */
export function bestPassage(markdown: string, question: string, words = meaningfulWords(question)): Scored {
  const units = unitsOf(markdown);
  if (!units.length || !words.length) return { passage: '', score: 0, coverage: 0 };
  const ask = askOf(question);
  const stemsOf = (t: string) => new Set(tokens(t).map(stem));
  const inText = units.map((u) => stemsOf(u.text));
  const inHeading = units.map((u) => stemsOf(u.heading));
  const has = (set: Set<string>, w: string) => w.split('|').some((f) => set.has(f));
  // Rare words in the article tell passages apart; a word in every unit does not.
  const weight = words.map((w) => {
    const df = inText.filter((set) => has(set, w)).length;
    return Math.max(0.35, Math.log(1 + units.length / (1 + df)));
  });

  let best = { i: -1, score: 0, coverage: 0 };
  units.forEach((u, i) => {
    let score = 0;
    let matched = 0;
    words.forEach((w, k) => {
      if (has(inText[i], w)) {
        score += weight[k];
        matched += 1;
      } else if (has(inHeading[i], w)) {
        score += weight[k] * 0.5;
        matched += 0.75;
      }
    });
    if (matched === 0) return;
    score += cueBonus(u, ask) - i * 0.015;
    if (score > best.score) best = { i, score, coverage: matched / words.length };
  });
  if (best.i < 0) return { passage: '', score: 0, coverage: 0 };
  return { passage: countsInFigures(withContext(units, best.i)), score: best.score, coverage: best.coverage };
}

function cueBonus(u: Unit, ask: Ask): number {
  let bonus = 0;
  const t = u.text;
  if (ask === 'when' && DATE.test(t)) bonus += 1.2;
  if (ask === 'amount' && /\d/.test(t)) bonus += 0.6;
  if (ask === 'amount' && /R\s?\d|\d\s?%/.test(t)) bonus += 0.3;
  if (ask === 'who' && (u.kind === 'item' || u.kind === 'table')) bonus += 0.4;
  if (ask === 'how' && u.kind !== 'table') bonus += 0.2;
  if (/\*\*/.test(t)) bonus += 0.15;
  if (u.kind === 'quote') bonus -= 1.5;
  // Lists of mistakes and wrong figures say what is NOT so.
  if (/\b(mistakes?|pitfalls?|wrong|myths?|avoid|unreliable)\b/i.test(u.heading)) bonus -= 1.2;
  if (/\bexamples?\b/i.test(u.heading) && ask !== 'amount') bonus -= 0.3;
  if (t.length < 40) bonus -= 0.5;
  if (t.length > 1200) bonus -= 0.4;
  return bonus;
}

/** The chosen unit with what it needs to be read on its own. */
function withContext(units: Unit[], i: number): string {
  const u = units[i];
  let text = u.text;
  if (u.kind === 'item') {
    const list = units.filter((x) => x.group === u.group);
    const whole = list.map((x) => x.text).join('\n');
    text = list.length <= 6 && whole.length <= 900 ? whole : u.text;
    const lead = units[units.indexOf(list[0]) - 1];
    if (lead && lead.kind === 'para' && /:\s*$/.test(lead.text)) text = `${lead.text}\n\n${text}`;
  } else if (/:\s*$/.test(text) && units[i + 1]) {
    const next = units[i + 1];
    text += `\n\n${next.kind === 'item' ? units.filter((x) => x.group === next.group).map((x) => x.text).join('\n') : next.text}`;
  }
  return text;
}
