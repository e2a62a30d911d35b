import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../helpers/db';
import { startProcess, type Proc } from '../helpers/process';

// The real built server as a process: `node dist/server/server.js`, what `npm start` and the Docker image
// run. SMOKE_APP_DIR points it at another folder (CI assembles the image's contents there); SMOKE_POSTGRES=1
// gives it a fresh PostgreSQL database instead of PGlite.
const appDir = path.resolve(process.env.SMOKE_APP_DIR ?? '.');
const production = !!process.env.SMOKE_APP_DIR;

const start = (env: Record<string, string>) => startProcess(env, appDir);

describe(`the built server as a process (${production ? appDir : 'this checkout'})`, () => {
  let proc: Proc;
  let dataDir: string;
  let env: Record<string, string>;
  let pg: Awaited<ReturnType<typeof createTestDatabase>> | null = null;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'payewise-smoke-'));
    if (process.env.SMOKE_POSTGRES && process.env.TEST_DATABASE_URL) pg = await createTestDatabase();
    // Production names what it is run with: the public address, mail kept on purpose, the sandbox on purpose.
    const said: Record<string, string> = production
      ? { PUBLIC_URL: 'http://localhost', MAIL_OUTBOX_ONLY: 'true', PAYFAST_SANDBOX: 'true' }
      : {};
    env = { DATA_DIR: dataDir, NODE_ENV: production ? 'production' : 'development', ...said, ...(pg ? { DATABASE_URL: pg.url } : {}) };
    proc = await start(env);
  });
  afterAll(async () => {
    if (proc && proc.child.exitCode === null) proc.child.kill('SIGKILL');
    await pg?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves the landing page, the 404 page, JSON 404s, health and compressed immutable assets', async () => {
    const home = await fetch(`${proc.url}/`, { headers: { 'accept-encoding': 'br' } });
    expect(home.status).toBe(200);
    expect(home.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await home.text(); // fetch decodes brotli
    expect(html).toContain('Sign Up Free');

    const missing = await fetch(`${proc.url}/no/such/page`, { headers: { accept: 'text/html' } });
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await missing.text()).toContain('404 Page Not Found');

    const api = await fetch(`${proc.url}/api/x`);
    expect(api.status).toBe(404);
    expect(api.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await api.json()).toEqual({ message: 'Not found' });

    const health = await fetch(`${proc.url}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok', database: 'ok', storage: 'ok', mail: 'outbox' });

    const css = /<link rel="stylesheet" href="(\/assets\/[^"]+\.css)"/.exec(html)![1];
    // node:http, not fetch: fetch would decode the body, and the bytes on the wire are what is checked.
    const asset = await new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      http
        .get(`${proc.url}${css}`, { headers: { 'accept-encoding': 'br' } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
        })
        .on('error', reject);
    });
    expect(asset.status).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['content-encoding']).toBe('br');
    const file = fs.readFileSync(path.join(appDir, 'dist/client', css));
    expect(asset.body.length).toBeLessThan(file.length / 3);
    expect(brotliDecompressSync(asset.body).equals(file)).toBe(true);
  });

  it.runIf(production)('refuses to start in production on development defaults, naming each setting', async () => {
    const bare = Object.fromEntries(
      Object.entries(env).filter(([k]) => !['PUBLIC_URL', 'MAIL_OUTBOX_ONLY', 'PAYFAST_SANDBOX'].includes(k)),
    );
    const refused = await start(bare).then(
      () => null,
      (err: Error) => err.message,
    );
    expect(refused).toMatch(/server exited with 1/);
    for (const name of ['PUBLIC_URL', 'SMTP_URL', 'MAIL_OUTBOX_ONLY', 'PAYFAST_SANDBOX']) expect(refused).toContain(name);
  });

  it('on SIGTERM lets an open request finish, closes the database and exits 0; the data is there on the next start', async () => {
    const name = `smoke${Date.now().toString(36)}`;
    const reg = await fetch(`${proc.url}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: name, email: `${name}@example.co.za`, password: 'secret123' }),
    });
    expect(reg.status).toBe(201);
    // A sign-in takes a password hash (~100 ms): SIGTERM arrives while it runs.
    const inFlight = fetch(`${proc.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: name, password: 'secret123' }),
    });
    await new Promise((r) => setTimeout(r, 20));
    proc.child.kill('SIGTERM');
    const answer = await inFlight;
    expect(answer.status).toBe(200);
    expect(await proc.exited).toBe(0);
    expect(proc.log.some((l) => l.includes('shutting down'))).toBe(true);

    proc = await start(env);
    const again = await fetch(`${proc.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: name, password: 'secret123' }),
    });
    expect(again.status).toBe(200);
    proc.child.kill('SIGTERM');
    expect(await proc.exited).toBe(0);
  });
});
