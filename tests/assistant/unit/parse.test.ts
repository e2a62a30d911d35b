import { describe, expect, it } from 'vitest';
import { askOf, bestPassage, countsInFigures, meaningfulWords, stem } from '../../../src/assistant/builtin/passages';
import { planCalculation, isNeed } from '../../../src/assistant/builtin/inputs';
import { searchText } from '../../../src/assistant/builtin/knowledge';
import { normalise, parseQuestion, type PreviousCall } from '../../../src/assistant/parse';

const facts = (q: string, previous: PreviousCall | null = null) => parseQuestion(q, previous).facts;
const paye: PreviousCall = { name: 'paye', input: { period: 'monthly', remuneration: 15000, age: 28 } };

describe('amounts, the way people write them', () => {
  it.each([
    ['PAYE on R28 500 a month', 28500],
    ['PAYE on R28,500 a month', 28500],
    ['PAYE on 28500 a month', 28500],
    ['PAYE on 28.5k a month', 28500],
    ['PAYE on R 28 500.00 a month', 28500],
    ['PAYE on R28 500.50 a month', 28500.5],
    ['PAYE on R2 771,25 a fortnight', 2771.25],
    ['tax on a R1.2m annual salary', 1_200_000],
    ['tax on R1 250 000 per year', 1_250_000],
    ['she earns 60k', 60000],
    ['R12 000 salary', 12000],
    ['paye 35k pm 70yo', 35000],
    ['Salary R48 000, age 36', 48000],
    ['what tax on R100k monthly', 100000],
    ['income of 450 000 rand a year', 450000],
  ])('%s → %d', (q, salary) => {
    expect(facts(q).salary).toBe(salary);
  });

  it.each([
    ['R20 000 a month', 'monthly'],
    ['R20 000 per month', 'monthly'],
    ['R20 000 pm', 'monthly'],
    ['R20 000 p/m', 'monthly'],
    ['R32,000 p.m.', 'monthly'],
    ['R20k/m', 'monthly'],
    ['a monthly salary of R20 000', 'monthly'],
    ['R20 000 gross monthly', 'monthly'],
    ['R5 000 a week', 'weekly'],
    ['R5 000 weekly', 'weekly'],
    ['R9 000 a fortnight', 'fortnightly'],
    ['R9 000 every two weeks', 'fortnightly'],
    ['R9 000 biweekly', 'fortnightly'],
    ['R400 000 per year', 'annual'],
    ['R400 000 per annum', 'annual'],
    ['R400 000 pa', 'annual'],
    ['an annual salary of R400 000', 'annual'],
    ['R400 000 a year', 'annual'],
  ])('%s → %s', (q, period) => {
    expect(facts(`PAYE on ${q}`).period).toBe(period);
  });

  it('a period named apart from the pay is the one the answer is wanted in', () => {
    expect(parseQuestion('R1.2m per annum package, age 50, how much PAYE monthly?')).toMatchObject({ facts: { salary: 1_200_000, period: 'annual' }, wantPeriod: 'monthly' });
    expect(parseQuestion('Annual UIF on R30 000 a month')).toMatchObject({ facts: { period: 'monthly' }, wantPeriod: 'annual' });
    expect(parseQuestion('monthly tax on 60k salary').facts.period).toBe('monthly');
    expect(parseQuestion('PAYE on R20 000 a month for a 33-year-old').wantPeriod).toBeUndefined();
  });
});

