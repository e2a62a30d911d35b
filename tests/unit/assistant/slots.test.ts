import { describe, expect, it } from 'vitest';
import type { Amount, Slots } from '../../../src/assistant/reading';
import { readSlots } from '../../../src/assistant/understand/slots';
import { normalise } from '../../../src/assistant/understand/text';

// The slot readers, one kind of fact at a time: every amount with its role and period, ages, medical members,
// service, hours, days, dates and tax years, in the ways people write them.
const today = new Date('2026-11-25T10:00:00+02:00');
const slots = (q: string): Slots => readSlots(q, today).slots;
const amounts = (q: string): Amount[] => slots(q).amounts ?? [];
const salary = (q: string) => amounts(q).find((a) => a.role === 'salary')?.value;

describe('money, the way people write it', () => {
  it.each([
    ['PAYE on R28 500 a month', 28500],
    ['PAYE on R28,500 a month', 28500],
    ['PAYE on 28500 a month', 28500],
    ['PAYE on 28.5k a month', 28500],
    ['PAYE on 32,5k pm', 32500],
    ['PAYE on R25,000.00 p/m', 25000],
    ['PAYE on R25.000,00 per month', 25000],
    ['PAYE on R 18 500-00 a month', 18500],
    ['PAYE on R2 771,25 a fortnight', 2771.25],
    ['tax on a R1.2m annual salary', 1_200_000],
    ['she earns 60k', 60000],
    ['paye 35k pm 70yo', 35000],
    ['income of twenty thousand rand a month', 20000],
    ['hoeveel PAYE op R20 000 per maand?', 20000],
  ])('%s → %d', (q, value) => {
    expect(salary(q)).toBe(value);
  });

  it.each([
    ['R20 000 per month', 'monthly'],
    ['R20 000 pm', 'monthly'],
    ['R20 000 p/m', 'monthly'],
    ['R32,000 p.m.', 'monthly'],
    ['R20k/m', 'monthly'],
    ['a monthly salary of R20 000', 'monthly'],
    ['R5 000 a week', 'weekly'],
    ['R9 000 a fortnight', 'fortnightly'],
    ['R9 000 every two weeks', 'fortnightly'],
    ['R9 000 bi-weekly', 'fortnightly'],
    ['R400 000 per annum', 'annual'],
    ['R400 000 p.a.', 'annual'],
    ['an annual salary of R400 000', 'annual'],
  ])('%s → %s', (q, period) => {
    expect(amounts(`PAYE on ${q}`)[0].period).toBe(period);
  });

  it('reads every amount with its role, whatever the order', () => {
    expect(amounts('R5 000 travel allowance and a R30 000 salary')).toEqual([
      { role: 'travelAllowance', value: 5000 },
      { role: 'salary', value: 30000 },
    ]);
    expect(amounts('R30 000 salary plus a R5 000 travel allowance')).toEqual([
      { role: 'salary', value: 30000 },
      { role: 'travelAllowance', value: 5000 },
    ]);
    expect(amounts('R1 500 bonus on top of R12 000 salary').map((a) => a.role)).toEqual(['bonus', 'salary']);
    expect(amounts('paye on 30k pm bonus 30k')).toEqual([
      { role: 'salary', value: 30000, period: 'monthly' },
      { role: 'bonus', value: 30000 },
    ]);
    expect(amounts('UIF on R12 000 salary plus R8 000 commission').map((a) => a.role)).toEqual(['salary', 'commission']);
    expect(amounts('PAYE on R40 000 a month with R3 000 to a retirement annuity').map((a) => a.role)).toEqual(['salary', 'retirement']);
  });

  it('several salaries are several salaries, and a period closing the list is all of theirs', () => {
    expect(amounts('UIF for my three staff on R8 000, R15 500 and R31 000 a month')).toEqual([
      { role: 'salary', value: 8000, period: 'monthly' },
      { role: 'salary', value: 15500, period: 'monthly' },
      { role: 'salary', value: 31000, period: 'monthly' },
    ]);
    expect(slots('UIF for my three staff on R8 000, R15 500 and R31 000').headcount).toBe(3);
  });

  it('reads a cost-to-company package with the employer’s contributions inside it', () => {
    expect(amounts('CTC R50 000 pm, the employer pays R4 000 pension and R3 000 medical aid from that')).toEqual([
      { role: 'ctc', value: 50000, period: 'monthly' },
      { role: 'employerRetirement', value: 4000 },
      { role: 'employerMedical', value: 3000 },
    ]);
    expect(amounts('salary R24 000 p/m, the company contributes R1 800 p/m to the provident fund').map((a) => a.role)).toEqual([
      'salary',
      'employerRetirement',
    ]);
  });

  it('does not take a limit being asked about, a year, a date or a percentage for pay', () => {
    expect(amounts('Is there SDL if my payroll is under R500 000?')).toEqual([{ role: 'other', value: 500000 }]);
    expect(salary('What changed in 2026 for PAYE?')).toBeUndefined();
    expect(salary('What is due by the 7th?')).toBeUndefined();
    expect(salary('Is UIF 1% for each side?')).toBeUndefined();
    expect(salary('PAYE on R20 000 for 2026/27')).toBe(20000);
    expect(normalise('2026/27')).toBe('taxyear2027');
  });

  it('reads hourly and daily rates, and weekly pay with the hours of the week', () => {
    expect(slots('Employee paid R25 per hour works 4 hours overtime')).toMatchObject({
      amounts: [{ role: 'hourlyRate', value: 25 }],
      hours: 4,
    });
    expect(slots('R30/h, 6 hours on a Sunday')).toMatchObject({ amounts: [{ role: 'hourlyRate', value: 30 }], hours: 6, sunday: true });
    expect(slots('ot 4hrs @ R48')).toMatchObject({ amounts: [{ role: 'hourlyRate', value: 48 }], hours: 4 });
    expect(slots('daily wage of R400, 8 hours on a public holiday')).toMatchObject({
      amounts: [{ role: 'dailyRate', value: 400 }],
      hours: 8,
      publicHoliday: true,
    });
    expect(slots('he gets R1 800 a week for 45 hours. worked 6 hours OT')).toMatchObject({
      amounts: [{ role: 'salary', value: 1800, period: 'weekly' }],
      hoursPerWeek: 45,
      hours: 6,
    });
    expect(slots('R2 000 for a 40-hour week, 5 hours overtime')).toMatchObject({
      amounts: [{ role: 'salary', value: 2000, period: 'weekly' }],
      hoursPerWeek: 40,
      hours: 5,
    });
  });
});

