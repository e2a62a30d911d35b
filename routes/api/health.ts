import { Hono } from 'hono';
import { RETRY_AFTER_SECONDS } from '../../src/errors';
import type { AppEnv } from '../../src/http/context';

export const healthApi = new Hono<AppEnv>().get('/health', async (c) => {
  if (await c.get('services').healthy()) return c.json({ status: 'ok' });
  c.header('Retry-After', String(RETRY_AFTER_SECONDS));
  return c.json({ status: 'unavailable', message: 'The database is unavailable' }, 503);
});
