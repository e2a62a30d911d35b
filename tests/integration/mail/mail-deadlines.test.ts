import { eq } from 'drizzle-orm';
import net from 'node:net';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mailOutbox, passwordResets } from '../../../db/schema';
import { resetMailState } from '../../../src/auth/service';
import { createMailer } from '../../../src/mail';
import { hashToken } from '../../../src/lib/tokens';
import { startSmtpPeer } from '../../helpers/browser';
import { createTestApp, registerUser, type TestApp } from '../../helpers/app';
import { dbKinds } from '../../helpers/db';

// The issue: one hung mail held the queue for 10 minutes, a shutdown waited on delivery, and a message a server had
// received whole could go out twice. The time bounds below are generous limits on noticing a failure, never on
// how fast normal mail goes.
const CONNECT_MS = 1_000;
const SLACK_MS = 1_500;
const FROM = 'PayeWise <no-reply@payewise.test>';

/** Accepts connections and never says a word (no greeting). */
async function silentPeer() {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((s) => sockets.add(s.on('close', () => sockets.delete(s))));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    close: () => {
      for (const s of sockets) s.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 5_000) {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each(dbKinds)('mail deadlines on %s', (kind) => {
  // The app's own mailer keeps mail in the outbox; the mailers under test are made on its database.
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });
  // Each test's mailers see only its own mail (a later clock would otherwise pick up the rows before).
  beforeEach(async () => {
    await t.database.db.delete(mailOutbox);
  });
  const queue = async (to: string, subject = 'Deadline') => {
    const [row] = await t.database.db.insert(mailOutbox).values({ to, subject, text: 'hello', nextAttemptAt: new Date() }).returning();
    return row.id;
  };
  const rowOf = async (id: number) => (await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0];
  const mailerFor = (smtpUrl: string, over: Partial<Parameters<typeof createMailer>[0]> = {}) =>
    createMailer({
      db: t.database.db,
      smtpUrl,
      from: FROM,
      log: t.services.log,
      clock: () => new Date(),
      connectTimeoutMs: CONNECT_MS,
      sendTimeoutMs: 3_000,
      ...over,
    });

  it('a server that accepts the connection but never greets: the send fails within the connect timeout and the mail stays pending', async () => {
    const peer = await silentPeer();
    try {
      const mailer = await mailerFor(peer.url);
      const id = await queue('nogreeting@example.co.za');
      const started = performance.now();
      expect(await mailer.deliverDue()).toBe(0);
      expect(performance.now() - started).toBeLessThan(CONNECT_MS + SLACK_MS);
      const row = await rowOf(id);
      expect(row).toMatchObject({ status: 'pending', attempts: 1 });
      expect(row.lastError).toMatch(/^Timed out/);
      expect(row.nextAttemptAt.getTime()).toBeGreaterThan(Date.now()); // retried later
      expect(mailer.state()).toBe('delayed');
      expect(mailer.healthy()).toBe(false);
    } finally {
      await peer.close();
    }
  });

  it('a server that receives the whole message and never answers: the mail is marked uncertain and not sent again', async () => {
    const peer = await startSmtpPeer(0, { hangAfterData: true });
    try {
      const mailer = await mailerFor(peer.url, { sendTimeoutMs: 1_500 });
      const id = await queue('hangs-after-data@example.co.za');
      const started = performance.now();
      expect(await mailer.deliverDue()).toBe(0);
      expect(performance.now() - started).toBeLessThan(1_500 + SLACK_MS);
      expect(peer.mails.filter((m) => m.to === 'hangs-after-data@example.co.za')).toHaveLength(1);
      const row = await rowOf(id);
      expect(row.status).toBe('uncertain');
      expect(row.lastError).toMatch(/possibly delivered/i);
      expect(row.text).toBe('');
      expect(mailer.state()).toBe('delayed');

      // Hours later, this process and another still leave it alone.
      const later = await mailerFor(peer.url, { clock: () => new Date(Date.now() + 3 * 3600_000) });
      await Promise.all([mailer.deliverDue(), later.deliverDue()]);
      expect(peer.mails.filter((m) => m.to === 'hangs-after-data@example.co.za')).toHaveLength(1);
      expect((await rowOf(id)).status).toBe('uncertain');
      expect((await t.services.mailer.recent()).find((r) => r.id === id)).toMatchObject({ status: 'uncertain' });
    } finally {
      await peer.close();
    }
  });

  it('stop(): a hung send is given up after the shutdown wait; its mail stays pending and the next process delivers it', async () => {
    const hung = await startSmtpPeer(0, { stallRecipient: () => true });
    const working = await startSmtpPeer();
    try {
      const mailer = await mailerFor(hung.url, { sendTimeoutMs: 60_000, shutdownWaitMs: 500 });
      const id = await queue('at-shutdown@example.co.za');
      const delivering = mailer.deliverDue();
      await until('the send hangs', () => hung.stalled.includes('at-shutdown@example.co.za'));
      const started = performance.now();
      await mailer.stop();
      expect(performance.now() - started).toBeLessThan(500 + SLACK_MS);
      expect(await delivering).toBe(0);
      const row = await rowOf(id);
      expect(row).toMatchObject({ status: 'pending', attempts: 1 });
      expect(row.lastError).toMatch(/process stopped/);

      // Stopped: it claims nothing more.
      expect(await mailer.deliverDue()).toBe(0);
      mailer.deliverSoon();
      await mailer.idle();
      expect(await rowOf(id)).toMatchObject({ status: 'pending', attempts: 1 });

      // The next process, once the row is due again.
      const next = await mailerFor(working.url, { clock: () => new Date(row.nextAttemptAt.getTime() + 1_000) });
      expect(await next.deliverDue()).toBe(1);
      await working.waitFor('at-shutdown@example.co.za');
      expect(await rowOf(id)).toMatchObject({ status: 'sent', attempts: 2 });
    } finally {
      await hung.close();
      await working.close();
    }
  });

  it('stop() lets a send under way finish within the wait', async () => {
    const working = await startSmtpPeer();
    try {
      const mailer = await mailerFor(working.url);
      const id = await queue('finishes@example.co.za');
      const delivering = mailer.deliverDue();
      await until('the send is under way', async () => (await rowOf(id)).attempts === 1);
      await mailer.stop(10_000);
      expect(await delivering).toBe(1);
      expect((await rowOf(id)).status).toBe('sent');
    } finally {
      await working.close();
    }
  });
});

