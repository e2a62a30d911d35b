/**
 * Income tax and PAYE (sa-payroll-facts.md sections 1 and 8), in one file because annual tax, rebates, credits
 * and the period PAYE are one calculation with one rounding rule.
 *
 * Exact arithmetic: amounts are integer cents; tax is first computed in "scaled" units
 * (1 cent = SCALE = 10 000 units, so cents × rate in basis points is exact) and rounded
 * half-up to cents only when a figure is reported. PAYE for a period is
 *   max(0, annual tax after rebates − 12 × monthly medical credit) / periods
 * rounded half-up to cents, i.e. for monthly pay "(annual tax after rebates)/12 − monthly credit,
 * floored at 0" as in the golden file.
 */
import { formatLongDate, taxYearEnd, taxYearStart } from './dates.js';
import { MAX_ANNUAL_AMOUNT_CENTS, MAX_PERIOD_AMOUNT_CENTS, PayrollError, assertCents, assertInt } from './errors.js';
import { SCALE, divFloor, divRoundHalfUp, formatPercent, formatRand } from './money.js';
import { PERIODS_PER_YEAR, type PayPeriod } from './types.js';
import { getTaxYear, type CompiledTaxYear } from './years/index.js';

export const MAX_AGE = 130;
export const MAX_MEDICAL_MEMBERS = 50;

/** Index of the bracket that applies to `taxableCents` (income above the bracket's lower limit). */
export function bracketIndexFor(year: CompiledTaxYear, taxableCents: number): number {
  const lower = year.bracketLowerCents;
  let i = lower.length - 1;
  while (i > 0 && taxableCents <= lower[i]) i--;
  return i;
}

/** Tax per the table on taxable income, in scaled units (cents × 10 000), before rebates. Never negative. */
export function taxScaled(year: CompiledTaxYear, taxableCents: number): number {
  if (taxableCents <= 0) return 0;
  const i = bracketIndexFor(year, taxableCents);
  return year.bracketBaseCents[i] * SCALE + year.bracketRateBp[i] * (taxableCents - year.bracketLowerCents[i]);
}

/** Tax per the table in cents (rounded half-up), before rebates. */
export function taxOnTaxableIncomeCents(taxYear: number, taxableCents: number): number {
  assertCents(taxableCents, 'taxableIncome', MAX_ANNUAL_AMOUNT_CENTS);
  return divRoundHalfUp(taxScaled(getTaxYear(taxYear), taxableCents), SCALE);
}

/** Annual rebates by age on the last day of the tax year: primary; + secondary at 65+; + tertiary at 75+. */
export function rebateCentsFor(year: CompiledTaxYear, age: number): number {
  const r = year.rebates;
  if (age >= 75) return r.primaryCents + r.secondaryCents + r.tertiaryCents;
  if (age >= 65) return r.primaryCents + r.secondaryCents;
  return r.primaryCents;
}

/**
 * The tax threshold: the annual taxable income up to which the rebates cancel all tax, by age band
 * (under 65, 65 to 74, 75 and over). Income at the threshold pays no tax; the rand above it does.
 */
export function taxThresholdCentsFor(year: CompiledTaxYear, age: number): number {
  const rebate = rebateCentsFor(year, age) * SCALE;
  for (let i = 0; i < year.bracketLowerCents.length; i++) {
    const base = year.bracketBaseCents[i] * SCALE;
    const next = year.bracketLowerCents[i + 1];
    const atTop = next === undefined ? Infinity : year.bracketBaseCents[i + 1] * SCALE;
    if (rebate <= atTop) return year.bracketLowerCents[i] + divRoundHalfUp(rebate - base, year.bracketRateBp[i]);
  }
  return 0;
}

/**
 * Monthly s6A medical scheme fees tax credit. `members` = people on the scheme including the main
 * member: the 1st and 2nd person at the main rate, each further person at the lower rate.
 */
export function medicalCreditMonthlyCentsFor(year: CompiledTaxYear, members: number): number {
  const m = year.medicalCredits;
  if (members <= 0) return 0;
  if (members === 1) return m.firstCents;
  return m.firstCents + m.secondCents + (members - 2) * m.additionalCents;
}

/** Public wrapper: monthly and annual medical credit for a tax year and number of people on the scheme. */
export function medicalCredit(taxYear: number, members: number): { monthlyCents: number; annualCents: number } {
  assertInt(members, 'medicalMembers', 0, MAX_MEDICAL_MEMBERS);
  const monthly = medicalCreditMonthlyCentsFor(getTaxYear(taxYear), members);
  return { monthlyCents: monthly, annualCents: monthly * 12 };
}

