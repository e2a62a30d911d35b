/**
 * The compliance calendar: every statutory date between two days, sorted. Pure: no I/O, no clock (every date is an
 * argument). SARS's returns come from the payroll engine's `deadlineFor` (the 7th-or-last-business-day rule over
 * the public holidays); the rest are the dates of the facts sheet §7 and §29, with the sheet's caveats.
 */
import {
  addDays,
  dayLabel,
  deadlineFor,
  isBusinessDay,
  lastBusinessDayOnOrBefore,
  monthLabel,
  publicHolidays,
  weekdayOf,
  type ReturnKind,
  isIsoDate,
  taxYearLabel,
  type IsoDate,
} from '../payroll';
import { ARTICLE_SLUGS, type ArticleSlug } from './articles';

export const DEADLINE_KINDS = [
  'emp201',
  'uif-declaration',
  'emp501-interim',
  'emp501-annual',
  'irp5',
  'coida-roe',
  'wsp-atr',
  'pay-day',
] as const;
export type DeadlineKind = (typeof DEADLINE_KINDS)[number];

export interface CalendarDeadline {
  /** The day it is due (yyyy-mm-dd). */
  date: IsoDate;
  kind: DeadlineKind;
  /** "EMP201 for November 2026". */
  title: string;
  /** What is due, in a sentence. */
  due: string;
  /** The knowledge article's path under db/knowledge, without .md. */
  articleSlug: ArticleSlug;
  /** The period it is for: a month (yyyy-mm), a tax year ("2026/27") or a year ("2027"); with `kind`, its identity. */
  covers: string;
  /** What the facts sheet marks to be verified, or where a date may still move. */
  caveat?: string;
  /** A client company's own date (its pay day), by the client's id. */
  clientId?: number;
}

export const PAY_WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Weekday = (typeof PAY_WEEKDAYS)[number];
const isWeekday = (v: unknown): v is Weekday => (PAY_WEEKDAYS as readonly unknown[]).includes(v);

export interface CalendarOptions {
  /**
   * The employer's pay day: of the month (1–31; a later day than the month has is its last day), `last` (the last
   * business day), or a weekday for a weekly payroll.
   */
  payDay?: number | 'last' | Weekday;
}

/**
 * Local government elections must fall in this window; an election day declared a public holiday (s2A of the
 * Public Holidays Act) is not yet known and would move a due date on it (facts sheet §29, [VERIFY]).
 */
const ELECTION_WINDOWS: { from: IsoDate; to: IsoDate; text: string }[] = [
  {
    from: '2026-11-02',
    to: '2027-01-30',
    text: 'Local government elections fall between 2 November 2026 and 30 January 2027; if the election day is declared a public holiday and falls on this date, the return is due the business day before.',
  },
];

const monthsOf = (from: IsoDate, to: IsoDate): string[] => {
  const out: string[] = [];
  let [y, m] = from.split('-').map(Number);
  const [ty, tm] = to.split('-').map(Number);
  while (y < ty || (y === ty && m <= tm)) {
    out.push(`${y}-${String(m).padStart(2, '0')}`);
    [y, m] = m === 12 ? [y + 1, 1] : [y, m + 1];
  }
  return out;
};
const previousMonth = (ym: string) => {
  const [y, m] = ym.split('-').map(Number);
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
};
const lastDayOfMonth = (ym: string): IsoDate => {
  const [y, m] = ym.split('-').map(Number);
  return addDays(m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`, -1);
};
/** `{ caveat }` when there is one, else nothing (so the JSON has no empty key). */
const caveats = (...c: (string | undefined)[]) => {
  const text = c.filter(Boolean).join(' ');
  return text ? { caveat: text } : {};
};
const electionCaveat = (date: IsoDate) => ELECTION_WINDOWS.find((w) => date >= w.from && date <= w.to)?.text;

function monthly(kind: 'emp201' | 'uif-declaration', month: string): CalendarDeadline {
  const d = deadlineFor(kind, { month });
  const moved =
    d.dueDate !== d.nominal
      ? ` (the 7th is ${dayLabel(d.nominal).split(' ')[0]}${d.working[1]?.includes('public holiday') ? ', a public holiday' : ''})`
      : '';
  const common = { date: d.dueDate, kind, covers: month, articleSlug: ARTICLE_SLUGS[kind] } as const;
  if (kind === 'emp201') {
    return {
      ...common,
      title: `EMP201 for ${monthLabel(month)}`,
      due: `Declare and pay the PAYE, UIF and SDL (less ETI) for ${monthLabel(month)} to SARS${moved}.`,
      ...caveats(d.caveat, electionCaveat(d.dueDate)),
    };
  }
  return {
    ...common,
    title: `UIF declaration for ${monthLabel(month)}`,
    due: `Declare ${monthLabel(month)}'s employees and their pay on uFiling, with new starters, leavers and changes of status${moved}.`,
    ...caveats(d.caveat, electionCaveat(d.dueDate)),
  };
}

