/**
 * Checks a payslip against the engine: the statutory figures (PAYE, UIF, SDL) are recomputed for the tax year of the
 * pay date from what the slip says was paid, and the totals are added up again. Each difference is a finding with its
 * amount; its likely reason is found by recomputing under the usual mistakes (last year's tables, no medical credit,
 * a travel allowance taxed in full, UIF without its ceiling…) and naming the one that gives the figure shown. Pure.
 */
import {
  PayrollError,
  calculateBenefits,
  calculatePayslip,
  formatRand,
  fromCents,
  isSupportedTaxYear,
  taxYearForIsoDate,
  taxYearLabel,
  type PayPeriod,
  type PayslipResult,
} from '../payroll';
import type { ReadPayslip } from './read';

/** What the slip cannot say: asked in the form, with these defaults. */
export interface EmployeeFacts {
  /** Age on the last day of the tax year; 65 and 75 change the rebates. */
  age: number;
  /** People on the medical scheme, the employee included (0 = none). */
  medicalMembers: number;
  /** A travel allowance where at least 80% of the use is for business (20% taxed instead of 80%). */
  travelMostlyBusiness: boolean;
  /** Employer's annual payroll is R500 000 or less: no SDL. */
  sdlExempt: boolean;
}

export const DEFAULT_FACTS: EmployeeFacts = { age: 35, medicalMembers: 0, travelMostlyBusiness: false, sdlExempt: false };

export type CheckedItem = 'gross' | 'paye' | 'uif' | 'sdl' | 'deductions' | 'net';

export interface Finding {
  item: CheckedItem;
  label: string;
  /** Rands, as on the slip and as the engine has it. */
  shown: number;
  expected: number;
  /** shown − expected. */
  difference: number;
  reason: string;
  working: string[];
}

export interface PayslipCheck {
  taxYear: number;
  period: PayPeriod;
  /** Every figure checked, matching or not. */
  checked: { item: CheckedItem; label: string; shown: number; expected: number; matches: boolean }[];
  findings: Finding[];
  /** What the check took as given (defaults and readings the user may want to correct). */
  assumptions: string[];
  working: string[];
}

const sum = (xs: { cents: number }[]) => xs.reduce((s, x) => s + x.cents, 0);

interface Basis {
  taxYear: number;
  facts: EmployeeFacts;
  travelAsSalary?: boolean;
  noRetirementDeduction?: boolean;
  uifOnCommission?: boolean;
}

function compute(slip: ReadPayslip, b: Basis): PayslipResult {
  const of = (kinds: string[]) => sum(slip.earnings.filter((e) => kinds.includes(e.kind)));
  const travel = of(['travel']);
  const commission = of(['commission']);
  const benefits =
    travel > 0 && !b.travelAsSalary
      ? calculateBenefits({
          taxYear: b.taxYear,
          period: slip.period,
          travelAllowanceCents: travel,
          travelMostlyBusiness: b.facts.travelMostlyBusiness,
        })
      : undefined;
  return calculatePayslip({
    taxYear: b.taxYear,
    period: slip.period,
    remunerationCents: of(['basic', 'overtime', 'allowance']) + (b.travelAsSalary ? travel : 0) + (b.uifOnCommission ? commission : 0),
    commissionCents: b.uifOnCommission ? 0 : commission,
    bonusCents: of(['bonus']),
    age: b.facts.age,
    medicalMembers: b.facts.medicalMembers,
    retirementContributionsCents: b.noRetirementDeduction ? 0 : sum(slip.deductions.filter((d) => d.kind === 'retirement')),
    sdlExemptEmployer: b.facts.sdlExempt,
    benefits,
  });
}

