/**
 * Basic Conditions of Employment Act rules (sa-payroll-facts.md section 6): leave, overtime,
 * Sunday and public holiday pay, notice periods and the earnings threshold.
 *
 * Hours are decimal numbers with at most 2 decimals (converted to centi-hours); money is cents.
 * Leave earned "1 day per N days worked" is reported in whole days (complete days earned).
 */
import { assertIsoDate, formatLongDate } from './dates.js';
import { PayrollError, assertCents } from './errors.js';
import { divRoundHalfUp, formatRand, toFixedUnits } from './money.js';
import type { IsoDate } from './types.js';
import { datedValueAt, getTaxYear, getTaxYearForDate, supportedTaxYears } from './years/index.js';

/** Pay multipliers as exact fractions. */
export const OVERTIME_MULTIPLIER = { num: 3, den: 2 } as const; // 1.5× (s10)
export const SUNDAY_MULTIPLIER_NOT_ORDINARY = { num: 2, den: 1 } as const; // 2× (s16(1))
export const SUNDAY_MULTIPLIER_ORDINARY = { num: 3, den: 2 } as const; // 1.5× (s16(1))
export const OVERTIME_MAX_HOURS_PER_DAY = 3;
export const OVERTIME_MAX_HOURS_PER_WEEK = 10;

const MAX_HOURS = 744;

function hoursUnits(hours: number, field: string): number {
  const ch = toFixedUnits(hours, 2, field);
  if (ch < 0 || ch > MAX_HOURS * 100) throw new PayrollError(field, `${field} must be between 0 and ${MAX_HOURS}`);
  return ch;
}

export function daysPerWeekCheck(d: number): void {
  if (!Number.isInteger(d) || d < 1 || d > 7)
    throw new PayrollError('daysPerWeek', `daysPerWeek must be a whole number from 1 to 7 (got ${String(d)})`);
}

function nonNegative(v: number, field: string): void {
  if (typeof v !== 'number' || !Number.isFinite(v) || v < 0)
    throw new PayrollError(field, `${field} must be a number that is 0 or more (got ${String(v)})`);
}

// ── Earnings threshold ─────────────────────────────────────────────────────────

export interface BceaThreshold {
  annualCents: number;
  /** annual / 12 rounded half-up to cents (R261 748.45 → R21 812.37). */
  monthlyCents: number;
  effectiveFrom: IsoDate;
  note?: string;
}

/**
 * The date a threshold took effect. Each tax year's table starts on 1 March with the figure then in force,
 * so the date is the first of the unbroken run of that figure back through the tax years (R261 748.45 is
 * in the 2026/27 table from 1 March 2026, but in force since 1 April 2025).
 */
function inForceSince(iso: IsoDate, annualCents: number): IsoDate {
  // Every entry up to the date, oldest first (tax years ascend, and so do the entries within one).
  const entries = supportedTaxYears()
    .flatMap((ty) => getTaxYear(ty).bceaThreshold)
    .filter((e) => e.effectiveFrom <= iso);
  let i = entries.length - 1;
  while (i > 0 && entries[i - 1].value.annualCents === annualCents) i--;
  return entries[i].effectiveFrom;
}

/** BCEA s6(3) earnings threshold in force on a date; `effectiveFrom` is the date it took effect. */
export function bceaThresholdForDate(iso: IsoDate): BceaThreshold {
  assertIsoDate(iso, 'date');
  const year = getTaxYearForDate(iso, 'date');
  const e = datedValueAt(year.bceaThreshold, iso);
  if (e === undefined) throw new PayrollError('date', `date: no BCEA earnings threshold for ${iso}`);
  return {
    annualCents: e.value.annualCents,
    monthlyCents: divRoundHalfUp(e.value.annualCents, 12),
    effectiveFrom: inForceSince(iso, e.value.annualCents),
    note: e.note,
  };
}

