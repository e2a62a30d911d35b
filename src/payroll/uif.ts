/**
 * UIF contributions (sa-payroll-facts.md section 2): 1% employee + 1% employer of UIF remuneration,
 * capped at the ceiling (R17 712 a month = R212 544 a year). For other pay periods the ceiling is
 * pro-rated: annual ceiling / periods. Commission is excluded from UIF remuneration.
 */
import { MAX_ANNUAL_AMOUNT_CENTS, assertCents, assertInt, PayrollError } from './errors.js';
import { divRoundHalfUp, formatPercent, formatRand } from './money.js';
import { PERIODS_PER_YEAR, type PayPeriod } from './types.js';
import { getTaxYear, type CompiledTaxYear } from './years/index.js';

/** Categories excluded from UIF (DEL basic guide [S30][S31][S32]). */
export const UIF_EXCLUSIONS = {
  public_servant: 'public servant in the national or provincial sphere of government',
  // The exclusion of foreigners who must be repatriated (UICA s4(1)(d)) was repealed from 1 March 2018: they contribute.
  office_bearer:
    'President, Deputy President, Minister, Deputy Minister, MP, NCOP delegate, Premier, MEC, MPL, municipal councillor or traditional leader (UICA s4)',
} as const;
export type UifExclusion = keyof typeof UIF_EXCLUSIONS;

export interface UifParams {
  taxYear: number;
  period?: PayPeriod;
  /** Remuneration for the period EXCLUDING commission, cents. */
  remunerationCents: number;
  /** Commission paid in the period, cents; excluded from the UIF base (reported in working only). */
  commissionCents?: number;
  /** Hours a month the worker is employed by this employer; fewer than 24 → excluded. */
  hoursPerMonth?: number;
  /** An excluded category. */
  excludedCategory?: UifExclusion;
  /** Set false to mark the worker as excluded for any other reason (e.g. golden `uif_applicable: false`). */
  applicable?: boolean;
}

export interface UifResult {
  employeeCents: number;
  employerCents: number;
  totalCents: number;
  periods: number;
  /** UIF remuneration used (capped at the period ceiling), cents (rounded for display). */
  baseCents: number;
  /** Ceiling for the period (annual ceiling / periods), cents, rounded. */
  ceilingPerPeriodCents: number;
  excluded: boolean;
  exclusionReason: string | null;
  working: string[];
}

function exclusionReason(year: CompiledTaxYear, p: UifParams): string | null {
  if (p.applicable === false) return 'worker marked as excluded from UIF';
  if (p.excludedCategory !== undefined) {
    const r = Object.hasOwn(UIF_EXCLUSIONS, p.excludedCategory) ? UIF_EXCLUSIONS[p.excludedCategory] : undefined;
    if (r === undefined)
      throw new PayrollError('excludedCategory', `excludedCategory must be one of ${Object.keys(UIF_EXCLUSIONS).join(', ')}`);
    return r;
  }
  if (p.hoursPerMonth !== undefined) {
    if (!Number.isFinite(p.hoursPerMonth) || p.hoursPerMonth < 0)
      throw new PayrollError('hoursPerMonth', 'hoursPerMonth must be a non-negative number');
    if (p.hoursPerMonth < year.uif.minHoursPerMonth)
      return `employed for fewer than ${year.uif.minHoursPerMonth} hours a month (${p.hoursPerMonth} h)`;
  }
  return null;
}

/**
 * UIF on an annual-equivalent amount split into `periods` equal periods: each side is
 * rate × min(annual equivalent, annual ceiling) / periods, rounded half-up to cents.
 */
export function uifFromAnnualEquivalent(
  taxYear: number,
  annualEquivalentCents: number,
  periods: number,
): { employeeCents: number; employerCents: number; totalCents: number } {
  const year = getTaxYear(taxYear);
  assertCents(annualEquivalentCents, 'annualRemuneration', MAX_ANNUAL_AMOUNT_CENTS);
  assertInt(periods, 'periods', 1, 366);
  const capped = Math.min(annualEquivalentCents, year.uif.ceilingAnnualCents);
  const employee = divRoundHalfUp(capped * year.uif.employeeRateBp, periods * 10_000);
  const employer = divRoundHalfUp(capped * year.uif.employerRateBp, periods * 10_000);
  return { employeeCents: employee, employerCents: employer, totalCents: employee + employer };
}

/** UIF for one pay period, with exclusions and working. */
export function calculateUif(p: UifParams): UifResult {
  const year = getTaxYear(p.taxYear);
  const period = p.period ?? 'monthly';
  const periods = PERIODS_PER_YEAR[period];
  if (typeof periods !== 'number')
    throw new PayrollError('period', `period must be one of monthly, fortnightly, weekly, annual (got ${JSON.stringify(period)})`);
  assertCents(p.remunerationCents, 'remuneration');
  const commission = p.commissionCents ?? 0;
  assertCents(commission, 'commission');
  const ceilingPerPeriod = divRoundHalfUp(year.uif.ceilingAnnualCents, periods);
  const working: string[] = [];
  const reason = exclusionReason(year, p);
  if (reason !== null) {
    working.push(`UIF not deducted: ${reason}`);
    return {
      employeeCents: 0,
      employerCents: 0,
      totalCents: 0,
      periods,
      baseCents: 0,
      ceilingPerPeriodCents: ceilingPerPeriod,
      excluded: true,
      exclusionReason: reason,
      working,
    };
  }
  const r = uifFromAnnualEquivalent(p.taxYear, p.remunerationCents * periods, periods);
  const capped = p.remunerationCents * periods > year.uif.ceilingAnnualCents;
  const base = capped ? ceilingPerPeriod : p.remunerationCents;
  if (commission > 0) working.push(`Commission ${formatRand(commission)} is excluded from UIF remuneration`);
  const ceilText =
    periods === 12
      ? `the ${formatRand(year.uif.ceilingMonthlyCents)} monthly ceiling`
      : periods === 1
        ? `the ${formatRand(year.uif.ceilingAnnualCents)} annual ceiling`
        : `the ${period} ceiling ${formatRand(year.uif.ceilingAnnualCents)} / ${periods} = ${formatRand(ceilingPerPeriod)}`;
  working.push(`UIF remuneration ${formatRand(p.remunerationCents)}${capped ? `, capped at ${ceilText}` : ` (below ${ceilText})`}`);
  working.push(`UIF employee: ${formatPercent(year.uif.employeeRateBp)} × ${formatRand(base)} = ${formatRand(r.employeeCents)}`);
  working.push(`UIF employer: ${formatPercent(year.uif.employerRateBp)} × ${formatRand(base)} = ${formatRand(r.employerCents)}`);
  return {
    ...r,
    periods,
    baseCents: base,
    ceilingPerPeriodCents: ceilingPerPeriod,
    excluded: false,
    exclusionReason: null,
    working,
  };
}
