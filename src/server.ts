import { serve } from '@hono/node-server';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bootstrap, type BootstrapOptions, type Started } from './bootstrap';
import { ConfigError, loadConfig, type Config } from './config';
import { createLogger } from './lib/logger';
import { loadAssets } from './ui/assets';

const here = path.dirname(fileURLToPath(import.meta.url));
/** The client build beside the server build (dist/server → dist/client), or dist/ beside src/ when run from source. */
const clientDir =
  [path.resolve(here, '../client'), path.resolve(here, '../dist/client')].find((d) => fs.existsSync(path.join(d, '.vite/manifest.json'))) ??
  path.resolve('dist/client');

export interface Running {
  url: string;
  started: Started;
  /** Stops taking connections, lets open requests finish, stops upkeep and closes the database. */
  close(): Promise<void>;
}

/** Boots the app on `config` and listens: what `npm start` runs, and what the e2e tests and bench start. */
export async function startServer(config: Config, opts: BootstrapOptions = {}): Promise<Running> {
  const log = opts.log ?? createLogger(config.logLevel);
  const started = await bootstrap(config, { assets: loadAssets({ dev: false, clientDir }), ...opts, log });
  const server = await new Promise<Server>((resolve) => {
    const s = serve({ fetch: started.app.fetch, port: config.port, hostname: config.host }, () => resolve(s as Server));
  });
  const { port } = server.address() as AddressInfo;
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const { upkeep } = started.services;
  const every = (ms: number, job: () => Promise<unknown>, what: string) =>
    setInterval(() => void job().catch((err) => log.error(`${what} failed`, { error: String(err) })), ms).unref();
  // What fell due while no process ran (a restart, a deploy, a crash) is done now rather than at the first tick.
  void upkeep.mail().catch((err) => log.error('mail retry failed', { error: String(err) }));
  void upkeep.answers().catch((err) => log.error('interrupted answers sweep failed', { error: String(err) }));
  void upkeep.publish().catch((err) => log.error('scheduled publishing failed', { error: String(err) }));
  void upkeep.reminders().catch((err) => log.error('deadline reminders failed', { error: String(err) }));
  const timers = [
    every(30_000, upkeep.mail, 'mail retry'),
    every(15 * 60_000, upkeep.counters, 'counter sweep'),
    every(60 * 60_000, upkeep.uploads, 'upload sweep'),
    every(60_000, upkeep.billing, 'billing sweep'),
    every(60_000, upkeep.answers, 'interrupted answers sweep'),
    // Scheduled content goes live within a minute of its time (1 March's tables at 00:00 SAST, say).
    every(30_000, upkeep.publish, 'scheduled publishing'),
    // A reminder goes out within minutes of its day starting (00:00 SAST), and once whatever the processes.
    every(5 * 60_000, upkeep.reminders, 'deadline reminders'),
  ];

  let closing: Promise<void> | undefined;
  return {
    url: `http://${host}:${port}`,
    started,
    close() {
      closing ??= (async () => {
        timers.forEach(clearInterval);
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          // Idle keep-alive sockets would hold the server open; busy ones finish their request first.
          server.closeIdleConnections();
          setTimeout(() => server.closeAllConnections(), 10_000).unref();
        });
        await started.stop();
      })();
      return closing;
    },
  };
}

async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const log = createLogger(config.logLevel);
  const running = await startServer(config, { log });
  log.info(`PayeWise listening on ${running.url}`, {
    database: running.started.database.kind,
    mail: running.started.services.mailer.mode,
    demoAccounts: config.demoAccounts,
  });
  const shutdown = (signal: string) => {
    log.info('shutting down', { signal });
    running.close().then(
      () => process.exit(0),
      (err) => {
        log.error('shutdown failed', { error: String(err) });
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
