import { describe, expect, it } from 'vitest';
import { parseQuestion } from '../../../src/assistant/parse';
import { countsInFigures, meaningfulWords } from '../../../src/assistant/passages';
import { searchText } from '../../../src/assistant/builtin';

const facts = (q: string) => parseQuestion(q).facts;

describe('the question parser reads amounts the way people write them', () => {
  it.each([
    ['PAYE on R28 500 a month', 28500],
    ['PAYE on R28,500 a month', 28500],
    ['PAYE on 28500 a month', 28500],
    ['PAYE on 28.5k a month', 28500],
    ['PAYE on R 28 500.00 a month', 28500],
    ['PAYE on R28 500.50 a month', 28500.5],
    ['tax on a R1.2m annual salary', 1_200_000],
    ['tax on R1 250 000 per year', 1_250_000],
    ['she earns 60k', 60000],
    ['R12 000 salary', 12000],
  ])('%s → %d', (q, salary) => {
    expect(facts(q).salary).toBe(salary);
  });

  it.each([
    ['R20 000 a month', 'monthly'],
    ['R20 000 per month', 'monthly'],
    ['R20 000 pm', 'monthly'],
    ['R20 000 p/m', 'monthly'],
    ['monthly salary of R20 000', 'monthly'],
    ['R5 000 a week', 'weekly'],
    ['R5 000 weekly', 'weekly'],
    ['R9 000 a fortnight', 'fortnightly'],
    ['R9 000 every two weeks', 'fortnightly'],
    ['R9 000 biweekly', 'fortnightly'],
    ['R400 000 per year', 'annual'],
    ['R400 000 per annum', 'annual'],
    ['annual salary R400 000', 'annual'],
  ])('%s → %s', (q, period) => {
    expect(facts(`PAYE on ${q}`).period).toBe(period);
  });
});

describe('ages, medical scheme members and tax years', () => {
  it.each([
    ['for a 67-year-old', 67],
    ['for a 67 year old', 67],
    ['aged 50', 50],
    ['age 45', 45],
    ['a pensioner of 76', 76],
    ['she is 66', 66],
    ['he is 70 years old', 70],
    ['employee (33 years old)', 33],
  ])('%s → age %d', (q, age) => {
    expect(facts(`PAYE on R20 000 a month ${q}`).age).toBe(age);
  });

  it.each([
    ['medical aid for 3 people', 3],
    ['medical aid for three people', 3],
    ['main member and 2 dependants', 3],
    ['main member plus 1 dependant', 2],
    ['on medical aid with 2 dependents', 3],
    ['no medical aid', 0],
    ['without medical aid', 0],
    ['4 members on the medical scheme', 4],
  ])('%s → %d members', (q, n) => {
    expect(facts(`PAYE on R20 000 a month, ${q}`).medicalMembers).toBe(n);
  });

  it.each([
    ['in 2025/26', 2026],
    ['for 2026/27', 2027],
    ['2024/2025 tax year', 2025],
    ['the 2027 tax year', 2027],
  ])('%s → tax year %d', (q, y) => {
    expect(facts(`PAYE on R20 000 a month ${q}`).taxYear).toBe(y);
  });
});

