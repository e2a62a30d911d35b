import { Hono } from 'hono';
import { AppError, PART_FAILURES } from '../../src/errors';
import type { AppEnv } from '../../src/http/context';

/** 503 only when the database is down, so a load balancer takes a process out of service for that alone. */
export const healthApi = new Hono<AppEnv>().get('/health', async (c) => {
  const health = await c.get('services').health();
  c.header('Cache-Control', 'no-store');
  if (health.status !== 'unavailable') return c.json(health);
  throw new AppError('unavailable', 'The database is unavailable', { ...health }, PART_FAILURES.database.retryAfter);
});
