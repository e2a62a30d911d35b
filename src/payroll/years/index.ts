/**
 * Tax-year registry. To add a tax year: create `years/20xx.ts` (copy the latest and change the
 * figures) and add it to TAX_YEAR_DEFINITIONS below. Nothing else changes.
 *
 * The registry compiles the human-readable year data (rands, basis points) to integer cents once,
 * at load time, and checks it: bracket base amounts must chain exactly, dated tables must start on
 * the first day of the tax year and be in date order.
 */
import { taxYearEnd, taxYearForIsoDate, taxYearStart } from '../dates.js';
import { PayrollError } from '../errors.js';
import { SCALE, hasAtMostDecimals } from '../money.js';
import type { Dated, EtiTableDef, IsoDate, TaxYearDef } from '../types.js';
import { taxYear2024 } from './2024.js';
import { taxYear2025 } from './2025.js';
import { taxYear2026 } from './2026.js';
import { taxYear2027 } from './2027.js';

// ── Registry: one line per tax year ──────────────────────────────────────────
export const TAX_YEAR_DEFINITIONS: readonly TaxYearDef[] = [taxYear2024, taxYear2025, taxYear2026, taxYear2027];

export interface CompiledEtiTable {
  readonly name: string;
  readonly percentBandUpperCents: number;
  readonly flatBandUpperCents: number;
  readonly taperBandUpperCents: number;
  readonly firstYear: { readonly percentBp: number; readonly flatCents: number; readonly taperBp: number };
  readonly secondYear: { readonly percentBp: number; readonly flatCents: number; readonly taperBp: number };
  readonly exemptEmployerFloor160hCents: number;
  readonly minAge: number;
  readonly maxAge: number;
  readonly maxQualifyingMonths: number;
  readonly sunset: IsoDate;
}

export interface CompiledDated<T> {
  readonly effectiveFrom: IsoDate;
  readonly value: T;
  readonly note?: string;
}

export interface CompiledBrackets {
  readonly lowerCents: readonly number[];
  readonly baseCents: readonly number[];
  readonly rateBp: readonly number[];
}

/** A tax year's figures in integer cents and basis points. */
export interface CompiledTaxYear {
  readonly taxYear: number;
  readonly label: string;
  readonly startDate: IsoDate;
  readonly endDate: IsoDate;
  /** Parallel arrays (fast path): lower limit, base, rate of each bracket. */
  readonly bracketLowerCents: readonly number[];
  readonly bracketBaseCents: readonly number[];
  readonly bracketRateBp: readonly number[];
  readonly rebates: { readonly primaryCents: number; readonly secondaryCents: number; readonly tertiaryCents: number };
  readonly medicalCredits: { readonly firstCents: number; readonly secondCents: number; readonly additionalCents: number };
  readonly retirementCapCents: number;
  readonly retirementPercentBp: number;
  readonly uif: {
    readonly ceilingMonthlyCents: number;
    readonly ceilingAnnualCents: number;
    readonly employeeRateBp: number;
    readonly employerRateBp: number;
    readonly minHoursPerMonth: number;
  };
  readonly sdl: { readonly rateBp: number; readonly exemptionThresholdCents: number };
  readonly eti: readonly CompiledDated<CompiledEtiTable>[];
  readonly nmw: readonly CompiledDated<{ readonly generalHourlyCents: number; readonly epwpHourlyCents: number }>[];
  readonly bceaThreshold: readonly CompiledDated<{ readonly annualCents: number }>[];
  /** Retirement fund lump sums and severance benefits (facts 25). */
  readonly lumpSum: CompiledBrackets;
  readonly prescribedRatePerKmCents: number;
  readonly openPoints: readonly string[];
  /** The uncompiled definition, as written in the year file. */
  readonly definition: TaxYearDef;
}

function cents(rands: number, what: string): number {
  const c = Math.round(rands * 100);
  if (!hasAtMostDecimals(rands, 2) || c < 0) {
    throw new Error(`Invalid tax-year data: ${what} = ${rands} is not a non-negative rand amount with at most 2 decimals`);
  }
  return c;
}

function bp(v: number, what: string): number {
  if (!Number.isInteger(v) || v < 0 || v > 10_000) throw new Error(`Invalid tax-year data: ${what} = ${v} is not a rate in basis points`);
  return v;
}

