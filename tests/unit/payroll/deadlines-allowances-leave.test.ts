/**
 * Due dates (public holidays, business days, the return rules), the travel allowance in PAYE and annual leave
 * earned over months of service, against the facts sheet's own figures (§7, §12.1, §26, §29).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  PAYROLL_CALCULATORS,
  deadlineApi,
  deadlineFor,
  deadlineInputSchema,
  isBusinessDay,
  leaveApi,
  leaveInputSchema,
  nextMonthlyPeriod,
  payeApi,
  payeInputSchema,
  publicHolidays,
} from '../../../src/payroll/index.js';

const TODAY = new Date('2026-11-25T10:00:00+02:00');

describe('public holidays and business days', () => {
  it('lists the 2026 holidays, a Sunday holiday moved to the Monday and a Saturday one not replaced (§29)', () => {
    const h = publicHolidays(2026);
    expect(h.get('2026-04-03')).toBe('Good Friday');
    expect(h.get('2026-04-06')).toBe('Family Day');
    expect(h.get('2026-08-09')).toBe("National Women's Day");
    expect(h.get('2026-08-10')).toBe("National Women's Day (observed)");
    expect(h.has('2026-03-23')).toBe(false); // Human Rights Day fell on a Saturday
    expect(h.get('2026-12-26')).toBe('Day of Goodwill');
    expect(h.has('2026-12-28')).toBe(false);
    expect(publicHolidays(2027).get('2027-03-26')).toBe('Good Friday');
  });

  it('knows weekends and holidays are not business days', () => {
    expect(isBusinessDay('2026-12-07')).toBe(true);
    expect(isBusinessDay('2026-11-07')).toBe(false); // a Saturday
    expect(isBusinessDay('2026-12-16')).toBe(false); // Day of Reconciliation
  });
});

describe('due dates', () => {
  it.each([
    // §29: the EMP201 due dates that move in the 2027 tax year; every other month is due on the 7th.
    ['2026-05', '2026-06-05', 'Friday 5 June 2026'],
    ['2026-10', '2026-11-06', 'Friday 6 November 2026'],
    ['2027-01', '2027-02-05', 'Friday 5 February 2027'],
    ['2027-02', '2027-03-05', 'Friday 5 March 2027'],
    ['2026-11', '2026-12-07', 'Monday 7 December 2026'],
    ['2026-03', '2026-04-07', 'Tuesday 7 April 2026'],
  ])('EMP201 for %s is due on %s', (month, due, label) => {
    const d = deadlineFor('emp201', { month });
    expect(d).toMatchObject({ dueDate: due, dueLabel: label });
    expect(d.nominal === d.dueDate).toBe(due.endsWith('-07'));
  });

  it('gives the yearly returns for a tax year (§7, §29)', () => {
    expect(deadlineFor('emp501-interim', { taxYear: 2027 }).dueDate).toBe('2026-10-31');
    expect(deadlineFor('emp501-annual', { taxYear: 2027 }).dueDate).toBe('2027-05-31');
    expect(deadlineFor('irp5', { taxYear: 2027 }).dueDate).toBe('2027-04-29');
    expect(deadlineFor('provisional-1', { taxYear: 2027 }).dueDate).toBe('2026-08-31');
    expect(deadlineFor('provisional-2', { taxYear: 2028 }).dueDate).toBe('2028-02-29');
  });

  it('defaults to the next monthly return due, and the current tax year', () => {
    expect(nextMonthlyPeriod('emp201', '2026-11-25')).toBe('2026-11');
    expect(nextMonthlyPeriod('emp201', '2026-11-06')).toBe('2026-10');
    expect(nextMonthlyPeriod('emp201', '2026-11-07')).toBe('2026-11');
    expect(deadlineApi(deadlineInputSchema.parse({ return: 'emp201' }), TODAY).dueLabel).toBe('Monday 7 December 2026');
    expect(deadlineApi(deadlineInputSchema.parse({ return: 'emp501-annual' }), TODAY).dueDate).toBe('2027-05-31');
  });

  it('never falls on a weekend or holiday for a monthly return, and is never after the 7th', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2024, max: 2030 }), fc.integer({ min: 1, max: 12 }), (y, m) => {
        const d = deadlineFor('uif-declaration', { month: `${y}-${String(m).padStart(2, '0')}` });
        return isBusinessDay(d.dueDate) && Number(d.dueDate.slice(8)) <= 7 && Number(d.dueDate.slice(8)) >= 3;
      }),
    );
  });

  it('refuses what it cannot date, by field', () => {
    expect(deadlineInputSchema.safeParse({ return: 'vat201' }).success).toBe(false);
    expect(deadlineInputSchema.safeParse({ return: 'emp201', month: '2026-13' }).success).toBe(false);
    expect(PAYROLL_CALCULATORS.deadline.input.safeParse({ return: 'irp5', taxYear: 2027 }).success).toBe(true);
  });
});

describe('a travel allowance in PAYE (§12.1)', () => {
  const paye = (input: Record<string, unknown>) => payeApi(payeInputSchema.parse({ period: 'monthly', age: 45, ...input }), TODAY);

  it('taxes 80% of it with the pay: R30 000 and R5 000 at 45 is PAYE on R34 000', () => {
    const r = paye({ remuneration: 30000, travelAllowance: 5000 });
    expect(r.paye).toBe(5824.75);
    expect(r.travelAllowanceTaxable).toBe(4000);
    expect(r.paye).toBe(paye({ remuneration: 34000 }).paye);
    expect(r.working[0]).toBe(
      'Travel allowance R5 000.00: 80% = R4 000.00 is remuneration for PAYE; the full allowance goes on the IRP5 under code 3701',
    );
    expect(r.working[1]).toBe('Pay taxed: R30 000.00 + R4 000.00 taxable allowances and benefits = R34 000.00');
  });

  it('taxes 20% when at least 80% of the use is for business', () => {
    const r = paye({ remuneration: 30000, travelAllowance: 5000, travelMostlyBusiness: true });
    expect(r.travelAllowanceTaxable).toBe(1000);
    expect(r.paye).toBe(paye({ remuneration: 31000 }).paye);
  });

  it('never lowers PAYE as the allowance grows', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5_000_000 }), fc.integer({ min: 0, max: 1_000_000 }), (pay, travel) => {
        const a = paye({ remuneration: pay / 100, travelAllowance: travel / 100 }).paye;
        const b = paye({ remuneration: pay / 100, travelAllowance: (travel + 10_000) / 100 }).paye;
        return b >= a;
      }),
      { numRuns: 200 },
    );
  });
});

describe('annual leave earned over months of service (§26)', () => {
  const leave = (input: Record<string, unknown>) => leaveApi(leaveInputSchema.parse(input));
  it('is 15 × months / 12 on a 5-day week: 7 months → 8.75 days', () => {
    expect(leave({ daysPerWeek: 5, monthsEmployed: 7 }).annualLeaveAccrued).toBe(8.75);
    expect(leave({ daysPerWeek: 6, monthsEmployed: 7 }).annualLeaveAccrued).toBe(10.5);
    expect(leave({ daysPerWeek: 5, monthsEmployed: 7 }).working).toContain(
      'Earned over 7 months: 15 × 7 / 12 = 8.75 days (before any leave taken)',
    );
    expect(leave({ daysPerWeek: 5 }).annualLeaveAccrued).toBeNull();
  });
});

describe('leave pay at the s35 daily rate (§23, §26)', () => {
  const value = (input: Record<string, unknown>) =>
    PAYROLL_CALCULATORS['leave-pay'].run(PAYROLL_CALCULATORS['leave-pay'].input.parse(input), TODAY) as {
      daily: number;
      weekly: number;
      days: number;
      value: number;
      working: string[];
    };

  it('pays R18 000 a month at R830.77 a day: 8.75 days is R7 269.23, 152 days worked (152/17 days) R7 428.05', () => {
    expect(value({ remuneration: 18000, days: 8.75 })).toMatchObject({ weekly: 4153.85, daily: 830.77, days: 8.75, value: 7269.23 });
    expect(value({ remuneration: 18000, daysWorked: 152 })).toMatchObject({ days: 8.94, value: 7428.05 });
  });

  it('takes a weekly or a daily wage, and the days worked a week', () => {
    expect(value({ remuneration: 3600, period: 'weekly', daysPerWeek: 6, days: 7 })).toMatchObject({ daily: 600, value: 4200 });
    expect(value({ remuneration: 300, period: 'daily', days: 3 })).toMatchObject({ weekly: 1500, daily: 300, value: 900 });
  });

  it('needs the days, and grows with them', () => {
    expect(PAYROLL_CALCULATORS['leave-pay'].input.safeParse({ remuneration: 18000 }).success).toBe(false);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 30000 }),
        fc.integer({ min: 0, max: 4000 }),
        (pay, d) => value({ remuneration: pay, days: d / 100 }).value <= value({ remuneration: pay, days: (d + 1) / 100 }).value,
      ),
    );
  });
});
