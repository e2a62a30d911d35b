import { Hono } from 'hono';
import { requestOrigin, type AppEnv } from '../../src/http/context';
import { requireUser } from '../../src/http/guard';
import { clientIp } from '../../src/http/middleware';
import { ITN_ROUTE } from '../../src/billing';

// Subscriptions through PayFast: the spec's two calls, cancelling, the payment history, and the ITN
// (notify_url), which PayFast posts without a session.
export const billingApi = new Hono<AppEnv>()
  .get('/subscription-status', requireUser, async (c) => c.json(await c.get('services').billing.status(c.get('user')!)))
  .post('/create-subscription', requireUser, async (c) => {
    const { billing, config } = c.get('services');
    return c.json(await billing.startCheckout(c.get('user')!, requestOrigin(c, config.trustProxy)));
  })
  .post('/cancel-subscription', requireUser, async (c) => c.json(await c.get('services').billing.cancel(c.get('user')!)))
  .get('/subscription/payments', requireUser, async (c) => c.json(await c.get('services').billing.payments(c.get('user')!.id)))
  // Stored as it arrived, then answered at once; checking and applying happen from the stored row.
  .post(ITN_ROUTE, async (c) => {
    await c.get('services').billing.receiveItn(await c.req.text(), clientIp(c));
    return c.text('OK');
  });
