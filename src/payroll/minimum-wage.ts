/**
 * National minimum wage (sa-payroll-facts.md section 5), looked up by effective date.
 * Allowances, payments in kind, tips, bonuses and gifts do not count towards the NMW.
 */
import { assertIsoDate } from './dates.js';
import { PayrollError, assertCents } from './errors.js';
import { divRoundHalfUp, formatRand, formatUnits, toFixedUnits } from './money.js';
import type { IsoDate } from './types.js';
import { TAX_YEAR_DEFINITIONS, datedValueAt, getTaxYearForDate } from './years/index.js';

export type NmwCategory = 'general' | 'epwp';

export interface NmwOnDate {
  /** General NMW per ordinary hour, cents. */
  generalHourlyCents: number;
  /** EPWP rate per hour, cents. */
  epwpHourlyCents: number;
  effectiveFrom: IsoDate;
  note?: string;
}

function earliestNmwDate(): string {
  for (const d of TAX_YEAR_DEFINITIONS) if (d.nmw.length > 0) return d.nmw[0].effectiveFrom;
  return 'none';
}

/** NMW in force on `iso` (yyyy-mm-dd). Throws a PayrollError (field "date") if the facts sheet has no figure. */
export function nmwForDate(iso: IsoDate, field = 'date'): NmwOnDate {
  assertIsoDate(iso, field);
  const year = getTaxYearForDate(iso, field);
  const e = datedValueAt(year.nmw, iso);
  if (e === undefined) {
    throw new PayrollError(
      field,
      `${field}: no national minimum wage figure for ${iso} in the facts sheet (earliest: ${earliestNmwDate()})`,
    );
  }
  return { ...e.value, effectiveFrom: e.effectiveFrom, note: e.note };
}

export interface MinimumWageEquivalents {
  /** hourly × hoursPerWeek, cents. */
  weeklyCents: number;
  /** hourly × hoursPerWeek × weeksPerMonth, rounded once, cents. */
  monthlyByWeeksCents: number;
  /** hourly × hoursPerMonth, cents (only if hoursPerMonth given). */
  monthlyByHoursCents: number | null;
}

/**
 * Weekly and monthly equivalents of an hourly minimum. The monthly figure depends on the
 * convention, so both are offered: weeks per month (default 4.333) or hours per month (e.g. 160, 195).
 */
export function minimumWageEquivalents(
  hourlyCents: number,
  opts: { hoursPerWeek?: number; weeksPerMonth?: number; hoursPerMonth?: number } = {},
): MinimumWageEquivalents {
  assertCents(hourlyCents, 'hourlyRate');
  const hpw = toFixedUnits(opts.hoursPerWeek ?? 45, 2, 'hoursPerWeek'); // centi-hours
  const wpm = toFixedUnits(opts.weeksPerMonth ?? 4.333, 4, 'weeksPerMonth'); // 1e-4 weeks
  const weekly = divRoundHalfUp(hourlyCents * hpw, 100);
  const monthly = divRoundHalfUp(hourlyCents * hpw * wpm, 100 * 10_000);
  let byHours: number | null = null;
  if (opts.hoursPerMonth !== undefined) {
    byHours = divRoundHalfUp(hourlyCents * toFixedUnits(opts.hoursPerMonth, 2, 'hoursPerMonth'), 100);
  }
  return { weeklyCents: weekly, monthlyByWeeksCents: monthly, monthlyByHoursCents: byHours };
}

export interface MinimumWageCheckParams {
  date: IsoDate;
  category?: NmwCategory;
  /** Hourly rate paid, cents (give this or remunerationCents). */
  hourlyRateCents?: number;
  /** Pay for `hours` ordinary hours, cents (allowances, tips, bonuses excluded). */
  remunerationCents?: number;
  /** Ordinary hours the pay covers (required with remunerationCents). */
  hours?: number;
}

export interface MinimumWageCheckResult {
  nmwHourlyCents: number;
  effectiveFrom: IsoDate;
  /** Hourly rate paid (given, or remuneration / hours rounded), cents. */
  hourlyRateCents: number;
  belowMinimum: boolean;
  /** max(0, NMW − rate paid) per hour, cents. */
  shortfallPerHourCents: number;
  /** Shortfall over `hours`, cents (null if no hours given). */
  shortfallCents: number | null;
  working: string[];
}

/** Checks pay against the NMW in force on the date. */
export function checkMinimumWage(p: MinimumWageCheckParams): MinimumWageCheckResult {
  const nmw = nmwForDate(p.date);
  const category = p.category ?? 'general';
  const min = category === 'epwp' ? nmw.epwpHourlyCents : nmw.generalHourlyCents;
  const label = category === 'epwp' ? 'EPWP minimum wage' : 'national minimum wage';
  const ch = p.hours === undefined ? null : toFixedUnits(p.hours, 2, 'hours');
  if (ch !== null && ch <= 0) throw new PayrollError('hours', 'hours must be more than 0');
  const working: string[] = [`${label} from ${nmw.effectiveFrom}: ${formatRand(min)} an hour`];

  let rate: number;
  let below: boolean;
  let perHour: number;
  let shortfall: number | null = null;
  if (p.hourlyRateCents !== undefined) {
    assertCents(p.hourlyRateCents, 'hourlyRate');
    rate = p.hourlyRateCents;
    below = rate < min;
    perHour = below ? min - rate : 0;
    if (ch !== null) shortfall = divRoundHalfUp(perHour * ch, 100);
    working.push(
      `Rate paid ${formatRand(rate)} an hour${below ? ` < ${formatRand(min)}: below the minimum by ${formatRand(perHour)} an hour` : ` ≥ ${formatRand(min)}: compliant`}`,
    );
    if (ch !== null && below)
      working.push(`Shortfall: ${formatRand(perHour)} × ${formatUnits(ch, 2)} h = ${formatRand(shortfall as number)}`);
  } else if (p.remunerationCents !== undefined) {
    assertCents(p.remunerationCents, 'remuneration');
    if (ch === null) throw new PayrollError('hours', 'hours is required when remuneration is given');
    rate = divRoundHalfUp(p.remunerationCents * 100, ch);
    const required = min * ch; // cents × 100
    below = p.remunerationCents * 100 < required;
    const gap = below ? required - p.remunerationCents * 100 : 0;
    shortfall = divRoundHalfUp(gap, 100);
    perHour = below ? divRoundHalfUp(gap, ch) : 0;
    working.push(
      `Rate paid ${formatRand(p.remunerationCents)} / ${formatUnits(ch, 2)} h = ${formatRand(rate)} an hour` +
        (below ? ` < ${formatRand(min)}: below the minimum` : ` ≥ ${formatRand(min)}: compliant`),
    );
    if (below)
      working.push(
        `Shortfall: ${formatRand(min)} × ${formatUnits(ch, 2)} h − ${formatRand(p.remunerationCents)} = ${formatRand(shortfall)}`,
      );
  } else {
    throw new PayrollError('hourlyRate', 'hourlyRate or remuneration (with hours) is required');
  }
  return {
    nmwHourlyCents: min,
    effectiveFrom: nmw.effectiveFrom,
    hourlyRateCents: rate,
    belowMinimum: below,
    shortfallPerHourCents: perHour,
    shortfallCents: shortfall,
    working,
  };
}
