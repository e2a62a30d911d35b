import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mailOutbox, payfastCheckouts, payfastItns, payments, users } from '../../../db/schema';
import { saMidnight } from '../../../src/lib/sa-time';
import { formSignature, itnSignatureString, type FormField } from '../../../src/billing/payfast';
import { ALREADY_SUBSCRIBED } from '../../../src/billing/subscription';
import { createTestApp, makeAdmin, registerUser, type TestApp } from '../../helpers/app';
import { dbKinds } from '../../helpers/db';
import { FORM, PAYFAST_IP, SANDBOX, itnFields, signedItn, startPayfastStub, type ItnSpec, type PayfastStub } from '../../helpers/payfast';

const TOKEN = '3f2b6c1e-8d4a-4c7b-9e21-5a6f0b7c8d9e';
const START = new Date('2026-11-23T10:00:00+02:00');
const mid = (day: string) => saMidnight(day).toISOString();

describe.each(dbKinds)('subscriptions through PayFast on %s', (kind) => {
  let t: TestApp;
  let stub: PayfastStub;
  let now = START;
  let pf = 1000;

  beforeAll(async () => {
    stub = await startPayfastStub();
    t = await createTestApp(
      kind,
      { ...stub.env, PUBLIC_URL: 'https://app.payewise.test', PAYFAST_TIMEOUT_MS: '400' },
      { clock: () => now },
    );
  });
  afterAll(async () => {
    await t?.close();
    await stub?.close();
  });
  beforeEach(() => {
    now = START;
    stub.state.validate = 'VALID';
    stub.seen.length = 0;
  });

  const db = () => t.database.db;
  const userRow = async (id: number) => (await db().select().from(users).where(eq(users.id, id)))[0];
  const itnRows = async (ref: string) => db().select().from(payfastItns).where(eq(payfastItns.mPaymentId, ref)).orderBy(payfastItns.id);
  const mailsTo = async (to: string) => db().select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(mailOutbox.id);
  const nextPf = () => String(++pf);

  async function postItn(
    fields: ReturnType<typeof itnFields>,
    opts: { ip?: string; passphrase?: string; signature?: string; headers?: Record<string, string> } = {},
  ) {
    const res = await t
      .client({ ip: opts.ip ?? PAYFAST_IP })
      .post('/api/payfast/itn', signedItn(fields, opts.passphrase, opts.signature), { ...FORM, ...opts.headers });
    await t.services.billing.idle();
    return res;
  }

  /** A user in the trial who has started a checkout. */
  async function trialCheckout() {
    const r = await registerUser(t);
    const res = await r.client.post('/api/create-subscription');
    expect(res.status).toBe(200);
    const body = (await res.json()) as { payment_data: Record<string, string>; payment_url: string };
    return { ...r, body, ref: body.payment_data.m_payment_id };
  }

  /** A user whose first (free) payment PayFast has confirmed: active until the 30th. */
  async function activeSubscriber() {
    const r = await trialCheckout();
    const first = itnFields({
      ref: r.ref,
      pfPaymentId: nextPf(),
      amountCents: 0,
      token: `${TOKEN.slice(0, -4)}${String(pf).padStart(4, '0')}`,
      billingDate: '2026-11-30',
    });
    expect((await postItn(first)).status).toBe(200);
    const row = await userRow(r.user.id);
    expect(row.subscriptionStatus).toBe('active');
    return { ...r, token: row.payfastToken! };
  }
  const itn = (s: ItnSpec) => itnFields(s);

  describe('POST /api/create-subscription', () => {
    it('for a trial user: the signed form for R0 now and R80 monthly from the trial end, recorded before the answer', async () => {
      const { user, creds, body, ref, client } = await trialCheckout();
      expect(body.payment_url).toBe('https://sandbox.payfast.co.za/eng/process');
      expect(Object.keys(body.payment_data)).toEqual([
        'merchant_id',
        'merchant_key',
        'return_url',
        'cancel_url',
        'notify_url',
        'email_address',
        'm_payment_id',
        'amount',
        'item_name',
        'subscription_type',
        'billing_date',
        'recurring_amount',
        'frequency',
        'cycles',
        'signature',
      ]);
      const { signature, ...signed } = body.payment_data;
      expect(signed).toEqual({
        merchant_id: '10000100',
        merchant_key: '46f0cd694581a',
        return_url: 'https://app.payewise.test/subscription?checkout=return',
        cancel_url: 'https://app.payewise.test/subscription?checkout=cancelled',
        notify_url: 'https://app.payewise.test/api/payfast/itn',
        email_address: creds.email,
        m_payment_id: ref,
        amount: '0.00',
        item_name: 'PayeWise Monthly',
        subscription_type: '1',
        billing_date: '2026-11-30',
        recurring_amount: '80.00',
        frequency: '3',
        cycles: '0',
      });
      expect(ref).toMatch(/^sub_[A-Za-z0-9_-]{8,}$/);
      expect(signature).toBe(formSignature(signed as Partial<Record<FormField, string>>, SANDBOX.passphrase));
      expect(JSON.stringify(body)).not.toContain(SANDBOX.passphrase);
      const [row] = await db().select().from(payfastCheckouts).where(eq(payfastCheckouts.ref, ref));
      expect(row).toMatchObject({
        userId: user.id,
        amountCents: 0,
        recurringCents: 8000,
        billingDate: '2026-11-30',
        token: null,
        completedAt: null,
      });
      // Still in the trial until PayFast says otherwise; a second checkout gets its own reference.
      const status = await (await client.get('/api/subscription-status')).json();
      expect(status).toMatchObject({ status: 'trialing', phase: 'trial', access: 'full', daysLeft: 7, openCheckout: { ref } });
      const again = await (await client.post('/api/create-subscription')).json();
      expect(again.payment_data.m_payment_id).not.toBe(ref);
    });

    it('after the trial: R80 now, billed from today, and pending until PayFast confirms', async () => {
      const { client, user } = await registerUser(t);
      now = new Date('2026-12-05T09:00:00+02:00');
      const body = await (await client.post('/api/create-subscription')).json();
      expect(body.payment_data).toMatchObject({ amount: '80.00', billing_date: '2026-12-05', recurring_amount: '80.00' });
      expect((await userRow(user.id)).subscriptionStatus).toBe('pending');
      expect(await (await client.get('/api/subscription-status')).json()).toMatchObject({
        status: 'pending',
        phase: 'pending',
        access: 'limited',
        paidThrough: null,
      });
      // The paid-now ITN makes it active to one month after today.
      await postItn(
        itn({
          ref: body.payment_data.m_payment_id,
          pfPaymentId: nextPf(),
          amountCents: 8000,
          token: `${TOKEN.slice(0, -2)}pp`,
          billingDate: '2026-12-05',
        }),
      );
      expect(await userRow(user.id)).toMatchObject({ subscriptionStatus: 'active', nextBillingDate: mid('2027-01-05') });
      expect((await mailsTo(user.email)).map((m) => m.subject)).toEqual([
        'Your PayeWise subscription is set up',
        'Payment received: R80.00',
      ]);
    });

    it('an active subscriber gets 409; a signed-out visitor 401', async () => {
      const { client } = await activeSubscriber();
      const res = await client.post('/api/create-subscription');
      expect(res.status).toBe(409);
      expect(await res.json()).toEqual({ message: ALREADY_SUBSCRIBED });
      for (const [m, p] of [
        ['POST', '/api/create-subscription'],
        ['GET', '/api/subscription-status'],
        ['POST', '/api/cancel-subscription'],
        ['GET', '/api/subscription/payments'],
      ]) {
        expect((await t.client().request(m, p)).status).toBe(401);
      }
    });
  });

  describe('POST /api/payfast/itn', () => {
    it('a genuine first ITN: stored, answered 200, confirmed with PayFast exactly as received, and applied once', async () => {
      const { user, ref, client } = await trialCheckout();
      const fields = itn({ ref, pfPaymentId: '2345678', amountCents: 0, token: TOKEN, billingDate: '2026-11-30' });
      const raw = signedItn(fields);
      const res = await t.client({ ip: PAYFAST_IP }).post('/api/payfast/itn', raw, FORM);
      expect(res.status).toBe(200);
      expect(await res.text()).toBe('OK');
      await t.services.billing.idle();

      // The post-back: every field as received, in that order, blanks kept, no signature, no passphrase.
      const [v] = stub.validations();
      expect(v.body).toBe(itnSignatureString(fields));
      expect(v.body).toContain('name_first=Thandi+O%27Brien&');
      expect(v.body).not.toMatch(/signature=|passphrase=/);
      expect(v.headers['content-type']).toBe('application/x-www-form-urlencoded');
      expect(v.headers['user-agent']).toMatch(/PayeWise/);

      expect(await userRow(user.id)).toMatchObject({
        subscriptionStatus: 'active',
        payfastToken: TOKEN,
        nextBillingDate: mid('2026-11-30'),
        paidThrough: mid('2026-11-30'),
      });
      const [row] = await itnRows(ref);
      expect(row).toMatchObject({
        state: 'applied',
        sourceIp: PAYFAST_IP,
        rawBody: raw,
        pfPaymentId: '2345678',
        paymentStatus: 'COMPLETE',
        userId: user.id,
      });
      expect(row.checks).toEqual({ signature: 'pass', source: 'pass', merchant: 'pass', amount: 'pass', validate: 'pass' });

      const status = await (await client.get('/api/subscription-status')).json();
      expect(status).toEqual({
        status: 'active',
        nextBillingDate: mid('2026-11-30'),
        trialEndDate: '2026-11-30T08:00:00.000Z',
        daysLeft: 0,
        access: 'full',
        paidThrough: mid('2026-11-30'),
        phase: 'active',
        openCheckout: null,
      });
      expect(JSON.stringify(status) + (await (await client.get('/api/user')).text())).not.toContain(TOKEN);
      expect(await (await client.get('/api/subscription/payments')).json()).toEqual([
        { id: expect.any(Number), date: START.toISOString(), amount: 'R0.00', status: 'Paid', reference: '2345678' },
      ]);

      const [mail] = await mailsTo(user.email);
      expect(mail.subject).toBe('Your PayeWise subscription is set up');
      expect(mail.text).toContain('Nothing has been charged today. Your first charge of R80.00 is on 2026/11/30');
      expect(mail.text).toContain('https://app.payewise.test/subscription and choose Cancel subscription');

      // The sidebar says so.
      const html = await (await client.get('/subscription')).text();
      expect(html).toContain('Subscription Active');
      expect(html).toContain('Next billing: 2026/11/30');
      expect(html).toContain('Your subscription is active');
      expect(html).toContain('R80/month');
    });

    it('a replayed ITN changes nothing: one payment, one mail, no second confirmation', async () => {
      const { user, ref } = await trialCheckout();
      const fields = itn({ ref, pfPaymentId: nextPf(), amountCents: 0, token: `${TOKEN.slice(0, -3)}rpl`, billingDate: '2026-11-30' });
      await postItn(fields);
      await postItn(fields);
      await postItn(fields);
      expect((await itnRows(ref)).map((r) => r.state)).toEqual(['applied', 'duplicate', 'duplicate']);
      expect(await db().select().from(payments).where(eq(payments.userId, user.id))).toHaveLength(1);
      expect(await mailsTo(user.email)).toHaveLength(1);
      expect(stub.validations()).toHaveLength(1);
    });

    it('two deliveries of one ITN at the same moment are applied once', async () => {
      const { user, ref } = await trialCheckout();
      const raw = signedItn(
        itn({ ref, pfPaymentId: nextPf(), amountCents: 0, token: `${TOKEN.slice(0, -3)}twn`, billingDate: '2026-11-30' }),
      );
      const res = await Promise.all([1, 2, 3].map(() => t.client({ ip: PAYFAST_IP }).post('/api/payfast/itn', raw, FORM)));
      expect(res.map((r) => r.status)).toEqual([200, 200, 200]);
      await t.services.billing.idle();
      expect((await itnRows(ref)).map((r) => r.state).sort()).toEqual(['applied', 'duplicate', 'duplicate']);
      expect(await db().select().from(payments).where(eq(payments.userId, user.id))).toHaveLength(1);
      expect(await mailsTo(user.email)).toHaveLength(1);
    });

    it.each<
      [
        string,
        (ref: string) => {
          fields: ReturnType<typeof itnFields>;
          ip?: string;
          passphrase?: string;
          signature?: string;
          headers?: Record<string, string>;
        },
        string,
        RegExp,
      ]
    >([
      [
        'a forged signature',
        (ref) => ({ fields: itn({ ref, pfPaymentId: '9001', amountCents: 0, token: TOKEN }), signature: '0'.repeat(32) }),
        'signature',
        /signature does not match/,
      ],
      [
        'a signature made without our passphrase',
        (ref) => ({ fields: itn({ ref, pfPaymentId: '9002', amountCents: 0, token: TOKEN }), passphrase: 'guessed' }),
        'signature',
        /signature does not match/,
      ],
      [
        'an address outside PayFast’s ranges',
        (ref) => ({ fields: itn({ ref, pfPaymentId: '9003', amountCents: 0, token: TOKEN }), ip: '198.18.200.1' }),
        'source',
        /198\.18\.200\.1 is not one of PayFast's/,
      ],
      [
        'a spoofed X-Forwarded-For (no trusted proxy)',
        (ref) => ({
          fields: itn({ ref, pfPaymentId: '9004', amountCents: 0, token: TOKEN }),
          ip: '198.18.200.2',
          headers: { 'x-forwarded-for': PAYFAST_IP },
        }),
        'source',
        /198\.18\.200\.2/,
      ],
      [
        'another merchant',
        (ref) => ({ fields: itn({ ref, pfPaymentId: '9005', amountCents: 0, token: TOKEN, merchantId: '10000101' }) }),
        'merchant',
        /merchant_id 10000101 is not ours/,
      ],
      [
        'the wrong amount (R80 for a free first month)',
        (ref) => ({ fields: itn({ ref, pfPaymentId: '9006', amountCents: 8000, token: TOKEN }) }),
        'amount',
        /amount_gross 8000 cents, expected 0 cents/,
      ],
      [
        'no amount at all on a COMPLETE',
        (ref) => ({ fields: itn({ ref, pfPaymentId: '9007', token: TOKEN }) }),
        'amount',
        /amount_gross \(missing\)/,
      ],
    ])('%s is rejected, logged with its reason, and changes nothing', async (_what, make, check, reason) => {
      const { user, ref, client } = await trialCheckout();
      const { fields, ...opts } = make(ref);
      expect((await postItn(fields, opts)).status).toBe(200);
      const [row] = await itnRows(ref);
      expect(row.state).toBe('rejected');
      expect(row.checks[check]).toBe('fail');
      expect(row.reason).toMatch(reason);
      expect(stub.validations()).toHaveLength(0);
      expect(await userRow(user.id)).toMatchObject({ subscriptionStatus: 'trialing', payfastToken: null, nextBillingDate: null });
      expect(await db().select().from(payments).where(eq(payments.userId, user.id))).toHaveLength(0);
      expect(await (await client.get('/api/subscription-status')).json()).toMatchObject({ status: 'trialing' });
    });

    it('PayFast’s post is not taken for a cross-site form, whatever Origin or Sec-Fetch-Site it sends', async () => {
      const { user, ref } = await trialCheckout();
      const res = await postItn(itn({ ref, pfPaymentId: nextPf(), amountCents: 0, token: `${TOKEN.slice(0, -3)}org` }), {
        headers: { origin: 'https://www.payfast.co.za', 'sec-fetch-site': 'cross-site' },
      });
      expect(res.status).toBe(200);
      expect((await userRow(user.id)).subscriptionStatus).toBe('active');
    });

    it('a checkout nobody started is rejected', async () => {
      await postItn(itn({ ref: 'sub_nobody', pfPaymentId: nextPf(), amountCents: 0, token: TOKEN }));
      const [row] = await itnRows('sub_nobody');
      expect(row).toMatchObject({ state: 'rejected', reason: 'unknown m_payment_id sub_nobody' });
    });

    it('PayFast answering INVALID: rejected, nothing applied', async () => {
      stub.state.validate = 'INVALID';
      const { user, ref } = await trialCheckout();
      await postItn(itn({ ref, pfPaymentId: nextPf(), amountCents: 0, token: `${TOKEN.slice(0, -3)}inv` }));
      expect((await itnRows(ref))[0]).toMatchObject({ state: 'rejected', reason: 'PayFast did not confirm this ITN (INVALID)' });
      expect((await itnRows(ref))[0].checks.validate).toBe('fail');
      expect((await userRow(user.id)).subscriptionStatus).toBe('trialing');
    });

    it.each<[string, 500 | 403 | 'hang', RegExp]>([
      ['answers 500', 500, /HTTP 500/],
      ['answers 403 with an HTML page', 403, /HTTP 403/],
      ['hangs', 'hang', /no answer in time/],
    ])(
      'the validate endpoint %s: the ITN is kept, never applied unconfirmed, and applied once PayFast confirms',
      async (_what, answer, detail) => {
        stub.state.validate = answer;
        const { user, ref } = await trialCheckout();
        const token = `${TOKEN.slice(0, -3)}${String(answer).slice(0, 3)}`;
        expect((await postItn(itn({ ref, pfPaymentId: nextPf(), amountCents: 0, token, billingDate: '2026-11-30' }))).status).toBe(200);
        let [row] = await itnRows(ref);
        expect(row).toMatchObject({ state: 'retry', attempts: 1 });
        expect(row.checks.validate).toBe('unknown');
        expect(row.reason).toMatch(detail);
        expect((await userRow(user.id)).subscriptionStatus).toBe('trialing');

        // Not due yet: the sweep leaves it alone.
        await t.services.upkeep.billing();
        expect(stub.validations()).toHaveLength(1);
        // Still down a minute later: tried again, backing off.
        now = new Date(START.getTime() + 61_000);
        await t.services.upkeep.billing();
        [row] = await itnRows(ref);
        expect(row).toMatchObject({ state: 'retry', attempts: 2 });
        expect(row.nextAttemptAt.getTime()).toBe(now.getTime() + 120_000);
        // PayFast answers again: applied.
        stub.state.validate = 'VALID';
        now = new Date(now.getTime() + 121_000);
        await t.services.upkeep.billing();
        [row] = await itnRows(ref);
        expect(row).toMatchObject({ state: 'applied', attempts: 3 });
        expect(await userRow(user.id)).toMatchObject({ subscriptionStatus: 'active', payfastToken: token });
      },
    );

    it('gives up, loudly, after two days of no answer, still without applying it', async () => {
      stub.state.validate = 500;
      const { user, ref } = await trialCheckout();
      await postItn(itn({ ref, pfPaymentId: nextPf(), amountCents: 0, token: `${TOKEN.slice(0, -3)}gup` }));
      await db().update(payfastItns).set({ attempts: 47, nextAttemptAt: START }).where(eq(payfastItns.mPaymentId, ref));
      await t.services.upkeep.billing();
      const [row] = await itnRows(ref);
      expect(row.state).toBe('failed');
      expect(row.reason).toMatch(/did not answer after 48 tries/);
      expect((await userRow(user.id)).subscriptionStatus).toBe('trialing');
    });

    it('a CANCELLED ITN without amounts: canceled, full access to the paid-through date, then limited', async () => {
      const { user, ref, token, client } = await activeSubscriber();
      now = new Date('2026-11-25T12:00:00+02:00');
      await postItn(itn({ ref, pfPaymentId: nextPf(), status: 'CANCELLED', token }));
      const [, row] = await itnRows(ref);
      expect(row.state).toBe('applied');
      expect(row.checks.amount).toBe('skipped');
      expect(await userRow(user.id)).toMatchObject({
        subscriptionStatus: 'canceled',
        nextBillingDate: null,
        paidThrough: mid('2026-11-30'),
      });
      expect(await (await client.get('/api/subscription-status')).json()).toMatchObject({
        status: 'canceled',
        phase: 'canceled',
        access: 'full',
        paidThrough: mid('2026-11-30'),
      });
      expect((await mailsTo(user.email)).at(-1)!.text).toContain('You keep full access until 2026/11/30');
      now = new Date('2026-11-30T00:00:00+02:00');
      expect(await (await client.get('/api/subscription-status')).json()).toMatchObject({ access: 'limited' });
      expect(await (await client.get('/api/chat/allowance')).json()).toEqual({ limited: true, remaining: 5, perDay: 5 });
    });

    it('a monthly renewal with a blank billing_date: verified, next billing a month on, a receipt', async () => {
      const { user, ref, token, client } = await activeSubscriber();
      now = new Date('2026-11-30T06:00:00+02:00');
      await postItn(itn({ ref, pfPaymentId: '2399001', amountCents: 8000, token, billingDate: '' }));
      const [, row] = await itnRows(ref);
      expect(row.state).toBe('applied');
      expect(row.rawBody).toContain('&billing_date=&signature=');
      expect(await userRow(user.id)).toMatchObject({
        subscriptionStatus: 'active',
        nextBillingDate: mid('2026-12-30'),
        paidThrough: mid('2026-12-30'),
      });
      const receipt = (await mailsTo(user.email)).at(-1)!;
      expect(receipt.subject).toBe('Payment received: R80.00');
      expect(receipt.text).toContain('PayFast reference: 2399001');
      expect(receipt.text).toContain('Next charge: R80.00 on 2026/12/30');
      const history = await (await client.get('/api/subscription/payments')).json();
      expect(history.map((p: { amount: string; reference: string }) => [p.amount, p.reference])).toEqual([
        ['R80.00', '2399001'],
        ['R0.00', expect.any(String)],
      ]);
    });

    it('bad bodies get a 4xx; an address that is not PayFast’s cannot flood the log', async () => {
      expect((await t.client({ ip: PAYFAST_IP }).post('/api/payfast/itn', '', FORM)).status).toBe(400);
      expect((await t.client({ ip: PAYFAST_IP }).post('/api/payfast/itn', 'm_payment_id=a%00b', FORM)).status).toBe(400);
      const flooder = t.client({ ip: '198.18.222.1' });
      const statuses: number[] = [];
      for (let i = 0; i < 22; i++)
        statuses.push((await flooder.post('/api/payfast/itn', `m_payment_id=x&pf_payment_id=${i}`, FORM)).status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(20);
      expect(statuses.slice(20)).toEqual([429, 429]);
      await t.services.billing.idle();
    });
  });

  describe('POST /api/cancel-subscription', () => {
    it('cancels at PayFast with signed headers (reference example 3), then keeps access to the paid-through date; the later CANCELLED ITN is a no-op', async () => {
      const { user, ref, token, client } = await activeSubscriber();
      now = new Date('2026-11-30T06:00:00+02:00');
      await postItn(itn({ ref, pfPaymentId: nextPf(), amountCents: 8000, token }));
      now = new Date('2026-12-01T10:15:00+02:00');
      stub.seen.length = 0;
      const res = await client.post('/api/cancel-subscription');
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({
        status: 'canceled',
        phase: 'canceled',
        access: 'full',
        paidThrough: mid('2026-12-30'),
        nextBillingDate: null,
      });
      const [call] = stub.api();
      expect(call.method).toBe('PUT');
      expect(call.url).toBe(`/subscriptions/${token}/cancel?testing=true`);
      expect(call.headers).toMatchObject({
        'merchant-id': '10000100',
        version: 'v1',
        timestamp: '2026-12-01T10:15:00+02:00',
        signature: '43802489d8f245f56788438ae12e6936',
        'content-length': '0',
      });
      expect(call.headers).not.toHaveProperty('passphrase');
      expect(await userRow(user.id)).toMatchObject({
        subscriptionStatus: 'canceled',
        paidThrough: mid('2026-12-30'),
        nextBillingDate: null,
      });
      expect((await (await client.get('/api/subscription/payments')).json())[0]).toMatchObject({ status: 'Canceled', amount: null });

      await postItn(itn({ ref, pfPaymentId: nextPf(), status: 'CANCELLED', token }));
      expect((await itnRows(ref)).at(-1)).toMatchObject({ state: 'ignored', reason: 'already canceled' });
      expect((await mailsTo(user.email)).filter((m) => m.subject === 'Your PayeWise subscription is canceled')).toHaveLength(1);
      expect((await client.post('/api/cancel-subscription')).status).toBe(400);
      // Subscribing again inside the paid period charges nothing until it ends.
      const again = await (await client.post('/api/create-subscription')).json();
      expect(again.payment_data).toMatchObject({ amount: '0.00', billing_date: '2026-12-30' });
    });

    it('a PayFast error leaves the subscription as it was and says so', async () => {
      const { user, client } = await activeSubscriber();
      stub.state.cancel = {
        status: 401,
        body: { code: 401, status: 'failed', data: { response: false, message: 'Merchant authorisation failed' } },
      };
      const res = await client.post('/api/cancel-subscription');
      stub.state.cancel = { status: 200, body: { code: 200, status: 'success', data: { response: true } } };
      expect(res.status).toBe(502);
      const { message } = await res.json();
      expect(message).toContain('PayFast answered 401: Merchant authorisation failed');
      expect(message).toContain('Nothing has changed: your subscription is still active');
      expect((await userRow(user.id)).subscriptionStatus).toBe('active');
    });

    it('a trial user has nothing to cancel', async () => {
      const { client } = await registerUser(t);
      const res = await client.post('/api/cancel-subscription');
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ message: 'You have no subscription to cancel.' });
    });
  });

  describe('deleting an account', () => {
    it('cancels its subscription at PayFast first; if PayFast cannot, the account stays and the user is told why', async () => {
      const { user, token, client, creds } = await activeSubscriber();
      stub.state.cancel = { status: 500, body: { code: 500, status: 'failed', data: { response: false, message: 'Application failure' } } };
      const refused = await client.delete('/api/user', { password: creds.password });
      stub.state.cancel = { status: 200, body: { code: 200, status: 'success', data: { response: true } } };
      expect(refused.status).toBe(502);
      expect((await refused.json()).message).toMatch(/^Your account has not been deleted: PayFast could not cancel your subscription/);
      expect(await userRow(user.id)).toMatchObject({ subscriptionStatus: 'active' });

      expect((await client.delete('/api/user', { password: 'wrong-password' })).status).toBe(400);
      expect(stub.api().filter((r) => r.method === 'PUT')).toHaveLength(1);
      expect((await client.delete('/api/user', { password: creds.password })).status).toBe(200);
      expect(
        stub
          .api()
          .filter((r) => r.method === 'PUT')
          .map((r) => r.url),
      ).toEqual([`/subscriptions/${token}/cancel?testing=true`, `/subscriptions/${token}/cancel?testing=true`]);
      expect(await userRow(user.id)).toBeUndefined();
      expect(await db().select().from(payments).where(eq(payments.userId, user.id))).toHaveLength(0);
    });
  });

  describe('a renewal that never arrives', () => {
    it('is looked up at PayFast 3 days after the charge date; not active → limited access and the card-update link by e-mail', async () => {
      const { user, token, client } = await activeSubscriber();
      stub.state.fetch = {
        status: 200,
        body: {
          code: 200,
          status: 'success',
          data: { response: { token, status: 3, status_text: 'PAUSED', run_date: '2026-11-30T00:00:00+02:00' } },
        },
      };
      now = new Date('2026-12-02T23:00:00+02:00');
      await t.services.upkeep.billing();
      expect(stub.api().filter((r) => r.url.includes(token))).toHaveLength(0);
      now = new Date('2026-12-03T00:30:00+02:00');
      await t.services.upkeep.billing();
      // (Every overdue subscriber is looked up; earlier tests left some.)
      const mine = () => stub.api().filter((r) => r.url.includes(token));
      expect(mine().map((r) => `${r.method} ${r.url}`)).toEqual([`GET /subscriptions/${token}/fetch?testing=true`]);
      expect(await userRow(user.id)).toMatchObject({ subscriptionStatus: 'pending', paidThrough: mid('2026-11-30') });
      expect(await (await client.get('/api/subscription-status')).json()).toMatchObject({ phase: 'pending', access: 'limited' });
      const mail = (await mailsTo(user.email)).at(-1)!;
      expect(mail.subject).toBe('Your PayeWise subscription payment is overdue');
      expect(mail.text).toContain(
        `https://sandbox.payfast.co.za/eng/recurring/update/${token}?return=https%3A%2F%2Fapp.payewise.test%2Fsubscription`,
      );
      await t.services.upkeep.billing();
      expect(mine()).toHaveLength(1);
      // The card is updated and PayFast charges after all: active again.
      const [checkout] = await db()
        .select()
        .from(payfastCheckouts)
        .where(and(eq(payfastCheckouts.userId, user.id)));
      await postItn(itn({ ref: checkout.ref, pfPaymentId: nextPf(), amountCents: 8000, token }));
      expect(await userRow(user.id)).toMatchObject({ subscriptionStatus: 'active', nextBillingDate: mid('2026-12-30') });
    });

    it('still being retried at PayFast: nothing changes, and it is not asked again for 6 hours', async () => {
      const { user, token } = await activeSubscriber();
      stub.state.fetch = {
        status: 200,
        body: {
          code: 200,
          status: 'success',
          data: { response: { token, status: 1, status_text: 'ACTIVE', run_date: '2026-11-30T00:00:00+02:00' } },
        },
      };
      const mine = () => stub.api().filter((r) => r.url.includes(token));
      now = new Date('2026-12-03T08:00:00+02:00');
      await t.services.upkeep.billing();
      await t.services.upkeep.billing();
      now = new Date('2026-12-03T13:59:00+02:00');
      await t.services.upkeep.billing();
      expect(mine()).toHaveLength(1);
      expect((await userRow(user.id)).subscriptionStatus).toBe('active');
      now = new Date('2026-12-03T14:00:00+02:00');
      await t.services.upkeep.billing();
      expect(mine()).toHaveLength(2);
    });
  });

  describe('GET /api/admin/payments', () => {
    it('admins see recent ITNs with their checks (no raw bodies, no tokens); others are refused', async () => {
      const { ref } = await trialCheckout();
      await postItn(itn({ ref, pfPaymentId: nextPf(), amountCents: 0, token: TOKEN }), { signature: 'f'.repeat(32) });
      expect((await t.client().get('/api/admin/payments')).status).toBe(401);
      const { client: plain } = await registerUser(t);
      expect((await plain.get('/api/admin/payments')).status).toBe(403);
      const admin = await registerUser(t);
      await makeAdmin(t, admin.user.id);
      const res = await admin.client.get('/api/admin/payments');
      expect(res.status).toBe(200);
      const list = await res.json();
      const mine = list.find((r: { mPaymentId: string }) => r.mPaymentId === ref);
      expect(mine).toMatchObject({
        state: 'rejected',
        checks: { signature: 'fail' },
        reason: 'signature does not match',
        sourceIp: PAYFAST_IP,
        amountGross: '0.00',
        token: `…${TOKEN.slice(-4)}`,
      });
      const text = JSON.stringify(list);
      expect(text).not.toContain(TOKEN);
      expect(text).not.toContain('rawBody');
      expect(text).not.toContain('buyer@example.co.za');
    });
  });

  it('the whole lifecycle over HTTP with a controlled clock: trial → subscribe → active → renewal → cancel → limited after the paid month', async () => {
    const { user, client, ref } = await trialCheckout();
    await postItn(itn({ ref, pfPaymentId: nextPf(), amountCents: 0, token: `${TOKEN.slice(0, -3)}lfc`, billingDate: '2026-11-30' }));
    expect(await (await client.get('/api/subscription-status')).json()).toMatchObject({
      phase: 'active',
      nextBillingDate: mid('2026-11-30'),
    });
    now = new Date('2026-11-30T05:00:00+02:00');
    await postItn(itn({ ref, pfPaymentId: nextPf(), amountCents: 8000, token: `${TOKEN.slice(0, -3)}lfc` }));
    expect(await (await client.get('/api/subscription-status')).json()).toMatchObject({
      phase: 'active',
      nextBillingDate: mid('2026-12-30'),
    });
    now = new Date('2026-12-15T12:00:00+02:00');
    expect((await client.post('/api/cancel-subscription')).status).toBe(200);
    expect(await (await client.get('/api/subscription-status')).json()).toMatchObject({
      phase: 'canceled',
      access: 'full',
      paidThrough: mid('2026-12-30'),
    });
    const html = await (await client.get('/subscription')).text();
    expect(html).toContain('Subscription Canceled');
    expect(html).toContain('Access until: 2026/12/30');
    // Nothing is looked up or charged for a canceled subscription.
    now = new Date('2027-01-05T12:00:00+02:00');
    await t.services.upkeep.billing();
    expect(stub.api().filter((r) => r.url.includes(`${TOKEN.slice(0, -3)}lfc/fetch`))).toHaveLength(0);
    expect(await (await client.get('/api/subscription-status')).json()).toMatchObject({ phase: 'canceled', access: 'limited' });
    expect(await (await client.get('/api/chat/allowance')).json()).toMatchObject({ limited: true });
    expect((await client.get('/subscription')).status).toBe(200);
    expect(
      await db()
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.to, user.email), like(mailOutbox.subject, '%'))),
    ).toHaveLength(3);
  });
});

