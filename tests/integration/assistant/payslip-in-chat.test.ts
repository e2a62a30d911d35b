import fs from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createOpenAIEngine } from '../../../src/assistant/openai';
import { knowledgeTools, PAYSLIP_CHECK } from '../../../src/assistant/tools';
import type { ChatAnswerDTO } from '../../../src/schemas/chat';
import type { EngineEvent, EngineRequest } from '../../../src/assistant/types';
import { createTestApp, registerUser, type TestApp, type TestClient } from '../../helpers/app';
import { dbKinds } from '../../helpers/db';
import { startFakeModel, type FakeModel } from '../../helpers/fake-model';
import { pdfPages } from '../../helpers/pdf';

// "Check this payslip" in the chat (issue 26, item 3): a payslip pasted into a question is read and checked by the
// same reader and engine as the payslip checker; a question about checking one is answered from the knowledge base.
const NOW = new Date('2026-11-27T10:00:00+02:00');
const slip = (name: string) => fs.readFileSync(`tests/fixtures/payslips/${name}`, 'utf8');
const flat = (s: string) => s.replace(/\s+/g, ' ');

describe.each(dbKinds)('a payslip in the chat on %s', (kind) => {
  let t: TestApp;
  let me: TestClient;
  let other: TestClient;
  beforeAll(async () => {
    t = await createTestApp(kind, {}, { clock: () => NOW });
    me = (await registerUser(t)).client;
    other = (await registerUser(t)).client;
  });
  afterAll(() => t?.close());

  const ask = async (message: string, conversationId?: string) => {
    const res = await me.post('/api/chat', { message, ...(conversationId ? { conversationId } : {}) });
    expect(res.status).toBe(200);
    return (await res.json()) as ChatAnswerDTO;
  };

  it('a pasted payslip is checked figure by figure, with the age said beside it; the answer and its PDF show the differences', async () => {
    const a = await ask(`Can you check this payslip? She is 67.\n\n${slip('b-two-columns-ytd.txt')}`);
    expect(a.toolCalls).toHaveLength(1);
    const [call] = a.toolCalls;
    expect(call).toMatchObject({
      name: PAYSLIP_CHECK,
      input: {
        payDate: '2026-10-30',
        period: 'monthly',
        gross: 43000,
        paye: 8614.75,
        uifEmployee: 380,
        sdl: 430,
        netPay: 34005.25,
        age: 67,
      },
    });
    expect(call.result).toMatchObject({
      taxYear: 2027,
      differences: 2,
      findings: [
        {
          item: 'paye',
          shown: 8614.75,
          expected: 7801,
          difference: 813.75,
          reason: 'the rebates of an employee under 65 were used; at 67 the employee also gets the secondary rebate',
        },
        { item: 'uif', shown: 380, expected: 177.12, difference: 202.88, reason: 'UIF was charged on the full pay, above the ceiling' },
      ],
    });
    expect(a.response).toContain('**2 figures on this payslip are wrong: PAYE (+R813.75) and UIF (employee) (+R202.88).**');
    expect(a.response).toContain('| UIF (employee) | R380.00 | R177.12 | +R202.88 |');
    expect(a.response).toContain('| Net pay | R34 005.25 | R34 005.25 | matches |');
    expect(a.response).toContain('- Earnings: BASIC SALARY R38 000.00; COMMISSION R5 000.00');
    expect(a.response).toContain('- Age 67');
    expect(a.response).toContain('[payslip checker](/calculators/payslip-check)');
    expect(a.sources.map((s) => s.title)).toContain('How to check a payslip for mistakes');
    expect(a.sources.map((s) => s.title).join(' ')).toMatch(/UIF contribution ceiling/);

    const res = await me.get(`/api/messages/${a.id}/pdf`);
    expect(res.status).toBe(200);
    const text = flat((await pdfPages(new Uint8Array(await res.arrayBuffer()))).pages.join(' '));
    expect(text).toContain('Calculation: Payslip check');
    expect(text).toContain('R8 614.75');
    expect(text).toContain('R7 801.00');
    expect(text).toContain('UIF was charged on the full pay, above the ceiling');
    expect((await other.get(`/api/messages/${a.id}/pdf`)).status).toBe(404);
  });

  it('the conversation goes on as before: the slip’s amounts are not taken as facts, the age said earlier is used', async () => {
    const first = await ask('How much PAYE on R20 000 a month for a 67-year-old?');
    expect(first.toolCalls[0].name).toBe('paye');
    const check = await ask(`and this one?\n${slip('a-one-column.txt')}`, first.conversationId);
    expect(check.toolCalls[0]).toMatchObject({ name: PAYSLIP_CHECK, input: { age: 67, payDate: '2026-11-25' } });
    const next = await ask('and the UIF on R12 000 a month?', first.conversationId);
    expect(next.toolCalls[0]).toMatchObject({ name: 'uif', input: { remuneration: 12000 } });
  });

  it('a question that only mentions pay is not a payslip; asking how to check one is answered from the knowledge base', async () => {
    const paye = await ask('PAYE on R28 500 a month, UIF R177.12 and net pay R24 000, is that right for a 35 year old?');
    expect(paye.toolCalls.map((c) => c.name)).not.toContain(PAYSLIP_CHECK);
    const how = await ask('can you check my payslip?');
    expect(how.toolCalls).toEqual([]);
    expect(how.sources[0]?.title).toBe('How to check a payslip for mistakes');
    expect(how.response).toMatch(/^\*\*Yes\. .*paste/i);
  });

  it('a slip that cannot be checked says why and where to correct it', async () => {
    const undated = slip('a-one-column.txt').replace(/Pay period: November 2026\s+Pay date: 25\/11\/2026/, '');
    const a = await ask(undated);
    expect(a.toolCalls[0]).toMatchObject({ name: PAYSLIP_CHECK, error: 'the pay date could not be read; enter it to choose the tax year' });
    expect(a.response).toContain('I read this as a payslip, but I could not check it: the pay date could not be read');
    expect(a.response).toContain('[payslip checker](/calculators/payslip-check)');
  });
});

