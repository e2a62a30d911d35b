/**
 * Payslip: gross, PAYE, UIF, medical credit and net pay for the employee, and the employer's cost
 * (gross + UIF employer + SDL). Every line carries its working.
 */
import { NO_BENEFITS, type BenefitsResult } from './benefits.js';
import { PayrollError, assertCents } from './errors.js';
import { formatRand } from './money.js';
import { calculateSdl } from './sdl.js';
import { calculatePaye, explainPaye, type PayeResult } from './tax.js';
import type { PayPeriod } from './types.js';
import { calculateUif, type UifExclusion } from './uif.js';

export interface PayslipParams {
  taxYear: number;
  period: PayPeriod;
  /** Regular salary/wage for the period (excluding commission), cents. */
  remunerationCents: number;
  /** Commission for the period, cents: taxed as regular remuneration, excluded from UIF. */
  commissionCents?: number;
  /** Bonus / irregular payment in the period, cents: PAYE by the difference method. */
  bonusCents?: number;
  /** Age on the last day of the tax year. */
  age: number;
  medicalMembers?: number;
  /** Employee's own retirement contributions through payroll for the period, cents. */
  retirementContributionsCents?: number;
  /** Employer's expected annual leviable payroll, cents (SDL exemption test); omitted → SDL applies. */
  annualPayrollCents?: number;
  /** Employer exempt from SDL for another reason. */
  sdlExemptEmployer?: boolean;
  /** false → worker excluded from UIF. */
  uifApplicable?: boolean;
  uifExcludedCategory?: UifExclusion;
  hoursPerMonth?: number;
  /** Allowances and fringe benefits for the period (calculateBenefits). */
  benefits?: BenefitsResult;
}

export type PayslipLineType = 'earning' | 'deduction' | 'info' | 'employer' | 'total';

export interface PayslipLine {
  code: string;
  label: string;
  type: PayslipLineType;
  amountCents: number;
  working: string[];
}

export interface PayslipResult {
  taxYear: number;
  period: PayPeriod;
  grossCents: number;
  payeCents: number;
  uifEmployeeCents: number;
  uifEmployerCents: number;
  sdlCents: number;
  sdlExempt: boolean;
  /** Medical credit for the period (already set off inside PAYE). */
  medicalCreditCents: number;
  retirementContributionsCents: number;
  /** PAYE + UIF employee + retirement contributions. */
  totalDeductionsCents: number;
  netPayCents: number;
  /** Gross + employer contributions + UIF employer + SDL. */
  employerCostCents: number;
  /** Allowances and fringe benefits: their taxable value is inside the PAYE remuneration. */
  benefits: BenefitsResult;
  /** Employer contributions to a retirement fund and medical scheme (part of the cost to the employer). */
  employerContributionsCents: number;
  /** Regular remuneration used for PAYE (salary + commission + taxable allowances and benefits). */
  payeRemunerationCents: number;
  /** Remuneration used for UIF (salary + bonus, commission excluded), before the ceiling. */
  uifRemunerationCents: number;
  /** Remuneration used for SDL (cash pay without allowances). */
  sdlRemunerationCents: number;
  paye: PayeResult;
  lines: PayslipLine[];
  working: string[];
}

