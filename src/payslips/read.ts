/**
 * Reads a payslip's text (pasted, or taken out of a text-based PDF) into its parts: the pay date and period, each
 * earning, each deduction, the employer's contributions and the totals. Pure: no I/O, no clock.
 *
 * Payroll systems lay payslips out in columns ("Earnings  Hours  Rate  Amount   Deductions  Current  YTD"), in one
 * column with section headings, or as "Label: R 1 234.56" lines. A line is split into cells on runs of 2+ spaces,
 * tabs or bars; a cell with letters is a label and the numbers after it are its values. A header line names the
 * columns of each side, so the amount is taken from the "Amount"/"Current" column and never from hours, rates or
 * year-to-date figures. What a line's label means comes from the vocabulary below, not from whole sentences.
 */
import type { IsoDate, PayPeriod } from '../payroll';

export type EarningKind = 'basic' | 'overtime' | 'commission' | 'bonus' | 'travel' | 'allowance';
export type DeductionKind = 'paye' | 'uif' | 'retirement' | 'medical' | 'other';
export type EmployerKind = 'uif' | 'sdl' | 'retirement' | 'medical' | 'other';
type TotalKind = 'gross' | 'deductions' | 'net' | 'employer';
type Section = 'earnings' | 'deductions' | 'employer';

export interface ReadLine<K> {
  label: string;
  kind: K;
  cents: number;
}

export interface ReadPayslip {
  payDate: IsoDate | null;
  /** True when no line named the pay date and it was taken from the period (its end) or another date. */
  payDateAssumed: boolean;
  period: PayPeriod;
  /** True when no word on the slip named the period and monthly was assumed. */
  periodAssumed: boolean;
  earnings: ReadLine<EarningKind>[];
  deductions: ReadLine<DeductionKind>[];
  employer: ReadLine<EmployerKind>[];
  grossCents: number | null;
  totalDeductionsCents: number | null;
  netCents: number | null;
  /** Lines with an amount that could not be placed, for the user to see (never used silently). */
  unread: string[];
}

