import autocannon, { type Request } from 'autocannon';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import type { BootstrapOptions, Started } from '../src/bootstrap';
import { loadConfig } from '../src/config';
import { startServer } from '../src/server';

export const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const HIGH = 1_000_000_000;

export interface BenchServer {
  kind: 'pglite' | 'postgres';
  url: string;
  started: Started;
  close(): Promise<void>;
}

/** The production server on a random port; rate limits raised (unless `opts` says otherwise) so the login bench measures the login path, not 429s. */
export async function startBenchServer(
  kind: 'pglite' | 'postgres',
  opts: BootstrapOptions = {},
  env: Record<string, string> = {},
): Promise<BenchServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'payewise-bench-'));
  let dropDb: (() => Promise<void>) | undefined;
  let databaseUrl: string | undefined;
  if (kind === 'postgres') {
    const admin = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
    const name = `payewise_bench_${randomBytes(4).toString('hex')}`;
    const a = postgres(admin, { max: 1, onnotice: () => {} });
    await a.unsafe(`create database "${name}"`);
    await a.end();
    const u = new URL(admin);
    u.pathname = `/${name}`;
    databaseUrl = u.toString();
    dropDb = async () => {
      const b = postgres(admin, { max: 1, onnotice: () => {} });
      await b.unsafe(`drop database if exists "${name}" with (force)`);
      await b.end();
    };
  }
  const config = loadConfig({
    NODE_ENV: 'production',
    PUBLIC_URL: 'http://localhost',
    MAIL_OUTBOX_ONLY: 'true',
    PAYFAST_SANDBOX: 'true',
    DEMO_ACCOUNTS: 'true',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PORT: '0',
    HOST: '127.0.0.1',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...env,
  });
  const running = await startServer(config, {
    limits: {
      inFlightPerClient: HIGH,
      loginPerPair: HIGH,
      loginPerClient: HIGH,
      accountSlowAfter: HIGH,
      registerPerClient: HIGH,
      forgotPerEmail: HIGH,
      forgotPerClient: HIGH,
    },
    hashing: { maxQueue: 64, perClient: 64 },
    chatPerMinute: HIGH,
    ...opts,
  });
  return {
    kind,
    url: running.url,
    started: running.started,
    async close() {
      await running.close();
      await dropDb?.();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function login(url: string, username = 'demo', password = 'password123'): Promise<string> {
  const res = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (!res.ok) throw new Error(`login failed: ${res.status}`);
  return /pw_session=[^;]+/.exec(res.headers.get('set-cookie') ?? '')![0];
}

export interface LoadResult {
  label: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

/** `next` varies each request (path, cookie, body); without it every request is the same. */
export async function load(
  label: string,
  opts: {
    url: string;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    connections?: number;
    seconds?: number;
    next?: (r: Request) => Request;
  },
): Promise<LoadResult> {
  const next = opts.next;
  const r = await autocannon({
    ...(next ? { requests: [{ setupRequest: (req: Request) => next(req) }] } : {}),
    url: opts.url,
    method: (opts.method ?? 'GET') as 'GET',
    headers: opts.headers,
    body: opts.body,
    connections: opts.connections ?? 10,
    duration: opts.seconds ?? DURATION,
  });
  return { label, rps: Math.round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99, errors: r.errors, non2xx: r.non2xx };
}

export function printLoad(rows: LoadResult[]) {
  for (const r of rows) {
    console.log(
      `  ${r.label.padEnd(46)} ${String(r.rps).padStart(7)} req/s   p50 ${String(r.p50).padStart(4)} ms   p99 ${String(r.p99).padStart(4)} ms${r.errors || r.non2xx ? `   (errors ${r.errors}, non-2xx ${r.non2xx})` : ''}`,
    );
  }
}

/** Nanoseconds per call of a synchronous function, after a warm-up. */
export function microbench(fn: () => unknown, iterations = 200_000): { nsPerOp: number; opsPerSec: number } {
  for (let i = 0; i < Math.min(20_000, iterations / 10); i++) fn();
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < iterations; i++) fn();
  const ns = Number(process.hrtime.bigint() - t0) / iterations;
  return { nsPerOp: ns, opsPerSec: Math.round(1e9 / ns) };
}

export async function postgresReachable(): Promise<boolean> {
  const sql = postgres(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres', {
    max: 1,
    connect_timeout: 2,
    onnotice: () => {},
  });
  try {
    await sql`select 1`;
    return true;
  } catch {
    return false;
  } finally {
    await sql.end({ timeout: 1 });
  }
}
