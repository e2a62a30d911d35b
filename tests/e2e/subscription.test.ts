import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { saDate, formatDate } from '../../src/lib/sa-time';
import { formSignature, type FormField } from '../../src/billing/payfast';
import { hydrated, useBrowserSuite } from '../helpers/browser';
import { FORM, SANDBOX, itnFields, signedItn, startPayfastStub, type PayfastStub } from '../helpers/payfast';

// /subscription in Chromium against the server npm start runs. PayFast's checkout page is played by a
// route that shows what the browser posted; the validate endpoint and API by a local stand-in; the ITN is
// posted to the app the way PayFast does it (from an allowed address, signed).
const PROCESS_URL = 'https://sandbox.payfast.co.za/eng/process';

describe('subscribing in Chromium', () => {
  let stub: PayfastStub;
  let n = 0;

  beforeAll(async () => {
    stub = await startPayfastStub();
  });
  afterAll(async () => {
    await stub?.close();
  });
  const suite = useBrowserSuite(() => ({ ...stub.env, PAYFAST_ITN_SOURCE_IPS: '127.0.0.1/32' }));

  /** A fresh trial user signed in to a new browser context; PayFast's page shows the fields it was posted. */
  async function newUser(viewport = { width: 1280, height: 900 }) {
    const { context, page, errors } = await suite.openPage(viewport.width, { height: viewport.height });
    const username = `payer${Date.now().toString(36)}${n++}`;
    const res = await context.request.post(`${suite.server.url}/api/register`, {
      data: { username, email: `${username}@example.co.za`, password: 'secret123' },
    });
    expect(res.status()).toBe(201);
    const posted: Record<string, string>[] = [];
    await context.route(PROCESS_URL, async (route) => {
      const fields = Object.fromEntries(new URLSearchParams(route.request().postData() ?? ''));
      posted.push(fields);
      const rows = Object.entries(fields)
        .map(([k, v]) => `<dt>${k}</dt><dd data-field="${k}">${v.replace(/[<&]/g, '')}</dd>`)
        .join('');
      await route.fulfill({
        status: 200,
        contentType: 'text/html',
        body: `<!doctype html><title>PayFast</title><h1>PayFast checkout (test)</h1><dl>${rows}</dl>`,
      });
    });
    return { context, page, errors, posted, username };
  }
  async function sendItn(ref: string, token: string, billingDate: string) {
    const res = await fetch(`${suite.server.url}/api/payfast/itn`, {
      method: 'POST',
      headers: FORM,
      body: signedItn(itnFields({ ref, pfPaymentId: `88${n++}`, amountCents: 0, token, billingDate })),
    });
    expect(res.status).toBe(200);
  }
  const sidebar = (page: Page) => page.getByTestId('subscription-box');

  it('subscribe → Redirecting to PayFast... → the form posted to PayFast → back, confirming → the ITN arrives → Subscription Active; then cancel', async () => {
    const { context, page, errors, posted } = await newUser();
    await page.goto(`${suite.server.url}/subscription`);
    await hydrated(page, 'Subscription');
    expect(await page.getByTestId('status-heading').textContent()).toBe('Trial Active');
    expect(await page.getByTestId('days-remaining').textContent()).toBe('7');
    expect(await sidebar(page).textContent()).toContain('Trial Active');
    expect(await page.getByText('No payments yet.').count()).toBe(1);

    await page.getByRole('button', { name: 'Subscribe for R80/month' }).click();
    await page.getByText('Redirecting to PayFast...').waitFor();
    const shownAt = Date.now();
    await page.waitForURL(PROCESS_URL);
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(400);
    await page.getByRole('heading', { name: 'PayFast checkout (test)' }).waitFor();

    // Every field of payment_data arrived, signed as PayFast checks it, and no passphrase.
    const [form] = posted;
    const { signature, ...fields } = form;
    expect(fields).toMatchObject({
      merchant_id: SANDBOX.merchantId,
      amount: '0.00',
      recurring_amount: '80.00',
      frequency: '3',
      cycles: '0',
      subscription_type: '1',
      notify_url: `${suite.server.url}/api/payfast/itn`,
    });
    expect(signature).toBe(formSignature(fields as Partial<Record<FormField, string>>, SANDBOX.passphrase));
    expect(JSON.stringify(form)).not.toContain(SANDBOX.passphrase);

    // PayFast sends the buyer back; the return URL proves nothing, so the page waits for the ITN.
    await page.goto(form.return_url);
    await hydrated(page, 'Subscription');
    await page.getByText('Confirming your payment…').waitFor();
    expect(await sidebar(page).textContent()).toContain('Trial Active');
    await sendItn(form.m_payment_id, '99999999-aaaa-bbbb-cccc-000000000001', form.billing_date);
    await page.waitForURL(`${suite.server.url}/subscription`);
    await page.getByTestId('status-heading').filter({ hasText: 'Your subscription is active' }).waitFor();
    const next = formatDate(`${form.billing_date}T00:00:00+02:00`);
    expect(await page.getByRole('status').filter({ hasText: 'Subscription active' }).textContent()).toContain(next);
    expect(await sidebar(page).textContent()).toBe(`Subscription ActiveNext billing: ${next}`);
    expect(await page.getByTestId('next-billing').textContent()).toBe(next);
    expect(await page.getByTestId('payment-history').getByRole('row').nth(1).textContent()).toContain('R0.00');

    // Cancel: the dialog says until when access continues; PayFast confirms; the page says so.
    await page.getByRole('button', { name: 'Cancel subscription' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel your subscription?' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(`You keep full access until ${next}`);
    await dialog.getByRole('button', { name: 'Cancel subscription' }).click();
    await page.getByTestId('status-heading').filter({ hasText: 'No active subscription' }).waitFor();
    expect(await sidebar(page).textContent()).toContain('Subscription Canceled');
    expect(await sidebar(page).textContent()).toContain(`Access until: ${next}`);
    expect(await page.getByTestId('status-note').textContent()).toContain(`You keep full access until ${next}`);
    expect(stub.api().some((r) => r.method === 'PUT' && r.url.endsWith('/cancel?testing=true'))).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("a subscribe that fails shows the 'Error' toast with the server's message", async () => {
    const { context, page, errors } = await newUser();
    await page.goto(`${suite.server.url}/subscription`);
    await hydrated(page, 'Subscription');
    // The subscription becomes active in another tab meanwhile: the server refuses a second one.
    const ref = (await (await context.request.post(`${suite.server.url}/api/create-subscription`)).json()).payment_data.m_payment_id;
    await sendItn(ref, '99999999-aaaa-bbbb-cccc-000000000002', saDate(new Date(Date.now() + 7 * 86_400_000)));
    await page.getByRole('button', { name: 'Subscribe for R80/month' }).click();
    const toast = page.locator('#pw-toasts [role="alert"]');
    await toast.waitFor();
    expect(await toast.textContent()).toContain('Error');
    expect(await toast.textContent()).toContain('You already have an active subscription');
    expect(await page.getByRole('button', { name: 'Subscribe for R80/month' }).isEnabled()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('works at 375 px by keyboard: no sideways scrolling, the payment history fits, the cancel dialog opens and closes with Esc', async () => {
    const { context, page, errors } = await newUser({ width: 375, height: 740 });
    await page.goto(`${suite.server.url}/subscription`);
    await hydrated(page, 'Subscription');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    const button = page.getByRole('button', { name: 'Subscribe for R80/month' });
    const box = await button.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(375);

    const co = await (await context.request.post(`${suite.server.url}/api/create-subscription`)).json();
    await sendItn(co.payment_data.m_payment_id, '99999999-aaaa-bbbb-cccc-000000000003', co.payment_data.billing_date);
    await page.reload();
    await hydrated(page, 'Subscription');
    const table = page.getByTestId('payment-history');
    expect(await table.evaluate((t) => t.scrollWidth <= t.parentElement!.clientWidth)).toBe(true);
    expect(await table.textContent()).toContain('PayFast reference');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    const cancel = page.getByRole('button', { name: 'Cancel subscription' });
    await cancel.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Cancel your subscription?' });
    await dialog.waitFor();
    // Focus starts on the safe choice.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Keep subscription');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.getByTestId('status-heading').textContent()).toBe('Your subscription is active');
    await page.screenshot({ path: 'test-results/subscription-375.png', fullPage: true });
    expect(errors).toEqual([]);
    await context.close();
  });
});
