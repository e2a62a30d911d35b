import { load, login, pageJsBytes, printLoad, type BenchServer } from '../lib';

/** Issue 2: the landing page, the current user and login, plus the JavaScript each page ships. */
export async function accounts(s: BenchServer) {
  const cookie = await login(s.url);
  printLoad([
    await load(`GET / (anonymous) [${s.kind}]`, { url: `${s.url}/` }),
    await load(`GET /api/user (signed in) [${s.kind}]`, { url: `${s.url}/api/user`, headers: { cookie } }),
    await load(`POST /api/login [${s.kind}]`, {
      url: `${s.url}/api/login`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'demo', password: 'password123' }),
      connections: 4,
    }),
  ]);
}

export async function pageWeights(s: BenchServer) {
  const cookie = await login(s.url);
  const pages: [string, string | undefined][] = [
    ['/', undefined],
    ['/auth', undefined],
    ['/nope (404)', undefined],
    ['/profile', cookie],
    ['/chat', cookie],
    ['/calculators', cookie],
    ['/knowledge', cookie],
    ['/knowledge-admin', await login(s.url, 'admin')],
  ];
  console.log('  JavaScript shipped per page (gzip, scripts + preloaded chunks):');
  for (const [p, c] of pages) {
    const { files, gzip } = await pageJsBytes(`${s.url}${p.split(' ')[0]}`, c);
    console.log(`    ${p.padEnd(20)} ${String(gzip).padStart(7)} B in ${files} file(s)`);
  }
}