function compileDated<T, U>(
  ty: TaxYearDef,
  what: string,
  entries: readonly Dated<T>[],
  map: (v: T) => U,
  allowEmpty = false,
): CompiledDated<U>[] {
  const start = taxYearStart(ty.taxYear);
  const end = taxYearEnd(ty.taxYear);
  if (entries.length === 0) {
    if (allowEmpty) return [];
    throw new Error(`Invalid tax-year data ${ty.taxYear}: ${what} has no entries`);
  }
  if (entries[0].effectiveFrom !== start) {
    throw new Error(`Invalid tax-year data ${ty.taxYear}: first ${what} entry must take effect on ${start}`);
  }
  let prev = '';
  return entries.map((e) => {
    if (!(e.effectiveFrom > prev) || e.effectiveFrom > end) {
      throw new Error(`Invalid tax-year data ${ty.taxYear}: ${what} entries must be in date order within ${start}..${end}`);
    }
    prev = e.effectiveFrom;
    return { effectiveFrom: e.effectiveFrom, value: map(e.value), note: e.note };
  });
}

function compileEti(t: EtiTableDef): CompiledEtiTable {
  const yr = (y: EtiTableDef['firstYear'], w: string) => ({
    percentBp: bp(y.percentBp, `${w}.percentBp`),
    flatCents: cents(y.flat, `${w}.flat`),
    taperBp: bp(y.taperBp, `${w}.taperBp`),
  });
  const c: CompiledEtiTable = {
    name: t.name,
    percentBandUpperCents: cents(t.percentBandUpper, 'eti.percentBandUpper'),
    flatBandUpperCents: cents(t.flatBandUpper, 'eti.flatBandUpper'),
    taperBandUpperCents: cents(t.taperBandUpper, 'eti.taperBandUpper'),
    firstYear: yr(t.firstYear, 'eti.firstYear'),
    secondYear: yr(t.secondYear, 'eti.secondYear'),
    exemptEmployerFloor160hCents: cents(t.exemptEmployerFloor160h, 'eti.exemptEmployerFloor160h'),
    minAge: t.minAge,
    maxAge: t.maxAge,
    maxQualifyingMonths: t.maxQualifyingMonths,
    sunset: t.sunset,
  };
  if (!(c.percentBandUpperCents < c.flatBandUpperCents && c.flatBandUpperCents < c.taperBandUpperCents)) {
    throw new Error(`Invalid ETI table ${t.name}: bands out of order`);
  }
  return c;
}

/** A table of brackets in cents; each base amount must equal the tax at the top of the previous bracket, exactly. */
function compileBrackets(ty: TaxYearDef, what: string, brackets: TaxYearDef['brackets']): CompiledBrackets {
  const n = brackets.length;
  if (n === 0) throw new Error(`Invalid tax-year data ${ty.taxYear}: no ${what}`);
  const lower = brackets.map((b, i) => cents(b.lowerLimit, `${what}[${i}].lowerLimit`));
  const base = brackets.map((b, i) => cents(b.base, `${what}[${i}].base`));
  const rate = brackets.map((b, i) => bp(b.rateBp, `${what}[${i}].rateBp`));
  if (lower[0] !== 0 || base[0] !== 0) throw new Error(`Invalid tax-year data ${ty.taxYear}: first of ${what} must start at 0 with base 0`);
  for (let i = 1; i < n; i++) {
    if (!(lower[i] > lower[i - 1])) throw new Error(`Invalid tax-year data ${ty.taxYear}: ${what} not ascending`);
    const chained = base[i - 1] * SCALE + rate[i - 1] * (lower[i] - lower[i - 1]);
    if (chained !== base[i] * SCALE) {
      throw new Error(`Invalid tax-year data ${ty.taxYear}: base of ${what} ${i} (${brackets[i].base}) does not chain from ${i - 1}`);
    }
  }
  return { lowerCents: lower, baseCents: base, rateBp: rate };
}