// The vocabulary: label words → meaning. The first matching row wins, so the more specific rows come first.
const TOTALS: [RegExp, TotalKind][] = [
  [/\b(nett?|take[- ]?home)\b.*\b(pay|salary|amount|income)?|\bamount (paid|payable)\b|\bnett?\b/i, 'net'],
  [/\btotal\b.*\b(deductions?)\b/i, 'deductions'],
  [/\btotal\b.*\b(employer|company)\b/i, 'employer'],
  [/\bgross\b|\btotal\b.*\b(earnings|income|remuneration|pay)\b/i, 'gross'],
];
const SECTION_WORDS: [RegExp, Section][] = [
  [/\b(employer|company)('s)?\s+(contributions?|costs?)\b|\bcompany contributions?\b/i, 'employer'],
  [/\bdeductions?\b/i, 'deductions'],
  [/\b(earnings|income|remuneration|payments)\b/i, 'earnings'],
];
const EARNINGS: [RegExp, EarningKind][] = [
  [/\bover\s?time\b|\bo\/t\b|\bot\b/i, 'overtime'],
  [/\bcommission\b/i, 'commission'],
  [/\bbonus\b|13th cheque|thirteenth cheque/i, 'bonus'],
  [/\b(travel|car|vehicle)\s+allowance\b|\btravel\b/i, 'travel'],
  [/\ballowance\b/i, 'allowance'],
  [/\b(basic|salary|wages?|normal (time|hours|pay)|ordinary)\b/i, 'basic'],
];
const DEDUCTIONS: [RegExp, DeductionKind][] = [
  [/\buif\b|unemployment/i, 'uif'],
  [/\bpaye\b|\bsite\b|\b(income )?tax\b(?!\s*(no|number|ref|year|certificate|directive|able))/i, 'paye'],
  [/\b(pension|provident|retirement)\b|\bretirement annuity\b|\bra\b/i, 'retirement'],
  [/\bmedical\b|\bmed(ical)? aid\b|\bhealth\b/i, 'medical'],
];
const EMPLOYER: [RegExp, EmployerKind][] = [
  [/\bsdl\b|skills/i, 'sdl'],
  [/\buif\b|unemployment/i, 'uif'],
  [/\b(pension|provident|retirement)\b/i, 'retirement'],
  [/\bmedical\b|\bmed aid\b/i, 'medical'],
];
/** Column headings: which of a side's number columns holds this period's amount. */
const AMOUNT_COLUMN = /^(amount|current|this (period|month)|value|rand|r)$/i;
const OTHER_COLUMN = /^(hours|hrs|units|qty|quantity|rate|days|ytd|year[- ]to[- ]date|balance|total ytd|cumulative)$/i;
const EMPLOYER_HINT = /\b(employer|company|er)\b/i;

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
const MONTH_RE = `(${MONTHS.map((m) => `${m.slice(0, 3)}(?:${m.slice(3)})?`).join('|')})\\.?`;

const pad = (n: number) => String(n).padStart(2, '0');
const iso = (y: number, m: number, d: number): IsoDate | null => {
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return y >= 1990 && y <= 2200 && m >= 1 && m <= 12 && d >= 1 && d <= last ? `${y}-${pad(m)}-${pad(d)}` : null;
};
const monthIndex = (word: string) => MONTHS.findIndex((m) => m.startsWith(word.toLowerCase().replace('.', '').slice(0, 3))) + 1;

/** Every date written in a line, in order: 25/11/2026, 2026-11-25, 25 Nov 2026, and "November 2026" (its last day). */
export function datesIn(text: string): IsoDate[] {
  const found: { at: number; date: IsoDate }[] = [];
  const add = (at: number, d: IsoDate | null) => d && found.push({ at, date: d });
  for (const m of text.matchAll(/\b(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})\b/g)) add(m.index, iso(+m[1], +m[2], +m[3]));
  for (const m of text.matchAll(/\b(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})\b/g)) add(m.index, iso(+m[3], +m[2], +m[1]));
  const spelled = new RegExp(`\\b(?:(\\d{1,2})(?:st|nd|rd|th)?\\s+)?${MONTH_RE}\\s+(\\d{4})\\b`, 'gi');
  for (const m of text.matchAll(spelled)) {
    const y = +m[3];
    const mo = monthIndex(m[2]);
    add(m.index, m[1] ? iso(y, mo, +m[1]) : iso(y, mo, new Date(Date.UTC(y, mo, 0)).getUTCDate()));
  }
  return found.sort((a, b) => a.at - b.at).map((f) => f.date);
}

/** A money cell: "R 25 000.00", "25,000.00", "25 000", "(150.00)", "-150.00", "R25000". Cents, or null. */
export function parseAmount(cell: string): number | null {
  const s = cell.replace(/[\u00a0\u202f]/g, ' ').trim();
  const m = /^(\()?\s*([-−])?\s*R?\s*([-−])?\s*(\d{1,3}(?:[ ,]\d{3})+|\d+)(?:\.(\d{1,2}))?\s*(\))?$/i.exec(s);
  if (!m) return null;
  const whole = Number(m[4].replace(/[ ,]/g, ''));
  const cents = whole * 100 + Number((m[5] ?? '0').padEnd(2, '0'));
  const negative = Boolean(m[2] || m[3] || (m[1] && m[6]));
  return negative ? -cents : cents;
}

