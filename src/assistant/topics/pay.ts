// The inputs PAYE and the payslip share: the pay (one or several people), its period, age, medical scheme,
// retirement contributions, a bonus or 13th cheque, commission, a travel allowance, and a cost-to-company package
// with the employer's contributions inside it.
import type { Amount, Period, Slots } from '../reading';
import { amountOf, amountsOf } from '../understand/memory';
import { Builder, convert, inPeriod, PERIODS_PER_YEAR, payOf, periodFor, rand, round2, setAge, setMedical, setTaxYear } from './shared';
import type { Need, Plan, Step, TopicContext } from './types';

/**
 * The pay of each person the question is about: several salaries are several people. Without a salary, a pay from
 * an hourly or daily rate and the hours or days worked, the conversion said among the assumptions.
 */
export function paysOf(f: Slots, b: Builder): Amount[] {
  const salaries = amountsOf(f, 'salary');
  if (salaries.length > 1) return salaries;
  const one = payOf(f);
  if (one) return [one];
  const fromRate = payFromRate(f);
  if (!fromRate) return [];
  b.assumed.push(fromRate.words);
  return [fromRate.pay];
}

function payFromRate(f: Slots): { pay: Amount; words: string } | null {
  const hourly = amountOf(f, 'hourlyRate');
  const daily = amountOf(f, 'dailyRate');
  if (hourly && f.hoursPerWeek !== undefined)
    return {
      pay: { role: 'salary', value: round2(hourly.value * f.hoursPerWeek), period: 'weekly' },
      words: `${rand(hourly.value)} an hour for ${f.hoursPerWeek} hours a week is ${rand(round2(hourly.value * f.hoursPerWeek))} a week`,
    };
  if (hourly && f.hoursPerMonth !== undefined)
    return {
      pay: { role: 'salary', value: round2(hourly.value * f.hoursPerMonth), period: 'monthly' },
      words: `${rand(hourly.value)} an hour for ${f.hoursPerMonth} hours a month is ${rand(round2(hourly.value * f.hoursPerMonth))} a month`,
    };
  if (daily && f.daysPerWeek !== undefined)
    return {
      pay: { role: 'salary', value: round2(daily.value * f.daysPerWeek), period: 'weekly' },
      words: `${rand(daily.value)} a day for ${f.daysPerWeek} days a week is ${rand(round2(daily.value * f.daysPerWeek))} a week`,
    };
  return null;
}

export const PAY_NEED: Need = {
  need: 'the salary or wage (and how often it is paid)',
  example: 'PAYE on R20 000 a month for a 35-year-old',
};

