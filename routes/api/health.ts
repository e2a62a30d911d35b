import { Hono } from 'hono';
import type { AppEnv } from '../../src/http/context';

export const healthApi = new Hono<AppEnv>().get('/health', async (c) => {
  if (await c.get('services').healthy()) return c.json({ status: 'ok' });
  return c.json({ status: 'unavailable', message: 'The database is unavailable' }, 503);
});
