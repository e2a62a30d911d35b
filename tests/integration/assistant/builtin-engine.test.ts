import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createBuiltinEngine, DONT_KNOW_ANSWER, GREETING_ANSWER, OFF_TOPIC_ANSWER, THANKS_ANSWER } from '../../../src/assistant/builtin';
import { knowledgeTools, runCalculator } from '../../../src/assistant/tools';
import type { AssistantEngine, ArticleContext, EngineEvent, EngineTurn } from '../../../src/assistant/types';
import type { Reading } from '../../../src/assistant/reading';
import type { SourceDTO, ToolCallDTO } from '../../../src/schemas/chat';
import { useTestApp } from '../../helpers/app';

// The built-in engine against the real knowledge service (the shipped articles), on the shared sample
// questions and on questions of our own in the same style. Expected figures come from the golden cases or
// from the calculators run on what the question states, so the tests check the reading, not the maths.
const today = new Date('2026-11-23T10:00:00+02:00');
const fixtures = path.resolve('tests/fixtures');

interface Case {
  id: string;
  turns: string[];
  figure?: number;
  alsoFigure?: number;
  words?: string;
  citeTitle?: string;
  refuse?: boolean;
}
const samples = (JSON.parse(fs.readFileSync(path.join(fixtures, 'sample-questions.json'), 'utf8')) as { cases: Case[] }).cases;
const golden = (
  JSON.parse(fs.readFileSync(path.join(fixtures, 'golden-payroll.json'), 'utf8')) as {
    cases: { id: string; expected: Record<string, number | boolean> }[];
  }
).cases;
const g = (id: string, key: string) => Number(golden.find((c) => c.id === id)!.expected[key]);
const calc = (name: string, input: Record<string, unknown>, key: string) =>
  Number((runCalculator(name, input, today).result as Record<string, unknown>)[key]);

/** Every rand amount written in an answer: R 2 771.25, R2 771.25, R2,771.25, R2771.25, R2 115. */
function randsIn(text: string): number[] {
  const out: number[] = [];
  for (const m of text.matchAll(/R\s?(\d{1,3}(?:[ ,\u00a0\u202f]\d{3})+|\d+)(?:\.(\d{2}))?(?!\d)/g)) {
    out.push(Number(m[1].replace(/[ ,\u00a0\u202f]/g, '')) + (m[2] ? Number(m[2]) / 100 : 0));
  }
  return out;
}
const states = (text: string, figure: number) => randsIn(text).some((v) => Math.abs(v - figure) < 0.005);

interface Answer {
  text: string;
  sources: SourceDTO[];
  tools: ToolCallDTO[];
  deltas: number;
  reading: Reading | null;
}