export interface ThresholdCheck extends BceaThreshold {
  /** Earnings × 12 > annual threshold: outside ss9–12, 14–16, 17(2), 18(3) (overtime, Sunday pay etc.). */
  aboveThreshold: boolean;
  /** Whether the statutory overtime / Sunday / public-holiday pay rules apply (= !aboveThreshold). */
  overtimeProvisionsApply: boolean;
  working: string[];
}

/**
 * Is an employee with these regular monthly earnings above the BCEA earnings threshold on `iso`?
 * Earnings exclude overtime, transport and subsistence allowances and achievement awards.
 */
export function checkBceaThreshold(monthlyEarningsCents: number, iso: IsoDate): ThresholdCheck {
  assertCents(monthlyEarningsCents, 'monthlyEarnings');
  const t = bceaThresholdForDate(iso);
  const above = monthlyEarningsCents * 12 > t.annualCents;
  const working = [
    `BCEA earnings threshold from ${formatLongDate(t.effectiveFrom)}: ${formatRand(t.annualCents)} a year = ${formatRand(t.monthlyCents)} a month`,
    above
      ? `${formatRand(monthlyEarningsCents)} a month is above the threshold: ss9–12, 14–16, 17(2) and 18(3) (hours, overtime, Sunday and public holiday pay) do not apply by law; the contract may still grant them`
      : `${formatRand(monthlyEarningsCents)} a month is not above the threshold: the overtime, Sunday and public holiday rules apply`,
  ];
  return { ...t, aboveThreshold: above, overtimeProvisionsApply: !above, working };
}

// ── Overtime, Sunday and public holiday pay ───────────────────────────────────────

/** Overtime pay at 1.5× the hourly wage. */
export function overtimePayCents(hourlyWageCents: number, hours: number): number {
  assertCents(hourlyWageCents, 'hourlyWage');
  const ch = hoursUnits(hours, 'overtimeHours');
  return divRoundHalfUp(hourlyWageCents * ch * OVERTIME_MULTIPLIER.num, 100 * OVERTIME_MULTIPLIER.den);
}

/**
 * Sunday pay (s16): 2× the wage per hour if the employee does not ordinarily work on Sundays,
 * 1.5× if they do; at least the ordinary daily wage when that is given.
 */
export function sundayPayCents(
  hourlyWageCents: number,
  hours: number,
  ordinarilyWorksSunday: boolean,
  ordinaryDailyWageCents?: number,
): number {
  assertCents(hourlyWageCents, 'hourlyWage');
  const ch = hoursUnits(hours, 'sundayHours');
  const m = ordinarilyWorksSunday ? SUNDAY_MULTIPLIER_ORDINARY : SUNDAY_MULTIPLIER_NOT_ORDINARY;
  const pay = divRoundHalfUp(hourlyWageCents * ch * m.num, 100 * m.den);
  if (ordinaryDailyWageCents !== undefined) {
    assertCents(ordinaryDailyWageCents, 'ordinaryDailyWage');
    if (ch > 0 && pay < ordinaryDailyWageCents) return ordinaryDailyWageCents;
  }
  return pay;
}

export interface PublicHolidayParams {
  ordinaryDailyWageCents: number;
  hourlyWageCents: number;
  /** Hours worked on the public holiday (0 = did not work). */
  hoursWorked: number;
  /** The public holiday falls on a day the employee would ordinarily work. */
  isNormalWorkday: boolean;
}

/**
 * Public holiday pay (s18): working on a normal work day → at least double the ordinary daily wage,
 * or the ordinary daily wage plus the amount earned if greater; working on a day not normally worked →
 * ordinary daily wage plus the amount earned; not working on a normal work day → the ordinary daily wage.
 */
