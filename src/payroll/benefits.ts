/**
 * Allowances and fringe benefits on a payslip (sa-payroll-facts.md sections 12–14, 1.7): what each adds to
 * the remuneration PAYE is worked on, per pay period. Cash allowances are paid; fringe benefits are not cash
 * but are taxed as if they were. Employer retirement contributions also count as the employee's own for s11F.
 */
import { PayrollError, assertCents } from './errors.js';
import { divRoundHalfUp, formatPercent, formatRand } from './money.js';
import type { PayPeriod } from './types.js';
import { getTaxYear } from './years/index.js';

/** Official rate of interest: repo 6.75% + 1% from 1 December 2025 (facts 14); later MPC decisions were not found [VERIFY]. */
export const OFFICIAL_RATE_BP = 775;
/** Casual loans totalling not more than R3 000 carry no taxable value (facts 14). */
export const CASUAL_LOAN_LIMIT_CENTS = 300_000;

export interface BenefitsParams {
  taxYear: number;
  period: PayPeriod;
  /** A fixed travel allowance for the period. */
  travelAllowanceCents?: number;
  /** The employer is satisfied that at least 80% of the vehicle's use is for business: 20% is taxed instead of 80%. */
  travelMostlyBusiness?: boolean;
  /** A reimbursive allowance: the rate paid per business km (cents) and the km. */
  reimbursiveRateCents?: number;
  businessKm?: number;
  /** A company car: its determined value (cost incl. VAT, or retail market value). */
  companyCarValueCents?: number;
  /** The car was bought with a maintenance plan: 3.25% a month instead of 3.5%. */
  companyCarMaintenancePlan?: boolean;
  /** At least 80% business use: 20% of the benefit is taxed instead of 80%. */
  companyCarMostlyBusiness?: boolean;
  /** Part of a month: days the car was available ÷ days in the month. */
  companyCarDays?: number;
  daysInMonth?: number;
  /** Employer contributions for the period to a retirement fund and to a medical scheme. */
  employerRetirementCents?: number;
  employerMedicalCents?: number;
  /** A loan from the employer: the balance, the yearly interest rate charged (bp), the official rate (bp). */
  loanCents?: number;
  loanRateBp?: number;
  officialRateBp?: number;
  /** A loan to study, or a casual loan of R3 000 or less: no taxable value. */
  loanKind?: 'casual' | 'study';
}

export interface BenefitLine {
  code: 'travel_allowance' | 'reimbursive' | 'company_car' | 'employer_retirement' | 'employer_medical' | 'low_interest_loan';
  label: string;
  /** Paid to the employee in cash (travel and reimbursive allowances), or a benefit in kind. */
  cash: boolean;
  /** What the employer pays or the benefit is worth, for the period. */
  amountCents: number;
  /** The part that is remuneration for PAYE. */
  taxableCents: number;
  working: string[];
}

export interface BenefitsResult {
  lines: BenefitLine[];
  /** Added to the period's remuneration for PAYE. */
  taxableCents: number;
  /** Cash paid on top of the salary (allowances), in the gross. */
  cashCents: number;
  /** Employer contributions to a retirement fund: also the employee's contributions for the s11F deduction. */
  employerRetirementCents: number;
  /** The part that is also remuneration for UIF and SDL (a reimbursive rate above the prescribed one). */
  uifSdlCents: number;
  /** What the calculation could not settle from the reference, said beside the figures. */
  notes: string[];
}

const monthlyOnly = (field: string, what: string, period: PayPeriod) => {
  if (period !== 'monthly') throw new PayrollError(field, `${field}: ${what} is valued per month; use monthly pay`);
};

/** Half-up rounding of a rand amount times a fraction. */
const share = (cents: number, num: number, den: number) => divRoundHalfUp(cents * num, den);

