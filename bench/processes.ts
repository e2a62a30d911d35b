import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';

// Servers as their own processes, so the load generator does not share their event loop.

export const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  log: string[];
  stop(): Promise<void>;
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

/** Runs `args` with node and resolves once a line matches `ready` (its first group is the URL). */
export async function startNode(args: string[], env: Record<string, string>, ready: RegExp, extraArgs: string[] = []): Promise<ServerProcess> {
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
export async function startApp(opts: { databaseUrl?: string; env?: Record<string, string>; nodeArgs?: string[] } = {}): Promise<ServerProcess & { dataDir: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'payewise-proc-'));
  const p = await startNode(
    ['dist/server/server.js'],
    { NODE_ENV: 'production', DEMO_ACCOUNTS: 'true', DATA_DIR: dataDir, LOG_LEVEL: 'info', ...(opts.databaseUrl ? { DATABASE_URL: opts.databaseUrl } : {}), ...opts.env },
    /PayeWise listening on (http:\/\/[^"\s]+)/,
    opts.nodeArgs,
  );
  return {
    ...p,
    dataDir,
    async stop() {
      await p.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
