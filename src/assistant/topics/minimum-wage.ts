// The national minimum wage: the rate on a date (and what it is a week and a month), or whether a rate or a pay
// for some hours meets it.
import { isoDateFromDate, nmwForDate, formatRand } from '../../payroll';
import { amountOf } from '../understand/memory';
import { Builder, longDate, rand, round2 } from './shared';
import type { TopicModule } from './types';

/** The date the question is about: a tax year's March, a calendar year's middle, else today. */
function dateOf(f: Parameters<TopicModule['plan']>[0], today: Date, calendarYear?: number): string {
  if (calendarYear !== undefined && calendarYear !== new Date(today.getTime() + 2 * 3600_000).getUTCFullYear())
    return `${calendarYear}-06-01`;
  if (f.taxYear !== undefined) return `${f.taxYear - 1}-06-01`;
  return isoDateFromDate(today);
}

export const minimumWage: TopicModule = {
  name: 'minimum-wage',
  label: 'the minimum wage check',
  example: 'Is R28 an hour below the minimum wage?',
  keywords: ['minimum wage', 'minimum', 'nmw', 'legal', 'enough', 'underpaying', 'below minimum'],
  uses: [
    'hourlyRate',
    'salary',
    'dailyRate',
    'hours',
    'hoursPerWeek',
    'hoursPerMonth',
    'hoursPerDay',
    'daysPerWeek',
    'epwp',
    'taxYear',
    'workerType',
  ],
  plan(f, ctx) {
    const b = new Builder(f, ctx);
    const date = dateOf(f, ctx.today, ctx.extras.calendarYear);
    if (date !== isoDateFromDate(ctx.today)) b.input.date = date;
    if (f.epwp) b.input.category = 'epwp';
    const hourly = amountOf(f, 'hourlyRate');
    const daily = amountOf(f, 'dailyRate');
    const salary = amountOf(f, 'salary');
    if (hourly) b.set('hourlyRate', hourly.value, { from: 'hourlyRate', kept: (v) => `${rand(Number(v))} an hour` });
    else if (daily && (f.hoursPerDay ?? f.hours) !== undefined) {
      b.input.remuneration = daily.value;
      b.input.hours = f.hoursPerDay ?? f.hours;
    } else if (salary) {
      b.input.remuneration = salary.value;
      let hours = f.hours ?? (salary.period === 'weekly' ? f.hoursPerWeek : salary.period === 'monthly' ? f.hoursPerMonth : undefined);
      const perWeek =
        f.hoursPerWeek ?? (f.hoursPerDay !== undefined && f.daysPerWeek !== undefined ? f.hoursPerDay * f.daysPerWeek : undefined);
      if (hours === undefined && perWeek !== undefined && (salary.period === 'monthly' || salary.period === undefined)) {
        hours = round2(perWeek * 4.333);
        b.assumed.push(`a month of 4.333 weeks of ${perWeek} hours (${hours} hours)`);
      } else if (hours === undefined && perWeek !== undefined && salary.period === 'weekly') hours = perWeek;
      if (hours === undefined)
        return { need: 'how many hours that pay is for', example: 'Is R4 000 for 160 hours a month below the minimum wage?' };
      b.input.hours = hours;
    } else {
      // No rate to check: the rate itself, as the check of the minimum against itself.
      const nmw = nmwForDate(date);
      b.input.hourlyRate = (f.epwp ? nmw.epwpHourlyCents : nmw.generalHourlyCents) / 100;
      return { steps: [{ name: 'minimum-wage', input: b.input, label: 'rate' }], assumed: b.assumed, kept: b.kept };
    }
    return { steps: [{ name: 'minimum-wage', input: b.input }], assumed: b.assumed, kept: b.kept };
  },
  describe([call], f) {
    const r = call.result as Record<string, number | string | boolean | null>;
    if (call.label === 'rate') {
      const nmw = nmwForDate(String(call.input.date ?? r.effectiveFrom));
      const lines = [
        `**National minimum wage${f.epwp ? ' (EPWP)' : ''}: ${rand(Number(r.nmwHourly))} an hour** from ${longDate(String(r.effectiveFrom))}${f.epwp ? '' : ` (the Expanded Public Works Programme rate is ${formatRand(nmw.epwpHourlyCents)})`}.`,
        `At 45 ordinary hours a week that is at least ${rand(Number(r.weeklyMinimum))} a week, or ${rand(Number(r.monthlyMinimum))} a month (4.333 weeks a month).`,
      ];
      if (f.workerType) lines.push(`It applies in full to ${f.workerType} workers: there is no lower rate for them.`);
      lines.push('', 'Only the wage for ordinary hours counts towards it: allowances, payments in kind, tips and bonuses do not.');
      return lines;
    }
    const paid = rand(Number(r.hourlyRatePaid));
    const nmw = `${rand(Number(r.nmwHourly))} an hour`;
    const lines = r.belowMinimum
      ? [
          `**No — ${paid} an hour is below the national minimum wage of ${nmw}**, short by ${rand(Number(r.shortfallPerHour))} an hour${r.shortfall !== null ? ` (${rand(Number(r.shortfall))} for the hours given)` : ''}.`,
        ]
      : [`**Yes — ${paid} an hour meets the national minimum wage of ${nmw}.**`];
    lines.push(
      `The minimum has applied since ${longDate(String(r.effectiveFrom))}. At the minimum, a 45-hour week pays ${rand(Number(r.weeklyMinimum))} and a month (4.333 weeks) ${rand(Number(r.monthlyMinimum))}.`,
    );
    if (f.workerType) lines.push(`It applies in full to ${f.workerType} workers.`);
    return lines;
  },
  articles: () => ['national minimum wage'],
};