/** The steps for PAYE (`paye`) or a payslip (`payslip`) on what the conversation knows. */
export function payPlan(calculator: 'paye' | 'payslip' | 'bonus', f: Slots, ctx: TopicContext): Plan | Need {
  const b = new Builder(f, ctx);
  const pays = paysOf(f, b);
  // "The medical credit for 3 people": the credit alone, off a pay of nothing (the PAYE calculator states it).
  if (!pays.length && calculator === 'paye' && f.medicalMembers && ctx.extras.asksCredit) {
    setTaxYear(b, f, ctx.today);
    return {
      steps: [
        {
          name: 'paye',
          input: { ...b.input, period: 'monthly', remuneration: 0, age: 30, medicalMembers: f.medicalMembers },
          label: 'credit',
        },
      ],
      assumed: [],
      kept: b.kept,
    };
  }
  if (!pays.length) {
    return amountOf(f, 'bonus')
      ? {
          need: "the employee's regular salary as well as the bonus (PAYE on a bonus depends on the pay it comes on top of)",
          example: 'PAYE on a R10 000 bonus for someone earning R20 000 a month, aged 35',
        }
      : PAY_NEED;
  }
  const period = periodFor(b, pays[0], f, ctx);
  // Tax on a bonus paid with a monthly salary leads with the bonus's own tax (the bonus calculator).
  if (
    calculator !== 'payslip' &&
    period === 'monthly' &&
    pays.length === 1 &&
    (amountOf(f, 'bonus') || ctx.extras.thirteenthCheque) &&
    !amountOf(f, 'commission')
  )
    calculator = 'bonus';
  if (calculator === 'bonus' && (period !== 'monthly' || !(amountOf(f, 'bonus') || ctx.extras.thirteenthCheque))) {
    if (period !== 'monthly')
      return { need: 'the monthly salary the bonus is paid with', example: 'Tax on a R30 000 bonus for someone earning R30 000 a month' };
    return {
      need: 'the amount of the bonus (and the monthly salary it is paid with)',
      example: 'Tax on a R30 000 bonus for someone earning R30 000 a month',
    };
  }
  setAge(b, f);
  setMedical(b, f);
  setTaxYear(b, f, ctx.today);
  const ctc = pays[0].role === 'ctc';
  // Employer contributions are fringe benefits on top of a salary (the engine values them), already inside a package.
  const employerFund = inPeriod(f, 'employerRetirement', period) ?? 0;
  const employerMedical = inPeriod(f, 'employerMedical', period) ?? 0;
  const own = inPeriod(f, 'retirement', period) ?? 0;
  if (own) b.set('retirementContributions', own, { from: 'retirement', kept: (v) => `retirement contributions of ${rand(Number(v))}` });
  if (employerFund && !ctc)
    b.set('employerRetirementContributions', employerFund, {
      from: 'employerRetirement',
      kept: (v) => `the employer's retirement contribution of ${rand(Number(v))}`,
    });
  if (employerMedical && !ctc)
    b.set('employerMedicalContributions', employerMedical, {
      from: 'employerMedical',
      kept: (v) => `the employer's medical aid contribution of ${rand(Number(v))}`,
    });
  if (ctc && (employerFund || employerMedical))
    b.assumed.push("the employer's contributions are inside the package, so the package is the taxable pay");
  const bonus = amountOf(f, 'bonus')?.value ?? (ctx.extras.thirteenthCheque ? pays[0].value : undefined);
  if (!amountOf(f, 'bonus') && ctx.extras.thirteenthCheque)
    b.assumed.push(`a 13th cheque equal to one period's pay (${rand(pays[0].value)})`);
  b.set('bonus', bonus, { from: 'bonus', kept: (v) => `a bonus of ${rand(Number(v))}` });
  const travel = inPeriod(f, 'travelAllowance', period);
  if (travel !== undefined)
    b.set('travelAllowance', travel, { from: 'travelAllowance', kept: (v) => `a travel allowance of ${rand(Number(v))}` });
  const commission = inPeriod(f, 'commission', period);
  if (ctc)
    b.assumed.push(
      `the ${rand(pays[0].value)} cost to company is the gross pay: the employer's UIF and SDL are worked out on top of it, not out of it`,
    );
  if (calculator === 'bonus') {
    const payroll = amountOf(f, 'payroll');
    if (payroll)
      b.input.annualPayroll =
        payroll.period && payroll.period !== 'annual' ? convert(payroll.value, payroll.period, 'annual') : payroll.value;
    return { steps: [{ name: 'bonus', input: { ...b.input, remuneration: round2(pays[0].value) } }], assumed: b.assumed, kept: b.kept };
  }
  if (calculator === 'payslip') {
    if (commission !== undefined) b.set('commission', commission, { from: 'commission', kept: (v) => `commission of ${rand(Number(v))}` });
    const payroll = amountOf(f, 'payroll');
    if (payroll)
      b.input.annualPayroll =
        payroll.period && payroll.period !== 'annual' ? convert(payroll.value, payroll.period, 'annual') : payroll.value;
    if (f.hoursPerMonth !== undefined) b.input.hoursPerMonth = f.hoursPerMonth;
    if (f.sdlExempt) b.input.sdlExempt = true;
    if (period === 'annual' && ctx.stated.wantPeriod !== 'annual')
      b.assumed.push('the annual salary is paid in twelve equal monthly amounts');
  } else if (commission !== undefined) {
    // PAYE on commission goes through the payslip, which taxes it with the pay.
    return payPlan('payslip', f, ctx);
  }
  b.input.period = period;
  const steps: Step[] = [];
  for (const pay of pays) {
    const input = { ...b.input, remuneration: round2(pay.value) };
    steps.push(
      ...periodSteps(
        calculator,
        input,
        period,
        f.wantPeriod ?? (ctx.extras.loosePeriods.find((p) => p !== period) as Period | undefined),
      ).map((s) => (pays.length > 1 ? { ...s, label: rand(pay.value) } : s)),
    );
  }
  return { steps, assumed: b.assumed, kept: b.kept };
}

/**
 * The call in the pay's own period, plus one in the period asked for when that is a whole-number conversion
 * (a year's pay is twelve months' pay). An annual salary also gets the monthly deduction, which is what payroll
 * needs; a payslip is monthly only.
 */
export function periodSteps(name: 'paye' | 'payslip', input: Record<string, unknown>, period: Period, want: Period | undefined): Step[] {
  const other = want ?? (period === 'annual' ? 'monthly' : undefined);
  if (!other || other === period || (other !== 'annual' && period !== 'annual')) return [{ name, input }];
  const factor = PERIODS_PER_YEAR[period] / PERIODS_PER_YEAR[other];
  const scale = (v: unknown) => round2(Number(v) * factor);
  const converted: Record<string, unknown> = { ...input, period: other, remuneration: scale(input.remuneration) };
  for (const k of [
    'retirementContributions',
    'commission',
    'travelAllowance',
    'employerRetirementContributions',
    'employerMedicalContributions',
  ])
    if (input[k] !== undefined) converted[k] = scale(input[k]);
  if (name === 'payslip') return [{ name, input: other === 'monthly' ? converted : input }];
  return [
    { name, input: converted },
    { name, input },
  ];
}
