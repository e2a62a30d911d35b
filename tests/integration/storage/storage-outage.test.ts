import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog } from '../../../db/schema';
import { PART_FAILURES } from '../../../src/errors';
import type { Logger } from '../../../src/lib/logger';
import { createLocalStorage, createS3Storage } from '../../../src/storage';
import { createTestApp, makeAdmin, registerUser, type TestApp, type TestClient } from '../../helpers/app';
import { dbKinds } from '../../helpers/db';
import { startHangingS3, startS3, type HangingS3 } from '../../helpers/s3';

// S3 accepts connections and never answers. Every call that needs it answers 503 naming attachments within the
// store's deadline (2 attempts of S3_TIMEOUT_MS), lets go of its connections, and logs storage, not the database.

const PDF = new Uint8Array([...Buffer.from('%PDF-1.7\n1 0 obj << >> endobj\n', 'latin1')]);
const DEADLINES = { S3_TIMEOUT_MS: '1500', S3_CONNECT_TIMEOUT_MS: '500' };
/** 2 attempts × 1.5 s, the pause between them, and slack for a loaded machine. */
const BOUND_MS = 6000;
const STORAGE = PART_FAILURES.storage;

const form = (bytes: Uint8Array, name: string) => {
  const fd = new FormData();
  fd.append('file', new File([bytes as unknown as BlobPart], name));
  return fd;
};
const someKey = () => `${randomUUID().replace(/-/g, '')}-payslip-guide.pdf`;

