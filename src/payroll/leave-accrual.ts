/**
 * Leave earned to a date (BCEA s20, s22, s27, s40; sa-payroll-facts.md §6 and §26). Days are kept in hundredths
 * of a day and rounded half-up once, when a fraction (7 months of 15 days, 152 days ÷ 17) has to be shown.
 */
import { daysPerWeekCheck, familyResponsibilityDays, sickLeaveDaysPerCycle, sickLeaveFirstSixMonths } from './bcea.js';
import { PayrollError } from './errors.js';
import { divRoundHalfUp } from './money.js';
import type { IsoDate } from './types.js';

const pad = (n: number) => String(n).padStart(2, '0');

/** Whole months from `start` to the end of `end` (inclusive): 1 March to 30 September is 7 months. */
export function completedMonths(start: IsoDate, end: IsoDate, field = 'endDate'): number {
  if (end < start) throw new PayrollError(field, `${field} ${end} is before the start ${start}`);
  const [sy, sm, sd] = start.split('-').map(Number);
  const next = new Date(`${end}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  const ey = next.getUTCFullYear();
  const em = next.getUTCMonth() + 1;
  const ed = next.getUTCDate();
  return (ey - sy) * 12 + (em - sm) - (ed < sd ? 1 : 0);
}

/** "2026-11-25" from a JS date in UTC. */
export const isoOf = (d: Date): IsoDate => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;

export interface LeaveAccrualParams {
  daysPerWeek: number;
  /** Completed months in the current annual leave cycle. */
  monthsInCycle: number;
  /** Days worked or paid in the cycle (for the 1-in-17 rate: by agreement, and the floor on termination). */
  daysWorked?: number;
  /** Annual leave already taken in the cycle, hundredths of a day. */
  takenHundredths?: number;
  /** Months employed by the employer (sick leave in the first 6 months, family responsibility leave). */
  monthsEmployed?: number;
  /** Sick days already taken in the current sick-leave cycle. */
  sickTaken?: number;
}

export interface LeaveAccrualResult {
  /** A full cycle: 21 consecutive days, as working days on this week. */
  cycleDays: number;
  /** Hundredths of a day. */
  byMonthsHundredths: number;
  byDaysWorkedHundredths: number | null;
  /** The larger of the two: what is due if employment ends now (s40(c) floor for the 1-in-17 rate). */
  accruedHundredths: number;
  takenHundredths: number;
  availableHundredths: number;
  sick: { days: number; cycleMonths: number; firstSixMonths: boolean; available: number };
  familyResponsibility: { eligible: boolean; days: number; reason: string };
  working: string[];
}

const d = (h: number) =>
  `${(h / 100)
    .toFixed(2)
    .replace(/\.00$/, '')
    .replace(/(\.\d)0$/, '$1')}`;

export function leaveAccrual(p: LeaveAccrualParams): LeaveAccrualResult {
  daysPerWeekCheck(p.daysPerWeek);
  if (!Number.isInteger(p.monthsInCycle) || p.monthsInCycle < 0 || p.monthsInCycle > 12) {
    throw new PayrollError('months', 'months must be a whole number of months from 0 to 12 (a leave cycle is 12 months)');
  }
  const cycleDays = 3 * p.daysPerWeek;
  const byMonths = divRoundHalfUp(cycleDays * p.monthsInCycle * 100, 12);
  const byWorked = p.daysWorked === undefined ? null : divRoundHalfUp(Math.round(p.daysWorked * 100), 17);
  const accrued = byWorked === null ? byMonths : Math.max(byMonths, byWorked);
  const taken = p.takenHundredths ?? 0;
  const available = accrued - taken;
  if (available < 0) throw new PayrollError('daysTaken', `daysTaken (${d(taken)}) is more than the ${d(accrued)} days earned so far`);
  const working = [
    `A cycle is 21 consecutive days: ${cycleDays} working days on a ${p.daysPerWeek}-day week, ${d(divRoundHalfUp(cycleDays * 100, 12))} a month`,
    `${p.monthsInCycle} completed month${p.monthsInCycle === 1 ? '' : 's'} × ${cycleDays} / 12 = ${d(byMonths)} days`,
  ];
  if (byWorked !== null) {
    working.push(`1 day per 17 days worked or paid: ${p.daysWorked} ÷ 17 = ${d(byWorked)} days`);
    working.push(
      byWorked > byMonths
        ? `On termination at least the 1-in-17 figure is due (s40(c)), so ${d(accrued)} days; 1.25 a month is slightly less [VERIFY: whether monthly accrual meets s40(c)]`
        : `Accrued: ${d(accrued)} days (the monthly figure is at least the 1-in-17 floor)`,
    );
  }
  if (taken > 0) working.push(`Less ${d(taken)} days taken = ${d(available)} days available`);

  const months = p.monthsEmployed;
  const firstSix = months !== undefined && months < 6;
  let sickDays = sickLeaveDaysPerCycle(p.daysPerWeek);
  if (firstSix) {
    if (p.daysWorked === undefined)
      throw new PayrollError('daysWorked', 'daysWorked is needed for sick leave in the first 6 months (1 day per 26 days worked)');
    sickDays = sickLeaveFirstSixMonths(p.daysWorked);
    working.push(
      `Sick leave in the first 6 months: 1 day per 26 days worked, ${p.daysWorked} ÷ 26 → ${sickDays} completed days [VERIFY: completed blocks or pro rata]`,
    );
  } else working.push(`Sick leave: ${sickDays} days (6 weeks of ${p.daysPerWeek} days) in each 36-month cycle`);
  const sickAvailable = Math.max(0, sickDays - (p.sickTaken ?? 0));
  if (p.sickTaken) working.push(`Less ${p.sickTaken} sick days taken = ${sickAvailable} available`);

  const eligible = months !== undefined && familyResponsibilityDays(months, p.daysPerWeek) > 0;
  const reason =
    months === undefined
      ? 'months employed not given'
      : eligible
        ? `employed ${months} months (more than 4) and works ${p.daysPerWeek} days a week (at least 4)`
        : months <= 4
          ? `employed ${months} months: family responsibility leave needs more than 4 months`
          : `works ${p.daysPerWeek} days a week: family responsibility leave needs at least 4`;
  working.push(`Family responsibility leave: ${eligible ? '3 paid days a year' : 'not yet'} (${reason})`);
  return {
    cycleDays,
    byMonthsHundredths: byMonths,
    byDaysWorkedHundredths: byWorked,
    accruedHundredths: accrued,
    takenHundredths: taken,
    availableHundredths: available,
    sick: { days: sickDays, cycleMonths: firstSix ? 6 : 36, firstSixMonths: firstSix, available: sickAvailable },
    familyResponsibility: { eligible, days: eligible ? 3 : 0, reason },
    working,
  };
}
