import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, remindersSent } from '../../../db/schema';
import { articlePath } from '../../../src/calendar/articles';
import { deadlinesBetween } from '../../../src/calendar/deadlines';
import { addDays } from '../../../src/payroll/deadlines';
import { reminderDate, reminderSubject } from '../../../src/reminders/rules';
import { startSmtpPeer } from '../../helpers/browser';
import { createTestApp, registerUser, type TestApp } from '../../helpers/app';
import { dbKinds } from '../../helpers/db';

// Issue 27, item 4: deadline reminders by e-mail, opt-in per user and client, exactly once per user, client and
// deadline with the job run twice at once every day, through the outbox to a real SMTP peer.

const SITE = 'https://payewise.example';
/** 08:00 in South Africa on a day. */
const morningOf = (day: string) => new Date(`${day}T08:00:00+02:00`);

/** A received mail's decoded subject and text (nodemailer writes UTF-8 headers as encoded words, bodies quoted-printable). */
function decode(raw: string) {
  const [head, ...rest] = raw.split(/\r?\n\r?\n/);
  const headers = head.replace(/\r?\n[ \t]+/g, ' ');
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(headers)?.[1] ?? '';
  const words = (s: string) =>
    s
      .replace(/\?=\s+=\?/g, '?==?')
      .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_, enc: string, text: string) =>
        enc.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : qp(text.replace(/_/g, ' ')),
      );
  const qp = (s: string) =>
    Buffer.from(
      s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
      'latin1',
    ).toString('utf8');
  let body = rest.join('\n\n');
  const cte = header('Content-Transfer-Encoding').toLowerCase();
  if (cte === 'quoted-printable') body = qp(body);
  else if (cte === 'base64') body = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return { subject: words(header('Subject')), text: body.replace(/\r\n/g, '\n'), header };
}

