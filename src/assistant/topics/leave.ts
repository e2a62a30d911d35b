// Annual, sick and family responsibility leave under the BCEA, and annual leave earned after some months.
import { Builder } from './shared';
import type { TopicModule } from './types';

export const leave: TopicModule = {
  name: 'leave',
  label: 'the leave entitlement',
  example: 'How much annual leave after 7 months on a 5-day week?',
  keywords: ['leave', 'annual leave', 'sick leave', 'sick days', 'family responsibility', 'days off', 'vacation', 'verlof'],
  uses: ['daysPerWeek', 'monthsEmployed', 'daysWorked', 'leaveKind'],
  plan(f, ctx) {
    const b = new Builder(f, ctx);
    b.set('daysPerWeek', f.daysPerWeek, {
      from: 'daysPerWeek',
      kept: (d) => `${d} days a week`,
      assume: { value: 5, words: 'a five-day working week' },
    });
    b.set('monthsEmployed', f.monthsEmployed, {
      from: 'monthsEmployed',
      kept: (m) => `${m} months' employment`,
      ...(f.leaveKind === 'family' ? { assume: { value: 12, words: 'the employee has worked for you for more than 4 months' } } : {}),
    });
    b.set('daysWorked', f.daysWorked, { from: 'daysWorked', kept: (d) => `${d} days worked` });
    return { steps: [{ name: 'leave', input: b.input }], assumed: b.assumed, kept: b.kept };
  },
  describe([call], f) {
    const r = call.result as Record<string, number | null>;
    const i = call.input;
    const days = Number(i.daysPerWeek);
    const accrued =
      r.annualLeaveAccrued !== null && f.leaveKind !== 'sick' && f.leaveKind !== 'family'
        ? `**Annual leave earned so far: ${r.annualLeaveAccrued} days** after ${i.monthsEmployed} months (${r.annualLeaveMonthlyAccrual} a month on a ${days}-day week, before any leave taken).`
        : '';
    const annual = `**Annual leave: ${r.annualLeaveDays} working days a year** (21 consecutive days on a ${days}-day week), building up at ${r.annualLeaveMonthlyAccrual} day${r.annualLeaveMonthlyAccrual === 1 ? '' : 's'} a month.`;
    const byDays =
      r.annualLeaveByDaysWorked !== null
        ? `**Annual leave by agreement: ${r.annualLeaveByDaysWorked} days** for ${i.daysWorked} days worked (1 day for every 17 days worked).`
        : '';
    const sick = `**Sick leave: ${r.sickLeaveDaysPerCycle} days per 36-month cycle** (the days normally worked in 6 weeks, on a ${days}-day week).`;
    const sickFirst =
      r.sickLeaveFirstSixMonths !== null
        ? `**Sick leave in the first six months: ${r.sickLeaveFirstSixMonths} days** for ${i.daysWorked} days worked (1 day for every 26 days worked).`
        : '';
    const family =
      r.familyResponsibilityDays === null
        ? ''
        : Number(r.familyResponsibilityDays) > 0
          ? `**Family responsibility leave: ${r.familyResponsibilityDays} days a year** (paid; for employees employed more than 4 months who work at least 4 days a week).`
          : `**Family responsibility leave: none yet** — it needs more than 4 months' employment and at least 4 working days a week.`;
    const order =
      f.leaveKind === 'sick'
        ? [sickFirst, sick, annual, family]
        : f.leaveKind === 'family'
          ? [family, annual, sick]
          : [accrued, byDays, annual, sick, family];
    return order.filter(Boolean);
  },
  articles: (_c, f) => [
    f.leaveKind === 'sick'
      ? 'sick leave entitlement'
      : f.leaveKind === 'family'
        ? 'family responsibility leave'
        : 'annual leave entitlement',
  ],
};