/** The usual mistakes, each a way to recompute; the first that gives the figure shown is the likely reason. */
function explain(slip: ReadPayslip, item: 'paye' | 'uif' | 'sdl', shownCents: number, base: Basis): string | null {
  const pick = (r: PayslipResult) => (item === 'paye' ? r.payeCents : item === 'uif' ? r.uifEmployeeCents : r.sdlCents);
  const tries: [string, () => number | null][] = [];
  if (item === 'paye') {
    const last = base.taxYear - 1;
    if (isSupportedTaxYear(last))
      tries.push([
        `the ${taxYearLabel(last)} tax tables were used; the pay date falls in ${taxYearLabel(base.taxYear)}`,
        () => pick(compute(slip, { ...base, taxYear: last })),
      ]);
    if (base.facts.medicalMembers === 0 && slip.deductions.some((d) => d.kind === 'medical')) {
      for (const members of [1, 2, 3, 4])
        tries.push([
          `the slip shows a medical aid deduction: PAYE matches with the medical scheme fees tax credit for ${members} ${members === 1 ? 'person' : 'people'}: give the number of members to check with it`,
          () => pick(compute(slip, { ...base, facts: { ...base.facts, medicalMembers: members } })),
        ]);
    }
    if (base.facts.medicalMembers > 0)
      tries.push([
        'the medical scheme fees tax credit was not given',
        () => pick(compute(slip, { ...base, facts: { ...base.facts, medicalMembers: 0 } })),
      ]);
    if (slip.earnings.some((e) => e.kind === 'travel')) {
      tries.push([
        'the travel allowance was taxed at 100 % instead of 80 % (or 20 % with mostly business use)',
        () => pick(compute(slip, { ...base, travelAsSalary: true })),
      ]);
      tries.push([
        base.facts.travelMostlyBusiness
          ? 'the travel allowance was taxed at 80 %, not 20 %'
          : 'the travel allowance was taxed at 20 % (at least 80 % business use): if that applies, say so and it is checked that way',
        () => pick(compute(slip, { ...base, facts: { ...base.facts, travelMostlyBusiness: !base.facts.travelMostlyBusiness } })),
      ]);
    }
    if (slip.deductions.some((d) => d.kind === 'retirement'))
      tries.push([
        'the retirement fund contribution was not deducted before tax',
        () => pick(compute(slip, { ...base, noRetirementDeduction: true })),
      ]);
    for (const age of [65, 75])
      if (base.facts.age < age)
        tries.push([
          `PAYE matches an employee aged ${age} or older (a higher rebate): give the employee's age to check with it`,
          () => pick(compute(slip, { ...base, facts: { ...base.facts, age } })),
        ]);
    if (base.facts.age >= 65)
      tries.push([
        `the rebates of an employee under 65 were used; at ${base.facts.age} the employee also gets the ${base.facts.age >= 75 ? 'secondary and tertiary rebates' : 'secondary rebate'}`,
        () => pick(compute(slip, { ...base, facts: { ...base.facts, age: 35 } })),
      ]);
    if (base.facts.age >= 75)
      tries.push([
        'only the secondary rebate was given; from 75 the tertiary rebate applies too',
        () => pick(compute(slip, { ...base, facts: { ...base.facts, age: 65 } })),
      ]);
  }
  if (item === 'uif') {
    const r = compute(slip, base);
    tries.push(['UIF was charged on the full pay, above the ceiling', () => Math.round(r.uifRemunerationCents / 100)]);
    if (slip.earnings.some((e) => e.kind === 'commission'))
      tries.push(['UIF was charged on commission, which is excluded', () => pick(compute(slip, { ...base, uifOnCommission: true }))]);
    if (slip.earnings.some((e) => e.kind === 'travel'))
      tries.push(['UIF was charged on the travel allowance too', () => pick(compute(slip, { ...base, travelAsSalary: true }))]);
    const last = base.taxYear - 1;
    if (isSupportedTaxYear(last))
      tries.push([`the ${taxYearLabel(last)} UIF ceiling was used`, () => pick(compute(slip, { ...base, taxYear: last }))]);
  }
  if (item === 'sdl') {
    if (slip.earnings.some((e) => e.kind === 'travel'))
      tries.push(['SDL was charged on the travel allowance too', () => pick(compute(slip, { ...base, travelAsSalary: true }))]);
    if (base.facts.sdlExempt)
      tries.push([
        'SDL was charged though the employer is exempt (annual payroll R500 000 or less)',
        () => pick(compute(slip, { ...base, facts: { ...base.facts, sdlExempt: false } })),
      ]);
    else if (shownCents === 0)
      return 'no SDL is shown: right only if the employer is exempt (annual payroll R500 000 or less); if it is, say so and it is checked that way';
  }
  for (const [reason, run] of tries) {
    try {
      if (run() === shownCents) return reason;
    } catch (err) {
      if (!(err instanceof PayrollError)) throw err;
    }
  }
  return null;
}

const LABELS: Record<CheckedItem, string> = {
  gross: 'Gross pay',
  paye: 'PAYE',
  uif: 'UIF (employee)',
  sdl: 'SDL',
  deductions: 'Total deductions',
  net: 'Net pay',
};
const UNEXPLAINED: Record<'paye' | 'uif' | 'sdl', string> = {
  paye: 'none of the usual causes gives this figure: check for a tax directive, fringe benefits not on the slip, the employee’s age and medical scheme members, or earlier months under- or over-deducted',
  uif: 'none of the usual causes gives this figure: check the hours worked (under 24 a month is excluded) and what the UIF was charged on',
  sdl: 'none of the usual causes gives this figure: SDL is 1% of the leviable pay',
};

