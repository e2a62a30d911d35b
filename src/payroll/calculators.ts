/**
 * The registry of payroll calculators: each has a name (its API path), what it computes in a sentence, the
 * zod schema of its input and one call into the engine. POST /api/payroll/<name>, the /calculators page
 * and the assistant's tools all go through it, so they agree to the cent.
 */
import type { z } from 'zod';
import {
  bonusApi,
  deadlineApi,
  etiApi,
  leaveAccrualApi,
  payrollRunApi,
  terminationApi,
  leaveApi,
  leavePayApi,
  minimumWageApi,
  noticeApi,
  overtimeApi,
  payeApi,
  payslipApi,
  sdlApi,
  taxThresholdApi,
  uifApi,
  uifWorking,
} from './api.js';
import {
  bonusInputSchema,
  leaveAccrualInputSchema,
  payrollRunInputSchema,
  terminationInputSchema,
  deadlineInputSchema,
  etiInputSchema,
  leavePayInputSchema,
  leaveInputSchema,
  minimumWageInputSchema,
  noticeInputSchema,
  overtimeInputSchema,
  payeInputSchema,
  payslipInputSchema,
  sdlInputSchema,
  taxThresholdInputSchema,
  uifInputSchema,
} from './schemas.js';

export interface PayrollCalculator<S extends z.ZodType = z.ZodType, R = unknown> {
  name: string;
  description: string;
  input: S;
  /** May throw PayrollError for what the schema cannot know (e.g. today outside the supported tax years). */
  run(input: z.output<S>, today: Date): R;
  /** The working, for a calculator whose answer does not carry it (the assistant shows it). */
  explain?(input: z.output<S>, today: Date): string[];
  /** Its input has a tax year, so it can be run for two years side by side. */
  yearly?: true;
}

const calculator = <S extends z.ZodType, R>(c: PayrollCalculator<S, R>) => c;

