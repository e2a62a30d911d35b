import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../src/auth/service';
import { PART_FAILURES } from '../../src/errors';
import { startProcess, stopProcess, type Proc } from '../helpers/process';

// A really full disk: the built server runs in its own mount namespace with DATA_DIR (the PGlite database and the
// uploads folder) on a small tmpfs, which the test then fills to the last byte through /proc/<pid>/root.

const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n1 0 obj << >> endobj\n', 'latin1'), Buffer.alloc(64 * 1024, 0x20)]);
const SIZE = '96m'; // the database takes about 40 MB

/** Whether this machine lets an unprivileged user mount a tmpfs in a user namespace of its own; why not, if not. */
function probe(): string | null {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'payewise-probe-'));
  try {
    const r = spawnSync('unshare', ['--user', '--map-root-user', '--mount', 'sh', '-c', `mount -t tmpfs -o size=1m tmpfs "${dir}"`], {
      encoding: 'utf8',
    });
    if (r.error) return `unshare is not available (${r.error.message})`;
    return r.status === 0
      ? null
      : `this machine does not allow a tmpfs in an unprivileged user namespace (${r.stderr.trim() || `exit ${r.status}`})`;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
const cannot = probe();
if (cannot) console.warn(`[disk-full] skipped: ${cannot}`);

/** The built server on a fresh tmpfs of SIZE mounted at `dir`, in a mount namespace of its own. */
const startOnTmpfs = (dir: string) =>
  startProcess({ NODE_ENV: 'test', DEMO_ACCOUNTS: 'true', DATA_DIR: dir }, undefined, (node, server) => [
    'unshare',
    ['--user', '--map-root-user', '--mount', 'sh', '-c', `mount -t tmpfs -o size=${SIZE} tmpfs "$DATA_DIR" && exec "$0" ${server}`, node],
  ]);

/** Writes `file` until the file system has not one byte left; answers how many bytes that took. */
function fill(file: string): number {
  const fd = fs.openSync(file, 'w');
  let written = 0;
  try {
    for (let chunk = 1024 * 1024; chunk >= 1; chunk = Math.floor(chunk / 4)) {
      const buf = Buffer.alloc(chunk, 1);
      for (;;) {
        try {
          written += fs.writeSync(fd, buf);
        } catch (err) {
          if ((err as NodeJS.ErrnoException).code !== 'ENOSPC') throw err;
          break;
        }
      }
    }
  } finally {
    fs.closeSync(fd);
  }
  return written;
}

describe('uploads on a full disk (tmpfs, local storage, PGlite)', () => {
  let server: Proc | undefined;
  let dir: string | undefined;
  afterAll(async () => {
    if (server) await stopProcess(server);
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('answer 507 with the disk message while it is full, and work again once space is freed', async (ctx) => {
    if (cannot) ctx.skip(cannot);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'payewise-full-'));
    server = await startOnTmpfs(dir);
    // The tmpfs as the server sees it (its mount namespace), reachable from here through its root.
    const inside = `/proc/${server.child.pid}/root${dir}`;
    if (!fs.existsSync(path.join(inside, 'db'))) ctx.skip(`cannot reach the server's tmpfs through ${inside}`);

    const login = await fetch(`${server.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: DEMO_PASSWORD }),
    });
    expect(login.status).toBe(200);
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const upload = async (name: string) => {
      const fd = new FormData();
      fd.append('file', new File([PDF], name));
      return fetch(`${server!.url}/api/knowledge/upload`, { method: 'POST', headers: { cookie }, body: fd });
    };

    expect((await upload('before.pdf')).status).toBe(201);

    const filler = path.join(inside, 'filler');
    const bytes = fill(filler);
    console.log(`[disk-full] filled the ${SIZE} tmpfs with ${(bytes / 1024 / 1024).toFixed(1)} MB more`);

    const full = await upload('full.pdf');
    expect(full.status).toBe(507);
    expect(await full.json()).toEqual({ message: PART_FAILURES.disk.message });
    expect(full.headers.get('retry-after')).toBe(String(PART_FAILURES.disk.retryAfter));
    const logged = server.log.find((l) => l.includes('"msg":"disk unavailable"'));
    console.log(`[disk-full] ${logged}`);
    expect(logged).toContain('ENOSPC');
    expect(server.log.filter((l) => /"msg":"(unhandled error|database unavailable|storage unavailable)"/.test(l))).toEqual([]);
    // A question is not blamed on the model: its answer could not be stored, and the person is told why.
    const asked = await fetch(`${server.url}/api/chat`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ message: `What is the UIF ceiling? ${'Please explain. '.repeat(200)}` }),
    });
    expect(asked.status).toBe(507);
    expect(await asked.json()).toEqual({ message: PART_FAILURES.disk.message });
    // Reading still works.
    expect((await fetch(`${server.url}/api/knowledge/categories`, { headers: { cookie } })).status).toBe(200);

    fs.unlinkSync(filler);
    const after = await upload('after.pdf');
    expect(after.status).toBe(201);
    const { filePath } = (await after.json()) as { filePath: string };
    const served = await fetch(`${server.url}${filePath}`, { headers: { cookie } });
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer())).toEqual(PDF);
  });
});
