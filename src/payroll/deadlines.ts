/**
 * Filing deadlines as dates: South African public holidays (the Public Holidays Act: fixed days, Good Friday and
 * Family Day from Easter, a Sunday holiday moved to the Monday), business days, and the due date of each return
 * for a period. Pure: every date is an argument. Figures and rules from the facts sheet §7 and §29.
 */
import { isIsoDate, taxYearLabel } from './dates.js';
import { PayrollError } from './errors.js';
import type { IsoDate } from './types.js';

const pad = (n: number) => String(n).padStart(2, '0');
const iso = (y: number, m: number, d: number): IsoDate => `${y}-${pad(m)}-${pad(d)}`;
const utc = (s: IsoDate) => new Date(`${s}T00:00:00Z`);
const fromUtc = (d: Date): IsoDate => iso(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate());
/** The date `n` days after (or before) `s`. */
export const addDays = (s: IsoDate, n: number): IsoDate => fromUtc(new Date(utc(s).getTime() + n * 86_400_000));
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

export const weekdayOf = (s: IsoDate) => WEEKDAYS[utc(s).getUTCDay()];
/** "Monday 7 December 2026". */
export const dayLabel = (s: IsoDate) => `${weekdayOf(s)} ${Number(s.slice(8))} ${MONTHS[Number(s.slice(5, 7)) - 1]} ${s.slice(0, 4)}`;
/** "November 2026". */
export const monthLabel = (ym: string) => `${MONTHS[Number(ym.slice(5, 7)) - 1]} ${ym.slice(0, 4)}`;

/** Easter Sunday (Gregorian; the anonymous algorithm). */
function easter(y: number): IsoDate {
  const a = y % 19;
  const b = Math.floor(y / 100);
  const c = y % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  return iso(y, Math.floor((h + l - 7 * m + 114) / 31), ((h + l - 7 * m + 114) % 31) + 1);
}

const FIXED: [number, number, string][] = [
  [1, 1, "New Year's Day"],
  [3, 21, 'Human Rights Day'],
  [4, 27, 'Freedom Day'],
  [5, 1, "Workers' Day"],
  [6, 16, 'Youth Day'],
  [8, 9, "National Women's Day"],
  [9, 24, 'Heritage Day'],
  [12, 16, 'Day of Reconciliation'],
  [12, 25, 'Christmas Day'],
  [12, 26, 'Day of Goodwill'],
];

/**
 * The public holidays of a calendar year, date → name. A holiday on a Sunday makes the Monday a holiday; one on a
 * Saturday is not replaced. Days declared ad hoc (an election day) are not known here.
 */
export function publicHolidays(year: number): Map<IsoDate, string> {
  const out = new Map<IsoDate, string>();
  const e = easter(year);
  const days: [IsoDate, string][] = [
    ...FIXED.map(([m, d, n]): [IsoDate, string] => [iso(year, m, d), n]),
    [addDays(e, -2), 'Good Friday'],
    [addDays(e, 1), 'Family Day'],
  ];
  for (const [d, n] of days) {
    out.set(d, n);
    if (weekdayOf(d) === 'Sunday') out.set(addDays(d, 1), `${n} (observed)`);
  }
  return out;
}

export function isBusinessDay(d: IsoDate): boolean {
  const w = weekdayOf(d);
  return w !== 'Saturday' && w !== 'Sunday' && !publicHolidays(Number(d.slice(0, 4))).has(d);
}

/** The day itself when it is a business day, else the last business day before it. */
export function lastBusinessDayOnOrBefore(d: IsoDate): IsoDate {
  let day = d;
  while (!isBusinessDay(day)) day = addDays(day, -1);
  return day;
}

export const RETURNS = ['emp201', 'uif-declaration', 'emp501-interim', 'emp501-annual', 'irp5', 'provisional-1', 'provisional-2'] as const;
export type ReturnKind = (typeof RETURNS)[number];

export interface Deadline {
  return: ReturnKind;
  /** What the return covers: a month (yyyy-mm) or a tax year ("2026/27"). */
  covers: string;
  dueDate: IsoDate;
  /** "Monday 7 December 2026". */
  dueLabel: string;
  /** The date the rule names before a weekend or holiday moved it; equals dueDate when nothing moved. */
  nominal: IsoDate;
  rule: string;
  working: string[];
  /** Parts of the rule the facts sheet marks to be verified. */
  caveat?: string;
}

