import { load, login, printLoad, type BenchServer } from '../lib';

/** The landing page, the current user and login. */
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
