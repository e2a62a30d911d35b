import { Hono } from 'hono';
import type { AppEnv } from '../../src/http/context';
import { requireAdmin } from '../../src/http/guard';
import { validate } from '../../src/http/validate';
import { auditQuerySchema } from '../../src/schemas/audit';

// Admin-only endpoints that are not part of the spec's screens.
export const adminApi = new Hono<AppEnv>()
  .use('*', requireAdmin())
  .get('/outbox', async (c) => c.json(await c.get('services').mailer.recent()))
  // Recent PayFast ITNs and what their checks found, for support.
  .get('/payments', async (c) => c.json(await c.get('services').billing.recentItns()))
  // The admin audit log, filtered and paged (the /admin/audit page reads the same).
  .get('/audit', validate('query', auditQuerySchema), async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await c.get('services').audit.page(c.req.valid('query')));
  });