/**
 * s11F retirement deduction through payroll: the lesser of the contributions, 27.5% of remuneration
 * (rounded down to the cent) and the annual cap.
 */
export function retirementDeductionCentsFor(
  year: CompiledTaxYear,
  annualRemunerationCents: number,
  annualContributionsCents: number,
): number {
  if (annualContributionsCents <= 0) return 0;
  const pct = divFloor(annualRemunerationCents * year.retirementPercentBp, 10_000);
  let d = annualContributionsCents;
  if (pct < d) d = pct;
  if (year.retirementCapCents < d) d = year.retirementCapCents;
  return d;
}

export interface AnnualTaxInput {
  taxYear: number;
  /** Annual (equivalent) remuneration, cents. */
  annualRemunerationCents: number;
  /** Employee's own retirement fund / RA contributions through payroll for the year, cents. */
  annualRetirementContributionsCents?: number;
  /** Age on the last day of the tax year. */
  age: number;
  /** People on the medical scheme including the main member (0 = none). */
  medicalMembers?: number;
}

export interface AnnualTaxResult {
  taxYear: number;
  annualRemunerationCents: number;
  annualRetirementContributionsCents: number;
  retirementDeductionCents: number;
  taxableIncomeCents: number;
  bracketIndex: number;
  /** Tax per the table, rounded to cents. */
  taxBeforeRebatesCents: number;
  /** Rebate entitlement for the age (primary [+ secondary] [+ tertiary]), whether or not fully used. */
  rebatesCents: number;
  /** max(0, tax per table − rebates), rounded to cents. */
  taxAfterRebatesCents: number;
  medicalMembers: number;
  medicalCreditMonthlyCents: number;
  medicalCreditAnnualCents: number;
  /** max(0, tax after rebates − annual medical credits), rounded to cents: the year's liability. */
  annualTaxCents: number;
  /** Exact tax after rebates in scaled units (cents × 10 000), for exact per-period division. */
  taxAfterRebatesScaled: number;
}

function checkCommon(taxYear: number, age: number, medicalMembers: number): CompiledTaxYear {
  const year = getTaxYear(taxYear);
  assertInt(age, 'age', 0, MAX_AGE);
  assertInt(medicalMembers, 'medicalMembers', 0, MAX_MEDICAL_MEMBERS);
  return year;
}

/** Annual income tax for a tax year on annual remuneration (steady state, no bonus). */
export function calculateAnnualTax(input: AnnualTaxInput): AnnualTaxResult {
  const members = input.medicalMembers ?? 0;
  const contributions = input.annualRetirementContributionsCents ?? 0;
  const year = checkCommon(input.taxYear, input.age, members);
  assertCents(input.annualRemunerationCents, 'annualRemuneration', MAX_ANNUAL_AMOUNT_CENTS);
  assertCents(contributions, 'annualRetirementContributions', MAX_ANNUAL_AMOUNT_CENTS);

  const ded = retirementDeductionCentsFor(year, input.annualRemunerationCents, contributions);
  const taxable = input.annualRemunerationCents - ded;
  const before = taxScaled(year, taxable);
  const rebates = rebateCentsFor(year, input.age);
  let after = before - rebates * SCALE;
  if (after < 0) after = 0;
  const credM = medicalCreditMonthlyCentsFor(year, members);
  let net = after - credM * 12 * SCALE;
  if (net < 0) net = 0;
  return {
    taxYear: year.taxYear,
    annualRemunerationCents: input.annualRemunerationCents,
    annualRetirementContributionsCents: contributions,
    retirementDeductionCents: ded,
    taxableIncomeCents: taxable,
    bracketIndex: bracketIndexFor(year, taxable),
    taxBeforeRebatesCents: divRoundHalfUp(before, SCALE),
    rebatesCents: rebates,
    taxAfterRebatesCents: divRoundHalfUp(after, SCALE),
    medicalMembers: members,
    medicalCreditMonthlyCents: credM,
    medicalCreditAnnualCents: credM * 12,
    annualTaxCents: divRoundHalfUp(net, SCALE),
    taxAfterRebatesScaled: after,
  };
}

/**
 * PAYE per period from an annual result: max(0, tax after rebates − annual medical credit) / periods,
 * rounded half-up to cents. For periods = 12 this is "(annual tax after rebates)/12 − monthly credit".
 */
export function payeForPeriodFromAnnual(annual: AnnualTaxResult, periods: number): number {
  assertInt(periods, 'periods', 1, 366);
  const n = annual.taxAfterRebatesScaled - annual.medicalCreditAnnualCents * SCALE;
  return n <= 0 ? 0 : divRoundHalfUp(n, periods * SCALE);
}

