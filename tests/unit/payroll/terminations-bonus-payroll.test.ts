import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  PAYROLL_CALCULATORS,
  compareTaxYears,
  parseEmployeeTable,
  parsePayrollInput,
  severanceTaxEstimateCents,
  type PayrollCalculator,
} from '../../../src/payroll/index';

// Issue 23's calculations on the reference's worked examples (tests/fixtures/golden-23-30.json), and the shapes
// their rules have: monotone in pay and service, capped, switching at the age and service boundaries.
const today = new Date('2026-11-25T10:00:00+02:00');
interface Case {
  id: string;
  section: string;
  calculator?: string;
  input?: Record<string, unknown>;
  lumpSum?: { taxYear: number; severance: number; earlier: number };
  expected: Record<string, unknown>;
}
const { cases } = JSON.parse(fs.readFileSync(path.resolve('tests/fixtures/golden-23-30.json'), 'utf8')) as { cases: Case[] };
const calc = (name: string) => (PAYROLL_CALCULATORS as Record<string, PayrollCalculator>)[name];
function run(name: string, input: Record<string, unknown>) {
  const p = parsePayrollInput(calc(name).input, input);
  if (!p.ok) throw new Error(JSON.stringify(p.errors));
  return calc(name).run(p.data, today) as Record<string, unknown>;
}

describe('worked examples of the reference (§12, §23–§29)', () => {
  it.each(cases.map((c) => [`${c.id} (§${c.section})`, c] as const))('%s', (_name, c) => {
    if (c.lumpSum) {
      expect(severanceTaxEstimateCents(c.lumpSum.taxYear, c.lumpSum.severance * 100, c.lumpSum.earlier * 100) / 100).toBe(c.expected.tax);
      return;
    }
    expect(run(c.calculator!, c.input!)).toMatchObject(c.expected);
  });
});

describe('termination', () => {
  const base = { taxYear: 2027, remuneration: 20000, reason: 'retrenchment', age: 40 };
  it('pays severance only on a retrenchment, a week for each completed year', () => {
    expect(run('termination', { ...base, serviceYears: 5, reason: 'resignation' }).severance).toBe(0);
    expect(run('termination', { ...base, serviceYears: 5, reason: 'dismissal' }).severance).toBe(0);
    expect(run('termination', { ...base, serviceYears: 5, serviceMonths: 11 }).severance).toBe(
      run('termination', { ...base, serviceYears: 5 }).severance,
    );
  });
  it('counts service from the dates, the last day included', () => {
    const r = run('termination', { ...base, startDate: '2019-01-01', endDate: '2026-10-31' });
    expect(r.monthsEmployed).toBe(94);
    expect(r.completedYears).toBe(7);
  });
  it('says a directive is required and keeps the PAYE tables off severance', () => {
    const r = run('termination', { ...base, serviceYears: 3 });
    expect(r.directiveRequired).toBe(true);
    expect((r.notes as string[]).join(' ')).toContain('tax directive (IRP3(a))');
    expect((r.notes as string[]).join(' ')).toContain('the PAYE tables may not be applied');
  });
  it('works out the leave due from the cycle start and the days taken', () => {
    const r = run('termination', {
      ...base,
      reason: 'resignation',
      startDate: '2020-03-01',
      endDate: '2026-09-30',
      leaveCycleStart: '2026-03-01',
      leaveDaysTaken: 2,
    });
    expect(r.leaveDays).toBe(6.75);
  });
  it('refuses what cannot be right, naming the field', () => {
    expect(parsePayrollInput(calc('termination').input, { remuneration: 1, age: 30, reason: 'retrenchment' })).toMatchObject({
      ok: false,
      errors: [{ field: 'serviceYears' }],
    });
    expect(parsePayrollInput(calc('termination').input, { remuneration: 1, age: 30, serviceYears: 1, reason: 'holiday' })).toMatchObject({
      ok: false,
      errors: [{ field: 'reason' }],
    });
    expect(
      parsePayrollInput(calc('termination').input, {
        remuneration: 1,
        age: 30,
        reason: 'resignation',
        startDate: '2026-05-01',
        endDate: '2026-01-01',
      }),
    ).toMatchObject({ ok: false });
  });
  it('severance grows with pay and service (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1000, max: 200000 }),
        fc.integer({ min: 0, max: 40 }),
        fc.integer({ min: 1, max: 5000 }),
        (pay, years, extra) => {
          const a = run('termination', { ...base, remuneration: pay, serviceYears: years });
          const b = run('termination', { ...base, remuneration: pay + extra, serviceYears: years + 1 });
          expect(b.severance as number).toBeGreaterThan(a.severance as number);
        },
      ),
      { numRuns: 60 },
    );
  });
  it('the severance tax estimate never falls as the lump sum grows, and is 0 up to R550 000 (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 300_000_000 }), fc.integer({ min: 0, max: 100_000_000 }), (cents, extra) => {
        expect(severanceTaxEstimateCents(2027, cents + extra)).toBeGreaterThanOrEqual(severanceTaxEstimateCents(2027, cents));
        if (cents <= 55_000_000) expect(severanceTaxEstimateCents(2027, cents)).toBe(0);
      }),
    );
  });
});