export function publicHolidayPayCents(p: PublicHolidayParams): number {
  assertCents(p.ordinaryDailyWageCents, 'ordinaryDailyWage');
  assertCents(p.hourlyWageCents, 'hourlyWage');
  const ch = hoursUnits(p.hoursWorked, 'publicHolidayHours');
  const earned = divRoundHalfUp(p.hourlyWageCents * ch, 100);
  if (ch === 0) return p.isNormalWorkday ? p.ordinaryDailyWageCents : 0;
  if (p.isNormalWorkday) return Math.max(2 * p.ordinaryDailyWageCents, p.ordinaryDailyWageCents + earned);
  return p.ordinaryDailyWageCents + earned;
}

// ── Leave ──────────────────────────────────────────────────────────────────

/** 21 consecutive days per 12-month cycle = 3 weeks of the days normally worked. */
export const ANNUAL_LEAVE_WEEKS = 3;
/** Sick leave: the days normally worked in 6 weeks per 36-month cycle. */
export const SICK_LEAVE_WEEKS = 6;
export const SICK_LEAVE_CYCLE_MONTHS = 36;
export const ANNUAL_LEAVE_DAYS_WORKED_PER_DAY = 17;
export const SICK_LEAVE_DAYS_WORKED_PER_DAY_FIRST_6_MONTHS = 26;
export const FAMILY_RESPONSIBILITY_DAYS = 3;

export interface AnnualLeaveEntitlement {
  /** Working days per 12-month cycle (15 on a 5-day week, 18 on a 6-day week). */
  workingDaysPerCycle: number;
  /** Working days per cycle / 12 (1.25 on a 5-day week). Exact: always a multiple of 0.25. */
  monthlyAccrualDays: number;
}

export function annualLeaveEntitlement(daysPerWeek: number): AnnualLeaveEntitlement {
  daysPerWeekCheck(daysPerWeek);
  const days = ANNUAL_LEAVE_WEEKS * daysPerWeek;
  return { workingDaysPerCycle: days, monthlyAccrualDays: days / 12 };
}

/** By agreement: 1 day of annual leave per 17 days worked (complete days earned). */
export function annualLeaveByDaysWorked(daysWorked: number): number {
  nonNegative(daysWorked, 'daysWorked');
  return Math.floor(daysWorked / ANNUAL_LEAVE_DAYS_WORKED_PER_DAY);
}

/** Sick leave days per 36-month cycle: days normally worked in 6 weeks (30 on a 5-day week). */
export function sickLeaveDaysPerCycle(daysPerWeek: number): number {
  daysPerWeekCheck(daysPerWeek);
  return SICK_LEAVE_WEEKS * daysPerWeek;
}

/** First 6 months of employment: 1 day of paid sick leave per 26 days worked (complete days). */
export function sickLeaveFirstSixMonths(daysWorked: number): number {
  nonNegative(daysWorked, 'daysWorked');
  return Math.floor(daysWorked / SICK_LEAVE_DAYS_WORKED_PER_DAY_FIRST_6_MONTHS);
}

/** Family responsibility leave: 3 paid days per annual cycle if employed MORE than 4 months and working at least 4 days a week. */
export function familyResponsibilityDays(monthsEmployed: number, daysPerWeek: number): number {
  nonNegative(monthsEmployed, 'monthsEmployed');
  daysPerWeekCheck(daysPerWeek);
  return monthsEmployed > 4 && daysPerWeek >= 4 ? FAMILY_RESPONSIBILITY_DAYS : 0;
}

// ── Notice (s37) ────────────────────────────────────────────────────────────

export type WorkerType = 'general' | 'farm' | 'domestic';

/**
 * Minimum notice (s37): 1 week if employed 6 months or less; 2 weeks if more than 6 months and less
 * than 1 year; 4 weeks from 1 year; 4 weeks for farm or domestic workers employed more than 6 months.
 */
export function noticePeriodWeeks(monthsEmployed: number, workerType: WorkerType = 'general'): number {
  nonNegative(monthsEmployed, 'monthsEmployed');
  if (workerType !== 'general' && workerType !== 'farm' && workerType !== 'domestic') {
    throw new PayrollError('workerType', 'workerType must be one of general, farm, domestic');
  }
  if (monthsEmployed <= 6) return 1;
  if (workerType === 'farm' || workerType === 'domestic') return 4;
  if (monthsEmployed < 12) return 2;
  return 4;
}

