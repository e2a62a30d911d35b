/**
 * Employment Tax Incentive (sa-payroll-facts.md section 4). The table is chosen by the date given:
 * the 2022 table up to 31 March 2025, the April-2025 table from 1 April 2025.
 *
 * Fewer than 160 hours paid: remuneration is grossed up to 160 hours, the table is read, and the
 * ETI is grossed down in the same ratio. All arithmetic is exact (rational) and rounded once,
 * half-up to cents.
 */
import { assertIsoDate } from './dates.js';
import { PayrollError, assertCents, assertInt } from './errors.js';
import { divRoundHalfUp, formatPercent, formatRand, formatUnits, toFixedUnits } from './money.js';
import { nmwForDate } from './minimum-wage.js';
import type { IsoDate } from './types.js';
import { datedValueAt, getTaxYearForDate, type CompiledEtiTable } from './years/index.js';

/** 160 hours in centi-hours. */
const FULL_MONTH_CH = 16_000;
export const MAX_HOURS_PER_MONTH = 744;

export interface EtiParams {
  /** Date in the month claimed (yyyy-mm-dd): picks the table and the NMW for the wage test. */
  date: IsoDate;
  /** Monthly remuneration, cents. */
  remunerationCents: number;
  /** Hours employed and paid in the month (default 160). */
  hoursWorked?: number;
  /** Qualifying month number for this employee and employer (1–12 first rate, 13–24 second, > 24 nil). */
  monthOfEmployment: number;
  /** Age at the end of the month. */
  age: number;
  /** Employer in a designated special economic zone or industry: any age qualifies. */
  specialEconomicZone?: boolean;
  /** The pay meets an applicable wage-regulating measure that is lower than the NMW (e.g. NMW Schedule 2 learnership allowance): the NMW test is replaced by that measure, assumed met. */
  wageRegulatingMeasureBelowNmw?: boolean;
  /** Employer exempt from the NMW Act with no wage-regulating measure: floor R2 500 per 160 hours (R2 000 before 1 Apr 2025), pro-rated. */
  nmwExemptEmployer?: boolean;
}

export interface EtiResult {
  etiCents: number;
  eligible: boolean;
  /** Why the ETI is nil, if it is. */
  reason: string | null;
  table: string;
  /** Remuneration grossed up to 160 hours (equal to remuneration at 160+ hours), cents, rounded. */
  grossedUpCents: number;
  working: string[];
}

/** The ETI table in force on a date. Throws a PayrollError (field "date") for unsupported dates. */
export function etiTableForDate(iso: IsoDate): CompiledEtiTable {
  assertIsoDate(iso, 'date');
  const year = getTaxYearForDate(iso, 'date');
  const e = datedValueAt(year.eti, iso);
  if (e === undefined) throw new PayrollError('date', `date: no ETI table for ${iso}`);
  return e.value;
}

function nil(table: CompiledEtiTable, reason: string, working: string[], grossed: number): EtiResult {
  working.push(`ETI nil: ${reason}`);
  return { etiCents: 0, eligible: false, reason, table: table.name, grossedUpCents: grossed, working };
}

