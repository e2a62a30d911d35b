import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { watchDatabase, type DeadlineOptions } from './deadlines';
import * as schema from './schema';

export { schema };
export type DB = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: DB;
  kind: 'pglite' | 'postgres';
  /** True when the database answers a trivial query. */
  ping(): Promise<boolean>;
  /**
   * Brings the schema up to date, then runs `seed`, while holding a PostgreSQL advisory lock: of processes
   * starting together one migrates and seeds, the others wait and then find nothing left to do.
   */
  prepare(seed: () => Promise<void>): Promise<void>;
  /**
   * Calls `fn` with the payload whenever any process on this database runs `pg_notify(channel, payload)`, and
   * with none each time the subscription (re)connects: what was announced while it was away is lost, so a
   * listener starts afresh.
   */
  subscribe(channel: string, fn: (payload?: string) => void): Promise<void>;
  close(): Promise<void>;
}

/** The rows of a raw `db.execute` result, which PGlite wraps in `{ rows }` and postgres.js does not. */
export const rowsOf = <T>(r: unknown): T[] => (r as { rows?: T[] }).rows ?? (r as T[]);

/** A value of a `preparedSql` statement, filled on each call, with its PostgreSQL type (raw statements are untyped). */
export const typedPlaceholder = (name: string, type: string): SQL => sql`${sql.placeholder(name)}::${sql.raw(type)}`;

const dialect = new PgDialect();
/**
 * A raw statement prepared once under `name` (drizzle names only its builders' statements, and PostgreSQL
 * parses and plans an unnamed one on every run). Values are `sql.placeholder(key)`s, filled on each call.
 */
export function preparedSql<T>(db: DB, name: string, query: SQL): (values: Record<string, unknown>) => Promise<T[]> {
  const statement = db._.session.prepareQuery(dialect.sqlToQuery(query), undefined, name, false);
  return async (values) => rowsOf<T>(await statement.execute(values));
}

const pinger = (db: DB) => () =>
  db.execute(sql`select 1`).then(
    () => true,
    () => false,
  );

const here = path.dirname(fileURLToPath(import.meta.url));
/** The migrations folder, found both from source (db/) and from the built server (dist/server/). */
export function migrationsFolder(): string {
  const candidates = [path.join(here, 'migrations'), path.resolve(here, '../../db/migrations'), path.resolve('db/migrations')];
  const found = candidates.find((p) => fs.existsSync(path.join(p, 'meta', '_journal.json')));
  if (!found) throw new Error(`Migrations folder not found (looked in ${candidates.join(', ')})`);
  return found;
}

// Any fixed 64-bit key: it names the start-up lock among this database's advisory locks.
const STARTUP_LOCK = 0x70617965_7769n; // 'payewi'

/** The host list of a connection URL (`h1:5432,h2:5432` names two), whatever its password holds. */
const hostsOf = (url: string) => {
  const authority = url.split('//')[1]?.split(/[/?]/)[0] ?? '';
  return authority.slice(authority.lastIndexOf('@') + 1);
};

/** How long PostgreSQL may take, unless the caller says (src/config.ts reads them from the environment). */
export const DEFAULT_DEADLINES: DeadlineOptions = { connectMs: 2_000, queryMs: 1_000, statementMs: 15_000 };

/** PostgreSQL when a URL is given, else PGlite in `dataDir` (or in memory with `memory`). Call prepare() before use. */
export async function openDatabase(opts: {
  url?: string;
  poolSize?: number;
  dataDir?: string;
  memory?: boolean;
  deadlines?: DeadlineOptions;
}): Promise<Database> {
  if (opts.url) {
    const url = opts.url;
    const { default: postgres } = await import('postgres');
    const { drizzle } = await import('drizzle-orm/postgres-js');
    const { migrate } = await import('drizzle-orm/postgres-js/migrator');
    const deadlines = opts.deadlines ?? DEFAULT_DEADLINES;
    const connect_timeout = deadlines.connectMs / 1000;
    // The server answers at all, to a connection of its own (only "too many connections" still counts as there).
    const probe = async () => {
      const fresh = postgres(url, {
        max: 1,
        onnotice: () => {},
        connect_timeout: deadlines.queryMs / 1000,
        fetch_types: false,
        idle_timeout: 1,
      });
      const give = setTimeout(() => void fresh.end({ timeout: 0 }), deadlines.queryMs);
      try {
        await fresh.unsafe('select 1');
        return true;
      } catch (err) {
        return (err as { code?: string }).code === '53300';
      } finally {
        clearTimeout(give);
        void fresh.end({ timeout: 0 });
      }
    };
    const watch = watchDatabase(deadlines, probe);
    // Reconnecting is retried at least once a second (the driver's own backoff grows to 20 s); the server itself
    // ends a statement, or a transaction left idle, that outlives the deadline.
    const raw = postgres(url, {
      max: opts.poolSize ?? 10,
      onnotice: () => {},
      connect_timeout,
      backoff: (retries) => Math.min(0.05 * 2 ** retries, 1),
      connection: { statement_timeout: deadlines.statementMs, idle_in_transaction_session_timeout: deadlines.statementMs },
      // Connections are opened by the watch, so a lost server's can be dropped: documented (postgres.js "socket"
      // option) but missing from its types. With several hosts in the URL postgres.js picks the host, so it opens
      // them itself: queries still fail fast, hung connections then wait for TCP to give up.
      ...(hostsOf(url).includes(',') ? {} : ({ socket: watch.socket } as object)),
    });
    const client = watch.guard(raw);
    const db = drizzle(client, { schema });
    return {
      db: db as unknown as DB,
      kind: 'postgres',
      ping: pinger(db as unknown as DB),
      async prepare(seed) {
        // Migrations may take long (an index on a big table): they run on connections of their own, without the
        // deadlines. A session lock on one of them; a crash drops the connection and the lock with it.
        const setup = postgres(url, { max: 2, onnotice: () => {}, connect_timeout });
        const held = await setup.reserve();
        try {
          await held`select pg_advisory_lock(${STARTUP_LOCK.toString()}::bigint)`;
          await migrate(drizzle(setup, { schema }), { migrationsFolder: migrationsFolder() });
          await seed();
        } finally {
          await held`select pg_advisory_unlock(${STARTUP_LOCK.toString()}::bigint)`.catch(() => {});
          held.release();
          await setup.end({ timeout: 5 });
        }
      },
      async subscribe(channel, fn) {
        // postgres.js holds a connection of its own for this and reconnects it by itself; onlisten runs on every (re)connect.
        await raw.listen(
          channel,
          (payload) => fn(payload),
          () => fn(),
        );
      },
      close: () => {
        watch.stop();
        return raw.end({ timeout: 5 });
      },
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  // pg_trgm: the knowledge search's spelling corrections (migration 0011 creates it on both databases).
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  let dir: string | undefined;
  if (!opts.memory) {
    dir = path.join(opts.dataDir ?? './data', 'db');
    fs.mkdirSync(dir, { recursive: true });
  }
  const client = new PGlite({ dataDir: dir, extensions: { pg_trgm } });
  const db = drizzle(client, { schema });
  return {
    db: db as unknown as DB,
    kind: 'pglite',
    ping: pinger(db as unknown as DB),
    // PGlite's data directory belongs to this one process: nobody to wait for.
    async prepare(seed) {
      await migrate(db, { migrationsFolder: migrationsFolder() });
      await seed();
    },
    async subscribe(channel, fn) {
      await client.listen(channel, (payload) => fn(payload));
      fn();
    },
    close: () => client.close(),
  };
}