export const PAYROLL_CALCULATORS = {
  paye: calculator({
    name: 'paye',
    yearly: true,
    description:
      "PAYE (employees' tax) for one pay period by SARS's annualisation method: rebates by age, medical scheme fees tax credits, retirement fund deductions, a bonus by the difference method.",
    input: payeInputSchema,
    run: (input, today) => payeApi(input, today),
  }),
  'tax-threshold': calculator({
    name: 'tax-threshold',
    yearly: true,
    description:
      'The annual income tax thresholds (income below which no tax is due) for a tax year, by age band: under 65, 65 to 74, 75 and over.',
    input: taxThresholdInputSchema,
    run: (input, today) => taxThresholdApi(input, today),
  }),
  uif: calculator({
    name: 'uif',
    yearly: true,
    description:
      'UIF contributions for one pay period: 1% from the employee and 1% from the employer on remuneration up to the ceiling, commission excluded.',
    input: uifInputSchema,
    run: (input, today) => uifApi(input, today),
    explain: (input, today) => uifWorking(input, today),
  }),
  sdl: calculator({
    name: 'sdl',
    yearly: true,
    description:
      "Skills Development Levy for one pay period: 1% of leviable remuneration when the employer's annual payroll is more than R500 000.",
    input: sdlInputSchema,
    run: (input, today) => sdlApi(input, today),
  }),
  eti: calculator({
    name: 'eti',
    description: 'Employment Tax Incentive an employer may claim for one month for a qualifying employee aged 18 to 29.',
    input: etiInputSchema,
    run: (input, today) => etiApi(input, today),
  }),
  payslip: calculator({
    name: 'payslip',
    yearly: true,
    description:
      "Gross to net for one pay period: PAYE, UIF and retirement contributions off the employee's pay; UIF and SDL on top for the employer.",
    input: payslipInputSchema,
    run: (input, today) => payslipApi(input, today),
  }),
  leave: calculator({
    name: 'leave',
    description: 'Minimum annual, sick and family responsibility leave under the Basic Conditions of Employment Act.',
    input: leaveInputSchema,
    run: (input) => leaveApi(input),
  }),
  'leave-pay': calculator({
    name: 'leave-pay',
    description:
      'The value of leave days at the daily rate of BCEA s35 (weekly pay = monthly × 12 / 52, ÷ days worked a week): leave paid out on termination, or 1 day per 17 days worked for an incomplete cycle (s40).',
    input: leavePayInputSchema,
    run: (input) => leavePayApi(input),
  }),
  overtime: calculator({
    name: 'overtime',
    description:
      'Pay for overtime, Sunday work and work on a public holiday under the BCEA, with the earnings threshold above which the rules do not apply.',
    input: overtimeInputSchema,
    run: (input, today) => overtimeApi(input, today),
  }),
  notice: calculator({
    name: 'notice',
    description: 'The minimum notice period under the BCEA by length of employment and kind of worker.',
    input: noticeInputSchema,
    run: (input) => noticeApi(input),
  }),
  deadline: calculator({
    name: 'deadline',
    description:
      'The due date of a payroll return (EMP201, UIF declaration, EMP501 interim or annual, IRP5 certificates, provisional tax) for a month or tax year, moved to the last business day before a weekend or public holiday where the rule says so.',
    input: deadlineInputSchema,
    run: (input, today) => deadlineApi(input, today),
  }),
  bonus: calculator({
    name: 'bonus',
    yearly: true,
    description:
      "A bonus or 13th cheque in a month: the tax on the bonus itself (annual-payment method: tax with the bonus minus tax without), the month's total PAYE, UIF, SDL and net pay.",
    input: bonusInputSchema,
    run: (input, today) => bonusApi(input, today),
  }),
  termination: calculator({
    name: 'termination',
    yearly: true,
    description:
      'Final pay when employment ends: notice pay (s37/s38), severance for a retrenchment (s41: a week per completed year), leave pay-out (s40), a pro-rata bonus, the PAYE on them as annual payments, the severance tax estimate on the lump-sum table (a SARS directive is required) and UIF.',
    input: terminationInputSchema,
    run: (input, today) => terminationApi(input, today),
  }),
  'leave-accrual': calculator({
    name: 'leave-accrual',
    description:
      'Leave earned to a date: annual leave accrued in the cycle (1.25 days a month on a 5-day week, or 1 day per 17 days worked), leave available after days taken and its rand value, sick leave available, family responsibility eligibility.',
    input: leaveAccrualInputSchema,
    run: (input, today) => leaveAccrualApi(input, today),
  }),
  'payroll-run': calculator({
    name: 'payroll-run',
    description:
      "A month's payroll for several employees: each person's PAYE, UIF (both sides), SDL and ETI, the totals for the EMP201 and its due date.",
    input: payrollRunInputSchema,
    run: (input, today) => payrollRunApi(input, today),
  }),
  'minimum-wage': calculator({
    name: 'minimum-wage',
    description: 'Whether an hourly rate (or pay for a number of hours) meets the national minimum wage on a date.',
    input: minimumWageInputSchema,
    run: (input, today) => minimumWageApi(input, today),
  }),
};

export type PayrollCalculatorName = keyof typeof PAYROLL_CALCULATORS;
export const PAYROLL_CALCULATOR_LIST: PayrollCalculator[] = Object.values(PAYROLL_CALCULATORS) as PayrollCalculator[];

/** Two tax years of one calculation: the result for each, and this year minus the other for every top-level figure. */
export interface Comparison {
  taxYears: [number, number];
  results: [unknown, unknown];
  difference: Record<string, number>;
}

export function compareTaxYears(calc: PayrollCalculator, input: Record<string, unknown>, compareWith: number, today: Date): Comparison {
  const a = calc.run(input, today) as Record<string, unknown>;
  const year = a.taxYear as number;
  const b = calc.run({ ...input, taxYear: compareWith }, today) as Record<string, unknown>;
  const difference: Record<string, number> = {};
  for (const [k, v] of Object.entries(a)) {
    if (k !== 'taxYear' && typeof v === 'number' && typeof b[k] === 'number')
      difference[k] = Math.round((v - (b[k] as number)) * 100) / 100;
  }
  return { taxYears: [year, compareWith], results: [a, b], difference };
}
