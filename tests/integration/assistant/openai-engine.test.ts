import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createOpenAIEngine, systemPrompt, trimHistory, TOO_MANY_ROUNDS } from '../../../src/assistant/openai';
import { PAYROLL_CALCULATOR_LIST } from '../../../src/payroll/calculators';
import { countsInFigures, createRetriever } from '../../../src/assistant/retrieval';
import { knowledgeTools, type KnowledgeTools } from '../../../src/assistant/tools';
import { understand } from '../../../src/assistant/understand';
import { EMPTY_MEMORY } from '../../../src/assistant/understand/memory';
import { AssistantError, MODEL_ERROR_MESSAGE, type EngineEvent, type EngineRequest } from '../../../src/assistant/types';
import { createTestApp, registerUser, type TestApp } from '../../helpers/app';
import { startFakeModel, type FakeModel, type Reply } from '../../helpers/fake-model';

// The OpenAI-compatible engine against a local server speaking the chat-completions wire protocol, with the
// real payroll engine and knowledge base behind its tools.
const today = new Date('2026-11-23T10:00:00+02:00');
const request = (question: string, over: Partial<EngineRequest> = {}): EngineRequest => ({
  question,
  history: [],
  article: null,
  today,
  signal: new AbortController().signal,
  ...over,
});
async function collect(it: AsyncIterable<EngineEvent>) {
  const events: EngineEvent[] = [];
  for await (const e of it) events.push(e);
  return events;
}
const text = (events: EngineEvent[]) => events.flatMap((e) => (e.type === 'delta' ? [e.text] : [])).join('');

