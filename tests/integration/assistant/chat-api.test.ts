import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { conversations, messageFeedback, messages, users } from '../../../db/schema';
import type { Reading } from '../../../src/assistant/reading';
import {
  AssistantError,
  MODEL_ERROR_MESSAGE,
  type AssistantEngine,
  type EngineEvent,
  type EngineRequest,
} from '../../../src/assistant/types';
import { BLANK_MESSAGE, TOO_LONG_MESSAGE } from '../../../src/schemas/chat';
import { dailyLimitMessage, PER_MINUTE_LIMIT } from '../../../src/assistant/service';
import { createTestApp, registerUser, type TestApp, type TestClient } from '../../helpers/app';
import { dbKinds } from '../../helpers/db';

// The chat API through the served app, with an engine whose behaviour each test scripts (the engines
// themselves have their own tests; here what matters is what the service stores and answers).
type Script = (req: EngineRequest) => AsyncIterable<EngineEvent>;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function* answerWith(text: string, extra: EngineEvent[] = []): AsyncIterable<EngineEvent> {
  for (const e of extra) yield e;
  for (const word of text.split(/(?<= )/)) yield { type: 'delta', text: word };
}

/** Reads a server-sent-events body into {event, data} records, as they arrive. */
async function* sse(res: Response) {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buf = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buf += decoder.decode(value, { stream: true });
      let i: number;
      while ((i = buf.indexOf('\n\n')) >= 0) {
        const block = buf.slice(0, i);
        buf = buf.slice(i + 2);
        const event = /^event: ?(.*)$/m.exec(block)?.[1] ?? 'message';
        const data = block
          .split('\n')
          .filter((l) => l.startsWith('data:'))
          .map((l) => l.replace(/^data: ?/, ''))
          .join('\n');
        yield { event, data: JSON.parse(data) };
      }
    }
  } finally {
    reader.releaseLock();
  }
}