/** The yearly returns SARS sets for a tax year (by its ending year). */
function sarsYearly(ty: number): CalendarDeadline[] {
  const item = (kind: ReturnKind & DeadlineKind, title: string, due: string): CalendarDeadline => {
    const d = deadlineFor(kind, { taxYear: ty });
    return { date: d.dueDate, kind, title, due, articleSlug: ARTICLE_SLUGS[kind], covers: taxYearLabel(ty), ...caveats(d.caveat) };
  };
  return [
    item(
      'emp501-interim',
      `Interim EMP501 for ${taxYearLabel(ty)}`,
      `Reconcile the EMP201s and IRP5/IT3(a)s of 1 March – 31 August ${ty - 1} with SARS (EMP501, interim).`,
    ),
    item(
      'emp501-annual',
      `Annual EMP501 for ${taxYearLabel(ty)}`,
      `Reconcile the whole ${taxYearLabel(ty)} tax year with SARS and submit the IRP5/IT3(a) certificates (EMP501, annual); the window usually opens on 1 April.`,
    ),
    item(
      'irp5',
      `IRP5/IT3(a) certificates for ${taxYearLabel(ty)} to employees`,
      `Give every employee their IRP5 or IT3(a) for ${taxYearLabel(ty)}: within 60 days after the tax year ends.`,
    ),
  ];
}

/** The Compensation Fund's Return of Earnings: due by 31 March by statute (facts sheet §7). */
function coidaRoe(year: number): CalendarDeadline {
  return {
    date: `${year}-03-31`,
    kind: 'coida-roe',
    title: `COIDA Return of Earnings (${year})`,
    due: 'Submit the Return of Earnings to the Compensation Fund (COIDA): by 31 March by statute.',
    articleSlug: ARTICLE_SLUGS['coida-roe'],
    covers: String(year),
    caveat:
      'The Compensation Fund usually opens the submission window from 1 April to 31 May instead (the 2025 season ran 1 April – 30 June 2026, from a single source); its notice for each season governs.',
  };
}

/** The Workplace Skills Plan and Annual Training Report to the SETA: 30 April. */
function wspAtr(year: number): CalendarDeadline {
  return {
    date: `${year}-04-30`,
    kind: 'wsp-atr',
    title: `Workplace Skills Plan and Annual Training Report (${year})`,
    due: "Submit the Workplace Skills Plan (WSP) and Annual Training Report (ATR) to your SETA, for SDL's mandatory grant.",
    articleSlug: ARTICLE_SLUGS['wsp-atr'],
    covers: String(year),
    caveat: "PayeWise's facts sheet does not yet source this date; confirm it with your SETA.",
  };
}

/** A day the business is closed, said with the business day before it (the agreed day stays the date). */
function closedCaveat(date: IsoDate): { caveat?: string } {
  const holiday = publicHolidays(Number(date.slice(0, 4))).get(date);
  const closed = isBusinessDay(date) ? null : holiday ? `a public holiday (${holiday})` : `a ${weekdayOf(date)}`;
  return closed
    ? { caveat: `This day is ${closed}; the last business day before it is ${dayLabel(lastBusinessDayOnOrBefore(date))}.` }
    : {};
}

function payDayIn(month: string, payDay: number | 'last'): CalendarDeadline {
  const last = lastDayOfMonth(month);
  const date: IsoDate =
    payDay === 'last'
      ? lastBusinessDayOnOrBefore(last)
      : payDay >= Number(last.slice(8))
        ? last
        : `${month}-${String(payDay).padStart(2, '0')}`;
  return {
    date,
    kind: 'pay-day',
    title: `Pay day (${monthLabel(month)})`,
    due: `Pay ${monthLabel(month)}'s salaries and wages, with a payslip for each employee.`,
    articleSlug: ARTICLE_SLUGS['pay-day'],
    covers: month,
    ...closedCaveat(date),
  };
}