describe('built-in engine', () => {
  let engine: AssistantEngine;
  const t = useTestApp('pglite');
  beforeAll(async () => {
    engine = createBuiltinEngine({ knowledge: knowledgeTools(t.services.knowledge) });
  });

  async function ask(
    question: string,
    history: EngineTurn[] = [],
    article: ArticleContext | null = null,
    signal = new AbortController().signal,
  ): Promise<Answer> {
    const a: Answer = { text: '', sources: [], tools: [], deltas: 0, reading: null };
    for await (const e of engine.answer({ question, history, article, today, signal }) as AsyncIterable<EngineEvent>) {
      if (e.type === 'delta') {
        a.text += e.text;
        a.deltas++;
      }
      if (e.type === 'tool') a.tools.push(e.call);
      if (e.type === 'sources') a.sources.push(...e.sources);
      if (e.type === 'reading') a.reading = e.reading;
    }
    return a;
  }

  /** Asks each turn with the ones before as history (their answers and tool calls included); returns the last answer. */
  async function conversation(turns: string[]): Promise<Answer> {
    const history: EngineTurn[] = [];
    let last!: Answer;
    for (const q of turns) {
      last = await ask(q, [...history]);
      history.push(
        { role: 'user', content: q },
        { role: 'assistant', content: last.text, toolCalls: last.tools, sources: last.sources, reading: last.reading },
      );
    }
    return last;
  }

  /** The checks of sample-questions.json's `about`, plus: every cited article is linked in the answer. */
  function check(c: Case, a: Answer): void {
    const why = `${c.id} ${c.turns.join(' → ')}\n${a.text}\nsources: ${a.sources.map((s) => s.title).join(' | ')}`;
    if (c.figure !== undefined) expect(states(a.text, c.figure), `${why}\nexpected R${c.figure}`).toBe(true);
    if (c.alsoFigure !== undefined) expect(states(a.text, c.alsoFigure), `${why}\nexpected also R${c.alsoFigure}`).toBe(true);
    if (c.words) expect(a.text, why).toMatch(new RegExp(c.words, 'i'));
    if (c.citeTitle)
      expect(
        a.sources.some((s) => new RegExp(c.citeTitle!, 'i').test(s.title)),
        why,
      ).toBe(true);
    if (c.refuse) {
      expect(a.text, why).not.toMatch(/\d/);
      expect(a.sources, why).toEqual([]);
      expect(a.text, why).toMatch(/payroll|PAYE|UIF|help/i);
    }
    for (const s of a.sources) expect(a.text, why).toContain(`/knowledge/article/${s.id}`);
  }

  describe('the shared sample questions', () => {
    it.each(samples.map((c) => [c.id, c] as const))('%s', async (_id, c) => {
      check(c, await conversation(c.turns));
    });
  });

  // Our own questions in the same style. `figure` from the golden cases (g) or the calculators (calc).
  const OWN: Case[] = [
    // PAYE: phrasings, periods, ages, medical members, retirement, bonuses, tax years.
    {
      id: 'P01',
      turns: ['How much tax must be deducted from a salary of R45,000 per month for a 52 year old?'],
      figure: calc('paye', { period: 'monthly', remuneration: 45000, age: 52 }, 'paye'),
      citeTitle: 'PAYE',
    },
    {
      id: 'P40',
      turns: ['R35 000 salary plus R5 000 commission - PAYE?'],
      figure: calc('paye', { period: 'monthly', remuneration: 40000, age: 30 }, 'paye'),
      words: 'commission',
    },
    {
      id: 'P41',
      turns: ['paye 22000 55 medical aid 2'],
      figure: calc('paye', { period: 'monthly', remuneration: 22000, age: 55, medicalMembers: 2 }, 'paye'),
    },
    {
      id: 'P42',
      turns: ['gross R18 000, what are the deductions?'],
      figure: calc('paye', { period: 'monthly', remuneration: 18000, age: 30 }, 'paye'),
      alsoFigure: 180,
    },
    { id: 'P43', turns: ['CTC R600 000 per year — what is the net monthly pay?'], words: 'cost to company is the gross pay' },
    {
      id: 'P44',
      turns: ['a 70 year old on R18 000 with medical aid for himself and his wife'],
      figure: calc('paye', { period: 'monthly', remuneration: 18000, age: 70, medicalMembers: 2 }, 'paye'),
    },
    {
      id: 'P02',
      turns: ['paye 35k pm 70yo'],
      figure: calc('paye', { period: 'monthly', remuneration: 35000, age: 70 }, 'paye'),
      citeTitle: '65|PAYE',
    },
    {
      id: 'P03',
      turns: ['Employee is 68, earns R40 000 per month and has medical aid for himself and his wife. PAYE?'],
      figure: calc('paye', { period: 'monthly', remuneration: 40000, age: 68, medicalMembers: 2 }, 'paye'),
      citeTitle: 'PAYE|65',
    },
    {
      id: 'P04',
      turns: ['What is the monthly PAYE on an annual salary of R245 100 for a 35-year-old?'],
      figure: g('PAYE-2027-005', 'monthly_paye'),
      alsoFigure: g('PAYE-2027-005', 'annual_tax'),
      citeTitle: 'PAYE',
    },
    { id: 'P05', turns: ['PAYE on a R245 101 annual salary, age 35'], figure: g('PAYE-2027-006', 'monthly_paye'), citeTitle: 'PAYE' },
    {
      id: 'P06',
      turns: ['How much PAYE does someone earning R1 878 600 a year pay monthly? She is 35.'],
      figure: g('PAYE-2027-013', 'monthly_paye'),
    },
    { id: 'P07', turns: ['PAYE on R8 251 a month for a 35 year old'], figure: g('PAYE-2027-003', 'monthly_paye') },
    {
      id: 'P08',
      turns: ['How much PAYE is payable on R30 000 for a 74-year-old?'],
      figure: g('PAYE-2027-017', 'monthly_paye'),
      citeTitle: '65|75',
    },
    { id: 'P09', turns: ['monthly PAYE for a 67 year old on R153 300 per annum'], figure: g('PAYE-2027-020', 'monthly_paye') },
    {
      id: 'P10',
      turns: ['PAYE on R9 000 pm, age 35, main member plus 1 dependant on medical aid'],
      figure: g('PAYE-2027-023', 'monthly_paye'),
      citeTitle: 'medical|PAYE',
    },
    {
      id: 'P11',
      turns: ['Calculate PAYE for R20 000 a month, 35 years old, medical aid main member only'],
      figure: g('PAYE-2027-024', 'monthly_paye'),
    },
    {
      id: 'P12',
      turns: ['PAYE on R20 000 a month for a 35 year old who puts R6 000 a month into a retirement annuity'],
      figure: g('PAYE-2027-026', 'monthly_paye'),
      citeTitle: 'retirement|PAYE',
    },
    {
      id: 'P13',
      turns: ['What was the monthly PAYE on R400 000 a year in the 2025/26 tax year, age 35?'],
      figure: g('PAYE-2026-002', 'monthly_paye'),
    },
    {
      id: 'P14',
      turns: ['2025/26 PAYE: R30 000 a month, 35 years old, medical aid for the main member, spouse and 2 children'],
      figure: g('PAYE-2026-006', 'monthly_paye'),
    },
    {
      id: 'P15',
      turns: ['PAYE for 2025/26 on an annual salary of R200 000 with R5 000 a month to a pension fund, age 35'],
      figure: g('PAYE-2026-007', 'monthly_paye'),
    },
    {
      id: 'P16',
      turns: ['PAYE on R200 000 a month with R40 000 a month retirement contributions, 2025/26, age 35'],
      figure: g('PAYE-2026-008', 'monthly_paye'),
    },
    {
      id: 'P17',
      turns: ['Monthly PAYE in the 2024/25 tax year for a 66-year-old on R148 217 per year'],
      figure: g('PAYE-2025-002', 'monthly_paye'),
    },
    {
      id: 'P18',
      turns: ['Our employee gets R25 000 a month and a R25 000 13th cheque in December. How much PAYE in December? She is 35.'],
      figure: calc('paye', { period: 'monthly', remuneration: 25000, age: 35, bonus: 25000 }, 'paye'),
      citeTitle: 'bonus|13th',
    },
    {
      id: 'P19',
      turns: ['Work out PAYE for R22 500 fortnightly, employee 31'],
      figure: calc('paye', { period: 'fortnightly', remuneration: 22500, age: 31 }, 'paye'),
      citeTitle: 'weekly|fortnight|PAYE',
    },
    {
      id: 'P20',
      turns: ['My employee earns R9 500 per week, she is 44. PAYE?'],
      figure: calc('paye', { period: 'weekly', remuneration: 9500, age: 44 }, 'paye'),
    },
    {
      id: 'P21',
      turns: ['PAYE on R28 500 a month for a 67-year-old with medical aid for 3 people'],
      figure: calc('paye', { period: 'monthly', remuneration: 28500, age: 67, medicalMembers: 3 }, 'paye'),
    },
    {
      id: 'P22',
      turns: ['tax on R 28 500.00 p/m, pensioner of 76, medical aid with 2 dependants'],
      figure: calc('paye', { period: 'monthly', remuneration: 28500, age: 76, medicalMembers: 3 }, 'paye'),
    },
    {
      id: 'P23',
      turns: ['PAYE on 28.5k a month for last tax year, age 40'],
      figure: calc('paye', { period: 'monthly', remuneration: 28500, age: 40, taxYear: 2026 }, 'paye'),
    },
    {
      id: 'P24',
      turns: ['Net pay for R35 000 a month, 45, medical aid main member + 1 dependant, R3 000 retirement annuity'],
      figure: calc(
        'payslip',
        { period: 'monthly', remuneration: 35000, age: 45, medicalMembers: 2, retirementContributions: 3000 },
        'netPay',
      ),
      citeTitle: 'net|payslip',
    },
    {
      id: 'P25',
      turns: ['What does an employee on R30 000 a month cost the company?'],
      figure: calc('payslip', { period: 'monthly', remuneration: 30000, age: 30 }, 'employerCost'),
    },
    {
      id: 'P26',
      turns: ['what would a 60 year old take home on R65 000 a month with medical aid for 2'],
      figure: calc('payslip', { period: 'monthly', remuneration: 65000, age: 60, medicalMembers: 2 }, 'netPay'),
    },
    { id: 'P27', turns: ['PAYE on R20 000?'], figure: 2115, words: 'assumed[\\s\\S]*monthly pay[\\s\\S]*under 65' },
    {
      id: 'P28',
      turns: ['What PAYE and UIF must I deduct from R20 000 a month for a 30 year old?'],
      figure: calc('payslip', { remuneration: 20000, age: 30 }, 'paye'),
      alsoFigure: calc('payslip', { remuneration: 20000, age: 30 }, 'uifEmployee'),
    },
    {
      id: 'P29',
      turns: ['What does the employer pay in UIF and SDL on R30 000 a month?'],
      figure: calc('payslip', { remuneration: 30000, age: 30 }, 'sdl'),
      alsoFigure: calc('payslip', { remuneration: 30000, age: 30 }, 'uifEmployer'),
    },
    {
      id: 'P30',
      turns: ['How much tax will a 65 year old pay on R200 000 a year?'],
      figure: calc('paye', { period: 'annual', remuneration: 200000, age: 65 }, 'paye'),
      citeTitle: '65',
    },
    {
      id: 'P31',
      turns: ['what is the paye for R18 000 p/m for someone who is 30'],
      figure: calc('paye', { period: 'monthly', remuneration: 18000, age: 30 }, 'paye'),
    },
    {
      id: 'P32',
      turns: ['Employee aged 55 earns 40000 per month. Medical aid: 2 adults and 1 child. What PAYE?'],
      figure: calc('paye', { period: 'monthly', remuneration: 40000, age: 55, medicalMembers: 3 }, 'paye'),
    },
    // UIF, SDL, ETI.
    { id: 'U01', turns: ['How much UIF do I pay for my gardener who earns R2 000 a month?'], figure: 20, alsoFigure: 40, citeTitle: 'UIF' },
    {
      id: 'U02',
      turns: ['Annual UIF on R30 000 a month'],
      figure: g('UIF-001', 'uif_employee_annual'),
      alsoFigure: g('UIF-001', 'uif_total_annual'),
      citeTitle: 'UIF',
    },
    {
      id: 'U03',
      turns: ['UIF on R12 000 salary plus R8 000 commission'],
      figure: g('UIF-002', 'uif_employee'),
      citeTitle: 'commission|UIF',
    },
    { id: 'U04', turns: ['What is the total UIF payable on a salary of R100 000 per month?'], figure: 354.24, alsoFigure: 177.12 },
    { id: 'U05', turns: ['UIF for a part-time worker earning R1 500 who works 20 hours a month'], figure: 0, words: '24 hours' },
    {
      id: 'D01',
      turns: ['How much SDL per year on an annual payroll of R600 000?'],
      figure: g('SDL-002', 'sdl_annual'),
      citeTitle: 'SDL|skills',
    },
    { id: 'D02', turns: ['SDL for a company with R450 000 annual payroll?'], figure: 0, words: 'exempt', citeTitle: 'SDL|skills' },
    { id: 'D04', turns: ['Does SDL apply to a company with 3 employees earning R10 000 each?'], figure: 360000, words: 'exempt' },
    {
      id: 'D05',
      turns: ['SDL for 5 staff on R15 000 a month each'],
      figure: calc('sdl', { remuneration: 75000, annualPayroll: 900000 }, 'sdl'),
    },
    { id: 'D03', turns: ['How much SDL on a payroll of R80 000 a month?'], figure: 800 },
    {
      id: 'E01',
      turns: ['Can I claim ETI for a 24 year old earning R5 000 in her third month?'],
      figure: g('ETI-001', 'eti_monthly'),
      citeTitle: 'ETI|incentive',
    },
    { id: 'E02', turns: ['ETI for a 24-year-old on R5 000 a month in month 15 of employment'], figure: g('ETI-002', 'eti_monthly') },
    { id: 'E03', turns: ['ETI on R6 000 for a 22-year-old in his first month'], figure: g('ETI-003', 'eti_monthly') },
    { id: 'E04', turns: ['ETI on R6 000 for a 22-year-old in month 13'], figure: g('ETI-004', 'eti_monthly') },
    { id: 'E05', turns: ['employment tax incentive: R7 000 a month, aged 27, 6th month'], figure: g('ETI-005', 'eti_monthly') },
    { id: 'E06', turns: ['ETI for someone earning R7 500 a month aged 25 in month 2'], figure: g('ETI-007', 'eti_monthly') },
    { id: 'E07', turns: ['ETI for a 30 year old on R5 000 in month 3'], figure: g('ETI-009', 'eti_monthly') },
    {
      id: 'E09',
      turns: ['ETI for a 24 year old paid R5 000 pm, in the second 12 months'],
      figure: g('ETI-002', 'eti_monthly'),
      words: 'second 12-month rates',
    },
    { id: 'E08', turns: ['ETI for a 20 year old paid R2 500 for 80 hours in month 1'], figure: g('ETI-012', 'eti_monthly') },
    // Overtime, Sunday and public holiday pay.
    {
      id: 'O01',
      turns: ['What is overtime pay for 8 hours at R50 an hour?'],
      figure: g('BCEA-002', 'overtime_pay'),
      citeTitle: 'overtime',
    },
    {
      id: 'O02',
      turns: ['Employee paid R50/h works 8 hours on a Sunday; she does not normally work Sundays'],
      figure: g('BCEA-003', 'sunday_pay'),
      citeTitle: 'sunday',
    },
    {
      id: 'O03',
      turns: ['Employee works 8 hours on a Sunday at R50 an hour and normally works Sundays. Pay?'],
      figure: g('BCEA-004', 'sunday_pay'),
    },
    {
      id: 'O04',
      turns: ['How much must I pay for 8 hours on a public holiday if the daily wage is R400 and the hourly rate R50?'],
      figure: g('BCEA-005', 'public_holiday_pay_minimum'),
      citeTitle: 'holiday',
    },
    {
      id: 'O06',
      turns: ['Worker earns R200 a day and works on a public holiday. How much must I pay?'],
      figure: 400,
      words: '^(?![\\s\\S]*earlier question)[\\s\\S]*full ordinary day of 8 hours',
      citeTitle: 'holiday',
    },
    {
      id: 'O07',
      turns: ['overtime for someone earning R15 000 a month who worked 5 hours extra'],
      words: 'I need the hourly wage',
      citeTitle: 'overtime',
    },
    {
      id: 'O05',
      turns: ['Overtime for someone on R22 000 a month working 5 hours overtime at R120 an hour'],
      figure: 900,
      words: 'above the threshold',
    },
    // Leave, notice, minimum wage.
    { id: 'M11', turns: ['Is R4 000 a month for a 45 hour week legal?'], words: 'R20\\.51 an hour is below the national minimum wage' },
    { id: 'M10', turns: ['Can I pay a domestic worker R25 an hour?'], figure: 30.23, words: 'below the national minimum wage' },
    {
      id: 'L01',
      turns: ['How many days annual leave per year on a 5 day week?'],
      words: '\\b15 (working )?days',
      citeTitle: 'annual leave',
    },
    { id: 'L02', turns: ['How much leave does an employee accrue per month?'], words: '1\\.25 days' },
    { id: 'L03', turns: ['sick leave in the first 6 months for someone who worked 130 days'], words: '\\b5 days', citeTitle: 'sick' },
    { id: 'L04', turns: ['How many leave days after 170 days worked?'], words: '\\b10 days' },
    {
      id: 'L05',
      turns: ['How many days sick leave in a 3 year cycle for someone working 6 days a week?'],
      words: '\\b36 days',
      citeTitle: 'sick',
    },
    {
      id: 'L06',
      turns: ['Is a worker employed 3 months entitled to family responsibility leave?'],
      words: 'none|not entitled|more than 4 months',
      citeTitle: 'family',
    },
    {
      id: 'L07',
      turns: ['How many days family responsibility leave for someone employed 5 months?'],
      words: '\\b3 days',
      citeTitle: 'family',
    },
    { id: 'N01', turns: ['How much notice for an employee with 3 years service?'], words: '\\b4 weeks', citeTitle: 'notice' },
    { id: 'N02', turns: ['Notice period for a farm worker after 7 months'], words: '\\b4 weeks' },
    { id: 'N03', turns: ['notice period for someone who has worked 5 months'], words: '\\b1 week\\b' },
    { id: 'N04', turns: ["What's the notice period for an employee with 9 months service?"], words: '\\b2 weeks' },
    {
      id: 'M01',
      turns: ['I pay R4 000 for 160 hours, is that above minimum wage?'],
      figure: g('NMW-003', 'monthly_shortfall'),
      alsoFigure: g('NMW-003', 'shortfall_per_hour'),
      words: 'below',
      citeTitle: 'minimum wage',
    },
    { id: 'M02', turns: ['Is R27.50 an hour legal?'], figure: 30.23, words: 'below' },
    {
      id: 'M03',
      turns: ['What was the minimum wage in 2025, per month?'],
      figure: g('NMW-001', 'monthly_minimum_4_333_weeks'),
      alsoFigure: 28.79,
    },
    {
      id: 'M04',
      turns: ["What's the monthly minimum wage for a domestic worker?"],
      figure: g('NMW-002', 'monthly_minimum_4_333_weeks'),
      alsoFigure: 30.23,
      citeTitle: 'minimum wage',
    },
    // Leave pay, deadlines and allowances (calculators added with the rebuilt engine).
    {
      id: 'LP1',
      turns: ['She resigned with 8.75 days leave owed and earns R18 000 a month. How much leave pay?'],
      figure: 7269.23,
      alsoFigure: 830.77,
      citeTitle: 'termination',
    },
    {
      id: 'LP2',
      turns: ['leave pay for 10 days on R24 000 a month', 'and if it was 12 days?'],
      figure: calc('leave-pay', { remuneration: 24000, days: 12 }, 'value'),
    },
    { id: 'DL1', turns: ['When is the EMP201 for November 2026 due?'], words: 'Monday 7 December 2026', citeTitle: 'EMP201' },
    { id: 'DL2', turns: ['When is the EMP201 for October due?'], words: 'Friday 6 November 2026', citeTitle: 'EMP201' },
    { id: 'TA1', turns: ['PAYE on a R30 000 salary plus a R5 000 travel allowance, age 45'], figure: 5824.75, citeTitle: 'travel|PAYE' },
    { id: 'TA2', turns: ['R5 000 travel allowance and a R30 000 salary, 45 years old. PAYE?'], figure: 5824.75 },
    {
      id: 'AL1',
      turns: ['Started 7 months ago on a 5 day week, how much leave has he accrued?'],
      words: '8\\.75 days',
      citeTitle: 'annual leave',
    },
    { id: 'UL1', turns: ['UIF for my three staff on R8 000, R15 500 and R31 000 a month'], figure: 80, alsoFigure: 177.12 },
    {
      id: 'NIL',
      turns: ['PAYE on R9 000 a month for a 40 year old with medical aid for 4'],
      figure: 0,
      words: 'medical scheme fees tax credit',
    },
    // Thresholds, rebates, medical credits.
    { id: 'T01', turns: ["What's the tax threshold for 75 and older?"], figure: 171300, citeTitle: 'threshold|rebate' },
    { id: 'T02', turns: ['How much can a pensioner earn before paying tax?'], figure: 153250 },
    { id: 'T03', turns: ['What is the secondary rebate?'], figure: 9765, citeTitle: 'rebate' },
    { id: 'T04', turns: ['What is the tax free threshold for 2025/26 under 65?'], figure: 95750 },
    {
      id: 'T05',
      turns: ['How much is the medical tax credit for 5 people?'],
      figure: g('MED-002', 'medical_credit_monthly'),
      alsoFigure: g('MED-002', 'medical_credit_annual'),
      citeTitle: 'medical',
    },
    {
      id: 'T06',
      turns: ['What was the medical aid tax credit for a main member and one dependant in 2025/26?'],
      figure: g('MED-001', 'medical_credit_monthly'),
    },
    // Factual questions.
    { id: 'F01', turns: ['When is the EMP201 payment due?'], words: '7th', citeTitle: 'EMP201' },
    { id: 'F02', turns: ['When must the EMP501 annual reconciliation be submitted?'], words: '31 May', citeTitle: 'EMP501' },
    { id: 'F03', turns: ['When are IRP5s due to employees?'], words: '60 days|31 May|14 days', citeTitle: 'IRP5' },
    { id: 'F04', turns: ['What is the UIF ceiling?'], figure: 17712, citeTitle: 'UIF' },
    { id: 'F05', turns: ['What is the maximum UIF contribution per month?'], figure: 177.12, citeTitle: 'UIF' },
    { id: 'F06', turns: ['How many days sick leave does an employee get?'], words: '30 days', citeTitle: 'sick' },
    { id: 'F07', turns: ['How many days family responsibility leave does an employee get?'], words: '3 days', citeTitle: 'family' },
    { id: 'F08', turns: ['How long is maternity leave?'], words: '4 (consecutive )?months', citeTitle: 'maternity' },
    { id: 'F09', turns: ['What is the BCEA earnings threshold?'], figure: 261748.45, citeTitle: 'threshold' },
    { id: 'F10', turns: ['What is the SDL rate?'], words: '1%', citeTitle: 'SDL|skills' },
    { id: 'F11', turns: ["Is SDL deducted from the employee's salary?"], words: 'employer', citeTitle: 'SDL|skills' },
    { id: 'F12', turns: ['Do domestic workers qualify for UIF?'], words: 'covered|contribut', citeTitle: 'domestic' },
    { id: 'F13', turns: ['What is the maximum overtime per week?'], words: '10 hours', citeTitle: 'overtime|hours' },
    { id: 'F14', turns: ['What is the penalty for a late EMP501?'], words: '1%|10%', citeTitle: 'EMP501' },
    { id: 'F15', turns: ['Do I have to deduct UIF from a foreign national?'], words: 'contribut|deduct', citeTitle: 'foreign' },
    { id: 'F16', turns: ['What is the notice period under the BCEA?'], words: '4 weeks', citeTitle: 'notice' },
    { id: 'F17', turns: ['How is a 13th cheque taxed?'], words: 'bonus', citeTitle: 'bonus|13th' },
    { id: 'F18', turns: ['What is the minimum wage per hour?'], figure: 30.23, citeTitle: 'minimum wage' },
    { id: 'F19', turns: ['When is the interim EMP501 due?'], words: '31 October', citeTitle: 'EMP501|reconciliation' },
    { id: 'F20', turns: ['When are provisional tax payments due?'], words: '31 August|August', citeTitle: 'provisional' },
    {
      id: 'F21',
      turns: ['How long is parental leave?'],
      words: '10 (consecutive )?days|four months and ten days|4 months',
      citeTitle: 'parental',
    },
    { id: 'F22', turns: ['How many days paternity leave does a father get?'], words: '10 (consecutive )?days', citeTitle: 'parental' },
    { id: 'F23', turns: ['When must IRP5 certificates be issued?'], words: '60 days|31 May|14 days', citeTitle: 'IRP5' },
    { id: 'F24', turns: ['When is the EMP201 due?'], words: '7th', citeTitle: 'EMP201' },
    { id: 'F25', turns: ['By when must the EMP201 be paid?'], words: '7th', citeTitle: 'EMP201' },
    { id: 'F26', turns: ['When is the interim reconciliation due?'], words: '31 October', citeTitle: 'EMP501|reconciliation|calendar' },
    {
      id: 'F27',
      turns: ['When does the annual reconciliation window open?'],
      words: '1 April',
      citeTitle: 'EMP501|reconciliation|calendar',
    },
    { id: 'F28', turns: ['What is the monthly UIF ceiling amount?'], figure: 17712, citeTitle: 'UIF' },
    { id: 'F29', turns: ["What's the most an employee contributes to UIF per month?"], figure: 177.12, citeTitle: 'UIF' },
    { id: 'F30', turns: ['How many days sick leave per cycle?'], words: '30 days', citeTitle: 'sick' },
    { id: 'F31', turns: ['How much sick leave is an employee entitled to?'], words: '30 days', citeTitle: 'sick' },
    { id: 'F32', turns: ['How many days of family responsibility leave?'], words: '3 days', citeTitle: 'family' },
    { id: 'F33', turns: ['How much annual leave must I give my staff?'], words: '15|21', citeTitle: 'annual leave' },
    { id: 'F34', turns: ['How many weeks maternity leave?'], words: '4 (consecutive )?months|four months', citeTitle: 'maternity' },
    { id: 'F35', turns: ['Who pays maternity benefits?'], words: 'UIF', citeTitle: 'maternity|UIF' },
    { id: 'F36', turns: ['What is the notice period for an employee employed for 3 years?'], words: '4 weeks', citeTitle: 'notice' },
    {
      id: 'F37',
      turns: ['What is the minimum notice period for a domestic worker?'],
      words: '4 weeks|1 week',
      citeTitle: 'notice|domestic',
    },
    { id: 'F38', turns: ['What is the national minimum wage for 2026?'], figure: 30.23, citeTitle: 'minimum wage' },
    { id: 'F39', turns: ['What was the minimum wage in 2024?'], figure: 27.58 },
    { id: 'F40', turns: ['Who is covered by UIF?'], words: 'employee|24 hours', citeTitle: 'UIF' },
    { id: 'F41', turns: ['Do foreign workers contribute to UIF?'], words: 'contribut|2018', citeTitle: 'foreign|UIF' },
    { id: 'F42', turns: ['Are public servants excluded from UIF?'], words: 'national and provincial|public servants', citeTitle: 'UIF' },
    { id: 'F43', turns: ['What is the SDL exemption threshold?'], figure: 500000, citeTitle: 'SDL|skills' },
    { id: 'F44', turns: ['What percentage is SDL?'], words: '1%', citeTitle: 'SDL|skills' },
    { id: 'F45', turns: ['What is the UIF rate?'], words: '1%', citeTitle: 'UIF' },
    { id: 'F46', turns: ['What is the overtime rate?'], words: '1\\.5|time and a half', citeTitle: 'overtime' },
    { id: 'F47', turns: ['How much is Sunday pay?'], words: 'double|2\u00d7|2 \u00d7|1\\.5', citeTitle: 'sunday' },
    { id: 'F48', turns: ['What age must an employee be for ETI?'], words: '18|29', citeTitle: 'ETI|incentive' },
    { id: 'F49', turns: ['What is the tax threshold for under 65s in 2026/27?'], figure: 99000, citeTitle: 'threshold|rebate' },
    { id: 'F50', turns: ['What is the primary rebate?'], figure: 17820, citeTitle: 'rebate' },
    { id: 'F51', turns: ['What is the medical tax credit for the main member?'], figure: 376, citeTitle: 'medical' },
    { id: 'F52', turns: ['When does the tax year start?'], words: '1 March', citeTitle: 'tax year' },
    { id: 'F53', turns: ['What is the retirement annuity deduction cap?'], figure: 430000, citeTitle: 'retirement' },
    { id: 'F54', turns: ['What is the BCEA earnings threshold per month?'], figure: 21812.37, citeTitle: 'threshold' },
    { id: 'F55', turns: ['How many ordinary hours per week?'], words: '45', citeTitle: 'hours' },
    { id: 'F56', turns: ['What is the company car fringe benefit rate?'], words: '3\\.5%', citeTitle: 'car' },
    { id: 'F67', turns: ['What is COIDA?'], words: 'Compensation for Occupational Injuries', citeTitle: '^COIDA' },
    { id: 'F68', turns: ['What is the top marginal rate?'], words: '45%', citeTitle: 'tax tables' },
    { id: 'F69', turns: ['What is the Compensation Fund?'], words: 'Compensation Fund', citeTitle: 'COIDA' },
    { id: 'F70', turns: ['What is the UIF ceiling?'], words: 'R17 712 a month', citeTitle: 'UIF contribution ceiling' },
    { id: 'F66', turns: ['What is the tax-free portion of a travel allowance?'], words: '80%[\\s\\S]*20%', citeTitle: '^Travel allowance' },
    { id: 'F57', turns: ['What is the prescribed rate per km for 2026/27?'], words: '495|R4.95|4,95', citeTitle: 'travel' },
    { id: 'F58', turns: ['What is the official rate of interest?'], words: 'repo|%', citeTitle: 'loan' },
    { id: 'F59', turns: ['What are the subsistence allowance rates?'], words: 'R\\d', citeTitle: 'subsistence' },
    { id: 'F60', turns: ['Do directors pay PAYE?'], words: 'PAYE', citeTitle: 'director' },
    { id: 'F61', turns: ['Is commission subject to UIF?'], words: 'excluded|salary only|left out|not', citeTitle: 'commission' },
    { id: 'F62', turns: ['What is the penalty for late submission of the EMP501?'], words: '1%|10%', citeTitle: 'EMP501' },
    { id: 'F63', turns: ['What is the COIDA return of earnings deadline?'], words: '31 March|31 May|30 June|1 April', citeTitle: 'COIDA' },
    { id: 'F64', turns: ['How is leave paid out on termination?'], words: 'leave', citeTitle: 'termination|leave' },
    { id: 'F65', turns: ['How much severance pay is due on retrenchment?'], words: "1 week|week's pay", citeTitle: 'severance|notice' },
    // Follow-ups.
    {
      id: 'C01',
      turns: ['PAYE on R40 000 a month, age 35', 'and for a 66 year old?'],
      figure: calc('paye', { period: 'monthly', remuneration: 40000, age: 66 }, 'paye'),
      citeTitle: '65',
    },
    {
      id: 'C02',
      turns: ['PAYE on R40 000 a month, age 35', 'what about R45 000 instead?'],
      figure: calc('paye', { period: 'monthly', remuneration: 45000, age: 35 }, 'paye'),
    },
    {
      id: 'C03',
      turns: ['PAYE on R40 000 a month, age 35', 'with medical aid for 4?'],
      figure: calc('paye', { period: 'monthly', remuneration: 40000, age: 35, medicalMembers: 4 }, 'paye'),
    },
    {
      id: 'C04',
      turns: ['PAYE on R40 000 a month, age 35', 'and weekly?'],
      figure: calc('paye', { period: 'weekly', remuneration: 40000, age: 35 }, 'paye'),
    },
    { id: 'C05', turns: ['PAYE on R40 000 a month, age 35', 'And the UIF?'], figure: 177.12, citeTitle: 'UIF' },
    {
      id: 'C06',
      turns: ['PAYE on R40 000 a month, age 35', "what's the net pay?"],
      figure: calc('payslip', { period: 'monthly', remuneration: 40000, age: 35 }, 'netPay'),
    },
    {
      id: 'C07',
      turns: ['PAYE on R40 000 a month, age 35', 'and if he gets a R10 000 bonus?'],
      figure: calc('paye', { period: 'monthly', remuneration: 40000, age: 35, bonus: 10000 }, 'paye'),
    },
    {
      id: 'C08',
      turns: ['PAYE on R40 000 a month, age 35', 'what about 2025/26?'],
      figure: calc('paye', { period: 'monthly', remuneration: 40000, age: 35, taxYear: 2026 }, 'paye'),
    },
    {
      id: 'C09',
      turns: ['PAYE on R30 000 a month for a 40 year old', 'with 2 dependants?'],
      figure: calc('paye', { period: 'monthly', remuneration: 30000, age: 40, medicalMembers: 3 }, 'paye'),
    },
    {
      id: 'C10',
      turns: ['Overtime for 4 hours at R40 an hour', 'and on a Sunday?'],
      figure: calc('overtime', { hourlyWage: 40, sundayHours: 4 }, 'sundayPay'),
    },
    { id: 'C11', turns: ['Is R28 an hour above minimum wage?', 'what about R31?'], words: 'meets' },
    { id: 'C12', turns: ['What is the tax threshold for under 65?', 'and for 75?'], figure: 171300 },
    {
      id: 'C13',
      turns: ['Net pay on R30 000 a month age 40', 'and with R2 000 to a pension fund?'],
      figure: calc('payslip', { period: 'monthly', remuneration: 30000, age: 40, retirementContributions: 2000 }, 'netPay'),
    },
    {
      id: 'C14',
      turns: ['ETI for a 23 year old earning R5 500 in month 3', 'and in month 15?'],
      figure: calc('eti', { remuneration: 5500, age: 23, monthOfEmployment: 15 }, 'eti'),
    },
    { id: 'C15', turns: ['Notice for someone employed 5 months', 'and for a domestic worker employed 8 months?'], words: '4 weeks' },
    {
      id: 'C16',
      turns: ['How much PAYE for a 28 year old on R15 000 a month?', 'And if she is 76?'],
      figure: calc('paye', { period: 'monthly', remuneration: 15000, age: 76 }, 'paye'),
    },
    { id: 'C17', turns: ['Who is excluded from UIF?', 'What about domestic workers?'], words: 'domestic', citeTitle: 'domestic' },
    { id: 'C18', turns: ['PAYE on R20 000 a month for a 33-year-old', 'And annually?'], figure: 25380, alsoFigure: 2115 },
    { id: 'C19', turns: ['Sick leave for a 5 day week', 'and a 4 day week?'], words: '24 days', citeTitle: 'sick' },
    { id: 'C20', turns: ['What is the minimum wage?', 'and for domestic workers?'], figure: 30.23, words: 'domestic' },
    {
      id: 'C21',
      turns: ['How many weeks of maternity leave are employees entitled to?', 'Is it paid?'],
      words: 'not oblige|UIF|contract',
      citeTitle: 'maternity',
    },
    {
      id: 'C22',
      turns: ['When is the EMP501 interim reconciliation due?', 'And the annual one?'],
      words: '31 May|1 April',
      citeTitle: 'EMP501',
    },
    {
      id: 'C23',
      turns: ['SDL on R50 000 monthly payroll, annual payroll R600 000?', 'What if the annual payroll is R450 000?'],
      figure: 0,
      words: 'exempt',
    },
    {
      id: 'C24',
      turns: ['Employee paid R25 per hour works 4 hours overtime. Overtime pay?', 'And if it was on a Sunday?'],
      figure: calc('overtime', { hourlyWage: 25, sundayHours: 4 }, 'sundayPay'),
    },
    { id: 'C25', turns: ['What is the UIF ceiling?', 'and what is the maximum contribution?'], figure: 177.12, citeTitle: 'UIF' },
    { id: 'C26', turns: ['Who is excluded from UIF?', 'What about foreign nationals?'], words: '2018|contribut', citeTitle: 'foreign' },
    {
      id: 'C27',
      turns: ['What is the tax threshold for someone aged 65 to 74 in 2026/27?', 'And for 2025/26?'],
      figure: calc('tax-threshold', { taxYear: 2026, age: 65 }, 'threshold'),
    },
    {
      id: 'C28',
      turns: ['Net pay on R22 000 gross monthly, age 30, no medical aid?', 'and what does she cost the company?'],
      figure: calc('payslip', { remuneration: 22000, age: 30 }, 'employerCost'),
    },
    // Off-topic: polite, no figures, no citations.
    { id: 'X01', turns: ["What's the best pizza in Joburg?"], refuse: true },
    { id: 'X02', turns: ['Can you help me write a CV?'], refuse: true },
    { id: 'X03', turns: ['Give me a recipe for bobotie'], refuse: true },
    { id: 'X04', turns: ['Who won the 2023 rugby world cup?'], refuse: true },
    { id: 'X05', turns: ['Translate hello into Zulu'], refuse: true },
    { id: 'X06', turns: ['What is 2+2?'], refuse: true },
    { id: 'X07', turns: ['What is the capital of Kenya?'], refuse: true },
    { id: 'X08', turns: ['Can you recommend a restaurant in Durban?'], refuse: true },
    { id: 'X09', turns: ['Who won the 2019 election?'], refuse: true },
    { id: 'X10', turns: ['Write me a song about Mondays'], refuse: true },
    { id: 'X11', turns: ['How do I lose weight?'], refuse: true },
    { id: 'X12', turns: ["What's the exchange rate for dollars?"], refuse: true },
    // Off-topic after a calculation or a rule: declined, not read as a follow-up of it.
    { id: 'X13', turns: ["how much paye on 25k a month, I'm 41", 'whats the capital of france'], refuse: true },
    { id: 'X14', turns: ['When is the next EMP201 due?', 'who won the currie cup final?'], refuse: true },
    { id: 'X15', turns: ['UIF on R12 000 a month', 'what should I cook for supper tonight'], refuse: true },
    // A negation asks who is excluded: the answer is the exclusions, not a passage that happens to say "doesn't pay".
    { id: 'K40', turns: ["Who doesn't have to pay UIF?"], citeTitle: '^Who is excluded from UIF' },
  ];

  describe('our own questions', () => {
    it.each(OWN.map((c) => [c.id, c.turns.join(' → '), c] as const))('%s %s', async (_id, _q, c) => {
      check(c, await conversation(c.turns));
    });
  });

  it('calls the calculator once, figure first, then the working, the assumptions and the articles', async () => {
    const a = await ask('What PAYE do I deduct on R20 000 a month for a 33-year-old?');
    expect(a.tools).toHaveLength(1);
    expect(a.tools[0]).toMatchObject({ name: 'paye', input: { period: 'monthly', remuneration: 20000, age: 33 } });
    expect(a.tools[0].id).toMatch(/^[a-z0-9]{6,}$/);
    const lines = a.text.split('\n');
    expect(lines[0]).toBe('**PAYE: R2 115.00 per month**');
    expect(a.text).toContain('- Rebates (age 33 on 28 February 2027): primary R17 820.00\n');
    const working = a.text.indexOf('R25 380.00 / 12 = R2 115.00');
    expect(working).toBeGreaterThan(0);
    expect(a.text.indexOf('no medical scheme membership')).toBeGreaterThan(working);
    expect(a.text.lastIndexOf('/knowledge/article/')).toBeGreaterThan(working);
    expect(a.deltas).toBeGreaterThan(5);
  });

  it("shows UIF's working, though the UIF calculator's answer is only the three figures", async () => {
    const a = await ask('UIF on R25 000 a month');
    expect(a.text).toContain('- UIF remuneration R25 000.00, capped at the R17 712.00 monthly ceiling');
    expect(a.text).toContain('- UIF employee: 1% × R17 712.00 = R177.12');
  });

  it('says plainly when the calculator refuses the input', async () => {
    const a = await ask('PAYE on R20 000 a month for someone aged 140');
    expect(a.tools[0].error).toMatch(/age/);
    expect(a.text).toMatch(/couldn't work out PAYE: the calculator says age must be at most 130/);
  });

  it('asks for what it cannot assume, and never states a figure of its own', async () => {
    const a = await ask('How much overtime pay for 5 hours?');
    expect(a.tools).toEqual([]);
    expect(a.text).toMatch(/need the hourly wage/);
    // The only amounts are in the example question it suggests.
    expect(randsIn(a.text.replace(/"[^"]*"/g, ''))).toEqual([]);
  });

  it('asked to calculate without the figures, asks for them; asked in general, never leads with a sum worked for someone else', async () => {
    for (const q of ['work out my SDL', 'calculate PAYE', 'bereken my UIF']) {
      const a = await ask(q);
      expect(a.text, q).toMatch(/^To work out (SDL|PAYE|UIF) I need /);
      expect(a.reading?.outcome, q).toBe('asked');
    }
    const general = await ask('how much paye?');
    expect(general.text.split('\n')[0]).not.toMatch(/R\s?\d[^\n]*=\s*\**R\s?\d/);
    expect(general.text).toMatch(/To work out PAYE for an employee I need the salary/);
  });

  it('does not answer from a passage that holds only the words every pay question has', async () => {
    const a = await ask('What is the penalty for paying a worker in bitcoin?');
    expect(a.text).toBe(DONT_KNOW_ANSWER);
    expect(a.reading?.outcome).toBe('dont-know');
  });

  it('says so when it does not know, pointing to search and the calculators', async () => {
    const a = await ask('What is the payroll rule for zorbling quintessence?');
    expect(a.text).toBe(DONT_KNOW_ANSWER);
    expect(a.text).toContain('(/knowledge)');
    expect(a.text).toContain('(/calculators)');
    expect(a.sources).toEqual([]);
  });

  it('answers greetings without figures or citations', async () => {
    for (const q of ['hi', 'Thanks!', 'good morning']) {
      const a = await ask(q);
      expect(a.text).not.toMatch(/\d/);
      expect(a.sources).toEqual([]);
      expect(a.text).not.toBe(OFF_TOPIC_ANSWER);
    }
    // A thank-you is answered as one (the lexicon's thanks words, Afrikaans too); a hello with the help on offer.
    for (const q of ['Thanks!', 'cheers bru', 'baie dankie']) expect((await ask(q)).text, q).toBe(THANKS_ANSWER);
    for (const q of ['hi', 'good morning']) expect((await ask(q)).text, q).toBe(GREETING_ANSWER);
  });

  it('grounds the answer on the article it was asked from, and always cites it', async () => {
    const item = (await t.services.knowledge.search('UIF for domestic workers', { limit: 1 }))[0];
    const full = (await t.services.knowledge.findItem(item.id))!;
    const article: ArticleContext = {
      id: full.id,
      title: full.title,
      categoryId: full.categoryId,
      keywords: full.keywords,
      content: full.content,
    };
    const a = await ask('Does this apply to a gardener who works one day a month?', [], article);
    expect(a.sources[0]).toEqual({ id: full.id, title: full.title });
    expect(a.text).toContain(`/knowledge/article/${full.id}`);
    expect(a.text).toMatch(/24 hours/);
    const calcAnswer = await ask('UIF on R4 000 a month for her', [], article);
    expect(calcAnswer.tools[0].name).toBe('uif');
    expect(calcAnswer.sources[0].id).toBe(full.id);
    const pointing = await ask('What does this mean for me?', [], article);
    expect(pointing.sources[0].id).toBe(full.id);
  });

  it('explains an article "in simple terms" from its opening, not from a passage that has the word "terms"', async () => {
    const item = (await t.services.knowledge.search('Foreign nationals and UIF', { limit: 1 }))[0];
    const full = (await t.services.knowledge.findItem(item.id))!;
    const article: ArticleContext = {
      id: full.id,
      title: full.title,
      categoryId: full.categoryId,
      keywords: full.keywords,
      content: full.content,
    };
    const opening = full.content
      .replace(/^---[\s\S]*?---\s*/, '')
      .split(/\n\s*\n/)
      .find((p) => !/^\s*[#|>-]/.test(p))!
      .trim();
    const simple = await ask('what does this mean in simple terms?', [], article);
    expect(simple.text).toContain(opening.slice(0, 60));
    expect(simple.sources[0].id).toBe(full.id);
    const unrelated = await ask('What is the capital of France?', [], article);
    expect(unrelated.text).toBe(OFF_TOPIC_ANSWER);
    expect(unrelated.sources).toEqual([]);
  });

  it('stops streaming when the request is aborted', async () => {
    const ctl = new AbortController();
    ctl.abort();
    const a = await ask('What PAYE do I deduct on R20 000 a month for a 33-year-old?', [], null, ctl.signal);
    expect(a.text).toBe('');
  });
});
