import { Hono } from 'hono';
import type { AppEnv } from '../../src/http/context';
import { requireAdmin } from '../../src/http/guard';

// Admin-only endpoints that are not part of the spec's screens.
export const adminApi = new Hono<AppEnv>()
  .use('*', requireAdmin())
  .get('/outbox', async (c) => c.json(await c.get('services').mailer.recent()))
  // Recent PayFast ITNs and what their checks found, for support.
  .get('/payments', async (c) => c.json(await c.get('services').billing.recentItns()));