/**
 * The due date of a return. `month` (yyyy-mm) is the month an EMP201 or UIF declaration is for; `taxYear` (by its
 * ending year) the year an EMP501, IRP5 or provisional payment is for.
 */
export function deadlineFor(kind: ReturnKind, period: { month?: string; taxYear?: number }): Deadline {
  if (kind === 'emp201' || kind === 'uif-declaration') {
    const month = period.month;
    if (!month || !/^\d{4}-(0[1-9]|1[0-2])$/.test(month))
      throw new PayrollError('month', 'month is required for a monthly return (yyyy-mm)');
    const [y, m] = month.split('-').map(Number);
    const nominal = iso(m === 12 ? y + 1 : y, m === 12 ? 1 : m + 1, 7);
    const due = lastBusinessDayOnOrBefore(nominal);
    const what = kind === 'emp201' ? 'The EMP201 (PAYE, UIF, SDL and ETI)' : 'The UIF declaration (uFiling)';
    const rule = `${what} for a month is due by the 7th of the next month; when the 7th is a weekend or public holiday, by the last business day before it.`;
    const working = [`${monthLabel(month)}: the 7th of the next month is ${dayLabel(nominal)}`];
    if (due !== nominal)
      working.push(
        `${weekdayOf(nominal) === 'Saturday' || weekdayOf(nominal) === 'Sunday' ? `${weekdayOf(nominal)} is not a business day` : `${publicHolidays(Number(nominal.slice(0, 4))).get(nominal)} is a public holiday`}: due the last business day before, ${dayLabel(due)}`,
      );
    return {
      return: kind,
      covers: month,
      dueDate: due,
      dueLabel: dayLabel(due),
      nominal,
      rule,
      working,
      ...(kind === 'uif-declaration'
        ? { caveat: "The 7th for UIF declarations rests on the Department of Employment and Labour's uFiling guide." }
        : {}),
    };
  }
  const ty = period.taxYear;
  if (!ty || !Number.isInteger(ty)) throw new PayrollError('taxYear', 'taxYear is required for a yearly return');
  const fixed = (due: IsoDate, rule: string, caveat?: string): Deadline => ({
    return: kind,
    covers: taxYearLabel(ty),
    dueDate: due,
    dueLabel: dayLabel(due),
    nominal: due,
    rule,
    working: [rule],
    ...(caveat ? { caveat } : {}),
  });
  switch (kind) {
    case 'emp501-interim':
      return fixed(
        iso(ty - 1, 10, 31),
        `The interim EMP501 for ${taxYearLabel(ty)} (1 March to 31 August ${ty - 1}) is due by 31 October ${ty - 1}.`,
        'SARS announces the submission window each year.',
      );
    case 'emp501-annual':
      return fixed(
        iso(ty, 5, 31),
        `The annual EMP501 for ${taxYearLabel(ty)} (1 March ${ty - 1} to the end of February ${ty}) is due by 31 May ${ty}; the window usually opens on 1 April.`,
        ty >= 2027 ? 'The 2027 window is expected to follow the 2026 one (1 April – 31 May); SARS confirms it each year.' : undefined,
      );
    case 'irp5':
      return fixed(
        addDays(iso(ty, 2, isLeap(ty) ? 29 : 28), 60),
        `IRP5 and IT3(a) certificates for ${taxYearLabel(ty)} must reach employees within 60 days after the tax year ends (and within 14 days after an employee leaves).`,
      );
    case 'provisional-1':
      return fixed(iso(ty - 1, 8, 31), `The first provisional tax payment for ${taxYearLabel(ty)} is due by 31 August ${ty - 1}.`);
    case 'provisional-2':
      return fixed(
        iso(ty, 2, isLeap(ty) ? 29 : 28),
        `The second provisional tax payment for ${taxYearLabel(ty)} is due by the last day of February ${ty}.`,
      );
  }
}

const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;

/** The next due date on or after `today` for a monthly return: the month before's, else this month's. */
export function nextMonthlyPeriod(kind: 'emp201' | 'uif-declaration', today: IsoDate): string {
  if (!isIsoDate(today)) throw new PayrollError('date', 'date must be yyyy-mm-dd');
  const [y, m] = today.split('-').map(Number);
  const previous = m === 1 ? iso(y - 1, 12, 1).slice(0, 7) : iso(y, m - 1, 1).slice(0, 7);
  return deadlineFor(kind, { month: previous }).dueDate >= today ? previous : today.slice(0, 7);
}
