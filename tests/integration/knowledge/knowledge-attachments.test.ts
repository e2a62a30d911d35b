import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog } from '../../../db/schema';
import { createTestApp, makeAdmin, registerUser, type TestApp, type TestClient } from '../../helpers/app';
import { dbKinds } from '../../helpers/db';
import { startS3, type TestS3 } from '../../helpers/s3';

const MB = 1024 * 1024;
const PDF = new Uint8Array([...Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj << >> endobj\n', 'latin1')]);
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
const CSV = new TextEncoder().encode('name,salary\nThandi,28500\n');
const DOCX = new Uint8Array([0x50, 0x4b, 0x03, 0x04, ...Buffer.from('[Content_Types].xml')]);

const form = (bytes: Uint8Array, name: string, field = 'file') => {
  const fd = new FormData();
  fd.append(field, new File([bytes as unknown as BlobPart], name));
  return fd;
};
const keyOf = (filePath: string) => filePath.replace(/^\/uploads\//, '');

const storages = ['local', 's3'] as const;
const cases = dbKinds.flatMap((db) => storages.map((storage) => [db, storage] as const));

describe.each(cases)('knowledge attachments on %s with %s storage', (kind, storage) => {
  let t: TestApp;
  let s3: TestS3 | null = null;
  let admin: TestClient;
  let user: TestClient;

  /** Keys in the store right now (the uploads folder, or the bucket). */
  const stored = async (): Promise<string[]> => {
    if (s3) return s3.keys();
    const dir = path.join(t.dataDir, 'uploads');
    return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
  };

  beforeAll(async () => {
    if (storage === 's3') s3 = await startS3();
    t = await createTestApp(kind, s3?.env ?? {});
    expect(t.services.storage.kind).toBe(storage);
    const a = await registerUser(t);
    await makeAdmin(t, a.user.id);
    admin = a.client;
    user = (await registerUser(t)).client;
  });
  afterAll(async () => {
    await t?.close();
    await s3?.stop();
  });

  const upload = async (bytes: Uint8Array, name: string) => {
    const res = await admin.post('/api/knowledge/upload', form(bytes, name));
    expect(res.status, await res.clone().text()).toBe(201);
    return (await res.json()).filePath as string;
  };

  it('stores an upload under a random name that keeps the extension and answers { filePath }', async () => {
    const res = await admin.post('/api/knowledge/upload', form(PDF, 'UIF Guide (2026).PDF'));
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(Object.keys(body)).toEqual(['filePath']);
    expect(body.filePath).toMatch(/^\/uploads\/[0-9a-f]{32}-uif-guide-2026\.pdf$/);
    expect(await stored()).toContain(keyOf(body.filePath));
    const again = await upload(PDF, 'UIF Guide (2026).PDF');
    expect(again).not.toBe(body.filePath);
    const [log] = await t.database.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.target, keyOf(body.filePath)));
    expect(log.action).toBe('knowledge.upload');
  });

  it('serves a document to signed-in users as a download, with safe headers', async () => {
    const filePath = await upload(PDF, 'guide.pdf');
    const res = await user.get(filePath);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="guide.pdf"');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(PDF);

    const csv = await user.get(await upload(CSV, 'salaries.csv'));
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toMatch(/^attachment;/);
    const docx = await user.get(await upload(DOCX, 'letter.docx'));
    expect(docx.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(docx.headers.get('content-disposition')).toMatch(/^attachment;/);
  });

  it('serves images inline', async () => {
    const res = await user.get(await upload(PNG, 'chart.png'));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('content-disposition')).toBe('inline');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('serves files to signed-in users only, and nothing that is not one of ours', async () => {
    const filePath = await upload(PDF, 'private.pdf');
    const anon = await t.client().get(filePath);
    expect(anon.status).toBe(401);
    const browser = await t.client().get(filePath, { accept: 'text/html,application/xhtml+xml' });
    expect(browser.status).toBe(302);
    expect(browser.headers.get('location')).toBe('/auth');
    expect((await user.get(`/uploads/${'0'.repeat(32)}-nothing.pdf`)).status).toBe(404);
    for (const bad of ['/uploads/..%2F..%2Fpackage.json', '/uploads/evil.svg', `/uploads/${'0'.repeat(32)}.html`, '/uploads/']) {
      expect([404], bad).toContain((await user.get(bad)).status);
    }
  });

  it.each([
    [
      'picture.svg',
      new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      400,
      'This file type is not allowed. Allowed types: pdf, png, jpg, jpeg, gif, webp, txt, csv, docx, xlsx',
    ],
    [
      'page.html',
      new TextEncoder().encode('<html></html>'),
      400,
      'This file type is not allowed. Allowed types: pdf, png, jpg, jpeg, gif, webp, txt, csv, docx, xlsx',
    ],
    ['noextension', PDF, 400, 'This file type is not allowed. Allowed types: pdf, png, jpg, jpeg, gif, webp, txt, csv, docx, xlsx'],
    ['fake.pdf', new TextEncoder().encode('<html><script>alert(1)</script></html>'), 400, 'The file content does not match its extension'],
    ['fake.png', PDF, 400, 'The file content does not match its extension'],
    ['binary.txt', new Uint8Array([0x41, 0x00, 0x42]), 400, 'The file content does not match its extension'],
    ['empty.pdf', new Uint8Array(0), 400, 'The file is empty'],
  ])('refuses %s (%i) and stores nothing', async (name, bytes, status, message) => {
    const before = await stored();
    const res = await admin.post('/api/knowledge/upload', form(bytes as Uint8Array, name as string));
    expect(res.status).toBe(status);
    expect((await res.json()).message).toBe(message);
    expect(await stored()).toEqual(before);
  });

  it('reads an upload’s body only after the session and admin checks: 401 signed out, 403 for a user, unread', async () => {
    // 10 MB whose file name would be refused (a NUL): refused for who sends it, before a byte is read.
    const boundary = 'payewise-boundary';
    const head = new TextEncoder().encode(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a\u0000.pdf"\r\n\r\n`);
    const send = async (client?: TestClient) => {
      let pulled = 0;
      const body = new ReadableStream<Uint8Array>(
        {
          pull(controller) {
            pulled++;
            if (pulled === 1) controller.enqueue(head);
            else if (pulled <= 10) controller.enqueue(new Uint8Array(MB - 1));
            else if (pulled === 11) controller.enqueue(new TextEncoder().encode(`\r\n--${boundary}--\r\n`));
            else controller.close();
          },
        },
        { highWaterMark: 0 },
      );
      const headers: Record<string, string> = { 'content-type': `multipart/form-data; boundary=${boundary}` };
      if (client?.cookies.size) headers.cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
      const env = { incoming: { socket: { remoteAddress: '198.51.100.7', remoteFamily: 'IPv4', remotePort: 40000 } } };
      const res = await t.app.request(
        'http://localhost/api/knowledge/upload',
        { method: 'POST', headers, body, duplex: 'half' } as RequestInit,
        env,
      );
      return { status: res.status, message: ((await res.json()) as { message: string }).message, pulled };
    };
    expect(await send()).toEqual({ status: 401, message: 'Not authenticated', pulled: 0 });
    expect(await send(user)).toEqual({ status: 403, message: "You don't have permission to access this page.", pulled: 0 });
    // An admin's is read, and its bad file name is still a 400 naming the field.
    const byAdmin = await send(admin);
    expect(byAdmin.status).toBe(400);
    expect(byAdmin.message).toBe('file (file name) contains a control character (such as NUL), which is not allowed');
  });

  it('refuses a request without the file field', async () => {
    const res = await admin.post('/api/knowledge/upload', form(PDF, 'x.pdf', 'other'));
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe('Please choose a file to upload');
    const json = await admin.post('/api/knowledge/upload', { file: 'x' });
    expect(json.status).toBe(400);
  });

  it('refuses a file over 10 MB with 413 while reading it, and stores nothing', async () => {
    const before = await stored();
    const big = new Uint8Array(11 * MB);
    big.set(PDF);
    const res = await admin.post('/api/knowledge/upload', form(big, 'huge.pdf'));
    expect(res.status).toBe(413);
    expect((await res.json()).message).toBe('File is too large. The maximum size is 10 MB.');
    const justOver = new Uint8Array(10 * MB + 1);
    justOver.set(PDF);
    const res2 = await admin.post('/api/knowledge/upload', form(justOver, 'just-over.pdf'));
    expect(res2.status).toBe(413);
    expect(await stored()).toEqual(before);
  });

  it('accepts a file of exactly 10 MB', async () => {
    const max = new Uint8Array(10 * MB);
    max.set(PDF);
    const filePath = await upload(max, 'max.pdf');
    const res = await user.get(filePath);
    expect(res.headers.get('content-length')).toBe(String(10 * MB));
    expect((await res.arrayBuffer()).byteLength).toBe(10 * MB);
  });

  it('attachment lifecycle: attach, remove through existingAttachments (file deleted), delete item (file deleted)', async () => {
    const keep = await upload(PDF, 'keep.pdf');
    const drop = await upload(PNG, 'drop.png');
    const id = randomUUID();
    const created = await admin.post('/api/knowledge/items', {
      id,
      title: 'With files',
      content: 'Body',
      categoryId: 'tax',
      keywords: [],
      attachments: [keep, drop],
    });
    expect(created.status).toBe(201);
    expect((await created.json()).attachments).toEqual([keep, drop]);
    expect((await (await user.get(`/api/knowledge/item/${id}`)).json()).attachments).toEqual([keep, drop]);

    // The spec's edit: attachments kept are sent as a JSON-encoded list.
    const added = await upload(CSV, 'new.csv');
    const res = await admin.patch(`/api/knowledge/items/${id}`, {
      title: 'With files',
      existingAttachments: JSON.stringify([keep]),
      attachments: [added],
    });
    expect(res.status).toBe(200);
    expect((await res.json()).attachments).toEqual([keep, added]);
    expect(await stored()).not.toContain(keyOf(drop));
    expect(await stored()).toContain(keyOf(keep));
    expect((await user.get(drop)).status).toBe(404);

    // Leaving existingAttachments out keeps them as they are.
    expect((await (await admin.patch(`/api/knowledge/items/${id}`, { title: 'Renamed' })).json()).attachments).toEqual([keep, added]);

    const del = await admin.delete(`/api/knowledge/items/${id}`);
    expect(await del.json()).toMatchObject({ deletedFiles: 2 });
    expect(await stored()).not.toContain(keyOf(keep));
    expect(await stored()).not.toContain(keyOf(added));
  });

  it('keeps a file that another item still lists', async () => {
    const shared = await upload(PDF, 'shared.pdf');
    const a = randomUUID();
    const b = randomUUID();
    for (const id of [a, b]) {
      expect(
        (await admin.post('/api/knowledge/items', { id, title: 'Shared', content: 'Body', categoryId: 'uif', attachments: [shared] }))
          .status,
      ).toBe(201);
    }
    await admin.delete(`/api/knowledge/items/${a}`);
    expect(await stored()).toContain(keyOf(shared));
    await admin.patch(`/api/knowledge/items/${b}`, { existingAttachments: '[]' });
    expect(await stored()).not.toContain(keyOf(shared));
  });

  it('deleting a category deletes its items and their stored files', async () => {
    await admin.post('/api/knowledge/categories', { id: `gone-${storage}`, name: 'Gone', description: 'Temporary' });
    const f1 = await upload(PDF, 'one.pdf');
    const f2 = await upload(PNG, 'two.png');
    const f3 = await upload(CSV, 'three.csv');
    const ids = [randomUUID(), randomUUID()];
    await admin.post('/api/knowledge/items', {
      id: ids[0],
      title: 'One',
      content: 'Body',
      categoryId: `gone-${storage}`,
      attachments: [f1, f2],
    });
    await admin.post('/api/knowledge/items', {
      id: ids[1],
      title: 'Two',
      content: 'Body',
      categoryId: `gone-${storage}`,
      attachments: [f3],
    });
    const res = await admin.delete(`/api/knowledge/categories/gone-${storage}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: 'The category and all its items have been deleted.', deletedItems: 2, deletedFiles: 3 });
    const left = await stored();
    for (const f of [f1, f2, f3]) expect(left).not.toContain(keyOf(f));
    for (const id of ids) expect((await user.get(`/api/knowledge/item/${id}`)).status).toBe(404);
  });
});