describe('ages, medical scheme members and tax years', () => {
  it.each([
    ['for a 67-year-old', 67],
    ['for a 67 year old', 67],
    ['for a 67yo', 67],
    ['aged 50', 50],
    ['age 45', 45],
    ['age: 45', 45],
    ['a pensioner of 76', 76],
    ['she is 66', 66],
    ["she's 44", 44],
    ['and is 58', 58],
    ['he is 70 years old', 70],
    ['employee (33 years old)', 33],
    ['someone aged sixty-five', 65],
    ['R35 000 a month, 45, no medical aid', 45],
    ['R35 000 a month, 45 yrs', 45],
    ['R35 000 a month, 52 years', 52],
  ])('%s → age %d', (q, age) => {
    expect(facts(`PAYE on R20 000 a month ${q}`).age).toBe(age);
  });

  it.each([
    ['the tax threshold for under 65s', 'under65'],
    ['the threshold for someone aged 65 to 74', '65to74'],
    ['the threshold for people over 65', '65to74'],
    ['the threshold for 75 and older', '75plus'],
    ['how much can a pensioner earn before paying tax', '65to74'],
  ])('%s → %s', (q, band) => {
    expect(facts(q).ageBand).toBe(band);
  });

  it.each([
    ['medical aid for 3 people', 3],
    ['medical aid for three people', 3],
    ['medical aid for a family of four', 4],
    ['main member and 2 dependants', 3],
    ['main member plus 1 dependant', 2],
    ['main member and one dependant', 2],
    ['main member + 1 dependant', 2],
    ['on medical aid with 2 dependents', 3],
    ['with 2 additional dependants on medical aid', 3],
    ['medical aid 2 members', 2],
    ['4 members on the medical scheme', 4],
    ['medical aid for herself, her husband and 2 kids', 4],
    ['medical aid for himself and his wife', 2],
    ['medical aid main member only', 1],
    ['no medical aid', 0],
    ['without medical aid', 0],
    ['is not on medical aid', 0],
  ])('%s → %d members', (q, n) => {
    expect(facts(`PAYE on R20 000 a month, ${q}`).medicalMembers).toBe(n);
  });

  it('"on medical aid" without a count is noted, not guessed', () => {
    expect(facts('PAYE on R20 000 a month, on medical aid')).toMatchObject({ onMedicalAid: true });
    expect(facts('PAYE on R20 000 a month, on medical aid').medicalMembers).toBeUndefined();
  });

  it.each([
    ['in 2025/26', 2026],
    ['for 2026/27', 2027],
    ['in 2025-26', 2026],
    ['2024/2025 tax year', 2025],
    ['the 2027 tax year', 2027],
    ['for the tax year ending February 2026', 2026],
    ['in the 25/26 tax year', 2026],
  ])('%s → tax year %d', (q, y) => {
    expect(facts(`PAYE on R20 000 a month ${q}`).taxYear).toBe(y);
  });

  it('relative tax years are left for the engine to resolve against today', () => {
    expect(facts('PAYE on R20 000 a month for last tax year').taxYearOffset).toBe(-1);
    expect(facts('PAYE on R20 000 a month this tax year').taxYearOffset).toBe(0);
    expect(facts('What was the minimum wage in 2025?').calendarYear).toBe(2025);
  });
});

