import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createOpenAIEngine, systemPrompt, trimHistory, TOO_MANY_ROUNDS } from '../../../src/assistant/openai';
import { knowledgeTools, type KnowledgeTools } from '../../../src/assistant/tools';
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
    expect(model!.requests[0].tools!.map((x) => x.function.name)).toEqual(expect.arrayContaining(['paye', 'uif', 'minimum_wage', 'search_knowledge', 'get_article']));
    expect(engine.name).toBe('openai:fake-1');
  });

  it('a tool call split across chunks reaches the payroll engine, and the model gets the result back', async () => {
    const [uif] = await t.services.knowledge.search('uif ceiling', { limit: 1 });
    const engine = await engineFor((req, n) => {
      if (n === 1) return { kind: 'tools', calls: [{ id: 'call_1', name: 'paye', args: JSON.stringify({ period: 'monthly', remuneration: 20000, age: 33 }) }] };
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
    const engine = await engineFor((req, n) => (n === 1 ? { kind: 'tools', calls: [{ id: 'c', name: 'uif', args: '{"remuneration": -5' }] } : { kind: 'text', chunks: ['Sorry.'] }));
    const events = await collect(engine.answer(request('uif?')));
    expect(events.find((e) => e.type === 'tool')).toMatchObject({ call: { name: 'uif', error: expect.stringMatching(/JSON/) } });
    expect(model!.requests[1].messages.at(-1)!.content).toMatch(/error/);
  });

  it('stops after 5 tool rounds with a clear message', async () => {
    const engine = await engineFor(() => ({ kind: 'tools', calls: [{ id: 'c', name: 'sdl', args: '{"remuneration":1000,"annualPayroll":600000}' }] }));
    const events = await collect(engine.answer(request('loop')));
    expect(model!.requests).toHaveLength(5);
    expect(text(events)).toContain(TOO_MANY_ROUNDS.trim());
  });

  it('trims the history to its token budget, oldest first, and always sends the question', async () => {
    const history = Array.from({ length: 30 }, (_, i) => ({ role: (i % 2 ? 'assistant' : 'user') as 'user' | 'assistant', content: `turn ${i} ${'x'.repeat(400)}` }));
    expect(trimHistory(history, 1000).map((h) => h.content.slice(0, 7))).toEqual(['turn 21', 'turn 22', 'turn 23', 'turn 24', 'turn 25', 'turn 26', 'turn 27', 'turn 28', 'turn 29'].map((s) => s.slice(0, 7)));
    const engine = await engineFor(() => ({ kind: 'text', chunks: ['ok'] }), { historyTokenBudget: 1000 });
    await collect(engine.answer(request('latest question', { history })));
    const sent = model!.requests[0].messages;
    expect(sent.at(-1)).toEqual({ role: 'user', content: 'latest question' });
    expect(sent.some((m) => m.content?.startsWith('turn 0 '))).toBe(false);
    expect(sent.some((m) => m.content?.startsWith('turn 29 '))).toBe(true);
  });

  it('grounds on the referenced article and always cites it', async () => {
    const [article] = await t.services.knowledge.search('maternity leave', { limit: 1 });
    const full = (await t.services.knowledge.findItem(article.id))!;
    const engine = await engineFor(() => ({ kind: 'text', chunks: ['Four consecutive months.'] }));
    const events = await collect(engine.answer(request('How long?', { article: { id: full.id, title: full.title, categoryId: full.categoryId, keywords: full.keywords, content: full.content } })));
    expect(model!.requests[0].messages[1].content).toContain(full.title);
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
    const fake = await startFakeModel(() => (mode === 'fail' ? { kind: 'error', status: 500 } : mode === 'hang' ? { kind: 'hang' } : { kind: 'text', chunks: ['Fine ', 'now.'] }));
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
      expect(list.map((m: { role: string; status: string }) => `${m.role}:${m.status}`)).toEqual(['user:complete', 'assistant:complete', 'user:complete', 'assistant:error']);
    } finally {
      await app.close();
      await fake.close();
    }
  });

  it('the system prompt names the tax year of any date', () => {
    expect(systemPrompt(new Date('2027-03-01T10:00:00+02:00'))).toContain('2027/28');
  });
});
