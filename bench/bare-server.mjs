/* global process, console */
// The baseline the app's per-request cost is measured against: bare Hono on the same Node adapter, and
// postgres.js doing one indexed select. Started by the bench as its own process.
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import postgres from 'postgres';

const sql = process.env.DATABASE_URL ? postgres(process.env.DATABASE_URL, { max: 10, onnotice: () => {} }) : null;
const userId = process.env.USER_ID;
const app = new Hono();
app.get('/api/select', async (c) => {
  const [row] = await sql`select id, username, email from users where id = ${userId}`;
  return c.json(row);
});
app.notFound((c) => c.json({ message: 'Not found' }, 404));
serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => console.log(`bare listening on http://127.0.0.1:${info.port}`));
process.once('SIGTERM', () => process.exit(0));