// ── Leave pay (s21, s35, s40) ───────────────────────────────────────────────────────

export interface LeavePayParams {
  /** The pay for one period, cents, with employer contributions where they count (GN 691). */
  remunerationCents: number;
  period: 'monthly' | 'weekly' | 'daily';
  daysPerWeek: number;
  /** Leave days to pay, in hundredths of a day; or, instead, `daysWorked` for the s40(c) floor (1 day per 17 worked). */
  leaveDaysHundredths?: number;
  daysWorked?: number;
}

export interface LeavePayResult {
  weeklyCents: number;
  dailyCents: number;
  /** The days paid: as given, or days worked ÷ 17 (to 2 decimals, for the working). */
  days: number;
  valueCents: number;
  working: string[];
}

/**
 * The value of leave days at the daily rate of s35: weekly = monthly × 12 / 52, daily = weekly ÷ days a week
 * (facts sheet §23, §26). Worked exactly and rounded once, half-up: R18 000 a month for 8.75 days on a 5-day
 * week is R7 269.23; for 152 days worked it is 152/17 days, R7 428.05.
 */
export function leavePay(p: LeavePayParams): LeavePayResult {
  assertCents(p.remunerationCents, 'remuneration');
  daysPerWeekCheck(p.daysPerWeek);
  // Cents per week as the fraction num / den: monthly × 12 / 52, a week's pay as it is, a day's × days a week.
  const [num, den] =
    p.period === 'monthly'
      ? [p.remunerationCents * 12, 52]
      : p.period === 'weekly'
        ? [p.remunerationCents, 1]
        : [p.remunerationCents * p.daysPerWeek, 1];
  const dayDen = den * p.daysPerWeek;
  let valueCents: number;
  let days: number;
  if (p.leaveDaysHundredths !== undefined) {
    if (!Number.isInteger(p.leaveDaysHundredths) || p.leaveDaysHundredths < 0)
      throw new PayrollError('days', 'days must be 0 or more, with at most 2 decimals');
    valueCents = divRoundHalfUp(num * p.leaveDaysHundredths, dayDen * 100);
    days = p.leaveDaysHundredths / 100;
  } else if (p.daysWorked !== undefined) {
    nonNegative(p.daysWorked, 'daysWorked');
    const worked = toFixedUnits(p.daysWorked, 2, 'daysWorked');
    valueCents = divRoundHalfUp(num * worked, dayDen * 17 * 100);
    days = Math.round(worked / 17) / 100;
  } else throw new PayrollError('days', 'days (or daysWorked) is required');
  const weeklyCents = divRoundHalfUp(num, den);
  const dailyCents = divRoundHalfUp(num, dayDen);
  const per =
    p.period === 'monthly'
      ? `${formatRand(p.remunerationCents)} a month × 12 / 52 = ${formatRand(weeklyCents)} a week`
      : p.period === 'weekly'
        ? `${formatRand(p.remunerationCents)} a week`
        : `${formatRand(p.remunerationCents)} a day × ${p.daysPerWeek} = ${formatRand(weeklyCents)} a week`;
  const working = [
    `Weekly pay (s35): ${per}`,
    `Daily rate: ${formatRand(weeklyCents)} ÷ ${p.daysPerWeek} days = ${formatRand(dailyCents)} (rounded only for this line)`,
    p.leaveDaysHundredths !== undefined
      ? `${days} days × the daily rate = ${formatRand(valueCents)}`
      : `${p.daysWorked} days worked ÷ 17 = ${days} days (s40(c)) × the daily rate = ${formatRand(valueCents)}`,
  ];
  return { weeklyCents, dailyCents, days, valueCents, working };
}
