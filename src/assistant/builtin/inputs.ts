// From what a question says (and the previous calculation, for a follow-up) to calculator inputs, with every
// assumption in words. Pure. Amounts are only carried or converted between periods, never worked out here.
import { formatRand, toCents } from '../../payroll/money';
import { taxYearForDate } from '../../payroll/dates';
import { getTaxYear, isSupportedTaxYear } from '../../payroll/years/index';
import type { AgeBand, Facts, ParsedQuestion, Period, PreviousCall, Topic } from '../parse';

export interface Step {
  name: Topic;
  input: Record<string, unknown>;
  /** The period an SDL amount is for (the levy's own input has none). */
  period?: Period;
}

export interface Plan {
  /** The calls to make, the one whose figure leads first. */
  steps: Step[];
  /** What was assumed because the question did not say. */
  assumed: string[];
  /** What a follow-up kept from the previous calculation. */
  kept: string[];
}

/** What is missing, in words, with an example of a question that has it. */
export interface Need {
  need: string;
  example: string;
}

type Input = Record<string, unknown>;

export const rand = (rands: number): string => formatRand(toCents(Math.round(rands * 100) / 100, 'amount'));
const PERIODS_PER_YEAR: Record<Period, number> = { monthly: 12, fortnightly: 26, weekly: 52, annual: 1 };
const BAND_AGE: Record<AgeBand, number> = { under65: 30, '65to74': 65, '75plus': 75 };
const BAND_WORDS: Record<AgeBand, string> = { under65: 'under 65', '65to74': 'aged 65 to 74', '75plus': 'aged 75 or older' };

/** The inputs each calculator takes, so a follow-up to another calculator carries only what fits. */
const KEYS: Record<Topic, string[]> = {
  paye: ['taxYear', 'period', 'remuneration', 'age', 'medicalMembers', 'retirementContributions', 'bonus'],
  payslip: ['taxYear', 'period', 'remuneration', 'commission', 'bonus', 'age', 'medicalMembers', 'retirementContributions', 'annualPayroll', 'sdlExempt', 'hoursPerMonth'],
  uif: ['taxYear', 'remuneration', 'period', 'commission', 'hoursPerMonth'],
  sdl: ['taxYear', 'remuneration', 'annualPayroll', 'exemptEmployer'],
  eti: ['remuneration', 'hoursWorked', 'monthOfEmployment', 'age'],
  overtime: ['hourlyWage', 'overtimeHours', 'sundayHours', 'ordinarilyWorksSunday', 'publicHolidayHours', 'publicHolidayIsNormalWorkday', 'ordinaryDailyWage', 'monthlyEarnings'],
  leave: ['daysPerWeek', 'monthsEmployed', 'daysWorked'],
  notice: ['monthsEmployed', 'workerType'],
  'minimum-wage': ['hourlyRate', 'remuneration', 'hours', 'category'],
  'tax-threshold': ['taxYear', 'age'],
};

/** The previous call's inputs that the new calculator can use ("and the UIF on that?"). */
function carried(topic: Topic, previous: PreviousCall | null): Input {
  if (!previous) return {};
  const from: Input = { ...previous.input };
  if (from.hourlyWage !== undefined) from.hourlyRate ??= from.hourlyWage;
  if (from.hourlyRate !== undefined) from.hourlyWage ??= from.hourlyRate;
  if (previous.name === 'overtime' && from.monthlyEarnings !== undefined) from.remuneration ??= from.monthlyEarnings;
  if (previous.name === 'eti') from.period ??= 'monthly';
  const out: Input = {};
  for (const k of KEYS[topic]) if (from[k] !== undefined) out[k] = from[k];
  // ETI is monthly: another period's pay does not carry into it.
  if (topic === 'eti' && from.period !== undefined && from.period !== 'monthly') delete out.remuneration;
  return out;
}

class Builder {
  readonly input: Input = {};
  readonly assumed: string[] = [];
  readonly kept: string[] = [];
  constructor(readonly base: Input) {}

  /** The question's value, else the previous call's (noted as kept), else a default (noted as assumed). */
  pick(key: string, value: unknown, fallback?: { value: unknown; words: string }, keptWords?: (v: unknown) => string): unknown {
    if (value !== undefined) this.input[key] = value;
    else if (this.base[key] !== undefined) {
      this.input[key] = this.base[key];
      if (keptWords) this.kept.push(keptWords(this.base[key]));
    } else if (fallback) {
      this.input[key] = fallback.value;
      if (fallback.words) this.assumed.push(fallback.words);
    }
    return this.input[key];
  }
}