export interface PayeParams {
  taxYear: number;
  period: PayPeriod;
  /** Regular remuneration for one period, cents (annualised by × periods). */
  remunerationCents: number;
  /** Age on the last day of the tax year. */
  age: number;
  /** People on the medical scheme including the main member. */
  medicalMembers?: number;
  /** Employee's own retirement contributions through payroll for one period, cents. */
  retirementContributionsCents?: number;
  /** Bonus / irregular payment in this period, cents (taxed by the difference method). */
  bonusCents?: number;
}

export interface PayeResult {
  taxYear: number;
  period: PayPeriod;
  periods: number;
  /** Age on the last day of the tax year. */
  age: number;
  remunerationCents: number;
  retirementContributionsCents: number;
  bonusCents: number;
  /** Regular remuneration × periods. */
  annualEquivalentCents: number;
  annualRetirementContributionsCents: number;
  retirementDeductionCents: number;
  taxableIncomeCents: number;
  bracketIndex: number;
  taxBeforeRebatesCents: number;
  rebatesCents: number;
  taxAfterRebatesCents: number;
  medicalMembers: number;
  medicalCreditMonthlyCents: number;
  medicalCreditAnnualCents: number;
  /** Monthly credit × 12 / periods, rounded (for display; the PAYE uses the exact value). */
  medicalCreditPerPeriodCents: number;
  /** Annual tax on the annual equivalent after rebates and medical credits (excludes the bonus). */
  annualTaxCents: number;
  /** PAYE on regular remuneration for the period. */
  regularPayeCents: number;
  /** Extra PAYE caused by the bonus (payeCents − regularPayeCents); 0 without a bonus. */
  bonusPayeCents: number;
  /** Total PAYE for the period (regular + bonus). */
  payeCents: number;
  /** With a bonus: retirement deduction recomputed on annual equivalent + bonus (27.5% limit grows). */
  bonusRetirementDeductionCents: number;
  /** With a bonus: annual equivalent + bonus − retirement deduction. */
  bonusTaxableIncomeCents: number;
  /** With a bonus: tax after rebates on bonusTaxableIncome, rounded. */
  bonusTaxAfterRebatesCents: number;
  /** Exact scaled tax after rebates on the annual equivalent (internal, for checks). */
  taxAfterRebatesScaled: number;
}

/**
 * PAYE for one pay period. Regular remuneration is annualised (× 12, 26, 52 or 1); a bonus is taxed
 * by the difference method: tax after rebates on (annual equivalent + bonus) minus tax after rebates
 * on the annual equivalent (each after its retirement deduction). The monthly medical credit
 * (× 12 / periods) is set off against the period's total PAYE, which never goes below zero.
 * Allocates one result object; builds no strings (see {@link explainPaye}).
 */
