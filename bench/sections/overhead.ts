import postgres from 'postgres';
import { load, login, postgresReachable, printLoad } from '../lib';
import { freshDatabase, startApp, startNode } from '../processes';

const CONNECTIONS = 50;

/**
 * Issue 12's ratios: the app's signed-in GET /api/user beside a bare Hono handler doing one indexed select
 * through postgres.js, and an unknown /api path (no database) beside bare Hono's 404, each server in its own
 * process on the same PostgreSQL.
 */
export async function overhead() {
  if (!(await postgresReachable())) return console.log('  skipped: PostgreSQL not reachable');
  const db = await freshDatabase();
  const app = await startApp({ databaseUrl: db.url });
  const sql = postgres(db.url, { max: 1, onnotice: () => {} });
  const [{ id }] = await sql`select id from users where username = 'demo'`;
  await sql.end();
  const bare = await startNode(
    ['bench/bare-server.mjs'],
    { DATABASE_URL: db.url, USER_ID: String(id) },
    /bare listening on (http:\/\/\S+)/,
  );
  try {
    const cookie = await login(app.url);
    const opts = { connections: CONNECTIONS };
    // Both warmed first (JIT, prepared statements, pools): the ratios compare steady states.
    for (const url of [`${app.url}/api/user`, `${bare.url}/api/select`, `${app.url}/api/x`, `${bare.url}/api/x`])
      await load('warm-up', { url, headers: { cookie }, ...opts, seconds: 2 });
    // Each pair back to back, so both see the same machine.
    const user = await load(`GET /api/user signed in, the app [postgres]`, { url: `${app.url}/api/user`, headers: { cookie }, ...opts });
    const select = await load(`GET, bare Hono + postgres.js indexed select`, { url: `${bare.url}/api/select`, ...opts });
    const unknown = await load(`GET /api/x (no database), the app`, { url: `${app.url}/api/x`, ...opts });
    const bare404 = await load(`GET /api/x, bare Hono 404`, { url: `${bare.url}/api/x`, ...opts });
    printLoad([user, select, unknown, bare404]);
    console.log(`  ratio signed-in GET /api/user / bare indexed select: ${(user.rps / select.rps).toFixed(2)} (target ≥ 0.5)`);
    console.log(`  ratio no-database request / bare Hono:             ${(unknown.rps / bare404.rps).toFixed(2)} (target ≥ 0.5)`);
  } finally {
    await bare.stop();
    await app.stop();
    await db.drop();
  }
}
