import { performance } from 'node:perf_hooks';
import { FORM, itnFields, signedItn, startPayfastStub } from '../../tests/helpers/payfast';
import { load, login, printLoad, startBenchServer } from '../lib';

const percentile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];

/**
 * PayFast's side: how fast an ITN is answered (stored, 200) under a flood of repeats, and how long a genuine
 * first ITN takes to become an active subscription (checks, a confirmation round trip to a local stand-in of
 * PayFast's validate endpoint, the apply transaction). The user's side: the status call and the page.
 */
export async function billing(kind: 'pglite' | 'postgres') {
  const stub = await startPayfastStub();
  const s = await startBenchServer(kind, {}, { ...stub.env, PAYFAST_ITN_SOURCE_IPS: '127.0.0.1/32' });
  try {
    const cookie = await login(s.url);
    const checkout = await (await fetch(`${s.url}/api/create-subscription`, { method: 'POST', headers: { cookie } })).json();
    const body = signedItn(
      itnFields({
        ref: checkout.payment_data.m_payment_id,
        pfPaymentId: '1',
        amountCents: 0,
        token: 'bench-token-0',
        billingDate: checkout.payment_data.billing_date,
      }),
    );
    printLoad([
      await load(`POST /api/payfast/itn (the same ITN again and again) [${kind}]`, {
        url: `${s.url}/api/payfast/itn`,
        method: 'POST',
        headers: FORM,
        body,
      }),
    ]);
    await s.started.services.billing.idle();

    const times: number[] = [];
    for (let i = 1; i <= 40; i++) {
      const name = `bench_payer_${i}`;
      const reg = await fetch(`${s.url}/api/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: name, email: `${name}@example.co.za`, password: 'secret123' }),
      });
      const userCookie = reg.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
      const co = await (await fetch(`${s.url}/api/create-subscription`, { method: 'POST', headers: { cookie: userCookie } })).json();
      const itn = signedItn(
        itnFields({
          ref: co.payment_data.m_payment_id,
          pfPaymentId: `9${i}`,
          amountCents: 0,
          token: `bench-token-${i}`,
          billingDate: co.payment_data.billing_date,
        }),
      );
      const t0 = performance.now();
      await fetch(`${s.url}/api/payfast/itn`, { method: 'POST', headers: FORM, body: itn });
      await s.started.services.billing.idle();
      times.push(performance.now() - t0);
      const status = await (await fetch(`${s.url}/api/subscription-status`, { headers: { cookie: userCookie } })).json();
      if (status.status !== 'active') throw new Error(`ITN ${i} not applied: ${JSON.stringify(status)}`);
    }
    console.log(
      `  ITN received → subscription active (40 users, validate round trip included) p50 ${percentile(times, 50).toFixed(1)} ms   p95 ${percentile(times, 95).toFixed(1)} ms`,
    );
    printLoad([
      await load(`GET /api/subscription-status [${kind}]`, { url: `${s.url}/api/subscription-status`, headers: { cookie } }),
      await load(`GET /subscription (page) [${kind}]`, { url: `${s.url}/subscription`, headers: { cookie } }),
    ]);
  } finally {
    await s.close();
    await stub.close();
  }
}
