// `npm run load`: 200 virtual users for 60 s against the built server, as people use it: each signs in once,
// then opens the landing page, browses and searches the knowledge base, reads an article, runs a calculator,
// asks three questions of the built-in assistant and looks at their subscription, pausing between steps (longer
// after an answer, to read it: about 12 questions a minute, under the assistant's fair-use 20).
// Runs: PGlite (one process), PostgreSQL (one process), PostgreSQL (two processes, users spread across both),
// and the two processes again while the database goes away for a few seconds and comes back; then one process
// behind a TCP proxy that makes PostgreSQL fail the ways real ones do for OUTAGE_S (10): its port closed
// (`closed`), every connection dropped (`dropped`), connections accepted and never answered (`hung`).
// Loopback only; bounded by LOAD_SECONDS (60) and LOAD_USERS (200); LOAD_ONLY=pglite|postgres|two|outage|closed|dropped|hung picks one run.
import { startTcpProxy, type ProxyMode, type TcpProxy } from '../tests/helpers/tcp-proxy';
import { ADMIN_URL, crowdSql, freshDatabase, querySql, runSql, startApp, type ServerProcess } from './processes';
import { postgresReachable } from './lib';

const USERS = Number(process.env.LOAD_USERS ?? 200);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const THINK_MS = Number(process.env.LOAD_THINK_MS ?? 1000);
const OUTAGE_MS = 4000;
const PROXY_OUTAGE_MS = Number(process.env.OUTAGE_S ?? 10) * 1000;
/** A request with no answer after this long counts as unanswered (what a person, or a load balancer, gives up on). */
const GIVE_UP_MS = 15_000;
const PASSWORD = 'password123'; // the demo accounts' password, which crowdSql gives every crowd account

const SEARCHES = [
  'uif ceiling',
  'emp201 deadline',
  'sick leave',
  'bonus tax',
  'maternity leave',
  'overtime',
  'annual leave days',
  'medical tax credit',
];
const QUESTIONS = [
  'What PAYE do I deduct on R20 000 a month for a 33-year-old?',
  'What is the employer and employee UIF on R40 000 a month?',
  'How many days of annual leave does an employee get?',
  'When is the EMP201 due?',
  'Net pay on R22 000 gross monthly, age 30, no medical aid?',
  'How many weeks of maternity leave?',
];
const KINDS = ['sign in', 'landing', 'knowledge browse', 'knowledge search', 'article', 'calculator', 'chat', 'subscription'] as const;
type Kind = (typeof KINDS)[number];