describe.each(dbKinds)('deadline reminders on %s', (kind) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
  let now = morningOf('2026-11-20');
  beforeAll(async () => {
    smtp = await startSmtpPeer();
    t = await createTestApp(kind, { SMTP_URL: smtp.url, PUBLIC_URL: SITE }, { clock: () => now });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  /** The job as the timers run it: twice at once (two processes), then the outbox delivered. */
  async function runJob() {
    const staged = await Promise.all([t.services.reminders.sendDueReminders(now), t.services.reminders.sendDueReminders(now)]);
    await t.services.mailer.deliverDue();
    await t.services.mailer.idle();
    return staged[0] + staged[1];
  }
  const mailsTo = (to: string) => smtp.mails.filter((m) => m.to === to).map((m) => decode(m.raw));

  it('are off by default: a user who never turned them on gets none', async () => {
    const { client, creds } = await registerUser(t);
    expect(await (await client.get('/api/reminders')).json()).toEqual({ enabled: false, daysBefore: 3, includeOwn: true, clientIds: [] });
    const made = await client.post('/api/clients', { name: 'Quiet CC', payDay: 25 });
    expect(made.status).toBe(201);
    now = morningOf('2026-12-02');
    await runJob();
    expect(mailsTo(creds.email)).toHaveLength(0);
  });

  it('validates the settings and refuses another user’s client (404)', async () => {
    const owner = await registerUser(t);
    const theirs = await (await owner.client.post('/api/clients', { name: 'Not yours (Pty) Ltd' })).json();
    const { client } = await registerUser(t);
    const put = (body: unknown) => client.request('PUT', '/api/reminders', body);
    const stolen = await put({ enabled: true, daysBefore: 3, includeOwn: true, clientIds: [theirs.id] });
    expect(stolen.status).toBe(404);
    expect((await (await client.get('/api/reminders')).json()).enabled).toBe(false);
    const bad = await put({ enabled: true, daysBefore: 11, includeOwn: true, clientIds: [] });
    expect(bad.status).toBe(400);
    expect((await bad.json()).field).toBe('daysBefore');
    expect((await put({ enabled: 'yes', daysBefore: 3, includeOwn: true, clientIds: [] })).status).toBe(400);
    expect((await client.request('GET', '/api/reminders', undefined)).status).toBe(200);
    expect((await t.client().get('/api/reminders')).status).toBe(401);
  });

  it('the /calendar page has a form that sets them without JavaScript', async () => {
    const { client } = await registerUser(t);
    const acme = await (await client.post('/api/clients', { name: 'Form Test (Pty) Ltd', payDay: 15 })).json();
    const html = await (await client.get('/calendar')).text();
    expect(html).toContain('E-mail reminders');
    expect(html).toMatch(/<form[^>]*action="\/calendar\/reminders"/);
    expect(html).toContain(`value="${acme.id}"`);
    const form = `enabled=true&daysBefore=2&includeOwn=true&clientIds=${acme.id}`;
    const saved = await client.post('/calendar/reminders', form, { 'content-type': 'application/x-www-form-urlencoded', origin: SITE });
    expect(saved.status).toBe(200);
    expect(await saved.text()).toContain('Reminders on: 2 business days before each deadline.');
    expect(await (await client.get('/api/reminders')).json()).toEqual({
      enabled: true,
      daysBefore: 2,
      includeOwn: true,
      clientIds: [acme.id],
    });
    const bad = await client.post('/calendar/reminders', 'enabled=true&daysBefore=0', {
      'content-type': 'application/x-www-form-urlencoded',
      origin: SITE,
    });
    expect(await bad.text()).toContain('daysBefore must be a whole number of business days from 1 to 10');
    const off = await client.post('/calendar/reminders', 'daysBefore=2', {
      'content-type': 'application/x-www-form-urlencoded',
      origin: SITE,
    });
    expect(await off.text()).toContain('Reminders off.');
    expect(await (await client.get('/api/reminders')).json()).toEqual({ enabled: false, daysBefore: 2, includeOwn: false, clientIds: [] });
  });

  it('sends one e-mail per deadline, user and client on its day across a month, with the job run twice at once', async () => {
    const { client, creds, user } = await registerUser(t);
    const acme = await (await client.post('/api/clients', { name: 'Acme (Pty) Ltd', payDay: 25 })).json();
    const put = await client.request('PUT', '/api/reminders', { enabled: true, daysBefore: 3, includeOwn: true, clientIds: [acme.id] });
    expect(put.status).toBe(200);
    expect(await put.json()).toEqual({ enabled: true, daysBefore: 3, includeOwn: true, clientIds: [acme.id] });

    const start = '2026-11-20';
    const end = '2026-12-20';
    // What the pure calendar says should arrive, and on which day (a reminder whose day passed before the walk
    // started, for a deadline still ahead, comes on the first day).
    const expected = new Map<string, string>();
    for (const target of [null, acme]) {
      for (const d of deadlinesBetween(start, addDays(end, 30), target ? { payDay: 25 } : {})) {
        const day = [reminderDate(d.date, 3), start].sort()[1];
        if (d.date >= start && day <= end) expected.set(reminderSubject(d, target), day);
      }
    }
    const received = new Map<string, string[]>();
    for (let day = start; day <= end; day = addDays(day, 1)) {
      const before = mailsTo(creds.email).length;
      now = morningOf(day);
      await runJob();
      // Later the same day, another run sends nothing new.
      now = new Date(now.getTime() + 6 * 3600_000);
      expect(await runJob()).toBe(0);
      for (const m of mailsTo(creds.email).slice(before)) received.set(m.subject, [...(received.get(m.subject) ?? []), day]);
    }
    expect(Object.fromEntries([...received].map(([s, days]) => [s, days.join(',')]))).toEqual(Object.fromEntries(expected));
    // The anchor: November's EMP201 is due on Monday 7 December; three business days before is Wednesday 2 December.
    expect(received.get('Due Monday 7 December 2026: EMP201 for November 2026')).toEqual(['2026-12-02']);
    expect(received.get('Due Monday 7 December 2026: EMP201 for November 2026 — Acme (Pty) Ltd')).toEqual(['2026-12-02']);
    // Acme's pay day (25 December) is only the client's; the user's own reminders have none.
    expect([...received.keys()].filter((s) => s.includes('Pay day'))).toEqual(
      expect.arrayContaining([expect.stringMatching(/— Acme \(Pty\) Ltd$/)]),
    );
    expect([...received.keys()].filter((s) => s.includes('Pay day') && !s.endsWith('— Acme (Pty) Ltd'))).toEqual([]);
    const rows = await t.database.db.select().from(remindersSent).where(eq(remindersSent.userId, user.id));
    expect(rows).toHaveLength(expected.size);

    const mail = mailsTo(creds.email).find((m) => m.subject === 'Due Monday 7 December 2026: EMP201 for November 2026 — Acme (Pty) Ltd')!;
    expect(mail.text).toContain('EMP201 for November 2026 for Acme (Pty) Ltd is due on Monday 7 December 2026.');
    const emp201 = deadlinesBetween('2026-12-01', '2026-12-31').find((d) => d.kind === 'emp201')!;
    expect(mail.text).toContain(`${SITE}${articlePath(emp201.articleSlug)}`);
    if (emp201.caveat) expect(mail.text.replace(/\s+/g, ' ')).toContain(emp201.caveat);
    const link = /https:\/\/payewise\.example(\/reminders\/unsubscribe\/[A-Za-z0-9_-]{43})/.exec(mail.text)?.[1];
    expect(link).toBeTruthy();
    // Mail programs show their own unsubscribe button: RFC 2369's header, and RFC 8058's one-click POST to the same link.
    expect(mail.header('List-Unsubscribe')).toBe(`<${SITE}${link}>`);
    expect(mail.header('List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    if (kind === 'pglite') console.log(`--- ${mail.subject}\n${mail.text}`);

    // Unsubscribing, signed out: the link only asks (a scanner following it changes nothing); the button stops them.
    const stranger = t.client();
    const page = await stranger.get(link!);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Stop deadline reminders?');
    const form = /<form[^>]*>/.exec(html)?.[0] ?? '';
    expect(form).toContain('method="post"');
    expect(form).toContain(`action="${link}"`);
    expect((await (await client.get('/api/reminders')).json()).enabled).toBe(true);
    const done = await stranger.post(link!, '', { 'content-type': 'application/x-www-form-urlencoded', origin: SITE });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain('Reminders stopped');
    expect((await (await client.get('/api/reminders')).json()).enabled).toBe(false);
    // The one-click POST a mail program sends (no Origin, RFC 8058's body) works too, with any reminder's link.
    expect(
      (await client.request('PUT', '/api/reminders', { enabled: true, daysBefore: 3, includeOwn: true, clientIds: [acme.id] })).status,
    ).toBe(200);
    const other = mailsTo(creds.email).find((m) => m.subject !== mail.subject)!;
    const otherLink = /\/reminders\/unsubscribe\/[A-Za-z0-9_-]{43}/.exec(other.header('List-Unsubscribe'))![0];
    expect(otherLink).not.toBe(link);
    const oneClick = await stranger.post(otherLink, 'List-Unsubscribe=One-Click', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(oneClick.status).toBe(200);
    expect((await (await client.get('/api/reminders')).json()).enabled).toBe(false);
    // A sent mail's unsubscribe link is not kept in the outbox, as its body is not.
    const kept = await t.database.db
      .select({ headers: mailOutbox.headers, text: mailOutbox.text })
      .from(mailOutbox)
      .where(eq(mailOutbox.to, creds.email));
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.every((r) => r.headers === null && r.text === '')).toBe(true);
    const unknown = await stranger.get('/reminders/unsubscribe/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain('Link not found');
    expect((await stranger.post('/reminders/unsubscribe/nope')).status).toBe(404);

    // No more mail after unsubscribing: January's EMP201 for December (due 7 January 2027) brings nothing.
    const count = mailsTo(creds.email).length;
    for (let day = '2026-12-21'; day <= '2027-01-08'; day = addDays(day, 1)) {
      now = morningOf(day);
      await runJob();
    }
    expect(mailsTo(creds.email)).toHaveLength(count);
  });
});
