// The Skills Development Levy on a payroll or a pay, with the R500 000 exemption.
import { taxYearForDate, formatRand, getTaxYear } from '../../payroll';
import type { Amount, Period } from '../reading';
import { amountOf, amountsOf } from '../understand/memory';
import { Builder, convert, per, PERIODS_PER_YEAR, rand, round2, setTaxYear } from './shared';
import type { TopicModule } from './types';

type Result = Record<string, number | boolean>;

export const sdl: TopicModule = {
  name: 'sdl',
  label: 'SDL',
  example: 'SDL on a monthly payroll of R60 000',
  keywords: ['sdl', 'skills development levy', 'skills levy', 'levy'],
  uses: ['salary', 'payroll', 'bonus', 'commission', 'headcount', 'sdlExempt', 'taxYear', 'wantPeriod'],
  plan(f, ctx) {
    const b = new Builder(f, ctx);
    const payrolls = amountsOf(f, 'payroll');
    const annual = payrolls.find((p) => p.period === 'annual');
    const monthly = payrolls.find((p) => p.period !== 'annual');
    const salaries = amountsOf(f, 'salary');
    // The leviable pay of the period: the month's payroll, else the salaries (with a bonus or commission that month).
    let pay: Amount | undefined =
      monthly ??
      (salaries.length
        ? { role: 'salary', value: round2(salaries.reduce((s, a) => s + a.value, 0)), period: salaries[0].period }
        : undefined);
    if (salaries.length > 1 && !monthly) b.assumed.push(`the payroll is the ${salaries.length} salaries together, ${rand(pay!.value)}`);
    if (!pay && annual) pay = annual;
    if (!pay)
      return {
        need: "the pay the levy is on (this month's payroll, or the annual payroll)",
        example: 'SDL on a monthly payroll of R60 000',
      };
    let period: Period = pay.period ?? (pay.value >= 500_000 ? 'annual' : 'monthly');
    if (!pay.period)
      b.assumed.push(period === 'annual' ? `${rand(pay.value)} is the year's payroll` : `${rand(pay.value)} is one month's payroll`);
    let value = pay.value;
    if (f.headcount && salaries.length === 1 && !monthly && f.headcount > 1) {
      value = round2(pay.value * f.headcount);
      b.assumed.push(`${f.headcount} employees each paid ${rand(pay.value)}, so the payroll is ${rand(value)}`);
    }
    const extra = (amountOf(f, 'bonus')?.value ?? 0) + (amountOf(f, 'commission')?.value ?? 0);
    if (extra && pay !== annual) {
      b.assumed.push(
        `the ${rand(extra)} ${amountOf(f, 'bonus') ? 'bonus' : 'commission'} is paid in the same ${period === 'monthly' ? 'month' : 'period'}, so it is levied too`,
      );
      value = round2(value + extra);
    }
    b.input.remuneration = value;
    if (annual) b.set('annualPayroll', annual.value, { from: 'payroll', kept: (v) => `an annual payroll of ${rand(Number(v))}` });
    else {
      b.input.annualPayroll = convert(value - extra, period, 'annual');
      b.assumed.push(
        period === 'annual'
          ? 'this is the whole annual payroll'
          : `the payroll is about the same every ${period === 'monthly' ? 'month' : period === 'weekly' ? 'week' : 'fortnight'}, so the annual payroll is ${PERIODS_PER_YEAR[period]} times this one (${rand(Number(b.input.annualPayroll))})`,
      );
    }
    if (f.sdlExempt) b.input.exemptEmployer = true;
    setTaxYear(b, f, ctx.today);
    const steps = [{ name: 'sdl', input: { ...b.input }, period }];
    const want = f.wantPeriod ?? ctx.extras.loosePeriods.find((p) => p !== period);
    if (want && want !== period && (want === 'annual' || period === 'annual')) {
      steps.push({ name: 'sdl', input: { ...b.input, remuneration: convert(value, period, want) }, period: want });
      period = want;
    }
    return { steps, assumed: b.assumed, kept: b.kept };
  },
  describe(calls, _f, ctx) {
    const [first, second] = calls;
    const r = first.result as Result;
    const i = first.input;
    const limit = formatRand(getTaxYear(Number(i.taxYear ?? taxYearForDate(ctx.today))).sdl.exemptionThresholdCents);
    if (r.exempt) {
      return [
        `**SDL: ${rand(Number(r.sdl))} — no levy is due.**`,
        i.exemptEmployer
          ? 'The employer is exempt from the Skills Development Levy (a public benefit organisation, a public body or a certified municipality).'
          : `An employer whose annual payroll (here ${rand(Number(i.annualPayroll))}) is not expected to be more than ${limit} is exempt from the Skills Development Levy.`,
      ];
    }
    const lines = [
      `**SDL: ${rand(Number(r.sdl))} ${per(first.period)}**`,
      `(1% of leviable pay of ${rand(Number(i.remuneration))} ${per(first.period)}; annual payroll ${rand(Number(i.annualPayroll))}, above the ${limit} exemption limit)`,
    ];
    if (second) lines.push('', `That is ${rand(Number((second.result as Result).sdl))} ${per(second.period)}.`);
    lines.push(
      '',
      'SDL is paid by the employer only, on top of pay: it is not deducted from the employee. It is declared and paid on the EMP201.',
    );
    return lines;
  },
  compared: [['sdl', 'SDL']],
  articles: () => ['skills development levy SDL'],
};