describe.each(dbKinds)('chat API on %s', (kind) => {
  let t: TestApp;
  let now = new Date('2026-11-23T10:00:00+02:00');
  let script: Script = () => answerWith('Hello from the engine.');
  const seen: EngineRequest[] = [];
  const engine: AssistantEngine = {
    name: 'scripted',
    answer(req) {
      seen.push(req);
      return script(req);
    },
  };
  let alice: TestClient;
  let aliceId: number;

  beforeAll(async () => {
    t = await createTestApp(kind, { AI_TIMEOUT_MS: '400' }, { engine, clock: () => now });
    const a = await registerUser(t);
    alice = a.client;
    aliceId = a.user.id;
  });
  afterAll(async () => t?.close());
  beforeEach(() => {
    script = () => answerWith('Hello from the engine.');
    seen.length = 0;
    now = new Date(now.getTime() + 120_000); // a fresh fair-use minute per test
  });

  it('needs a session', async () => {
    const anon = t.client();
    expect((await anon.get('/api/messages')).status).toBe(401);
    expect((await anon.post('/api/chat', { message: 'hi' })).status).toBe(401);
    expect((await anon.post('/api/chat/stream', { message: 'hi' })).status).toBe(401);
    expect((await anon.get('/api/conversations')).status).toBe(401);
  });

  it('refuses blank and over-long messages with a clear 400, storing nothing', async () => {
    const before = (await alice.get('/api/messages').then((r) => r.json())).length;
    for (const message of ['', '   \n\t ', '[ref:8f7b3c2a-1d4e-4f5a-9b6c-7d8e9f0a1b2c]   ']) {
      const res = await alice.post('/api/chat', { message });
      expect(res.status).toBe(400);
      expect((await res.json()).message).toBe(BLANK_MESSAGE);
    }
    const res = await alice.post('/api/chat', { message: 'x'.repeat(4001) });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe(TOO_LONG_MESSAGE);
    expect(TOO_LONG_MESSAGE).toContain('4');
    expect((await alice.post('/api/chat', {})).status).toBe(400);
    expect((await alice.get('/api/messages').then((r) => r.json())).length).toBe(before);
    expect((await alice.post('/api/chat', { message: 'y'.repeat(4000) })).status).toBe(200);
  });

  it('POST /api/chat answers { id, response, conversationId, sources } and GET /api/messages lists both, oldest first', async () => {
    script = () => answerWith('The answer. [UIF](/knowledge/article/x)', [{ type: 'sources', sources: [{ id: 'x', title: 'UIF' }] }]);
    const res = await alice.post('/api/chat', { message: '  What is UIF?  ', newConversation: true });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({
      response: 'The answer. [UIF](/knowledge/article/x)',
      sources: [{ id: 'x', title: 'UIF' }],
      status: 'complete',
    });
    expect(typeof body.id).toBe('string');
    const list = await alice.get('/api/messages').then((r) => r.json());
    expect(list.slice(-2).map((m: any) => [m.role, m.content])).toEqual([
      ['user', 'What is UIF?'],
      ['assistant', 'The answer. [UIF](/knowledge/article/x)'],
    ]);
    const [q, a] = list.slice(-2);
    for (const m of [q, a])
      expect(Object.keys(m)).toEqual(expect.arrayContaining(['id', 'userId', 'role', 'content', 'timestamp', 'conversationId', 'sources']));
    expect(a.id).toBe(body.id);
    expect(a.conversationId).toBe(body.conversationId);
    expect(q.userId).toBe(aliceId);
    const [u] = await t.database.db.select({ n: users.totalChatMessages }).from(users).where(eq(users.id, aliceId));
    expect(u.n).toBeGreaterThan(0);
  });

  it('strips the reference tag, hands the engine the article and keeps the conversation going', async () => {
    const [item] = await t.services.knowledge.search('maternity leave', { limit: 1 });
    const first = await alice
      .post('/api/chat', { message: `[ref:${item.id}] How long is it?`, newConversation: true })
      .then((r) => r.json());
    expect(seen.at(-1)!.question).toBe('How long is it?');
    expect(seen.at(-1)!.article?.id).toBe(item.id);
    const second = await alice.post('/api/chat', { message: 'And is it paid?' }).then((r) => r.json());
    expect(second.conversationId).toBe(first.conversationId);
    expect(seen.at(-1)!.history.map((h) => h.content)).toEqual(['How long is it?', 'Hello from the engine.']);
    const list = await alice.get(`/api/messages?conversationId=${first.conversationId}`).then((r) => r.json());
    expect(list.map((m: any) => m.content)).toEqual([
      'How long is it?',
      'Hello from the engine.',
      'And is it paid?',
      'Hello from the engine.',
    ]);
    expect(list[0].articleId).toBe(item.id);
  });

  it('a named conversation hands the engine its earlier turns with their calculator calls and sources, leaving out failed answers', async () => {
    const call = { id: 'c1', name: 'paye', input: { period: 'monthly', remuneration: 20000, age: 33 }, result: { paye: 2115 } };
    script = () =>
      answerWith('PAYE is R2 115.00.', [
        { type: 'tool', call },
        { type: 'sources', sources: [{ id: 'p', title: 'PAYE' }] },
      ]);
    const first = await alice.post('/api/chat', { message: 'PAYE on R20 000?', newConversation: true }).then((r) => r.json());
    expect(seen.at(-1)!.history).toEqual([]);
    script = () => ({ [Symbol.asyncIterator]: () => ({ next: () => Promise.reject(new Error('model down')) }) });
    expect((await alice.post('/api/chat', { message: 'Hello?', conversationId: first.conversationId })).status).toBe(502);
    // Another conversation becomes the latest; naming the first still continues the first.
    script = () => answerWith('Other.');
    await alice.post('/api/chat', { message: 'Something else', newConversation: true });
    await alice.post('/api/chat', { message: 'And for R30 000?', conversationId: first.conversationId });
    expect(seen.at(-1)!.history).toEqual([
      { role: 'user', content: 'PAYE on R20 000?', toolCalls: [], sources: [], reading: null },
      { role: 'assistant', content: 'PAYE is R2 115.00.', toolCalls: [call], sources: [{ id: 'p', title: 'PAYE' }], reading: null },
      { role: 'user', content: 'Hello?', toolCalls: [], sources: [], reading: null },
    ]);
  });

  it("stores the engine's reading with the answer, and hands it back as the conversation's memory", async () => {
    const reading: Reading = {
      intent: 'calculate',
      topic: 'paye',
      slots: { age: 33, amounts: [{ role: 'salary', value: 20000, period: 'monthly' }] },
      facts: { age: 33, amounts: [{ role: 'salary', value: 20000, period: 'monthly' }] },
      topics: ['paye'],
      decidedBy: 'model',
      confidence: 0.97,
      outcome: 'calculated',
      articles: [],
    };
    script = () => answerWith('PAYE is R2 115.00.', [{ type: 'reading', reading }]);
    const first = await alice
      .post('/api/chat', { message: 'PAYE on R20 000 a month for a 33-year-old', newConversation: true })
      .then((r) => r.json());
    const [row] = await t.database.db
      .select({ reading: messages.reading, outcome: messages.outcome, confidence: messages.confidence })
      .from(messages)
      .where(eq(messages.id, first.id));
    expect(row).toEqual({ reading, outcome: 'calculated', confidence: 0.97 });
    script = () => answerWith('And more.');
    await alice.post('/api/chat', { message: 'and if she is 66?', conversationId: first.conversationId });
    expect(seen.at(-1)!.history.at(-1)).toMatchObject({ role: 'assistant', reading });
    // An engine that reads nothing stores nothing, and a retry starts from a clean row.
    const [plain] = await t.database.db
      .select({ reading: messages.reading, outcome: messages.outcome })
      .from(messages)
      .where(
        eq(messages.replyTo, (await alice.get(`/api/messages?conversationId=${first.conversationId}`).then((r) => r.json())).at(-2).id),
      );
    expect(plain).toEqual({ reading: null, outcome: null });
  });

  it('conversations: newest first, titled from the first question, renamed, deleted; another user gets 404 for all of it', async () => {
    const a = await alice
      .post('/api/chat', {
        message: 'First thread about PAYE on bonuses and how the difference method works in practice',
        newConversation: true,
      })
      .then((r) => r.json());
    now = new Date(now.getTime() + 1000);
    const b = await alice.post('/api/chat', { message: 'Second thread', newConversation: true }).then((r) => r.json());
    const list = await alice.get('/api/conversations').then((r) => r.json());
    expect(list[0].id).toBe(b.conversationId);
    const first = list.find((c: any) => c.id === a.conversationId);
    expect(first.title.length).toBeLessThanOrEqual(61);
    expect(first.title.startsWith('First thread about PAYE')).toBe(true);

    const bob = (await registerUser(t)).client;
    const aMsgs = await alice.get(`/api/messages?conversationId=${a.conversationId}`).then((r) => r.json());
    expect((await bob.get(`/api/messages?conversationId=${a.conversationId}`)).status).toBe(404);
    expect((await bob.patch(`/api/conversations/${a.conversationId}`, { title: 'mine' })).status).toBe(404);
    expect((await bob.delete(`/api/conversations/${a.conversationId}`)).status).toBe(404);
    expect((await bob.post(`/api/chat`, { message: 'sneak', conversationId: a.conversationId })).status).toBe(404);
    expect((await bob.post(`/api/messages/${aMsgs[1].id}/feedback`, { rating: 'up' })).status).toBe(404);
    expect((await bob.post(`/api/messages/${aMsgs[1].id}/stop`)).status).toBe(404);
    expect((await bob.post(`/api/chat`, { retryOf: aMsgs[0].id })).status).toBe(404);
    expect(await bob.get('/api/conversations/search?q=bonuses').then((r) => r.json())).toEqual([]);
    expect(await bob.get('/api/messages').then((r) => r.json())).toEqual([]);

    const renamed = await alice.patch(`/api/conversations/${a.conversationId}`, { title: '  Bonus tax  ' });
    expect(renamed.status).toBe(200);
    expect((await renamed.json()).title).toBe('Bonus tax');
    expect((await alice.patch(`/api/conversations/${a.conversationId}`, { title: '  ' })).status).toBe(400);

    const hits = await alice.get('/api/conversations/search?q=bonuses').then((r) => r.json());
    expect(hits[0]).toMatchObject({ conversationId: a.conversationId, conversationTitle: 'Bonus tax', role: 'user' });
    expect(hits[0].snippet).toContain('<mark>');
    expect((await alice.get('/api/conversations/search?q=a')).status).toBe(400);

    expect((await alice.delete(`/api/conversations/${a.conversationId}`)).status).toBe(200);
    expect((await alice.get(`/api/messages?conversationId=${a.conversationId}`)).status).toBe(404);
    const left = await t.database.db.select().from(messages).where(eq(messages.conversationId, a.conversationId));
    expect(left).toEqual([]);
  });

  it('a model error answers 502 with a readable message, keeps the question, and Retry answers it once', async () => {
    script = () => ({
      [Symbol.asyncIterator]: () => ({ next: () => Promise.reject(new AssistantError('upstream_failed', MODEL_ERROR_MESSAGE)) }),
    });
    const res = await alice.post('/api/chat', { message: 'Will this fail?', newConversation: true });
    expect(res.status).toBe(502);
    const failed = await res.json();
    expect(failed.message).toBe(MODEL_ERROR_MESSAGE);
    const stored = await alice.get('/api/messages').then((r) => r.json());
    expect(stored.map((m: any) => [m.role, m.status])).toEqual([
      ['user', 'complete'],
      ['assistant', 'error'],
    ]);

    script = () => answerWith('Now it works.');
    const retried = await alice.post('/api/chat', { retryOf: failed.questionId });
    expect(retried.status).toBe(200);
    expect((await retried.json()).response).toBe('Now it works.');
    const after = await alice.get('/api/messages').then((r) => r.json());
    expect(after.map((m: any) => [m.role, m.content])).toEqual([
      ['user', 'Will this fail?'],
      ['assistant', 'Now it works.'],
    ]);
    expect((await alice.post('/api/chat', { retryOf: failed.questionId })).status).toBe(409);
  });

  it('a model that takes longer than AI_TIMEOUT_MS gives 504 and keeps the question', async () => {
    script = (req) =>
      (async function* () {
        yield { type: 'delta', text: 'Thinking' } as EngineEvent;
        await new Promise((resolve) => req.signal.addEventListener('abort', resolve));
      })();
    const res = await alice.post('/api/chat', { message: 'Slow one', newConversation: true });
    expect(res.status).toBe(504);
    expect((await res.json()).message).toMatch(/took too long/);
    const stored = await alice.get('/api/messages').then((r) => r.json());
    expect(stored[0].content).toBe('Slow one');
    expect(stored[1].status).toBe('error');
  });

  it('streams start, deltas, tool calls, sources and done; Stop keeps the partial answer marked stopped', async () => {
    script = (req) =>
      (async function* () {
        yield {
          type: 'tool',
          call: { id: 't1', name: 'paye', input: { remuneration: 1 }, result: { paye: 0 }, working: [] },
        } as EngineEvent;
        for (let i = 0; i < 100 && !req.signal.aborted; i++) {
          yield { type: 'delta', text: `w${i} ` } as EngineEvent;
          await sleep(10);
        }
      })();
    const res = await alice.post('/api/chat/stream', { message: 'Stream please', newConversation: true });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/event-stream/);
    const events: { event: string; data: any }[] = [];
    let stopped = false;
    for await (const e of sse(res)) {
      events.push(e);
      if (e.event === 'delta' && !stopped && events.filter((x) => x.event === 'delta').length === 3) {
        stopped = true;
        const start = events[0].data;
        const r = await alice.post(`/api/messages/${start.messageId}/stop`);
        expect(await r.json()).toEqual({ stopped: true });
      }
    }
    expect(events[0].event).toBe('start');
    expect(events[0].data.question.content).toBe('Stream please');
    expect(events[1]).toMatchObject({ event: 'tool', data: { call: { name: 'paye' } } });
    const done = events.at(-1)!;
    expect(done.event).toBe('done');
    expect(done.data.status).toBe('stopped');
    expect(done.data.response.length).toBeGreaterThan(0);
    expect(done.data.response).not.toContain('w99');
    const stored = await alice.get('/api/messages').then((r) => r.json());
    expect(stored[1]).toMatchObject({ status: 'stopped', content: done.data.response });
    expect(stored[1].toolCalls[0].name).toBe('paye');
  });

  it('when the browser goes away mid-answer the server finishes and stores the answer', async () => {
    script = () =>
      (async function* () {
        for (let i = 0; i < 10; i++) {
          yield { type: 'delta', text: `part${i} ` } as EngineEvent;
          await sleep(15);
        }
      })();
    const res = await alice.post('/api/chat/stream', { message: 'Leave early', newConversation: true });
    const it = sse(res)[Symbol.asyncIterator]();
    const start = (await it.next()).value!;
    await it.return!(undefined);
    await res.body?.cancel().catch(() => {});
    await sleep(400);
    const stored = await alice.get(`/api/messages?conversationId=${start.data.conversationId}`).then((r) => r.json());
    expect(stored[1].status).toBe('complete');
    expect(stored[1].content).toContain('part9');
  });

  it('feedback: up, then down with a comment, stored with the question, answer and engine', async () => {
    const answer = await alice.post('/api/chat', { message: 'Rate me', newConversation: true }).then((r) => r.json());
    expect((await alice.post(`/api/messages/${answer.id}/feedback`, { rating: 'up' })).status).toBe(200);
    expect((await alice.post(`/api/messages/${answer.id}/feedback`, { rating: 'down', comment: 'Wrong year' })).status).toBe(200);
    const [row] = await t.database.db.select().from(messageFeedback).where(eq(messageFeedback.messageId, answer.id));
    expect(row).toMatchObject({
      rating: 'down',
      comment: 'Wrong year',
      question: 'Rate me',
      answer: 'Hello from the engine.',
      engine: 'scripted',
    });
    const list = await alice.get('/api/messages').then((r) => r.json());
    expect(list[1].feedback).toBe('down');
    expect((await alice.post(`/api/messages/${list[0].id}/feedback`, { rating: 'up' })).status).toBe(400);
    expect((await alice.post(`/api/messages/${answer.id}/feedback`, { rating: 'meh' })).status).toBe(400);
  });

  it('fair use: the 21st question within a minute gets 429', async () => {
    const carol = (await registerUser(t)).client;
    const results = await Promise.all(
      Array.from({ length: 21 }, (_, i) => carol.post('/api/chat', { message: `q${i}` }).then((r) => r.status)),
    );
    expect(results.filter((s) => s === 200)).toHaveLength(20);
    const res = await carol.post('/api/chat', { message: 'one more' });
    expect(res.status).toBe(429);
    expect((await res.json()).message).toBe(PER_MINUTE_LIMIT);
  });

  it('after the trial: 5 questions a South African day, shown as the allowance, then 429; the next day resets', async () => {
    const dave = await registerUser(t);
    await t.database.db
      .update(users)
      .set({ trialEndDate: new Date(now.getTime() - 86_400_000).toISOString() })
      .where(eq(users.id, dave.user.id));
    expect(await dave.client.get('/api/chat/allowance').then((r) => r.json())).toEqual({ limited: true, remaining: 5, perDay: 5 });
    const statuses = await Promise.all(
      Array.from({ length: 7 }, (_, i) => dave.client.post('/api/chat', { message: `limited ${i}` }).then((r) => r.status)),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(2);
    const refused = await dave.client.post('/api/chat', { message: 'sixth' });
    expect((await refused.json()).message).toBe(dailyLimitMessage(5));
    // A refused question stores nothing: five questions, five answers, five counted.
    expect(
      await t.database.db
        .select({ role: messages.role })
        .from(messages)
        .where(eq(messages.userId, dave.user.id))
        .then((r) => r.length),
    ).toBe(10);
    expect(
      await t.database.db
        .select({ n: users.totalChatMessages })
        .from(users)
        .where(eq(users.id, dave.user.id))
        .then((r) => r[0].n),
    ).toBe(5);
    expect(await dave.client.get('/api/chat/allowance').then((r) => r.json())).toMatchObject({ remaining: 0 });
    // 23:59 the same SA day is still used up; 00:01 the next day is fresh.
    const saMidnight = Date.parse(`${new Date(now.getTime() + 2 * 3600_000).toISOString().slice(0, 10)}T00:00:00+02:00`) + 86_400_000;
    now = new Date(saMidnight - 60_000);
    expect((await dave.client.post('/api/chat', { message: 'late' })).status).toBe(429);
    now = new Date(saMidnight + 60_000);
    expect((await dave.client.post('/api/chat', { message: 'new day' })).status).toBe(200);
    expect(await dave.client.get('/api/chat/allowance').then((r) => r.json())).toMatchObject({ remaining: 4 });
    // A paying user is not limited.
    await t.database.db.update(users).set({ subscriptionStatus: 'active' }).where(eq(users.id, dave.user.id));
    expect(await dave.client.get('/api/chat/allowance').then((r) => r.json())).toEqual({ limited: false, remaining: null, perDay: null });
  });

  it('deleting the account deletes its conversations and messages', async () => {
    const erin = await registerUser(t);
    await erin.client.post('/api/chat', { message: 'Soon gone' });
    expect((await erin.client.delete('/api/user', { password: erin.creds.password })).status).toBe(200);
    expect(await t.database.db.select().from(conversations).where(eq(conversations.userId, erin.user.id))).toEqual([]);
    expect(await t.database.db.select().from(messages).where(eq(messages.userId, erin.user.id))).toEqual([]);
  });
});
