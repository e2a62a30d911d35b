// Checks the tax-table figures a knowledge article states against the payroll engine (src/payroll/years).
//
// The design is data: FIGURE_KINDS lists each kind of figure (rebates, tax thresholds, bracket limits, UIF ceiling and
// maximum contribution, SDL threshold, medical credits, minimum wage, ETI limit and floor, BCEA threshold, rate per
// km, retirement cap, lump-sum 0% band) with the words that label it and a function of the compiled tax year giving
// the engine's value in cents. The checker reads the article sentence by sentence (a table row and a heading count
// as sentences), finds each label and binds it to the amount written right next to it: "the primary rebate is
// R17 820", "the R17 712 monthly ceiling", "Primary rebate | R17 235 | R17 820" (a year per column), a column headed
// "Annual threshold" with the age in the row. Binding is deliberately tight: only a few linking words ("is", "of",
// "up to", a year, a date…) may stand between label and amount, and a calculation sign (× ÷ =) between them breaks
// the link, so a figure quoted for another purpose in the same sentence is left alone rather than wrongly failed.
// Whole tables are checked cell by cell where their shape is known: the income-tax and lump-sum bracket tables
// ("245 101 – 383 100 | R44 118 + 26% of the amount above R245 100") and the ETI band table.
//
// The year of an amount, nearest first: a year label ("2025/26", "2027 tax year") or, for dated figures (minimum
// wage, BCEA threshold, ETI), a date ("from 1 April 2025", "before 1 April 2025") in the amount's own clause; one in a
// clause of the same sentence that states no other amount; in a table, the row's first cell, then the column header;
// the nearest heading that names exactly one year; else the article's years (the figure must match one of them).
// A dated figure with a year but no date may match any value in force during that year.
//
// Text that quotes figures in order to reject them is skipped: sections headed "Wrong…", "Common mistakes",
// "Pitfalls", "Clickbait…", "Sources", and sentences saying "old", "previous", "claims", "instead of", "rather than"…
import { rebateCentsFor, taxThresholdCentsFor } from '../../src/payroll/tax';
import { datedValueAt, getTaxYear, isSupportedTaxYear, type CompiledDated, type CompiledTaxYear } from '../../src/payroll/years/index';
import { taxYearForIsoDate } from '../../src/payroll/dates';

// ── Figure kinds ─────────────────────────────────────────────────────────────

type Unit = 'year' | 'month' | 'week' | 'fortnight';
type Side = 'after' | 'before' | 'both';
type AgeBand = 64 | 65 | 75;

export interface FigureContext {
  year: CompiledTaxYear;
  /** A date the text gives for a dated figure ("from 1 April 2025"), when it gives one. */
  date?: string;
  /** The label as matched (its groups carry e.g. the bracket rate). */
  match: RegExpExecArray;
  /** Text around the label and the amount: age bands and "total" are read from it. */
  qualifier: string;
  /** The sentence with its bullet lead, table header, headings and the article title. */
  context: string;
}

export interface FigureKind {
  id: string;
  /** Named in failure messages. */
  name: string;
  labels: { re: RegExp; side: Side }[];
  /** Must occur in the sentence, its table header or row, the headings above it or the article title. */
  topic?: RegExp;
  /** Must occur in the sentence itself (or the bullet's lead term / the table header row). */
  localTopic?: RegExp;
  /** The sentence must not contain this. */
  exclude?: RegExp;
  /** Only as a table column header (too loose for prose). */
  headerOnly?: boolean;
  /** The unit the engine value is in; a stated "a month"/"a year" converts. Undefined: stated units are ignored. */
  unit?: Unit;
  /** Published rounded to the rand (tax thresholds): a whole-rand statement may round the engine value. */
  roundsToRand?: boolean;
  /** For dated figures: the engine's dated table (an entry is chosen by date, or any entry of the year). */
  dated?: (y: CompiledTaxYear) => readonly CompiledDated<unknown>[];
  /** A rate per hour: an amount written "a month", "a day"… is some other figure. */
  hourly?: boolean;
  /** Extra linking words allowed between this kind's label and its amount. */
  gapWords?: string[];
  /** The engine's value in cents (of `unit`), or a reason it has none. */
  expected(c: FigureContext): number | string;
}

const L = (re: RegExp, side: Side = 'both') => ({ re: new RegExp(re.source, re.flags.includes('g') ? re.flags : `${re.flags}g`), side });

function ageBand(text: string): AgeBand {
  const t = stripYears(text).replace(AMOUNT_RE, ' ').toLowerCase();
  if (/under 65|below 65|younger than 65|\bprimary\b/.test(t)) return 64;
  if (/\b75\b|tertiary/.test(t)) return 75;
  if (/\b65\b|secondary/.test(t)) return 65;
  const age = /\b([1-9]\d)\b/.exec(t);
  if (age) return Number(age[1]) >= 75 ? 75 : Number(age[1]) >= 65 ? 65 : 64;
  return 64;
}

function bracketIndex(y: CompiledTaxYear, ratePercent: string | undefined, lump: boolean): number | string {
  const table = lump ? y.lumpSum.rateBp : y.bracketRateBp;
  if (ratePercent === undefined) return 0; // "first bracket"
  const i = table.indexOf(Number(ratePercent) * 100);
  return i < 0 ? `no ${ratePercent}% bracket in the ${y.label} ${lump ? 'lump-sum ' : ''}table` : i;
}
const isLump = (c: FigureContext) => /lump|severance/i.test(`${c.qualifier}\n${c.context}`);
const rate = (m: RegExpExecArray) => m.slice(1).find((g) => g !== undefined);

const MEDICAL = /medical|credit|s6A/i;
const REBATE = /rebate/i;
const ETI = /\bETI\b|employment tax incentive/i;

