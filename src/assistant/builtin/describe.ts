// A calculator's result in words: the figure first, in bold, then what it is made of. Every amount stated
// here is a field of the result or an input (or a figure read from the tax tables), never worked out here.
import { formatRand } from '../../payroll/money';
import { getTaxYear, isSupportedTaxYear } from '../../payroll/years/index';
import type { ToolCallDTO } from '../../schemas/chat';
import type { ParsedQuestion, Period } from '../parse';
import { rand } from './inputs';

type Result = Record<string, unknown>;
const num = (r: Result, k: string) => Number(r[k]);
const R = (r: Result, k: string) => rand(num(r, k));

export const PER_PERIOD: Record<Period, string> = { monthly: 'per month', fortnightly: 'per fortnight', weekly: 'per week', annual: 'per year' };
const per = (p: unknown) => PER_PERIOD[(p as Period) ?? 'monthly'] ?? 'per month';
export const yearLabel = (y: unknown) => (isSupportedTaxYear(Number(y)) ? getTaxYear(Number(y)).label : String(y));

/** The lines of an answer for one or two calls of the same calculator (the second in another period). */
export function describe(calls: ToolCallDTO[], p: ParsedQuestion, ctx: { taxYear: number; sdlPeriod?: Period }): string[] {
  const [call] = calls;
  const r = call.result as Result;
  switch (call.name) {
    case 'paye':
      return paye(calls);
    case 'payslip':
      return payslip(r, call.input, p.wants ?? 'net');
    case 'uif':
      return uif(calls, ctx.taxYear);
    case 'sdl':
      return sdl(r, call.input, ctx.sdlPeriod ?? 'monthly', ctx.taxYear);
    case 'eti':
      return [`**ETI: ${R(r, 'eti')} for the month** (month ${call.input.monthOfEmployment} of employment), which the employer may take off the PAYE it pays over on the EMP201.`];
    case 'overtime':
      return overtime(r, call.input);
    case 'leave':
      return leave(r, call.input, p);
    case 'notice':
      return [`**Minimum notice: ${r.noticeWeeks} week${r.noticeWeeks === 1 ? '' : 's'}** under section 37 of the BCEA, for ${call.input.workerType && call.input.workerType !== 'general' ? `a ${call.input.workerType} worker ` : 'someone '}employed for ${call.input.monthsEmployed} months. Notice must be given in writing.`];
    case 'minimum-wage':
      return minimumWage(r);
    case 'tax-threshold':
      return threshold(r, call.input, p);
    default:
      return [];
  }
}

function paye(calls: ToolCallDTO[]): string[] {
  const [first, second] = calls;
  const r = first.result as Result;
  const i = first.input;
  const lines = [`**PAYE: ${R(r, 'paye')} ${per(i.period)}**`];
  const context = [`tax year ${yearLabel(r.taxYear)}`, `age ${i.age}`, i.medicalMembers ? `${i.medicalMembers} on the medical scheme` : 'no medical aid'];
  lines.push(`(${rand(Number(i.remuneration))} ${per(i.period)}, ${context.join(', ')})`);
  if (second) {
    const r2 = second.result as Result;
    lines.push('', `That is ${R(r2, 'paye')} ${per(second.input.period)} on ${rand(Number(second.input.remuneration))} ${per(second.input.period)}.`);
  } else if (i.period !== 'annual' && !num(r, 'bonusPaye')) {
    lines.push('', `Over a full tax year that is ${R(r, 'annualTax')} of tax.`);
  }
  if (num(r, 'bonusPaye') > 0 || i.bonus) lines.push('', `Of this, ${R(r, 'regularPaye')} is on the regular pay and ${R(r, 'bonusPaye')} is on the ${rand(Number(i.bonus))} bonus (the bonus is taxed at the employee's marginal rate, not spread over the year).`);
  if (num(r, 'medicalCredit') > 0) lines.push(`The medical scheme fees tax credit of ${R(r, 'medicalCredit')} ${per(i.period)} is already taken off.`);
  if (num(r, 'paye') === 0) lines.push("No PAYE is due: the employee's annual equivalent pay is below the tax threshold once the rebates are taken off.");
  return lines;
}

const HEADLINE: Record<'net' | 'cost' | 'deductions', (r: Result, p: string) => string[]> = {
  net: (r, p) => [`**Net pay: ${R(r, 'netPay')} ${p}**`],
  cost: (r, p) => [`**Cost to the employer: ${R(r, 'employerCost')} ${p}**`, `Net pay to the employee: ${R(r, 'netPay')} ${p}.`],
  deductions: (r, p) => [
    `**PAYE: ${R(r, 'paye')} and UIF: ${R(r, 'uifEmployee')} from the employee ${p}**`,
    `The employer adds UIF of ${R(r, 'uifEmployer')}${r.sdlExempt ? '' : ` and SDL of ${R(r, 'sdl')}`}; net pay is ${R(r, 'netPay')}.`,
  ],
};

