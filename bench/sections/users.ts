import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { load, login, printLoad, type BenchServer } from '../lib';

const USERS = 10_000;
const MESSAGES = 200_000;
const percentile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];

/** p50/p95 of one request, sent one after another (what an admin waits for), after a warm-up. */
async function latency(url: string, cookie: string, n = 200) {
  const times: number[] = [];
  for (let i = 0; i < n + 20; i++) {
    const t0 = performance.now();
    const res = await fetch(url, { headers: { cookie } });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${url}: ${res.status}`);
    if (i >= 20) times.push(performance.now() - t0);
  }
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

/** User management at 10 000 users and 200 000 messages: the list, a search, a sort, the summary, the page. */
export async function userManagement(s: BenchServer) {
  const db = s.started.database.db;
  const t0 = performance.now();
  await db.execute(sql`
    insert into users (username, username_key, email, password, subscription_status, trial_end_date, last_login_at, total_logins, total_chat_messages, created_at)
    select 'bench_user_' || g, 'bench_user_' || g, case when g % 7 = 0 then null else 'bench' || g || '@example.co.za' end, 'x',
      case when g % 3 = 0 then 'active' when g % 11 = 0 then 'canceled' else 'trialing' end,
      '2026-12-01T00:00:00.000Z',
      case when g % 5 = 0 then null else to_char(timestamp '2026-01-01' + (g || ' minutes')::interval, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') end,
      g % 40, (g * 7919) % 60, '2026-01-01T00:00:00.000Z'
    from generate_series(1, ${USERS}::int) g`);
  const ids = await db.execute(sql`select min(id) as lo from users where username like 'bench\_user\_%'`);
  const first = (ids as unknown as { rows?: { lo: number }[] }).rows?.[0] ?? (ids as unknown as { lo: number }[])[0];
  const lo = Number(first.lo);
  await db.execute(
    sql`insert into conversations (id, user_id, title) select 'bench-conv-' || g, g, 'Bench' from generate_series(${lo}::int, ${lo + USERS - 1}::int) g`,
  );
  for (let from = 1; from <= MESSAGES; from += 50_000) {
    await db.execute(sql`
      insert into messages (id, user_id, conversation_id, role, content, timestamp)
      select 'bench-msg-' || g, ${lo}::int + g % ${USERS}::int, 'bench-conv-' || (${lo}::int + g % ${USERS}::int), case when g % 2 = 0 then 'user' else 'assistant' end,
        'How much UIF on R' || (g % 30000) || ' a month?', '2026-11-01T00:00:00.000Z'
      from generate_series(${from}::int, ${Math.min(MESSAGES, from + 49_999)}::int) g`);
  }
  await db.execute(sql`analyze`);
  const seeded = await db.execute(sql`select (select count(*) from users) as users, (select count(*) from messages) as messages`);
  const counts =
    (seeded as unknown as { rows?: Record<string, unknown>[] }).rows?.[0] ?? (seeded as unknown as Record<string, unknown>[])[0];
  console.log(`  seeded ${counts.users} users and ${counts.messages} messages in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  const cookie = await login(s.url, 'admin');
  const cases: [string, string][] = [
    ['GET /api/users/admin (first page of 50)', '/api/users/admin?pageSize=50'],
    ['GET /api/users/admin (default: first 200)', '/api/users/admin'],
    ['GET /api/users/admin?q=bench99 (search)', '/api/users/admin?q=bench99&pageSize=50'],
    ['GET /api/users/admin sorted by Messages desc', '/api/users/admin?sort=messageCount&dir=desc&pageSize=50'],
    ['GET /api/users/admin sorted by Email, page 150', '/api/users/admin?sort=email&dir=asc&page=150&pageSize=50'],
    ['GET /api/users/admin/summary', '/api/users/admin/summary'],
    ['GET /user-management (page)', '/user-management'],
    ['GET /admin/insights (page)', '/admin/insights'],
  ];
  for (const [label, path] of cases) {
    const r = await latency(`${s.url}${path}`, cookie);
    console.log(`  ${`${label} [${s.kind}]`.padEnd(62)} p50 ${r.p50.toFixed(1).padStart(6)} ms   p95 ${r.p95.toFixed(1).padStart(6)} ms`);
  }
  printLoad([
    await load(`GET /api/users/admin?pageSize=50, 10 conns [${s.kind}]`, {
      url: `${s.url}/api/users/admin?pageSize=50`,
      headers: { cookie },
    }),
  ]);
}
