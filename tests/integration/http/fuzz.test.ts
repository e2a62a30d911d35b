import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, makeAdmin, registerUser, type TestApp, type TestClient } from '../../helpers/app';
import { dbKinds } from '../../helpers/db';

// Hostile input against every /api route and every page with a path parameter: NUL, unpaired surrogates,
// 1 MB strings, deep nesting, wrong types. Whatever arrives, the answer is never a 5xx.

const KEYS = [
  'username',
  'email',
  'password',
  'currentPassword',
  'newPassword',
  'confirmNewPassword',
  'resetToken',
  'code',
  'userId',
  'id',
  'name',
  'description',
  'title',
  'content',
  'categoryId',
  'keywords',
  'attachments',
  'existingAttachments',
  'q',
  'limit',
  'message',
  'period',
  'remuneration',
  'age',
  'taxYear',
  'medicalMembers',
  'bonus',
  'hourlyWage',
  'date',
  'monthsEmployed',
  'makeAdmin',
  'days',
];
const MB = 'x'.repeat(1024 * 1024);
const deep = (n: number) => JSON.parse('['.repeat(n) + ']'.repeat(n));
const nasty = fc.oneof(
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '\ud800',
    'x\udfff',
    '\u0007\u001b',
    '\u202e\u200b',
    MB,
    '../../etc/passwd',
    "'; drop table users; --",
    '<script>alert(1)</script>',
    '%00',
    '',
  ),
  fc.constantFrom(null, true, false, 0, -1, 1e308, -0, Number.MAX_SAFE_INTEGER + 2, 3.14159),
  fc.constantFrom([], {}, ['\u0000'], { '\u0000': 1 }, deep(200)),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ maxLength: 12 }),
  fc.integer(),
  fc.array(fc.string({ unit: 'binary', maxLength: 8 }), { maxLength: 5 }),
);
const body = fc.dictionary(fc.constantFrom(...KEYS), nasty, { maxKeys: 6 });
const rawBodies = [
  '',
  '{',
  '{"a":',
  '[',
  'null',
  '"\\u0000"',
  '{"username":"\\ud800\\udc00\\ud800"}',
  '\u0000',
  '['.repeat(50_000),
  '{"x":"' + MB + '"}',
  `{"username":${'['.repeat(5000)}${']'.repeat(5000)},"title":{"a":{"b":{"c":"\\u0000"}}}}`,
];
const PARAM_VALUES = [
  '%00',
  'ok%00',
  '%ED%A0%80',
  '%E0%A4%A',
  '%F0%9F%98%80',
  '..%2F..%2Fpackage.json',
  'x'.repeat(300),
  '-1',
  '0',
  'null',
  'tax',
  'a%20b',
];
const QUERIES = [
  '',
  '?q=%00',
  '?q=%ED%A0%80',
  '?limit=abc',
  '?limit=-5&q=uif',
  `?q=${'u'.repeat(5000)}`,
  '?tab=%00',
  '?category=%00&q=uif',
  '?q[]=a&q[]=b',
];

interface Tally {
  requests: number;
  byStatus: Record<number, number>;
  fivexx: string[];
}

async function hit(client: TestClient, tally: Tally, method: string, url: string, payload?: unknown, headers: Record<string, string> = {}) {
  const res = await client.request(method, url, payload, headers);
  tally.requests++;
  tally.byStatus[res.status] = (tally.byStatus[res.status] ?? 0) + 1;
  if (res.status >= 500)
    tally.fivexx.push(
      `${method} ${url.slice(0, 120)} ${typeof payload === 'string' ? payload.slice(0, 60) : JSON.stringify(payload)?.slice(0, 120)} → ${res.status} ${(await res.text()).slice(0, 200)}`,
    );
  else await res.arrayBuffer();
}

describe.each(dbKinds)('fuzzing every route on %s', (kind) => {
  let t: TestApp;
  let admin: TestClient;
  beforeAll(async () => {
    // Generous limits: the point here is what the routes do with the input, not the rate limits.
    t = await createTestApp(
      kind,
      {},
      {
        limits: {
          loginPerPair: 1e6,
          loginPerClient: 1e6,
          registerPerClient: 1e6,
          forgotPerClient: 1e6,
          forgotPerEmail: 1e6,
          accountSlowAfter: 1e6,
        },
      },
    );
    const a = await registerUser(t);
    await makeAdmin(t, a.user.id);
    admin = a.client;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers every hostile request with less than 500', async () => {
    const routes = t.app.routes.filter((r) => r.method !== 'ALL' && (r.path.startsWith('/api/') || r.path.includes(':')));
    const unique = [...new Map(routes.map((r) => [`${r.method} ${r.path}`, r])).values()];
    expect(unique.length).toBeGreaterThan(25);
    const tally: Tally = { requests: 0, byStatus: {}, fivexx: [] };
    const anon = t.client();
    for (const r of unique) {
      // Logging out or deleting the admin would end the session the rest of the run relies on.
      const clients = r.path === '/api/logout' || (r.path === '/api/user' && r.method === 'DELETE') ? [anon] : [admin, anon];
      const urls = r.path.includes(':') ? PARAM_VALUES.map((v) => r.path.replace(/:[A-Za-z]+/g, v)) : [r.path];
      for (const client of clients) {
        for (const url of urls) for (const q of QUERIES) await hit(client, tally, r.method, url + q);
        if (r.method === 'GET') continue;
        const path = urls[urls.length - 2] ?? urls[0];
        for (const raw of rawBodies) await hit(client, tally, r.method, path, raw, { 'content-type': 'application/json' });
        await hit(client, tally, r.method, path, 'username=a%00b&title=%ED%A0%80', { 'content-type': 'application/x-www-form-urlencoded' });
        const form = new FormData();
        form.append('file', new Blob(['%PDF-1.4 hello']), 'evil\u0000.pdf');
        form.append('title', 'x\u0000');
        await hit(client, tally, r.method, path, form);
        for (const b of fc.sample(body, { numRuns: 25, seed: 7 })) await hit(client, tally, r.method, path, b);
      }
    }
    console.log(`[fuzz ${kind}] ${unique.length} routes, ${tally.requests} requests: ${JSON.stringify(tally.byStatus)}`);
    expect(tally.fivexx).toEqual([]);
  }, 600_000);
});