export function compileTaxYear(ty: TaxYearDef): CompiledTaxYear {
  const income = compileBrackets(ty, 'brackets', ty.brackets);
  const lower = income.lowerCents;
  const base = income.baseCents;
  const rate = income.rateBp;
  const uifCeil = cents(ty.uif.ceilingMonthly, 'uif.ceilingMonthly');
  return {
    taxYear: ty.taxYear,
    label: ty.label,
    startDate: taxYearStart(ty.taxYear),
    endDate: taxYearEnd(ty.taxYear),
    bracketLowerCents: lower,
    bracketBaseCents: base,
    bracketRateBp: rate,
    rebates: {
      primaryCents: cents(ty.rebates.primary, 'rebates.primary'),
      secondaryCents: cents(ty.rebates.secondary, 'rebates.secondary'),
      tertiaryCents: cents(ty.rebates.tertiary, 'rebates.tertiary'),
    },
    medicalCredits: {
      firstCents: cents(ty.medicalCredits.first, 'medicalCredits.first'),
      secondCents: cents(ty.medicalCredits.second, 'medicalCredits.second'),
      additionalCents: cents(ty.medicalCredits.additional, 'medicalCredits.additional'),
    },
    retirementCapCents: cents(ty.retirement.capAnnual, 'retirement.capAnnual'),
    retirementPercentBp: bp(ty.retirement.percentOfRemunerationBp, 'retirement.percentOfRemunerationBp'),
    uif: {
      ceilingMonthlyCents: uifCeil,
      ceilingAnnualCents: uifCeil * 12,
      employeeRateBp: bp(ty.uif.employeeRateBp, 'uif.employeeRateBp'),
      employerRateBp: bp(ty.uif.employerRateBp, 'uif.employerRateBp'),
      minHoursPerMonth: ty.uif.minHoursPerMonth,
    },
    sdl: {
      rateBp: bp(ty.sdl.rateBp, 'sdl.rateBp'),
      exemptionThresholdCents: cents(ty.sdl.exemptionThresholdAnnual, 'sdl.exemptionThresholdAnnual'),
    },
    eti: compileDated(ty, 'eti', ty.eti, compileEti),
    nmw: compileDated(
      ty,
      'nmw',
      ty.nmw,
      (v) => ({ generalHourlyCents: cents(v.generalHourly, 'nmw.generalHourly'), epwpHourlyCents: cents(v.epwpHourly, 'nmw.epwpHourly') }),
      true,
    ),
    bceaThreshold: compileDated(ty, 'bceaThresholdAnnual', ty.bceaThresholdAnnual, (v) => ({
      annualCents: cents(v, 'bceaThresholdAnnual'),
    })),
    lumpSum: compileBrackets(ty, 'lumpSum', ty.lumpSum),
    prescribedRatePerKmCents: cents(ty.prescribedRatePerKm, 'prescribedRatePerKm'),
    openPoints: ty.openPoints,
    definition: ty,
  };
}

const BY_YEAR = new Map<number, CompiledTaxYear>();
for (const def of TAX_YEAR_DEFINITIONS) {
  if (BY_YEAR.has(def.taxYear)) throw new Error(`Tax year ${def.taxYear} is registered twice`);
  BY_YEAR.set(def.taxYear, compileTaxYear(def));
}
let SUPPORTED: readonly number[] = Object.freeze([...BY_YEAR.keys()].sort((a, b) => a - b));

/**
 * Adds a tax year after load, checked like the registered ones. The product registers its years above; the
 * roll-over test adds a made-up one here to run the February-to-March routine end to end.
 */
export function registerTaxYear(def: TaxYearDef): CompiledTaxYear {
  if (BY_YEAR.has(def.taxYear)) throw new Error(`Tax year ${def.taxYear} is registered twice`);
  const compiled = compileTaxYear(def);
  BY_YEAR.set(def.taxYear, compiled);
  SUPPORTED = Object.freeze([...BY_YEAR.keys()].sort((a, b) => a - b));
  return compiled;
}

/** Removes a year added with registerTaxYear (tests only). */
export function unregisterTaxYear(taxYear: number): void {
  if (TAX_YEAR_DEFINITIONS.some((d) => d.taxYear === taxYear)) throw new Error(`Tax year ${taxYear} is part of the product`);
  BY_YEAR.delete(taxYear);
  SUPPORTED = Object.freeze([...BY_YEAR.keys()].sort((a, b) => a - b));
}

/** Tax years the engine has figures for, ascending (e.g. [2024, 2025, 2026, 2027]). */
export function supportedTaxYears(): number[] {
  return [...SUPPORTED];
}

export function isSupportedTaxYear(taxYear: number): boolean {
  return BY_YEAR.has(taxYear);
}

export function describeSupportedTaxYears(): string {
  return SUPPORTED.join(', ');
}

/** The compiled figures for a tax year; throws a PayrollError (field "taxYear") for an unknown year. */
export function getTaxYear(taxYear: number): CompiledTaxYear {
  const y = BY_YEAR.get(taxYear);
  if (y === undefined) {
    throw new PayrollError('taxYear', `taxYear ${String(taxYear)} is not supported; supported tax years: ${describeSupportedTaxYears()}`);
  }
  return y;
}

/** The entry of a dated table in force on `iso` (the last one with effectiveFrom ≤ iso), or undefined. */
export function datedValueAt<T>(entries: readonly CompiledDated<T>[], iso: IsoDate): CompiledDated<T> | undefined {
  let found: CompiledDated<T> | undefined;
  for (const e of entries) {
    if (e.effectiveFrom <= iso) found = e;
    else break;
  }
  return found;
}

/**
 * The compiled figures for the tax year containing an ISO date; throws a PayrollError naming `field`
 * if that tax year is not supported.
 */
export function getTaxYearForDate(iso: IsoDate, field = 'date'): CompiledTaxYear {
  const ty = taxYearForIsoDate(iso);
  const y = BY_YEAR.get(ty);
  if (y === undefined) {
    throw new PayrollError(
      field,
      `${field} ${iso} falls in tax year ${ty}, which is not supported; supported tax years: ${describeSupportedTaxYears()}`,
    );
  }
  return y;
}
