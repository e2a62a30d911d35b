import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBuiltinEngine, OFF_TOPIC_ANSWER } from '../../../src/assistant/builtin';
import { knowledgeTools, runCalculator } from '../../../src/assistant/tools';
import type { AssistantEngine, EngineEvent, EngineTurn } from '../../../src/assistant/types';
import type { SourceDTO, ToolCallDTO } from '../../../src/schemas/chat';
import { createTestApp, type TestApp } from '../../helpers/app';
import { randsIn } from './sample-questions.test';

// The built-in engine on questions in users' own words, beyond the shared samples. Expected figures come
// from the calculators run on the inputs the question states, so the test checks the reading, not the maths.
const today = new Date('2026-11-23T10:00:00+02:00');
const figure = (name: string, input: Record<string, unknown>, key: string) => (runCalculator(name, input, today).result as Record<string, number>)[key];

interface Answer { text: string; sources: SourceDTO[]; tools: ToolCallDTO[] }

describe('built-in engine', () => {
  let t: TestApp;
  let engine: AssistantEngine;
  beforeAll(async () => {
    t = await createTestApp('pglite');
    engine = createBuiltinEngine({ knowledge: knowledgeTools(t.services.knowledge) });
  });
  afterAll(async () => t?.close());

  async function ask(question: string, history: EngineTurn[] = []): Promise<Answer> {
    const a: Answer = { text: '', sources: [], tools: [] };
    for await (const e of engine.answer({ question, history, article: null, today, signal: new AbortController().signal }) as AsyncIterable<EngineEvent>) {
      if (e.type === 'delta') a.text += e.text;
      if (e.type === 'tool') a.tools.push(e.call);
      if (e.type === 'sources') a.sources.push(...e.sources);
    }
    return a;
  }
  async function conversation(...turns: string[]): Promise<Answer> {
    const history: EngineTurn[] = [];
    let last!: Answer;
    for (const q of turns) {
      last = await ask(q, [...history]);
      history.push({ role: 'user', content: q }, { role: 'assistant', content: last.text, toolCalls: last.tools, sources: last.sources });
    }
    return last;
  }
  const states = (a: Answer, value: number) => randsIn(a.text).some((v) => Math.abs(v - value) < 0.005);

  const CALCULATIONS: [string, string, Record<string, unknown>, string][] = [
    ['How much PAYE on R35 000 pm for a 40 year old?', 'paye', { period: 'monthly', remuneration: 35000, age: 40 }, 'paye'],
    ['paye R8 000 per week age 29', 'paye', { period: 'weekly', remuneration: 8000, age: 29 }, 'paye'],
    ['Fortnightly pay of R12 500, employee is 52: PAYE?', 'paye', { period: 'fortnightly', remuneration: 12500, age: 52 }, 'paye'],
    ['tax on R95 000 a month, 38, main member and 3 dependants', 'paye', { period: 'monthly', remuneration: 95000, age: 38, medicalMembers: 4 }, 'paye'],
    ['PAYE for a 70-year-old on R25,000 monthly with medical aid for 2 people', 'paye', { period: 'monthly', remuneration: 25000, age: 70, medicalMembers: 2 }, 'paye'],
    ['PAYE on R30 000 a month in 2025/26 for someone aged 35', 'paye', { period: 'monthly', remuneration: 30000, age: 35, taxYear: 2026 }, 'paye'],
    ['PAYE on R40 000 a month with R3 000 to a retirement annuity, age 45', 'paye', { period: 'monthly', remuneration: 40000, age: 45, retirementContributions: 3000 }, 'paye'],
    ['R20 000 salary plus a R10 000 bonus this month, 30 years old, what PAYE?', 'paye', { period: 'monthly', remuneration: 20000, bonus: 10000, age: 30 }, 'paye'],
    ['take home pay on R45k per month age 41 medical aid for 3 people', 'payslip', { period: 'monthly', remuneration: 45000, age: 41, medicalMembers: 3 }, 'netPay'],
    ["What's the nett salary on R15 000 a month for a 25 year old?", 'payslip', { period: 'monthly', remuneration: 15000, age: 25 }, 'netPay'],
    ['UIF on R12 000 a month', 'uif', { remuneration: 12000 }, 'employee'],
    ['uif contributions for a domestic worker earning R4 500 per month', 'uif', { remuneration: 4500 }, 'total'],
    ['UIF on R12 000 salary plus R8 000 commission', 'uif', { remuneration: 12000, commission: 8000 }, 'employee'],
    ['Skills development levy on R80 000 payroll this month, annual payroll R960 000', 'sdl', { remuneration: 80000, annualPayroll: 960000 }, 'sdl'],
    ['Employee earns R30 an hour and worked 10 hours overtime, how much overtime pay?', 'overtime', { hourlyWage: 30, overtimeHours: 10 }, 'total'],
    ['ETI for a 23 year old earning R5 500 a month in her 3rd month, 3 months employed', 'eti', { remuneration: 5500, age: 23, monthOfEmployment: 3 }, 'eti'],
    ['What is the tax threshold for a 76 year old?', 'tax-threshold', { age: 76 }, 'threshold'],
    ['tax free threshold under 65 for 2025/26', 'tax-threshold', { taxYear: 2026 }, 'under65'],
  ];

  it.each(CALCULATIONS)('%s', async (q, name, input, key) => {
    const a = await ask(q);
    const expected = figure(name, input, key);
    expect(a.tools[0]?.name, a.text).toBe(name);
    expect(states(a, expected), `${a.text}\nexpected ${expected}`).toBe(true);
    expect(a.sources.length, a.text).toBeGreaterThan(0);
    for (const s of a.sources) expect(a.text).toContain(`/knowledge/article/${s.id}`);
  });

  it('the figure comes first, then the working', async () => {
    const a = await ask('What PAYE do I deduct on R20 000 a month for a 33-year-old?');
    expect(a.text.split('\n')[0]).toContain('R2 115.00');
    expect(a.text.indexOf('How it is worked out')).toBeGreaterThan(0);
    expect(a.text).toContain('R25 380.00 / 12 = R2 115.00');
  });

  it('states what it assumed when the question leaves it out', async () => {
    const a = await ask('PAYE on R20 000?');
    expect(a.text).toMatch(/assumed .*monthly pay/);
    expect(a.text).toMatch(/under 65/);
    expect(states(a, 2115)).toBe(true);
  });

  it.each([
    [['PAYE on R15 000 a month for a 28 year old?', 'what about R35 000 instead?'], figure('paye', { period: 'monthly', remuneration: 35000, age: 28 }, 'paye')],
    [['PAYE on R15 000 a month for a 28 year old?', 'And if she is 76?'], figure('paye', { period: 'monthly', remuneration: 15000, age: 76 }, 'paye')],
    [['PAYE on R30 000 a month for a 40 year old', 'with medical aid for 3 people?'], figure('paye', { period: 'monthly', remuneration: 30000, age: 40, medicalMembers: 3 }, 'paye')],
    [['PAYE on R30 000 a month for a 40 year old', 'and the UIF?'], figure('uif', { remuneration: 30000 }, 'employee')],
    [['Net pay on R22 000 gross monthly, age 30', 'and for 2025/26?'], figure('payslip', { period: 'monthly', remuneration: 22000, age: 30, taxYear: 2026 }, 'netPay')],
  ])('follow-up %j uses the earlier turn', async (turns, expected) => {
    const a = await conversation(...turns);
    expect(states(a, expected), a.text).toBe(true);
  });

  it.each([
    ['When is the EMP201 due?', /7(th)?\b/, /EMP201/],
    ['What is the UIF ceiling?', /17 ?712/, /UIF/],
    ['How many days sick leave does an employee get?', /30 days|36/, /sick/i],
    ['how many days family responsibility leave', /3 days/, /family/i],
    ['How many days of annual leave does a 5 day a week worker get per year?', /15/, /annual leave/i],
    ['What is the national minimum wage?', /R\d/, /minimum wage/i],
    ['Do foreign nationals pay UIF?', /1 March 2018|contribute/, /UIF/],
    ['When must IRP5 certificates be issued?', /IRP5|certificate/i, /IRP5/],
    ['what is the notice period for someone employed 2 years', /4 weeks/, /notice/i],
    ['Is there SDL if my payroll is under R500 000?', /500 000|exempt/i, /SDL|skills/i],
    ['How is a travel allowance taxed?', /80%/, /travel allowance/i],
    ['What is the SARS rate per km for reimbursive travel?', /c\/km|per km/i, /travel allowance/i],
    ['how is a company car taxed as a fringe benefit', /3\.5%/, /company car/i],
    ['What is the official rate of interest for staff loans?', /repo rate plus 1%|7\.75%/, /loan/i],
    ['What are the S&T subsistence allowance daily amounts?', /R570|R595/, /subsistence/i],
    ['Do commission earners pay UIF on their commission?', /excluded|salary only/i, /commission/i],
    ['Do directors of a private company pay PAYE?', /actual|remuneration/i, /director/i],
    ['When are provisional tax payments due?', /31 August/, /provisional/i],
  ])('%s', async (q, words, cite) => {
    const a = await ask(q);
    expect(a.text, a.text).toMatch(words);
    expect(a.sources.some((s) => cite.test(s.title)), `${a.text}\n${a.sources.map((s) => s.title)}`).toBe(true);
  });

  it.each(['What is the capital of France?', 'Give me a recipe for bobotie', 'Who won the 2023 rugby world cup?', 'write me a poem about the sea'])('declines politely: %s', async (q) => {
    const a = await ask(q);
    expect(a.text).toBe(OFF_TOPIC_ANSWER);
    expect(a.text).not.toMatch(/\d/);
    expect(a.sources).toEqual([]);
    expect(a.tools).toEqual([]);
  });

  it('says so when it does not know, and never invents a figure', async () => {
    const a = await ask('What is the payroll rule for zorbling quintessence?');
    expect(a.text).toMatch(/don't know|knowledge base search/i);
    expect(a.text).toContain('/calculators');
    expect(randsIn(a.text)).toEqual([]);
  });

  it('a calculator refusal is said plainly', async () => {
    const a = await ask('PAYE on R20 000 a month for someone aged 140');
    expect(a.text).toMatch(/couldn't work that out|age/i);
  });
});
