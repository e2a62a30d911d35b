import { beforeAll, describe, expect, it } from 'vitest';
import { registerUser, type TestClient, useTestApp } from '../../helpers/app';
import { dbKinds } from '../../helpers/db';

// Issue 23's calculators over HTTP, with the figures the reference works by hand (tests/fixtures/golden-23-30.json),
// and a calculation of two tax years side by side (?compareWith=).
const TODAY = new Date('2026-11-25T10:00:00+02:00');
const JSON_HEADERS = { 'content-type': 'application/json' };

describe.each(dbKinds)('payroll API, terminations, bonuses and payrolls on %s', (kind) => {
  let client: TestClient;
  const post = async (path: string, body: unknown) => {
    const res = await client.post(`/api/payroll/${path}`, JSON.stringify(body), JSON_HEADERS);
    return { status: res.status, body: await res.json() };
  };
  const t = useTestApp(kind, {}, { clock: () => TODAY });
  beforeAll(async () => {
    client = (await registerUser(t)).client;
  });

  it('works out a retrenchment: notice, severance, their tax and the directive', async () => {
    const { status, body } = await post('termination', {
      remuneration: 28000,
      employerContributions: 3500,
      serviceYears: 7,
      serviceMonths: 10,
      reason: 'retrenchment',
      age: 45,
      leaveDays: 8.75,
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      taxYear: 2027,
      noticeWeeks: 4,
      weeklyPay: 7269.23,
      severance: 50884.62,
      severanceTaxEstimate: 0,
      directiveRequired: true,
    });
    expect(body.working.join('\n')).toContain('Severance (s41): at least 1 week per completed year: 7 × R7 269.23 = R50 884.62');
  });

  it('gives the tax on a bonus first, with the month beside it', async () => {
    const { status, body } = await post('bonus', { remuneration: 30000, bonus: 30000, age: 40 });
    expect(status).toBe(200);
    expect(body).toMatchObject({ taxOnBonus: 8145, monthPaye: 12826, uifEmployee: 177.12, sdl: 600 });
    expect(body.working[0]).toBe('Tax on the bonus of R30 000.00 (annual payment, IRP5 code 3605): R8 145.00, withheld in full this month');
  });

  it('takes a salary plus a car allowance in PAYE: R30 000 + R5 000 at 45 is R5 824.75', async () => {
    const { body } = await post('paye', { period: 'monthly', remuneration: 30000, travelAllowance: 5000, age: 45 });
    expect(body.paye).toBe(5824.75);
  });

  it('adds up a month for five employees with the EMP201 due date', async () => {
    const { status, body } = await post('payroll-run', {
      month: '2026-10',
      employees: [
        { name: 'Thandi', remuneration: 6000, age: 24, etiMonth: 3 },
        { name: 'Sipho', remuneration: 8000, age: 31 },
        { name: 'Anna', remuneration: 25000, age: 45 },
        { name: 'Ben', remuneration: 40000, age: 52 },
        { name: 'Cara', remuneration: 12000, age: 22, etiMonth: 14 },
      ],
    });
    expect(status).toBe(200);
    expect(body.employees).toHaveLength(5);
    expect(body).toMatchObject({
      dueDate: '2026-11-06',
      totals: { paye: 11740.75, uifEmployee: 614.24, uifEmployer: 614.24, sdl: 910, eti: 1125 },
      emp201: 12754.23,
    });
  });

  it('works out leave accrued to a date', async () => {
    const { body } = await post('leave-accrual', { cycleStart: '2026-03-01', asOf: '2026-09-30', daysWorked: 152, remuneration: 18000 });
    expect(body).toMatchObject({ monthsInCycle: 7, accruedByMonths: 8.75, accruedByDaysWorked: 8.94 });
  });

  it('compares two tax years side by side', async () => {
    const res = await client.post(
      '/api/payroll/paye?compareWith=2026',
      JSON.stringify({ taxYear: 2027, period: 'monthly', remuneration: 30000, age: 45 }),
      JSON_HEADERS,
    );
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ taxYears: [2027, 2026], difference: { paye: -102.08 } });
  });

  it('answers 400 naming the field for bad input', async () => {
    expect(await post('termination', { remuneration: 20000, age: 40, serviceYears: 2, reason: 'holiday' })).toMatchObject({
      status: 400,
      body: { field: 'reason' },
    });
    expect(await post('payroll-run', { employees: [] })).toMatchObject({ status: 400, body: { field: 'employees' } });
    const notYearly = await client.post('/api/payroll/leave-accrual?compareWith=2026', JSON.stringify({ months: 3 }), JSON_HEADERS);
    expect(notYearly.status).toBe(400);
    const badYear = await client.post(
      '/api/payroll/paye?compareWith=1999',
      JSON.stringify({ period: 'monthly', remuneration: 1, age: 30 }),
      JSON_HEADERS,
    );
    expect(badYear.status).toBe(400);
    expect((await badYear.json()).message).toContain('compareWith 1999 is not supported');
  });
});
