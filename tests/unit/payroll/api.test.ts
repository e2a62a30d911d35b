/** API adapters: exact shapes, defaults, rands with 2 decimals, working text, and no NaN for any valid input. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  etiApi,
  etiInputSchema,
  leaveApi,
  leaveInputSchema,
  minimumWageApi,
  minimumWageInputSchema,
  noticeApi,
  noticeInputSchema,
  overtimeApi,
  overtimeInputSchema,
  payeApi,
  payeInputSchema,
  payslipApi,
  payslipInputSchema,
  sdlApi,
  sdlInputSchema,
  uifApi,
  uifInputSchema,
} from '../../../src/payroll/index.js';
import { PAYROLL_CALCULATORS } from '../../../src/payroll/calculators.js';

const TODAY = new Date('2026-11-21');

/** Every number in a JSON value is finite and has at most 2 decimals. */
function assertMoneyJson(v: unknown, where = '$'): void {
  if (typeof v === 'number') {
    expect(Number.isFinite(v), where).toBe(true);
    expect(Math.round(v * 100) / 100, where).toBe(v);
  } else if (Array.isArray(v)) v.forEach((x, i) => assertMoneyJson(x, `${where}[${i}]`));
  else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) assertMoneyJson(x, `${where}.${k}`);
}

describe('payeApi', () => {
  it('returns the documented shape', () => {
    const r = payeApi(payeInputSchema.parse({ period: 'monthly', remuneration: 20000, age: 35 }), TODAY);
    for (const k of ['taxYear', 'period', 'paye', 'annualTax', 'rebate', 'medicalCredit', 'working']) expect(r).toHaveProperty(k);
    expect(r).toMatchObject({ taxYear: 2027, period: 'monthly', paye: 2115, annualTax: 25380, rebate: 17820, medicalCredit: 0 });
    expect(r.working).toContain('R20 000.00 × 12 = R240 000.00 annual equivalent');
    // One rebate is stated once; several are added up.
    expect(r.working).toContain('Rebates (age 35 on 28 February 2027): primary R17 820.00');
    expect(payeApi(payeInputSchema.parse({ period: 'monthly', remuneration: 20000, age: 67 }), TODAY).working).toContain(
      'Rebates (age 67 on 28 February 2027): primary R17 820.00 + secondary (65+) R9 765.00 = R27 585.00',
    );
    assertMoneyJson(JSON.parse(JSON.stringify(r)));
  });

  it('defaults the tax year from today (1 March boundary)', () => {
    const input = payeInputSchema.parse({ period: 'monthly', remuneration: 30000, age: 35 });
    expect(payeApi(input, new Date('2026-02-28'))).toMatchObject({ taxYear: 2026, paye: 4783.08 });
    expect(payeApi(input, new Date('2026-03-01'))).toMatchObject({ taxYear: 2027, paye: 4681 });
  });

  it('includes the bonus PAYE in paye, and splits it out', () => {
    const r = payeApi(payeInputSchema.parse({ taxYear: 2027, period: 'monthly', remuneration: 20000, age: 35, bonus: 10000 }), TODAY);
    expect(r).toMatchObject({ paye: 4307, regularPaye: 2115, bonusPaye: 2192, annualTax: 25380 });
  });

  it('weekly and fortnightly: medicalCredit is per period', () => {
    const w = payeApi(payeInputSchema.parse({ taxYear: 2027, period: 'weekly', remuneration: 5000, age: 35, medicalMembers: 1 }), TODAY);
    expect(w).toMatchObject({ paye: 493.46, medicalCredit: 86.77, medicalCreditMonthly: 376, annualTax: 25660, annualEquivalent: 260000 });
    const f = payeApi(payeInputSchema.parse({ taxYear: 2027, period: 'fortnightly', remuneration: 10000, age: 35 }), TODAY);
    expect(f.paye).toBe(1160.46);
  });

  it('working can be switched off for the fast path', () => {
    const r = payeApi(payeInputSchema.parse({ period: 'monthly', remuneration: 20000, age: 35 }), TODAY, { working: false });
    expect(r.working).toEqual([]);
    expect(r.paye).toBe(2115);
  });
});

describe('uifApi / sdlApi / etiApi shapes', () => {
  it('uif: exactly { employee, employer, total }', () => {
    const r = uifApi(uifInputSchema.parse({ remuneration: 30000 }), TODAY);
    expect(r).toEqual({ employee: 177.12, employer: 177.12, total: 354.24 });
    expect(uifApi(uifInputSchema.parse({ remuneration: 5000, period: 'weekly' }), TODAY)).toEqual({
      employee: 40.87,
      employer: 40.87,
      total: 81.74,
    });
    expect(uifApi(uifInputSchema.parse({ remuneration: 3000, hoursPerMonth: 20 }), TODAY)).toEqual({ employee: 0, employer: 0, total: 0 });
  });

  it('uif: its working, which the answer leaves out, comes from the registry for the assistant', () => {
    expect(PAYROLL_CALCULATORS.uif.explain!(uifInputSchema.parse({ remuneration: 30000 }), TODAY)).toEqual([
      'UIF remuneration R30 000.00, capped at the R17 712.00 monthly ceiling',
      'UIF employee: 1% × R17 712.00 = R177.12',
      'UIF employer: 1% × R17 712.00 = R177.12',
    ]);
  });

  it('sdl: exactly { sdl, exempt }', () => {
    expect(sdlApi(sdlInputSchema.parse({ remuneration: 50000, annualPayroll: 600000 }), TODAY)).toEqual({ sdl: 500, exempt: false });
    expect(sdlApi(sdlInputSchema.parse({ remuneration: 40000, annualPayroll: 500000 }), TODAY)).toEqual({ sdl: 0, exempt: true });
  });

  it('eti: exactly { eti, working }, date defaults to today', () => {
    const r = etiApi(etiInputSchema.parse({ remuneration: 5000, monthOfEmployment: 3, age: 24 }), TODAY);
    expect(Object.keys(r).sort()).toEqual(['eti', 'working']);
    expect(r.eti).toBe(1500);
    expect(r.working[0]).toBe('ETI table from 1 April 2025 applies on 2026-11-21');
    expect(etiApi(etiInputSchema.parse({ remuneration: 5000, monthOfEmployment: 3, age: 24 }), new Date('2025-03-15')).eti).toBe(1125);
  });
});