function taxYearOf(f: Facts, today: Date): number | undefined {
  if (f.taxYear !== undefined) return f.taxYear;
  if (f.taxYearOffset !== undefined) return taxYearForDate(today) + f.taxYearOffset;
  return undefined;
}

function yearLabel(y: number): string {
  return isSupportedTaxYear(y) ? getTaxYear(y).label : `${y - 1}/${String(y % 100).padStart(2, '0')}`;
}

function pickTaxYear(b: Builder, f: Facts, today: Date): void {
  b.pick('taxYear', taxYearOf(f, today), { value: undefined, words: `the ${yearLabel(taxYearForDate(today))} tax year (the current one)` }, (y) => `the ${yearLabel(Number(y))} tax year`);
  if (b.input.taxYear === undefined) delete b.input.taxYear;
}

function pickAge(b: Builder, f: Facts, words: string): void {
  const band = f.ageBand;
  if (f.age === undefined && band) {
    b.input.age = BAND_AGE[band];
    if (band !== '65to74' || !b.base.age) b.assumed.push(`the employee is ${BAND_WORDS[band]}`);
    return;
  }
  b.pick('age', f.age, { value: 30, words }, (a) => `age ${a}`);
}

function pickPeriod(b: Builder, f: Facts): Period {
  return b.pick('period', f.period, { value: 'monthly', words: 'monthly pay' }, (p) => `${p} pay`) as Period;
}

/** PAYE and the payslip share their inputs; the payslip adds commission, the payroll for SDL and hours. */
function payInputs(topic: 'paye' | 'payslip', p: ParsedQuestion, base: Input, today: Date): Plan | Need {
  const f = p.facts;
  const b = new Builder(base);
  const pay = b.pick('remuneration', f.salary, undefined, (v) => `pay of ${rand(Number(v))}`);
  if (pay === undefined) {
    return f.bonus !== undefined
      ? { need: "the employee's regular salary as well as the bonus (PAYE on a bonus depends on the pay it comes on top of)", example: 'PAYE on a R10 000 bonus for someone earning R20 000 a month, aged 35' }
      : { need: 'the salary or wage', example: 'PAYE on R20 000 a month for a 35-year-old' };
  }
  const period = pickPeriod(b, f);
  pickAge(b, f, 'the employee is under 65 (so only the primary rebate)');
  const members = f.medicalMembers ?? (f.onMedicalAid ? 1 : undefined);
  b.pick('medicalMembers', members, { value: undefined, words: 'no medical scheme membership' }, (m) => (m ? `${m} on the medical scheme` : 'no medical aid'));
  if (f.medicalMembers === undefined && f.onMedicalAid && base.medicalMembers === undefined) b.assumed.push('only the main member is on the medical scheme (tell me the number of dependants to add their credits)');
  if (b.input.medicalMembers === undefined) delete b.input.medicalMembers;
  // A contribution given for another period than the pay ("R5 000 a month" on an annual salary) is put in the pay's.
  const retirement = f.retirement !== undefined && f.retirementPeriod && f.retirementPeriod !== period ? Math.round(((f.retirement * PERIODS_PER_YEAR[f.retirementPeriod]) / PERIODS_PER_YEAR[period]) * 100) / 100 : f.retirement;
  b.pick('retirementContributions', retirement, undefined, (v) => `retirement contributions of ${rand(Number(v))}`);
  const bonus = f.bonus ?? (f.thirteenthCheque ? Number(pay) : undefined);
  if (f.bonus === undefined && f.thirteenthCheque) b.assumed.push(`a 13th cheque equal to one period's pay (${rand(Number(pay))})`);
  b.pick('bonus', bonus, undefined, (v) => `a bonus of ${rand(Number(v))}`);
  if (f.ctc) b.assumed.push(`the ${rand(Number(pay))} cost to company is the gross pay: the employer's UIF and SDL are worked out on top of it, not out of it`);
  if (topic === 'payslip') {
    b.pick('commission', f.commission);
    b.pick('annualPayroll', f.annualPayroll);
    b.pick('hoursPerMonth', f.hoursPerMonth);
    if (f.sdlExempt) b.input.sdlExempt = true;
  }
  pickTaxYear(b, f, today);
  if (topic === 'payslip' && period === 'annual' && p.wantPeriod !== 'annual') b.assumed.push('the annual salary is paid in twelve equal monthly amounts');
  return { steps: periodSteps(topic, b.input, period, p.wantPeriod), assumed: b.assumed, kept: b.kept };
}