describe('check_payslip through an OpenAI-compatible model', () => {
  let t: TestApp;
  let model: FakeModel | undefined;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(() => t?.close());
  afterEach(async () => model?.close());

  it('the model passes the pasted text; the engine checks it and the model reads the findings', async () => {
    const text = slip('b-two-columns-ytd.txt');
    model = await startFakeModel((_req, n) =>
      n === 1
        ? { kind: 'tools', calls: [{ id: 'c1', name: 'check_payslip', args: JSON.stringify({ text, age: 67 }) }] }
        : { kind: 'text', chunks: ['UIF is R202.88 too high.'] },
    );
    const engine = createOpenAIEngine({ baseUrl: model.url, model: 'fake-1', knowledge: knowledgeTools(t.services.knowledge) });
    const req: EngineRequest = {
      question: `check this\n${text}`,
      history: [],
      article: null,
      today: NOW,
      signal: new AbortController().signal,
    };
    const events: EngineEvent[] = [];
    for await (const e of engine.answer(req)) events.push(e);
    const tool = events.find((e) => e.type === 'tool') as Extract<EngineEvent, { type: 'tool' }>;
    expect(tool.call).toMatchObject({ name: PAYSLIP_CHECK, input: { uifEmployee: 380, age: 67 }, result: { differences: 2 } });
    expect(model.requests[0].tools!.map((x) => x.function.name)).toContain('check_payslip');
    const back = JSON.parse(model.requests[1].messages.at(-1)!.content as string);
    expect(back.findings.map((f: { item: string; difference: number }) => [f.item, f.difference])).toEqual([
      ['paye', 813.75],
      ['uif', 202.88],
    ]);
    expect(back.read).toMatchObject({ gross: 43000 });
  });

  it('text that is not a payslip comes back to the model as an error', async () => {
    model = await startFakeModel((_req, n) =>
      n === 1
        ? { kind: 'tools', calls: [{ id: 'c1', name: 'check_payslip', args: JSON.stringify({ text: 'hello there' }) }] }
        : { kind: 'text', chunks: ['Please paste the payslip.'] },
    );
    const engine = createOpenAIEngine({ baseUrl: model.url, model: 'fake-1', knowledge: knowledgeTools(t.services.knowledge) });
    const events: EngineEvent[] = [];
    for await (const e of engine.answer({
      question: 'check my slip',
      history: [],
      article: null,
      today: NOW,
      signal: new AbortController().signal,
    }))
      events.push(e);
    expect(events.find((e) => e.type === 'tool')).toMatchObject({
      call: { name: PAYSLIP_CHECK, error: expect.stringMatching(/does not look like a payslip/) },
    });
    expect(JSON.parse(model.requests[1].messages.at(-1)!.content as string)).toMatchObject({
      error: expect.stringMatching(/does not look like a payslip/),
    });
  });
});