function payslip(r: Result, i: Record<string, unknown>, wants: 'net' | 'cost' | 'deductions'): string[] {
  const p = per(i.period);
  const lines = HEADLINE[wants](r, p);
  lines.push(`(gross ${R(r, 'gross')} ${p}, tax year ${yearLabel(r.taxYear)}, age ${i.age}, ${i.medicalMembers ? `${i.medicalMembers} on the medical scheme` : 'no medical aid'})`, '');
  lines.push('| | Amount |', '|---|---:|', `| Gross pay | ${R(r, 'gross')} |`, `| PAYE | −${R(r, 'paye')} |`, `| UIF (employee) | −${R(r, 'uifEmployee')} |`);
  if (num(r, 'retirementContributions') > 0) lines.push(`| Retirement contributions | −${R(r, 'retirementContributions')} |`);
  lines.push(`| **Net pay** | **${R(r, 'netPay')}** |`, '');
  lines.push(`On top of the gross pay the employer pays UIF of ${R(r, 'uifEmployer')}${r.sdlExempt ? '' : ` and SDL of ${R(r, 'sdl')}`}, so the employee costs the employer ${R(r, 'employerCost')} ${p}.`);
  if (num(r, 'medicalCredit') > 0) lines.push(`The PAYE already takes off the medical scheme fees tax credit of ${R(r, 'medicalCredit')}.`);
  if (Number(i.commission) > 0) lines.push(`The gross pay is ${rand(Number(i.remuneration))} pay plus ${rand(Number(i.commission))} commission: PAYE is on both, UIF on the pay only.`);
  return lines;
}

function uif(calls: ToolCallDTO[], taxYear: number): string[] {
  const [first, second] = calls;
  const r = first.result as Result;
  const i = first.input;
  const lines =
    num(r, 'total') === 0 && Number(i.remuneration) > 0
      ? [`**UIF: R0.00** — no contributions are due${i.hoursPerMonth !== undefined && Number(i.hoursPerMonth) < 24 ? ': someone who works fewer than 24 hours a month for an employer is excluded from UIF' : ''}.`]
      : [`**UIF: ${R(r, 'employee')} from the employee and ${R(r, 'employer')} from the employer, ${R(r, 'total')} in total ${per(i.period)}.**`];
  lines.push(`(on ${rand(Number(i.remuneration))} ${per(i.period)}, tax year ${yearLabel(i.taxYear ?? taxYear)})`);
  if (second) {
    const r2 = second.result as Result;
    lines.push('', `That is ${R(r2, 'employee')} from each side, ${R(r2, 'total')} in total ${per(second.input.period)}.`);
  }
  lines.push('', 'Each side pays 1% of remuneration, but only up to the UIF ceiling, so the contribution stops growing above it. The employer pays both parts to SARS on the EMP201.');
  if (Number(i.commission) > 0) lines.push(`The ${rand(Number(i.commission))} commission is left out: UIF is on the salary only.`);
  return lines;
}

function sdl(r: Result, i: Record<string, unknown>, period: Period, taxYear: number): string[] {
  const limit = formatRand(getTaxYear(Number(i.taxYear ?? taxYear)).sdl.exemptionThresholdCents);
  if (r.exempt) {
    return [
      `**SDL: ${R(r, 'sdl')} — no levy is due.**`,
      `An employer whose annual payroll (here ${rand(Number(i.annualPayroll))}) is not expected to be more than ${limit} is exempt from the Skills Development Levy.`,
    ];
  }
  return [
    `**SDL: ${R(r, 'sdl')} ${per(period)}**`,
    `(1% of leviable pay of ${rand(Number(i.remuneration))} ${per(period)}; annual payroll ${rand(Number(i.annualPayroll))}, above the ${limit} exemption limit)`,
    '',
    'SDL is paid by the employer only, on top of pay: it is not deducted from the employee. It is declared and paid on the EMP201.',
  ];
}

function overtime(r: Result, i: Record<string, unknown>): string[] {
  const lines: string[] = [];
  if (i.publicHolidayHours !== undefined) lines.push(`**Public holiday pay: ${R(r, 'publicHolidayPay')}** for ${i.publicHolidayHours} hours worked on the public holiday.`);
  if (i.sundayHours !== undefined) lines.push(`**Sunday pay: ${R(r, 'sundayPay')}** for ${i.sundayHours} hours on a Sunday (${i.ordinarilyWorksSunday ? '1.5 times' : 'double'} the hourly wage of ${rand(Number(i.hourlyWage))}).`);
  if (i.overtimeHours !== undefined) lines.push(`**Overtime pay: ${R(r, 'overtimePay')}** for ${i.overtimeHours} hours at 1.5 times ${rand(Number(i.hourlyWage))} an hour.`);
  for (const w of (r.warnings as string[] | undefined) ?? []) lines.push(`Note: ${w}.`.replace(/\.\.$/, '.'));
  return lines;
}