/**
 * The call in the pay's own period, plus one in the period asked for when that is a whole-number conversion
 * (a year's pay is twelve months' pay). An annual salary also gets the monthly deduction, which is what payroll
 * needs; a payslip is monthly only.
 */
function periodSteps(name: Topic, input: Input, period: Period, want: Period | undefined): Step[] {
  const other = want ?? (period === 'annual' ? 'monthly' : undefined);
  if (!other || other === period || (other !== 'annual' && period !== 'annual')) return [{ name, input }];
  const factor = PERIODS_PER_YEAR[period] / PERIODS_PER_YEAR[other];
  const scale = (v: unknown) => Math.round(Number(v) * factor * 100) / 100;
  const converted: Input = { ...input, period: other, remuneration: scale(input.remuneration) };
  for (const k of ['retirementContributions', 'commission']) if (input[k] !== undefined) converted[k] = scale(input[k]);
  if (name === 'payslip') return [{ name, input: other === 'monthly' ? converted : input }];
  return [{ name, input: converted }, { name, input }];
}

function uifInputs(p: ParsedQuestion, base: Input, today: Date): Plan | Need {
  const f = p.facts;
  const b = new Builder(base);
  if (b.pick('remuneration', f.salary, undefined, (v) => `pay of ${rand(Number(v))}`) === undefined) return { need: 'the pay for the period', example: 'UIF on R12 000 a month' };
  const period = pickPeriod(b, f);
  b.pick('commission', f.commission);
  b.pick('hoursPerMonth', f.hoursPerMonth);
  pickTaxYear(b, f, today);
  return { steps: periodSteps('uif', b.input, period, p.wantPeriod), assumed: b.assumed, kept: b.kept };
}

function sdlInputs(p: ParsedQuestion, base: Input, today: Date): Plan | Need {
  const f = p.facts;
  const b = new Builder(base);
  let pay = f.salary ?? (base.remuneration as number | undefined);
  let period: Period = f.period ?? 'monthly';
  const payroll = f.annualPayroll ?? (base.annualPayroll as number | undefined);
  if (pay === undefined && payroll !== undefined) {
    pay = payroll;
    period = 'annual';
  }
  if (pay === undefined) return { need: "the pay the levy is on (this month's payroll, or the annual payroll)", example: 'SDL on a monthly payroll of R60 000' };
  if (f.headcount !== undefined && f.salary !== undefined && f.annualPayroll === undefined) {
    const one = pay;
    pay = Math.round(one * f.headcount * 100) / 100;
    b.assumed.push(`${f.headcount} employees each paid ${rand(one)}, so the payroll is ${rand(pay)}`);
  }
  b.input.remuneration = pay;
  if (payroll !== undefined) b.input.annualPayroll = payroll;
  else {
    b.input.annualPayroll = Math.round(pay * PERIODS_PER_YEAR[period] * 100) / 100;
    b.assumed.push(period === 'annual' ? 'this is the whole annual payroll' : `the payroll is about the same every ${period === 'monthly' ? 'month' : period === 'weekly' ? 'week' : 'fortnight'}, so the annual payroll is ${PERIODS_PER_YEAR[period]} times this one`);
  }
  if (f.sdlExempt) b.input.exemptEmployer = true;
  pickTaxYear(b, f, today);
  return { steps: [{ name: 'sdl', input: b.input, period }], assumed: b.assumed, kept: b.kept };
}

