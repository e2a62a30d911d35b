// The Employment Tax Incentive for one employee and month.
import { amountOf } from '../understand/memory';
import { Builder, convert, rand } from './shared';
import type { TopicModule } from './types';

const EXAMPLE = 'ETI for a 23-year-old earning R5 500 a month in month 4';

export const eti: TopicModule = {
  name: 'eti',
  label: 'ETI',
  example: 'ETI for a 23-year-old earning R5 500 a month in month 4',
  keywords: ['eti', 'employment tax incentive', 'youth incentive', 'incentive'],
  uses: ['salary', 'hourlyRate', 'age', 'monthOfEmployment', 'monthsEmployed', 'hours', 'hoursPerMonth'],
  plan(f, ctx) {
    const b = new Builder(f, ctx);
    const salary = amountOf(f, 'salary');
    if (salary && (salary.period === 'weekly' || salary.period === 'fortnightly'))
      return { need: "the employee's pay for the month (ETI is worked out per month)", example: EXAMPLE };
    const pay = salary && salary.period === 'annual' ? convert(salary.value, 'annual', 'monthly') : salary?.value;
    if (b.set('remuneration', pay, { from: 'salary', kept: (v) => `pay of ${rand(Number(v))} a month` }) === undefined)
      return { need: "the employee's monthly pay and age", example: EXAMPLE };
    b.set('age', f.age, {
      from: 'age',
      kept: (a) => `age ${a}`,
      assume: { value: 25, words: 'the employee is 18 to 29 years old (ETI is only for that age group)' },
    });
    // Months of service so far: the claim is for the month now running.
    const month = f.monthOfEmployment ?? (f.monthsEmployed !== undefined ? Math.max(1, Math.ceil(f.monthsEmployed)) : undefined);
    b.set('monthOfEmployment', month, {
      from: f.monthOfEmployment !== undefined ? 'monthOfEmployment' : 'monthsEmployed',
      kept: (m) => `month ${m} of employment`,
      assume: { value: 1, words: 'a month in the first year of employment (the first-year rates)' },
    });
    b.set('hoursWorked', f.hours ?? f.hoursPerMonth, {
      from: f.hours !== undefined ? 'hours' : 'hoursPerMonth',
      kept: (h) => `${h} hours in the month`,
      assume: { value: undefined, words: '160 hours paid in the month (a full month)' },
    });
    return { steps: [{ name: 'eti', input: b.input }], assumed: b.assumed, kept: b.kept };
  },
  describe([call]) {
    const r = call.result as Record<string, number>;
    return [
      `**ETI: ${rand(r.eti)} for the month** (month ${call.input.monthOfEmployment} of employment), which the employer may take off the PAYE it pays over on the EMP201.`,
    ];
  },
  articles: () => ['employment tax incentive ETI', 'ETI qualifying rules checklist'],
};
