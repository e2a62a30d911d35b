// A month's payroll for several people: PAYE, UIF, SDL and ETI per person and in total, the EMP201 and its date.
import { amountsOf, amountOf } from '../understand/memory';
import { Builder, convert, longDate, rand } from './shared';
import type { TopicModule } from './types';

const EXAMPLE = 'EMP201 for November: 3 staff on R8 000, R15 000 and R32 000 a month';

interface Run {
  month: string;
  employees: { name: string; paye: number; uifEmployee: number; uifEmployer: number; sdl: number; eti: number }[];
  totals: { gross: number; paye: number; uifEmployee: number; uifEmployer: number; sdl: number; eti: number };
  emp201: number;
  etiUsed: number;
  dueDate: string;
  sdlExempt: boolean;
}

export const payrollRun: TopicModule = {
  name: 'payroll-run',
  label: "the month's payroll",
  example: EXAMPLE,
  keywords: [
    'emp201 total',
    'whole payroll',
    'all my staff',
    'all staff',
    'all the staff',
    'my employees',
    'each employee',
    'total paye',
    'total uif',
    'payroll run',
    'run payroll',
    'this month s payroll',
    'for all',
  ],
  uses: ['salary', 'headcount', 'payroll', 'age', 'month'],
  plan(f, ctx) {
    const b = new Builder(f, ctx);
    let pays = amountsOf(f, 'salary').map((a) => (a.period && a.period !== 'monthly' ? convert(a.value, a.period, 'monthly') : a.value));
    if (pays.length === 1 && f.headcount && f.headcount > 1) {
      pays = Array.from({ length: f.headcount }, () => pays[0]);
      b.assumed.push(`${f.headcount} employees each on ${rand(pays[0])} a month`);
    }
    if (!pays.length) return { need: "each employee's monthly pay (and age)", example: EXAMPLE };
    const age = f.age ?? 30;
    if (f.age === undefined) b.assumed.push('every employee is under 65 (only the primary rebate) and no ETI is claimed');
    b.input.employees = pays.map((p, i) => ({ name: `Employee ${i + 1}`, remuneration: p, age }));
    if (f.month) b.input.month = f.month;
    else b.assumed.push('the current month');
    const payroll = amountOf(f, 'payroll');
    if (payroll)
      b.input.annualPayroll =
        payroll.period && payroll.period !== 'annual' ? convert(payroll.value, payroll.period, 'annual') : payroll.value;
    return { steps: [{ name: 'payroll-run', input: b.input }], assumed: b.assumed, kept: b.kept };
  },
  describe([call]) {
    const r = call.result as unknown as Run;
    const t = r.totals;
    const lines = [
      `**EMP201 for ${r.month}: ${rand(r.emp201)}**, due ${longDate(r.dueDate)}`,
      '',
      '| | PAYE | UIF (employee + employer) | SDL | ETI |',
      '|---|---:|---:|---:|---:|',
      ...r.employees.map(
        (e, i) =>
          `| ${e.name} on ${rand(Number((call.input.employees as { remuneration: number }[])[i].remuneration))} | ${rand(e.paye)} | ${rand(e.uifEmployee + e.uifEmployer)} | ${rand(e.sdl)} | ${rand(e.eti)} |`,
      ),
      `| **Total** | **${rand(t.paye)}** | **${rand(t.uifEmployee + t.uifEmployer)}** | **${rand(t.sdl)}** | **${rand(t.eti)}** |`,
    ];
    if (r.sdlExempt) lines.push('', "No SDL: the employer's annual payroll is not more than R500 000.");
    return lines;
  },
  articles: () => ['EMP201 monthly return deadline', 'skills development levy SDL exemption'],
};