describe('numbers that must not be misread', () => {
  it('a year is not an amount', () => {
    expect(facts('PAYE on R20 000 a month in 2026').salary).toBe(20000);
    expect(facts('What changed in 2026 for PAYE?').salary).toBeUndefined();
    expect(facts('tax tables for 2025/26').salary).toBeUndefined();
    expect(facts('PAYE on R20 000 for 2026/27').salary).toBe(20000);
    expect(normalise('2026/27')).toBe('taxyear2027');
  });
  it('an age is not an amount, and people are not rands', () => {
    expect(facts('PAYE for a 45 year old on medical aid for 4 people earning R30 000 a month')).toMatchObject({ age: 45, medicalMembers: 4, salary: 30000 });
    expect(facts('SDL for 4 people earning R10 000 each').salary).toBe(10000);
  });
  it('"R1 500 bonus" is the bonus, not the salary', () => {
    expect(facts('R1 500 bonus on top of R12 000 salary, aged 50')).toMatchObject({ bonus: 1500, salary: 12000, age: 50 });
    expect(facts('salary R12 000 and a bonus of R1 500')).toMatchObject({ bonus: 1500, salary: 12000 });
    expect(facts('13th cheque of R15 000 on a R15 000 monthly salary')).toMatchObject({ bonus: 15000, salary: 15000 });
    expect(facts('R25 000 a month and a R25 000 13th cheque in December')).toMatchObject({ bonus: 25000, salary: 25000 });
    expect(facts('a 13th cheque on R20 000 a month')).toMatchObject({ thirteenthCheque: true, salary: 20000 });
  });
  it('dates, ordinals, percentages and section numbers are not amounts', () => {
    expect(facts('Is the EMP201 for R20 000 due on 7 December?').salary).toBe(20000);
    expect(facts('What is due by the 7th?').salary).toBeUndefined();
    expect(facts('Is UIF 1% for each side?').salary).toBeUndefined();
    expect(facts('section 37 notice for someone employed 9 months')).toMatchObject({ monthsEmployed: 9 });
  });
  it('limits being asked about are not anyone’s pay', () => {
    expect(facts('Is there SDL if my payroll is under R500 000?').salary).toBeUndefined();
    expect(facts('Do employees earning more than R17 712 pay more UIF?').salary).toBeUndefined();
  });
  it('months and years of service are not millions or ages', () => {
    expect(facts('notice for a domestic worker employed 8 months')).toMatchObject({ monthsEmployed: 8, workerType: 'domestic' });
    expect(facts('notice after 3 years of service')).toMatchObject({ monthsEmployed: 36 });
    expect(facts('notice after 3 years of service').age).toBeUndefined();
    expect(facts('notice for someone who worked for me for a year').monthsEmployed).toBe(12);
    expect(facts('employed for 3 weeks').monthsEmployed).toBeCloseTo(0.69, 2);
  });
  it('hours, hourly and daily rates, days', () => {
    expect(facts('Employee paid R25 per hour works 4 hours overtime')).toMatchObject({ hourlyRate: 25, hours: 4 });
    expect(facts('R30/h, 6 hours on a Sunday')).toMatchObject({ hourlyRate: 30, hours: 6, sunday: true });
    expect(facts('is R28 an hour above the minimum wage')).toMatchObject({ hourlyRate: 28 });
    expect(facts('paid R40 p/h for four hours of overtime')).toMatchObject({ hourlyRate: 40, hours: 4 });
    expect(facts('daily wage of R400, 8 hours on a public holiday')).toMatchObject({ dailyWage: 400, hours: 8, publicHoliday: true });
    expect(facts('R300 a day')).toMatchObject({ dailyWage: 300 });
    expect(facts('R5 000 for 180 hours a month')).toMatchObject({ salary: 5000, hoursPerMonth: 180 });
    expect(facts('R5 500 a month for 45 hours a week')).toMatchObject({ salary: 5500, hoursPerWeek: 45 });
    expect(facts('annual leave on a 6-day week')).toMatchObject({ daysPerWeek: 6 });
    expect(facts('someone working 3 days a week')).toMatchObject({ daysPerWeek: 3 });
    expect(facts('Is R4 000 a month for a 45 hour week legal?')).toMatchObject({ salary: 4000, hoursPerWeek: 45 });
    expect(facts('R5 000 pm for a 40-hour week').hoursPerWeek).toBe(40);
    expect(facts('leave after 170 days worked')).toMatchObject({ daysWorked: 170 });
    expect(facts('she normally works Sundays').ordinarilyWorksSunday).toBe(true);
    expect(facts('she does not normally work Sundays').ordinarilyWorksSunday).toBe(false);
  });
  it('the month of employment for ETI', () => {
    expect(facts('ETI in her third month').monthOfEmployment).toBe(3);
    expect(facts('ETI in month 14').monthOfEmployment).toBe(14);
    expect(facts('ETI in his 2nd year').monthOfEmployment).toBe(13);
    expect(facts('ETI for R5 000 pm, in the second 12 months')).toMatchObject({ monthOfEmployment: 13, salary: 5000 });
    expect(facts('ETI for R5 000 pm, in the second 12 months').monthsEmployed).toBeUndefined();
  });
  it('retirement contributions, commission and annual payroll', () => {
    expect(facts('PAYE on R40 000 a month with R3 000 to a retirement annuity')).toMatchObject({ salary: 40000, retirement: 3000 });
    expect(facts('R2 500 pension contribution on R45 000')).toMatchObject({ salary: 45000, retirement: 2500 });
    expect(facts('R200 000 a year with R5 000 a month to a pension fund')).toMatchObject({ salary: 200000, period: 'annual', retirement: 5000, retirementPeriod: 'monthly' });
    expect(facts('UIF on R12 000 salary plus R8 000 commission')).toMatchObject({ salary: 12000, commission: 8000 });
    expect(facts('SDL on R50 000 monthly payroll, annual payroll R600 000')).toMatchObject({ salary: 50000, annualPayroll: 600000 });
    expect(facts('skills levy on R700k annual payroll, this month R58 000')).toMatchObject({ salary: 58000, annualPayroll: 700000 });
    expect(facts('R3 000 travel allowance').salary).toBeUndefined();
    expect(facts('paye 22000 55 medical aid 2')).toMatchObject({ salary: 22000, age: 55, medicalMembers: 2 });
    expect(facts('tax on a R50 000 bonus if I earn R50 000 a month? Im 29').age).toBe(29);
    expect(facts('CTC R600 000 per year, net monthly pay?').ctc).toBe(true);
    expect(facts('What does an employee on R30 000 cost the company?').ctc).toBeUndefined();
  });
});

