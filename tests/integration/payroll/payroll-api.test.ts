import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { registerUser, type TestClient, useTestApp } from '../../helpers/app';
import { dbKinds } from '../../helpers/db';

// The payroll calculators over HTTP (issue 3, item 4) on both databases' app instances.
const TODAY = new Date('2026-11-21T10:00:00+02:00');
const ENDPOINTS = ['paye', 'uif', 'sdl', 'eti', 'payslip', 'leave', 'overtime', 'notice', 'minimum-wage'] as const;
const JSON_HEADERS = { 'content-type': 'application/json' };
const NULLABLE = [
  'annualLeaveByDaysWorked',
  'annualLeaveAccrued',
  'sickLeaveFirstSixMonths',
  'familyResponsibilityDays',
  'aboveThreshold',
  'shortfall',
];

/** Every number is finite and carries at most 2 decimals (rands and cents). */
function expectMoneyJson(v: unknown, where = '$'): void {
  if (typeof v === 'number') {
    expect(Number.isFinite(v), where).toBe(true);
    expect(Math.round(v * 100) / 100, where).toBe(v);
  } else if (Array.isArray(v)) v.forEach((x, i) => expectMoneyJson(x, `${where}[${i}]`));
  else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) expectMoneyJson(x, `${where}.${k}`);
}

