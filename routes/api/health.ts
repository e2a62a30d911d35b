import { Hono } from 'hono';
import { sql } from 'drizzle-orm';
import type { AppEnv } from '../../src/http/context';

export const healthApi = new Hono<AppEnv>().get('/health', async (c) => {
  try {
    await c.var.services.db.execute(sql`select 1`);
    return c.json({ status: 'ok' });
  } catch {
    return c.json({ status: 'unavailable', message: 'The database is unavailable' }, 503);
  }
});
