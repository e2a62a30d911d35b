import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpPeer } from '../helpers/browser';
import { usePostgresProcesses } from '../helpers/process';

// Three built servers started at the same moment on one fresh PostgreSQL database, as a scale-out or a
// rolling deploy starts them: all come up, the schema and seed are made once, and mail is sent once.
describe.skipIf(!process.env.TEST_DATABASE_URL)('three processes starting together on PostgreSQL', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
  beforeAll(async () => {
    smtp = await startSmtpPeer();
  });
  afterAll(async () => {
    await smtp?.close();
  });
  const cluster = usePostgresProcesses('payewise-crowd-');

  const startThree = () =>
    Promise.all(
      [0, 1, 2].map(() =>
        cluster.start({
          DATA_DIR: cluster.dataDir(),
          DATABASE_URL: cluster.pg.url,
          NODE_ENV: 'test',
          DEMO_ACCOUNTS: 'true',
          LOG_LEVEL: 'info',
          SMTP_URL: smtp.url,
        }),
      ),
    );

  it('all come up and serve, with the schema, demo accounts and knowledge base made once', async () => {
    const procs = await startThree();
    const { sql } = cluster;
    for (const p of procs) {
      expect((await fetch(`${p.url}/api/health`)).status).toBe(200);
      const login = await fetch(`${p.url}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'demo', password: 'password123' }),
      });
      expect(login.status).toBe(200);
      const cookie = login.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
      const categories = await fetch(`${p.url}/api/knowledge/categories`, { headers: { cookie } });
      expect(categories.status).toBe(200);
      expect((await categories.json()).length).toBeGreaterThan(0);
    }
    const migrations = fs.readdirSync('db/migrations').filter((f) => f.endsWith('.sql')).length;
    expect((await sql`select count(*)::int as n from drizzle.__drizzle_migrations`)[0].n).toBe(migrations);
    expect((await sql`select count(*)::int as n from users where username in ('demo', 'admin')`)[0].n).toBe(2);
    const seeded = procs.flatMap((p) => p.log).filter((l) => l.includes('knowledge seed: applied'));
    expect(seeded).toHaveLength(1);
  });

  it('mail due while they were down goes out once when three start again together', async () => {
    await cluster.stopAll();
    const { sql } = cluster;
    const to = Array.from({ length: 45 }, (_, i) => `crowd${i}@example.co.za`);
    for (const addr of to)
      await sql`insert into mail_outbox ("to", subject, text, next_attempt_at) values (${addr}, 'Queued while down', 'hello', now())`;
    await startThree();
    let left = to.length;
    for (let i = 0; i < 100 && left; i++) {
      left = (await sql`select count(*)::int as n from mail_outbox where status <> 'sent'`)[0].n;
      if (left) await new Promise((r) => setTimeout(r, 100));
    }
    expect(left).toBe(0);
    await new Promise((r) => setTimeout(r, 300)); // a duplicate would arrive now
    const received = smtp.mails.map((m) => m.to).filter((t) => t.startsWith('crowd'));
    expect(received.sort()).toEqual([...to].sort());
  });
});
