// Overtime, Sunday and public holiday pay from an hourly wage (or a day's or week's wage) and the hours worked.
import { amountOf } from '../understand/memory';
import { Builder, rand, round2 } from './shared';
import type { TopicModule } from './types';

const EXAMPLE = 'Overtime pay for 4 hours at R40 an hour';

/** The hourly wage: said, or a day's wage over the hours of a day, or a week's over the hours of a week (said). */
function hourlyWage(b: Builder, f: Parameters<TopicModule['plan']>[0]): number | undefined {
  const hourly = amountOf(f, 'hourlyRate');
  if (hourly) {
    b.set('hourlyWage', hourly.value, { from: 'hourlyRate', kept: (v) => `${rand(Number(v))} an hour` });
    return hourly.value;
  }
  const daily = amountOf(f, 'dailyRate');
  const salary = amountOf(f, 'salary');
  const perDay = f.hoursPerDay ?? (daily ? 8 : undefined);
  if (daily && perDay) {
    const wage = round2(daily.value / perDay);
    if (f.hoursPerDay === undefined)
      b.assumed.push(`an ordinary working day of 8 hours, so ${rand(daily.value)} a day is ${rand(wage)} an hour`);
    else b.assumed.push(`${rand(daily.value)} for a ${perDay}-hour day is ${rand(wage)} an hour`);
    b.input.hourlyWage = wage;
    return wage;
  }
  if (salary?.period === 'weekly' && f.hoursPerWeek) {
    const wage = round2(salary.value / f.hoursPerWeek);
    b.assumed.push(`${rand(salary.value)} for a ${f.hoursPerWeek}-hour week is ${rand(wage)} an hour`);
    b.input.hourlyWage = wage;
    return wage;
  }
  if (salary?.period === 'monthly' && f.hoursPerWeek) {
    const wage = round2(salary.value / (f.hoursPerWeek * 4.333));
    b.assumed.push(`${rand(salary.value)} a month for ${f.hoursPerWeek} hours a week (4.333 weeks a month) is ${rand(wage)} an hour`);
    b.input.hourlyWage = wage;
    return wage;
  }
  return undefined;
}

export const overtime: TopicModule = {
  name: 'overtime',
  label: 'overtime, Sunday or public holiday pay',
  example: 'Overtime pay for 4 hours at R40 an hour',
  keywords: ['overtime', 'ot', 'time and a half', 'sunday', 'sundays', 'public holiday', 'double time', 'holiday pay', 'oortyd'],
  uses: [
    'hourlyRate',
    'dailyRate',
    'salary',
    'hours',
    'hoursPerDay',
    'hoursPerWeek',
    'sunday',
    'ordinarilyWorksSunday',
    'publicHoliday',
    'holidayIsWorkday',
  ],
  plan(f, ctx) {
    const b = new Builder(f, ctx);
    const wage = hourlyWage(b, f);
    const daily = amountOf(f, 'dailyRate');
    // A day's wage and nothing else for a public holiday: a full ordinary working day.
    const fullDay = f.publicHoliday && daily && f.hours === undefined;
    const hours = f.hours ?? (fullDay ? (f.hoursPerDay ?? 8) : undefined);
    if (wage === undefined) return { need: 'the hourly wage (and the hours worked)', example: EXAMPLE };
    if (hours === undefined) return { need: 'how many hours were worked', example: EXAMPLE };
    if (f.hours !== undefined && ctx.stated.hours === undefined) b.kept.push(`${hours} hours`);
    if (fullDay) b.assumed.push(`the employee works a full ordinary day of ${hours} hours on the public holiday`);
    if (f.publicHoliday) {
      b.input.publicHolidayHours = hours;
      b.input.publicHolidayIsNormalWorkday = f.holidayIsWorkday ?? true;
      if (f.holidayIsWorkday === undefined) b.assumed.push('the public holiday falls on a day the employee would normally work');
      if (daily) b.input.ordinaryDailyWage = daily.value;
      else {
        const day = f.hoursPerDay ?? hours;
        b.input.ordinaryDailyWage = round2(wage * day);
        b.assumed.push(`an ordinary working day of ${day} hours, so the ordinary daily wage is ${rand(round2(wage * day))}`);
      }
    } else if (f.sunday) {
      b.input.sundayHours = hours;
      b.input.ordinarilyWorksSunday = f.ordinarilyWorksSunday ?? false;
      if (f.ordinarilyWorksSunday === undefined)
        b.assumed.push('the employee does not ordinarily work on Sundays (so double pay; 1.5 times if they ordinarily do)');
      if (daily) b.input.ordinaryDailyWage = daily.value;
    } else b.input.overtimeHours = hours;
    const salary = amountOf(f, 'salary');
    if (salary?.period === 'monthly' && salary.value >= 1000) b.input.monthlyEarnings = salary.value;
    return { steps: [{ name: 'overtime', input: b.input }], assumed: b.assumed, kept: b.kept };
  },
  describe([call]) {
    const r = call.result as Record<string, number | string[]>;
    const i = call.input;
    const lines: string[] = [];
    if (i.publicHolidayHours !== undefined)
      lines.push(
        `**Public holiday pay: ${rand(Number(r.publicHolidayPay))}** for ${i.publicHolidayHours} hours worked on the public holiday (${i.publicHolidayIsNormalWorkday ? 'a day the employee would normally work: at least double the ordinary daily wage' : 'a day the employee would not normally work: the ordinary daily wage plus what was earned'}).`,
      );
    if (i.sundayHours !== undefined)
      lines.push(
        `**Sunday pay: ${rand(Number(r.sundayPay))}** for ${i.sundayHours} hours on a Sunday (${i.ordinarilyWorksSunday ? '1.5 times' : 'double'} the hourly wage of ${rand(Number(i.hourlyWage))}).`,
      );
    if (i.overtimeHours !== undefined)
      lines.push(
        `**Overtime pay: ${rand(Number(r.overtimePay))}** for ${i.overtimeHours} hours at 1.5 times ${rand(Number(i.hourlyWage))} an hour.`,
      );
    for (const w of (r.warnings as string[] | undefined) ?? []) lines.push(`Note: ${w}.`.replace(/\.\.$/, '.'));
    return lines;
  },
  articles(calls) {
    const i = calls[0]?.input ?? {};
    return [
      i.publicHolidayHours !== undefined
        ? 'public holidays working pay'
        : i.sundayHours !== undefined
          ? 'Sunday work pay'
          : 'overtime pay rates',
      ...(i.monthlyEarnings !== undefined ? ['BCEA earnings threshold'] : []),
    ];
  },
};