const cellsOf = (line: string) =>
  line
    .replace(/[\u00a0\u202f]/g, ' ')
    .split(/\t|\s*\|\s*|\s{2,}|(?<=:)\s+(?=[-−(]?R?\s?\d)/)
    .map((c) => c.trim())
    .filter(Boolean);
const isLabel = (cell: string) => /[a-z]{2}/i.test(cell) && parseAmount(cell) === null;
const match = <K>(table: [RegExp, K][], label: string) => table.find(([re]) => re.test(label))?.[1];

/** A line's cells grouped as [label, its numbers…] pairs, left to right. */
function groups(cells: string[]): { label: string; numbers: number[] }[] {
  const out: { label: string; numbers: number[] }[] = [];
  // "TOTAL DEDUCTIONS 8,994.75": a label and its amount one space apart (an amount with cents or an R, never a year).
  const split = cells.flatMap((cell) => {
    const m = /^(.*[a-z)\]:])\s+((?:[-−(]\s*)?R\s?[\d ,]+(?:\.\d{1,2})?\)?|(?:[-−(]\s*)?[\d ,]*\d\.\d{2}\)?)$/i.exec(cell);
    return m && parseAmount(m[2]) !== null ? [m[1], m[2]] : [cell];
  });
  for (const cell of split) {
    const amount = parseAmount(cell);
    if (amount === null) {
      if (isLabel(cell)) out.push({ label: cell.replace(/[:\s]+$/, ''), numbers: [] });
      continue;
    }
    if (out.length) out[out.length - 1].numbers.push(amount);
  }
  return out;
}

/** Which number of a side's values is this period's amount, counted from the right (values are right-aligned). */
interface Side {
  section: Section | null;
  amountFromRight: number;
}

function headerSides(cells: string[]): Side[] | null {
  const sides: { section: Section | null; columns: string[] }[] = [];
  let any = false;
  for (const cell of cells) {
    const section = match(SECTION_WORDS, cell) ?? null;
    if (section && !AMOUNT_COLUMN.test(cell) && !OTHER_COLUMN.test(cell)) {
      sides.push({ section, columns: [] });
    } else if (AMOUNT_COLUMN.test(cell) || OTHER_COLUMN.test(cell) || /^description$/i.test(cell)) {
      any = true;
      if (!sides.length) sides.push({ section: null, columns: [] });
      if (!/^description$/i.test(cell)) sides[sides.length - 1].columns.push(cell);
    } else {
      return null;
    }
  }
  if (!any) return null;
  return sides.map((s) => {
    const at = s.columns.findIndex((c) => AMOUNT_COLUMN.test(c));
    return { section: s.section, amountFromRight: at < 0 ? 0 : s.columns.length - 1 - at };
  });
}

function periodOf(text: string): { period: PayPeriod; assumed: boolean } {
  if (/\bfortnight(ly)?\b|\bbi-?weekly\b/i.test(text)) return { period: 'fortnightly', assumed: false };
  if (/\bweekly\b|\bweek (ending|no\.?|\d)/i.test(text)) return { period: 'weekly', assumed: false };
  if (/\bmonthly\b|\bmonth\b/i.test(text)) return { period: 'monthly', assumed: false };
  return { period: 'monthly', assumed: true };
}

function payDateOf(lines: string[]): { date: IsoDate | null; assumed: boolean } {
  const labelled = (re: RegExp) => {
    for (const line of lines)
      if (re.test(line)) {
        const after = line.slice(line.search(re));
        const dates = datesIn(after);
        if (dates.length) return dates[dates.length > 1 && /period|ending|to\b/i.test(after) ? dates.length - 1 : 0];
      }
    return null;
  };
  const paid = labelled(/\b(pay(ment)?|paid)\s*(date|on)\b|\bdate\s+paid\b|\bpaid\b/i);
  if (paid) return { date: paid, assumed: false };
  const other =
    labelled(/\bperiod\s+end(ing|ed)?\b|\bmonth\s+end(ing)?\b|\bweek\s+ending\b/i) ??
    labelled(/\b(pay\s*)?period\b|\bmonth\b/i) ??
    lines.map(datesIn).find((d) => d.length)?.[0] ??
    null;
  return { date: other, assumed: other !== null };
}