function etiInputs(p: ParsedQuestion, base: Input): Plan | Need {
  const f = p.facts;
  const b = new Builder(base);
  let pay = f.salary;
  if (pay !== undefined && f.period === 'annual') pay = Math.round((pay / 12) * 100) / 100;
  if (pay !== undefined && (f.period === 'weekly' || f.period === 'fortnightly')) return { need: "the employee's pay for the month (ETI is worked out per month)", example: 'ETI for a 23-year-old earning R5 500 a month in month 4' };
  if (b.pick('remuneration', pay, undefined, (v) => `pay of ${rand(Number(v))} a month`) === undefined) return { need: "the employee's monthly pay and age", example: 'ETI for a 23-year-old earning R5 500 a month in month 4' };
  b.pick('age', f.age, { value: 25, words: 'the employee is 18 to 29 years old (ETI is only for that age group)' }, (a) => `age ${a}`);
  const month = f.monthOfEmployment ?? (f.monthsEmployed !== undefined ? Math.max(1, Math.ceil(f.monthsEmployed)) : undefined);
  b.pick('monthOfEmployment', month, { value: 1, words: 'a month in the first year of employment (the first-year rates)' }, (m) => `month ${m} of employment`);
  b.pick('hoursWorked', f.hours ?? f.hoursPerMonth, { value: undefined, words: '160 hours paid in the month (a full month)' });
  if (b.input.hoursWorked === undefined) delete b.input.hoursWorked;
  return { steps: [{ name: 'eti', input: b.input }], assumed: b.assumed, kept: b.kept };
}

/** A day's wage and nothing else for a public holiday: a full ordinary working day, of 8 hours. */
function fullDay(f: ParsedQuestion['facts']): { wage: number; hours: number } | null {
  if (!f.publicHoliday || f.dailyWage === undefined || f.hourlyRate !== undefined || f.hours !== undefined) return null;
  return { wage: Math.round((f.dailyWage / 8) * 100) / 100, hours: 8 };
}

function overtimeInputs(p: ParsedQuestion, base: Input): Plan | Need {
  const f = p.facts;
  const b = new Builder({});
  const day = fullDay(f);
  if (day) b.assumed.push('the employee works a full ordinary day of 8 hours on the public holiday');
  const wage = f.hourlyRate ?? day?.wage ?? (base.hourlyWage as number | undefined);
  const hours = f.hours ?? day?.hours ?? ((base.overtimeHours ?? base.sundayHours ?? base.publicHolidayHours) as number | undefined);
  if (wage === undefined) return { need: 'the hourly wage (and the hours worked)', example: 'Overtime pay for 4 hours at R40 an hour' };
  if (hours === undefined) return { need: 'how many hours were worked', example: 'Overtime pay for 4 hours at R40 an hour' };
  b.input.hourlyWage = wage;
  if (f.hourlyRate === undefined && !day) b.kept.push(`${rand(wage)} an hour`);
  if (f.hours === undefined && !day) b.kept.push(`${hours} hours`);
  const kind = f.publicHoliday ? 'holiday' : f.sunday ? 'sunday' : base.publicHolidayHours !== undefined ? 'holiday' : base.sundayHours !== undefined ? 'sunday' : 'overtime';
  if (kind === 'holiday') {
    b.input.publicHolidayHours = hours;
    b.input.publicHolidayIsNormalWorkday = f.holidayNotWorkday ? false : ((base.publicHolidayIsNormalWorkday as boolean | undefined) ?? true);
    if (!f.holidayNotWorkday && base.publicHolidayIsNormalWorkday === undefined) b.assumed.push('the public holiday falls on a day the employee would normally work');
    const daily = f.dailyWage ?? (base.ordinaryDailyWage as number | undefined);
    if (daily !== undefined) b.input.ordinaryDailyWage = daily;
    else {
      b.input.ordinaryDailyWage = Math.round(wage * hours * 100) / 100;
      b.assumed.push(`an ordinary working day of ${hours} hours, so the ordinary daily wage is the pay for ${hours} hours at ${rand(wage)}`);
    }
  } else if (kind === 'sunday') {
    b.input.sundayHours = hours;
    b.input.ordinarilyWorksSunday = f.ordinarilyWorksSunday ?? ((base.ordinarilyWorksSunday as boolean | undefined) ?? false);
    if (f.ordinarilyWorksSunday === undefined && base.ordinarilyWorksSunday === undefined) b.assumed.push('the employee does not ordinarily work on Sundays (so double pay; 1.5 times if they ordinarily do)');
    if (f.dailyWage !== undefined) b.input.ordinaryDailyWage = f.dailyWage;
  } else b.input.overtimeHours = hours;
  const monthly = f.salary !== undefined && (f.period === 'monthly' || f.period === undefined) && f.salary >= 1000 ? f.salary : (base.monthlyEarnings as number | undefined);
  if (monthly !== undefined) b.input.monthlyEarnings = monthly;
  return { steps: [{ name: 'overtime', input: b.input }], assumed: b.assumed, kept: b.kept };
}

