import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { MessageItem } from '../../../islands/chat-message';
import { FIGURE_KINDS, figureLabel, formatFigure, type FigureKind } from '../../../islands/figures';
import { PAYROLL_CALCULATORS } from '../../../src/payroll/calculators';

// The chat's calculation card formats each field by its kind. The kinds are checked against the registry itself:
// each input schema names its unit in its own error message ("a number of rands", "a whole number of days"…).

type Schema = {
  shape?: Record<string, unknown>;
  safeParse(v: unknown): { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } };
};
const calculators = Object.entries(PAYROLL_CALCULATORS) as [string, { input: Schema; run(input: unknown, today: Date): unknown }][];

function kindFromMessage(message: string): FigureKind {
  const rules: [RegExp, FigureKind][] = [
    [/number of rands/, 'rands'],
    [/of days\b/, 'days'],
    [/of hours\b/, 'hours'],
    [/of months\b/, 'months'],
    [/of years\b/, 'years'],
    [/of km\b/, 'km'],
    [/of percent\b/, 'percent'],
    [/a tax year/, 'taxYear'],
    [/yyyy-mm-dd/, 'date'],
    [/yyyy-mm\b/, 'month'],
    [/of people\b|must be a (whole )?number\b/, 'count'],
  ];
  return rules.find(([re]) => re.test(message))?.[1] ?? 'text';
}

// Inputs that compute: one per calculator, so every result field is seen.
const SAMPLES: Record<string, Record<string, unknown>> = {
  paye: {
    period: 'monthly',
    remuneration: 20000,
    age: 35,
    medicalMembers: 2,
    bonus: 5000,
    travelAllowance: 3000,
    loan: 10000,
    loanInterestRate: 2,
  },
  'tax-threshold': { age: 70 },
  uif: { remuneration: 20000 },
  sdl: { remuneration: 20000, annualPayroll: 1000000 },
  eti: { remuneration: 6000, monthOfEmployment: 3, age: 24, date: '2026-05-01' },
  payslip: { remuneration: 20000, age: 35 },
  leave: { daysPerWeek: 5, monthsEmployed: 5, daysWorked: 100 },
  'leave-pay': { remuneration: 20000, days: 5 },
  overtime: {
    hourlyWage: 45,
    overtimeHours: 5,
    sundayHours: 3,
    publicHolidayHours: 2,
    ordinaryDailyWage: 360,
    monthlyEarnings: 8000,
    date: '2026-05-01',
  },
  notice: { monthsEmployed: 14 },
  deadline: { return: 'emp201', month: '2026-05' },
  bonus: { remuneration: 20000, bonus: 20000, age: 35 },
  termination: { remuneration: 20000, reason: 'retrenchment', serviceYears: 3, age: 40, leaveDays: 5 },
  'leave-accrual': { months: 5, daysWorked: 100, daysTaken: 2, remuneration: 20000 },
  'payroll-run': { employees: 'A, 6000, 24, 3\nB, 25000, 45', month: '2026-05' },
  'minimum-wage': { hourlyRate: 30, date: '2026-05-01' },
};

