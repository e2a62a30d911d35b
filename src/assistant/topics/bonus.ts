// A bonus or 13th cheque in a month: the tax on the bonus itself leads, with the month's total PAYE and net pay
// beside it and labelled as such.
import { amountOf } from '../understand/memory';
import { payPlan } from './pay';
import { rand, yearLabel } from './shared';
import type { TopicModule } from './types';

type Result = Record<string, number>;
const EXAMPLE = 'Tax on a R30 000 bonus for someone earning R30 000 a month';

export const bonus: TopicModule = {
  name: 'bonus',
  label: 'the tax on the bonus',
  example: EXAMPLE,
  keywords: [
    'bonus',
    'bonuses',
    '13th cheque',
    'thirteenth cheque',
    '13th check',
    'year-end bonus',
    'performance bonus',
    'incentive',
    'annual payment',
    'bonus tax',
    'dertiende tjek',
  ],
  uses: ['salary', 'bonus', 'retirement', 'age', 'ageBand', 'medicalMembers', 'onMedicalAid', 'taxYear', 'payroll'],
  plan: (f, ctx) => payPlan('bonus', f, ctx),
  describe([call]) {
    const r = call.result as Result;
    const i = call.input;
    return [
      `**Tax on the bonus: ${rand(r.taxOnBonus)}** (on a ${rand(r.bonus)} bonus, withheld in full in the month it is paid)`,
      `(on ${rand(Number(i.remuneration))} a month, tax year ${yearLabel(r.taxYear)}, age ${i.age}${i.medicalMembers ? `, ${i.medicalMembers} on the medical scheme` : ''})`,
      '',
      '| That month | Amount |',
      '|---|---:|',
      `| PAYE on the salary | ${rand(r.regularPaye)} |`,
      `| Tax on the bonus | ${rand(r.taxOnBonus)} |`,
      `| **The month's total PAYE** | **${rand(r.monthPaye)}** |`,
      `| UIF (employee) | ${rand(r.uifEmployee)} |`,
      `| **The month's net pay** | **${rand(r.netPay)}** |`,
      '',
      `The bonus is an annual payment: its tax is the tax on a year's pay with it minus the tax without it, so it is taxed at the marginal rate. UIF is on the month's total up to the R17 712 ceiling; the employer's SDL that month is ${rand(r.sdl)}.`,
    ];
  },
  compared: [
    ['taxOnBonus', 'Tax on the bonus'],
    ['monthPaye', "The month's total PAYE"],
    ['netPay', "The month's net pay"],
  ],
  articles: (calls, f) => ['PAYE on bonuses 13th cheque', ...(amountOf(f, 'salary') ? [] : ['regular vs irregular remuneration'])],
};
