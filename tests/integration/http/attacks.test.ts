import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../../db/schema';
import { createTestApp, registerUser, type TestApp } from '../../helpers/app';
import { dbKinds } from '../../helpers/db';

// What an attacker tried against the landed app (issue 7), each now refused.
describe.each(dbKinds)('attacks on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    // Delays short so the suite stays quick; the rules are the production ones.
    t = await createTestApp(
      kind,
      {},
      { limits: { accountDelayStepMs: 5, accountDelayMaxMs: 20 }, hashing: { concurrency: 2, maxQueue: 64, perClient: 64 } },
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('login bursts', () => {
    it('of 50 wrong passwords sent at once from one client, at most 10 are checked (401) and the rest get 429', async () => {
      const { creds } = await registerUser(t);
      const attacker = t.client({ ip: '203.0.113.10' });
      const burst = await Promise.all(
        Array.from({ length: 50 }, () => attacker.post('/api/login', { username: creds.username, password: 'wrongpass' })),
      );
      const statuses = burst.map((r) => r.status);
      const checked = statuses.filter((s) => s === 401).length;
      expect(checked).toBeLessThanOrEqual(10);
      expect(statuses.filter((s) => s === 429).length).toBe(50 - checked);
      // More than a few at once from one client are turned away before any work is done.
      expect((await burst.find((r) => r.status === 429)!.json()).message).toBe(
        'Too many attempts at once from your network. Please wait a moment and try again.',
      );
      // One at a time, the client gets what is left of its 10 attempts on this account, then 429 for the window.
      let more = 0;
      for (
        let r = await attacker.post('/api/login', { username: creds.username, password: 'wrongpass' });
        r.status === 401;
        r = await attacker.post('/api/login', { username: creds.username, password: 'wrongpass' })
      )
        more++;
      expect(checked + more).toBe(10);
      const refused = await attacker.post('/api/login', { username: creds.username, password: creds.password });
      expect(refused.status).toBe(429);
      expect((await refused.json()).message).toMatch(/^Too many login attempts\. Please try again in (1[0-5]|[1-9]) minutes?\.$/);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      // The owner, from their own address, signs in while the account is under attack.
      const owner = await t.client({ ip: '198.51.100.20' }).post('/api/login', { username: creds.username, password: creds.password });
      expect(owner.status).toBe(200);
    });

    it('the counting itself is atomic: with no cap on attempts in flight, 50 at once still get at most 10 checks', async () => {
      const open = await createTestApp(
        kind,
        {},
        { limits: { inFlightPerClient: 1000 }, hashing: { concurrency: 2, maxQueue: 64, perClient: 64 } },
      );
      try {
        const { creds } = await registerUser(open);
        const attacker = open.client({ ip: '203.0.113.9' });
        const statuses = (
          await Promise.all(
            Array.from({ length: 50 }, () => attacker.post('/api/login', { username: creds.username, password: 'wrongpass' })),
          )
        ).map((r) => r.status);
        expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(10);
        expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(40);
        expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
      } finally {
        await open.close();
      }
    });

    it('the username and the e-mail address of one account share one counter', async () => {
      const { creds } = await registerUser(t);
      const attacker = t.client({ ip: '203.0.113.11' });
      for (let i = 0; i < 5; i++)
        expect((await attacker.post('/api/login', { username: creds.username, password: 'wrongpass' })).status).toBe(401);
      for (let i = 0; i < 5; i++)
        expect((await attacker.post('/api/login', { username: creds.email.toUpperCase(), password: 'wrongpass' })).status).toBe(401);
      expect((await attacker.post('/api/login', { username: creds.email, password: 'wrongpass' })).status).toBe(429);
    });

    it('wrong passwords from many addresses slow the account down but never lock its owner out', async () => {
      const { creds, user } = await registerUser(t);
      for (let i = 0; i < 30; i++) {
        const r = await t.client({ ip: `203.0.114.${i}` }).post('/api/login', { username: creds.username, password: 'wrongpass' });
        expect(r.status).toBe(401);
      }
      const owner = await t.client().post('/api/login', { username: creds.username, password: creds.password });
      expect(owner.status).toBe(200);
      expect((await owner.json()).id).toBe(user.id);
    });

    it('one client is limited across accounts too (password spraying)', async () => {
      const sprayer = t.client({ ip: '203.0.113.12' });
      const statuses: number[] = [];
      for (let i = 0; i < 52; i++)
        statuses.push((await sprayer.post('/api/login', { username: `ghost${i}`, password: 'wrongpass' })).status);
      expect(statuses.slice(0, 50).every((s) => s === 401)).toBe(true);
      expect(statuses.slice(50)).toEqual([429, 429]);
    });

    it("a correct sign-in clears that client's count for the account", async () => {
      const { creds } = await registerUser(t);
      const c = t.client({ ip: '203.0.113.13' });
      for (let round = 0; round < 3; round++) {
        for (let i = 0; i < 9; i++)
          expect((await c.post('/api/login', { username: creds.username, password: 'wrongpass' })).status).toBe(401);
        expect((await c.post('/api/login', { username: creds.username, password: creds.password })).status).toBe(200);
      }
    });
  });

  describe('sign-up and reset bursts', () => {
    it('sign-ups are limited per client address: 10 an hour', async () => {
      const ip = '203.0.113.30';
      const n = Date.now().toString(36);
      const answers: Response[] = [];
      for (let i = 0; i < 14; i++)
        answers.push(
          await t
            .client({ ip })
            .post('/api/register', { username: `burst${n}x${i}`, email: `burst${n}x${i}@example.co.za`, password: 'secret123' }),
        );
      expect(answers.map((r) => r.status)).toEqual([...Array(10).fill(201), 429, 429, 429, 429]);
      const refused = answers.filter((r) => r.status === 429);
      expect((await refused[0].json()).message).toMatch(
        /^Too many accounts have been created from your network\. Please try again in \d+ minutes?\.$/,
      );
      const [{ count }] = await t.database.db
        .select({ count: sql<number>`count(*)::int` })
        .from(users)
        .where(sql`${users.username} like ${`burst${n}x%`}`);
      expect(count).toBe(10);
      expect((await registerUser(t)).user.id).toBeGreaterThan(0); // another address is not affected
    });

    it('forgot-password is limited per client address', async () => {
      const c = t.client({ ip: '203.0.113.31' });
      const answers = [];
      for (let i = 0; i < 22; i++) answers.push((await c.post('/api/forgot-password', { email: `nobody${i}@example.co.za` })).status);
      expect(answers.slice(0, 20).every((s) => s === 200)).toBe(true);
      expect(answers.slice(20)).toEqual([429, 429]);
    });
  });

  describe('cross-site requests', () => {
    const login = (headers: Record<string, string>) =>
      t.client().post('/api/login', { username: 'nobody-here', password: 'wrongpass' }, headers);

    it('refuses a state-changing request the browser marks cross-site, or whose Origin is not ours', async () => {
      const refused: Record<string, string>[] = [
        { 'sec-fetch-site': 'cross-site' },
        { origin: 'https://evil.example' },
        { origin: 'https://localhost' }, // our host, another scheme
        { origin: 'http://localhost:8080' }, // our host, another port
        { origin: 'null' },
        { origin: 'not a url' },
      ];
      for (const headers of refused) {
        const res = await login(headers);
        expect(res.status, JSON.stringify(headers)).toBe(403);
        expect(await res.json()).toEqual({ message: 'Cross-site request refused' });
      }
    });

    it('lets through our own origin and requests with neither header (API clients, curl)', async () => {
      const allowed: Record<string, string>[] = [
        {},
        { origin: 'http://localhost' },
        { origin: 'http://LOCALHOST:80' },
        { 'sec-fetch-site': 'same-origin', origin: 'http://localhost' },
        { 'sec-fetch-site': 'none' },
      ];
      for (const headers of allowed) {
        expect((await login(headers)).status, JSON.stringify(headers)).toBe(401);
      }
    });

    it('with PUBLIC_URL set, that is the only origin accepted', async () => {
      const pub = await createTestApp(kind, { PUBLIC_URL: 'https://payewise.example' });
      try {
        const as = (origin: string) => pub.client().post('/api/login', { username: 'nobody-here', password: 'wrongpass' }, { origin });
        expect((await as('https://payewise.example')).status).toBe(401);
        expect((await as('http://payewise.example')).status).toBe(403);
        expect((await as('http://localhost')).status).toBe(403);
      } finally {
        await pub.close();
      }
    });
  });

  describe('look-alike usernames', () => {
    it.each([
      ['Cyrillic а', '\u0430dmin'],
      ['full-width', 'ａｄｍｉｎ'],
      ['upper case', 'ADMIN'],
    ])('refuses %s beside an existing admin', async (_what, name) => {
      const suffix = Date.now().toString(36);
      await registerUser(t, { username: `admin${suffix}` });
      const res = await t
        .client()
        .post('/api/register', { username: name + suffix, email: `x${suffix}${name.length}@example.co.za`, password: 'secret123' });
      const body = await res.json();
      if (name.startsWith('\u0430')) {
        // Mixed scripts are refused before anything is compared.
        expect(res.status).toBe(400);
        expect(body.message).toBe('Username must not mix letters from different scripts (for example Latin and Cyrillic)');
      } else {
        expect(res.status).toBe(409);
        expect(body.message).toBe('Username already exists');
      }
    });

    it('refuses a whole-Cyrillic name that looks like an existing Latin one, and stores names NFKC-normalised', async () => {
      const cyr = await t.client().post('/api/register', { username: 'сорре', email: 'c2@example.co.za', password: 'secret123' }); // all Cyrillic
      expect(cyr.status).toBe(201);
      const again = await t.client().post('/api/register', { username: 'coppe', email: 'c3@example.co.za', password: 'secret123' }); // Latin look-alike of it
      expect(again.status).toBe(409);
      const wide = await t.client().post('/api/register', { username: 'ｔｈａｂｏ', email: 'thabo@example.co.za', password: 'secret123' });
      expect(wide.status).toBe(201);
      expect((await wide.json()).username).toBe('thabo');
      // Sign-in compares the same way: full-width or upper case finds the account.
      expect((await t.client().post('/api/login', { username: 'ＴＨＡＢＯ', password: 'secret123' })).status).toBe(200);
    });

    it('a rename is checked the same way', async () => {
      await registerUser(t, { username: 'renametarget' });
      const { client, creds } = await registerUser(t);
      const res = await client.patch('/api/user', { username: 'RENAMETARGET', email: creds.email, currentPassword: creds.password });
      expect(res.status).toBe(409);
      expect((await res.json()).message).toBe('Username already exists');
    });
  });

  describe('text that cannot be stored', () => {
    it('a NUL anywhere is a 400 naming the field, never a 500', async () => {
      const { client } = await registerUser(t);
      const cases: [Promise<Response>, string][] = [
        [t.client().post('/api/login', { username: 'ad\u0000min', password: 'secret123' }), 'username'],
        [t.client().post('/api/register', { username: 'nul', email: 'n@example.co.za', password: 'secret\u0000123' }), 'password'],
        [client.get('/api/knowledge/category/%00'), 'path'],
        [client.get('/knowledge/category/%00'), 'path'],
        [client.get('/api/knowledge/item/%00abc'), 'path'],
        [client.get('/api/knowledge/search?q=ui%00f'), 'q'],
        [
          client.post('/calculators/paye', 'remuneration=1%002&age=30', { 'content-type': 'application/x-www-form-urlencoded' }),
          'remuneration',
        ],
        [client.post('/api/payroll/paye', { period: 'monthly\u0000', remuneration: 1, age: 30 }), 'period'],
        [t.client().post('/api/login', { username: 'x\ud800yz', password: 'secret123' }), 'username'],
      ];
      for (const [pending, field] of cases) {
        const res = await pending;
        expect(res.status, field).toBe(400);
        const body = res.headers.get('content-type')?.includes('json') ? await res.json() : { field, message: await res.text() };
        expect(body.field, JSON.stringify(body)).toBe(field);
      }
    });
  });

  describe('sessions', () => {
    it('signing in again from a browser that is signed in ends its previous session', async () => {
      const { client, creds, user } = await registerUser(t);
      const first = client.cookies.get('pw_session')!;
      expect((await client.post('/api/login', { username: creds.username, password: creds.password })).status).toBe(200);
      const second = client.cookies.get('pw_session')!;
      expect(second).not.toBe(first);
      const old = t.client();
      old.cookies.set('pw_session', first);
      expect((await old.get('/api/user')).status).toBe(401);
      expect((await client.get('/api/user')).status).toBe(200);
      const rows = await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
      expect(rows).toHaveLength(1);
    });
  });
});

