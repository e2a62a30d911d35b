import { Hono } from 'hono';
import { PART_FAILURES } from '../../src/errors';
import type { AppEnv } from '../../src/http/context';

/** 503 only when the database is down, so a load balancer takes a process out of service for that alone. */
export const healthApi = new Hono<AppEnv>().get('/health', async (c) => {
  const health = await c.get('services').health();
  c.header('Cache-Control', 'no-store');
  if (health.status !== 'unavailable') return c.json(health);
  c.header('Retry-After', String(PART_FAILURES.database.retryAfter));
  return c.json({ ...health, message: 'The database is unavailable' }, 503);
});