interface Tally {
  times: Record<Kind, number[]>;
  errors: Record<Kind, number>;
  unavailableBy: Record<Kind, number>;
  /** 503s while the database was away: each with Retry-After, and how long it took to come back. */
  unavailable: { count: number; withoutRetryAfter: number; slowest: number };
  /** The longest any request took, answered or refused. */
  slowest: number;
  /** Requests with no answer after GIVE_UP_MS. */
  unanswered: number;
  answered: string[]; // answer ids the users were shown
  firstErrorSample: string[];
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const think = () => sleep(THINK_MS * (0.5 + Math.random()));
const pick = <T>(xs: readonly T[]) => xs[Math.floor(Math.random() * xs.length)];

async function virtualUser(n: number, base: string, until: number, t: Tally, articleIds: string[]) {
  // Each user comes from its own address, as behind the proxy (TRUST_PROXY) a deployment sits behind.
  const ip = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
  let cookie = '';
  const call = async (kind: Kind, path: string, init: { method?: string; json?: unknown } = {}) => {
    const started = performance.now();
    let status = 0;
    let body: string;
    try {
      const res = await fetch(base + path, {
        method: init.method ?? 'GET',
        headers: { 'x-forwarded-for': ip, cookie, origin: base, ...(init.json ? { 'content-type': 'application/json' } : {}) },
        body: init.json ? JSON.stringify(init.json) : undefined,
        redirect: 'manual',
        signal: AbortSignal.timeout(GIVE_UP_MS),
      });
      status = res.status;
      body = await res.text();
      t.slowest = Math.max(t.slowest, performance.now() - started);
      if (status === 503) {
        t.unavailable.count++;
        t.unavailableBy[kind]++;
        if (t.firstErrorSample.length < 5) t.firstErrorSample.push(`${kind} ${path} → 503 ${body.slice(0, 120)}`);
        if (!res.headers.get('retry-after')) t.unavailable.withoutRetryAfter++;
        t.unavailable.slowest = Math.max(t.unavailable.slowest, performance.now() - started);
        return null;
      }
      if (kind === 'sign in') cookie = /pw_session=[^;]+/.exec(res.headers.get('set-cookie') ?? '')?.[0] ?? cookie;
    } catch (err) {
      body = String(err);
      if ((err as Error).name === 'TimeoutError') t.unanswered++;
    }
    t.times[kind].push(performance.now() - started);
    if (status < 200 || status >= 400) {
      t.errors[kind]++;
      if (t.firstErrorSample.length < 5) t.firstErrorSample.push(`${kind} ${path} → ${status} ${body.slice(0, 120)}`);
      return null;
    }
    return body;
  };

  // Users arrive over the first half of the run (at most 30 s: under 7 sign-ins a second for 200 users, a third
  // of what scrypt allows on two cores), not all in one instant.
  await sleep((n / USERS) * Math.min(30_000, SECONDS * 500) + Math.random() * THINK_MS);
  while (!cookie && Date.now() < until) {
    if (!(await call('sign in', '/api/login', { method: 'POST', json: { username: `crowd${n}`, password: PASSWORD } }))) await sleep(1000);
  }
  while (Date.now() < until) {
    const steps: [Kind, () => Promise<unknown>][] = [
      ['landing', () => call('landing', '/')],
      ['knowledge browse', () => call('knowledge browse', '/knowledge')],
      ['knowledge search', () => call('knowledge search', `/api/knowledge/search?q=${encodeURIComponent(pick(SEARCHES))}`)],
      ['article', () => call('article', `/knowledge/article/${pick(articleIds)}`)],
      [
        'calculator',
        () =>
          call('calculator', '/api/payroll/paye', {
            method: 'POST',
            json: { period: 'monthly', remuneration: 15000 + (n % 50) * 1000, age: 30 + (n % 40), medicalMembers: n % 4 },
          }),
      ],
      ...[0, 1, 2].map((): [Kind, () => Promise<unknown>] => [
        'chat',
        async () => {
          const body = await call('chat', '/api/chat', { method: 'POST', json: { message: pick(QUESTIONS) } });
          if (body) t.answered.push((JSON.parse(body) as { id: string }).id);
          await sleep(2 * THINK_MS); // reading the answer
        },
      ]),
      ['subscription', () => call('subscription', '/subscription')],
    ];
    for (const [, step] of steps) {
      if (Date.now() >= until) return;
      await step();
      await think();
    }
  }
}

const pct = (xs: number[], p: number) => (xs.length ? xs[Math.min(xs.length - 1, Math.floor(xs.length * p))] : NaN);

function report(title: string, t: Tally, seconds: number) {
  console.log(`\n## ${title}`);
  console.log('| Request | Count | Requests/s | p50 ms | p95 ms | p99 ms | Errors | 503 |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
  let all = 0;
  let errors = 0;
  for (const k of KINDS) {
    const xs = t.times[k].sort((a, b) => a - b);
    all += xs.length;
    errors += t.errors[k];
    console.log(
      `| ${k} | ${xs.length} | ${(xs.length / seconds).toFixed(1)} | ${pct(xs, 0.5).toFixed(0)} | ${pct(xs, 0.95).toFixed(0)} | ${pct(xs, 0.99).toFixed(0)} | ${t.errors[k]} | ${t.unavailableBy[k]} |`,
    );
  }
  console.log(`| all | ${all} | ${(all / seconds).toFixed(1)} | | | | ${errors} | ${t.unavailable.count} |`);
  for (const e of t.firstErrorSample) console.log(`  error: ${e}`);
}

/** Every answer a user was shown is stored complete beside its question; no question is without an answer row. */
async function messageCheck(target: { url: string } | { dataDir: string }, answered: string[]) {
  const rows = await querySql<{ lost: number; orphans: number; pending: number; errored: number; questions: number }>(
    target,
    `
    with shown(id) as (select unnest(array[${answered.map((id) => `'${id}'`).join(',') || "''"}]::text[]))
    select (select count(*)::int from shown s where not exists (
              select 1 from messages a join messages q on q.id = a.reply_to and q.role = 'user'
              where a.id = s.id and a.status = 'complete' and a.content <> '')) as lost,
           (select count(*)::int from messages q where q.role = 'user' and not exists (select 1 from messages a where a.reply_to = q.id)) as orphans,
           (select count(*)::int from messages where role = 'assistant' and status = 'pending') as pending,
           (select count(*)::int from messages where role = 'assistant' and status = 'error') as errored,
           (select count(*)::int from messages where role = 'user') as questions`,
  );
  const r = rows[0];
  console.log(
    `  questions stored ${r.questions}; answers shown ${answered.length}; messages lost ${r.lost}; questions without an answer row ${r.orphans}; answers stored as a retryable error ${r.errored}; left pending ${r.pending}`,
  );
  return r;
}

async function run(
  title: string,
  apps: ServerProcess[],
  target: { url: string } | { dataDir: string },
  articleIds: string[],
  during?: (t: Tally) => Promise<void>,
) {
  const t: Tally = {
    times: Object.fromEntries(KINDS.map((k) => [k, []])) as unknown as Tally['times'],
    errors: Object.fromEntries(KINDS.map((k) => [k, 0])) as Record<Kind, number>,
    unavailableBy: Object.fromEntries(KINDS.map((k) => [k, 0])) as Record<Kind, number>,
    unavailable: { count: 0, withoutRetryAfter: 0, slowest: 0 },
    slowest: 0,
    unanswered: 0,
    answered: [],
    firstErrorSample: [],
  };
  const until = Date.now() + SECONDS * 1000;
  const users = Array.from({ length: USERS }, (_, i) => virtualUser(i + 1, apps[i % apps.length].url, until, t, articleIds));
  await Promise.all([...users, during?.(t)]);
  report(title, t, SECONDS);
  return t;
}

async function articleIdsOf(target: { url: string } | { dataDir: string }) {
  return (await querySql<{ id: string }>(target, 'select id from knowledge_items order by created_at, id limit 60')).map((r) => r.id);
}

/** The database goes away for OUTAGE_MS (connections refused, the app's connections cut), then comes back. */
async function outage(dbName: string, apps: ServerProcess[], t: Tally) {
  await sleep((SECONDS * 1000) / 3);
  console.log(`  … database ${dbName} away for ${OUTAGE_MS / 1000} s`);
  const before = t.unavailable.count;
  await runSql(
    { url: ADMIN_URL },
    `alter database "${dbName}" allow_connections false; select pg_terminate_backend(pid) from pg_stat_activity where datname = '${dbName}';`,
  );
  await sleep(OUTAGE_MS);
  await runSql({ url: ADMIN_URL }, `alter database "${dbName}" allow_connections true;`);
  const back = Date.now();
  // Recovered: every process answers a database-backed request again.
  for (const app of apps) {
    while ((await fetch(`${app.url}/api/health`).catch(() => null))?.status !== 200) await sleep(100);
  }
  console.log(
    `  … back: every process ready ${Date.now() - back} ms after the database returned; 503s during the outage ${t.unavailable.count - before}`,
  );
}

/** PostgreSQL, seen through the proxy, fails in `mode` for PROXY_OUTAGE_MS, then works again. */
async function proxyOutage(proxy: TcpProxy, mode: ProxyMode, apps: ServerProcess[], t: Tally) {
  await sleep((SECONDS * 1000) / 3);
  const before = t.unavailable.count;
  await proxy.set(mode);
  await sleep(PROXY_OUTAGE_MS);
  await proxy.set('pass');
  const back = Date.now();
  for (const app of apps) {
    while ((await fetch(`${app.url}/api/health`).catch(() => null))?.status !== 200) await sleep(50);
  }
  console.log(
    `  … ${mode} for ${PROXY_OUTAGE_MS / 1000} s: ready ${Date.now() - back} ms after the database returned; 503s during it ${t.unavailable.count - before}`,
  );
}

async function main() {
  const only = process.env.LOAD_ONLY;
  const want = (k: string) => !only || only === k;
  const crowd = crowdSql({ articles: Number(process.env.LOAD_ARTICLES ?? 10_000), users: USERS });
  const env = { TRUST_PROXY: 'true' };
  console.log(
    `PayeWise load — ${USERS} users × ${SECONDS} s, think time ${THINK_MS / 2}–${(THINK_MS * 3) / 2} ms, node ${process.version}, ${new Date().toISOString()}`,
  );
  const failures: string[] = [];
  const judge = (title: string, t: Tally, m: { lost: number; orphans: number }, allowUnavailable = false) => {
    const errors = KINDS.reduce((a, k) => a + t.errors[k], 0);
    if (errors) failures.push(`${title}: ${errors} errors`);
    if (m.lost || m.orphans) failures.push(`${title}: ${m.lost} messages lost, ${m.orphans} questions without an answer row`);
    if (!allowUnavailable && t.unavailable.count) failures.push(`${title}: ${t.unavailable.count} × 503`);
    if (t.unavailable.withoutRetryAfter) failures.push(`${title}: ${t.unavailable.withoutRetryAfter} × 503 without Retry-After`);
    if (allowUnavailable && t.slowest > 5000) failures.push(`${title}: a request took ${t.slowest.toFixed(0)} ms`);
    if (t.unanswered) failures.push(`${title}: ${t.unanswered} requests unanswered after ${GIVE_UP_MS / 1000} s`);
  };

  if (want('pglite')) {
    const first = await startApp({ env });
    const dataDir = first.dataDir;
    await first.stop({ keepData: true });
    await runSql({ dataDir }, crowd);
    const ids = await articleIdsOf({ dataDir });
    const app = await startApp({ env: { ...env, DATA_DIR: dataDir } });
    const t = await run('PGlite, one process', [app], { dataDir }, ids);
    await app.stop();
    judge('PGlite', t, await messageCheck({ dataDir }, t.answered));
  }
  if (!(await postgresReachable())) {
    console.log('PostgreSQL not reachable: its runs skipped (set TEST_DATABASE_URL).');
  } else {
    for (const [key, title, processes] of [
      ['postgres', 'PostgreSQL, one process', 1],
      ['two', 'PostgreSQL, two processes', 2],
      ['outage', `PostgreSQL, two processes, the database away for ${OUTAGE_MS / 1000} s`, 2],
    ] as const) {
      if (!want(key)) continue;
      const db = await freshDatabase('payewise_load');
      const apps = [await startApp({ databaseUrl: db.url, env })];
      await runSql({ url: db.url }, crowd);
      while (apps.length < processes) apps.push(await startApp({ databaseUrl: db.url, env }));
      try {
        const ids = await articleIdsOf({ url: db.url });
        const t = await run(
          title,
          apps,
          { url: db.url },
          ids,
          key === 'outage' ? (tally) => outage(new URL(db.url).pathname.slice(1), apps, tally) : undefined,
        );
        if (key === 'outage')
          console.log(
            `  503s: ${t.unavailable.count}, all with Retry-After: ${t.unavailable.withoutRetryAfter === 0}, slowest 503 ${t.unavailable.slowest.toFixed(0)} ms, slowest request of the run ${t.slowest.toFixed(0)} ms`,
          );
        await Promise.all(apps.map((a) => a.stop()));
        judge(title, t, await messageCheck({ url: db.url }, t.answered), key === 'outage');
      } finally {
        await Promise.all(apps.map((a) => a.stop()));
        await db.drop();
      }
    }
  }
  if (await postgresReachable()) {
    for (const [key, mode] of [
      ['closed', 'refuse'],
      ['dropped', 'reset'],
      ['hung', 'stall'],
    ] as const) {
      if (!want(key)) continue;
      const title = `PostgreSQL behind a proxy, ${key} for ${PROXY_OUTAGE_MS / 1000} s`;
      const db = await freshDatabase('payewise_load');
      const direct = new URL(db.url);
      const proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
      const proxied = new URL(db.url);
      proxied.host = `127.0.0.1:${proxy.port}`;
      const apps = [await startApp({ databaseUrl: proxied.toString(), env })];
      try {
        await runSql({ url: db.url }, crowd);
        const t = await run(title, apps, { url: db.url }, await articleIdsOf({ url: db.url }), (tally) =>
          proxyOutage(proxy, mode, apps, tally),
        );
        console.log(
          `  503s: ${t.unavailable.count}, all with Retry-After: ${t.unavailable.withoutRetryAfter === 0}, slowest 503 ${t.unavailable.slowest.toFixed(0)} ms, slowest request ${t.slowest.toFixed(0)} ms, unanswered after ${GIVE_UP_MS / 1000} s: ${t.unanswered}`,
        );
        await Promise.all(apps.map((a) => a.stop()));
        judge(title, t, await messageCheck({ url: db.url }, t.answered), true);
      } finally {
        await Promise.all(apps.map((a) => a.stop()));
        await proxy.close();
        await db.drop();
      }
    }
  }
  if (failures.length) {
    console.log(`\nFAILED:\n  ${failures.join('\n  ')}`);
    process.exit(1);
  }
  console.log('\nAll runs: no errors, no messages lost.');
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
