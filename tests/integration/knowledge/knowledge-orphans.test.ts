import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, makeAdmin, registerUser, type TestApp, type TestClient } from '../../helpers/app';
import { dbKinds } from '../../helpers/db';

const PDF = new Uint8Array([...Buffer.from('%PDF-1.7\n1 0 obj << >> endobj\n', 'latin1')]);
const HOUR = 60 * 60_000;

describe.each(dbKinds)('uploads never attached, on %s', (kind) => {
  let t: TestApp;
  let admin: TestClient;
  let now = Date.now();
  const stored = () => {
    const dir = path.join(t.dataDir, 'uploads');
    return fs.existsSync(dir)
      ? fs
          .readdirSync(dir)
          .filter((f) => !f.startsWith('.'))
          .sort()
      : [];
  };
  const upload = async (name: string) => {
    const fd = new FormData();
    fd.append('file', new File([PDF as unknown as BlobPart], name));
    const res = await admin.post('/api/knowledge/upload', fd);
    expect(res.status).toBe(201);
    return (await res.json()).filePath as string;
  };

  beforeAll(async () => {
    t = await createTestApp(kind, {}, { clock: () => new Date(now) });
    const a = await registerUser(t);
    await makeAdmin(t, a.user.id);
    admin = a.client;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('are removed after a day; attached and recent uploads stay; each is swept once', async () => {
    const orphan = await upload('abandoned.pdf');
    const kept = await upload('kept.pdf');
    const res = await admin.post('/api/knowledge/items', {
      id: randomUUID(),
      title: 'Keeps its file',
      content: 'Body',
      categoryId: 'tax',
      attachments: [kept],
    });
    expect(res.status).toBe(201);
    expect(stored()).toHaveLength(2);

    expect(await t.services.knowledge.sweepOrphanUploads()).toBe(0);
    expect(stored()).toHaveLength(2);

    now += 25 * HOUR;
    const fresh = await upload('fresh.pdf');
    expect(await t.services.knowledge.sweepOrphanUploads()).toBe(1);
    const left = stored();
    expect(left).toHaveLength(2);
    expect(left.some((k) => orphan.endsWith(k))).toBe(false);
    expect(left.some((k) => kept.endsWith(k))).toBe(true);
    expect(left.some((k) => fresh.endsWith(k))).toBe(true);
    expect(await t.services.knowledge.sweepOrphanUploads()).toBe(0);
  });
});