describe('topics, intents and follow-ups', () => {
  it.each([
    ['What PAYE do I deduct on R20 000 a month?', 'paye'],
    ['monthly tax on 60k salary', 'paye'],
    ['how much income tax on R500k a year', 'paye'],
    ['Net pay on R22 000 gross?', 'payslip'],
    ["What's her take-home on R22 000?", 'payslip'],
    ['What does an employee on R30 000 cost the company?', 'payslip'],
    ['employer and employee UIF on R40 000', 'uif'],
    ['skills levy on R50 000', 'sdl'],
    ['ETI for a 22 year old earning R5 000', 'eti'],
    ['overtime at R25 an hour for 4 hours', 'overtime'],
    ['8 hours on Freedom Day at R40 an hour', 'overtime'],
    ['notice period after 2 years', 'notice'],
    ['is R25 an hour below the minimum wage?', 'minimum-wage'],
    ['Is R27.50 an hour legal?', 'minimum-wage'],
    ['tax threshold for a 70 year old', 'tax-threshold'],
    ['At what income does a 40 year old start paying tax?', 'tax-threshold'],
    ['What is the secondary rebate?', 'tax-threshold'],
    ['how many days annual leave for a 6 day week', 'leave'],
  ])('%s → %s', (q, topic) => {
    expect(parseQuestion(q).topic).toBe(topic);
  });

  it('a threshold about overtime, UIF or SDL is not the tax threshold', () => {
    expect(parseQuestion('What is the BCEA earnings threshold?').topic).not.toBe('tax-threshold');
    expect(parseQuestion('What is the SDL threshold?').topic).toBe('sdl');
  });

  it('a salary with an age or a medical scheme and no other subject is PAYE', () => {
    expect(parseQuestion('a 70 year old on R18 000 with medical aid for himself and his wife').topic).toBe('paye');
    expect(parseQuestion('Someone aged 30 earning R20 000 per month wants to know about leave').topic).not.toBe('paye');
  });

  it('the tax-free part of an allowance or a lump sum is not the tax threshold', () => {
    expect(parseQuestion('What is the tax-free portion of a travel allowance?').topic).toBeNull();
    expect(parseQuestion('tax free amount of a subsistence allowance per day').topic).toBeNull();
    expect(parseQuestion('tax free portion of a retirement lump sum?').topic).toBeNull();
    expect(parseQuestion('What is the tax free amount for a 66 year old?').topic).toBe('tax-threshold');
  });

  it('calculations need their figures; rules are knowledge questions', () => {
    expect(parseQuestion('PAYE on R20 000 a month').intent).toBe('calculate');
    expect(parseQuestion('How is PAYE calculated?').intent).toBe('knowledge');
    expect(parseQuestion('How many weeks of maternity leave are employees entitled to?').intent).toBe('knowledge');
    expect(parseQuestion('How many days sick leave does an employee get?').intent).toBe('calculate');
    expect(parseQuestion('Can an employer refuse annual leave?').intent).toBe('knowledge');
    expect(parseQuestion('notice period for someone employed 9 months').intent).toBe('calculate');
    expect(parseQuestion('What is the notice period?').intent).toBe('knowledge');
  });

  it('follow-ups change one input of the previous calculation', () => {
    expect(parseQuestion('And if she is 66?', paye)).toMatchObject({ followUp: true, topic: 'paye', intent: 'calculate', facts: { age: 66 } });
    expect(parseQuestion('what about R35 000 instead?', paye)).toMatchObject({ followUp: true, facts: { salary: 35000 } });
    expect(parseQuestion('and weekly?', paye)).toMatchObject({ followUp: true, facts: { period: 'weekly' } });
    expect(parseQuestion('And annually?', paye)).toMatchObject({ followUp: true, wantPeriod: 'annual' });
    expect(parseQuestion('with 2 dependants?', paye)).toMatchObject({ followUp: true, facts: { medicalMembers: 3 } });
    expect(parseQuestion('and 70?', paye)).toMatchObject({ followUp: true, facts: { age: 70 } });
    expect(parseQuestion('and for 2025/26?', paye)).toMatchObject({ followUp: true, facts: { taxYear: 2026 } });
    expect(parseQuestion('And the UIF?', paye)).toMatchObject({ followUp: true, topic: 'uif' });
    expect(parseQuestion("what's the net pay?", paye)).toMatchObject({ followUp: true, topic: 'payslip' });
    expect(parseQuestion('what about R31?', { name: 'minimum-wage', input: { hourlyRate: 28 } })).toMatchObject({ facts: { hourlyRate: 31 } });
  });

  it('a new question after a calculation is not a follow-up', () => {
    expect(parseQuestion('UIF on R12 000 a month', paye).followUp).toBe(false);
    expect(parseQuestion('PAYE on R30 000 a month for a 40 year old', paye).followUp).toBe(false);
    expect(parseQuestion('When is the EMP201 due?', paye).followUp).toBe(false);
  });

  it('greetings and off-topic questions', () => {
    for (const q of ['hi', 'Thanks!', 'good morning']) expect(parseQuestion(q).intent, q).toBe('greeting');
    for (const q of ['What is the capital of France?', 'Give me a recipe for bobotie', 'Who won the rugby world cup?', 'Write a python script']) {
      expect(parseQuestion(q).intent, q).toBe('off-topic');
    }
    for (const q of ['When is the EMP201 due?', 'Can sick leave be carried over?', 'Do foreign nationals pay UIF?']) expect(parseQuestion(q).intent, q).toBe('knowledge');
  });
});