export function checkPayslip(slip: ReadPayslip, given: Partial<EmployeeFacts> = {}): PayslipCheck {
  const facts = { ...DEFAULT_FACTS, ...given };
  // A document that is not a payslip (a calculation, a letter) reads as earnings with nothing deducted and no net pay.
  if (!slip.deductions.some((d) => d.kind === 'paye' || d.kind === 'uif') && slip.netCents === null) {
    throw new PayrollError(
      'text',
      'text: this does not look like a payslip: no PAYE, UIF or net pay could be read. Paste the payslip itself, or enter its figures in the form',
    );
  }
  if (!slip.payDate) throw new PayrollError('payDate', 'payDate: the pay date could not be read; enter it to choose the tax year');
  const taxYear = taxYearForIsoDate(slip.payDate);
  if (!isSupportedTaxYear(taxYear))
    throw new PayrollError(
      'payDate',
      `payDate: ${slip.payDate} falls in the ${taxYearLabel(taxYear)} tax year, which this app has no tables for`,
    );
  if (!slip.earnings.length) throw new PayrollError('earnings', 'earnings: no earnings could be read; enter at least the basic salary');
  const base: Basis = { taxYear, facts };
  const r = compute(slip, base);
  const assumptions = [
    `Tax year ${taxYearLabel(taxYear)}, from the pay date ${slip.payDate}${slip.payDateAssumed ? ' (assumed: the slip does not name its pay date; check it)' : ''}`,
    `${slip.period[0].toUpperCase()}${slip.period.slice(1)} pay${slip.periodAssumed ? ' (assumed: the slip does not say)' : ''}`,
    given.age === undefined ? 'Under 65 (assumed: the age is not on the slip; 65 and 75 get higher rebates)' : `Age ${facts.age}`,
    facts.medicalMembers ? `${facts.medicalMembers} on the medical scheme` : 'No medical scheme members (no medical tax credit)',
    facts.sdlExempt ? 'Employer exempt from SDL' : 'Employer pays SDL (annual payroll above R500 000)',
  ];
  const earned = sum(slip.earnings);
  const deducted = sum(slip.deductions);
  const shown: Partial<Record<CheckedItem, number>> = {
    gross: slip.grossCents ?? undefined,
    paye: slip.deductions.find((d) => d.kind === 'paye')?.cents ?? 0,
    uif: slip.deductions.find((d) => d.kind === 'uif')?.cents ?? 0,
    sdl: slip.employer.find((e) => e.kind === 'sdl')?.cents,
    deductions: slip.totalDeductionsCents ?? undefined,
    net: slip.netCents ?? undefined,
  };
  const expected: Record<CheckedItem, { cents: number; working: string[] }> = {
    gross: {
      cents: earned,
      working: [`${slip.earnings.map((e) => `${e.label} ${formatRand(e.cents)}`).join(' + ')} = ${formatRand(earned)}`],
    },
    paye: { cents: r.payeCents, working: r.lines.find((l) => l.code === 'paye')!.working },
    uif: { cents: r.uifEmployeeCents, working: r.lines.find((l) => l.code === 'uif_employee')!.working },
    sdl: { cents: r.sdlCents, working: [`SDL on ${formatRand(r.sdlRemunerationCents)} of leviable pay = ${formatRand(r.sdlCents)}`] },
    deductions: {
      cents: deducted,
      working: [`${slip.deductions.map((d) => `${d.label} ${formatRand(d.cents)}`).join(' + ')} = ${formatRand(deducted)}`],
    },
    net: {
      cents: (slip.grossCents ?? earned) - deducted,
      working: [
        `${formatRand(slip.grossCents ?? earned)} − ${slip.deductions.map((d) => `${d.label} ${formatRand(d.cents)}`).join(' − ')} = ${formatRand((slip.grossCents ?? earned) - deducted)}`,
      ],
    },
  };
  const checked: PayslipCheck['checked'] = [];
  const findings: Finding[] = [];
  for (const item of ['gross', 'paye', 'uif', 'sdl', 'deductions', 'net'] as CheckedItem[]) {
    const s = shown[item];
    if (s === undefined) continue;
    const e = expected[item];
    checked.push({ item, label: LABELS[item], shown: fromCents(s), expected: fromCents(e.cents), matches: s === e.cents });
    if (s === e.cents) continue;
    const reason =
      item === 'gross'
        ? 'the earnings on the slip do not add up to the gross shown'
        : item === 'net'
          ? 'the net pay is not the gross less the deductions shown'
          : item === 'deductions'
            ? 'the deductions on the slip do not add up to the total shown'
            : (explain(slip, item, s, base) ?? UNEXPLAINED[item]);
    findings.push({
      item,
      label: LABELS[item],
      shown: fromCents(s),
      expected: fromCents(e.cents),
      difference: fromCents(s - e.cents),
      reason,
      working: e.working,
    });
  }
  return { taxYear, period: slip.period, checked, findings, assumptions, working: r.working };
}
