// Leave earned so far: annual leave accrued in the cycle (monthly, and the 1-in-17 floor), sick leave and family
// responsibility leave, and the rand value when the pay is known.
import { amountOf } from '../understand/memory';
import { Builder, convert, rand } from './shared';
import type { TopicModule } from './types';

type Result = Record<string, number | null>;
const EXAMPLE = 'How much leave has she accrued after 7 months on a 5-day week?';

export const leaveAccrual: TopicModule = {
  name: 'leave-accrual',
  label: 'the leave accrued',
  example: EXAMPLE,
  keywords: [
    'accrued',
    'accrue',
    'accrual',
    'accumulated',
    'earned so far',
    'built up',
    'leave balance',
    'how much leave',
    'leave due',
    'days due',
    'opgebou',
  ],
  uses: ['monthsEmployed', 'daysWorked', 'daysPerWeek', 'salary'],
  plan(f, ctx) {
    const b = new Builder(f, ctx);
    if (f.monthsEmployed === undefined)
      return { need: 'how many months the employee has worked in the leave cycle (or since starting)', example: EXAMPLE };
    const months = Math.floor(f.monthsEmployed);
    b.input.monthsEmployed = f.monthsEmployed;
    b.input.months = months % 12;
    if (months >= 12)
      b.assumed.push(
        `the current leave cycle started ${months % 12} months ago (a cycle is 12 months; earlier cycles' leave is not counted)`,
      );
    b.set('daysPerWeek', f.daysPerWeek, {
      from: 'daysPerWeek',
      kept: (d) => `${d} days a week`,
      assume: { value: 5, words: 'a five-day working week' },
    });
    if (f.daysWorked !== undefined) b.set('daysWorked', f.daysWorked, { from: 'daysWorked', kept: (d) => `${d} days worked` });
    const salary = amountOf(f, 'salary');
    if (salary)
      b.set('remuneration', salary.period && salary.period !== 'monthly' ? convert(salary.value, salary.period, 'monthly') : salary.value, {
        from: 'salary',
        kept: (v) => `pay of ${rand(Number(v))} a month`,
      });
    if (months < 6 && f.daysWorked === undefined)
      return {
        need: 'the days worked so far (sick leave in the first 6 months is 1 day per 26 days worked)',
        example: 'Leave accrued after 5 months, 104 days worked',
      };
    return {
      steps: [{ name: 'leave-accrual', input: Object.fromEntries(Object.entries(b.input).filter(([, v]) => v !== undefined)) }],
      assumed: b.assumed,
      kept: b.kept,
    };
  },
  describe([call]) {
    const r = call.result as Result;
    const n = (k: string) => Number(r[k]);
    const lines = [
      `**Annual leave accrued: ${n('accrued')} days** after ${n('monthsInCycle')} month${n('monthsInCycle') === 1 ? '' : 's'} of the cycle (${n('cycleDays')} days a full cycle, ${n('cycleDays') / 12} a month)`,
    ];
    if (r.accruedByDaysWorked !== null)
      lines.push('', `By days worked (1 day per 17) it is ${n('accruedByDaysWorked')} days; on termination the higher figure is paid.`);
    if (r.value !== null)
      lines.push('', `At ${rand(n('dailyRate'))} a day those ${n('available')} days are worth **${rand(n('value'))}**.`);
    lines.push(
      '',
      `Sick leave available: ${n('sickLeave')} days (${n('sickLeaveCycleMonths') === 6 ? 'the first 6 months: 1 day per 26 days worked' : 'a 36-month cycle'}). Family responsibility leave: ${n('familyResponsibilityDays') ? '3 days a year' : 'not yet (it needs more than 4 months of service and 4 days a week)'}.`,
    );
    return lines;
  },
  articles: () => ['leave accrual annual leave earned', 'annual leave entitlement'],
};
