import { openDatabase, type Database } from '../db';
import { createApp, type App } from './app';
import type { Config } from './config';
import { createLogger, type Logger } from './lib/logger';
import { createMailer } from './mail';
import { seedKnowledge } from './knowledge';
import { createServices, type ServiceDeps, type Services } from './services';
import { createStorage } from './storage';
import { loadAssets, type Assets } from './ui/assets';

export interface Started {
  /** The whole app as `npm start` serves it: static files, pages and API. */
  app: App;
  services: Services;
  database: Database;
  stop(): Promise<void>;
}

export interface BootstrapOptions {
  assets?: Assets;
  log?: Logger;
  /** PGlite in memory instead of DATA_DIR (tests). */
  memoryDb?: boolean;
  clock?: () => Date;
  limits?: ServiceDeps['limits'];
  hashing?: ServiceDeps['hashing'];
  engine?: ServiceDeps['engine'];
  payfast?: ServiceDeps['payfast'];
  chatPerMinute?: ServiceDeps['chatPerMinute'];
}

/** Opens the database, seeds what the config asks for and assembles the app. */
export async function bootstrap(config: Config, opts: BootstrapOptions = {}): Promise<Started> {
  const log = opts.log ?? createLogger(config.logLevel);
  const database = await openDatabase({
    url: config.databaseUrl,
    poolSize: config.databasePoolSize,
    deadlines: config.databaseTimeouts,
    dataDir: config.dataDir,
    memory: opts.memoryDb,
  });
  const clock = opts.clock ?? (() => new Date());
  const mailer = await createMailer({ db: database.db, ...config.mail, log, clock });
  const services = createServices({
    config,
    database,
    mailer,
    storage: createStorage(config),
    assets: opts.assets ?? loadAssets({ dev: false }),
    log,
    clock,
    limits: opts.limits,
    hashing: opts.hashing,
    engine: opts.engine,
    payfast: opts.payfast,
    chatPerMinute: opts.chatPerMinute,
  });
  await database.prepare(async () => {
    await services.auth.backfillUsernameKeys();
    if (config.demoAccounts) await services.auth.seedDemoAccounts();
    // The knowledge base ships with the app: seeded in every environment, never overwriting an admin's edits.
    await seedKnowledge(database.db, { log });
  });
  return {
    app: createApp(services),
    services,
    database,
    async stop() {
      // Answers being written finish and are stored before the database closes.
      await Promise.all(services.chat.inFlight());
      await services.billing.idle();
      await mailer.stop();
      await database.close();
    },
  };
}