describe('OpenAI-compatible engine against a local chat-completions server', () => {
  let t: TestApp;
  let knowledge: KnowledgeTools;
  let model: FakeModel | undefined;
  beforeAll(async () => {
    t = await createTestApp('pglite');
    knowledge = knowledgeTools(t.services.knowledge);
  });
  afterAll(async () => t?.close());
  afterEach(async () => {
    await model?.close();
    model = undefined;
  });
  const engineFor = async (script: (req: any, n: number) => Reply, over: Record<string, unknown> = {}) => {
    model = await startFakeModel(script);
    return createOpenAIEngine({ baseUrl: model.url, model: 'fake-1', knowledge, ...over });
  };

  it('streams text deltas in order, with the date and tax year in the system prompt', async () => {
    const engine = await engineFor(() => ({ kind: 'text', chunks: ['PAYE ', 'is ', 'withheld.'] }));
    const events = await collect(engine.answer(request('What is PAYE?')));
    expect(events.filter((e) => e.type === 'delta').map((e) => (e as { text: string }).text)).toEqual(['PAYE ', 'is ', 'withheld.']);
    const sys = model!.requests[0].messages[0];
    expect(sys.role).toBe('system');
    expect(sys.content).toContain('23 November 2026');
    expect(sys.content).toContain('2026/27');
    expect(sys.content).toMatch(/tools for EVERY figure/);
    expect(model!.requests[0].tools!.map((x) => x.function.name)).toEqual(
      expect.arrayContaining(['paye', 'uif', 'minimum_wage', 'search_knowledge', 'get_article']),
    );
    for (const tool of model!.requests[0].tools!) {
      expect(tool.function.name).toMatch(/^[a-zA-Z0-9_-]+$/);
      expect(tool.function.description).toBeTruthy();
      expect(tool.function.parameters).toMatchObject({ type: 'object' });
      expect(tool.function.parameters).not.toHaveProperty('$schema');
    }
    expect(engine.name).toBe('openai:fake-1');
  });

  it('a tool call split across chunks reaches the payroll engine, and the model gets the result back', async () => {
    const [uif] = await t.services.knowledge.search('uif ceiling', { limit: 1 });
    const engine = await engineFor((req, n) => {
      if (n === 1)
        return {
          kind: 'tools',
          calls: [{ id: 'call_1', name: 'paye', args: JSON.stringify({ period: 'monthly', remuneration: 20000, age: 33 }) }],
        };
      if (n === 2) return { kind: 'tools', calls: [{ id: 'call_2', name: 'search_knowledge', args: '{"query":"uif ceiling"}' }] };
      return { kind: 'text', chunks: ['PAYE is **R2 115.00** a month. ', `See [${uif.title}](/knowledge/article/${uif.id}).`] };
    });
    const events = await collect(engine.answer(request('PAYE on R20 000 for a 33-year-old?')));
    const tool = events.find((e) => e.type === 'tool' && e.call.name === 'paye') as Extract<EngineEvent, { type: 'tool' }>;
    expect((tool.call.result as { paye: number }).paye).toBe(2115);
    expect(tool.call.working!.at(-1)).toContain('R2 115.00');
    const second = model!.requests[1].messages;
    expect(second.at(-2)).toMatchObject({ role: 'assistant', tool_calls: [{ id: 'call_1', function: { name: 'paye' } }] });
    expect(second.at(-1)).toMatchObject({ role: 'tool', tool_call_id: 'call_1' });
    expect(second.at(-1)!.content).toContain('2115');
    // Sources: returned by a tool and linked in the answer.
    expect(events.find((e) => e.type === 'sources')).toEqual({ type: 'sources', sources: [{ id: uif.id, title: uif.title }] });
    expect(text(events)).toContain('R2 115.00');
  });

  it('bad tool arguments go back to the model as an error, not a crash', async () => {
    const engine = await engineFor((req, n) =>
      n === 1 ? { kind: 'tools', calls: [{ id: 'c', name: 'uif', args: '{"remuneration": -5' }] } : { kind: 'text', chunks: ['Sorry.'] },
    );
    const events = await collect(engine.answer(request('uif?')));
    expect(events.find((e) => e.type === 'tool')).toMatchObject({ call: { name: 'uif', error: expect.stringMatching(/JSON/) } });
    expect(model!.requests[1].messages.at(-1)!.content).toMatch(/error/);
  });

  it('tool names map back to the registry; unknown tools and non-object arguments are errors the model reads', async () => {
    const wage = JSON.stringify({ hourlyRate: 20, date: '2026-11-23' });
    const engine = await engineFor((req, n) =>
      n === 1
        ? {
            kind: 'tools',
            calls: [
              { id: 'a', name: 'minimum_wage', args: wage },
              { id: 'b', name: 'minimum-wage', args: wage },
              { id: 'c', name: 'income_tax_2019', args: '{}' },
              { id: 'd', name: 'uif', args: '[1,2]' },
            ],
          }
        : { kind: 'text', chunks: ['Done.'] },
    );
    const events = await collect(engine.answer(request('Is R20 an hour legal?')));
    const calls = events.flatMap((e) => (e.type === 'tool' ? [e.call] : []));
    expect(calls.map((c) => [c.id, c.name])).toEqual([
      ['a', 'minimum-wage'],
      ['b', 'minimum-wage'],
      ['c', 'income_tax_2019'],
      ['d', 'uif'],
    ]);
    expect(calls[0].result).toBeDefined();
    expect(calls[0].error).toBeUndefined();
    expect(calls[2].error).toMatch(/Unknown calculator/);
    expect(calls[3].error).toMatch(/JSON object/);
    const toolMessages = model!.requests[1].messages.filter((m) => m.role === 'tool');
    expect(toolMessages.map((m) => m.tool_call_id)).toEqual(['a', 'b', 'c', 'd']);
    expect(toolMessages[0].content).toBe(toolMessages[1].content);
    expect(toolMessages[2].content).toMatch(/error/);
  });

  it('knowledge tools: search returns the passages the built-in engine answers from, get_article the content; a link to an article no tool returned is not a source', async () => {
    const found = await createRetriever(knowledge).rank('uif', { limit: 5 });
    const engine = await engineFor((req, n) => {
      if (n === 1) return { kind: 'tools', calls: [{ id: 's', name: 'search_knowledge', args: '{"query":"uif"}' }] };
      if (n === 2)
        return {
          kind: 'tools',
          calls: [
            { id: 'g', name: 'get_article', args: JSON.stringify({ id: found[1].article.id }) },
            { id: 'x', name: 'get_article', args: '{"id":"nope"}' },
          ],
        };
      return {
        kind: 'text',
        chunks: [
          `See [B](/knowledge/article/${found[1].article.id}) `,
          `and [A](/knowledge/article/${found[0].article.id}) `,
          'and [Made up](/knowledge/article/00000000-0000-4000-8000-000000000000).',
        ],
      };
    });
    const events = await collect(engine.answer(request('Tell me about UIF')));
    const calls = events.flatMap((e) => (e.type === 'tool' ? [e.call] : []));
    expect(calls.map((c) => c.name)).toEqual(['search_knowledge', 'get_article', 'get_article']);
    expect((calls[0].result as { id: string }[]).map((r) => r.id)).toEqual(found.slice(0, 5).map((f) => f.article.id));
    expect(calls[2].error).toMatch(/No article/);
    const searched = JSON.parse(model!.requests[1].messages.at(-1)!.content!) as { id: string; title: string; passage: string }[];
    expect(searched).toEqual(
      found.slice(0, 5).map((f) => ({
        id: f.article.id,
        title: f.article.title,
        link: `/knowledge/article/${f.article.id}`,
        passage: countsInFigures(f.passage),
      })),
    );
    const third = model!.requests[2].messages;
    const article = (await t.services.knowledge.findItem(found[1].article.id))!;
    expect(JSON.parse(third.at(-2)!.content!)).toMatchObject({
      id: article.id,
      title: article.title,
      content: expect.stringContaining(article.content.slice(0, 100)),
    });
    // In the order the answer links them; titles from the tools, not from the answer's link text.
    expect(events.find((e) => e.type === 'sources')).toEqual({ type: 'sources', sources: [found[1].article, found[0].article] });
  });

  it('is told the facts of the conversation, has every calculator of the registry as a tool, and stores its reading', async () => {
    // An earlier turn's reading, as the chat service hands it back from the stored answer.
    const earlier = understand('PAYE on R28 500 a month for a 67-year-old with medical aid for 3', EMPTY_MEMORY, { today }).reading;
    const history = [
      { role: 'user' as const, content: 'PAYE on R28 500 a month for a 67-year-old with medical aid for 3' },
      { role: 'assistant' as const, content: 'PAYE is …', reading: earlier },
    ];
    const engine = await engineFor((req, n) =>
      n === 1 ? { kind: 'tools', calls: [{ id: 'u', name: 'uif', args: '{"remuneration":30000}' }] } : { kind: 'text', chunks: ['Done.'] },
    );
    const events = await collect(engine.answer(request("she's on R30 000 instead; and the UIF?", { history })));
    const sys = model!.requests[0].messages[0].content!;
    expect(sys).toContain('Facts the user has given in this conversation');
    expect(sys).toContain('pay R30 000.00 monthly');
    expect(sys).toContain('age 67');
    expect(sys).toContain('3 on medical aid');
    expect(sys).not.toContain('R28 500.00');
    const tools = model!.requests[0].tools!.map((x) => x.function.name);
    for (const c of PAYROLL_CALCULATOR_LIST) expect(tools).toContain(c.name.replace(/[^a-zA-Z0-9_]/g, '_'));
    const reading = events.find((e) => e.type === 'reading') as Extract<EngineEvent, { type: 'reading' }>;
    expect(reading.reading).toMatchObject({
      outcome: 'calculated',
      facts: { age: 67, medicalMembers: 3, amounts: [{ role: 'salary', value: 30000 }] },
    });
    expect(reading.reading.decidedBy).toContain('answered by fake-1');
  });

  it('stops after 5 tool rounds with a clear message', async () => {
    const engine = await engineFor(() => ({
      kind: 'tools',
      calls: [{ id: 'c', name: 'sdl', args: '{"remuneration":1000,"annualPayroll":600000}' }],
    }));
    const events = await collect(engine.answer(request('loop')));
    expect(model!.requests).toHaveLength(5);
    expect(model!.requests.map((r) => r.tool_choice)).toEqual([undefined, undefined, undefined, undefined, 'none']);
    expect(events.filter((e) => e.type === 'tool')).toHaveLength(4);
    expect(text(events)).toBe(TOO_MANY_ROUNDS.trim());
  });

  it('trims the history to its token budget, oldest first, and always sends the question', async () => {
    const history = Array.from({ length: 30 }, (_, i) => ({
      role: (i % 2 ? 'assistant' : 'user') as 'user' | 'assistant',
      content: `turn ${i} ${'x'.repeat(400)}`,
    }));
    expect(trimHistory(history, 1000).map((h) => h.content.slice(0, 7))).toEqual(
      ['turn 21', 'turn 22', 'turn 23', 'turn 24', 'turn 25', 'turn 26', 'turn 27', 'turn 28', 'turn 29'].map((s) => s.slice(0, 7)),
    );
    const engine = await engineFor(() => ({ kind: 'text', chunks: ['ok'] }), { historyTokenBudget: 1000 });
    await collect(engine.answer(request('latest question', { history })));
    const sent = model!.requests[0].messages;
    expect(sent.at(-1)).toEqual({ role: 'user', content: 'latest question' });
    expect(sent.some((m) => m.content?.startsWith('turn 0 '))).toBe(false);
    expect(sent.some((m) => m.content?.startsWith('turn 29 '))).toBe(true);
  });

  it("an earlier answer's calculator calls are replayed as tool calls, so a follow-up can reuse their inputs", async () => {
    const engine = await engineFor(() => ({ kind: 'text', chunks: ['ok'] }));
    const input = { period: 'monthly', remuneration: 20000, age: 33 };
    const history = [
      { role: 'user' as const, content: 'PAYE on R20 000 for a 33-year-old?' },
      {
        role: 'assistant' as const,
        content: 'PAYE is R2 115.00 a month.',
        toolCalls: [
          { id: 'x', name: 'paye', input, result: { paye: 2115, working: ['a long working line'] }, working: ['a long working line'] },
          { id: 'y', name: 'search_knowledge', input: { query: 'paye' }, result: [] },
        ],
      },
    ];
    await collect(engine.answer(request('And for R30 000?', { history })));
    const sent = model!.requests[0].messages.slice(1);
    expect(sent.map((m) => m.role)).toEqual(['user', 'assistant', 'tool', 'assistant', 'user']);
    expect(sent[1].tool_calls).toEqual([
      { id: 'history_1_0', type: 'function', function: { name: 'paye', arguments: JSON.stringify(input) } },
    ]);
    expect(sent[2]).toMatchObject({ role: 'tool', tool_call_id: 'history_1_0' });
    expect(JSON.parse(sent[2].content!)).toEqual({ paye: 2115 });
    expect(sent[3]).toEqual({ role: 'assistant', content: 'PAYE is R2 115.00 a month.' });
  });

  it('grounds on the referenced article and always cites it', async () => {
    const [article] = await t.services.knowledge.search('maternity leave', { limit: 1 });
    const full = (await t.services.knowledge.findItem(article.id))!;
    const engine = await engineFor(() => ({ kind: 'text', chunks: ['Four consecutive months.'] }));
    const events = await collect(
      engine.answer(
        request('How long?', {
          article: { id: full.id, title: full.title, categoryId: full.categoryId, keywords: full.keywords, content: full.content },
        }),
      ),
    );
    const sys = model!.requests[0].messages[0].content!;
    expect(sys).toContain(full.title);
    expect(sys).toContain(`(/knowledge/article/${full.id})`);
    expect(sys).toContain(full.content.slice(0, 200));
    expect(events.find((e) => e.type === 'sources')).toEqual({ type: 'sources', sources: [{ id: full.id, title: full.title }] });
  });

  it('model 500 and malformed chunks are a 502 AssistantError with a readable message', async () => {
    for (const reply of [{ kind: 'error', status: 500 }, { kind: 'malformed' }] as Reply[]) {
      const engine = await engineFor(() => reply);
      const err = await collect(engine.answer(request('hi'))).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(AssistantError);
      expect((err as AssistantError).status).toBe(502);
      expect((err as AssistantError).message).toBe(MODEL_ERROR_MESSAGE);
      await model!.close();
      model = undefined;
    }
  });

  it('a stream that ends without finishing, a cut connection and a refused connection are 502s', async () => {
    for (const reply of [
      { kind: 'truncated', chunks: ['Half an '] },
      { kind: 'truncated', chunks: ['Half an '], destroy: true },
    ] as Reply[]) {
      const engine = await engineFor(() => reply);
      const events: EngineEvent[] = [];
      const err = await (async () => {
        for await (const e of engine.answer(request('hi'))) events.push(e);
      })().catch((e: unknown) => e);
      expect(err).toBeInstanceOf(AssistantError);
      expect((err as AssistantError).status).toBe(502);
      expect(text(events)).toBe('Half an ');
      await model!.close();
      model = undefined;
    }
    const gone = await startFakeModel(() => ({ kind: 'text', chunks: [] }));
    await gone.close();
    const engine = createOpenAIEngine({ baseUrl: gone.url, model: 'fake-1', knowledge });
    const err = await collect(engine.answer(request('hi'))).catch((e: unknown) => e);
    expect(err).toMatchObject({ name: 'AssistantError', status: 502, message: MODEL_ERROR_MESSAGE });
  });

  it('waits for a slow first token; an abort mid-answer keeps what was streamed and returns', async () => {
    let engine = await engineFor(() => ({ kind: 'text', chunks: ['Late ', 'but ', 'here.'], firstDelayMs: 300 }));
    expect(text(await collect(engine.answer(request('slow?'))))).toBe('Late but here.');
    await model!.close();

    engine = await engineFor(() => ({ kind: 'text', chunks: Array.from({ length: 100 }, (_, i) => `w${i} `), delayMs: 30 }));
    const controller = new AbortController();
    const events: EngineEvent[] = [];
    for await (const e of engine.answer(request('long?', { signal: controller.signal }))) {
      events.push(e);
      if (events.length === 3) controller.abort('stop');
    }
    expect(text(events)).toBe('w0 w1 w2 ');
  });

  it('a hanging model returns promptly when the signal aborts', async () => {
    const engine = await engineFor(() => ({ kind: 'hang' }));
    const controller = new AbortController();
    setTimeout(() => controller.abort('timeout'), 150);
    const started = Date.now();
    await collect(engine.answer(request('hello?', { signal: controller.signal })));
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('through the app: a model error keeps the question (502), a hanging model gives 504, Retry answers once', async () => {
    let mode: 'fail' | 'hang' | 'ok' = 'fail';
    const fake = await startFakeModel(() =>
      mode === 'fail' ? { kind: 'error', status: 500 } : mode === 'hang' ? { kind: 'hang' } : { kind: 'text', chunks: ['Fine ', 'now.'] },
    );
    const app = await createTestApp('pglite', { AI_BASE_URL: fake.url, AI_MODEL: 'fake-1', AI_TIMEOUT_MS: '300' });
    try {
      const { client } = await registerUser(app);
      const failed = await client.post('/api/chat', { message: 'Is the model up?' });
      expect(failed.status).toBe(502);
      const body = await failed.json();
      expect(body.message).toBe(MODEL_ERROR_MESSAGE);
      mode = 'hang';
      const slow = await client.post('/api/chat', { message: 'Slow?' });
      expect(slow.status).toBe(504);
      mode = 'ok';
      const retried = await client.post('/api/chat', { retryOf: body.questionId });
      expect(retried.status).toBe(200);
      expect((await retried.json()).response).toBe('Fine now.');
      const list = await client.get('/api/messages').then((r) => r.json());
      expect(list.filter((m: { content: string }) => m.content === 'Is the model up?')).toHaveLength(1);
      expect(list.map((m: { role: string; status: string }) => `${m.role}:${m.status}`)).toEqual([
        'user:complete',
        'assistant:complete',
        'user:complete',
        'assistant:error',
      ]);
    } finally {
      await app.close();
      await fake.close();
    }
  });

  it('the fake model also answers stream:false requests', async () => {
    model = await startFakeModel((req, n) =>
      n === 1
        ? { kind: 'tools', calls: [{ id: 'c1', name: 'uif', args: '{"remuneration":1000}' }] }
        : { kind: 'text', chunks: ['Plain ', 'answer.'] },
    );
    const post = () =>
      fetch(`${model!.url}/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'm', messages: [], stream: false }),
      }).then((r) => r.json());
    expect((await post()).choices[0]).toMatchObject({
      finish_reason: 'tool_calls',
      message: { tool_calls: [{ id: 'c1', function: { name: 'uif', arguments: '{"remuneration":1000}' } }] },
    });
    expect((await post()).choices[0]).toMatchObject({ finish_reason: 'stop', message: { role: 'assistant', content: 'Plain answer.' } });
    expect(model.requests).toHaveLength(2);
  });

  it('the system prompt names the tax year of any date', () => {
    expect(systemPrompt(new Date('2027-03-01T10:00:00+02:00'))).toContain('2027/28');
  });
});
