import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import postgres from 'postgres';

// Servers as their own processes, so the load generator does not share their event loop.

export const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  log: string[];
  stop(opts?: { keepData?: boolean }): Promise<void>;
}

/** A fresh PostgreSQL database for one run, and how to drop it. */
export async function freshDatabase(prefix = 'payewise_bench'): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const a = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
  await a.unsafe(`create database "${name}"`);
  await a.end();
  const u = new URL(ADMIN_URL);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    async drop() {
      const b = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
      await b.unsafe(`drop database if exists "${name}" with (force)`);
      await b.end();
    },
  };
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Runs `args` with node and resolves once a line matches `ready` (its first group is the URL). */
export async function startNode(
  args: string[],
  env: Record<string, string>,
  ready: RegExp,
  extraArgs: string[] = [],
): Promise<ServerProcess> {
  const child = spawn(process.execPath, [...extraArgs, ...args], {
    env: { PATH: process.env.PATH ?? '', PORT: '0', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log: string[] = [];
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`did not start:\n${log.join('\n')}`)), 120_000);
    const onData = (d: Buffer) => {
      for (const line of d.toString().split('\n').filter(Boolean)) {
        if (log.length < 2000) log.push(line);
        const m = ready.exec(line);
        if (m) {
          clearTimeout(timer);
          resolve(m[1]);
        }
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then(() => reject(new Error(`exited:\n${log.join('\n')}`)));
  });
  return {
    url,
    child,
    log,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** The built app (`npm start`'s server) as a process: PGlite in a temporary folder, or the PostgreSQL database at `databaseUrl`. */
export async function startApp(
  opts: { databaseUrl?: string; env?: Record<string, string>; nodeArgs?: string[] } = {},
): Promise<ServerProcess & { dataDir: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'payewise-proc-'));
  // Production wants its public address up front: the port is chosen here rather than by the server.
  const port = await freePort();
  const p = await startNode(
    ['dist/server/server.js'],
    {
      NODE_ENV: 'production',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      MAIL_OUTBOX_ONLY: 'true',
      PAYFAST_SANDBOX: 'true',
      DEMO_ACCOUNTS: 'true',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      ...(opts.databaseUrl ? { DATABASE_URL: opts.databaseUrl } : {}),
      ...opts.env,
    },
    /PayeWise listening on (http:\/\/[^"\s]+)/,
    opts.nodeArgs,
  );
  return {
    ...p,
    dataDir,
    async stop(o) {
      await p.stop();
      if (!o?.keepData) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * What a crowd needs in a seeded database: the knowledge base grown to `articles` (variants of the seeded ones,
 * so every query has many matches) and `users` accounts `crowd1`… on a 7-day trial with the demo user's password.
 * One SQL script, run by postgres.js or PGlite alike.
 */
export function crowdSql(opts: { articles: number; users: number }): string {
  const words = `array['alpha','bravo','charlie','delta','echo','foxtrot','golf','hotel','india','juliet','kilo','lima','mike','november','oscar','papa']`;
  return `
    with base as (select row_number() over (order by id) - 1 as i, * from knowledge_items),
         n as (select count(*) as c from knowledge_items)
    insert into knowledge_items (id, title, content, category_id, keywords, attachments, created_at, updated_at)
    select gen_random_uuid()::text,
           b.title || ' (' || (${words})[j % 16 + 1] || ' ' || j || ')',
           b.content || E'\\n\\nNote ' || (${words})[j % 16 + 1] || ' ' || (${words})[(j * 7) % 16 + 1] || ' ' || j || '.',
           b.category_id, b.keywords[1 + j % 3:], '{}', b.created_at, b.updated_at
    from n, generate_series((select c from n), ${opts.articles - 1}) j join base b on b.i = j % (select c from n);
    analyze knowledge_items;
    insert into users (username, username_key, email, password, subscription_status, trial_end_date, created_at, updated_at)
    select 'crowd' || k, 'crowd' || k, 'crowd' || k || '@payewise.test', d.password, 'trialing',
           to_char((now() + interval '7 days') at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), d.created_at, d.updated_at
    from users d, generate_series(1, ${opts.users}) k where d.username = 'demo';
    select pg_notify('knowledge_changed', '');`;
}

/** Sessions for `crowd1`…`crowdN` written straight into the database: the cookies to send as those users. */
export function crowdSessions(users: number): { sql: string; cookies: string[] } {
  const cookies: string[] = [];
  const rows: string[] = [];
  for (let k = 1; k <= users; k++) {
    const token = randomBytes(32).toString('base64url');
    cookies.push(`pw_session=${token}`);
    rows.push(`('${createHash('sha256').update(token).digest('hex')}', 'crowd${k}')`);
  }
  return {
    cookies,
    sql: `insert into sessions (id, user_id, expires_at) select s.id, u.id, now() + interval '30 days' from (values ${rows.join(',')}) s(id, username) join users u on u.username = s.username;`,
  };
}

/** Runs SQL on an app's database from outside the app: PostgreSQL at `url`, or (with the app stopped) PGlite in `dataDir`. */
export async function runSql(target: { url: string } | { dataDir: string }, script: string): Promise<void> {
  await onDatabase(
    target,
    async (sql) => void (await sql.unsafe(script)),
    async (db) => void (await db.exec(script)),
  );
}

/** The rows of one query on an app's database (as runSql). */
export async function querySql<T>(target: { url: string } | { dataDir: string }, query: string): Promise<T[]> {
  return onDatabase(
    target,
    async (sql) => [...(await sql.unsafe(query))] as T[],
    async (db) => (await db.query<T>(query)).rows,
  );
}

async function onDatabase<R>(
  target: { url: string } | { dataDir: string },
  pg: (sql: postgres.Sql) => Promise<R>,
  lite: (db: import('@electric-sql/pglite').PGlite) => Promise<R>,
): Promise<R> {
  if ('url' in target) {
    const sql = postgres(target.url, { max: 1, onnotice: () => {} });
    try {
      return await pg(sql);
    } finally {
      await sql.end();
    }
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const db = new PGlite({ dataDir: path.join(target.dataDir, 'db'), extensions: { pg_trgm } });
  try {
    return await lite(db);
  } finally {
    await db.close();
  }
}
