import { Hono } from 'hono';
import { desc } from 'drizzle-orm';
import { mailOutbox } from '../../db/schema';
import type { AppEnv } from '../../src/http/context';
import { requireAdmin } from '../../src/http/middleware';

// Admin-only endpoints that are not part of the spec's screens.
export const adminApi = new Hono<AppEnv>()
  .use('*', requireAdmin)
  .get('/outbox', async (c) => {
    const rows = await c.var.services.db
      .select({ id: mailOutbox.id, to: mailOutbox.to, subject: mailOutbox.subject, status: mailOutbox.status, attempts: mailOutbox.attempts, lastError: mailOutbox.lastError, createdAt: mailOutbox.createdAt, sentAt: mailOutbox.sentAt })
      .from(mailOutbox)
      .orderBy(desc(mailOutbox.id))
      .limit(200);
    return c.json(rows);
  });