describe("the chat's calculation card", () => {
  it.each(calculators)('every input field of %s has the kind its schema declares', (name, calc) => {
    const shape = calc.input.shape;
    expect(shape, `${name}: an object schema`).toBeDefined();
    for (const field of Object.keys(shape!)) {
      const issues = calc.input.safeParse({ [field]: 'not a value' }).error?.issues.filter((i) => i.path[0] === field) ?? [];
      const declared = issues.length ? kindFromMessage(issues[0].message) : 'text';
      expect(FIGURE_KINDS[field], `${name}.${field}: "${issues[0]?.message}"`).toBe(declared);
    }
  });

  it.each(calculators)('every figure %s answers with has a kind', (name, calc) => {
    const parsed = calc.input.safeParse(SAMPLES[name]) as { success: boolean; data?: unknown };
    expect(parsed.success, name).toBe(true);
    const result = calc.run(parsed.data, new Date('2026-11-21T10:00:00Z')) as Record<string, unknown>;
    for (const [field, v] of Object.entries(result)) {
      if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'string')
        expect(FIGURE_KINDS[field], `${name} → ${field}`).toBeDefined();
    }
  });

  it('a wage is in rand, a month of employment a count, days, hours, rates, dates and tax years in their own terms', () => {
    expect([figureLabel('hourlyWage'), formatFigure('hourlyWage', 45)]).toEqual(['Hourly wage', 'R45.00']);
    expect(formatFigure('hourlyWage', '62.5')).toBe('R62.50');
    expect([figureLabel('monthOfEmployment'), formatFigure('monthOfEmployment', 1)]).toEqual(['Month of employment', '1']);
    expect(formatFigure('available', 4.25)).toBe('4.25 days');
    expect(formatFigure('sickLeave', 30)).toBe('30 days');
    expect(formatFigure('daysPerWeek', 1)).toBe('1 day');
    expect(formatFigure('hoursWorked', 160)).toBe('160 hours');
    expect(formatFigure('noticeWeeks', 4)).toBe('4 weeks');
    expect(formatFigure('monthsEmployed', 14)).toBe('14 months');
    expect(formatFigure('age', 24)).toBe('24 years');
    expect(formatFigure('businessKm', 1200)).toBe('1 200 km');
    expect(formatFigure('loanInterestRate', 7.75)).toBe('7.75%');
    expect(formatFigure('taxYear', 2027)).toBe('2026/27');
    expect(formatFigure('date', '2025-04-01')).toBe('1 April 2025');
    expect(formatFigure('month', '2026-05')).toBe('May 2026');
    expect(formatFigure('thresholdAnnual', 261748.45)).toBe('R261 748.45');
    expect(formatFigure('aboveThreshold', false)).toBe('no');
    expect(formatFigure('period', 'monthly')).toBe('monthly');
    // A field nobody gave a kind is shown as it is, never as rand.
    expect(formatFigure('somethingNew', 3)).toBe('3');
    expect(figureLabel('uifEmployee')).toBe('UIF employee');
    expect(figureLabel('from65to74')).toBe('From 65 to 74');
    expect(figureLabel('emp201')).toBe('EMP201');
  });

  it('the ETI and overtime cards read "Month of employment 1" and "Hourly wage R45.00"', () => {
    const answer = (name: string, input: Record<string, unknown>, result: Record<string, unknown>) =>
      renderToString(
        createElement(MessageItem, {
          m: {
            id: 'a1',
            userId: 1,
            role: 'assistant',
            content: 'Done.',
            timestamp: '2026-11-21T10:00:00Z',
            conversationId: 'c1',
            sources: [],
            status: 'complete',
            articleId: null,
            feedback: null,
            toolCalls: [{ id: 't1', name, input, result, working: [] }],
          },
          busy: false,
          onRetry: () => {},
          onChange: () => {},
        }),
      )
        .replace(/<!-- -->/g, '')
        .replace(/<\/(dt|dd)>/g, ' ')
        .replace(/<[^>]+>/g, '');
    const eti = answer('eti', { remuneration: 6000, monthOfEmployment: 1, age: 24, hoursWorked: 160 }, { eti: 1125 });
    expect(eti).toContain('Month of employment 1 ');
    expect(eti).toContain('Remuneration R6 000.00 ');
    expect(eti).toContain('Hours worked 160 hours ');
    expect(eti).not.toContain('R1.00');
    const overtime = answer(
      'overtime',
      { hourlyWage: 45, overtimeHours: 5 },
      { overtimePay: 337.5, total: 337.5, thresholdAnnual: 261748.45, aboveThreshold: false },
    );
    expect(overtime).toContain('Hourly wage R45.00 ');
    expect(overtime).toContain('Overtime hours 5 hours ');
    expect(overtime).toContain('Threshold annual R261 748.45 ');
  });
});
