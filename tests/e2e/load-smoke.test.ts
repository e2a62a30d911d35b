import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';

// `npm run load` kept working: a short run of its two-process PostgreSQL leg (10 users, 12 s) must end with no
// errors and no lost messages, as the full run does. The full run's figures are in the README.
describe.skipIf(!process.env.TEST_DATABASE_URL)('the load test, briefly', () => {
  it('two processes on one PostgreSQL: users sign in, browse, calculate and ask; nothing fails, no message is lost', async () => {
    const out: string[] = [];
    const code = await new Promise<number | null>((resolve) => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'bench/load.ts'], {
        env: { ...process.env, LOAD_ONLY: 'two', LOAD_USERS: '10', LOAD_SECONDS: '12', LOAD_ARTICLES: '500', LOAD_THINK_MS: '300' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout.on('data', (d: Buffer) => out.push(d.toString()));
      child.stderr.on('data', (d: Buffer) => out.push(d.toString()));
      child.on('exit', resolve);
    });
    const text = out.join('');
    expect(code, text).toBe(0);
    expect(text).toMatch(/## PostgreSQL, two processes/);
    expect(text).toMatch(/\| chat \| [1-9]\d* \|/);
    expect(text).toMatch(/messages lost 0; questions without an answer row 0/);
    expect(text).toMatch(/All runs: no errors, no messages lost\./);
  }, 120_000);
});
