import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { bootstrap, type Started } from '../../src/bootstrap';
import { loadConfig, type Config } from '../../src/config';
import { loadAssets } from '../../src/ui/assets';
import { createTestDatabase, type DbKind } from './db';

export interface TestApp extends Started {
  config: Config;
  kind: DbKind;
  dataDir: string;
  client(opts?: ClientOptions): TestClient;
  close(): Promise<void>;
}

/** The real app on a fresh database of the given kind, with a throwaway DATA_DIR. */
export async function createTestApp(
  kind: DbKind,
  env: Record<string, string> = {},
  opts: Parameters<typeof bootstrap>[1] = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'payewise-test-'));
  const pg = kind === 'postgres' ? await createTestDatabase() : null;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DEMO_ACCOUNTS: 'false',
    LOG_LEVEL: 'silent',
    ...(pg ? { DATABASE_URL: pg.url } : {}),
    ...env,
  });
  const started = await bootstrap(config, {
    memoryDb: kind === 'pglite',
    // The built client, as served (loadAssets names a missing build).
    assets: loadAssets({ dev: false }),
    ...opts,
  });
  return {
    ...started,
    config,
    kind,
    dataDir,
    client: (opts?: ClientOptions) => new TestClient(started.app, opts),
    async close() {
      await started.stop();
      await pg?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * For a describe block: registers a beforeAll that makes the app (createTestApp with these arguments) and an afterAll
 * that closes it, and answers a stand-in for it, to read in the block's tests and later hooks (earlier, it throws).
 */
export function useTestApp(kind: DbKind, env: Record<string, string> = {}, opts: Parameters<typeof bootstrap>[1] = {}): TestApp {
  let made: TestApp | undefined;
  beforeAll(async () => {
    made = await createTestApp(kind, env, opts);
  });
  afterAll(async () => {
    await made?.close();
  });
  const t = (): TestApp => {
    if (!made) throw new Error('the test app is not made yet: use it in a test or a beforeAll after useTestApp()');
    return made;
  };
  return {
    kind,
    get app() {
      return t().app;
    },
    get services() {
      return t().services;
    },
    get database() {
      return t().database;
    },
    get config() {
      return t().config;
    },
    get dataDir() {
      return t().dataDir;
    },
    client: (clientOpts) => t().client(clientOpts),
    stop: () => t().stop(),
    close: () => t().close(),
  };
}

export interface ClientOptions {
  /** The client's address as the app sees it (the socket's peer); each client gets its own by default. */
  ip?: string;
}

let clients = 0;
/** A fresh address per client (198.18.0.0/15 is set aside for benchmarks and tests), so limits per client do not pile up across tests. */
const nextIp = () => `198.18.${(clients >> 8) & 255}.${clients++ & 255}`;

/** Calls the app in-process, keeping cookies like a browser. */
export class TestClient {
  cookies = new Map<string, string>();
  readonly ip: string;
  constructor(
    private app: { request: (input: string, init?: RequestInit, env?: unknown) => Response | Promise<Response> },
    opts: ClientOptions = {},
  ) {
    this.ip = opts.ip ?? nextIp();
  }

  async request(method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
    const h: Record<string, string> = { ...headers };
    if (this.cookies.size) h.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    let payload: BodyInit | undefined;
    if (typeof body === 'string' || body instanceof FormData) payload = body;
    else if (body !== undefined) {
      payload = JSON.stringify(body);
      h['content-type'] ??= 'application/json';
    }
    // What @hono/node-server hands the app for a real socket: getConnInfo reads the peer address from it.
    const env = {
      incoming: { socket: { remoteAddress: this.ip, remoteFamily: this.ip.includes(':') ? 'IPv6' : 'IPv4', remotePort: 40000 } },
    };
    const res = await this.app.request(`http://localhost${url}`, { method, headers: h, body: payload }, env);
    for (const c of res.headers.getSetCookie()) {
      const [pair, ...attrs] = c.split(';');
      const i = pair.indexOf('=');
      const name = pair.slice(0, i).trim();
      const value = pair.slice(i + 1).trim();
      const expired = attrs.some((a) => /max-age=0/i.test(a) || /expires=Thu, 01 Jan 1970/i.test(a));
      if (!value || expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }
  get = (url: string, headers?: Record<string, string>) => this.request('GET', url, undefined, headers);
  post = (url: string, body?: unknown, headers?: Record<string, string>) => this.request('POST', url, body, headers);
  patch = (url: string, body?: unknown, headers?: Record<string, string>) => this.request('PATCH', url, body, headers);
  put = (url: string, body?: unknown, headers?: Record<string, string>) => this.request('PUT', url, body, headers);
  delete = (url: string, body?: unknown, headers?: Record<string, string>) => this.request('DELETE', url, body, headers);
}

/** Grants the admin flag directly in the database (the session picks it up on its next request). */
export async function makeAdmin(t: TestApp, userId: number) {
  const { users } = await import('../../db/schema');
  const { eq } = await import('drizzle-orm');
  await t.database.db.update(users).set({ isAdmin: true }).where(eq(users.id, userId));
}

let seq = 0;
/** Registers a fresh user and returns the signed-in client. */
export async function registerUser(t: TestApp, over: Partial<{ username: string; email: string; password: string }> = {}) {
  const n = `${Date.now().toString(36)}${seq++}`;
  const creds = { username: `user${n}`, email: `user${n}@example.co.za`, password: 'secret123', ...over };
  const client = t.client();
  const res = await client.post('/api/register', creds);
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${await res.text()}`);
  return { client, creds, user: await res.json() };
}