describe.each(dbKinds)('a hung mail holds no other on %s', (kind) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
  beforeAll(async () => {
    smtp = await startSmtpPeer(0, { stallRecipient: (a) => a.startsWith('stuck') });
    t = await createTestApp(kind, {
      SMTP_URL: smtp.url,
      SMTP_CONNECT_TIMEOUT_MS: String(CONNECT_MS),
      SMTP_SEND_TIMEOUT_MS: '4000',
      MAIL_SHUTDOWN_WAIT_MS: '500',
    });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it("a second user's reset code goes out while the first one's server hangs, and the notice says mail is delayed", async () => {
    const stuck = await registerUser(t, { email: `stuck${Date.now()}@example.co.za` });
    const other = await registerUser(t);
    const first = await (await t.client().post('/api/forgot-password', { email: stuck.creds.email })).json();
    expect(first.emailSent).toBe(true);
    await until('the first mail hangs', () => smtp.stalled.includes(stuck.creds.email));
    // Hanging longer than it takes to connect: mail is delayed, and a reset asked for now is told so.
    await sleep(CONNECT_MS + 200);
    expect(t.services.mailer.state()).toBe('delayed');

    const started = performance.now();
    const second = await (await t.client().post('/api/forgot-password', { email: other.creds.email })).json();
    expect(second.emailSent).toBe(false);
    const mail = await smtp.waitFor(other.creds.email, 5_000);
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(mail.raw).toMatch(/Your password reset code is \d{6}/);
    expect(mail.raw).toMatch(/^Message-ID: </im);
    // Delivered while the first was still hanging, not after its deadline.
    const [stuckRow] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, stuck.creds.email));
    expect(stuckRow).toMatchObject({ status: 'pending', lastError: null });

    await t.services.mailer.idle();
    const [retried] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, stuck.creds.email));
    expect(retried).toMatchObject({ status: 'pending', attempts: 1 });
    expect(retried.lastError).toMatch(/^Timed out/);
    const [sent] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, other.creds.email));
    expect(sent.status).toBe('sent');
  });
});

