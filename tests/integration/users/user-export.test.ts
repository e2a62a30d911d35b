import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, passwordResets, payments, payslipChecks, sessions, users } from '../../../db/schema';
import { EXPORT_FORMAT, EXPORT_VERSION, userExportSchema, type UserExport } from '../../../src/schemas/export';
import { attachment, exportFileName } from '../../../src/users/export';
import { createTestApp, registerUser, type TestApp, type TestClient } from '../../helpers/app';
import { dbKinds } from '../../helpers/db';
import { FORM, PAYFAST_IP, itnFields, signedItn, startPayfastStub, type PayfastStub } from '../../helpers/payfast';

// GET /api/user/export ("Download my data" on /profile): everything kept about the signed-in user, nobody else's,
// and no hash or token, as one JSON download limited to 5 an hour.

const TOKEN = '8c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f';
const START = new Date('2026-11-23T10:00:00+02:00');

describe('the export file name and header', () => {
  it('names the user and the South African date; letters beyond ASCII go in filename*', () => {
    expect(exportFileName('thandi', new Date('2026-11-23T22:30:00Z'))).toBe('payewise-data-thandi-2026-11-24.json');
    expect(attachment('payewise-data-thandi-2026-11-24.json')).toBe(
      `attachment; filename="payewise-data-thandi-2026-11-24.json"; filename*=UTF-8''payewise-data-thandi-2026-11-24.json`,
    );
    expect(attachment('payewise-data-Zoë-2026-11-24.json')).toBe(
      `attachment; filename="payewise-data-Zo_-2026-11-24.json"; filename*=UTF-8''payewise-data-Zo%C3%AB-2026-11-24.json`,
    );
  });
});

