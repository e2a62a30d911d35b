import { openDatabase, type Database } from '../db';
import { seedDemoAccounts } from '../db/seed';
import { createApp, createServices, type AppDeps, type Services } from './app';
import type { Config } from './config';
import { createLogger, type Logger } from './lib/logger';
import { createMailer } from './mail';
import { seedKnowledge } from './knowledge/seed';
import { createStorage } from './storage';
import { loadAssets, type Assets } from './ui/assets';

export interface Started {
  app: ReturnType<typeof createApp>;
  services: Services;
  database: Database;
  deps: AppDeps;
  stop(): Promise<void>;
}

/** Opens the database, seeds what the config asks for and assembles the app. */
export async function bootstrap(config: Config, opts: { assets?: Assets; log?: Logger; memoryDb?: boolean; clock?: () => Date; limits?: AppDeps['limits'] } = {}): Promise<Started> {
  const log = opts.log ?? createLogger(config.logLevel);
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, memory: opts.memoryDb });
  const clock = opts.clock ?? (() => new Date());
  if (config.demoAccounts) await seedDemoAccounts(database.db, clock());
  // The knowledge base ships with the app: seeded in every environment, never overwriting an admin's edits.
  await seedKnowledge(database.db, { log });
  const storage = createStorage(config);
  const mailer = await createMailer({ db: database.db, smtpUrl: config.mail.smtpUrl, from: config.mail.from, log, clock });
  const assets = opts.assets ?? loadAssets({ dev: false });
  const deps: AppDeps = { config, db: database.db, mailer, assets, log, clock, limits: opts.limits, storage };
  const services = createServices(deps);
  const app = createApp(services);
  return {
    app,
    services,
    database,
    deps,
    async stop() {
      await mailer.idle();
      await database.close();
    },
  };
}
