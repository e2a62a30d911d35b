/** Validation: bad inputs give clear messages that name the field; never NaN, never a silent zero. */
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  PayrollError,
  calculatePaye,
  etiInputSchema,
  fieldErrors,
  leaveInputSchema,
  minimumWageInputSchema,
  noticeInputSchema,
  overtimeInputSchema,
  parsePayrollInput,
  payeApi,
  payeInputSchema,
  payslipInputSchema,
  sdlInputSchema,
  toCents,
  uifInputSchema,
} from '../../../src/payroll/index.js';

/** Parses and returns the issue for `field`, asserting its message names the field. */
function issueFor(schema: z.ZodType, input: unknown, field: string): string {
  const r = schema.safeParse(input);
  expect(r.success, `expected ${JSON.stringify(input)} to fail`).toBe(false);
  const issue = r.error!.issues.find((i) => i.path.join('.') === field);
  expect(issue, `issue for ${field} in ${JSON.stringify(r.error!.issues)}`).toBeDefined();
  expect(issue!.message).toContain(field);
  return issue!.message;
}

const okPaye = { period: 'monthly', remuneration: 20000, age: 35 };

describe('payeInputSchema', () => {
  it('negative salary', () => {
    expect(issueFor(payeInputSchema, { ...okPaye, remuneration: -1 }, 'remuneration')).toBe('remuneration must not be negative');
  });
  it('age 300', () => {
    expect(issueFor(payeInputSchema, { ...okPaye, age: 300 }, 'age')).toBe('age must be at most 130 years');
  });
  it('unknown tax year', () => {
    expect(issueFor(payeInputSchema, { ...okPaye, taxYear: 2031 }, 'taxYear')).toBe(
      'taxYear 2031 is not supported; supported tax years: 2024, 2025, 2026, 2027',
    );
  });
  it('period "sometimes"', () => {
    expect(issueFor(payeInputSchema, { ...okPaye, period: 'sometimes' }, 'period')).toBe(
      'period must be one of monthly, fortnightly, weekly, annual (got "sometimes")',
    );
  });
  it('reports all bad fields at once', () => {
    const r = payeInputSchema.safeParse({ period: 'sometimes', remuneration: -1, age: 300, taxYear: 2031 });
    expect(
      fieldErrors(r.error!)
        .map((e) => e.field)
        .sort(),
    ).toEqual(['age', 'period', 'remuneration', 'taxYear']);
  });
  it('missing, non-numeric, NaN, Infinity and fractional-cent amounts', () => {
    expect(issueFor(payeInputSchema, { period: 'monthly', age: 35 }, 'remuneration')).toBe('remuneration is required');
    expect(issueFor(payeInputSchema, { ...okPaye, remuneration: 'abc' }, 'remuneration')).toMatch(/must be a number of rands/);
    expect(issueFor(payeInputSchema, { ...okPaye, remuneration: '' }, 'remuneration')).toMatch(/must be a number of rands/);
    expect(issueFor(payeInputSchema, { ...okPaye, remuneration: null }, 'remuneration')).toMatch(/must be a number of rands/);
    expect(issueFor(payeInputSchema, { ...okPaye, remuneration: NaN }, 'remuneration')).toMatch(/remuneration/);
    expect(issueFor(payeInputSchema, { ...okPaye, remuneration: Infinity }, 'remuneration')).toMatch(/remuneration/);
    expect(issueFor(payeInputSchema, { ...okPaye, remuneration: 100.005 }, 'remuneration')).toBe(
      'remuneration must have at most 2 decimal places (cents)',
    );
    expect(issueFor(payeInputSchema, { ...okPaye, remuneration: 1e12 }, 'remuneration')).toMatch(/at most R100 000 000/);
    expect(issueFor(payeInputSchema, { ...okPaye, remuneration: 12_345_678.905 }, 'remuneration')).toMatch(/2 decimal places/);
  });
  it('age must be a whole number; medical members and contributions are checked', () => {
    expect(issueFor(payeInputSchema, { ...okPaye, age: 35.5 }, 'age')).toBe('age must be a whole number of years');
    expect(issueFor(payeInputSchema, { ...okPaye, age: -1 }, 'age')).toBe('age must not be negative');
    expect(issueFor(payeInputSchema, { ...okPaye, medicalMembers: -1 }, 'medicalMembers')).toBe('medicalMembers must not be negative');
    expect(issueFor(payeInputSchema, { ...okPaye, retirementContributions: -5 }, 'retirementContributions')).toBe(
      'retirementContributions must not be negative',
    );
    expect(issueFor(payeInputSchema, { ...okPaye, bonus: -5 }, 'bonus')).toBe('bonus must not be negative');
  });
  it('accepts numeric strings from HTML forms', () => {
    const r = payeInputSchema.parse({ period: 'monthly', remuneration: '20000.50', age: '35', taxYear: '2027' });
    expect(r).toEqual({ period: 'monthly', remuneration: 20000.5, age: 35, taxYear: 2027 });
  });
  it('parsePayrollInput returns field errors', () => {
    const r = parsePayrollInput(payeInputSchema, { ...okPaye, age: 300 });
    expect(r).toEqual({ ok: false, errors: [{ field: 'age', message: 'age must be at most 130 years' }] });
  });
});

