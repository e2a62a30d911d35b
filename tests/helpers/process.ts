import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { afterAll, beforeAll } from 'vitest';
import { createTestDatabase } from './db';

// The built server as a process (`node dist/server/server.js`), as `npm start` and the Docker image run it.

export interface Proc {
  child: ChildProcess;
  url: string;
  log: string[];
  exited: Promise<number | null>;
}

/** How to run `node dist/server/server.js`: by default as is; a test may wrap it (e.g. in a namespace of its own). */
export type Launch = (node: string, server: string) => [command: string, args: string[]];

/** Starts the built server in `appDir` and resolves once it says where it listens. */
export async function startProcess(
  env: Record<string, string>,
  appDir = path.resolve('.'),
  launch: Launch = (node, server) => [node, [server]],
): Promise<Proc> {
  const [command, args] = launch(process.execPath, 'dist/server/server.js');
  const child = spawn(command, args, {
    cwd: appDir,
    env: { PATH: process.env.PATH ?? '', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log: string[] = [];
  // 'close', not 'exit': by then everything the process printed has been read.
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${log.join('\n')}`)), 60_000);
    const onData = (d: Buffer) => {
      for (const line of d.toString().split('\n').filter(Boolean)) {
        log.push(line);
        const m = /PayeWise listening on (http:\/\/[^"\s]+)/.exec(line);
        if (m) {
          clearTimeout(timer);
          resolve(m[1]);
        }
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then((code) => reject(new Error(`server exited with ${code}:\n${log.join('\n')}`)));
  });
  return { child, url, log, exited };
}

/** Stops a server process (SIGTERM, unless it has ended already) and waits until it has exited. */
export async function stopProcess(p: Proc): Promise<void> {
  if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGTERM');
  await p.exited;
}

export interface PostgresProcesses {
  /** The block's fresh PostgreSQL database. */
  readonly pg: { url: string };
  /** A client on that database (one connection). */
  readonly sql: postgres.Sql;
  /** Every process `start` has started, in the order they came up. */
  readonly procs: readonly Proc[];
  /** A fresh folder for a DATA_DIR, removed after the block. */
  dataDir(): string;
  /** Starts the built server in this checkout with `env` (startProcess); it is stopped after the block. */
  start(env: Record<string, string>): Promise<Proc>;
  /** Stops every process started so far. */
  stopAll(): Promise<void>;
}

/**
 * For a describe block of built servers on one PostgreSQL database: a beforeAll makes a fresh database and a client
 * on it; an afterAll stops the processes, closes the client, drops the database and removes the DATA_DIRs. Call it
 * after the hooks that start what the servers talk to (a model, a mail peer): vitest runs afterAll hooks in reverse,
 * so those stop after the servers.
 */
export function usePostgresProcesses(dirPrefix: string): PostgresProcesses {
  let pg: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
  let sql: postgres.Sql | undefined;
  const procs: Proc[] = [];
  const dirs: string[] = [];
  const stopAll = async () => {
    await Promise.all(procs.map(stopProcess));
  };
  beforeAll(async () => {
    pg = await createTestDatabase();
    sql = postgres(pg.url, { max: 1, onnotice: () => {} });
  });
  afterAll(async () => {
    await stopAll();
    await sql?.end();
    await pg?.drop();
    dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true }));
  });
  const ready = <T>(what: string, value: T | undefined): T => {
    if (value === undefined) throw new Error(`the ${what} is not made yet: use it in a test or a beforeAll after usePostgresProcesses()`);
    return value;
  };
  return {
    get pg() {
      return ready('database', pg);
    },
    get sql() {
      return ready('database client', sql);
    },
    procs,
    dataDir() {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), dirPrefix));
      dirs.push(dir);
      return dir;
    },
    async start(env) {
      const proc = await startProcess(env);
      procs.push(proc);
      return proc;
    },
    stopAll,
  };
}