/** ETI for one employee for one month. */
export function calculateEti(p: EtiParams): EtiResult {
  const table = etiTableForDate(p.date);
  assertCents(p.remunerationCents, 'remuneration');
  assertInt(p.monthOfEmployment, 'monthOfEmployment', 1, 10_000);
  assertInt(p.age, 'age', 0, 130);
  const ch = toFixedUnits(p.hoursWorked ?? 160, 2, 'hoursWorked');
  if (ch <= 0 || ch > MAX_HOURS_PER_MONTH * 100) {
    throw new PayrollError('hoursWorked', `hoursWorked must be more than 0 and at most ${MAX_HOURS_PER_MONTH}`);
  }
  const rem = p.remunerationCents;
  const hs = ch < FULL_MONTH_CH ? ch : FULL_MONTH_CH; // hours used for gross-up / gross-down
  const grossed = divRoundHalfUp(rem * FULL_MONTH_CH, hs);
  const hoursText = formatUnits(ch, 2);
  const working: string[] = [`${table.name} applies on ${p.date}`];

  if (p.date > table.sunset) return nil(table, `ETI ended on ${table.sunset}`, working, grossed);

  const maxM = table.maxQualifyingMonths;
  if (p.monthOfEmployment > maxM) {
    return nil(table, `qualifying month ${p.monthOfEmployment} is after the ${maxM}-month entitlement`, working, grossed);
  }
  const first = p.monthOfEmployment <= 12;
  const rates = first ? table.firstYear : table.secondYear;
  working.push(`Qualifying month ${p.monthOfEmployment} of ${maxM}: ${first ? 'first' : 'second'} 12-month rates`);

  if (p.specialEconomicZone === true) {
    working.push(`Age ${p.age}: employer in a special economic zone or designated industry, so any age qualifies`);
  } else if (p.age < table.minAge || p.age > table.maxAge) {
    return nil(table, `age ${p.age} at the end of the month is outside ${table.minAge}–${table.maxAge}`, working, grossed);
  } else {
    working.push(`Age ${p.age} at the end of the month is within ${table.minAge}–${table.maxAge}`);
  }

  // Wage test.
  if (p.wageRegulatingMeasureBelowNmw === true) {
    working.push('Wage test: pay meets the applicable wage-regulating measure (lower than the NMW), as stated');
  } else if (p.nmwExemptEmployer === true) {
    const floor = divRoundHalfUp(table.exemptEmployerFloor160hCents * hs, FULL_MONTH_CH);
    if (rem * FULL_MONTH_CH < table.exemptEmployerFloor160hCents * hs) {
      return nil(
        table,
        `pay ${formatRand(rem)} is below the ETI wage floor ${formatRand(table.exemptEmployerFloor160hCents)} per 160 hours (${formatRand(floor)} for ${hoursText} h)`,
        working,
        grossed,
      );
    }
    working.push(`Wage test (NMW-exempt employer): ${formatRand(rem)} ≥ floor ${formatRand(floor)} for ${hoursText} h`);
  } else {
    const nmw = nmwForDate(p.date).generalHourlyCents;
    const hourly = divRoundHalfUp(rem * 100, ch);
    if (rem * 100 < nmw * ch) {
      return nil(
        table,
        `pay ${formatRand(rem)} / ${hoursText} h = ${formatRand(hourly)} an hour is below the national minimum wage ${formatRand(nmw)} an hour`,
        working,
        grossed,
      );
    }
    working.push(
      `Wage test: ${formatRand(rem)} / ${hoursText} h = ${formatRand(hourly)} an hour ≥ national minimum wage ${formatRand(nmw)}`,
    );
  }

  if (ch < FULL_MONTH_CH) {
    working.push(`Hours ${hoursText} < 160: grossed up ${formatRand(rem)} × 160 / ${hoursText} = ${formatRand(grossed)}`);
  }
  const g = rem * FULL_MONTH_CH; // grossed-up remuneration × hs
  const upper = table.taperBandUpperCents;
  if (g >= upper * hs) {
    return nil(table, `monthly remuneration ${formatRand(grossed)} is not less than ${formatRand(upper)}`, working, grossed);
  }

  let eti: number;
  let full: number; // table value before gross-down (for working)
  if (g < table.percentBandUpperCents * hs) {
    eti = divRoundHalfUp(rem * rates.percentBp, 10_000);
    full = divRoundHalfUp(grossed * rates.percentBp, 10_000);
    working.push(
      `${formatRand(grossed)} is below ${formatRand(table.percentBandUpperCents)}: ${formatPercent(rates.percentBp)} × ${formatRand(grossed)} = ${formatRand(full)}`,
    );
  } else if (g < table.flatBandUpperCents * hs) {
    eti = divRoundHalfUp(rates.flatCents * hs, FULL_MONTH_CH);
    full = rates.flatCents;
    working.push(
      `${formatRand(grossed)} is in the ${formatRand(table.percentBandUpperCents)} – ${formatRand(table.flatBandUpperCents - 1)} band: ${formatRand(full)}`,
    );
  } else {
    const start = table.flatBandUpperCents;
    const n = (rates.flatCents * 10_000 + rates.taperBp * start) * hs - rates.taperBp * rem * FULL_MONTH_CH;
    eti = divRoundHalfUp(n, 10_000 * FULL_MONTH_CH);
    full = divRoundHalfUp(rates.flatCents * 10_000 - rates.taperBp * (grossed - start), 10_000);
    working.push(
      `${formatRand(grossed)} is in the taper band: ${formatRand(rates.flatCents)} − ${formatPercent(rates.taperBp)} × ` +
        `(${formatRand(grossed)} − ${formatRand(start)}) = ${formatRand(full)}`,
    );
  }
  if (ch < FULL_MONTH_CH) {
    working.push(`Grossed down: ${formatRand(full)} × ${hoursText} / 160 = ${formatRand(eti)}`);
  }
  working.push(`ETI for the month: ${formatRand(eti)}`);
  working.push(
    'Assumes the other ETI criteria are met: SA ID or asylum seeker permit, not a connected person, not a domestic worker, documented contract, not employed by this employer before 1 Oct 2013',
  );
  return { etiCents: eti, eligible: true, reason: null, table: table.name, grossedUpCents: grossed, working };
}