export function calculatePaye(p: PayeParams): PayeResult {
  const periods = PERIODS_PER_YEAR[p.period];
  if (typeof periods !== 'number') {
    throw new PayrollError('period', `period must be one of monthly, fortnightly, weekly, annual (got ${JSON.stringify(p.period)})`);
  }
  const members = p.medicalMembers ?? 0;
  const contrib = p.retirementContributionsCents ?? 0;
  const bonus = p.bonusCents ?? 0;
  const year = checkCommon(p.taxYear, p.age, members);
  assertCents(p.remunerationCents, 'remuneration', MAX_PERIOD_AMOUNT_CENTS);
  assertCents(contrib, 'retirementContributions', MAX_PERIOD_AMOUNT_CENTS);
  assertCents(bonus, 'bonus', MAX_PERIOD_AMOUNT_CENTS);

  const annualEq = p.remunerationCents * periods;
  const annualContrib = contrib * periods;
  const ded = retirementDeductionCentsFor(year, annualEq, annualContrib);
  const taxable = annualEq - ded;
  const before = taxScaled(year, taxable);
  const rebates = rebateCentsFor(year, p.age);
  let after = before - rebates * SCALE;
  if (after < 0) after = 0;
  const credM = medicalCreditMonthlyCentsFor(year, members);
  const credAnnualScaled = credM * 12 * SCALE;
  let net = after - credAnnualScaled;
  if (net < 0) net = 0;
  const div = periods * SCALE;
  const regular = net === 0 ? 0 : divRoundHalfUp(net, div);

  let total = regular;
  let bonusDed = 0;
  let bonusTaxable = 0;
  let bonusAfter = 0;
  if (bonus > 0) {
    bonusDed = retirementDeductionCentsFor(year, annualEq + bonus, annualContrib);
    bonusTaxable = annualEq + bonus - bonusDed;
    bonusAfter = taxScaled(year, bonusTaxable) - rebates * SCALE;
    if (bonusAfter < 0) bonusAfter = 0;
    // Period tax = after/periods + (bonusAfter − after) − credit/periods, all over `periods`:
    const n = after + periods * (bonusAfter - after) - credAnnualScaled;
    total = n <= 0 ? 0 : divRoundHalfUp(n, div);
  }

  return {
    taxYear: year.taxYear,
    period: p.period,
    periods,
    age: p.age,
    remunerationCents: p.remunerationCents,
    retirementContributionsCents: contrib,
    bonusCents: bonus,
    annualEquivalentCents: annualEq,
    annualRetirementContributionsCents: annualContrib,
    retirementDeductionCents: ded,
    taxableIncomeCents: taxable,
    bracketIndex: bracketIndexFor(year, taxable),
    taxBeforeRebatesCents: divRoundHalfUp(before, SCALE),
    rebatesCents: rebates,
    taxAfterRebatesCents: divRoundHalfUp(after, SCALE),
    medicalMembers: members,
    medicalCreditMonthlyCents: credM,
    medicalCreditAnnualCents: credM * 12,
    medicalCreditPerPeriodCents: divRoundHalfUp(credM * 12, periods),
    annualTaxCents: divRoundHalfUp(net, SCALE),
    regularPayeCents: regular,
    bonusPayeCents: total - regular,
    payeCents: total,
    bonusRetirementDeductionCents: bonusDed,
    bonusTaxableIncomeCents: bonusTaxable,
    bonusTaxAfterRebatesCents: divRoundHalfUp(bonusAfter, SCALE),
    taxAfterRebatesScaled: after,
  };
}

const PERIOD_ADJ: Record<PayPeriod, string> = {
  monthly: 'Monthly',
  fortnightly: 'Fortnightly',
  weekly: 'Weekly',
  annual: 'Annual',
};

/** Tax-per-table working line, e.g. "R44 118.00 + 26% × (R300 000.00 − R245 100.00) = R58 392.00". */
export function explainTaxPerTable(year: CompiledTaxYear, taxableCents: number): string {
  const i = bracketIndexFor(year, taxableCents);
  const t = formatRand(divRoundHalfUp(taxScaled(year, taxableCents), SCALE));
  const rate = formatPercent(year.bracketRateBp[i]);
  if (taxableCents <= 0) return `Tax per the ${year.label} table on R0.00 = R0.00`;
  if (i === 0) return `Tax per the ${year.label} table: ${rate} × ${formatRand(taxableCents)} = ${t}`;
  return (
    `Tax per the ${year.label} table: ${formatRand(year.bracketBaseCents[i])} + ${rate} × ` +
    `(${formatRand(taxableCents)} − ${formatRand(year.bracketLowerCents[i])}) = ${t}`
  );
}

function explainRebates(year: CompiledTaxYear, age: number): string {
  const r = year.rebates;
  const parts = [`primary ${formatRand(r.primaryCents)}`];
  if (age >= 65) parts.push(`secondary (65+) ${formatRand(r.secondaryCents)}`);
  if (age >= 75) parts.push(`tertiary (75+) ${formatRand(r.tertiaryCents)}`);
  const sum = parts.length > 1 ? ` = ${formatRand(rebateCentsFor(year, age))}` : '';
  return `Rebates (age ${age} on ${formatLongDate(taxYearEnd(year.taxYear))}): ${parts.join(' + ')}${sum}`;
}

function explainMedical(year: CompiledTaxYear, members: number): string {
  const m = year.medicalCredits;
  const parts: string[] = [];
  if (members >= 1) parts.push(formatRand(m.firstCents));
  if (members >= 2) parts.push(formatRand(m.secondCents));
  if (members > 2) parts.push(`${members - 2} × ${formatRand(m.additionalCents)}`);
  const monthly = medicalCreditMonthlyCentsFor(year, members);
  return (
    `Medical scheme fees tax credit (${members} ${members === 1 ? 'person' : 'people'} on the scheme): ` +
    `${parts.join(' + ')} = ${formatRand(monthly)} a month (${formatRand(monthly * 12)} a year)`
  );
}