describe('behind a trusted proxy (TRUST_PROXY=true)', () => {
  let t: TestApp;
  let stub: PayfastStub;
  beforeAll(async () => {
    stub = await startPayfastStub();
    t = await createTestApp('pglite', { ...stub.env, TRUST_PROXY: 'true' });
  });
  afterAll(async () => {
    await t?.close();
    await stub?.close();
  });

  it('checks the address our proxy appended to X-Forwarded-For, never one the sender wrote', async () => {
    const post = async (forwardedFor: string) => {
      const { client, user } = await registerUser(t);
      const ref = (await (await client.post('/api/create-subscription')).json()).payment_data.m_payment_id;
      const proxy = t.client({ ip: '10.0.0.5' });
      const raw = signedItn(
        itnFields({ ref, pfPaymentId: `${Date.now()}${Math.random()}`.replace('.', ''), amountCents: 0, token: `tok-${ref}` }),
      );
      expect((await proxy.post('/api/payfast/itn', raw, { ...FORM, 'x-forwarded-for': forwardedFor })).status).toBe(200);
      await t.services.billing.idle();
      const [row] = await t.database.db.select().from(payfastItns).where(eq(payfastItns.mPaymentId, ref));
      return {
        row,
        user: await t.database.db
          .select()
          .from(users)
          .where(eq(users.id, user.id))
          .then((r) => r[0]),
      };
    };
    const genuine = await post(`203.0.113.9, ${PAYFAST_IP}`);
    expect(genuine.row).toMatchObject({ sourceIp: PAYFAST_IP, state: 'applied' });
    expect(genuine.user.subscriptionStatus).toBe('active');
    const spoofed = await post(`${PAYFAST_IP}, 203.0.113.10`);
    expect(spoofed.row).toMatchObject({ sourceIp: '203.0.113.10', state: 'rejected' });
    expect(spoofed.user.subscriptionStatus).toBe('trialing');
  });
});