describe('payslipApi', () => {
  it('gross, deductions, net pay and employer cost add up, with working on every line', () => {
    const r = payslipApi(
      payslipInputSchema.parse({
        taxYear: 2027,
        remuneration: 20000,
        commission: 5000,
        bonus: 10000,
        age: 35,
        medicalMembers: 2,
        retirementContributions: 2000,
        annualPayroll: 2_000_000,
      }),
      TODAY,
    );
    const c = (x: number) => Math.round(x * 100);
    expect(r.gross).toBe(35000);
    expect(c(r.netPay)).toBe(c(r.gross) - c(r.paye) - c(r.uifEmployee) - c(r.retirementContributions));
    expect(c(r.totalDeductions)).toBe(c(r.paye) + c(r.uifEmployee) + c(r.retirementContributions));
    expect(c(r.employerCost)).toBe(c(r.gross) + c(r.uifEmployer) + c(r.sdl));
    expect(r.sdl).toBe(350);
    expect(r.uifEmployee).toBe(177.12);
    expect(r.medicalCredit).toBe(752);
    expect(c(r.paye)).toBe(c(r.regularPaye) + c(r.bonusPaye));
    expect(r.lines.map((l) => l.code)).toEqual([
      'salary',
      'commission',
      'bonus',
      'gross',
      'paye',
      'uif_employee',
      'retirement',
      'medical_credit',
      'net',
      'uif_employer',
      'sdl',
      'employer_cost',
    ]);
    for (const l of r.lines) expect(l.working.length, l.code).toBeGreaterThan(0);
    expect(r.lines.find((l) => l.code === 'net')!.amount).toBe(r.netPay);
    assertMoneyJson(JSON.parse(JSON.stringify(r)));
  });

  it('SDL exempt employer and UIF-excluded worker', () => {
    const r = payslipApi(payslipInputSchema.parse({ remuneration: 2000, age: 35, annualPayroll: 400000, uifApplicable: false }), TODAY);
    expect(r).toMatchObject({ sdl: 0, sdlExempt: true, uifEmployee: 0, uifEmployer: 0, paye: 0, netPay: 2000, employerCost: 2000 });
  });
});

describe('calculator adapters', () => {
  it('leave', () => {
    expect(leaveApi(leaveInputSchema.parse({ daysPerWeek: 6, monthsEmployed: 12 }))).toMatchObject({
      annualLeaveDays: 18,
      annualLeaveMonthlyAccrual: 1.5,
      sickLeaveDaysPerCycle: 36,
      familyResponsibilityDays: 3,
      annualLeaveByDaysWorked: null,
      sickLeaveFirstSixMonths: null,
    });
  });
  it('overtime warns about limits and the threshold', () => {
    const r = overtimeApi(overtimeInputSchema.parse({ hourlyWage: 50, overtimeHours: 12, monthlyEarnings: 30000 }), TODAY);
    expect(r.overtimePay).toBe(900);
    expect(r.aboveThreshold).toBe(true);
    expect(r.warnings).toHaveLength(2);
    const below = overtimeApi(overtimeInputSchema.parse({ hourlyWage: 50, overtimeHours: 2, monthlyEarnings: 8000 }), TODAY);
    expect(below).toMatchObject({ aboveThreshold: false, overtimeProvisionsApply: true, warnings: [] });
  });
  it('notice and minimum wage', () => {
    expect(noticeApi(noticeInputSchema.parse({ monthsEmployed: 8, workerType: 'domestic' })).noticeWeeks).toBe(4);
    const m = minimumWageApi(minimumWageInputSchema.parse({ remuneration: 5000, hours: 160 }), TODAY);
    expect(m).toMatchObject({
      nmwHourly: 30.23,
      hourlyRatePaid: 31.25,
      belowMinimum: false,
      shortfall: 0,
      weeklyMinimum: 1360.35,
      monthlyMinimum: 5894.4,
    });
  });
});

describe('no NaN for any valid input', () => {
  it('paye and payslip produce finite 2-decimal numbers', () => {
    const amount = fc.integer({ min: 0, max: 100_000_000 }).map((c) => c / 100);
    fc.assert(
      fc.property(
        fc.constantFrom(2024, 2025, 2026, 2027),
        fc.constantFrom('monthly', 'fortnightly', 'weekly', 'annual'),
        amount,
        amount,
        amount,
        fc.integer({ min: 0, max: 130 }),
        fc.integer({ min: 0, max: 10 }),
        (taxYear, period, remuneration, bonus, contrib, age, medicalMembers) => {
          const paye = payeApi(
            payeInputSchema.parse({ taxYear, period, remuneration, bonus, retirementContributions: contrib, age, medicalMembers }),
            TODAY,
            { working: false },
          );
          assertMoneyJson(paye);
          const slip = payslipInputSchema.safeParse({
            taxYear,
            period,
            remuneration,
            bonus,
            retirementContributions: contrib,
            age,
            medicalMembers,
          });
          if (slip.success) assertMoneyJson(payslipApi(slip.data, TODAY, { working: false }));
        },
      ),
      { numRuns: 500 },
    );
  });
});
