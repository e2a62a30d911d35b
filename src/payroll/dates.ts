/**
 * Date helpers. The engine never reads the clock: every date is an argument.
 *
 * A JS `Date` is read as a calendar date in South African Standard Time (UTC+2, no daylight
 * saving), so `new Date('2026-03-01')` (UTC midnight) and a SAST-midnight Date both mean
 * 1 March 2026. ISO strings (yyyy-mm-dd) are calendar dates with no time zone.
 */
import { PayrollError } from './errors.js';
import type { IsoDate } from './types.js';

const SAST_OFFSET_MS = 2 * 60 * 60 * 1000;
const ISO_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Tax years are named by the year they end: 2027 → "2026/27" (1 March 2026 to 28 February 2027). */
export const taxYearLabel = (taxYear: number): string => `${taxYear - 1}/${pad2(taxYear % 100)}`;

export function isLeapYear(y: number): boolean {
  return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
}

function daysInMonth(y: number, m: number): number {
  return m === 2 ? (isLeapYear(y) ? 29 : 28) : [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1];
}

function pad2(n: number): string {
  return n < 10 ? `0${n}` : String(n);
}

/** The SAST calendar date of a JS Date, as yyyy-mm-dd. Throws for an invalid Date. */
export function isoDateFromDate(date: Date, field = 'date'): IsoDate {
  if (!(date instanceof Date) || Number.isNaN(date.getTime())) {
    throw new PayrollError(field, `${field} must be a valid date`);
  }
  const d = new Date(date.getTime() + SAST_OFFSET_MS);
  return `${d.getUTCFullYear()}-${pad2(d.getUTCMonth() + 1)}-${pad2(d.getUTCDate())}`;
}

/** True if `s` is a real calendar date written yyyy-mm-dd. */
export function isIsoDate(s: unknown): s is IsoDate {
  if (typeof s !== 'string') return false;
  const m = ISO_RE.exec(s);
  if (!m) return false;
  const y = Number(m[1]);
  const mo = Number(m[2]);
  const d = Number(m[3]);
  return y >= 1900 && y <= 2200 && mo >= 1 && mo <= 12 && d >= 1 && d <= daysInMonth(y, mo);
}

/** Validates an ISO date string and returns it; throws a PayrollError naming `field` otherwise. */
export function assertIsoDate(s: string, field = 'date'): IsoDate {
  if (!isIsoDate(s)) throw new PayrollError(field, `${field} must be a calendar date in the form yyyy-mm-dd (got ${JSON.stringify(s)})`);
  return s;
}

/** Tax year (named by the year it ends) containing an ISO date: 1 March starts a new tax year. */
export function taxYearForIsoDate(iso: IsoDate): number {
  assertIsoDate(iso);
  const y = Number(iso.slice(0, 4));
  const m = Number(iso.slice(5, 7));
  return m >= 3 ? y + 1 : y;
}

/** Tax year containing `date` (SAST calendar date). 2026-02-28 → 2026; 2026-03-01 → 2027; 2026-11-21 → 2027. */
export function taxYearForDate(date: Date): number {
  return taxYearForIsoDate(isoDateFromDate(date));
}

/** First day of a tax year: 2027 → "2026-03-01". */
export function taxYearStart(taxYear: number): IsoDate {
  return `${taxYear - 1}-03-01`;
}

/** Last day of a tax year (28 or 29 February): 2027 → "2027-02-28", 2028 → "2028-02-29". */
export function taxYearEnd(taxYear: number): IsoDate {
  return `${taxYear}-02-${isLeapYear(taxYear) ? 29 : 28}`;
}

/** Age in whole years on `onDate` for someone born on `dateOfBirth` (both yyyy-mm-dd). A 29 Feb birthday counts on 1 Mar in common years. */
export function ageOn(dateOfBirth: IsoDate, onDate: IsoDate): number {
  assertIsoDate(dateOfBirth, 'dateOfBirth');
  assertIsoDate(onDate, 'date');
  const by = Number(dateOfBirth.slice(0, 4));
  const bmd = dateOfBirth.slice(5);
  const oy = Number(onDate.slice(0, 4));
  const omd = onDate.slice(5);
  let age = oy - by;
  if (omd < bmd) age -= 1;
  if (age < 0) throw new PayrollError('dateOfBirth', `dateOfBirth ${dateOfBirth} is after ${onDate}`);
  return age;
}

/** Age on the last day of the tax year, which drives the secondary (65+) and tertiary (75+) rebates. */
export function ageAtEndOfTaxYear(dateOfBirth: IsoDate, taxYear: number): number {
  return ageOn(dateOfBirth, taxYearEnd(taxYear));
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** "2027-02-28" → "28 February 2027" (for working text). */
export function formatLongDate(iso: IsoDate): string {
  assertIsoDate(iso);
  return `${Number(iso.slice(8, 10))} ${MONTHS[Number(iso.slice(5, 7)) - 1]} ${iso.slice(0, 4)}`;
}
