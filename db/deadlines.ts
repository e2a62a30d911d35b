// Bounded waits for PostgreSQL (docs/decisions/012). postgres.js has a connect timeout but no query timeout: a
// query on a connection whose server stopped answering (a hung host, a stalled network) waits for ever, and the
// queries queued behind it with it. Here every query and transaction has a deadline in two steps: after `queryMs`
// a fresh connection checks, within `queryMs` again, whether the server answers at all. If it does not, the database is down: the query
// fails at once, every connection is dropped (the stuck ones with them) and, until a check succeeds, new queries
// fail without being sent. If it does, the server is only busy, and the query may run until `statementMs`.
import net from 'node:net';
import type postgres from 'postgres';

type Sql = postgres.Sql;

export interface DeadlineOptions {
  connectMs: number;
  queryMs: number;
  statementMs: number;
}

/** What a query that hit its deadline fails with; src/errors.ts counts its code as "database unavailable". */
export class DatabaseDeadline extends Error {
  code = 'DATABASE_DEADLINE';
  constructor(message: string) {
    super(message);
    this.name = 'DatabaseDeadline';
  }
}

const RECHECK_MS = 250; // while down, how often a fresh connection tries again
const CHECK_FRESH_MS = 500; // a check's answer is reused this long by the queries that wait on it

export interface Watch {
  /** postgres.js `socket` option: connections it opens are tracked, so a lost server's can all be dropped. */
  socket: (o: { host: string[]; port: number[]; path?: string }) => net.Socket;
  /** The client with every query and transaction bounded. */
  guard(client: Sql): Sql;
  /** Whether the database is known to be down (a check failed and none has succeeded since). */
  down(): boolean;
  stop(): void;
}

/** `probe` opens a fresh connection and runs a trivial query; true when the server answered (even with an error). */
export function watchDatabase(opts: DeadlineOptions, probe: () => Promise<boolean>): Watch {
  const sockets = new Set<net.Socket>();
  let isDown = false;
  let checking: Promise<boolean> | null = null;
  let checkedAt = 0;
  let lastAnswer = true;
  let recheck: NodeJS.Timeout | null = null;

  function check(): Promise<boolean> {
    if (!checking && performance.now() - checkedAt < CHECK_FRESH_MS) return Promise.resolve(lastAnswer);
    checking ??= withTimeout(probe(), opts.queryMs, false)
      .catch(() => false)
      .then((up) => {
        checking = null;
        checkedAt = performance.now();
        lastAnswer = up;
        if (up) {
          isDown = false;
        } else if (!isDown) {
          isDown = true;
          // Connections to a server that stopped answering never come back by themselves.
          for (const s of sockets) s.destroy();
          recheck ??= setInterval(
            () => void check().then((ok) => ok && recheck && (clearInterval(recheck), (recheck = null))),
            RECHECK_MS,
          ).unref();
        }
        return up;
      });
    return checking;
  }

  const downError = () => new DatabaseDeadline('The database is not answering');

  /** Settles with `work`, or fails once a check says the server is gone, or at `statementMs`; `giveUp` lets go of the work. */
  function bounded<T>(work: Promise<T>, giveUp: () => void): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      let done = false;
      const timers: NodeJS.Timeout[] = [];
      const finish = (fn: () => void) => {
        if (done) return;
        done = true;
        timers.forEach(clearTimeout);
        fn();
      };
      const fail = (err: Error) =>
        finish(() => {
          giveUp();
          reject(err);
        });
      timers.push(
        setTimeout(() => void check().then((up) => up || fail(downError())), opts.queryMs),
        setTimeout(() => fail(new DatabaseDeadline(`The database did not answer within ${opts.statementMs} ms`)), opts.statementMs),
      );
      work.then(
        (v) => finish(() => resolve(v)),
        (e) => finish(() => reject(e)),
      );
    });
  }

  /** The query runs when first awaited (postgres.js queries are lazy); until then `.values()` and the like still apply. */
  function watchQuery<Q extends PromiseLike<unknown> & { cancel(): unknown }>(q: Q): Q {
    const then = q.then.bind(q);
    let settled: Promise<unknown> | null = null;
    const run = () => {
      if (isDown) {
        void check(); // keeps the check going; this query is never sent
        return Promise.reject(downError());
      }
      return bounded(new Promise((resolve, reject) => void then(resolve, reject)), () => void Promise.resolve(q.cancel()).catch(() => {}));
    };
    Object.defineProperty(q, 'then', {
      value: (ok?: (v: unknown) => unknown, fail?: (e: unknown) => unknown) => (settled ??= run()).then(ok, fail),
    });
    return q;
  }

  function guard(client: Sql): Sql {
    return new Proxy(client, {
      get(target, prop, receiver) {
        if (prop === 'unsafe') return (...args: Parameters<Sql['unsafe']>) => watchQuery(target.unsafe(...args));
        if (prop === 'begin') return (...args: unknown[]) => begin(target, args);
        if (prop === 'savepoint') {
          const savepoint = Reflect.get(target, prop, receiver) as (fn: (sql: Sql) => unknown) => Promise<unknown>;
          return (fn: (sql: Sql) => unknown) => savepoint((sql) => fn(guard(sql)));
        }
        return Reflect.get(target, prop, receiver);
      },
    });
  }

  function begin(target: Sql, args: unknown[]) {
    if (isDown) {
      void check();
      return Promise.reject(downError());
    }
    const fn = args.pop() as (sql: Sql) => unknown;
    let abandoned = false;
    // A transaction given up while it waited for a connection must not start later, after its caller was told it failed.
    const work = (target.begin as (...a: unknown[]) => Promise<unknown>)(...args, (sql: Sql) => {
      if (abandoned) throw downError();
      return fn(guard(sql));
    });
    return bounded(work, () => (abandoned = true));
  }

  return {
    socket(o) {
      const s = o.path ? net.connect(o.path) : net.connect({ host: o.host[0], port: o.port[0] });
      // Read by postgres.js for TLS (the server name) and its errors.
      Object.assign(s, { host: o.host[0], port: o.port[0] });
      sockets.add(s);
      s.once('close', () => sockets.delete(s));
      return s;
    },
    guard,
    down: () => isDown,
    stop() {
      if (recheck) clearInterval(recheck);
      recheck = null;
    },
  };
}

function withTimeout<T>(p: Promise<T>, ms: number, fallback: T): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const t = setTimeout(() => resolve(fallback), ms);
    p.then(
      (v) => (clearTimeout(t), resolve(v)),
      (e) => (clearTimeout(t), reject(e)),
    );
  });
}
