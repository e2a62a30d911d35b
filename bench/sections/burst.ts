import { startBenchServer, type BenchServer } from '../lib';

// A normal sign-in while an attacker sends a burst of wrong passwords (or sign-ups), with the production
// limits. TRUST_PROXY lets one machine speak for many client addresses through X-Forwarded-For.
const post = (url: string, body: unknown, ip: string) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': ip }, body: JSON.stringify(body) });

function tally(statuses: number[]) {
  const t: Record<number, number> = {};
  for (const s of statuses) t[s] = (t[s] ?? 0) + 1;
  return JSON.stringify(t);
}

async function scenario(kind: BenchServer['kind'], label: string, burst: (url: string) => Promise<Response>[]) {
  const server = await startBenchServer(kind, { limits: {} }, { TRUST_PROXY: 'true' });
  const url = server.url;
  try {
    const warm = await post(`${url}/api/login`, { username: 'demo', password: 'password123' }, '198.51.100.1');
    if (warm.status !== 200) throw new Error(`warm-up sign-in failed: ${warm.status}`);
    const t0 = performance.now();
    const attack = burst(url);
    let done = false;
    const statuses = Promise.all(attack.map((p) => p.then((r) => r.status))).finally(() => (done = true));
    // Normal sign-ins from other addresses while the burst is under way: 100 ms in, then every 500 ms until it ends.
    const normal: string[] = [];
    await new Promise((r) => setTimeout(r, 100));
    for (let i = 0; !done || i === 0; i++) {
      const s0 = performance.now();
      const res = await post(`${url}/api/login`, { username: 'demo', password: 'password123' }, `198.51.100.${10 + i}`);
      normal.push(`${res.status} ${(performance.now() - s0).toFixed(0)} ms`);
      await new Promise((r) => setTimeout(r, 500));
    }
    const all = performance.now() - t0;
    console.log(`  ${label}: burst ${tally(await statuses)} over ${(all / 1000).toFixed(1)} s`);
    console.log(`    normal sign-ins during it: ${normal.join(', ')}`);
  } finally {
    await server.close();
  }
}

export async function signInDuringBursts(kind: BenchServer['kind']) {
  const n = Date.now().toString(36);
  await scenario(kind, '300 wrong passwords for one account, from one address', (url) =>
    Array.from({ length: 300 }, () => post(`${url}/api/login`, { username: 'demo', password: 'wrong-password' }, '203.0.113.66')),
  );
  await scenario(kind, '300 wrong passwords for 300 names, from one address', (url) =>
    Array.from({ length: 300 }, (_, i) => post(`${url}/api/login`, { username: `victim${i}`, password: 'wrong-password' }, '203.0.113.66')),
  );
  await scenario(kind, '300 wrong passwords for the same account, from 300 addresses', (url) =>
    Array.from({ length: 300 }, (_, i) =>
      post(`${url}/api/login`, { username: 'demo', password: 'wrong-password' }, `203.0.${113 + (i >> 8)}.${i & 255}`),
    ),
  );
  await scenario(kind, '150 sign-ups from one address', (url) =>
    Array.from({ length: 150 }, (_, i) =>
      post(
        `${url}/api/register`,
        { username: `burst${n}${i}`, email: `burst${n}${i}@example.co.za`, password: 'secret123' },
        '203.0.113.67',
      ),
    ),
  );
}