function leaveInputs(p: ParsedQuestion, base: Input): Plan | Need {
  const f = p.facts;
  const b = new Builder(base);
  b.pick('daysPerWeek', f.daysPerWeek, { value: 5, words: 'a five-day working week' }, (d) => `${d} days a week`);
  b.pick('monthsEmployed', f.monthsEmployed, p.leaveKind === 'family' ? { value: 12, words: 'the employee has worked for you for more than 4 months' } : undefined);
  b.pick('daysWorked', f.daysWorked);
  return { steps: [{ name: 'leave', input: b.input }], assumed: b.assumed, kept: b.kept };
}

function noticeInputs(p: ParsedQuestion, base: Input): Plan | Need {
  const f = p.facts;
  const b = new Builder(base);
  if (b.pick('monthsEmployed', f.monthsEmployed, undefined, (m) => `${m} months' employment`) === undefined) return { need: 'how long the employee has worked for you', example: 'Notice period for someone employed for 9 months' };
  b.pick('workerType', f.workerType, undefined, (w) => `a ${w} worker`);
  return { steps: [{ name: 'notice', input: b.input }], assumed: b.assumed, kept: b.kept };
}

function minimumWageInputs(p: ParsedQuestion, base: Input, today: Date): Plan | Need {
  const f = p.facts;
  const b = new Builder({});
  const rate = f.hourlyRate ?? (f.salary === undefined ? (base.hourlyRate as number | undefined) : undefined);
  if (rate !== undefined) b.input.hourlyRate = rate;
  else {
    const pay = f.salary ?? (base.remuneration as number | undefined);
    if (pay === undefined) return { need: 'the hourly rate paid (or the pay and the hours it is for)', example: 'Is R28 an hour below the minimum wage?' };
    let hours = f.hours ?? (f.period === 'weekly' ? f.hoursPerWeek : f.hoursPerMonth);
    if (hours === undefined && f.hoursPerWeek !== undefined && (f.period === 'monthly' || f.period === undefined)) {
      hours = Math.round(f.hoursPerWeek * 4.333 * 100) / 100;
      b.assumed.push(`a month of 4.333 weeks of ${f.hoursPerWeek} hours`);
    }
    hours ??= base.hours as number | undefined;
    if (hours === undefined) return { need: 'how many hours that pay is for', example: 'Is R4 000 for 160 hours a month below the minimum wage?' };
    b.input.remuneration = pay;
    b.input.hours = hours;
  }
  if (f.epwp) b.input.category = 'epwp';
  const ty = taxYearOf(f, today);
  if (f.calendarYear !== undefined && f.calendarYear !== today.getFullYear()) b.input.date = `${f.calendarYear}-06-01`;
  else if (ty !== undefined && ty !== taxYearForDate(today)) b.input.date = `${ty - 1}-06-01`;
  return { steps: [{ name: 'minimum-wage', input: b.input }], assumed: b.assumed, kept: b.kept };
}

function thresholdInputs(p: ParsedQuestion, base: Input, today: Date): Plan {
  const f = p.facts;
  const b = new Builder(base);
  const band = f.ageBand && f.ageBand !== 'under65' ? BAND_AGE[f.ageBand] : undefined;
  b.pick('age', f.age ?? band);
  if (f.ageBand === 'under65') delete b.input.age;
  pickTaxYear(b, f, today);
  return { steps: [{ name: 'tax-threshold', input: b.input }], assumed: b.assumed, kept: b.kept };
}

/** The calls to make for a calculation question, or what is missing to make them. */
export function planCalculation(p: ParsedQuestion, previous: PreviousCall | null, today: Date): Plan | Need {
  const topic = p.topic as Topic;
  const base = p.followUp ? carried(topic, previous) : {};
  switch (topic) {
    case 'paye':
    case 'payslip':
      return payInputs(topic, p, base, today);
    case 'uif':
      return uifInputs(p, base, today);
    case 'sdl':
      return sdlInputs(p, base, today);
    case 'eti':
      return etiInputs(p, base);
    case 'overtime':
      return overtimeInputs(p, base);
    case 'leave':
      return leaveInputs(p, base);
    case 'notice':
      return noticeInputs(p, base);
    case 'minimum-wage':
      return minimumWageInputs(p, base, today);
    case 'tax-threshold':
      return thresholdInputs(p, base, today);
  }
}

export const isNeed = (x: Plan | Need): x is Need => 'need' in x;