export function readPayslip(text: string): ReadPayslip {
  const lines = text
    .split(/\r?\n/)
    .map((l) => l.replace(/\s+$/, ''))
    .filter((l) => l.trim());
  const { period, assumed } = periodOf(text);
  const payDate = payDateOf(lines);
  const out: ReadPayslip = {
    payDate: payDate.date,
    payDateAssumed: payDate.assumed,
    period,
    periodAssumed: assumed,
    earnings: [],
    deductions: [],
    employer: [],
    grossCents: null,
    totalDeductionsCents: null,
    netCents: null,
    unread: [],
  };
  let sides: Side[] = [{ section: null, amountFromRight: 0 }];
  for (const line of lines) {
    const cells = cellsOf(line);
    const header = headerSides(cells);
    if (header) {
      sides = header;
      continue;
    }
    const parts = groups(cells);
    if (parts.length && parts.every((p) => !p.numbers.length)) {
      // A heading on its own ("Deductions", "Employer contributions") starts a section for the lines below it.
      const sections = parts.map((p) => match(SECTION_WORDS, p.label)).filter(Boolean) as Section[];
      if (sections.length === parts.length && !parts.some((p) => match(TOTALS, p.label)))
        sides = sections.map((section) => ({ section, amountFromRight: 0 }));
      continue;
    }
    parts.forEach((part, i) => {
      if (!part.numbers.length) return;
      const side = sides[Math.min(i, sides.length - 1)];
      const pick = part.numbers.length - 1 - Math.min(side.amountFromRight, part.numbers.length - 1);
      place(out, part.label, part.numbers[pick], side.section, line);
    });
  }
  return out;
}

/** Lines that carry numbers but no pay: employee numbers, rates, hours, leave balances, bank details. */
/** Figures that are not this period's pay: year-to-date and annual amounts, and bases ("PAYE remuneration"). */
const NOT_THIS_PERIOD =
  /\b(annual|annually|ytd|year[- ]to[- ]date|cumulative|taxable)\b|\b(paye|uif|sdl|tax)\s+(remuneration|income|earnings|base)\b/i;
const META = /\b(date|no\.?|number|id|ref(erence)?|account|bank|branch|rate per hour|hourly rate|hours worked|leave (balance|due))\b/i;

function place(out: ReadPayslip, label: string, cents: number, section: Section | null, line: string) {
  const total = match(TOTALS, label);
  const deduction = match(DEDUCTIONS, label);
  const earning = match(EARNINGS, label);
  if (!total && (META.test(label) || NOT_THIS_PERIOD.test(label))) return;
  if (total === 'net') return void (out.netCents = cents);
  if (total === 'deductions') return void (out.totalDeductionsCents = cents);
  if (total === 'gross') return void (out.grossCents = cents);
  if (total === 'employer') return;
  const employerKind = match(EMPLOYER, label);
  if (section === 'employer' || (employerKind && (EMPLOYER_HINT.test(label) || employerKind === 'sdl'))) {
    out.employer.push({ label, kind: employerKind ?? 'other', cents });
  } else if (section === 'deductions' || (section === null && deduction && !earning)) {
    out.deductions.push({ label, kind: deduction ?? 'other', cents });
  } else if (section === 'earnings' || earning) {
    out.earnings.push({ label, kind: earning ?? 'allowance', cents });
  } else {
    out.unread.push(line.trim());
  }
}

/**
 * Whether a reading is of a payslip rather than of a question that mentions pay: something earned, PAYE, UIF or net
 * pay beside it, and at least three amounts placed. A sentence ("PAYE on R20 000?") places none: the reader takes
 * amounts only from cells laid out as a slip's lines.
 */
export function isPayslip(slip: ReadPayslip): boolean {
  const placed =
    slip.earnings.length +
    slip.deductions.length +
    slip.employer.length +
    [slip.grossCents, slip.totalDeductionsCents, slip.netCents].filter((c) => c !== null).length;
  const statutory = slip.deductions.some((d) => d.kind === 'paye' || d.kind === 'uif') || slip.netCents !== null;
  return slip.earnings.length > 0 && statutory && placed >= 3;
}
