import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STILL_ANSWERING } from '../../src/assistant/service';
import { startFakeModel, type FakeModel } from '../helpers/fake-model';
import { usePostgresProcesses } from '../helpers/process';

// Behind a load balancer the stream of an answer and the user's Stop (or Retry) can land on different
// processes: two built servers on one PostgreSQL, a model that writes slowly, the answer streamed from one and
// stopped through the other.
describe.skipIf(!process.env.TEST_DATABASE_URL)('Stop and "still answering" across two app processes on PostgreSQL', () => {
  let model: FakeModel;
  beforeAll(async () => {
    // 60 tokens, 100 ms apart: six seconds of answer unless stopped.
    model = await startFakeModel(() => ({ kind: 'text', chunks: Array.from({ length: 60 }, (_, i) => `word${i} `), delayMs: 100 }));
  });
  afterAll(async () => {
    await model?.close();
  });
  const cluster = usePostgresProcesses('payewise-stop-');
  beforeAll(async () => {
    for (let i = 0; i < 2; i++) {
      await cluster.start({
        DATA_DIR: cluster.dataDir(),
        DATABASE_URL: cluster.pg.url,
        NODE_ENV: 'test',
        DEMO_ACCOUNTS: 'false',
        AI_BASE_URL: model.url,
        AI_API_KEY: 'test',
      });
    }
  });

  /** Reads an SSE response until `done` or `error`, resolving with every event. */
  async function readStream(res: Response, onStart: (data: { messageId: string; question: { id: string } }) => void) {
    const events: { event: string; data: Record<string, unknown> }[] = [];
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return events;
      buffer += decoder.decode(value, { stream: true });
      let cut;
      while ((cut = buffer.indexOf('\n\n')) !== -1) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        const event = /^event: (.*)$/m.exec(block)?.[1] ?? 'message';
        const data = JSON.parse(/^data: (.*)$/m.exec(block)?.[1] ?? '{}');
        events.push({ event, data });
        if (event === 'start') onStart(data);
        if (event === 'done' || event === 'error') return events;
      }
    }
  }

  it('a Stop sent to the other process stops the answer; a Retry there meanwhile is told it is still answering', async () => {
    const { procs, sql } = cluster;
    const [a, b] = procs;
    const reg = await fetch(`${a.url}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'stopper', email: 'stopper@example.co.za', password: 'secret123' }),
    });
    expect(reg.status).toBe(201);
    const cookie = reg.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const json = { cookie, 'content-type': 'application/json' };

    const streamed = await fetch(`${a.url}/api/chat/stream`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ message: 'Explain UIF slowly', newConversation: true }),
    });
    expect(streamed.status).toBe(200);
    let started!: (d: { messageId: string; question: { id: string } }) => void;
    const start = new Promise<{ messageId: string; question: { id: string } }>((r) => (started = r));
    const events = readStream(streamed, (d) => started(d));
    const { messageId, question } = await start;
    // Some words have been written by process A.
    for (let i = 0; i < 50 && (await sql`select content from messages where id = ${messageId}`)[0]?.content === ''; i++)
      await new Promise((r) => setTimeout(r, 20));
    await new Promise((r) => setTimeout(r, 400));

    const retry = await fetch(`${b.url}/api/chat`, { method: 'POST', headers: json, body: JSON.stringify({ retryOf: question.id }) });
    expect(retry.status).toBe(409);
    expect(await retry.json()).toEqual({ message: STILL_ANSWERING });

    const stop = await fetch(`${b.url}/api/messages/${messageId}/stop`, { method: 'POST', headers: json });
    expect(stop.status).toBe(200);
    expect(await stop.json()).toEqual({ stopped: true });

    const seen = await events;
    const done = seen.at(-1)!;
    expect(done.event).toBe('done');
    expect(done.data.status).toBe('stopped');
    const [row] = await sql`select status, content from messages where id = ${messageId}`;
    expect(row.status).toBe('stopped');
    expect(row.content).toMatch(/^word0 word1 /);
    expect(row.content).not.toContain('word59');
    // Both processes show it stopped; a second Stop finds nothing to stop.
    for (const p of procs) {
      const list = await (
        await fetch(`${p.url}/api/messages?conversationId=${seen[0].data.conversationId}`, { headers: { cookie } })
      ).json();
      expect(list.find((m: { id: string }) => m.id === messageId)).toMatchObject({ status: 'stopped' });
    }
    expect(await (await fetch(`${b.url}/api/messages/${messageId}/stop`, { method: 'POST', headers: json })).json()).toEqual({
      stopped: false,
    });
  });
});