describe('calculator inputs', () => {
  const today = new Date('2026-11-23T10:00:00+02:00');
  const plan = (q: string, previous: PreviousCall | null = null) => planCalculation(parseQuestion(q, previous), previous, today);

  it('states every default it fills in', () => {
    const p = plan('PAYE on R20 000?');
    expect(isNeed(p)).toBe(false);
    if (isNeed(p)) return;
    expect(p.steps).toEqual([{ name: 'paye', input: { remuneration: 20000, period: 'monthly', age: 30 } }]);
    expect(p.assumed.join(' ')).toMatch(/monthly pay.*under 65.*no medical scheme.*2026\/27/);
  });

  it('an annual salary gets the monthly deduction too', () => {
    const p = plan('PAYE on R480 000 a year, age 35');
    if (isNeed(p)) throw new Error('needs');
    expect(p.steps.map((s) => [s.input.period, s.input.remuneration])).toEqual([
      ['monthly', 40000],
      ['annual', 480000],
    ]);
  });

  it('a follow-up keeps the rest of the previous call and says so', () => {
    const p = plan('And if she is 66?', paye);
    if (isNeed(p)) throw new Error('needs');
    expect(p.steps[0].input).toMatchObject({ remuneration: 15000, period: 'monthly', age: 66 });
    expect(p.kept.join(' ')).toMatch(/R15 000\.00/);
  });

  it('asks for what it cannot assume', () => {
    expect(plan('How much overtime pay for 5 hours?')).toMatchObject({ need: expect.stringMatching(/hourly wage/) });
    expect(plan('PAYE on a R10 000 bonus')).toMatchObject({ need: expect.stringMatching(/regular salary/) });
  });
});

describe('passages', () => {
  const article = [
    '# EMP201 monthly return',
    '',
    'The **EMP201** is the monthly declaration. It is accompanied by payment of the month’s taxes.',
    '',
    '## The deadline',
    '',
    'The EMP201 must be submitted and paid by the 7th of the following month.',
    '',
    '## Tips',
    '',
    '- Pay and submit together.',
    "- Don't wait for the 7th.",
    '',
    '> Note: check public holidays.',
    '',
    '## Sources',
    '- SARS, EMP201 due dates',
  ].join('\n');

  it('keeps the words that carry the question, with other ways of saying them', () => {
    expect(meaningfulWords('How many weeks of maternity leave are employees entitled to?')).toEqual(['week|month|day', 'materni', 'leave']);
    expect(meaningfulWords('When is the EMP 201 due?')).toEqual(['emp201', 'due|deadlin']);
    expect(stem('deadlines')).toBe(stem('deadline'));
    expect(stem('submitted')).toBe('submit');
    expect(stem('bonus')).toBe('bonus');
    expect(searchText('Do I pay SDL if my annual payroll is R400 000?')).toBe('Do I pay SDL if my annual payroll is ?');
    expect(searchText('When are IRP5s due?')).toBe('When are IRP5 due?');
  });

  it('knows what kind of answer a question wants', () => {
    expect(askOf('When is the EMP201 due?')).toBe('when');
    expect(askOf('What is the UIF ceiling?')).toBe('amount');
    expect(askOf('What is the notice period?')).toBe('amount');
    expect(askOf('Who is excluded from UIF?')).toBe('who');
    expect(askOf('How is a bonus taxed?')).toBe('how');
  });

  it('picks the passage that answers, not the introduction, the tips or the sources', () => {
    const p = bestPassage(article, 'When is the EMP201 payment due?');
    expect(p.passage).toBe('The EMP201 must be submitted and paid by the 7th of the following month.');
    expect(p.coverage).toBeGreaterThanOrEqual(0.5);
    expect(bestPassage(article, 'Where do the EMP201 due dates come from?').passage).not.toMatch(/SARS, EMP201 due dates/);
  });

  it('writes spelled-out counts as figures', () => {
    expect(countsInFigures('entitled to **four consecutive months** of leave and three days')).toBe('entitled to **4 consecutive months** of leave and 3 days');
  });
});