describe.each(dbKinds)('payroll API on %s', (kind) => {
  let now = TODAY;
  let client: TestClient;
  const post = async (path: string, body: unknown, headers: Record<string, string> = JSON_HEADERS, as = client) => {
    const res = await as.post(`/api/payroll/${path}`, typeof body === 'string' ? body : JSON.stringify(body), headers);
    return { status: res.status, body: await res.json() };
  };

  const t = useTestApp(kind, {}, { clock: () => now });
  beforeAll(async () => {
    client = (await registerUser(t)).client;
  });

  it.each(ENDPOINTS)('POST /api/payroll/%s answers 401 without a session', async (path) => {
    const res = await post(path, { period: 'monthly', remuneration: 20000, age: 35 }, JSON_HEADERS, t.client());
    expect(res).toEqual({ status: 401, body: { message: 'Not authenticated' } });
  });

  describe('shapes and golden figures', () => {
    it('PAYE: R20 000 monthly, age 35, tax year defaulting to 2027 from today', async () => {
      const { status, body } = await post('paye', { period: 'monthly', remuneration: 20000, age: 35 });
      expect(status).toBe(200);
      expect(Object.keys(body).sort()).toEqual(
        [
          'taxYear',
          'period',
          'paye',
          'annualTax',
          'rebate',
          'medicalCredit',
          'working',
          'regularPaye',
          'bonusPaye',
          'annualEquivalent',
          'retirementDeduction',
          'taxableIncome',
          'taxBeforeRebates',
          'taxAfterRebates',
          'medicalCreditMonthly',
          'medicalCreditAnnual',
          'travelAllowanceTaxable',
          'benefits',
          'taxableBenefits',
        ].sort(),
      );
      expect(body).toMatchObject({ taxYear: 2027, period: 'monthly', paye: 2115, annualTax: 25380, rebate: 17820, medicalCredit: 0 });
      expect(body.working).toEqual(
        expect.arrayContaining(['R20 000.00 × 12 = R240 000.00 annual equivalent', 'Monthly PAYE: R25 380.00 / 12 = R2 115.00']),
      );
      expect(body.working.every((l: unknown) => typeof l === 'string' && l.length > 0)).toBe(true);
      expectMoneyJson(body);
    });

    it('PAYE: numeric strings (HTML forms), an explicit year, medical members, a bonus', async () => {
      const asStrings = await post('paye', { taxYear: '2027', period: 'monthly', remuneration: '20000.00', age: '35' });
      expect(asStrings.body).toMatchObject({ taxYear: 2027, paye: 2115, annualTax: 25380 });
      const older = await post('paye', { taxYear: 2026, period: 'monthly', remuneration: 30000, age: 35 });
      expect(older.body).toMatchObject({ taxYear: 2026, paye: 4783.08 });
      const bonus = await post('paye', { taxYear: 2027, period: 'monthly', remuneration: 20000, age: 35, bonus: 10000 });
      expect(bonus.body).toMatchObject({ paye: 4307, regularPaye: 2115, bonusPaye: 2192, annualTax: 25380 });
      const weekly = await post('paye', { taxYear: 2027, period: 'weekly', remuneration: 5000, age: 35, medicalMembers: 1 });
      expect(weekly.body).toMatchObject({ paye: 493.46, medicalCredit: 86.77, medicalCreditMonthly: 376 });
    });

    it('UIF on R30 000: capped at the ceiling, exactly { employee, employer, total }', async () => {
      const { status, body } = await post('uif', { remuneration: 30000 });
      expect(status).toBe(200);
      expect(body).toEqual({ employee: 177.12, employer: 177.12, total: 354.24 });
      expect((await post('uif', { remuneration: 10000, period: 'monthly' })).body).toEqual({ employee: 100, employer: 100, total: 200 });
    });

    it('SDL: exempt under R500 000 annual payroll, 1% above; exactly { sdl, exempt }', async () => {
      expect(await post('sdl', { remuneration: 30000, annualPayroll: 400000 })).toEqual({ status: 200, body: { sdl: 0, exempt: true } });
      expect(await post('sdl', { remuneration: 50000, annualPayroll: 600000 })).toEqual({ status: 200, body: { sdl: 500, exempt: false } });
    });

    it('ETI: R5 000, month 3, age 24 → R1 500; exactly { eti, working }', async () => {
      const { status, body } = await post('eti', { remuneration: 5000, monthOfEmployment: 3, age: 24 });
      expect(status).toBe(200);
      expect(Object.keys(body).sort()).toEqual(['eti', 'working']);
      expect(body.eti).toBe(1500);
      expect(body.working).toContain('ETI for the month: R1 500.00');
      expect((await post('eti', { remuneration: 5000, monthOfEmployment: 3, age: 30 })).body.eti).toBe(0);
    });

    it('payslip: gross, deductions, net pay and employer cost with working lines', async () => {
      const { status, body } = await post('payslip', { remuneration: 20000, age: 35 });
      expect(status).toBe(200);
      expect(body).toMatchObject({
        taxYear: 2027,
        period: 'monthly',
        gross: 20000,
        paye: 2115,
        uifEmployee: 177.12,
        uifEmployer: 177.12,
        sdl: 200,
        netPay: 17707.88,
        employerCost: 20377.12,
        totalDeductions: 2292.12,
      });
      for (const k of [
        'taxYear',
        'period',
        'gross',
        'paye',
        'uifEmployee',
        'uifEmployer',
        'sdl',
        'netPay',
        'employerCost',
        'lines',
        'working',
      ])
        expect(body).toHaveProperty(k);
      expect(body.lines.length).toBeGreaterThan(3);
      for (const line of body.lines) expect(Object.keys(line).sort()).toEqual(['amount', 'code', 'label', 'type', 'working']);
      expect(body.lines.find((l: { code: string }) => l.code === 'net')).toMatchObject({ type: 'total', amount: 17707.88 });
      expectMoneyJson(body);
    });

    it('leave, overtime, notice and minimum wage', async () => {
      const leave = await post('leave', { daysPerWeek: 5, monthsEmployed: 8, daysWorked: 120 });
      expect(leave.body).toMatchObject({
        annualLeaveDays: 15,
        annualLeaveMonthlyAccrual: 1.25,
        annualLeaveByDaysWorked: 7,
        sickLeaveDaysPerCycle: 30,
        familyResponsibilityDays: 3,
      });
      const ot = await post('overtime', { hourlyWage: 50, overtimeHours: 5, sundayHours: 8, monthlyEarnings: 9000 });
      expect(ot.body).toMatchObject({
        overtimePay: 375,
        sundayPay: 800,
        publicHolidayPay: 0,
        total: 1175,
        aboveThreshold: false,
        overtimeProvisionsApply: true,
      });
      const notice = await post('notice', { monthsEmployed: 14 });
      expect(notice.body).toMatchObject({ noticeWeeks: 4 });
      const nmw = await post('minimum-wage', { hourlyRate: 25 });
      expect(nmw.body).toMatchObject({ nmwHourly: 30.23, belowMinimum: true, shortfallPerHour: 5.23 });
    });

    it('the default tax year follows today; a today outside the supported years is a 400 naming taxYear', async () => {
      now = new Date('2026-02-28T12:00:00+02:00');
      try {
        expect((await post('paye', { period: 'monthly', remuneration: 30000, age: 35 })).body).toMatchObject({
          taxYear: 2026,
          paye: 4783.08,
        });
      } finally {
        now = TODAY;
      }
      now = new Date('2031-06-01T12:00:00+02:00');
      try {
        const later = (await registerUser(t)).client; // sessions follow the clock
        const res = await post('paye', { period: 'monthly', remuneration: 20000, age: 35 }, JSON_HEADERS, later);
        expect(res.status).toBe(400);
        expect(res.body.field).toBe('taxYear');
        expect(res.body.message).toMatch(/^taxYear not given and today \(2031-06-01\) falls in tax year 2032, which is not supported/);
        expect(
          (await post('paye', { taxYear: 2027, period: 'monthly', remuneration: 20000, age: 35 }, JSON_HEADERS, later)).body.paye,
        ).toBe(2115);
      } finally {
        now = TODAY;
      }
    });
  });

  describe('bad input: 400 { message, field }', () => {
    it.each([
      ['paye', { period: 'monthly', remuneration: -1, age: 35 }, 'remuneration', 'remuneration must not be negative'],
      ['paye', { period: 'monthly', remuneration: 20000, age: 300 }, 'age', 'age must be at most 130 years'],
      [
        'paye',
        { taxYear: 1999, period: 'monthly', remuneration: 20000, age: 35 },
        'taxYear',
        'taxYear 1999 is not supported; supported tax years: 2024, 2025, 2026, 2027',
      ],
      [
        'paye',
        { period: 'sometimes', remuneration: 20000, age: 35 },
        'period',
        'period must be one of monthly, fortnightly, weekly, annual (got "sometimes")',
      ],
      ['paye', { period: 'monthly', remuneration: 'lots', age: 35 }, 'remuneration', 'remuneration must be a number of rands (got "lots")'],
      ['paye', { period: 'monthly', remuneration: 1e12, age: 35 }, 'remuneration', 'remuneration must be at most R100 000 000'],
      [
        'paye',
        { period: 'monthly', remuneration: 20000.123, age: 35 },
        'remuneration',
        'remuneration must have at most 2 decimal places (cents)',
      ],
      ['paye', { period: 'monthly', remuneration: 20000 }, 'age', 'age is required'],
      ['paye', { period: 'monthly', remuneration: 20000, age: 35.5 }, 'age', 'age must be a whole number of years'],
      [
        'paye',
        { period: 'monthly', remuneration: 20000, age: 35, medicalMembers: -2 },
        'medicalMembers',
        'medicalMembers must not be negative',
      ],
      [
        'paye',
        { period: 'monthly', remuneration: 20000, age: '35; drop table users' },
        'age',
        'age must be a whole number of years (got "35; drop table users")',
      ],
      ['uif', { remuneration: -5 }, 'remuneration', 'remuneration must not be negative'],
      [
        'uif',
        { remuneration: 5000, period: 'daily' },
        'period',
        'period must be one of monthly, fortnightly, weekly, annual (got "daily")',
      ],
      ['sdl', { remuneration: 5000 }, 'annualPayroll', 'annualPayroll is required'],
      ['eti', { remuneration: 5000, monthOfEmployment: 25, age: 24 }, 'monthOfEmployment', 'monthOfEmployment must be at most 24'],
      [
        'eti',
        { remuneration: 5000, monthOfEmployment: 3, age: 24, date: '2026-02-30' },
        'date',
        'date must be a calendar date in the form yyyy-mm-dd (got "2026-02-30")',
      ],
      [
        'payslip',
        { remuneration: 1000, age: 35, retirementContributions: 2000 },
        'retirementContributions',
        'retirementContributions cannot be more than the gross pay for the period',
      ],
      ['leave', { daysPerWeek: 8 }, 'daysPerWeek', 'daysPerWeek must be at most 7 days'],
      [
        'overtime',
        { hourlyWage: 50, publicHolidayHours: 8 },
        'ordinaryDailyWage',
        'ordinaryDailyWage is required when publicHolidayHours is given',
      ],
      ['notice', {}, 'monthsEmployed', 'monthsEmployed is required'],
      ['minimum-wage', {}, 'hourlyRate', 'hourlyRate or remuneration (with hours) is required'],
    ])('%s %j → %s', async (path, body, field, message) => {
      const res = await post(path, body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ message, field });
      expect(res.body.errors[0]).toEqual({ field, message });
    });

    it('lists every problem, the first one as message/field', async () => {
      const res = await post('paye', { period: 'sometimes', remuneration: -1, age: 300 });
      expect(res.status).toBe(400);
      expect(res.body.errors.map((e: { field: string }) => e.field)).toEqual(['period', 'remuneration', 'age']);
      expect(res.body.field).toBe('period');
    });

    it.each([
      ['malformed JSON', '{"period": "monthly", "remuneration": ', 'Malformed JSON in request body'],
      ['an empty body', '', 'Malformed JSON in request body'],
      ['a JSON array', '[1, 2]', 'The request body must be a JSON object'],
      ['a JSON string', '"20000"', 'The request body must be a JSON object'],
      ['JSON null', 'null', 'The request body must be a JSON object'],
    ])('%s → 400 naming the body', async (_what, raw, message) => {
      const res = await post('paye', raw);
      expect(res).toEqual({ status: 400, body: { message, field: 'body' } });
    });

    it('a number too large for a double (1e400 = Infinity) is refused, not computed', async () => {
      const res = await post('paye', '{"period":"monthly","remuneration":1e400,"age":35}');
      expect(res.status).toBe(400);
      expect(res.body.field).toBe('remuneration');
    });

    it('a JSON body sent without a JSON Content-Type is still read as JSON', async () => {
      const res = await post('uif', JSON.stringify({ remuneration: 30000 }), { 'content-type': 'text/plain' });
      expect(res).toEqual({ status: 200, body: { employee: 177.12, employer: 177.12, total: 354.24 } });
    });

    it('random bodies never cause a 500 or a NaN', async () => {
      const value = fc.oneof(
        fc.integer({ min: -1e6, max: 1e9 }),
        fc.double({ noNaN: false }),
        fc.constantFrom('', ' ', 'abc', '1e3', '-0', '12.345', '0x10', 'Infinity', 'monthly', 'weekly', '2026-03-01', 'true', '__proto__'),
        fc.string({ maxLength: 8 }),
        fc.boolean(),
        fc.constant(null),
        fc.array(fc.integer(), { maxLength: 2 }),
      );
      const fields = [
        'taxYear',
        'period',
        'remuneration',
        'age',
        'medicalMembers',
        'retirementContributions',
        'bonus',
        'annualPayroll',
        'monthOfEmployment',
        'hoursWorked',
        'date',
        'commission',
        'daysPerWeek',
        'monthsEmployed',
        'daysWorked',
        'hourlyWage',
        'overtimeHours',
        'sundayHours',
        'publicHolidayHours',
        'ordinaryDailyWage',
        'monthlyEarnings',
        'workerType',
        'hourlyRate',
        'hours',
        'category',
        'uifApplicable',
      ];
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...ENDPOINTS),
          fc.dictionary(fc.constantFrom(...fields), value, { maxKeys: 8 }),
          async (path, body) => {
            const res = await client.post(`/api/payroll/${path}`, JSON.stringify(body), JSON_HEADERS);
            const text = await res.text();
            expect([200, 400]).toContain(res.status);
            const json = JSON.parse(text);
            if (res.status === 400) {
              expect(typeof json.field).toBe('string');
              expect(json.message).not.toMatch(/\bNaN\b/);
            } else {
              // JSON turns NaN and Infinity into null: only the documented "not given" fields may be null.
              for (const [k, v] of Object.entries(json)) {
                if (v === null) expect(NULLABLE).toContain(k);
                if (typeof v === 'number') expect(Number.isFinite(v)).toBe(true);
              }
            }
          },
        ),
        { numRuns: 300, seed: 3 },
      );
      // Plausible inputs succeed and stay in rands with 2 decimals.
      await fc.assert(
        fc.asyncProperty(
          fc.integer({ min: 0, max: 100_000_000 }),
          fc.integer({ min: 0, max: 130 }),
          fc.constantFrom('monthly', 'fortnightly', 'weekly', 'annual'),
          async (cents, age, period) => {
            const res = await post('payslip', { period, remuneration: cents / 100, age, medicalMembers: age % 4 });
            expect(res.status).toBe(200);
            expectMoneyJson(res.body);
          },
        ),
        { numRuns: 100, seed: 5 },
      );
    });
  });
});
