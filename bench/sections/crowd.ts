import type { Request } from 'autocannon';
import { load, postgresReachable, printLoad } from '../lib';
import { QUESTIONS } from './assistant';
import { crowdSessions, crowdSql, freshDatabase, runSql, startApp, type ServerProcess } from '../processes';

const ARTICLES = 10_000;
const CONNECTIONS = 200;
// Enough accounts that no one passes the assistant's fair-use limit (20 questions a minute) during a run.
const USERS = 1_000;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5) * 2;

const SEARCHES = [
  'uif ceiling',
  'emp 201 deadline',
  '13th cheque tax',
  'pay as you earn',
  'UI-19',
  'sick leave',
  'irp 5',
  'minimum wage',
  'tax',
  'overtime pay',
  'maternity',
  'bonus',
  'ceil',
  'employee',
  'leave',
  'medical aid credit',
  'how many annual leave days',
  'when is the EMP501 interim reconciliation due',
  'what is the tax threshold for someone aged 65',
  'Do foreign nationals pay UIF?',
];

/** The built server as its own process with 10 000 articles and USERS signed-in accounts, on PGlite or PostgreSQL. */
async function crowdServer(kind: 'pglite' | 'postgres'): Promise<{ app: ServerProcess; cookies: string[]; close(): Promise<void> }> {
  const sessions = crowdSessions(USERS);
  const script = crowdSql({ articles: ARTICLES, users: USERS }) + sessions.sql;
  if (kind === 'postgres') {
    const db = await freshDatabase();
    const app = await startApp({
      databaseUrl: db.url,
      env: process.env.DATABASE_POOL_SIZE ? { DATABASE_POOL_SIZE: process.env.DATABASE_POOL_SIZE } : {},
    });
    await runSql({ url: db.url }, script);
    return { app, cookies: sessions.cookies, close: async () => (await app.stop(), await db.drop()) };
  }
  // PGlite belongs to one process: seed it with the app, grow it with the app stopped, then serve it.
  const first = await startApp();
  await first.stop({ keepData: true });
  await runSql({ dataDir: first.dataDir }, script);
  const app = await startApp({ env: { DATA_DIR: first.dataDir } });
  return { app, cookies: sessions.cookies, close: () => app.stop() };
}

/**
 * Issue 12: knowledge search and the built-in assistant for 200 concurrent connections at 10 000 articles,
 * each request as a different user (search words and questions rotating), the server in its own process.
 */
export async function crowd() {
  for (const kind of ['pglite', 'postgres'] as const) {
    if (kind === 'postgres' && !(await postgresReachable())) continue;
    const { app, cookies, close } = await crowdServer(kind);
    try {
      let n = 0;
      const as = (r: Request) => ({ ...r, headers: { ...r.headers, cookie: cookies[n++ % USERS] } });
      const searchLoad = {
        url: app.url,
        connections: CONNECTIONS,
        next: (r: Request) => as({ ...r, path: `/api/knowledge/search?q=${encodeURIComponent(SEARCHES[n % SEARCHES.length])}` }),
      };
      const chatLoad = {
        url: app.url,
        connections: CONNECTIONS,
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: app.url },
        next: (r: Request) => as({ ...r, path: '/api/chat', body: JSON.stringify({ message: QUESTIONS[n % QUESTIONS.length] }) }),
      };
      // Warmed first (JIT, prepared statements, the first search of each query): the figures are steady state.
      await load('warm-up', { ...searchLoad, seconds: 2 });
      await load('warm-up', { ...chatLoad, seconds: 2 });
      const rows = [
        await load(`search, ${CONNECTIONS} connections, 20 queries [${kind}]`, { ...searchLoad, seconds: SECONDS }),
        await load(`POST /api/chat built-in, ${CONNECTIONS} connections [${kind}]`, { ...chatLoad, seconds: SECONDS }),
      ];
      printLoad(rows);
      console.log(
        `  p99 targets [${kind}]: search ${rows[0].p99} ms (< 250), chat ${rows[1].p99} ms (< 500); errors ${rows[0].errors + rows[1].errors + rows[0].non2xx + rows[1].non2xx}`,
      );
    } finally {
      await close();
    }
  }
}
