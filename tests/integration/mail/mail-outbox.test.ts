import { eq } from 'drizzle-orm';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../db';
import { mailOutbox, users } from '../../../db/schema';
import { createMailer } from '../../../src/mail';
import { startSmtpPeer } from '../../helpers/browser';
import { createTestApp, registerUser, type TestApp } from '../../helpers/app';
import { dbKinds } from '../../helpers/db';

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

describe.each(dbKinds)('mail outbox on %s', (kind) => {
  let t: TestApp;
  let port: number;
  let now = Date.now();
  beforeAll(async () => {
    port = await freePort();
    t = await createTestApp(kind, { SMTP_URL: `smtp://127.0.0.1:${port}` }, { clock: () => new Date(now) });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('keeps the mail while SMTP is down, says the e-mail may be delayed, and delivers it once SMTP is back', async () => {
    const { creds } = await registerUser(t);
    const first = await t.client().post('/api/forgot-password', { email: creds.email });
    expect(first.status).toBe(200);
    await t.services.mailer.idle();
    const [pending] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, creds.email));
    expect(pending).toMatchObject({ status: 'pending', attempts: 1 });
    expect(pending.lastError).toBeTruthy();

    const second = await t.client().post('/api/forgot-password', { email: 'someone-else@example.co.za' });
    expect((await second.json()).emailSent).toBe(false);

    const smtp = await startSmtpPeer(port);
    try {
      now += 60 * 60_000;
      await t.services.mailer.deliverDue();
      const [sent] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, creds.email));
      expect(sent.status).toBe('sent');
      expect(sent.text).toBe('');
      const mail = await smtp.waitFor(creds.email);
      expect(mail.raw).toMatch(/Your password reset code is \d{6}/);
    } finally {
      await smtp.close();
    }
  });

  it('admins can read the outbox, without the mail bodies', async () => {
    const { client, user } = await registerUser(t);
    await t.database.db.update(users).set({ isAdmin: true }).where(eq(users.id, user.id));
    const res = await client.get('/api/admin/outbox');
    expect(res.status).toBe(200);
    const rows = await res.json();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows[0]).toHaveProperty('subject');
    expect(rows[0]).not.toHaveProperty('text');
  });
});

// Three mailers on three connection pools stand for three processes sharing one PostgreSQL outbox.
describe.runIf(!!process.env.TEST_DATABASE_URL)('mail outbox shared by several processes on postgres', () => {
  it('sends each due mail exactly once when they deliver at the same moment', async () => {
    const t = await createTestApp('postgres');
    const smtp = await startSmtpPeer();
    const pools = await Promise.all([0, 1, 2].map(() => openDatabase({ url: t.services.config.databaseUrl })));
    try {
      const to = Array.from({ length: 70 }, (_, i) => `once${i}@example.co.za`);
      await t.database.db
        .insert(mailOutbox)
        .values(to.map((addr) => ({ to: addr, subject: 'Once', text: 'hello', nextAttemptAt: new Date() })));
      const mailers = await Promise.all(
        pools.map((p) =>
          createMailer({
            db: p.db,
            smtpUrl: smtp.url,
            from: 'PayeWise <no-reply@payewise.test>',
            log: t.services.log,
            clock: () => new Date(),
          }),
        ),
      );
      const sent = await Promise.all(mailers.map((m) => m.deliverDue()));
      expect(sent.reduce((a, b) => a + b, 0)).toBe(to.length);
      expect(smtp.mails.map((m) => m.to).sort()).toEqual([...to].sort());
      const rows = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.subject, 'Once'));
      expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
    } finally {
      await Promise.all(pools.map((p) => p.close()));
      await smtp.close();
      await t.close();
    }
  });
});
