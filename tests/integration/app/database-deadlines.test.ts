import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../db';
import { createTestApp, registerUser, type TestApp, type TestClient } from '../../helpers/app';
import { createTestDatabase } from '../../helpers/db';
import { startTcpProxy, type ProxyMode, type TcpProxy } from '../../helpers/tcp-proxy';

const DB_DOWN = { message: 'The database is temporarily unavailable. Please try again in a moment.' };
/** The defaults (1 s before a check, 1 s for the check) and slack for a loaded machine. */
const BOUND_MS = 3_000;

const timed = async <T>(work: Promise<T>) => {
  const start = performance.now();
  const value = await work;
  return { value, ms: performance.now() - start };
};

// PostgreSQL behind a TCP proxy made to fail the ways real ones do (the machine's server itself is never stopped):
// every request gets a 503 naming the database within a few seconds, health says so, nothing asked while it was
// away is done later, and the app comes back by itself.
describe.runIf(!!process.env.TEST_DATABASE_URL)('PostgreSQL refusing, dropping or hanging', () => {
  let pg: Awaited<ReturnType<typeof createTestDatabase>>;
  let proxy: TcpProxy;
  let t: TestApp;
  let client: TestClient;
  let direct: ReturnType<typeof postgres>;

  beforeAll(async () => {
    pg = await createTestDatabase();
    const url = new URL(pg.url);
    proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
    url.host = `127.0.0.1:${proxy.port}`;
    t = await createTestApp('postgres', { DATABASE_URL: url.toString() });
    ({ client } = await registerUser(t));
    direct = postgres(pg.url, { max: 1, onnotice: () => {} });
  });
  afterAll(async () => {
    await direct?.end();
    await t?.close();
    await proxy?.close();
    await pg?.drop();
  });

  /** Twenty people at once, signed in or not, reading and writing, while the database is away: each answer, timed. */
  async function askWhileDown() {
    const asks = Array.from({ length: 20 }, (_, i) =>
      timed(
        [
          () => t.client().post('/api/login', { username: 'nobody', password: 'secret123' }),
          () => client.post('/api/chat', { message: 'What is the UIF ceiling?' }),
          () => client.get('/api/user'),
          () => client.get('/knowledge'),
          () => client.get('/knowledge?q=uif%20ceiling'),
        ][i % 5](),
      ),
    );
    const answers = await Promise.all(asks);
    for (const { value: res, ms } of answers) {
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('5');
      if (res.headers.get('content-type')?.startsWith('application/json')) expect(await res.json()).toEqual(DB_DOWN);
      expect(ms).toBeLessThan(BOUND_MS);
    }
    return Math.max(...answers.map((a) => a.ms));
  }

  it.each<ProxyMode>(['refuse', 'reset', 'stall'])(
    '%s: 503 naming the database within seconds, health tells the truth, then recovery',
    async (mode) => {
      expect((await client.get('/api/user')).status).toBe(200);
      const before = proxy.open();
      await proxy.set(mode);
      let slowest: number;
      try {
        slowest = await askWhileDown();

        const health = await timed(t.client().get('/api/health'));
        expect(health.value.status).toBe(503);
        expect(health.ms).toBeLessThan(2_500);
        expect(await health.value.json()).toMatchObject({
          status: 'unavailable',
          database: 'unavailable',
          storage: 'ok',
          message: 'The database is unavailable',
        });

        // The connections that hung are let go rather than held until the database returns; what stays open are
        // attempts to reconnect, each given up after its connect deadline.
        await expect.poll(() => proxy.open().filter((id) => before.includes(id)), { timeout: 3_000 }).toEqual([]);
        expect(proxy.open().length).toBeLessThanOrEqual(3);
      } finally {
        await proxy.set('pass');
      }
      const back = performance.now();
      await expect.poll(async () => (await client.get('/api/user')).status, { timeout: 5_000, interval: 50 }).toBe(200);
      console.log(
        `[recovery] ${mode}: every 503 within ${Math.round(slowest)} ms; served again ${Math.round(performance.now() - back)} ms after the database came back`,
      );
      expect((await t.client().get('/api/health')).status).toBe(200);

      // What failed while the database was away was not done later behind the user's back.
      await new Promise((r) => setTimeout(r, 500));
      const [{ n }] = await direct<{ n: number }[]>`select count(*)::int as n from conversations`;
      expect(n).toBe(0);
    },
  );
});

// postgres.js lost a connection from its pool when the query it was reconnecting for was cancelled (a deadline
// gave up on it): connected, it never told the pool it was free (patches/postgres+3.4.9.patch). With one connection
// that left nothing to answer once the database was back.
describe.runIf(!!process.env.TEST_DATABASE_URL)('a pool of one connection through an outage', () => {
  const within = <T>(p: Promise<T>, ms: number) => Promise.race([p, new Promise<'no answer'>((r) => setTimeout(r, ms, 'no answer'))]);

  it.each<ProxyMode>(['refuse', 'reset', 'stall'])(
    '%s: queries given up on during it do not cost the pool its connection',
    async (mode) => {
      const pg = await createTestDatabase();
      const url = new URL(pg.url);
      const proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
      url.host = `127.0.0.1:${proxy.port}`;
      const database = await openDatabase({ url: url.toString(), poolSize: 1 });
      try {
        expect(await database.ping()).toBe(true);
        await proxy.set(mode);
        for (let round = 0; round < 3; round++) {
          expect(await Promise.all(Array.from({ length: 5 }, () => within(database.ping(), 4_000)))).toEqual([
            false,
            false,
            false,
            false,
            false,
          ]);
        }
        await proxy.set('pass');
        await expect.poll(() => within(database.ping(), 4_000), { timeout: 8_000, interval: 200 }).toBe(true);
        for (let i = 0; i < 3; i++) expect(await within(database.ping(), 4_000)).toBe(true);
      } finally {
        await database.close();
        await proxy.close();
        await pg.drop();
      }
    },
  );
});

describe.runIf(!process.env.TEST_DATABASE_URL)('PostgreSQL refusing, dropping or hanging', () => {
  it.skip('needs TEST_DATABASE_URL (PostgreSQL leg skipped)', () => {});
});