describe('numbers that must not be misread', () => {
  it('a year is not an amount', () => {
    expect(facts('PAYE on R20 000 a month in 2026').salary).toBe(20000);
    expect(facts('What changed in 2026 for PAYE?').salary).toBeUndefined();
    expect(facts('tax tables for 2025/26').salary).toBeUndefined();
  });
  it('an age is not an amount, and people are not rands', () => {
    const f = facts('PAYE for a 45 year old on medical aid for 4 people earning R30 000 a month');
    expect(f).toMatchObject({ age: 45, medicalMembers: 4, salary: 30000 });
  });
  it('"R1 500 bonus" is a bonus, not the salary', () => {
    expect(facts('R1 500 bonus on top of R12 000 salary, aged 50')).toMatchObject({ bonus: 1500, salary: 12000, age: 50 });
    expect(facts('salary R12 000 and a bonus of R1 500')).toMatchObject({ bonus: 1500, salary: 12000 });
    expect(facts('13th cheque of R15 000 on a R15 000 monthly salary')).toMatchObject({ bonus: 15000, salary: 15000 });
  });
  it('months and years of service are not millions or ages', () => {
    expect(facts('notice for a domestic worker employed 8 months')).toMatchObject({ monthsEmployed: 8, workerType: 'domestic' });
    expect(facts('notice after 3 years of service').monthsEmployed).toBe(36);
    expect(facts('notice after 3 years of service').age).toBeUndefined();
  });
  it('hourly rates and hours', () => {
    expect(facts('Employee paid R25 per hour works 4 hours overtime')).toMatchObject({ hourlyRate: 25, hours: 4 });
    expect(facts('R30/h, 6 hours on a Sunday')).toMatchObject({ hourlyRate: 30, hours: 6, sunday: true });
    expect(facts('is R28 an hour above the minimum wage')).toMatchObject({ hourlyRate: 28 });
  });
  it('retirement contributions, commission and annual payroll', () => {
    expect(facts('PAYE on R40 000 a month with R3 000 to a retirement annuity')).toMatchObject({ salary: 40000, retirement: 3000 });
    expect(facts('UIF on R12 000 salary plus R8 000 commission')).toMatchObject({ salary: 12000, commission: 8000 });
    expect(facts('SDL on R50 000 monthly payroll, annual payroll R600 000')).toMatchObject({ salary: 50000, annualPayroll: 600000 });
  });
});

describe('topics, follow-ups and off-topic questions', () => {
  it.each([
    ['What PAYE do I deduct on R20 000 a month?', 'paye'],
    ['monthly tax on 60k salary', 'paye'],
    ['Net pay on R22 000 gross?', 'payslip'],
    ["What's her take-home on R22 000?", 'payslip'],
    ['employer and employee UIF on R40 000', 'uif'],
    ['skills levy on R50 000', 'sdl'],
    ['ETI for a 22 year old earning R5 000', 'eti'],
    ['overtime at R25 an hour for 4 hours', 'overtime'],
    ['notice period after 2 years', 'notice'],
    ['is R25 an hour below the minimum wage?', 'minimum-wage'],
    ['tax threshold for a 70 year old', 'tax-threshold'],
    ['how many days annual leave for a 6 day week', 'leave'],
  ])('%s → %s', (q, topic) => {
    expect(parseQuestion(q).topic).toBe(topic);
  });

  it('follow-ups are recognised', () => {
    for (const q of ['And if she is 66?', 'what about R35 000 instead?', 'and weekly?', 'What if she has 2 dependants?']) expect(parseQuestion(q).followUp, q).toBe(true);
    expect(parseQuestion('What PAYE do I deduct on R20 000 a month for a 33-year-old?').followUp).toBe(false);
  });

  it('off-topic questions have no payroll words', () => {
    for (const q of ['What is the capital of France?', 'Give me a recipe for bobotie', 'Who won the rugby world cup?']) expect(parseQuestion(q).payroll, q).toBe(false);
    for (const q of ['When is the EMP201 due?', 'How many days of sick leave?', 'Do foreign nationals pay UIF?']) expect(parseQuestion(q).payroll, q).toBe(true);
  });
});

describe('passages', () => {
  it('keeps the words that carry the question', () => {
    expect(meaningfulWords('How many weeks of maternity leave are employees entitled to?')).toEqual(['week', 'materni', 'leave']);
    expect(searchText('When is the EMP501 interim reconciliation due?')).toBe('emp501 interim reconciliation due');
  });
  it('writes spelled-out counts as figures', () => {
    expect(countsInFigures('entitled to **four consecutive months** of leave and three days')).toBe('entitled to **4 consecutive months** of leave and 3 days');
  });
});