export function calculateBenefits(p: BenefitsParams): BenefitsResult {
  const year = getTaxYear(p.taxYear);
  const lines: BenefitLine[] = [];
  const notes: string[] = [];
  let uifSdl = 0;

  const travel = p.travelAllowanceCents ?? 0;
  if (travel > 0) {
    assertCents(travel, 'travelAllowance');
    const pct = p.travelMostlyBusiness ? 20 : 80;
    const taxable = share(travel, pct, 100);
    lines.push({
      code: 'travel_allowance',
      label: 'Travel allowance',
      cash: true,
      amountCents: travel,
      taxableCents: taxable,
      working: [
        `Travel allowance ${formatRand(travel)}: ${pct}% = ${formatRand(taxable)} is remuneration for PAYE${pct === 20 ? ' (at least 80% business use)' : ''}; the full allowance goes on the IRP5 under code 3701`,
      ],
    });
  }

  const rate = p.reimbursiveRateCents ?? 0;
  const km = p.businessKm ?? 0;
  if (rate > 0 && km > 0) {
    const paid = Math.round(rate * km);
    const excessRate = Math.max(0, rate - year.prescribedRatePerKmCents);
    const excess = Math.round(excessRate * km);
    uifSdl += excess;
    lines.push({
      code: 'reimbursive',
      label: 'Reimbursive travel allowance',
      cash: true,
      amountCents: paid,
      taxableCents: excess,
      working: [
        `${km} business km × ${formatRand(rate)} = ${formatRand(paid)}; the prescribed rate for ${year.label} is ${formatRand(year.prescribedRatePerKmCents)} a km${p.taxYear === 2027 ? ' [VERIFY: from code repositories; the notice was not read]' : ''}`,
        excess > 0
          ? `Above the prescribed rate: (${formatRand(rate)} − ${formatRand(year.prescribedRatePerKmCents)}) × ${km} km = ${formatRand(excess)}, all of it remuneration for PAYE, UIF and SDL (IRP5 code 3722)`
          : travel > 0
            ? 'At or below the prescribed rate: no PAYE; because a travel allowance is also paid it is reported under code 3702 and taxed on assessment'
            : 'At or below the prescribed rate on actual business km, with no other vehicle compensation: not taxed (IRP5 code 3703)',
      ],
    });
  }

  const car = p.companyCarValueCents ?? 0;
  if (car > 0) {
    assertCents(car, 'companyCarValue');
    monthlyOnly('companyCarValue', 'the company car benefit', p.period);
    const bp = p.companyCarMaintenancePlan ? 325 : 350;
    const days = p.companyCarDays;
    const dim = p.daysInMonth ?? 30;
    if (days !== undefined && days > dim)
      throw new PayrollError('companyCarDays', `companyCarDays cannot be more than the ${dim} days in the month`);
    const full = share(car, bp, 10_000);
    const value = days === undefined ? full : share(car, bp * days, 10_000 * dim);
    const pct = p.companyCarMostlyBusiness ? 20 : 80;
    const taxable = share(value, pct, 100);
    lines.push({
      code: 'company_car',
      label: 'Company car (fringe benefit)',
      cash: false,
      amountCents: value,
      taxableCents: taxable,
      working: [
        `${formatPercent(bp)} × determined value ${formatRand(car)} = ${formatRand(full)} a month${p.companyCarMaintenancePlan ? ' (with a maintenance plan)' : ''}`,
        ...(days === undefined ? [] : [`Part month: ${formatRand(full)} × ${days} / ${dim} days = ${formatRand(value)}`]),
        `${pct}% of ${formatRand(value)} = ${formatRand(taxable)} is remuneration for PAYE${pct === 20 ? ' (at least 80% business use)' : ''}; business use and costs the employee bears reduce it only on assessment`,
      ],
    });
  }

  const er = p.employerRetirementCents ?? 0;
  if (er > 0) {
    assertCents(er, 'employerRetirementContributions');
    lines.push({
      code: 'employer_retirement',
      label: "Employer's retirement fund contribution (fringe benefit)",
      cash: false,
      amountCents: er,
      taxableCents: er,
      working: [
        `Employer contribution ${formatRand(er)}: a taxable fringe benefit, and treated as the employee's own contribution for the retirement deduction (s11F)`,
      ],
    });
  }
  const em = p.employerMedicalCents ?? 0;
  if (em > 0) {
    assertCents(em, 'employerMedicalContributions');
    lines.push({
      code: 'employer_medical',
      label: "Employer's medical scheme contribution (fringe benefit)",
      cash: false,
      amountCents: em,
      taxableCents: em,
      working: [`Employer contribution ${formatRand(em)}: a taxable fringe benefit; the medical scheme fees tax credit is unchanged`],
    });
  }

  const loan = p.loanCents ?? 0;
  if (loan > 0) {
    assertCents(loan, 'loan');
    monthlyOnly('loan', 'the low-interest loan benefit', p.period);
    const official = p.officialRateBp ?? OFFICIAL_RATE_BP;
    const charged = p.loanRateBp ?? 0;
    const gap = Math.max(0, official - charged);
    const exempt = p.loanKind === 'study' || (p.loanKind === 'casual' && loan <= CASUAL_LOAN_LIMIT_CENTS);
    const value = exempt ? 0 : share(loan, gap, 10_000 * 12);
    lines.push({
      code: 'low_interest_loan',
      label: 'Low-interest loan (fringe benefit)',
      cash: false,
      amountCents: value,
      taxableCents: value,
      working: exempt
        ? [
            p.loanKind === 'study'
              ? 'A loan to further the employee’s own studies: no taxable value'
              : `A casual loan of not more than ${formatRand(CASUAL_LOAN_LIMIT_CENTS)}: no taxable value`,
          ]
        : [
            `Official rate ${formatPercent(official)} (repo + 1%) − ${formatPercent(charged)} charged = ${formatPercent(gap)} a year`,
            `${formatRand(loan)} × ${formatPercent(gap)} / 12 = ${formatRand(value)} a month, remuneration for PAYE`,
          ],
    });
    if (!exempt && p.officialRateBp === undefined)
      notes.push(
        `The official rate of ${formatPercent(OFFICIAL_RATE_BP)} applies from 1 December 2025; repo rate decisions after January 2026 were not found [VERIFY]`,
      );
    if (p.loanKind === 'casual' && loan > CASUAL_LOAN_LIMIT_CENTS)
      notes.push(`A casual loan is excluded only up to ${formatRand(CASUAL_LOAN_LIMIT_CENTS)} in total, so this one is valued`);
  }

  if (lines.some((l) => l.code !== 'reimbursive')) {
    notes.push('Allowances and fringe benefits are not added to the UIF and SDL base here: our reference does not settle it [VERIFY]');
  }
  const taxable = lines.reduce((s, l) => s + l.taxableCents, 0);
  const cash = lines.reduce((s, l) => s + (l.cash ? l.amountCents : 0), 0);
  return { lines, taxableCents: taxable, cashCents: cash, employerRetirementCents: er, uifSdlCents: uifSdl, notes };
}

export const NO_BENEFITS: BenefitsResult = {
  lines: [],
  taxableCents: 0,
  cashCents: 0,
  employerRetirementCents: 0,
  uifSdlCents: 0,
  notes: [],
};
