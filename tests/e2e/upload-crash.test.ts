import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootstrap } from '../../src/bootstrap';
import { loadConfig } from '../../src/config';
import { usePostgresProcesses } from '../helpers/process';
import { startS3, type TestS3 } from '../helpers/s3';

// The built server is killed (-9) after S3 has stored an upload and before the app heard so: a proxy in front of
// s3rver forwards the PUT and holds s3rver's answer. The upload's intent was recorded before the put, so after a
// restart the sweep finds the object that no row of knowledge_items names, and deletes it.

const PDF = Buffer.from('%PDF-1.7\n1 0 obj << >> endobj\n', 'latin1');
const DAY = 24 * 60 * 60_000;

/** Forwards everything to `upstream`, except that the answer to a PUT is held; `stored` resolves with its key once upstream has answered it. */
async function startHoldingProxy(upstream: string) {
  let onStored!: (key: string) => void;
  const stored = new Promise<string>((resolve) => (onStored = resolve));
  const held: http.ServerResponse[] = [];
  const server = http.createServer((req, res) => {
    const target = new URL(req.url!, upstream);
    const out = http.request(target, { method: req.method, headers: req.headers }, (answer) => {
      if (req.method === 'PUT') {
        answer.resume();
        held.push(res);
        onStored(decodeURIComponent(target.pathname.split('/').pop()!));
        return;
      }
      res.writeHead(answer.statusCode!, answer.headers);
      answer.pipe(res);
    });
    out.on('error', () => res.destroy());
    req.pipe(out);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stored,
    async close() {
      held.forEach((r) => r.destroy());
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'an upload whose process is killed between storing the file and hearing so (PostgreSQL)',
  () => {
    let s3: TestS3;
    let proxy: Awaited<ReturnType<typeof startHoldingProxy>>;
    beforeAll(async () => {
      s3 = await startS3();
      proxy = await startHoldingProxy(s3.endpoint);
    });
    afterAll(async () => {
      await proxy?.close();
      await s3?.stop();
    });
    const cluster = usePostgresProcesses('payewise-crash-');

    it('leaves the intent recorded, and the sweep after a restart deletes the object', async () => {
      const { sql } = cluster;
      // The same DATA_DIR for both processes: the second is the first restarted.
      const env = { DATA_DIR: cluster.dataDir(), DATABASE_URL: cluster.pg.url, NODE_ENV: 'test', DEMO_ACCOUNTS: 'false', ...s3.env };
      const first = await cluster.start({ ...env, S3_ENDPOINT: proxy.url });

      const reg = await fetch(`${first.url}/api/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'crasher', email: 'crasher@example.co.za', password: 'secret123' }),
      });
      expect(reg.status).toBe(201);
      const cookie = reg.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
      await sql`update users set is_admin = true where username = 'crasher'`;

      const fd = new FormData();
      fd.append('file', new File([PDF], 'crash-guide.pdf'));
      const upload = fetch(`${first.url}/api/knowledge/upload`, { method: 'POST', headers: { cookie }, body: fd }).then(
        (r) => r.status,
        () => 'no answer' as const,
      );
      const key = await proxy.stored;
      expect(key).toMatch(/^[0-9a-f]{32}-crash-guide\.pdf$/);
      expect(await s3.keys()).toEqual([key]);

      first.child.kill('SIGKILL');
      expect(await first.exited).toBeNull();
      expect(await upload).toBe('no answer');

      // What the sweep reads was committed before the put.
      const intents = await sql`select action from admin_audit_log where target = ${key}`;
      expect(intents.map((r) => r.action)).toEqual(['knowledge.upload']);
      const naming = await sql`select id from knowledge_items where ${`/uploads/${key}`} = any(attachments)`;
      expect(naming).toHaveLength(0);

      // Restarted on the same database and bucket (S3 reached directly now): the object is still there, named by no item.
      const second = await cluster.start(env);
      const served = await fetch(`${second.url}/uploads/${key}`, { headers: { cookie } });
      expect(served.status).toBe(200);
      expect(Buffer.from(await served.arrayBuffer())).toEqual(PDF);

      // The hourly sweep job, with the clock a day on (knowledge-orphans.test.ts moves it the same way).
      const later = await bootstrap(loadConfig({ ...env, LOG_LEVEL: 'silent' }), { clock: () => new Date(Date.now() + DAY + 60_000) });
      try {
        expect(await later.services.upkeep.uploads()).toBe(1);
      } finally {
        await later.stop();
      }
      expect(await s3.keys()).toEqual([]);
      const after = await sql`select action from admin_audit_log where target = ${key} order by id`;
      expect(after.map((r) => r.action)).toEqual(['knowledge.upload', 'knowledge.upload.removed']);
      expect((await fetch(`${second.url}/uploads/${key}`, { headers: { cookie } })).status).toBe(404);
    });
  },
);