describe('leave accrued', () => {
  it('family responsibility leave starts after 4 months on at least 4 days a week', () => {
    expect(run('leave-accrual', { months: 4, daysWorked: 80 }).familyResponsibilityDays).toBe(0);
    expect(run('leave-accrual', { months: 5, daysWorked: 100 }).familyResponsibilityDays).toBe(3);
    expect(run('leave-accrual', { months: 6, daysPerWeek: 3 }).familyResponsibilityDays).toBe(0);
  });
  it('values the days available at the daily rate and refuses more taken than earned', () => {
    expect(run('leave-accrual', { months: 7, remuneration: 18000 })).toMatchObject({ available: 8.75, value: 7269.23 });
    expect(() => run('leave-accrual', { months: 2, daysTaken: 5 })).toThrow(/daysTaken/);
  });
  it('never earns less for more months (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 11 }), fc.integer({ min: 1, max: 7 }), (m, d) => {
        expect(run('leave-accrual', { months: m + 1, daysPerWeek: d, monthsEmployed: 24 }).accrued as number).toBeGreaterThanOrEqual(
          run('leave-accrual', { months: m, daysPerWeek: d, monthsEmployed: 24 }).accrued as number,
        );
      }),
    );
  });
});

describe("a month's payroll", () => {
  it('adds up each person, caps UIF per person and sets ETI off against PAYE', () => {
    const r = run('payroll-run', { month: '2026-11', employees: 'Thandi, 6000, 24, 3\nAnna\t25000\t45\nBen 40 000 52' }) as {
      employees: { name: string; uifEmployee: number; eti: number }[];
      totals: Record<string, number>;
      emp201: number;
      liability: number;
      dueDate: string;
    };
    expect(r.employees.map((e) => e.name)).toEqual(['Thandi', 'Anna', 'Ben']);
    expect(r.employees.map((e) => e.uifEmployee)).toEqual([60, 177.12, 177.12]);
    expect(r.employees[0].eti).toBe(1125);
    expect(r.emp201).toBe(Math.round((r.liability - Math.min(r.totals.eti, r.totals.paye)) * 100) / 100);
    expect(r.dueDate).toBe('2026-12-07');
  });
  it('is exempt from SDL when the annual payroll is not more than R500 000', () => {
    const r = run('payroll-run', { month: '2026-11', annualPayroll: 500000, employees: [{ name: 'A', remuneration: 20000, age: 30 }] }) as {
      totals: { sdl: number };
      sdlExempt: boolean;
    };
    expect(r).toMatchObject({ sdlExempt: true, totals: { sdl: 0 } });
  });
  it('reads a pasted table, skipping a header and grouping "8 000"', () => {
    expect(parseEmployeeTable('Name, Pay, Age\nSipho 8 000 31\nZodwa;12500.50;22;4')).toEqual([
      { name: 'Sipho', remuneration: '8000', age: '31' },
      { name: 'Zodwa', remuneration: '12500.50', age: '22', etiMonth: '4' },
    ]);
  });
  it('names the person and field of a bad row', () => {
    expect(parsePayrollInput(calc('payroll-run').input, { employees: 'Sipho, 8000, 300' })).toMatchObject({
      ok: false,
      errors: [{ field: 'employees.0.age' }],
    });
  });
});

describe('allowances and fringe benefits', () => {
  const paye = (extra: Record<string, unknown>) =>
    run('paye', { taxYear: 2027, period: 'monthly', remuneration: 30000, age: 45, ...extra });
  it('a company car is 3.5% of its value (3.25% with a maintenance plan), 80% taxed', () => {
    expect(paye({ companyCarValue: 350000 }).taxableBenefits).toBe(9800);
    expect(paye({ companyCarValue: 400000, companyCarMaintenancePlan: true }).taxableBenefits).toBe(10400);
    expect(paye({ companyCarValue: 350000 }).paye).toBe(paye({ remuneration: 39800 }).paye);
  });
  it("an employer's fund contribution is taxed and counts for the deduction; a low-interest loan is the official rate's gap", () => {
    const r = paye({ employerRetirementContributions: 3000 });
    expect(r.taxableBenefits).toBe(3000);
    expect(r.retirementDeduction).toBe(36000);
    expect(paye({ loan: 50000, loanInterestRate: 2 }).taxableBenefits).toBe(239.58);
    expect(paye({ loan: 50000, loanKind: 'study' }).taxableBenefits).toBe(0);
  });
  it('taxes only the part of a per-km rate above the prescribed rate', () => {
    expect(paye({ reimbursiveRate: 4.95, businessKm: 1000 }).taxableBenefits).toBe(0);
    expect(paye({ reimbursiveRate: 5.5, businessKm: 1000 }).taxableBenefits).toBe(550);
  });
  it('values a company car per month only', () => {
    expect(() => run('paye', { taxYear: 2027, period: 'weekly', remuneration: 5000, age: 45, companyCarValue: 300000 })).toThrow(
      /monthly pay/,
    );
  });
  it('more taxable benefit never lowers the PAYE (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 20000 }), fc.integer({ min: 1, max: 5000 }), (a, d) => {
        expect(paye({ travelAllowance: a + d }).paye as number).toBeGreaterThanOrEqual(paye({ travelAllowance: a }).paye as number);
      }),
      { numRuns: 60 },
    );
  });
});

describe('two tax years side by side', () => {
  it('runs the same input in both years and gives this year minus the other', () => {
    const c = compareTaxYears(calc('paye'), { taxYear: 2027, period: 'monthly', remuneration: 30000, age: 45 }, 2026, today);
    expect(c.taxYears).toEqual([2027, 2026]);
    expect(c.difference.paye).toBe(-102.08);
    expect((c.results[1] as { paye: number }).paye).toBe(4783.08);
  });
});