/** A logger that keeps its lines. */
function capturing(): Logger & { lines: { level: string; msg: string; data?: Record<string, unknown> }[] } {
  const lines: { level: string; msg: string; data?: Record<string, unknown> }[] = [];
  const at = (level: string) => (msg: string, data?: Record<string, unknown>) => void lines.push({ level, msg, data });
  return { lines, debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}

/**
 * Waits until `check` holds and keeps holding for `steady` ms (a retry's pause between attempts is not the end),
 * answering how long after the call it started to hold; fails after `ms`.
 */
async function within(ms: number, check: () => boolean, steady = 0): Promise<number> {
  const start = Date.now();
  let since: number | null = null;
  for (;;) {
    const now = Date.now();
    if (!check()) since = null;
    else if ((since ??= now) <= now - steady) return since - start;
    if (now - start > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const start = Date.now();
  const out = await work();
  return [out, Date.now() - start];
}

describe.each(dbKinds)('attachments while S3 accepts connections and never answers, on %s', (kind) => {
  let hang: HangingS3;
  let t: TestApp;
  let admin: TestClient;
  let user: TestClient;
  const log = capturing();

  beforeAll(async () => {
    hang = await startHangingS3();
    t = await createTestApp(kind, { ...hang.env, ...DEADLINES }, { log });
    const a = await registerUser(t);
    await makeAdmin(t, a.user.id);
    admin = a.client;
    user = (await registerUser(t)).client;
  });
  afterAll(async () => {
    await t?.close();
    await hang?.stop();
  });

  const expectStorage503 = async (res: Response, ms: number) => {
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ message: STORAGE.message });
    expect(res.headers.get('retry-after')).toBe(String(STORAGE.retryAfter));
    expect(ms).toBeLessThan(BOUND_MS);
  };

  it('an admin upload answers 503 naming attachments, within the deadline, and its intent stays recorded for the sweep', async () => {
    const [res, ms] = await timed(() => admin.post('/api/knowledge/upload', form(PDF, 'outage.pdf')));
    console.log(`[storage-outage ${kind}] upload answered ${res.status} after ${ms} ms`);
    await expectStorage503(res, ms);
    expect(hang.accepted()).toBeGreaterThan(0);
    const intents = await t.database.db.select().from(adminAuditLog).where(eq(adminAuditLog.action, 'knowledge.upload'));
    expect(intents.map((r) => r.target)).toEqual([expect.stringMatching(/^[0-9a-f]{32}-outage\.pdf$/)]);
  });

  it('a download answers 503 within the deadline', async () => {
    const [res, ms] = await timed(() => user.get(`/uploads/${someKey()}`));
    console.log(`[storage-outage ${kind}] download answered ${res.status} after ${ms} ms`);
    await expectStorage503(res, ms);
  });

  it('saving an article that names an attachment answers 503 within the deadline, and nothing is saved', async () => {
    const id = randomUUID();
    const [res, ms] = await timed(() =>
      admin.post('/api/knowledge/items', {
        id,
        title: 'Needs its file',
        content: 'Body',
        categoryId: 'tax',
        attachments: [`/uploads/${someKey()}`],
      }),
    );
    console.log(`[storage-outage ${kind}] save answered ${res.status} after ${ms} ms`);
    await expectStorage503(res, ms);
    expect((await admin.get(`/api/knowledge/items/admin/${id}`)).status).toBe(404);

    // An edit adding one is checked the same way.
    const created = await admin.post('/api/knowledge/items', { id, title: 'No files yet', content: 'Body', categoryId: 'tax' });
    expect(created.status).toBe(201);
    const [edit, editMs] = await timed(() => admin.patch(`/api/knowledge/items/${id}`, { attachments: [`/uploads/${someKey()}`] }));
    await expectStorage503(edit, editMs);
  });

  it('lets go of its connections to the store soon after answering', async () => {
    await within(BOUND_MS + 1000, () => hang.open() === 0, 1000);
    let most = 0;
    const watching = setInterval(() => (most = Math.max(most, hang.open())), 20);
    const res = await admin.post('/api/knowledge/upload', form(PDF, 'sockets.pdf'));
    clearInterval(watching);
    expect(res.status).toBe(503);
    // The upload's own sockets go with its answer; the best-effort delete of what the put may have stored is
    // bounded by the same deadline.
    const ms = await within(BOUND_MS + 1000, () => hang.open() === 0, 1000);
    console.log(
      `[storage-outage ${kind}] sockets to the hanging S3: up to ${most} open during the upload, 0 open ${ms} ms after its 503 (accepted ${hang.accepted()} in all)`,
    );
    expect(most).toBeGreaterThan(0);
  });

  it('the health check of the store says false within 2.5 s', async () => {
    const [ok, ms] = await timed(() => t.services.storage.check());
    console.log(`[storage-outage ${kind}] storage.check() = ${ok} after ${ms} ms`);
    expect(ok).toBe(false);
    expect(ms).toBeLessThan(2500);
  });

  it('the sweep skips while the store is down and leaves the upload listed for next time', async () => {
    const [removed, ms] = await timed(() => t.services.knowledge.sweepOrphanUploads(0));
    expect(removed).toBe(0);
    expect(ms).toBeLessThan(BOUND_MS);
    const marked = await t.database.db.select().from(adminAuditLog).where(eq(adminAuditLog.action, 'knowledge.upload.removed'));
    expect(marked).toEqual([]);
    expect(log.lines.some((l) => l.level === 'warn' && /^upload sweep stopped: storage unavailable/.test(l.msg))).toBe(true);
  });

  it('logs name storage, never the database', () => {
    const failures = log.lines.filter((l) => l.level === 'error' && / unavailable/.test(l.msg));
    expect(failures.filter((l) => l.msg === 'storage unavailable')).toHaveLength(5);
    expect(log.lines.filter((l) => /database unavailable/.test(l.msg))).toEqual([]);
    expect(failures.every((l) => l.data?.part === 'storage')).toBe(true);
  });
});

describe('a download whose body stalls half-way', () => {
  let hang: HangingS3;
  let t: TestApp;
  let user: TestClient;
  beforeAll(async () => {
    hang = await startHangingS3({ stallAfter: 64 * 1024 });
    t = await createTestApp('pglite', { ...hang.env, ...DEADLINES });
    user = (await registerUser(t)).client;
  });
  afterAll(async () => {
    await t?.close();
    await hang?.stop();
  });

  it('ends (as an error) about one S3 timeout after the bytes stop, and lets go of the connection', async () => {
    const res = await user.get(`/uploads/${someKey()}`);
    expect(res.status).toBe(200);
    const start = Date.now();
    await expect(res.arrayBuffer()).rejects.toThrow();
    const ms = Date.now() - start;
    console.log(`[storage-outage] stalled download ended after ${ms} ms`);
    expect(ms).toBeLessThan(BOUND_MS);
    await within(3000, () => hang.open() === 0, 500);
  });
});

describe('the health check of a store that answers', () => {
  it('is true for s3rver and for a local folder, false for a folder that cannot be made', async () => {
    const s3 = await startS3();
    try {
      const cfg = {
        endpoint: s3.endpoint,
        bucket: s3.bucket,
        region: 'us-east-1',
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
        forcePathStyle: true,
        connectTimeoutMs: 500,
        timeoutMs: 1500,
      };
      expect(await createS3Storage(cfg).check()).toBe(true);
      expect(await createS3Storage({ ...cfg, bucket: 'no-such-bucket' }).check()).toBe(false);
    } finally {
      await s3.stop();
    }
    const t = await createTestApp('pglite');
    try {
      expect(await t.services.storage.check()).toBe(true);
      expect(await createLocalStorage('/dev/null/uploads').check()).toBe(false);
    } finally {
      await t.close();
    }
  });
});

// A stored upload's intent is recorded first; with the store back, the sweep removes it.
describe('after the outage', () => {
  it('the sweep deletes an upload never attached whose object was never written, and marks it once', async () => {
    let now = Date.now();
    const t = await createTestApp('pglite', {}, { clock: () => new Date(now) });
    try {
      const a = await registerUser(t);
      await makeAdmin(t, a.user.id);
      const res = await a.client.post('/api/knowledge/upload', form(PDF, 'kept-row.pdf'));
      expect(res.status).toBe(201);
      const key = ((await res.json()).filePath as string).replace('/uploads/', '');
      await t.services.storage.delete(key); // as if the put had never happened
      now += 25 * 60 * 60_000;
      expect(await t.services.knowledge.sweepOrphanUploads()).toBe(1);
      const marked = await t.database.db
        .select()
        .from(adminAuditLog)
        .where(and(eq(adminAuditLog.action, 'knowledge.upload.removed'), eq(adminAuditLog.target, key)));
      expect(marked).toHaveLength(1);
      expect(await t.services.knowledge.sweepOrphanUploads()).toBe(0);
    } finally {
      await t.close();
    }
  });
});