describe('other schemas', () => {
  it('uif', () => {
    expect(issueFor(uifInputSchema, { remuneration: 1, period: 'sometimes' }, 'period')).toMatch(/period must be one of/);
    expect(issueFor(uifInputSchema, { remuneration: -1 }, 'remuneration')).toBe('remuneration must not be negative');
    expect(issueFor(uifInputSchema, { remuneration: 1, excludedCategory: 'pilot' }, 'excludedCategory')).toMatch(/public_servant/);
  });
  it('sdl', () => {
    expect(issueFor(sdlInputSchema, { remuneration: 1 }, 'annualPayroll')).toBe('annualPayroll is required');
    expect(issueFor(sdlInputSchema, { remuneration: 1, annualPayroll: -3 }, 'annualPayroll')).toBe('annualPayroll must not be negative');
  });
  it('eti', () => {
    const ok = { remuneration: 5000, monthOfEmployment: 1, age: 22 };
    expect(issueFor(etiInputSchema, { ...ok, monthOfEmployment: 0 }, 'monthOfEmployment')).toBe('monthOfEmployment must be at least 1');
    expect(issueFor(etiInputSchema, { ...ok, monthOfEmployment: 25 }, 'monthOfEmployment')).toBe('monthOfEmployment must be at most 24');
    expect(issueFor(etiInputSchema, { ...ok, date: '2026-02-30' }, 'date')).toMatch(/date must be a calendar date in the form yyyy-mm-dd/);
    expect(issueFor(etiInputSchema, { ...ok, date: '21/11/2026' }, 'date')).toMatch(/yyyy-mm-dd/);
    expect(issueFor(etiInputSchema, { ...ok, hoursWorked: 0 }, 'hoursWorked')).toBe('hoursWorked must be more than 0 hours');
    expect(issueFor(etiInputSchema, { ...ok, age: 300 }, 'age')).toBe('age must be at most 130 years');
  });
  it('payslip', () => {
    const ok = { remuneration: 10000, age: 35 };
    expect(payslipInputSchema.parse(ok).period).toBe('monthly');
    expect(issueFor(payslipInputSchema, { ...ok, retirementContributions: 20000 }, 'retirementContributions')).toBe(
      'retirementContributions cannot be more than the gross pay for the period',
    );
    expect(issueFor(payslipInputSchema, { ...ok, taxYear: 2020 }, 'taxYear')).toMatch(/not supported/);
    expect(issueFor(payslipInputSchema, { ...ok, period: 'sometimes' }, 'period')).toMatch(/period must be one of/);
  });
  it('calculators', () => {
    expect(issueFor(leaveInputSchema, { daysPerWeek: 8 }, 'daysPerWeek')).toBe('daysPerWeek must be at most 7 days');
    expect(issueFor(leaveInputSchema, { daysWorked: 'abc' }, 'daysWorked')).toBe('daysWorked must be a number of days (got "abc")');
    expect(issueFor(overtimeInputSchema, { hourlyWage: 50, publicHolidayHours: 8 }, 'ordinaryDailyWage')).toBe(
      'ordinaryDailyWage is required when publicHolidayHours is given',
    );
    expect(issueFor(overtimeInputSchema, { hourlyWage: -50 }, 'hourlyWage')).toBe('hourlyWage must not be negative');
    expect(issueFor(noticeInputSchema, { monthsEmployed: 3, workerType: 'pirate' }, 'workerType')).toMatch(/general, farm, domestic/);
    expect(issueFor(minimumWageInputSchema, {}, 'hourlyRate')).toMatch(/hourlyRate or remuneration/);
    expect(issueFor(minimumWageInputSchema, { remuneration: 4000 }, 'hours')).toBe('hours is required when remuneration is given');
  });
});

describe('engine guards (PayrollError with a field)', () => {
  const p = { taxYear: 2027, period: 'monthly' as const, remunerationCents: 100_00, age: 35 };
  const fieldOf = (f: () => unknown): string => {
    try {
      f();
    } catch (e) {
      expect(e).toBeInstanceOf(PayrollError);
      return (e as PayrollError).field;
    }
    throw new Error('did not throw');
  };
  it('rejects NaN, negatives, unknown years, bad periods', () => {
    expect(fieldOf(() => calculatePaye({ ...p, remunerationCents: NaN }))).toBe('remuneration');
    expect(fieldOf(() => calculatePaye({ ...p, remunerationCents: -1 }))).toBe('remuneration');
    expect(fieldOf(() => calculatePaye({ ...p, remunerationCents: 1.5 }))).toBe('remuneration');
    expect(fieldOf(() => calculatePaye({ ...p, age: 300 }))).toBe('age');
    expect(fieldOf(() => calculatePaye({ ...p, taxYear: 2031 }))).toBe('taxYear');
    expect(fieldOf(() => calculatePaye({ ...p, period: 'sometimes' as never }))).toBe('period');
    expect(fieldOf(() => toCents(NaN, 'bonus'))).toBe('bonus');
    expect(fieldOf(() => toCents(1.234, 'bonus'))).toBe('bonus');
    expect(fieldOf(() => toCents(12_345_678.905, 'bonus'))).toBe('bonus'); // fractional cent on a large amount
    expect(toCents(99_999_999.99)).toBe(9_999_999_999);
    expect(fieldOf(() => calculatePaye({ ...p, period: 'toString' as never }))).toBe('period');
  });
  it('a default tax year (from today) that is not supported is an error, not a fallback', () => {
    const input = payeInputSchema.parse(okPaye);
    expect(() => payeApi(input, new Date('2027-03-01'))).toThrow(/taxYear not given and today \(2027-03-01\) falls in tax year 2028/);
    expect(fieldOf(() => payeApi(input, new Date('2027-03-01')))).toBe('taxYear');
  });
});
