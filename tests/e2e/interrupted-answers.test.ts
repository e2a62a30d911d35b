import { describe, expect, it, onTestFinished } from 'vitest';
import { INTERRUPTED_MESSAGE } from '../../src/assistant/types';
import { startFakeModel } from '../helpers/fake-model';
import { usePostgresProcesses } from '../helpers/process';

// A process killed while it writes an answer leaves the answer 'pending'. The next process to start marks it failed
// on its own, before anyone asks: the question is kept and Retry answers it.
describe.skipIf(!process.env.TEST_DATABASE_URL)('answers cut off by a crash', () => {
  const cluster = usePostgresProcesses('payewise-crash-');

  it('are marked failed when the next process starts, and a Retry answers them', async () => {
    // Slow enough that the answer is still being written when the process is killed.
    const model = await startFakeModel(() => ({ kind: 'text', chunks: Array.from({ length: 50 }, (_, i) => `word${i} `), delayMs: 100 }));
    onTestFinished(() => model.close());
    const { sql } = cluster;
    const env = {
      DATA_DIR: cluster.dataDir(),
      DATABASE_URL: cluster.pg.url,
      NODE_ENV: 'test',
      DEMO_ACCOUNTS: 'false',
      AI_BASE_URL: model.url,
      AI_API_KEY: 'test',
      AI_TIMEOUT_MS: '20000',
    };

    const first = await cluster.start(env);
    const reg = await fetch(`${first.url}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'crashed', email: 'crashed@example.co.za', password: 'secret123' }),
    });
    expect(reg.status).toBe(201);
    const cookie = reg.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const json = { cookie, 'content-type': 'application/json' };
    const asking = fetch(`${first.url}/api/chat`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ message: 'Explain UIF slowly', newConversation: true }),
    }).catch(() => null);
    await expect
      .poll(async () => (await sql`select count(*)::int as n from messages where status = 'pending'`)[0].n, { timeout: 10_000 })
      .toBe(1);
    first.child.kill('SIGKILL');
    await first.exited;
    expect(await asking).toBeNull();

    // The answer began long enough ago that no process can still be writing it (the AI deadline and its margin).
    await sql`update messages set timestamp = to_char((now() - interval '10 minutes') at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') where status = 'pending'`;
    const second = await cluster.start(env);
    await expect
      .poll(
        async () => (await sql<{ status: string; content: string }[]>`select status, content from messages where role = 'assistant'`)[0],
        { timeout: 10_000 },
      )
      .toEqual({ status: 'error', content: INTERRUPTED_MESSAGE });
    const [question] = await sql<
      { id: string; content: string; conversation_id: string }[]
    >`select id, content, conversation_id from messages where role = 'user'`;
    expect(question.content).toBe('Explain UIF slowly');

    const shown = await fetch(`${second.url}/api/messages?conversationId=${question.conversation_id}`, { headers: { cookie } });
    const messages = (await shown.json()) as { role: string; status: string; content: string }[];
    expect(messages.map((m) => [m.role, m.status])).toEqual([
      ['user', 'complete'],
      ['assistant', 'error'],
    ]);
    const retried = await fetch(`${second.url}/api/chat`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ retryOf: question.id }),
    });
    expect(retried.status).toBe(200);
    expect(((await retried.json()) as { response: string }).response).toContain('word49');
  });
});
