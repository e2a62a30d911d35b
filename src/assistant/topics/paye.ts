// PAYE on a pay: the figure, the year and age it is for, a bonus's share, the medical credit, and the true reason
// when none is due.
import { amountOf } from '../understand/memory';
import { bonus } from './bonus';
import { payPlan } from './pay';
import { per, rand, yearLabel } from './shared';
import type { Called, TopicModule } from './types';

type Result = Record<string, number>;

export const paye: TopicModule = {
  name: 'paye',
  label: 'PAYE',
  example: 'PAYE on R20 000 a month for a 35-year-old',
  keywords: ['paye', 'tax', 'taxes', 'income tax', 'pay as you earn', 'employees tax', 'deduct', 'withhold', 'belasting'],
  uses: [
    'salary',
    'ctc',
    'bonus',
    'commission',
    'travelAllowance',
    'retirement',
    'employerRetirement',
    'employerMedical',
    'hourlyRate',
    'dailyRate',
    'age',
    'ageBand',
    'medicalMembers',
    'onMedicalAid',
    'taxYear',
    'wantPeriod',
  ],
  plan: (f, ctx) => payPlan('paye', f, ctx),
  describe(calls, f, ctx) {
    if (calls[0].name === 'payslip') return withCommission(calls[0]);
    if (calls[0].name === 'bonus') return bonus.describe(calls, f, ctx);
    if (calls[0].label === 'credit') {
      const r = calls[0].result as Result;
      const m = Number(calls[0].input.medicalMembers);
      return [
        `**Medical scheme fees tax credit for ${m} ${m === 1 ? 'person' : 'people'} on the scheme: ${rand(r.medicalCreditMonthly)} a month** (${rand(r.medicalCreditAnnual)} a year, tax year ${yearLabel(r.taxYear)}).`,
        '',
        'The credit is taken off the tax after the rebates, every month, and cannot make PAYE negative.',
      ];
    }
    const labelled = calls.filter((c) => c.label);
    if (labelled.length > 1)
      return [
        `**PAYE ${per(calls[0].input.period)}:**`,
        '',
        ...labelled.map((c) => `- On ${c.label}: **${rand((c.result as Result).paye)}**`),
        '',
        context(calls[0]),
      ];
    const [first, second] = calls;
    const r = first.result as Result;
    const i = first.input;
    const lines = [`**PAYE: ${rand(r.paye)} ${per(i.period)}**`, `(${context(first)})`];
    if (second)
      lines.push(
        '',
        `That is ${rand((second.result as Result).paye)} ${per(second.input.period)} on ${rand(Number(second.input.remuneration))} ${per(second.input.period)}.`,
      );
    else if (i.period !== 'annual' && !r.bonusPaye) lines.push('', `Over a full tax year that is ${rand(r.annualTax)} of tax.`);
    if (r.bonusPaye > 0 || i.bonus)
      lines.push(
        '',
        `Of this, **${rand(r.bonusPaye)} is the tax on the ${rand(Number(i.bonus))} bonus** and ${rand(r.regularPaye)} is on the regular pay (a bonus is taxed at the employee's marginal rate, not spread over the year).`,
      );
    for (const x of (first.result as { benefits?: { label: string; amount: number; taxable: number }[] }).benefits ?? [])
      lines.push(`${x.label}: ${rand(x.amount)}, of which ${rand(x.taxable)} is taxed with the pay.`);
    if (r.medicalCredit > 0 && r.paye > 0)
      lines.push(`The medical scheme fees tax credit of ${rand(r.medicalCredit)} ${per(i.period)} is already taken off.`);
    if (r.paye === 0) lines.push(nilReason(r, i));
    return lines;
  },
  compared: [
    ['paye', 'PAYE'],
    ['annualTax', 'Tax for the year'],
  ],
  articles(calls, f) {
    const i = calls.at(-1)?.input ?? {};
    const special =
      Number(i.age) >= 65
        ? 'PAYE for employees aged 65 and 75 pensioners'
        : i.bonus || calls[0]?.name === 'bonus'
          ? 'PAYE on bonuses 13th cheque'
          : i.travelAllowance
            ? 'travel allowance 80% PAYE'
            : i.medicalMembers || !calls.length
              ? 'medical scheme fees tax credit'
              : i.retirementContributions
                ? 'retirement fund contribution deduction'
                : i.period === 'weekly' || i.period === 'fortnightly'
                  ? 'PAYE weekly fortnightly paid employees'
                  : amountOf(f, 'commission')
                    ? 'commission earners PAYE'
                    : null;
    return ['how monthly PAYE is calculated', ...(special ? [special] : [])];
  },
};

function context(call: Called): string {
  const i = call.input;
  const r = call.result as Result;
  return [
    `${rand(Number(i.remuneration))} ${per(i.period)}`,
    `tax year ${yearLabel(r.taxYear)}`,
    `age ${i.age}`,
    i.medicalMembers ? `${i.medicalMembers} on the medical scheme` : 'no medical aid',
  ].join(', ');
}

/** Why no PAYE is due: the rebates cover the tax, or the medical credit takes off what the rebates leave. */
function nilReason(r: Result, i: Record<string, unknown>): string {
  if (r.taxAfterRebates > 0) {
    return `No PAYE is due: after the rebates ${rand(r.taxAfterRebates)} of tax is left for the year, and the medical scheme fees tax credit of ${rand(r.medicalCreditAnnual)} a year (${i.medicalMembers} on the scheme) takes all of it off.`;
  }
  return `No PAYE is due: the annual equivalent of ${rand(r.annualEquivalent)} is below the tax threshold for age ${i.age}, so the rebates (${rand(r.rebate)} a year) cover all the tax.`;
}

/** PAYE with commission, read off the payslip (PAYE is on the pay and the commission together). */
function withCommission(call: Called): string[] {
  const r = call.result as Result;
  const i = call.input;
  return [
    `**PAYE: ${rand(r.paye)} ${per(i.period)}** on ${rand(Number(i.remuneration))} pay plus ${rand(Number(i.commission))} commission (commission is taxed with the pay).`,
    `(tax year ${yearLabel(r.taxYear)}, age ${i.age}, ${i.medicalMembers ? `${i.medicalMembers} on the medical scheme` : 'no medical aid'})`,
    '',
    `Net pay is ${rand(r.netPay)} after UIF of ${rand(r.uifEmployee)} (UIF is on the pay, not the commission).`,
  ];
}