function leave(r: Result, i: Record<string, unknown>, p: ParsedQuestion): string[] {
  const days = Number(i.daysPerWeek);
  const annual = `**Annual leave: ${r.annualLeaveDays} working days a year** (21 consecutive days on a ${days}-day week), building up at ${r.annualLeaveMonthlyAccrual} day${r.annualLeaveMonthlyAccrual === 1 ? '' : 's'} a month.`;
  const byDays = r.annualLeaveByDaysWorked !== null ? `**Annual leave by agreement: ${r.annualLeaveByDaysWorked} days** for ${i.daysWorked} days worked (1 day for every 17 days worked).` : '';
  const sick = `**Sick leave: ${r.sickLeaveDaysPerCycle} days per 36-month cycle** (the days normally worked in 6 weeks, on a ${days}-day week).`;
  const sickFirst = r.sickLeaveFirstSixMonths !== null ? `**Sick leave in the first six months: ${r.sickLeaveFirstSixMonths} days** for ${i.daysWorked} days worked (1 day for every 26 days worked).` : '';
  const family =
    r.familyResponsibilityDays === null
      ? ''
      : Number(r.familyResponsibilityDays) > 0
        ? `**Family responsibility leave: ${r.familyResponsibilityDays} days a year** (paid; for employees employed more than 4 months who work at least 4 days a week).`
        : `**Family responsibility leave: none yet** — it needs more than 4 months' employment and at least 4 working days a week.`;
  const order =
    p.leaveKind === 'sick' ? [sickFirst, sick, annual, family] : p.leaveKind === 'family' ? [family, annual, sick] : [byDays, annual, sick, family];
  return order.filter(Boolean);
}

function minimumWage(r: Result): string[] {
  const paid = num(r, 'hourlyRatePaid');
  const nmw = `${R(r, 'nmwHourly')} an hour`;
  const lines = r.belowMinimum
    ? [`**${rand(paid)} an hour is below the national minimum wage of ${nmw}**, short by ${R(r, 'shortfallPerHour')} an hour${r.shortfall !== null ? ` (${R(r, 'shortfall')} for the hours given)` : ''}.`]
    : [`**${rand(paid)} an hour meets the national minimum wage of ${nmw}.**`];
  lines.push(`The minimum has applied since ${longDate(String(r.effectiveFrom))}. At the minimum, a 45-hour week pays ${R(r, 'weeklyMinimum')} and a month (4.333 weeks) ${R(r, 'monthlyMinimum')}.`);
  return lines;
}

/** "2026-03-01" → "1 March 2026". */
export function longDate(iso: string): string {
  const months = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
  const [y, m, d] = iso.split('-').map(Number);
  return y && m && d ? `${d} ${months[m - 1]} ${y}` : iso;
}

function threshold(r: Result, i: Record<string, unknown>, p: ParsedQuestion): string[] {
  const y = yearLabel(r.taxYear);
  const lines: string[] = [];
  const rebates = rebateLine(Number(r.taxYear));
  if (p.asksRebates && rebates) lines.push(`**Tax rebates for ${y}: ${rebates}.**`);
  if (r.threshold !== null) {
    const a = Number(i.age);
    const band = a >= 75 ? 'aged 75 and older' : a >= 65 ? 'aged 65 to 74' : 'younger than 65';
    lines.push(`**Tax threshold for ${y}, someone ${band}: ${R(r, 'threshold')} a year.** Below it no income tax is due.`);
  } else if (p.facts.ageBand === 'under65') {
    lines.push(`**Tax threshold for ${y}, someone younger than 65: ${R(r, 'under65')} a year.** Below it no income tax is due.`);
  } else if (!p.asksRebates) lines.push(`**Tax thresholds for ${y}** (below them no income tax is due):`);
  lines.push('', `- Under 65: ${R(r, 'under65')}`, `- 65 to 74: ${R(r, 'from65to74')}`, `- 75 and older: ${R(r, 'from75')}`);
  if (rebates && !p.asksRebates) lines.push('', `They follow from the rebates: ${rebates}.`);
  return lines;
}

/** The rebates of a tax year, read from its table. */
export function rebateLine(taxYear: number): string {
  if (!isSupportedTaxYear(taxYear)) return '';
  const rb = getTaxYear(taxYear).rebates;
  return `primary ${formatRand(rb.primaryCents)}, secondary (65 and older) ${formatRand(rb.secondaryCents)}, tertiary (75 and older) ${formatRand(rb.tertiaryCents)}`;
}

/** The medical scheme fees tax credit of a tax year, read from its table. */
export function medicalCreditLine(taxYear: number): string {
  if (!isSupportedTaxYear(taxYear)) return '';
  const m = getTaxYear(taxYear).medicalCredits;
  return `${formatRand(m.firstCents)} a month for the main member, ${formatRand(m.secondCents)} for the first dependant and ${formatRand(m.additionalCents)} for each further dependant`;
}
