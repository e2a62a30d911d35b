import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

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
export async function startProcess(env: Record<string, string>, appDir = path.resolve('.'), launch: Launch = (node, server) => [node, [server]]): Promise<Proc> {
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