/** A weekly payroll's pay day on each `weekday` from `from` to `to`. */
function weeklyPayDays(from: IsoDate, to: IsoDate, weekday: Weekday): CalendarDeadline[] {
  const out: CalendarDeadline[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) {
    if (weekdayOf(date).toLowerCase() !== weekday) continue;
    out.push({
      date,
      kind: 'pay-day',
      title: 'Weekly pay day',
      due: "Pay the week's wages, with a payslip for each employee.",
      articleSlug: ARTICLE_SLUGS['pay-day'],
      covers: date,
      ...closedCaveat(date),
    });
  }
  return out;
}

/**
 * Every statutory date from `from` to `to` (both included), sorted by date then kind. With `payDay`, each month's
 * pay day too.
 */
export function deadlinesBetween(from: IsoDate, to: IsoDate, opts: CalendarOptions = {}): CalendarDeadline[] {
  if (!isIsoDate(from)) throw new RangeError('from must be a date (yyyy-mm-dd)');
  if (!isIsoDate(to)) throw new RangeError('to must be a date (yyyy-mm-dd)');
  const { payDay } = opts;
  if (payDay !== undefined && payDay !== 'last' && !isWeekday(payDay) && !(Number.isInteger(payDay) && payDay >= 1 && payDay <= 31)) {
    throw new RangeError('payDay must be a day of the month (1–31), last, or a weekday');
  }
  if (to < from) return [];
  const out: CalendarDeadline[] = [];
  // A month's returns fall due in the next month: start a month early.
  for (const month of monthsOf(`${previousMonth(from.slice(0, 7))}-01`, to)) {
    out.push(monthly('emp201', month), monthly('uif-declaration', month));
    if (typeof payDay === 'number' || payDay === 'last') out.push(payDayIn(month, payDay));
  }
  const fromYear = Number(from.slice(0, 4));
  const toYear = Number(to.slice(0, 4));
  // Tax year ty's returns fall between October of ty - 1 and May of ty.
  for (let ty = fromYear; ty <= toYear + 1; ty++) out.push(...sarsYearly(ty));
  for (let y = fromYear; y <= toYear; y++) out.push(coidaRoe(y), wspAtr(y));
  if (isWeekday(payDay)) out.push(...weeklyPayDays(from, to, payDay));
  return out.filter((d) => d.date >= from && d.date <= to).sort(byDate);
}

const order = (k: DeadlineKind) => DEADLINE_KINDS.indexOf(k);
const byDate = (a: CalendarDeadline, b: CalendarDeadline) =>
  a.date < b.date
    ? -1
    : a.date > b.date
      ? 1
      : order(a.kind) - order(b.kind) || a.covers.localeCompare(b.covers) || (a.clientId ?? 0) - (b.clientId ?? 0);

/**
 * A client company on the calendar: its pay day of the month (`last`: the month's last business day), or the weekday
 * of a weekly payroll. A fortnightly payroll's weekday does not say which weeks, so its pay days are not listed.
 */
export interface CalendarClient {
  id: number;
  name: string;
  payDay: number | string | null;
  payFrequency?: string;
}

/** The statutory dates with each client's monthly pay day, named and tagged with the client. */
export function calendarFor(from: IsoDate, to: IsoDate, clients: readonly CalendarClient[] = []): CalendarDeadline[] {
  const out = deadlinesBetween(from, to);
  for (const c of clients) {
    const weekly = c.payFrequency === 'weekly' && isWeekday(c.payDay);
    const payDay = c.payDay === 'last' || typeof c.payDay === 'number' ? c.payDay : weekly ? (c.payDay as Weekday) : null;
    if (payDay === null) continue;
    for (const d of deadlinesBetween(from, to, { payDay })) {
      if (d.kind === 'pay-day')
        out.push({ ...d, title: `${c.name}: ${d.title.charAt(0).toLowerCase()}${d.title.slice(1)}`, clientId: c.id });
    }
  }
  return out.sort(byDate);
}