describe.each(dbKinds)('data export on %s', (kind) => {
  let t: TestApp;
  let stub: PayfastStub;
  let now = START;

  beforeAll(async () => {
    stub = await startPayfastStub();
    t = await createTestApp(kind, { ...stub.env, PUBLIC_URL: 'https://app.payewise.test' }, { clock: () => now });
  });
  afterAll(async () => {
    await t?.close();
    await stub?.close();
  });

  const db = () => t.database.db;

  async function download(client: TestClient) {
    const res = await client.get('/api/user/export');
    expect(res.status, await res.clone().text()).toBe(200);
    const text = await res.text();
    return { res, text, data: JSON.parse(text) as UserExport };
  }

  it('signed out: 401', async () => {
    const res = await t.client().get('/api/user/export');
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: 'Not authenticated' });
  });

  it("a user gets their profile, conversation, feedback, reads, payments and resets back, never another user's, and no hash or token", async () => {
    const { client, user, creds } = await registerUser(t);
    const other = await registerUser(t);

    // A conversation with an answer rated down.
    const answer = (await (await client.post('/api/chat', { message: 'What is the UIF ceiling?', newConversation: true })).json()) as {
      id: string;
      conversationId: string;
    };
    expect((await client.post(`/api/messages/${answer.id}/feedback`, { rating: 'down', comment: 'Wanted the annual figure' })).status).toBe(
      200,
    );
    await other.client.post('/api/chat', { message: 'Someone else asks about SDL', newConversation: true });

    // An article read, and a search that found nothing.
    const [hit] = (await (await client.get('/api/knowledge/search?q=uif')).json()) as { id: string; title: string }[];
    expect((await client.get(`/api/knowledge/item/${hit.id}`)).status).toBe(200);
    expect((await client.get('/api/knowledge/search?q=xqzvw%20jjkkq')).status).toBe(200);

    // A subscription through PayFast (first payment free in the trial), then cancelled.
    const checkout = (await (await client.post('/api/create-subscription')).json()) as { payment_data: Record<string, string> };
    const ref = checkout.payment_data.m_payment_id;
    const itn = itnFields({ ref, pfPaymentId: '2000001', amountCents: 0, token: TOKEN, billingDate: '2026-11-30', email: creds.email });
    expect((await t.client({ ip: PAYFAST_IP }).post('/api/payfast/itn', signedItn(itn), FORM)).status).toBe(200);
    await t.services.billing.idle();
    expect((await client.post('/api/cancel-subscription')).status).toBe(200);

    // A saved payslip check (another user's stays theirs).
    const slip = { text: 'Pay date: 25/11/2026\nBasic salary   R 20 000.00\nPAYE   R 2 115.00\nUIF   R 177.12\nNet pay   R 17 707.88' };
    const read = ((await (await client.post('/api/payroll/payslip-check', slip)).json()) as { read: object }).read;
    expect((await client.post('/api/payroll/payslip-checks', { read, label: 'November slip' })).status).toBe(201);
    expect((await other.client.post('/api/payroll/payslip-checks', { read, label: 'Not yours' })).status).toBe(201);
    // A client company (another user's stays theirs).
    const stall = (await (
      await client.post('/api/clients', { name: 'Karoo Farm Stall', payFrequency: 'weekly', payDay: 'friday' })
    ).json()) as { id: number };
    // Reminders for it, and a calendar feed.
    expect((await client.put('/api/reminders', { enabled: true, daysBefore: 2, includeOwn: false, clientIds: [stall.id] })).status).toBe(
      200,
    );
    expect((await client.post('/api/calendar/feed')).status).toBe(201);
    expect((await other.client.post('/api/clients', { name: 'Not your client' })).status).toBe(201);

    // A password reset asked for: a code hash on record and a mail holding the code.
    expect((await t.client().post('/api/forgot-password', { email: creds.email })).status).toBe(200);

    const { res, text, data } = await download(client);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="payewise-data-${user.username}-2026-11-23.json"; filename*=UTF-8''payewise-data-${user.username}-2026-11-23.json`,
    );
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    // The whole file is the contract's: strict objects, so no field beyond those named there.
    expect(userExportSchema.safeParse(data).success).toBe(true);

    expect(data).toMatchObject({ format: EXPORT_FORMAT, version: EXPORT_VERSION, exportedAt: START.toISOString() });
    expect(data.payslipChecks).toEqual([
      expect.objectContaining({
        label: 'November slip',
        payDate: '2026-11-25',
        read: expect.objectContaining({ gross: null, net: 17707.88 }),
        result: expect.objectContaining({ taxYear: 2027 }),
      }),
    ]);
    expect(data.clients).toEqual([
      expect.objectContaining({ name: 'Karoo Farm Stall', payFrequency: 'weekly', payDay: 'friday', sdlRegistered: true }),
    ]);
    expect(data.reminders).toEqual({ enabled: true, daysBefore: 2, includeOwn: false, clientIds: [stall.id], sent: [] });
    expect(data.calendarFeed).toEqual({ active: true, createdAt: expect.any(String) });
    expect(text).not.toMatch(/calendar\/feed\/[A-Za-z0-9_-]{43}/);
    expect(data.profile).toMatchObject({
      id: user.id,
      username: user.username,
      email: creds.email,
      isAdmin: false,
      subscriptionStatus: 'canceled',
    });
    expect(data.sessions).toEqual([{ createdAt: expect.any(String), expiresAt: expect.any(String), current: true }]);

    expect(data.conversations).toHaveLength(1);
    const [conv] = data.conversations;
    expect(conv.id).toBe(answer.conversationId);
    expect(conv.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(conv.messages[0].content).toBe('What is the UIF ceiling?');
    expect(conv.messages[1]).toMatchObject({ id: answer.id, status: 'complete' });
    expect(data.feedback).toEqual([
      expect.objectContaining({
        messageId: answer.id,
        rating: 'down',
        comment: 'Wanted the annual figure',
        question: 'What is the UIF ceiling?',
        answer: conv.messages[1].content,
      }),
    ]);

    expect(data.knowledge.reads).toEqual([{ itemId: hit.id, title: hit.title, day: '2026-11-23' }]);
    expect(data.knowledge.searchesWithoutResults).toEqual([{ query: 'xqzvw jjkkq', at: START.toISOString() }]);

    expect(data.checkouts).toEqual([
      {
        ref,
        amountCents: 0,
        recurringCents: 8000,
        billingDate: '2026-11-30',
        createdAt: START.toISOString(),
        completedAt: START.toISOString(),
      },
    ]);
    expect(data.payments.map((p) => [p.kind, p.paymentStatus, p.amountCents, p.pfPaymentId, p.mPaymentId])).toEqual([
      ['first', 'COMPLETE', 0, '2000001', ref],
      ['cancel', 'CANCELLED', null, null, null],
    ]);
    expect(data.payfastNotifications).toEqual([
      expect.objectContaining({
        mPaymentId: ref,
        pfPaymentId: '2000001',
        paymentStatus: 'COMPLETE',
        state: 'applied',
        amountCents: 0,
        nameFirst: "Thandi O'Brien",
        nameLast: 'Nkosi',
        emailAddress: creds.email,
      }),
    ]);
    expect(data.passwordResets).toEqual([
      { createdAt: expect.any(String), expiresAt: expect.any(String), verifiedAt: null, usedAt: null, attempts: 0 },
    ]);
    expect(data.emails.map((m) => m.subject)).toEqual(expect.arrayContaining(['Your PayeWise password reset code']));

    // Nobody else's data.
    expect(text).not.toContain('Someone else asks about SDL');
    expect(text).not.toContain(other.user.username);
    expect(text).not.toContain(other.creds.email);

    // No secret: password hash, session ids, reset code hash, the PayFast token, the mail that holds the reset code.
    const [row] = await db().select().from(users).where(eq(users.id, user.id));
    const secrets = [
      row.password,
      ...(await db().select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, user.id))).map((s) => s.id),
      ...(await db().select({ h: passwordResets.codeHash }).from(passwordResets).where(eq(passwordResets.userId, user.id))).map((r) => r.h),
      TOKEN,
    ];
    expect(secrets.length).toBeGreaterThanOrEqual(4);
    for (const s of secrets) expect(text).not.toContain(s);
    const [resetMail] = await db().select().from(mailOutbox).where(eq(mailOutbox.subject, 'Your PayeWise password reset code'));
    const code = /code is (\d+)/.exec(resetMail.text)?.[1];
    expect(code).toBeTruthy();
    expect(text).not.toContain(`code is ${code}`);
    // The cancellation's payment row is keyed by the token on the server; the file leaves it out.
    expect((await db().select({ k: payments.pfPaymentId }).from(payments).where(eq(payments.userId, user.id))).map((p) => p.k)).toContain(
      `token:${TOKEN}`,
    );
    expect(text).not.toContain('"password"');

    // Deleting the account keeps the payment history (the law's accounting record), no longer linked to anyone, and
    // removes the saved payslip checks.
    const paymentIds = (await db().select({ id: payments.id }).from(payments).where(eq(payments.userId, user.id))).map((p) => p.id);
    expect(paymentIds.length).toBeGreaterThan(0);
    expect((await client.delete('/api/user', { password: creds.password })).status).toBe(200);
    const kept = await db().select().from(payments).where(inArray(payments.id, paymentIds));
    expect(kept.map((p) => p.userId)).toEqual(paymentIds.map(() => null));
    expect(await db().select().from(payslipChecks).where(eq(payslipChecks.userId, user.id))).toEqual([]);
  });

  it('the 6th export within the hour answers 429 with Retry-After and says when; the next hour it works again', async () => {
    now = START;
    const { client, user } = await registerUser(t);
    const other = await registerUser(t);
    for (let i = 0; i < 5; i++) await download(client);

    now = new Date(START.getTime() + 20 * 60_000);
    const refused = await client.get('/api/user/export');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe(String(40 * 60));
    expect(refused.headers.get('content-disposition')).toBeNull();
    expect(await refused.json()).toEqual({ message: 'You can download your data 5 times an hour. Please try again in 40 minutes.' });
    // Per user: someone else is not held up.
    expect((await download(other.client)).data.profile.id).toBe(other.user.id);

    now = new Date(START.getTime() + 61 * 60_000);
    expect((await download(client)).data.profile.id).toBe(user.id);
    now = START;
  });
});