/** Human-readable working for a PAYE result (built only on request). */
export function explainPaye(r: PayeResult): string[] {
  const year = getTaxYear(r.taxYear);
  const w: string[] = [];
  w.push(
    `Tax year ${year.label} (${formatLongDate(taxYearStart(year.taxYear))} – ${formatLongDate(taxYearEnd(year.taxYear))}), ${r.period} pay`,
  );
  if (r.periods === 1) w.push(`${formatRand(r.annualEquivalentCents)} annual remuneration`);
  else w.push(`${formatRand(r.remunerationCents)} × ${r.periods} = ${formatRand(r.annualEquivalentCents)} annual equivalent`);
  if (r.annualRetirementContributionsCents > 0) {
    const pct = divFloor(r.annualEquivalentCents * year.retirementPercentBp, 10_000);
    if (r.periods > 1)
      w.push(
        `Retirement contributions ${formatRand(r.retirementContributionsCents)} × ${r.periods} = ` +
          `${formatRand(r.annualRetirementContributionsCents)} a year`,
      );
    w.push(
      `Retirement deduction = lesser of contributions ${formatRand(r.annualRetirementContributionsCents)}, ` +
        `${formatPercent(year.retirementPercentBp)} × ${formatRand(r.annualEquivalentCents)} = ${formatRand(pct)}, ` +
        `and the ${formatRand(year.retirementCapCents)} cap = ${formatRand(r.retirementDeductionCents)}`,
    );
    w.push(
      `Taxable income: ${formatRand(r.annualEquivalentCents)} − ${formatRand(r.retirementDeductionCents)} = ` +
        `${formatRand(r.taxableIncomeCents)}`,
    );
  } else {
    w.push(`Taxable income: ${formatRand(r.taxableIncomeCents)} (no retirement deduction)`);
  }
  w.push(explainTaxPerTable(year, r.taxableIncomeCents));
  w.push(explainRebates(year, r.age));
  const rawAfter = r.taxBeforeRebatesCents - r.rebatesCents;
  w.push(
    rawAfter > 0
      ? `Tax after rebates: ${formatRand(r.taxBeforeRebatesCents)} − ${formatRand(r.rebatesCents)} = ${formatRand(r.taxAfterRebatesCents)}`
      : `Tax after rebates: ${formatRand(r.taxBeforeRebatesCents)} − ${formatRand(r.rebatesCents)} → R0.00 (rebates cannot create a refund)`,
  );
  if (r.medicalMembers > 0) {
    w.push(explainMedical(year, r.medicalMembers));
    w.push(
      `Annual tax after medical credits: ${formatRand(r.taxAfterRebatesCents)} − ${formatRand(r.medicalCreditAnnualCents)} = ` +
        `${formatRand(r.annualTaxCents)}${r.taxAfterRebatesCents < r.medicalCreditAnnualCents ? ' (floored at R0.00; unused credit is lost)' : ''}`,
    );
  }
  const adj = PERIOD_ADJ[r.period];
  if (r.periods === 1) {
    w.push(`${adj} PAYE on regular remuneration: ${formatRand(r.regularPayeCents)}`);
  } else if (r.medicalMembers > 0) {
    w.push(
      `${adj} PAYE: ${formatRand(r.taxAfterRebatesCents)} / ${r.periods} − ${formatRand(r.medicalCreditPerPeriodCents)} medical credit = ` +
        `${formatRand(r.regularPayeCents)}${r.regularPayeCents === 0 ? ' (floored at R0.00)' : ''}`,
    );
  } else {
    w.push(`${adj} PAYE: ${formatRand(r.taxAfterRebatesCents)} / ${r.periods} = ${formatRand(r.regularPayeCents)}`);
  }
  if (r.bonusCents > 0) {
    w.push(
      `Bonus ${formatRand(r.bonusCents)} (difference method): taxable ${formatRand(r.annualEquivalentCents)} + ${formatRand(r.bonusCents)}` +
        (r.bonusRetirementDeductionCents > 0 ? ` − ${formatRand(r.bonusRetirementDeductionCents)} retirement deduction` : '') +
        ` = ${formatRand(r.bonusTaxableIncomeCents)}; tax after rebates ${formatRand(r.bonusTaxAfterRebatesCents)} − ` +
        `${formatRand(r.taxAfterRebatesCents)} = ${formatRand(r.bonusTaxAfterRebatesCents - r.taxAfterRebatesCents)}`,
    );
    w.push(
      `PAYE this period: ${formatRand(r.regularPayeCents)} regular + ${formatRand(r.bonusPayeCents)} on the bonus = ${formatRand(r.payeCents)}`,
    );
  }
  return w;
}

/** calculatePaye + working text. */
export function calculatePayeWithWorking(p: PayeParams): { result: PayeResult; working: string[] } {
  const result = calculatePaye(p);
  return { result, working: explainPaye(result) };
}