/** Most specific first: a label span taken by one kind is not matched again by a later one. */
export const FIGURE_KINDS: FigureKind[] = [
  {
    id: 'bcea-threshold',
    name: 'BCEA earnings threshold',
    labels: [L(/\b(?:BCEA (?:earnings )?threshold|earnings threshold|annual threshold)\b/i)],
    topic: /BCEA|earnings threshold/i,
    unit: 'year',
    dated: (y) => y.bceaThreshold,
    expected: (c) =>
      (c.date ? datedValueAt(c.year.bceaThreshold, c.date)?.value.annualCents : undefined) ?? 'no BCEA threshold on that date',
  },
  {
    id: 'uif-max',
    name: 'maximum UIF contribution (each side)',
    labels: [L(/\b(?:maximum|at most|can never exceed|never exceeds?|no more than)\b/i)],
    localTopic: /\bUIF\b/,
    expected: (c) => (c.year.uif.ceilingMonthlyCents * c.year.uif.employeeRateBp) / 10_000,
  },
  {
    id: 'uif-ceiling',
    name: 'UIF ceiling',
    labels: [L(/\b(?:UIF (?:contribution |earnings )?(?:ceiling|limit|cap)|(?:monthly |contribution |earnings )?ceiling)\b/i)],
    topic: /\bUIF\b|unemployment insurance/i,
    unit: 'month',
    expected: (c) => c.year.uif.ceilingMonthlyCents,
  },
  {
    id: 'uif-ceiling-up-to',
    name: 'UIF ceiling',
    labels: [L(/\bup to\b/i, 'after')],
    localTopic: /\bUIF\b/,
    unit: 'month',
    expected: (c) => c.year.uif.ceilingMonthlyCents,
  },
  {
    id: 'sdl-threshold',
    name: 'SDL exemption threshold',
    labels: [L(/\b(?:SDL |registration |exemption )threshold\b/i), L(/\bor less\b|\btest\b/i, 'before')],
    topic: /\bSDL\b|skills development|leviable/i,
    expected: (c) => c.year.sdl.exemptionThresholdCents,
  },
  {
    id: 'medical-two',
    name: 'medical credit, main member + 1 dependant',
    labels: [L(/\bmain member \+ (?:1|one) dependant\b/i)],
    topic: MEDICAL,
    unit: 'month',
    expected: (c) => c.year.medicalCredits.firstCents + c.year.medicalCredits.secondCents,
  },
  {
    id: 'medical-first',
    name: 'medical credit, main member / first dependant',
    labels: [L(/\b(?:main member|member only|(?:each of )?the first two (?:people|members)(?:, each)?|first two people)\b/i)],
    topic: MEDICAL,
    unit: 'month',
    expected: (c) => c.year.medicalCredits.firstCents,
  },
  {
    id: 'medical-additional',
    name: 'medical credit, each additional dependant',
    labels: [L(/\b(?:each |every )?(?:additional|further) dependants?\b/i)],
    topic: MEDICAL,
    unit: 'month',
    expected: (c) => c.year.medicalCredits.additionalCents,
  },
  {
    id: 'nmw-epwp',
    name: 'EPWP minimum wage per hour',
    labels: [L(/\bEPWP\b|\bExpanded Public Works Programme\b/i)],
    dated: (y) => y.nmw,
    hourly: true,
    expected: (c) => (c.date ? datedValueAt(c.year.nmw, c.date)?.value.epwpHourlyCents : undefined) ?? 'no minimum wage on that date',
  },
  {
    id: 'nmw',
    name: 'national minimum wage per hour',
    labels: [L(/\b(?:national minimum wage|minimum wage|NMW)\b/i)],
    dated: (y) => y.nmw,
    hourly: true,
    gapWords: ['hour', 'ordinary', 'set'],
    expected: (c) => (c.date ? datedValueAt(c.year.nmw, c.date)?.value.generalHourlyCents : undefined) ?? 'no minimum wage on that date',
  },
  {
    id: 'eti-upper',
    name: 'ETI remuneration limit',
    labels: [L(/\bless than\b/i, 'after')],
    topic: ETI,
    dated: (y) => y.eti,
    expected: (c) => (c.date ? datedValueAt(c.year.eti, c.date)?.value.taperBandUpperCents : undefined) ?? 'no ETI table on that date',
  },
  {
    id: 'eti-floor',
    name: 'ETI wage floor (160 hours)',
    labels: [L(/\bfloor\b/i)],
    topic: ETI,
    dated: (y) => y.eti,
    expected: (c) =>
      (c.date ? datedValueAt(c.year.eti, c.date)?.value.exemptEmployerFloor160hCents : undefined) ?? 'no ETI table on that date',
  },
  {
    id: 'rate-per-km',
    name: 'prescribed rate per km',
    labels: [L(/\b(?:prescribed (?:km )?rate(?: per km)?|rate per km|per-km rate|reimbursive rate)\b/i)],
    expected: (c) => c.year.prescribedRatePerKmCents,
  },
  {
    id: 'retirement-cap',
    name: 'retirement deduction cap (s11F)',
    labels: [L(/\b(?:s11F |retirement(?: fund)?(?: deduction)? |deduction |annual )?cap\b/i)],
    topic: /retire|s11F/i,
    exclude: /\bUIF\b/,
    unit: 'year',
    expected: (c) => c.year.retirementCapCents,
  },
  {
    id: 'lump-sum-zero',
    name: 'lump-sum 0% band',
    labels: [L(/\b(?:is taxed )?at 0%|\b0% band\b/i, 'before')],
    topic: /lump|severance/i,
    expected: (c) => c.year.lumpSum.lowerCents[1],
  },
  {
    id: 'lump-sum-zero-first',
    name: 'lump-sum 0% band',
    labels: [L(/\bthe first\b/i, 'after')],
    localTopic: /\b0%/,
    topic: /lump|severance/i,
    expected: (c) => c.year.lumpSum.lowerCents[1],
  },
  {
    id: 'bracket-top',
    name: 'top of tax bracket',
    labels: [
      L(/\btop of (?:the )?(\d\d)% bracket\b/i),
      L(/\b(\d\d)% bracket(?=[\s(,:]*(?:(?:runs|goes|is) )?(?:up )?to\b)/i, 'after'),
      L(/\bfirst bracket(?=[\s(,:]*(?:(?:runs|goes|is) )?(?:up )?to\b|\s+ending\b)/i, 'after'),
      L(/\b(\d\d)%(?=[\s(]*(?:up )?to R)/i, 'after'),
    ],
    topic: /bracket|\btax(?:ed|able)?\b|table/i,
    gapWords: ['ending', 'ends', 'runs', 'goes'],
    expected: (c) => {
      const i = bracketIndex(c.year, rate(c.match), isLump(c));
      if (typeof i === 'string') return i;
      const lower = isLump(c) ? c.year.lumpSum.lowerCents : c.year.bracketLowerCents;
      return lower[i + 1] ?? `the ${rate(c.match)}% bracket has no top`;
    },
  },
  {
    id: 'bracket-start',
    name: 'start of tax bracket',
    labels: [
      L(/\b(\d\d)% (?:rate|bracket) (?:starts |applies |begins )?(?:above|over)\b/i),
      L(/\b(\d\d)% bracket(?=\s*\(?(?:above|over)\b)/i, 'after'),
      L(/\b(\d\d)%(?=,? on (?:taxable )?income (?:above|over)\b)/i, 'after'),
    ],
    topic: /bracket|\btax(?:ed|able)?\b|table/i,
    gapWords: ['above', 'over', 'on', 'taxable', 'income'],
    expected: (c) => {
      const i = bracketIndex(c.year, rate(c.match), isLump(c));
      if (typeof i === 'string') return i;
      return (isLump(c) ? c.year.lumpSum.lowerCents : c.year.bracketLowerCents)[i];
    },
  },
  {
    id: 'tax-threshold',
    name: 'tax threshold',
    labels: [
      L(/\btax[- ]free (?:threshold|up to)\b/i),
      L(/(?<!(?:earnings|BCEA|registration|exemption|SDL) )\b(?:tax |annual )?threshold\b/i),
    ],
    topic: /\btax\b|PAYE|rebate/i,
    exclude: /BCEA|earnings threshold|\bSDL\b|COIDA|levy/i,
    unit: 'year',
    roundsToRand: true,
    expected: (c) => taxThresholdCentsFor(c.year, ageBand(c.qualifier)),
  },
  {
    id: 'rebate-primary',
    name: 'primary rebate',
    labels: [L(/\bprimary(?: rebate)?\b/i)],
    topic: REBATE,
    unit: 'year',
    expected: (c) => c.year.rebates.primaryCents,
  },
  {
    id: 'rebate-secondary',
    name: 'secondary rebate (65+)',
    labels: [L(/\bsecondary(?: rebate)?\b/i)],
    topic: REBATE,
    unit: 'year',
    expected: (c) => c.year.rebates.secondaryCents,
  },
  {
    id: 'rebate-tertiary',
    name: 'tertiary rebate (75+)',
    labels: [L(/\btertiary(?: rebate)?\b/i)],
    topic: REBATE,
    unit: 'year',
    expected: (c) => c.year.rebates.tertiaryCents,
  },
  {
    id: 'rebate-secondary-by-age',
    name: 'secondary rebate (65+)',
    labels: [L(/\bat (?:age )?65 (?:or|and) (?:older|over)\b/i, 'before')],
    localTopic: REBATE,
    exclude: /threshold|tax-free/i,
    unit: 'year',
    expected: (c) => c.year.rebates.secondaryCents,
  },
  {
    id: 'rebate-tertiary-by-age',
    name: 'tertiary rebate (75+)',
    labels: [L(/\bat (?:age )?75 (?:or|and) (?:older|over)\b/i, 'before')],
    localTopic: REBATE,
    exclude: /threshold|tax-free/i,
    unit: 'year',
    expected: (c) => c.year.rebates.tertiaryCents,
  },
  {
    // A column headed "Rebate(s)" or "Total rebates": the row names the rebate or the age.
    id: 'rebates-by-age',
    name: 'rebates for the age',
    labels: [L(/^(?:total )?rebates?(?: that apply)?$/i)],
    headerOnly: true,
    unit: 'year',
    expected: (c) => {
      const q = c.qualifier.toLowerCase();
      const r = c.year.rebates;
      if (!/total/.test(q)) {
        if (/tertiary/.test(q)) return r.tertiaryCents;
        if (/secondary/.test(q)) return r.secondaryCents;
        if (/primary/.test(q)) return r.primaryCents;
      }
      return rebateCentsFor(c.year, ageBand(q));
    },
  },
];

// ── Text: amounts, years, sentences ──────────────────────────────────────────

interface Amount {
  start: number;
  end: number;
  cents: number;
  text: string;
  unit?: Unit;
  approx: boolean;
  wholeRands: boolean;
}

const AMOUNT_RE = /(?<![\w.])R\s?(\d{1,3}(?:(?: |,(?=\d{3}\b))\d{3})*(?:\.\d+)?)(?!\d)|(?<![\w.])(\d{1,4}(?:\.\d+)?)\s?c\/km\b/g;

function toCents(digits: string): number {
  const [int, frac = ''] = digits.replace(/[ ,]/g, '').split('.');
  const two = Number((frac + '00').slice(0, 2));
  const rest = frac.length > 2 ? Number(`0.${frac.slice(2)}`) : 0;
  return Number(int) * 100 + two + rest;
}

function findAmounts(text: string): Amount[] {
  const out: Amount[] = [];
  for (const m of text.matchAll(AMOUNT_RE)) {
    const start = m.index!;
    const end = start + m[0].length;
    const after = text.slice(end, end + 20).toLowerCase();
    const u = /^\s*(?:a|an|per|each)\s+(year|annum|month|week|fortnight)\b|^\s*(annually|monthly|weekly)\b/.exec(after);
    const unitWord = u ? (u[1] ?? u[2]) : undefined;
    const unit: Unit | undefined = unitWord
      ? (
          {
            year: 'year',
            annum: 'year',
            annually: 'year',
            month: 'month',
            monthly: 'month',
            week: 'week',
            weekly: 'week',
            fortnight: 'fortnight',
          } as const
        )[unitWord as 'year']
      : undefined;
    const rands = m[1];
    out.push({
      start,
      end,
      cents: rands !== undefined ? toCents(rands) : Number(m[2]),
      text: m[0],
      unit,
      approx: /\b(?:about|around|roughly|approximately|some|approx\.?)\s*$/i.test(text.slice(Math.max(0, start - 16), start)),
      wholeRands: rands !== undefined && !rands.includes('.'),
    });
  }
  return out;
}

const MONTHS: Record<string, number> = {
  jan: 1,
  feb: 2,
  mar: 3,
  apr: 4,
  may: 5,
  jun: 6,
  jul: 7,
  aug: 8,
  sep: 9,
  oct: 10,
  nov: 11,
  dec: 12,
};
const MONTH =
  '(Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)';
const YEAR_LABEL_RE = /\b(20\d\d)\/(\d\d)\b|\b(20\d\d) (?:tax year|year of assessment)\b|\btax year (20\d\d)\b/g;
const DATE_RE = new RegExp(`(\\bbefore\\s+)?\\b(?:(\\d{1,2}) )?${MONTH} (20\\d\\d)\\b`, 'g');

interface YearRef {
  start: number;
  end: number;
  taxYear: number;
  /** Set for a date ("1 April 2025"); undefined for a year label ("2025/26"). */
  date?: string;
}

const pad = (n: number) => String(n).padStart(2, '0');
function dayBefore(iso: string): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

function findYearRefs(text: string): YearRef[] {
  const refs: YearRef[] = [];
  for (const m of text.matchAll(YEAR_LABEL_RE)) {
    let taxYear: number;
    if (m[1] !== undefined) {
      const first = Number(m[1]);
      if (Number(m[2]) !== (first + 1) % 100) continue; // not a tax-year label
      taxYear = first + 1;
    } else taxYear = Number(m[3] ?? m[4]);
    refs.push({ start: m.index!, end: m.index! + m[0].length, taxYear });
  }
  for (const m of text.matchAll(DATE_RE)) {
    let iso = `${m[4]}-${pad(MONTHS[m[3].slice(0, 3).toLowerCase()])}-${pad(m[2] ? Number(m[2]) : 1)}`;
    if (m[1]) iso = dayBefore(iso);
    refs.push({ start: m.index!, end: m.index! + m[0].length, taxYear: taxYearForIsoDate(iso), date: iso });
  }
  return refs.sort((a, b) => a.start - b.start);
}

/** Tax-year label → engine year: "2026/27" → 2027. */
export function taxYearOfLabel(label: string): number | undefined {
  const m = /^(20\d\d)\/(\d\d)$/.exec(label.trim());
  if (!m || Number(m[2]) !== (Number(m[1]) + 1) % 100) return undefined;
  return Number(m[1]) + 1;
}

/** Markdown emphasis, links and footnote marks out; what a reader sees stays. */
function plain(s: string): string {
  return s
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\*\*|__|`/g, '')
    .replace(/(^|[^\w*])\*([^*\n]+)\*(?!\w)/g, '$1$2')
    .replace(/[¹²³⁴⁵⁶⁷⁸⁹⁰†‡]/g, '')
    .replace(/[\u00a0\u202f]/g, ' ');
}

// ── Article → sentences and table rows ───────────────────────────────────────

/** Sections that quote figures in order to reject them, or only cite sources. */
const SKIP_SECTION = /wrong|mistake|pitfall|myth|clickbait|^sources?$/i;
/** Sentences that quote a figure as wrong, old or someone else's. */
const SKIP_SENTENCE =
  /\b(?:wrong(?:ly)?|incorrect(?:ly)?|invented|claim(?:s|ed|ing)\b(?! (?:the )?(?:ETI|employment tax incentive|it|them)\b)|(?:does not|doesn't|do not|did not) match|typo|old|outdated|out of date|previous(?:ly)?|formerly|instead of|rather than|mistaken(?:ly)?|erroneous(?:ly)?|would imply)\b/i;

interface Table {
  header: string[];
  rows: string[][];
  headings: string[];
}
interface Sentence {
  text: string;
  /** The bullet's or paragraph's bold lead term, and the table's header row: topic context. */
  lead: string;
  headings: string[];
}
interface Parsed {
  sentences: Sentence[];
  tables: Table[];
}

function splitSentences(block: string): string[] {
  return block
    .split(/(?<=[.!?])\s+(?=["'(]?[A-Z0-9])/)
    .map((s) => s.trim())
    .filter(Boolean);
}

const cells = (line: string) =>
  line
    .trim()
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split('|')
    .map((c) => plain(c).trim());

function parseArticle(body: string): Parsed {
  const lines = body.split(/\r?\n/);
  const sentences: Sentence[] = [];
  const tables: Table[] = [];
  const heads: string[] = []; // by level
  let fence = false;
  let block: string[] = [];
  let lead = '';
  const headings = () => heads.filter(Boolean).slice().reverse(); // innermost first
  const skipped = () => heads.some((h) => h && SKIP_SECTION.test(h));
  const flush = () => {
    if (block.length && !skipped()) {
      for (const s of splitSentences(plain(block.join(' ')))) sentences.push({ text: s, lead, headings: headings() });
    }
    block = [];
    lead = '';
  };
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i];
    if (/^\s*(```|~~~)/.test(raw)) {
      flush();
      fence = !fence;
      continue;
    }
    if (fence) continue;
    const h = /^(#{1,6})\s+(.*?)\s*#*\s*$/.exec(raw);
    if (h) {
      flush();
      const level = h[1].length;
      heads.length = level;
      heads[level - 1] = plain(h[2]);
      if (!skipped()) sentences.push({ text: plain(h[2]), lead: '', headings: headings().slice(1) });
      continue;
    }
    if (/^\s*\|/.test(raw)) {
      flush();
      const rows: string[][] = [];
      let header: string[] = [];
      for (; i < lines.length && /^\s*\|/.test(lines[i]); i++) {
        const line = lines[i];
        if (/^\s*\|?(?:\s*:?-{2,}:?\s*\|?)+\s*$/.test(line)) continue; // separator
        if (!header.length) header = cells(line);
        else rows.push(cells(line));
      }
      i--;
      if (!skipped()) tables.push({ header, rows, headings: headings() });
      continue;
    }
    const line = raw.replace(/^\s*>\s?/, '');
    if (!line.trim()) {
      flush();
      continue;
    }
    const bullet = /^\s*(?:[-*+]|\d+[.)])\s+(.*)$/.exec(line);
    if (bullet) {
      flush();
      block.push(bullet[1]);
    } else block.push(line.trim());
    if (block.length === 1) {
      // A term being defined: "**Tax threshold** – …", "**UIF:** …" (not a bold sentence or amount).
      const m = /^\*\*([^*]+?):?\*\*(?=\s*[:–—-]|\s*\()|^\*\*([^*]+?):\*\*/.exec(block[0]);
      const term = m ? plain(m[1] ?? m[2]).trim() : '';
      lead = term && !/R\s?\d/.test(term) ? term : '';
    }
  }
  flush();
  return { sentences, tables };
}

// ── Binding labels to amounts ────────────────────────────────────────────────

const AFTER_WORDS = new Set(
  (
    'is was are were be been will would remains remained remain stays stayed stay still now currently set fixed raised ' +
    'increased increases rises rose rising goes went moved moves of at to up from for in on the a an each every per hour ' +
    'hours month year annual annually monthly amount figure it this that which about around approximately roughly some ' +
    'under aged since by worth | with effect effective'
  ).split(' '),
);
const BEFORE_WORDS = new Set('a an the per month year hour monthly annual yearly for each of every'.split(' '));

function stripYears(gap: string): string {
  return gap
    .replace(YEAR_LABEL_RE, ' ')
    .replace(DATE_RE, ' ')
    .replace(/\b20\d\d\b/g, ' ');
}

function gapAfterOk(gap: string, extra: string[] = []): boolean {
  if (gap.length > 60) return false;
  let g = stripYears(gap).replace(/[−+-]\s*$/, ''); // a sign written before the amount
  g = g.replace(/\([^()]*\)/g, ' ');
  if (/[.;=×÷!?"“”]|\s[+−-]\s/.test(g)) return false;
  // "and" may join a second label ("primary and secondary rebates"), so it is not a linking word; "and older" is.
  g = g.replace(/\b(?:and|or) (?:older|over)\b/gi, ' ');
  const tokens = g
    .toLowerCase()
    .split(/[\s,:()—–']+/)
    .filter(Boolean);
  return tokens.every((t) => AFTER_WORDS.has(t) || extra.includes(t) || /^\d{1,3}\+?$/.test(t));
}

function gapBeforeOk(gap: string): boolean {
  if (gap.length > 25) return false;
  if (/[.;,=×÷:!?|"“”]/.test(gap)) return false;
  const tokens = gap
    .toLowerCase()
    .split(/[\s()]+/)
    .filter(Boolean);
  return tokens.every((t) => BEFORE_WORDS.has(t));
}

interface LabelHit {
  kind: FigureKind;
  match: RegExpExecArray;
  start: number;
  end: number;
  side: Side;
}

function findLabels(text: string, topicText: string, opts: { header?: boolean } = {}): LabelHit[] {
  const hits: LabelHit[] = [];
  const taken: [number, number][] = [];
  for (const kind of FIGURE_KINDS) {
    if (kind.headerOnly && !opts.header) continue;
    if (kind.exclude?.test(text)) continue;
    if (kind.localTopic && !kind.localTopic.test(text)) continue;
    if (kind.topic && !kind.topic.test(`${text}\n${topicText}`)) continue;
    for (const { re, side } of kind.labels) {
      re.lastIndex = 0;
      for (let m = re.exec(text); m; m = re.exec(text)) {
        const start = m.index;
        const end = start + m[0].length;
        if (m[0].length === 0) {
          re.lastIndex++;
          continue;
        }
        if (taken.some(([a, b]) => start < b && end > a)) continue;
        taken.push([start, end]);
        hits.push({ kind, match: m, start, end, side });
      }
    }
  }
  return hits;
}

interface Binding {
  kind: FigureKind;
  match: RegExpExecArray;
  amount: Amount;
  /** label start .. end of the amount's clause */
  qualifier: string;
  distance: number;
}

function bindLabels(text: string, amounts: Amount[], hits: LabelHit[]): Binding[] {
  const best = new Map<Amount, Binding>();
  for (const hit of hits) {
    const side = hit.side;
    const after = amounts.find((a) => a.start >= hit.end);
    const before = [...amounts].reverse().find((a) => a.end <= hit.start);
    const tryBind = (a: Amount | undefined, dir: 'after' | 'before'): Binding | undefined => {
      if (!a || (side !== 'both' && side !== dir)) return undefined;
      if (
        hit.kind.hourly &&
        /^\s*(?:(?:a|an|per|each)\s+(?:day|week|fortnight|month|year)|monthly|weekly|annually)\b/i.test(text.slice(a.end))
      )
        return undefined;
      const gap = dir === 'after' ? text.slice(hit.end, a.start) : text.slice(a.end, hit.start);
      if (!(dir === 'after' ? gapAfterOk(gap, hit.kind.gapWords) : gapBeforeOk(gap))) return undefined;
      const clauseEnd = text.slice(a.end).search(/[;.]\s|, (?=\D)|\)|$/);
      const from = Math.min(hit.start, a.start);
      const qualifier = text.slice(from, a.end + (clauseEnd < 0 ? 0 : clauseEnd));
      return { kind: hit.kind, match: hit.match, amount: a, qualifier, distance: gap.length };
    };
    // A label names one amount: the nearer of the two it could be bound to.
    const found = [tryBind(after, 'after'), tryBind(before, 'before')].filter((b): b is Binding => Boolean(b));
    if (!found.length) continue;
    const b = found.reduce((x, y) => (y.distance < x.distance ? y : x));
    const prev = best.get(b.amount);
    if (!prev || b.distance < prev.distance) best.set(b.amount, b);
  }
  return [...best.values()];
}

// ── Years ────────────────────────────────────────────────────────────────────

interface YearChoice {
  years: number[];
  date?: string;
  /** Where the year came from, for the failure message. */
  from: string;
}

const CLAUSE_SPLIT = /, |; |: |\(|\)| — | – | and | but | while | whereas /g;

function clauseIndex(text: string): (pos: number) => number {
  const cuts: number[] = [];
  for (const m of text.matchAll(CLAUSE_SPLIT)) cuts.push(m.index!);
  return (pos) => cuts.filter((c) => c < pos).length;
}

/** The year a sentence gives an amount: in its own clause, or in a clause of the sentence that states no amount. */
function yearInText(text: string, amountPos: number, amounts: Amount[], dated: boolean): YearChoice | undefined {
  const refs = findYearRefs(text).filter((r) => dated || r.date === undefined);
  if (!refs.length) return undefined;
  const clause = clauseIndex(text);
  const withAmount = new Set(amounts.map((a) => clause(a.start)));
  const own = refs.filter((r) => clause(r.start) === clause(amountPos));
  const free = refs.filter((r) => !withAmount.has(clause(r.start)));
  const pool = own.length ? own : free;
  if (!pool.length) return undefined;
  const nearest = pool.reduce((a, b) => (Math.abs(b.start - amountPos) < Math.abs(a.start - amountPos) ? b : a));
  return { years: [nearest.taxYear], date: nearest.date, from: text.slice(nearest.start, nearest.end) };
}

/** A heading or header cell that names exactly one tax year. */
function yearInLabel(text: string, dated: boolean): YearChoice | undefined {
  const refs = findYearRefs(text).filter((r) => dated || r.date === undefined);
  const years = [...new Set(refs.map((r) => r.taxYear))];
  if (years.length !== 1) return undefined;
  return { years, date: refs.find((r) => r.date)?.date, from: text };
}

function yearFromHeadings(headings: string[], dated: boolean): YearChoice | undefined {
  for (const h of headings) {
    const refs = findYearRefs(h).filter((r) => dated || r.date === undefined);
    if (!refs.length) continue;
    return yearInLabel(h, dated); // a heading naming two years settles nothing: the article's years apply
  }
  return undefined;
}

// ── Checking ─────────────────────────────────────────────────────────────────

export interface FigureCheck {
  file: string;
  kind: string;
  sentence: string;
  stated: string;
  expected: string;
  year: string;
  ok: boolean;
}

export interface ArticleInput {
  file: string;
  title: string;
  body: string;
  /** Front matter labels, e.g. ["2026/27"]. */
  taxYears: string[];
}

function formatCents(cents: number): string {
  const neg = cents < 0;
  const abs = Math.abs(cents);
  const rands = Math.floor(abs / 100);
  const c = Math.round(abs - rands * 100);
  const grouped = String(rands).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  return `${neg ? '-' : ''}R${grouped}${c ? `.${String(c).padStart(2, '0')}` : ''}`;
}

const PER: Record<Unit, number> = { year: 1, month: 12, week: 52, fortnight: 26 };

function matches(stated: Amount, expected: number, kind: FigureKind): boolean {
  let value = expected;
  let derived = false;
  if (kind.unit && stated.unit && stated.unit !== kind.unit) {
    value = (expected * PER[kind.unit]) / PER[stated.unit];
    derived = true;
  }
  const cents = Math.round(value);
  if (stated.cents === value || stated.cents === cents) return true;
  const loose = derived || stated.approx || Boolean(kind.roundsToRand);
  return loose && stated.wholeRands && stated.cents === Math.round(value / 100) * 100;
}

class Checker {
  checks: FigureCheck[] = [];
  private seen = new Set<string>();
  constructor(
    private article: ArticleInput,
    private articleYears: number[],
  ) {}

  /** `where` tells apart amounts of one row (the column) or one sentence (the position). */
  check(
    b: Binding,
    sentence: string,
    yearTiers: ((dated: boolean) => YearChoice | undefined)[],
    context: string,
    where = `${b.amount.start}`,
  ) {
    const key = `${sentence}\u0000${where}\u0000${b.kind.id}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    const dated = Boolean(b.kind.dated);
    let choice: YearChoice | undefined;
    for (const tier of yearTiers) {
      choice = tier(dated);
      if (choice) break;
    }
    choice ??= { years: this.articleYears, from: 'front matter taxYears' };
    const expected: number[] = [];
    const reasons: string[] = [];
    const labels: string[] = [];
    for (const ty of choice.years) {
      if (!isSupportedTaxYear(ty)) return; // a year the engine has no figures for: nothing to compare with
      const year = getTaxYear(ty);
      labels.push(year.label);
      if (dated && !choice.date) {
        // A year without a date: any table in force during that year.
        for (const e of b.kind.dated!(year)) {
          const v = b.kind.expected({ year, date: e.effectiveFrom, match: b.match, qualifier: b.qualifier, context });
          if (typeof v === 'number') expected.push(v);
          else reasons.push(v);
        }
      } else {
        const v = b.kind.expected({ year, date: choice.date, match: b.match, qualifier: b.qualifier, context });
        if (typeof v === 'number') expected.push(v);
        else reasons.push(v);
      }
    }
    const ok = expected.some((v) => matches(b.amount, v, b.kind));
    const shown = [...new Set(expected.map((v) => formatCents(Math.round(v))))];
    this.checks.push({
      file: this.article.file,
      kind: b.kind.name,
      sentence,
      stated: b.amount.text + (b.amount.unit ? ` (a ${b.amount.unit})` : ''),
      expected: (shown.length ? shown.join(' or ') : reasons.join('; ')) + (b.kind.unit ? ` a ${b.kind.unit}` : ''),
      year: choice.date ? `${choice.date} (${labels.join(', ')})` : labels.join(' or '),
      ok,
    });
  }
}

function proseBindings(text: string, topic: string, header = false) {
  const amounts = findAmounts(text);
  if (!amounts.length) return { amounts, bindings: [] as Binding[] };
  const hits = findLabels(text, topic, { header });
  return { amounts, bindings: bindLabels(text, amounts, hits) };
}

const RANGE_RE = /^(?:R\s?)?(\d[\d ,]*(?:\.\d+)?)\s*(?:[–-]|to)\s*(?:R\s?)?(\d[\d ,]*(?:\.\d+)?)$/;
const FROM_RE = /^(?:R\s?)?(\d[\d ,]*(?:\.\d+)?)\s+(?:and (?:above|over)|\+)$|^(?:above|over)\s+(?:R\s?)?(\d[\d ,]*(?:\.\d+)?)$/i;
const num = (s: string) => toCents(s.trim());

/** Income-tax and lump-sum tables: "245 101 – 383 100 | R44 118 + 26% of the amount above R245 100". */
function checkBracketTable(t: Table, ck: Checker, yearTiers: ((d: boolean) => YearChoice | undefined)[]) {
  const rowRe =
    /^(?:R?\s?(\d[\d ,]*(?:\.\d+)?)\s*\+\s*)?(\d+(?:\.\d+)?)%(?:\s+of\s+(?:taxable income|the (?:taxable )?(?:amount|income) (?:above|over|exceeding)\s+R?\s?(\d[\d ,]*)))?$/i;
  const rows = t.rows.map((r) => ({ r, m: r.length >= 2 ? rowRe.exec(r[1].replace(/\s+/g, ' ').trim()) : null })).filter((x) => x.m);
  if (rows.length < 2) return;
  const lump = /lump|severance|retire/i.test(`${t.header.join(' ')} ${t.headings.join(' ')}`);
  const what = lump ? 'lump-sum table' : 'income tax table';
  let choice: YearChoice | undefined;
  for (const tier of yearTiers) if ((choice = tier(false))) break;
  const years = choice?.years ?? [];
  for (const ty of years) {
    if (!isSupportedTaxYear(ty)) continue;
    const y = getTaxYear(ty);
    const lower = lump ? y.lumpSum.lowerCents : y.bracketLowerCents;
    const base = lump ? y.lumpSum.baseCents : y.bracketBaseCents;
    const rates = lump ? y.lumpSum.rateBp : y.bracketRateBp;
    rows.forEach(({ r, m }, k) => {
      const ratePct = Number(m![2]);
      const j = rows.length === rates.length ? k : rates.indexOf(ratePct * 100);
      const sentence = r.join(' | ');
      const push = (kind: string, stated: string, expected: string, ok: boolean) =>
        ck.checks.push({ file: '', kind: `${what} ${kind}`, sentence, stated, expected, year: y.label, ok });
      if (j < 0 || j >= rates.length) {
        push('row', `${ratePct}%`, `one of ${rates.map((x) => `${x / 100}%`).join(', ')}`, false);
        return;
      }
      push(`bracket ${j + 1} rate`, `${ratePct}%`, `${rates[j] / 100}%`, ratePct * 100 === rates[j]);
      push(`bracket ${j + 1} base`, formatCents(m![1] ? num(m![1]) : 0), formatCents(base[j]), (m![1] ? num(m![1]) : 0) === base[j]);
      if (m![3]) push(`bracket ${j + 1} "above"`, formatCents(num(m![3])), formatCents(lower[j]), num(m![3]) === lower[j]);
      const range = RANGE_RE.exec(r[0]);
      const from = FROM_RE.exec(r[0]);
      if (range) {
        const a = num(range[1]);
        const b = num(range[2]);
        push(`bracket ${j + 1} from`, formatCents(a), formatCents(lower[j] + 100), a === lower[j] || a === lower[j] + 100);
        push(
          `bracket ${j + 1} to`,
          formatCents(b),
          lower[j + 1] === undefined ? 'no upper limit' : formatCents(lower[j + 1]),
          b === lower[j + 1],
        );
      } else if (from) {
        const a = num(from[1] ?? from[2]);
        push(
          `bracket ${j + 1} from`,
          formatCents(a),
          formatCents(lower[j] + 100),
          (a === lower[j] || a === lower[j] + 100) && j === rates.length - 1,
        );
      }
    });
  }
}

/** ETI tables: "R2 500 – R5 499.99 | R1 500 | R750", "R5 500 – R7 499.99 | R1 500 − 0.75 × (remuneration − R5 500) | …". */
function checkEtiTable(t: Table, ck: Checker, yearTiers: ((d: boolean) => YearChoice | undefined)[]) {
  if (!ETI.test(t.header.join(' '))) return;
  const bandRows = t.rows.filter((r) => RANGE_RE.test(r[0].replace(/\s+/g, ' ')) || FROM_RE.test(r[0]));
  if (!bandRows.length || !bandRows.some((r) => /R\s?\d/.test(r[0]))) return;
  let choice: YearChoice | undefined;
  for (const tier of yearTiers) if ((choice = tier(true))) break;
  if (!choice) return;
  const yearOf = (col: number) =>
    /first|year one|1\s*[–-]\s*12/i.test(t.header[col])
      ? 'firstYear'
      : /next|second|year two|13\s*[–-]\s*24/i.test(t.header[col])
        ? 'secondYear'
        : undefined;
  const tables: { label: string; eti: CompiledTaxYear['eti'][number]['value'] }[] = [];
  for (const ty of choice.years) {
    if (!isSupportedTaxYear(ty)) continue;
    const y = getTaxYear(ty);
    if (choice.date) {
      const e = datedValueAt(y.eti, choice.date);
      if (e) tables.push({ label: `${choice.date} (${y.label})`, eti: e.value });
    } else for (const e of y.eti) tables.push({ label: `${e.effectiveFrom} (${y.label})`, eti: e.value });
  }
  if (!tables.length) return;
  for (const r of bandRows) {
    const sentence = r.join(' | ');
    // Each row must agree with one of the candidate tables (one table when a date is given).
    const results = tables.map(({ label, eti }) => {
      const edges = [0, eti.percentBandUpperCents, eti.flatBandUpperCents, eti.taperBandUpperCents];
      const out: Omit<FigureCheck, 'file'>[] = [];
      const range = RANGE_RE.exec(r[0].replace(/\s+/g, ' '));
      const from = FROM_RE.exec(r[0]);
      const lo = range ? num(range[1]) : num(from![1] ?? from![2]);
      const band = edges.indexOf(lo);
      out.push({
        kind: 'ETI band start',
        sentence,
        stated: formatCents(lo),
        expected: `one of ${edges.map(formatCents).join(', ')}`,
        year: label,
        ok: band >= 0,
      });
      if (range && band >= 0) {
        const hi = num(range[2]);
        const next = edges[band + 1];
        out.push({
          kind: 'ETI band end',
          sentence,
          stated: formatCents(hi),
          expected: next === undefined ? 'open-ended' : formatCents(next - 1),
          year: label,
          ok: next !== undefined && hi === next - 1,
        });
      }
      if (band >= 0) {
        for (let col = 1; col < r.length; col++) {
          const which = yearOf(col);
          if (!which) continue;
          const rates = eti[which];
          const cell = r[col];
          if (band === 0) {
            const p = /(\d+(?:\.\d+)?)%/.exec(cell);
            if (p)
              out.push({
                kind: `ETI ${which} percentage`,
                sentence,
                stated: `${p[1]}%`,
                expected: `${rates.percentBp / 100}%`,
                year: label,
                ok: Number(p[1]) * 100 === rates.percentBp,
              });
          } else if (band === 1) {
            const a = findAmounts(cell)[0];
            if (a)
              out.push({
                kind: `ETI ${which} flat amount`,
                sentence,
                stated: a.text,
                expected: formatCents(rates.flatCents),
                year: label,
                ok: a.cents === rates.flatCents,
              });
          } else if (band === 2) {
            const a = findAmounts(cell);
            const f = /(\d+(?:\.\d+)?)\s*×/.exec(cell);
            if (a[0])
              out.push({
                kind: `ETI ${which} taper start amount`,
                sentence,
                stated: a[0].text,
                expected: formatCents(rates.flatCents),
                year: label,
                ok: a[0].cents === rates.flatCents,
              });
            if (f)
              out.push({
                kind: `ETI ${which} taper factor`,
                sentence,
                stated: f[1],
                expected: String(rates.taperBp / 10_000),
                year: label,
                ok: Math.round(Number(f[1]) * 10_000) === rates.taperBp,
              });
            if (a[1])
              out.push({
                kind: `ETI ${which} taper from`,
                sentence,
                stated: a[1].text,
                expected: formatCents(eti.flatBandUpperCents),
                year: label,
                ok: a[1].cents === eti.flatBandUpperCents,
              });
          } else {
            out.push({
              kind: `ETI ${which} above the limit`,
              sentence,
              stated: cell,
              expected: 'Nil',
              year: label,
              ok: /^nil$|^r\s?0(?:\.00)?$/i.test(cell.trim()),
            });
          }
        }
      }
      return out;
    });
    const good = results.find((rs) => rs.every((c) => c.ok));
    for (const c of good ?? results[0]) ck.checks.push({ file: '', ...c });
  }
}

/** Every figure check for one article (ok and failed). */
export function checkArticleFigures(article: ArticleInput): FigureCheck[] {
  const years = article.taxYears.map(taxYearOfLabel).filter((y): y is number => y !== undefined);
  const ck = new Checker(article, years);
  const parsed = parseArticle(`# ${article.title}\n\n${article.body}`);

  for (const s of parsed.sentences) {
    if (SKIP_SENTENCE.test(s.text)) continue;
    const topic = [s.lead, ...s.headings, article.title].join('\n');
    const { amounts, bindings } = proseBindings(s.text, topic);
    const tiers = (b: Binding) => [
      (d: boolean) => yearInText(s.text, b.amount.start, amounts, d),
      (d: boolean) => yearFromHeadings(s.headings, d),
    ];
    for (const b of bindings) ck.check(b, s.text, tiers(b), `${s.text}\n${topic}`);
    // A glossary-style bullet ("Tax threshold – … For 2026/27: R99 000 under 65."): its bold lead labels a later
    // sentence that states exactly one amount, no calculation and no label of its own.
    if (s.lead && !s.text.includes(s.lead) && amounts.length === 1 && !findLabels(s.text, topic).length && !/[×÷=]/.test(s.text)) {
      const hit = findLabels(s.lead, topic)[0];
      if (hit) {
        const a = amounts[0];
        const clauseEnd = s.text.slice(a.end).search(/[;.]\s|, (?=\D)|\)|$/);
        const b: Binding = {
          kind: hit.kind,
          match: hit.match,
          amount: a,
          qualifier: `${s.lead} ${s.text.slice(0, a.end + Math.max(0, clauseEnd))}`,
          distance: 0,
        };
        if (!(
          hit.kind.hourly &&
          /^\s*(?:(?:a|an|per|each)\s+(?:day|week|fortnight|month|year)|monthly|weekly|annually)\b/i.test(s.text.slice(a.end))
        )) {
          ck.check(b, `${s.lead} – … ${s.text}`, tiers(b), `${s.text}\n${topic}`);
        }
      }
    }
  }

  for (const t of parsed.tables) {
    const headerText = t.header.join(' | ');
    const tableTopic = [headerText, ...t.headings, article.title].join('\n');
    const headTiers = [(d: boolean) => yearFromHeadings(t.headings, d)];
    checkBracketTable(t, ck, headTiers);
    checkEtiTable(t, ck, headTiers);

    // Header cells are read like sentences too ("Tax after R17 820 rebate").
    for (const h of t.header) {
      if (SKIP_SENTENCE.test(h)) continue;
      const { amounts, bindings } = proseBindings(h, tableTopic);
      for (const b of bindings)
        ck.check(b, h, [(d) => yearInText(h, b.amount.start, amounts, d), ...headTiers], tableTopic, `header:${b.amount.start}`);
    }

    // What each column header says: a year, a kind of figure, or something else.
    const colKind = t.header.map((h, i) => {
      if (i === 0) return undefined;
      if (findAmounts(h).length) return undefined; // "Tax after R17 820 rebate" describes a calculation
      const hits = findLabels(h, tableTopic, { header: true });
      if (hits.length) return { type: 'kind' as const, hit: hits[0] };
      if (findYearRefs(h).length) return { type: 'year' as const };
      return undefined;
    });

    for (const r of t.rows) {
      const rowText = r.join(' | ');
      if (SKIP_SENTENCE.test(rowText)) continue;
      const rowLabel = r[0] ?? '';
      const rowTopic = `${rowLabel}\n${tableTopic}`;
      const cellTiers = (col: number, cellAmounts: Amount[], pos: number) => [
        (d: boolean) => yearInText(r[col], pos, cellAmounts, d),
        (d: boolean) => yearInLabel(rowLabel, d),
        (d: boolean) => yearInLabel(t.header[col] ?? '', d),
        ...headTiers,
      ];
      const handled = new Set<number>();

      for (let col = 1; col < r.length; col++) {
        const cell = r[col];
        const cellAmounts = findAmounts(cell);
        // Labels inside the cell itself ("(first bracket, up to R245 100)", "Primary + secondary R9 765").
        const inner = proseBindings(cell, `${rowTopic}\n${t.header[col] ?? ''}`);
        for (const b of inner.bindings)
          ck.check(b, rowText, cellTiers(col, cellAmounts, b.amount.start), `${rowText}\n${tableTopic}`, `${col}:${b.amount.start}`);
        if (inner.bindings.length) {
          handled.add(col);
          continue;
        }
        const ck2 = colKind[col];
        if (!ck2 || cellAmounts.length !== 1) continue;
        const rest = cell.slice(0, cellAmounts[0].start) + cell.slice(cellAmounts[0].end);
        if (/[×÷=]|\s[+−-]\s/.test(rest)) continue; // a calculation, not a figure
        const a = cellAmounts[0];
        let hit: LabelHit | undefined;
        if (ck2.type === 'kind') hit = ck2.hit;
        else hit = findLabels(rowLabel, `${t.header[col]}\n${tableTopic}`, { header: true })[0];
        if (!hit) continue;
        handled.add(col);
        const b: Binding = { kind: hit.kind, match: hit.match, amount: a, qualifier: `${rowLabel} ${t.header[col]}`, distance: 0 };
        ck.check(b, rowText, cellTiers(col, cellAmounts, a.start), `${rowText}\n${tableTopic}`, `${col}:${a.start}`);
      }

      // A row labelled in its first cell ("Less primary rebate | − R17 820 | R138 091.00"): the first amount after it.
      const labelHits = findLabels(rowLabel, rowTopic);
      if (!labelHits.length) continue;
      const offsets: number[] = [];
      let text = '';
      r.forEach((c, i) => {
        offsets[i] = text.length;
        text += (i ? ' | ' : '') + c;
        if (i) offsets[i] += 3;
      });
      const amounts = findAmounts(text);
      const hits = findLabels(text, rowTopic).filter((h) => h.end <= rowLabel.length);
      for (const b of bindLabels(text, amounts, hits)) {
        if (b.amount.start < rowLabel.length) {
          ck.check(
            b,
            rowText,
            [(d) => yearInText(rowLabel, b.amount.start, findAmounts(rowLabel), d), (d) => yearInLabel(rowLabel, d), ...headTiers],
            `${rowText}\n${tableTopic}`,
            `0:${b.amount.start}`,
          );
          continue;
        }
        let col = 0;
        while (col + 1 < offsets.length && offsets[col + 1] <= b.amount.start) col++;
        if (handled.has(col) || colKind[col]) continue;
        const cellAmounts = findAmounts(r[col]);
        const pos = b.amount.start - offsets[col];
        ck.check(
          { ...b, amount: { ...b.amount, start: pos } },
          rowText,
          cellTiers(col, cellAmounts, pos),
          `${rowText}\n${tableTopic}`,
          `${col}:${pos}`,
        );
      }
    }
  }
  return ck.checks.map((c) => ({ ...c, file: article.file }));
}

export function describeMismatch(c: FigureCheck): string {
  return `${c.file}: ${c.kind} for ${c.year}: the article states ${c.stated}, the engine has ${c.expected} — in "${c.sentence}"`;
}