describe('people, time and work', () => {
  it.each([
    ['for a 67-year-old', 67],
    ['for a 67yo', 67],
    ['aged 50', 50],
    ['age: 45', 45],
    ['a pensioner of 76', 76],
    ["she's 44", 44],
    ['hes 58', 58],
    ['the employee is 41', 41],
    ['someone aged sixty-five', 65],
    ['R35 000 a month, 45, no medical aid', 45],
    ['she turns 65 in December 2026', 65],
    ['he only turns 65 in May next year', 64],
    ['born 12 January 1958', 69],
    ['born in 1958', 68],
    ['DOB 15/08/1990', 36],
    ["vir 'n 66-jarige", 66],
  ])('%s → age %d', (q, age) => {
    expect(slots(`PAYE on R20 000 a month ${q}`).age).toBe(age);
  });

  it('reads age bands only when no age is given', () => {
    expect(slots('the tax threshold for under 65s').ageBand).toBe('under65');
    expect(slots('the threshold for someone aged 65 to 74').ageBand).toBe('65to74');
    expect(slots('the threshold for 75 and older').ageBand).toBe('75plus');
    expect(slots('how much can a pensioner earn before paying tax').ageBand).toBe('65to74');
    expect(slots('PAYE on R9 000 pm, age 71, a pensioner').ageBand).toBeUndefined();
  });

  it.each([
    ['medical aid for 3 people', 3],
    ['medical aid for three people', 3],
    ['medical aid for a family of four', 4],
    ['main member and 2 dependants', 3],
    ['medical aid main member + 1', 2],
    ['medical aid for herself, her husband and 2 kids', 4],
    ['medical aid 2 adults 2 kids', 4],
    ['med aid for her only', 1],
    ['med 2', 2],
    ['no medical aid', 0],
    ['geen mediese fonds', 0],
  ])('%s → %d members', (q, n) => {
    expect(slots(`PAYE on R20 000 a month for a 40-year-old, ${q}`).medicalMembers).toBe(n);
  });

  it('notes "on medical aid" without a count instead of guessing one', () => {
    expect(slots('PAYE on R20 000 a month, she is on medical aid')).toMatchObject({ onMedicalAid: true });
    expect(slots('do medical aid contributions reduce taxable income?').onMedicalAid).toBeUndefined();
  });

  it.each([
    ['notice for someone employed 9 months', 9],
    ['notice after 3 years of service', 36],
    ['she started 1 year 3 months ago, how much notice', 15],
    ['leave days owed after a year and a half', 18],
    ["she's been with us since March 2024, how much notice must I give?", 32],
    ['My new clerk started in June 2026. How much annual leave has she accrued?', 5],
    ['started 7 months ago, how much leave has he built up?', 7],
  ])('%s → %d months of service', (q, m) => {
    expect(slots(q).monthsEmployed).toBe(m);
  });

  it('does not take maternity months or a cycle for service', () => {
    expect(slots('is maternity leave 4 months?').monthsEmployed).toBeUndefined();
    expect(slots('how does the 36 month sick leave cycle work').monthsEmployed).toBeUndefined();
  });

  it('reads the working week in words', () => {
    expect(slots('works Monday to Friday').daysPerWeek).toBe(5);
    expect(slots('she works mon-sat').daysPerWeek).toBe(6);
    expect(slots('annual leave on a 6-day week').daysPerWeek).toBe(6);
    expect(slots('family responsibility leave for a 3-day-a-week worker').daysPerWeek).toBe(3);
    expect(slots('our char comes in every Tuesday').daysPerWeek).toBe(1);
    expect(slots('I pay my helper R3 500 a month for 4 days a week 8 hours')).toMatchObject({ daysPerWeek: 4, hoursPerDay: 8 });
  });

  it('reads Sundays and public holidays as normal working days, or not', () => {
    expect(slots('Sunday is part of her normal roster, R40 an hour, 6 hours').ordinarilyWorksSunday).toBe(true);
    expect(slots('she does not normally work Sundays').ordinarilyWorksSunday).toBe(false);
    expect(slots('worked on Heritage Day, which is a normal working day for her').holidayIsWorkday).toBe(true);
    expect(slots('worked Good Friday but it is not your normal working day').holidayIsWorkday).toBe(false);
    expect(slots('tax on a R3 000 christmas bonus').publicHoliday).toBeUndefined();
  });

  it('reads the month of employment for ETI', () => {
    expect(slots('ETI in her third month').monthOfEmployment).toBe(3);
    expect(slots('ETI in month 14').monthOfEmployment).toBe(14);
    expect(slots('ETI in his 2nd year').monthOfEmployment).toBe(13);
    expect(slots('ETI, second year, month 14').monthOfEmployment).toBe(14);
    expect(slots('dis haar 5de maand').monthOfEmployment).toBe(5);
  });

  it('reads tax years and the month a return is for', () => {
    expect(slots('PAYE on R20 000 a month in 2025/26').taxYear).toBe(2026);
    expect(slots('PAYE in the 25/26 tax year').taxYear).toBe(2026);
    expect(slots('the 2027 tax year').taxYear).toBe(2027);
    expect(slots('for the tax year ending February 2026').taxYear).toBe(2026);
    expect(slots('PAYE on R20 000 a month for last tax year').taxYear).toBe(2026);
    expect(slots('When is the EMP201 for November 2026 due?').month).toBe('2026-11');
    expect(slots("when is october's emp201 due").month).toBe('2026-10');
    expect(readSlots('What was the minimum wage in 2025?', today).extras.calendarYear).toBe(2025);
  });

  it('reads the period an answer is wanted in apart from the pay’s', () => {
    expect(slots('monthly PAYE on R480 000 a year')).toMatchObject({
      amounts: [{ value: 480000, period: 'annual' }],
      wantPeriod: 'monthly',
    });
    expect(slots('monthly tax on 60k salary').amounts).toEqual([{ role: 'salary', value: 60000, period: 'monthly' }]);
    expect(slots('PAYE on R16 000 pm for a 29-year-old').wantPeriod).toBeUndefined();
  });

  it('reads the kind of worker, of leave, and of employer', () => {
    expect(slots('UIF for my helper').workerType).toBe('domestic');
    expect(slots('notice for a farmworker').workerType).toBe('farm');
    expect(slots('how much sick leave').leaveKind).toBe('sick');
    expect(slots('FRL for someone employed 6 months').leaveKind).toBe('family');
    expect(slots('annual payroll').leaveKind).toBeUndefined();
    expect(slots('we are a registered PBO, SDL?').sdlExempt).toBe(true);
  });
});