export function calculatePayslip(p: PayslipParams): PayslipResult {
  const commission = p.commissionCents ?? 0;
  const bonus = p.bonusCents ?? 0;
  const contrib = p.retirementContributionsCents ?? 0;
  assertCents(p.remunerationCents, 'remuneration');
  assertCents(commission, 'commission');
  assertCents(bonus, 'bonus');
  assertCents(contrib, 'retirementContributions');
  const benefits = p.benefits ?? NO_BENEFITS;
  const gross = p.remunerationCents + commission + bonus + benefits.cashCents;
  if (contrib > gross) {
    throw new PayrollError('retirementContributions', 'retirementContributions cannot be more than the gross pay for the period');
  }
  const payeRem = p.remunerationCents + commission + benefits.taxableCents;
  const paye = calculatePaye({
    taxYear: p.taxYear,
    period: p.period,
    remunerationCents: payeRem,
    age: p.age,
    medicalMembers: p.medicalMembers,
    retirementContributionsCents: contrib + benefits.employerRetirementCents,
    bonusCents: bonus,
  });
  const uifRem = p.remunerationCents + bonus + benefits.uifSdlCents;
  const sdlRem = p.remunerationCents + commission + bonus + benefits.uifSdlCents;
  const employerContrib = benefits.lines
    .filter((l) => l.code === 'employer_retirement' || l.code === 'employer_medical')
    .reduce((s, l) => s + l.amountCents, 0);
  const uif = calculateUif({
    taxYear: p.taxYear,
    period: p.period,
    remunerationCents: uifRem,
    commissionCents: commission,
    hoursPerMonth: p.hoursPerMonth,
    excludedCategory: p.uifExcludedCategory,
    applicable: p.uifApplicable,
  });
  const sdl = calculateSdl({
    taxYear: p.taxYear,
    remunerationCents: sdlRem,
    annualPayrollCents: p.annualPayrollCents,
    exemptEmployer: p.sdlExemptEmployer,
  });

  const deductions = paye.payeCents + uif.employeeCents + contrib;
  const net = gross - deductions;
  const employerCost = gross + employerContrib + uif.employerCents + sdl.sdlCents;

  const lines: PayslipLine[] = [];
  lines.push({
    code: 'salary',
    label: 'Salary / wage',
    type: 'earning',
    amountCents: p.remunerationCents,
    working: [`Regular ${p.period} remuneration ${formatRand(p.remunerationCents)}`],
  });
  if (commission > 0)
    lines.push({
      code: 'commission',
      label: 'Commission',
      type: 'earning',
      amountCents: commission,
      working: [`Commission ${formatRand(commission)}: taxed with regular pay, excluded from UIF`],
    });
  if (bonus > 0)
    lines.push({
      code: 'bonus',
      label: 'Bonus',
      type: 'earning',
      amountCents: bonus,
      working: [`Bonus ${formatRand(bonus)}: PAYE by the difference method`],
    });
  for (const b of benefits.lines.filter((l) => l.cash))
    lines.push({ code: b.code, label: b.label, type: 'earning', amountCents: b.amountCents, working: b.working });
  const parts: [string, number][] = [
    ['Remuneration', p.remunerationCents],
    ['Commission', commission],
    ['Bonus', bonus],
    ...benefits.lines.filter((l) => l.cash).map((l): [string, number] => [l.label, l.amountCents]),
  ];
  const grossParts = parts.filter(([, c]) => c > 0);
  lines.push({
    code: 'gross',
    label: 'Gross pay',
    type: 'total',
    amountCents: gross,
    working: [
      grossParts.length <= 1
        ? `${grossParts[0]?.[0] ?? 'Remuneration'} ${formatRand(gross)}`
        : `${grossParts.map(([, c]) => formatRand(c)).join(' + ')} = ${formatRand(gross)}`,
    ],
  });
  for (const b of benefits.lines.filter((l) => !l.cash))
    lines.push({ code: b.code, label: `${b.label}: taxable value`, type: 'info', amountCents: b.taxableCents, working: b.working });
  const taxedExtra =
    benefits.taxableCents > 0
      ? [
          `Pay taxed: ${formatRand(p.remunerationCents + commission)} + ${formatRand(benefits.taxableCents)} taxable allowances and benefits = ${formatRand(payeRem)}`,
        ]
      : [];
  lines.push({
    code: 'paye',
    label: 'PAYE',
    type: 'deduction',
    amountCents: paye.payeCents,
    working: [...taxedExtra, ...explainPaye(paye)],
  });
  lines.push({
    code: 'uif_employee',
    label: 'UIF (employee 1%)',
    type: 'deduction',
    amountCents: uif.employeeCents,
    working: uif.working.filter((w) => !w.startsWith('UIF employer')),
  });
  if (contrib > 0)
    lines.push({
      code: 'retirement',
      label: 'Retirement fund contribution',
      type: 'deduction',
      amountCents: contrib,
      working: [
        `Employee's own contribution ${formatRand(contrib)}; deductible for PAYE up to ${formatRand(paye.retirementDeductionCents)} a year`,
      ],
    });
  if (paye.medicalCreditMonthlyCents > 0)
    lines.push({
      code: 'medical_credit',
      label: 'Medical scheme fees tax credit (included in PAYE)',
      type: 'info',
      amountCents: paye.medicalCreditPerPeriodCents,
      working: [
        p.period === 'monthly'
          ? `Monthly credit ${formatRand(paye.medicalCreditMonthlyCents)} for ${paye.medicalMembers} ${paye.medicalMembers === 1 ? 'person' : 'people'}`
          : `Monthly credit ${formatRand(paye.medicalCreditMonthlyCents)} × 12 / ${paye.periods} = ${formatRand(paye.medicalCreditPerPeriodCents)} per ${p.period} period`,
      ],
    });
  lines.push({
    code: 'net',
    label: 'Net pay',
    type: 'total',
    amountCents: net,
    working: [
      `${formatRand(gross)} − PAYE ${formatRand(paye.payeCents)} − UIF ${formatRand(uif.employeeCents)}` +
        (contrib > 0 ? ` − retirement ${formatRand(contrib)}` : '') +
        ` = ${formatRand(net)}`,
    ],
  });
  lines.push({
    code: 'uif_employer',
    label: 'UIF (employer 1%)',
    type: 'employer',
    amountCents: uif.employerCents,
    working: uif.working.filter((w) => !w.startsWith('UIF employee')),
  });
  lines.push({ code: 'sdl', label: 'Skills Development Levy', type: 'employer', amountCents: sdl.sdlCents, working: sdl.working });
  lines.push({
    code: 'employer_cost',
    label: 'Cost to employer',
    type: 'total',
    amountCents: employerCost,
    working: [
      `${formatRand(gross)}${employerContrib > 0 ? ` + employer contributions ${formatRand(employerContrib)}` : ''} + UIF employer ${formatRand(uif.employerCents)} + SDL ${formatRand(sdl.sdlCents)} = ${formatRand(employerCost)}`,
    ],
  });

  return {
    taxYear: paye.taxYear,
    period: p.period,
    grossCents: gross,
    payeCents: paye.payeCents,
    uifEmployeeCents: uif.employeeCents,
    uifEmployerCents: uif.employerCents,
    sdlCents: sdl.sdlCents,
    sdlExempt: sdl.exempt,
    medicalCreditCents: paye.medicalCreditPerPeriodCents,
    retirementContributionsCents: contrib,
    totalDeductionsCents: deductions,
    netPayCents: net,
    employerCostCents: employerCost,
    benefits,
    employerContributionsCents: employerContrib,
    payeRemunerationCents: payeRem,
    uifRemunerationCents: uifRem,
    sdlRemunerationCents: sdlRem,
    paye,
    lines,
    working: [...lines.filter((l) => l.type === 'total').map((l) => `${l.label}: ${l.working[0]}`), ...benefits.notes],
  };
}
