import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORM, itnFields, signedItn, startPayfastStub, type PayfastStub } from '../helpers/payfast';
import { usePostgresProcesses } from '../helpers/process';

// Two built servers on one PostgreSQL database receive the same ITN at the same moment, several times
// each: it is applied once (one payment, one mail), and every delivery is on record.
describe.skipIf(!process.env.TEST_DATABASE_URL)('one ITN raced by two app processes on PostgreSQL', () => {
  let stub: PayfastStub;
  beforeAll(async () => {
    stub = await startPayfastStub();
    stub.state.validateDelayMs = 150; // both processes are waiting for PayFast at the same time
  });
  afterAll(async () => {
    await stub?.close();
  });
  const cluster = usePostgresProcesses('payewise-race-');
  beforeAll(async () => {
    const env = (dir: string) => ({
      DATA_DIR: dir,
      DATABASE_URL: cluster.pg.url,
      NODE_ENV: 'test',
      DEMO_ACCOUNTS: 'false',
      LOG_LEVEL: 'info',
      PAYFAST_VALIDATE_URL: stub.env.PAYFAST_VALIDATE_URL,
      PAYFAST_API_URL: stub.env.PAYFAST_API_URL,
      PAYFAST_ITN_SOURCE_IPS: '127.0.0.1/32',
    });
    // One after the other: starting side by side (migrations under a lock) is the load issue's.
    for (let i = 0; i < 2; i++) await cluster.start(env(cluster.dataDir()));
  });

  it('is applied exactly once', async () => {
    const { procs, sql } = cluster;
    const [a, b] = procs;
    const reg = await fetch(`${a.url}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'racer', email: 'racer@example.co.za', password: 'secret123' }),
    });
    expect(reg.status).toBe(201);
    const cookie = reg.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const checkout = await (await fetch(`${a.url}/api/create-subscription`, { method: 'POST', headers: { cookie } })).json();
    const ref = checkout.payment_data.m_payment_id as string;
    const raw = signedItn(
      itnFields({
        ref,
        pfPaymentId: '7770001',
        amountCents: 0,
        token: '11111111-2222-3333-4444-555555555555',
        billingDate: checkout.payment_data.billing_date,
      }),
    );

    const answers = await Promise.all(
      [a, b, a, b, a, b].map((p) => fetch(`${p.url}/api/payfast/itn`, { method: 'POST', headers: FORM, body: raw })),
    );
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);

    let states: string[] = [];
    for (let i = 0; i < 100; i++) {
      states = (await sql`select state from payfast_itns where m_payment_id = ${ref} order by id`).map((r) => r.state as string);
      if (states.length === 6 && states.every((s) => s !== 'received' && s !== 'retry')) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(states.sort()).toEqual(['applied', 'duplicate', 'duplicate', 'duplicate', 'duplicate', 'duplicate']);
    expect(await sql`select pf_payment_id, kind from payments`).toEqual([{ pf_payment_id: '7770001', kind: 'first' }]);
    expect(
      (await sql`select count(*)::int as n from mail_outbox where "to" = 'racer@example.co.za' and subject like '%set up%'`)[0].n,
    ).toBe(1);
    const [user] = await sql`select subscription_status, payfast_token from users where username = 'racer'`;
    expect(user).toEqual({ subscription_status: 'active', payfast_token: '11111111-2222-3333-4444-555555555555' });
    // Both processes see it.
    for (const p of procs)
      expect(await (await fetch(`${p.url}/api/subscription-status`, { headers: { cookie } })).json()).toMatchObject({ status: 'active' });
  });
});
