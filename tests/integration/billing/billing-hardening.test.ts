import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { payfastItns, payments, users } from '../../../db/schema';
import { saMidnight } from '../../../src/lib/sa-time';
import { createTestApp, registerUser, type TestApp } from '../../helpers/app';
import { dbKinds } from '../../helpers/db';
import { FORM, PAYFAST_IP, itnFields, signedItn, startPayfastStub, type PayfastStub } from '../../helpers/payfast';

// The red team's billing findings of issue 24, each reproduced: what anyone can store through the ITN
// address, a cancel racing a renewal, a renewal arriving after a cancel, and checkouts without a cap.

const START = new Date('2026-11-23T10:00:00+02:00');
const mid = (day: string) => saMidnight(day).toISOString();

describe.each(dbKinds)('billing hardening on %s', (kind) => {
  let t: TestApp;
  let stub: PayfastStub;
  let now = START;
  let pf = 5000;
  let tokens = 0;

  beforeAll(async () => {
    stub = await startPayfastStub();
    t = await createTestApp(
      kind,
      { ...stub.env, PUBLIC_URL: 'https://app.payewise.test', PAYFAST_TIMEOUT_MS: '2000' },
      { clock: () => now },
    );
  });
  afterAll(async () => {
    await t?.close();
    await stub?.close();
  });
  beforeEach(() => {
    now = START;
    stub.state.cancelDelayMs = 0;
  });

  const db = () => t.database.db;
  const userRow = async (id: number) => (await db().select().from(users).where(eq(users.id, id)))[0];
  const itnCount = async () =>
    (
      await db()
        .select({ n: sql<number>`count(*)::int` })
        .from(payfastItns)
    )[0].n;
  const nextPf = () => String(++pf);
  const post = async (body: string, ip = PAYFAST_IP) => {
    const res = await t.client({ ip }).post('/api/payfast/itn', body, FORM);
    await t.services.billing.idle();
    return res;
  };

  /** An active subscriber (first payment free, charged monthly from 30 November). */
  async function activeSubscriber() {
    const r = await registerUser(t);
    const ref = (await (await r.client.post('/api/create-subscription')).json()).payment_data.m_payment_id as string;
    const token = `9c1d2e3f-0000-4000-8000-${String(++tokens).padStart(12, '0')}`;
    await post(signedItn(itnFields({ ref, pfPaymentId: nextPf(), amountCents: 0, token, billingDate: '2026-11-30' })));
    expect(await userRow(r.user.id)).toMatchObject({ subscriptionStatus: 'active', nextBillingDate: mid('2026-11-30') });
    return { ...r, ref, token };
  }

  describe('what anyone can store through POST /api/payfast/itn', () => {
    it('a body larger than any ITN is refused with 413 before it is stored', async () => {
      const before = await itnCount();
      const res = await post(`m_payment_id=x&custom_str1=${'a'.repeat(9 * 1024)}`);
      expect(res.status).toBe(413);
      expect(await res.json()).toEqual({ message: 'An ITN body is at most 8 KB' });
      expect(await itnCount()).toBe(before);
    });

    it('is limited per network, not per address: one /24 of IPv4 addresses', async () => {
      const statuses: number[] = [];
      for (let i = 1; i <= 25; i++) statuses.push((await post(`m_payment_id=net4&pf_payment_id=${i}`, `198.51.77.${i}`)).status);
      expect(statuses.slice(0, 20)).toEqual(Array(20).fill(200));
      expect(statuses.slice(20)).toEqual(Array(5).fill(429));
      // Another network is counted on its own; PayFast's addresses are never limited.
      expect((await post('m_payment_id=net4&pf_payment_id=other', '198.51.78.1')).status).toBe(200);
    });

    it('is limited per network, not per address: one /64 of IPv6 addresses', async () => {
      const statuses: number[] = [];
      for (let i = 1; i <= 25; i++)
        statuses.push((await post(`m_payment_id=net6&pf_payment_id=${i}`, `2001:db8:77:1::${i.toString(16)}`)).status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(20);
      expect(statuses.slice(20)).toEqual(Array(5).fill(429));
      expect((await post('m_payment_id=net6&pf_payment_id=x', '2001:db8:77:2::1')).status).toBe(200);
    });

    it('unverified notifications are kept a day, then swept; a bounded number at most; PayFast’s own are kept', async () => {
      const { ref } = await activeSubscriber();
      const genuine = await db().select({ id: payfastItns.id }).from(payfastItns).where(eq(payfastItns.mPaymentId, ref));
      await post('m_payment_id=sweep-me&pf_payment_id=1', '198.51.90.1');
      await post(signedItn(itnFields({ ref, pfPaymentId: nextPf(), amountCents: 0 }), 'not-our-passphrase'), '198.51.90.2');
      const unverified = () =>
        db()
          .select({ id: payfastItns.id })
          .from(payfastItns)
          .where(
            sql`${payfastItns.state} = 'rejected' and ${payfastItns.receivedAt} >= ${START.toISOString()}::timestamptz and ${payfastItns.sourceIp} like '198.51.90.%'`,
          );
      expect(await unverified()).toHaveLength(2);
      now = new Date(START.getTime() + 23 * 3_600_000);
      await t.services.upkeep.billing();
      expect(await unverified()).toHaveLength(2);
      now = new Date(START.getTime() + 25 * 3_600_000);
      await t.services.upkeep.billing();
      expect(await unverified()).toHaveLength(0);
      // The applied one (PayFast's, verified) stays: it is the payment's record.
      expect(await db().select({ id: payfastItns.id }).from(payfastItns).where(eq(payfastItns.id, genuine[0].id))).toHaveLength(1);

      // Within the day the table is bounded too: only the newest unverified rows are kept.
      const rows = Array.from({ length: 1_050 }, (_, i) => ({
        receivedAt: new Date(now.getTime() - 1_050_000 + i * 1000),
        nextAttemptAt: now,
        sourceIp: '203.0.113.5',
        rawBody: `m_payment_id=bulk&n=${i}`,
        state: 'rejected',
        checks: { signature: 'fail' },
        reason: 'signature does not match',
        processedAt: now,
      }));
      for (let i = 0; i < rows.length; i += 350)
        await db()
          .insert(payfastItns)
          .values(rows.slice(i, i + 350));
      await t.services.upkeep.billing();
      const kept = await db().select({ raw: payfastItns.rawBody }).from(payfastItns).where(eq(payfastItns.sourceIp, '203.0.113.5'));
      expect(kept.length).toBeLessThanOrEqual(1_000);
      expect(kept.map((r) => r.raw)).toContain('m_payment_id=bulk&n=1049');
      expect(kept.map((r) => r.raw)).not.toContain('m_payment_id=bulk&n=0');
    });
  });

  describe('billing writes follow the state they read', () => {
    it('a cancel racing a renewal ITN keeps the month the renewal paid for', async () => {
      const { user, client, ref, token } = await activeSubscriber();
      now = new Date('2026-11-30T06:00:00+02:00');
      // PayFast takes its time over the cancel; meanwhile the renewal's ITN arrives and is applied.
      stub.state.cancelDelayMs = 400;
      const cancelling = client.post('/api/cancel-subscription');
      await new Promise((r) => setTimeout(r, 100));
      expect((await post(signedItn(itnFields({ ref, pfPaymentId: nextPf(), amountCents: 8000, token })))).status).toBe(200);
      expect(await userRow(user.id)).toMatchObject({ subscriptionStatus: 'active', paidThrough: mid('2026-12-30') });
      expect((await cancelling).status).toBe(200);
      expect(await userRow(user.id)).toMatchObject({
        subscriptionStatus: 'canceled',
        nextBillingDate: null,
        paidThrough: mid('2026-12-30'),
      });
    });

    it('a renewal ITN after a cancel is recorded, not a resurrection: still canceled, paid-through never backwards', async () => {
      const { user, client, ref, token } = await activeSubscriber();
      now = new Date('2026-11-30T06:00:00+02:00');
      await post(signedItn(itnFields({ ref, pfPaymentId: nextPf(), amountCents: 8000, token })));
      now = new Date('2026-12-20T09:00:00+02:00');
      expect((await client.post('/api/cancel-subscription')).status).toBe(200);
      expect(await userRow(user.id)).toMatchObject({
        subscriptionStatus: 'canceled',
        nextBillingDate: null,
        paidThrough: mid('2026-12-30'),
      });
      // A charge PayFast made before it saw the cancel, notified late.
      const late = nextPf();
      now = new Date('2026-12-30T08:00:00+02:00');
      expect((await post(signedItn(itnFields({ ref, pfPaymentId: late, amountCents: 8000, token })))).status).toBe(200);
      const row = await userRow(user.id);
      expect(row).toMatchObject({ subscriptionStatus: 'canceled', nextBillingDate: null });
      // The month it paid for is honoured; the date only moves forward.
      expect(row.paidThrough).toBe(mid('2027-01-30'));
      expect(
        await db()
          .select()
          .from(payments)
          .where(and(eq(payments.userId, user.id), eq(payments.pfPaymentId, late))),
      ).toHaveLength(1);
      const [itn] = await db().select().from(payfastItns).where(eq(payfastItns.pfPaymentId, late));
      expect(itn).toMatchObject({
        state: 'applied',
        reason: 'a charge after the subscription was canceled: recorded; access to the end of the month it paid for',
      });
      // Another within a month already covered never moves the date back.
      now = new Date('2027-01-02T08:00:00+02:00');
      await post(signedItn(itnFields({ ref, pfPaymentId: nextPf(), amountCents: 8000, token })));
      expect(await userRow(user.id)).toMatchObject({
        subscriptionStatus: 'canceled',
        nextBillingDate: null,
        paidThrough: mid('2027-01-30'),
      });
    });
  });

  it('checkouts are capped per user (each is a stored row and a signed form)', async () => {
    const { client } = await registerUser(t);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await client.post('/api/create-subscription')).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
    const refused = await client.post('/api/create-subscription');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await refused.json()).message).toMatch(/^You have started too many checkouts\. Please try again in \d+ minutes?\.$/);
    // An hour later the user may start one again.
    now = new Date(START.getTime() + 61 * 60_000);
    expect((await client.post('/api/create-subscription')).status).toBe(200);
  });
});
