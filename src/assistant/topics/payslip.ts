// Net pay, the employer's cost, or all the deductions at once: the payslip on what the conversation knows.
import { SYNONYM_GROUPS } from '../../lexicon';
import { payPlan } from './pay';
import { per, rand, yearLabel } from './shared';
import type { Called, TopicModule } from './types';

type Result = Record<string, number | boolean | unknown[]>;
type Wants = 'net' | 'cost' | 'deductions';

/** What leads: the employer's cost when the question asks what someone costs, the deductions when it names them. */
function wants(words: string): Wants {
  if (/\b(net|nett|take home|in (?:her|his|their|my) (?:hand|pocket|account)|takes home)\b/.test(words)) return 'net';
  if (/\b(cost|costs|costing)\b/.test(words)) return 'cost';
  const names = [SYNONYM_GROUPS[0], SYNONYM_GROUPS[1], SYNONYM_GROUPS[2], ['tax', 'deductions', 'deduct']].filter((g) =>
    g.some((w) => new RegExp(`\\b${w}\\b`).test(words)),
  );
  return names.length >= 2 || /\bdeductions\b/.test(words) ? 'deductions' : 'net';
}

const R = (r: Result, k: string) => rand(Number(r[k]));

const HEADLINE: Record<Wants, (r: Result, p: string) => string[]> = {
  net: (r, p) => [`**Net pay: ${R(r, 'netPay')} ${p}**`],
  cost: (r, p) => [`**Cost to the employer: ${R(r, 'employerCost')} ${p}**`, `Net pay to the employee: ${R(r, 'netPay')} ${p}.`],
  deductions: (r, p) => [
    `**PAYE: ${R(r, 'paye')} and UIF: ${R(r, 'uifEmployee')} from the employee ${p}**`,
    `The employer adds UIF of ${R(r, 'uifEmployer')}${r.sdlExempt ? '' : ` and SDL of ${R(r, 'sdl')}`}; net pay is ${R(r, 'netPay')}.`,
  ],
};

export const payslip: TopicModule = {
  name: 'payslip',
  label: 'net pay',
  example: 'Net pay on R22 000 a month for a 30-year-old',
  keywords: [
    'net',
    'nett',
    'net pay',
    'take home',
    'take-home',
    'takes home',
    'in her hand',
    'in his hand',
    'in her pocket',
    'in his account',
    'in her account',
    'payslip',
    'gross to net',
    'cost to the employer',
    'cost me',
    'cost the company',
    'costs me',
    'total cost',
    'employer cost',
    'deductions',
    'netto',
    "employer's side",
    'employer side',
    "employer's part",
    "employer's cost",
    'employer contributions',
    'on top',
  ],
  uses: [
    'salary',
    'ctc',
    'bonus',
    'commission',
    'retirement',
    'employerRetirement',
    'employerMedical',
    'payroll',
    'hourlyRate',
    'dailyRate',
    'age',
    'ageBand',
    'medicalMembers',
    'onMedicalAid',
    'taxYear',
    'hoursPerMonth',
    'sdlExempt',
  ],
  plan: (f, ctx) => payPlan('payslip', f, ctx),
  describe(calls, f, ctx) {
    const want = wants(ctx.words);
    if (calls.filter((c) => c.label).length > 1) {
      return [
        `**Net pay ${per(calls[0].input.period)}:**`,
        '',
        ...calls.map(
          (c) =>
            `- On ${c.label}: **${R(c.result as Result, 'netPay')}** (PAYE ${R(c.result as Result, 'paye')}, UIF ${R(c.result as Result, 'uifEmployee')})`,
        ),
      ];
    }
    const call: Called = calls[0];
    const r = call.result as Result;
    const i = call.input;
    const p = per(i.period);
    const lines = HEADLINE[want](r, p);
    lines.push(
      `(gross ${R(r, 'gross')} ${p}, tax year ${yearLabel(r.taxYear)}, age ${i.age}, ${i.medicalMembers ? `${i.medicalMembers} on the medical scheme` : 'no medical aid'})`,
      '',
    );
    lines.push(
      '| | Amount |',
      '|---|---:|',
      `| Gross pay | ${R(r, 'gross')} |`,
      `| PAYE | −${R(r, 'paye')} |`,
      `| UIF (employee) | −${R(r, 'uifEmployee')} |`,
    );
    if (Number(r.retirementContributions) > 0) lines.push(`| Retirement contributions | −${R(r, 'retirementContributions')} |`);
    lines.push(`| **Net pay** | **${R(r, 'netPay')}** |`, '');
    lines.push(
      `On top of the gross pay the employer pays UIF of ${R(r, 'uifEmployer')}${r.sdlExempt ? '' : ` and SDL of ${R(r, 'sdl')}`}, so the employee costs the employer ${R(r, 'employerCost')} ${p}.`,
    );
    if (Number(r.medicalCredit) > 0)
      lines.push(`The PAYE already takes off the medical scheme fees tax credit of ${R(r, 'medicalCredit')}.`);
    if (Number(i.commission) > 0)
      lines.push(
        `The gross pay is ${rand(Number(i.remuneration))} pay plus ${rand(Number(i.commission))} commission: PAYE is on both, UIF on the pay only.`,
      );
    if (Number(r.bonusPaye) > 0) lines.push(`Of the PAYE, **${R(r, 'bonusPaye')} is the tax on the ${rand(Number(i.bonus))} bonus**.`);
    for (const x of (r.benefits as unknown as { label: string; amount: number; taxable: number }[]) ?? [])
      lines.push(`${x.label}: ${rand(x.amount)}, of which ${rand(x.taxable)} is taxed with the pay.`);
    return lines;
  },
  compared: [
    ['netPay', 'Net pay'],
    ['paye', 'PAYE'],
    ['employerCost', 'Cost to the employer'],
  ],
  articles(calls) {
    const i = calls[0]?.input ?? {};
    return [
      'gross pay vs net pay payslip',
      Number(i.age) >= 65
        ? 'PAYE for employees aged 65 and 75 pensioners'
        : i.medicalMembers
          ? 'medical scheme fees tax credit'
          : 'UIF contribution ceiling',
    ];
  },
};
