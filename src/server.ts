import { serve } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bootstrap } from './bootstrap';
import { ConfigError, loadConfig } from './config';
import { createLogger } from './lib/logger';
import { loadAssets } from './ui/assets';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Static files first (hashed assets are immutable), then the app. */
export function withStatic(app: Hono<any>, clientDir: string, publicDir: string) {
  const outer = new Hono();
  outer.use('/assets/*', async (c, next) => {
    await next();
    if (c.res.status === 200) c.header('Cache-Control', 'public, max-age=31536000, immutable');
  });
  outer.use('/assets/*', serveStatic({ root: path.relative(process.cwd(), clientDir) || '.' }));
  outer.use('/favicon.svg', serveStatic({ root: path.relative(process.cwd(), publicDir) || '.' }));
  outer.use('/robots.txt', serveStatic({ root: path.relative(process.cwd(), publicDir) || '.' }));
  outer.route('/', app);
  return outer;
}

async function main() {
  let config;
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
  const clientDir = path.join(root, 'dist/client');
  const started = await bootstrap(config, { log, assets: loadAssets({ dev: false, clientDir }) });
  const app = withStatic(started.app, clientDir, path.join(root, 'public'));
  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) =>
    log.info(`PayeWise listening on http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${info.port}`, {
      database: started.database.kind,
      mail: started.deps.mailer.mode,
      demoAccounts: config.demoAccounts,
    }),
  );
  // Background upkeep: retry mail every 30 s; remove uploads nobody attached, hourly.
  const retry = setInterval(() => void started.deps.mailer.deliverDue().catch(() => {}), 30_000);
  const sweep = setInterval(
    () => void started.services.knowledge.sweepOrphanUploads().catch((err) => log.error('upload sweep failed', { error: String(err) })),
    60 * 60_000,
  );
  const shutdown = async () => {
    clearInterval(retry);
    clearInterval(sweep);
    server.close();
    await started.stop();
    process.exit(0);
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