describe('password hashing under load (pglite)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', {}, { hashing: { concurrency: 1, maxQueue: 2, perClient: 2 } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('beyond the queue the server answers 503 with Retry-After at once, and the refused attempts are not counted', async () => {
    const { creds } = await registerUser(t);
    // Eight clients at once: one hash runs, two wait, five are told to come back.
    const clients = Array.from({ length: 8 }, (_, i) => t.client({ ip: `203.0.113.${40 + i}` }));
    const answers = await Promise.all(clients.map((c) => c.post('/api/login', { username: creds.username, password: 'wrongpass' })));
    const busy = answers.filter((r) => r.status === 503);
    // (Exactly five when all eight reach the queue within one hash's time, as they do unless the machine stalls.)
    expect(busy.length).toBeGreaterThanOrEqual(3);
    expect(answers.filter((r) => r.status === 401).length).toBe(8 - busy.length);
    expect(Number(busy[0].headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect((await busy[0].json()).message).toBe('The server is busy signing people in. Please try again in a moment.');
    // A refused attempt was not counted: a client that got 503 still has all 10 attempts.
    const turnedAway = clients[answers.findIndex((r) => r.status === 503)];
    for (let i = 0; i < 9; i++)
      expect((await turnedAway.post('/api/login', { username: creds.username, password: 'wrongpass' })).status).toBe(401);
    expect((await turnedAway.post('/api/login', { username: creds.username, password: creds.password })).status).toBe(200);
  });
});