describe.each(dbKinds)('forgot-password mail-status on %s', (kind) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
  let stalling = true;
  let now = Date.now();
  beforeAll(async () => {
    smtp = await startSmtpPeer(0, { stallRecipient: (a) => stalling && a.startsWith('slow') });
    t = await createTestApp(
      kind,
      { SMTP_URL: smtp.url, SMTP_CONNECT_TIMEOUT_MS: '1500', SMTP_SEND_TIMEOUT_MS: '3000', MAIL_SHUTDOWN_WAIT_MS: '500' },
      { clock: () => new Date(now) },
    );
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });
  const status = async (resetToken: unknown) => {
    const res = await t.client().post('/api/forgot-password/mail-status', { resetToken });
    return { res, body: await res.json() };
  };
  const unknownToken = 'x'.repeat(43);

  it('follows the mail of a known reset: queued, delayed, sent; an unknown token answers alike from the outbox', async () => {
    const fine = await registerUser(t);
    const fineReset = await (await t.client().post('/api/forgot-password', { email: fine.creds.email })).json();
    await t.services.mailer.idle();
    expect((await status(fineReset.resetToken)).body).toEqual({ mail: 'sent' });
    expect((await status(unknownToken)).body).toEqual({ mail: 'sent' });

    const slow = await registerUser(t, { email: `slow${Date.now()}@example.co.za` });
    const { resetToken } = await (await t.client().post('/api/forgot-password', { email: slow.creds.email })).json();
    const [reset] = await t.database.db
      .select()
      .from(passwordResets)
      .where(eq(passwordResets.id, hashToken(resetToken)));
    expect(reset.mailId).toEqual(expect.any(Number));
    await until('the mail is being sent', () => smtp.stalled.includes(slow.creds.email));
    expect((await status(resetToken)).body).toEqual({ mail: 'queued' });
    expect((await status(unknownToken)).body).toEqual({ mail: 'queued' });

    // Hanging longer than a connection may take: delayed, then (after the deadline) waiting for its retry.
    await until('delayed', async () => (await status(resetToken)).body.mail === 'delayed');
    expect((await status(unknownToken)).body).toEqual({ mail: 'delayed' });
    await t.services.mailer.idle();
    expect((await status(resetToken)).body).toEqual({ mail: 'delayed' });
    expect((await status(unknownToken)).body).toEqual({ mail: 'delayed' });

    // The server recovers; the retry goes out.
    stalling = false;
    now += 60 * 60_000;
    expect(await t.services.mailer.deliverDue()).toBe(1);
    await smtp.waitFor(slow.creds.email);
    expect((await status(resetToken)).body).toEqual({ mail: 'sent' });
    expect((await status(unknownToken)).body).toEqual({ mail: 'sent' });
  });

  it('answers a known and an unknown token with the same status and headers', async () => {
    const { creds } = await registerUser(t);
    const { resetToken } = await (await t.client().post('/api/forgot-password', { email: creds.email })).json();
    const unknown = await (await t.client().post('/api/forgot-password', { email: `nobody-${creds.email}` })).json();
    await t.services.mailer.idle();
    const a = await status(resetToken);
    const b = await status(unknown.resetToken);
    expect(a.res.status).toBe(200);
    expect(b.res.status).toBe(200);
    const headers = (r: Response) => [...r.headers].filter(([k]) => k !== 'date');
    expect(headers(a.res)).toEqual(headers(b.res));
    expect(a.body).toEqual(b.body);
  });

  it('400 for a bad body', async () => {
    for (const body of [{}, { resetToken: 'short' }, { resetToken: 42 }, { resetToken: 'y'.repeat(101) }]) {
      const res = await t.client().post('/api/forgot-password/mail-status', body);
      expect(res.status).toBe(400);
      expect((await res.json()).message).toMatch(/reset request/);
    }
    const res = await t.client().post('/api/forgot-password/mail-status', '{not json', { 'content-type': 'application/json' });
    expect(res.status).toBe(400);
  });
});

describe('forgot-password mail-status limits', () => {
  it('is limited per client, on a count of its own (polling does not use up the verify step)', async () => {
    const t = await createTestApp('pglite', {}, { limits: { forgotPerClient: 1 } });
    try {
      const c = t.client();
      const answers: number[] = [];
      for (let i = 0; i < 17; i++) answers.push((await c.post('/api/forgot-password/mail-status', { resetToken: 'z'.repeat(43) })).status);
      expect(answers.slice(0, 16).every((s) => s === 200)).toBe(true);
      expect(answers[16]).toBe(429);
      const verify = await c.post('/api/forgot-password/verify', { resetToken: 'z'.repeat(43), code: '123456' });
      expect(verify.status).toBe(400);
    } finally {
      await t.close();
    }
  });

  it('a possibly delivered mail counts as sent; a failed one as delayed', () => {
    const known = { known: true, failed_once: false, busy: false, retrying: false };
    expect(resetMailState({ ...known, status: 'uncertain' }, 'delayed')).toBe('sent');
    expect(resetMailState({ ...known, status: 'failed', failed_once: true }, 'ok')).toBe('delayed');
    expect(resetMailState({ ...known, status: 'logged' }, 'outbox')).toBe('sent');
  });
});
