// The value of leave days at the daily rate: leave paid out when someone leaves, or the s40(c) floor for an
// incomplete cycle.
import { amountOf } from '../understand/memory';
import { Builder, rand } from './shared';
import type { TopicModule } from './types';

const EXAMPLE = 'Leave pay for 8.75 days on R18 000 a month';

export const leavePay: TopicModule = {
  name: 'leave-pay',
  label: 'the leave pay',
  example: EXAMPLE,
  keywords: [
    'leave pay',
    'pay out',
    'payout',
    'paid out',
    'cash in',
    'cash out',
    'encash',
    'leave owed',
    'owed leave',
    'value of leave',
    'leave balance',
    'outstanding leave',
    'unused leave',
    'untaken leave',
    'uitbetaling',
    'worth',
    'value of',
  ],
  uses: ['salary', 'dailyRate', 'daysPerWeek', 'leaveDays', 'daysWorked'],
  plan(f, ctx) {
    const b = new Builder(f, ctx);
    const daily = amountOf(f, 'dailyRate');
    const salary = amountOf(f, 'salary');
    if (daily) b.set('remuneration', daily.value, { from: 'dailyRate', kept: (v) => `${rand(Number(v))} a day` });
    else if (salary && salary.period !== 'annual' && salary.period !== 'fortnightly')
      b.set('remuneration', salary.value, { from: 'salary', kept: (v) => `pay of ${rand(Number(v))}` });
    else return { need: 'the pay (a month, a week or a day) the leave is paid at', example: EXAMPLE };
    b.input.period = daily ? 'daily' : salary!.period === 'weekly' ? 'weekly' : 'monthly';
    if (!daily && !salary!.period) b.assumed.push(`${rand(salary!.value)} is a month's pay`);
    b.set('daysPerWeek', f.daysPerWeek, {
      from: 'daysPerWeek',
      kept: (d) => `${d} days a week`,
      assume: { value: 5, words: 'a five-day working week' },
    });
    if (f.leaveDays !== undefined) b.set('days', f.leaveDays, { from: 'leaveDays', kept: (d) => `${d} days of leave` });
    else if (f.daysWorked !== undefined) b.set('daysWorked', f.daysWorked, { from: 'daysWorked', kept: (d) => `${d} days worked` });
    else return { need: 'how many days of leave to pay (or the days worked in the incomplete leave cycle)', example: EXAMPLE };
    return { steps: [{ name: 'leave-pay', input: b.input }], assumed: b.assumed, kept: b.kept };
  },
  describe([call]) {
    const r = call.result as Record<string, number>;
    return [
      `**Leave pay: ${rand(r.value)}** for ${r.days} days at the daily rate of ${rand(r.daily)} (${rand(r.weekly)} a week over ${call.input.daysPerWeek} days).`,
      '',
      'Leave paid out when employment ends is an annual payment for PAYE (taxed like a bonus, IRP5 code 3605, not spread over the year), and it is remuneration for UIF and SDL. Sick leave is not paid out.',
    ];
  },
  articles: () => ['leave pay on termination', 'annual leave entitlement'],
};
