import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../db';
import { createTestApp, registerUser, type TestApp } from '../../helpers/app';
import { createTestDatabase } from '../../helpers/db';
import { startFakeModel } from '../../helpers/fake-model';

// A real outage: the test's PostgreSQL database stops accepting connections, then comes back.
describe.runIf(!!process.env.TEST_DATABASE_URL)('database outage on postgres', () => {
  let t: TestApp;
  let admin: ReturnType<typeof postgres>;
  let dbName: string;
  beforeAll(async () => {
    t = await createTestApp('postgres');
    admin = postgres(process.env.TEST_DATABASE_URL!, { max: 1, onnotice: () => {} });
    dbName = new URL(t.services.config.databaseUrl!).pathname.slice(1);
  });
  afterAll(async () => {
    await admin.unsafe(`alter database "${dbName}" allow_connections true`);
    await admin.end();
    await t?.close();
  });

  it('answers 503 with a clear message while the database is down and recovers by itself', async () => {
    const { client } = await registerUser(t);
    expect((await client.get('/api/user')).status).toBe(200);

    await admin.unsafe(`alter database "${dbName}" allow_connections false`);
    await admin.unsafe(`select pg_terminate_backend(pid) from pg_stat_activity where datname = '${dbName}' and pid <> pg_backend_pid()`);

    const down = await client.get('/api/user');
    expect(down.status).toBe(503);
    expect(await down.json()).toEqual({ message: 'The database is temporarily unavailable. Please try again in a moment.' });
    const login = await t.client().post('/api/login', { username: 'whoever', password: 'secret123' });
    expect(login.status).toBe(503);
    const health = await t.client().get('/api/health');
    expect(health.status).toBe(503);
    expect(health.headers.get('retry-after')).toBe('5');
    expect(down.headers.get('retry-after')).toBe('5');

    await admin.unsafe(`alter database "${dbName}" allow_connections true`);
    let status = 0;
    for (let i = 0; i < 50 && status !== 200; i++) {
      status = (await client.get('/api/user')).status;
      if (status !== 200) await new Promise((r) => setTimeout(r, 100));
    }
    expect(status).toBe(200);
  });
});

// The database goes away while an answer is being written: the question stays saved with an answer to retry,
// and the person is told so with a 503 and Retry-After, not a model error.
describe.runIf(!!process.env.TEST_DATABASE_URL)('database outage in the middle of an answer', () => {
  it('the question is kept, its answer is a retryable failure, and the reply is a 503 with Retry-After', async () => {
    const model = await startFakeModel(() => ({ kind: 'text', chunks: ['Part ', 'of it.'], firstDelayMs: 800 }));
    const t = await createTestApp('postgres', { AI_BASE_URL: model.url, AI_MODEL: 'fake-1' });
    const admin = postgres(process.env.TEST_DATABASE_URL!, { max: 1, onnotice: () => {} });
    const dbName = new URL(t.config.databaseUrl!).pathname.slice(1);
    try {
      const { client } = await registerUser(t);
      const asking = client.post('/api/chat', { message: 'What is UIF?' });
      await new Promise((r) => setTimeout(r, 300)); // stored, the model still thinking
      await admin.unsafe(`alter database "${dbName}" allow_connections false`);
      await admin.unsafe(`select pg_terminate_backend(pid) from pg_stat_activity where datname = '${dbName}' and pid <> pg_backend_pid()`);
      const res = await asking;
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('5');
      const body = (await res.json()) as { message: string; questionId: string };
      expect(body.message).toBe(
        'The assistant could not finish its answer just now (the database is temporarily unavailable). Your question is saved: please try again in a moment.',
      );

      await admin.unsafe(`alter database "${dbName}" allow_connections true`);
      const db = postgres(t.config.databaseUrl!, { max: 1, onnotice: () => {} });
      // The failure could not be stored while the database was away: it is written once it is back, so no
      // process takes the answer for one still being written.
      let rows: readonly { role: string; status: string; content: string }[] | undefined;
      for (let i = 0; i < 50 && rows?.[1]?.status !== 'error'; i++) {
        if (i) await new Promise((r) => setTimeout(r, 100));
        rows = await db<
          { role: string; status: string; content: string }[]
        >`select role, status, content from messages where id = ${body.questionId} or reply_to = ${body.questionId} order by seq`;
      }
      await db.end();
      expect(rows!.map((r) => [r.role, r.status])).toEqual([
        ['user', 'complete'],
        ['assistant', 'error'],
      ]);
      expect(rows![0].content).toBe('What is UIF?');
      expect(rows![1].content).toBe(body.message);
      // A retry answers it.
      expect((await client.post('/api/chat', { retryOf: body.questionId })).status).toBe(200);
    } finally {
      await admin.unsafe(`alter database "${dbName}" allow_connections true`);
      await admin.end();
      await t.close();
      await model.close();
    }
  });
});

// postgres.js kept a connection's last query after its socket closed mid-query, then took the refusal of the
// reconnect for that query's and reconnected without end: the next query waited until the database returned
// (porsager/postgres#1193; patches/postgres+3.4.9.patch). One connection makes it certain rather than a race.
describe.runIf(!!process.env.TEST_DATABASE_URL)('database outage while a query runs', () => {
  it('the next query fails at once instead of waiting for the database', async () => {
    const pg = await createTestDatabase();
    const database = await openDatabase({ url: pg.url, poolSize: 1 });
    const admin = postgres(process.env.TEST_DATABASE_URL!, { max: 1, onnotice: () => {} });
    const dbName = new URL(pg.url).pathname.slice(1);
    try {
      expect(await database.ping()).toBe(true);
      const running = database.db.execute(sql`select pg_sleep(5)`).then(
        () => 'finished',
        (e: Error) => e.message,
      );
      await new Promise((r) => setTimeout(r, 200));
      await admin.unsafe(`alter database "${dbName}" allow_connections false`);
      await admin.unsafe(`select pg_terminate_backend(pid) from pg_stat_activity where datname = '${dbName}' and pid <> pg_backend_pid()`);
      expect(await running).not.toBe('finished');

      const next = await Promise.race([database.ping(), new Promise((r) => setTimeout(() => r('still waiting'), 4000))]);
      expect(next).toBe(false);

      await admin.unsafe(`alter database "${dbName}" allow_connections true`);
      let up = false;
      for (let i = 0; i < 50 && !up; i++) if (!(up = await database.ping())) await new Promise((r) => setTimeout(r, 100));
      expect(up).toBe(true);
    } finally {
      await admin.unsafe(`alter database "${dbName}" allow_connections true`);
      await admin.end();
      await database.close();
      await pg.drop();
    }
  });
});

describe.runIf(!process.env.TEST_DATABASE_URL)('database outage', () => {
  it.skip('needs TEST_DATABASE_URL (PostgreSQL leg skipped)', () => {});
});
