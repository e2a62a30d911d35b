import { randomUUID } from 'node:crypto';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog, knowledgeCategories, knowledgeItems } from '../../../db/schema';
import { createTestApp, makeAdmin, registerUser, type TestApp, type TestClient } from '../../helpers/app';
import { dbKinds } from '../../helpers/db';

const SEEDED_ORDER = ['tax', 'uif', 'leave', 'benefits', 'compliance', 'basic-concepts'];

describe.each(dbKinds)('knowledge API on %s', (kind) => {
  let t: TestApp;
  let user: TestClient;
  let admin: TestClient;
  let adminId: number;
  let anyItemId: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    user = (await registerUser(t)).client;
    const a = await registerUser(t);
    await makeAdmin(t, a.user.id);
    admin = a.client;
    adminId = a.user.id;
    const [row] = await t.database.db.select({ id: knowledgeItems.id }).from(knowledgeItems).limit(1);
    anyItemId = row.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  const item = (over: Record<string, unknown> = {}) => ({
    id: randomUUID(),
    title: 'Test article',
    content: '## Heading\n\nSome **content**.',
    categoryId: 'tax',
    keywords: ['test'],
    attachments: [],
    ...over,
  });

  describe('permissions (checked on the server)', () => {
    it('answers 401 to anonymous callers on every endpoint', async () => {
      const anon = t.client();
      const calls: [string, string][] = [
        ['GET', '/api/knowledge/categories'],
        ['GET', '/api/knowledge/category/tax'],
        ['GET', `/api/knowledge/item/${anyItemId}`],
        ['GET', '/api/knowledge/search?q=uif'],
        ['GET', '/api/knowledge/categories/admin'],
        ['POST', '/api/knowledge/categories'],
        ['PATCH', '/api/knowledge/categories/tax'],
        ['DELETE', '/api/knowledge/categories/tax'],
        ['GET', '/api/knowledge/items/all'],
        ['GET', '/api/knowledge/items/category/tax'],
        ['POST', '/api/knowledge/items'],
        ['PATCH', `/api/knowledge/items/${anyItemId}`],
        ['DELETE', `/api/knowledge/items/${anyItemId}`],
        ['POST', '/api/knowledge/upload'],
      ];
      for (const [method, url] of calls) {
        const res = await anon.request(method, url, method === 'GET' || method === 'DELETE' ? undefined : {});
        expect(res.status, `${method} ${url}`).toBe(401);
        expect(await res.json()).toEqual({ message: 'Not authenticated' });
      }
    });

    it('answers 403 to signed-in non-admins on every admin endpoint and changes nothing', async () => {
      const before = await t.database.db.select().from(knowledgeCategories);
      const calls: [string, string, unknown?][] = [
        ['GET', '/api/knowledge/categories/admin'],
        ['POST', '/api/knowledge/categories', { id: 'sneaky', name: 'x', description: 'y' }],
        ['PATCH', '/api/knowledge/categories/tax', { name: 'Hacked', description: 'y' }],
        ['DELETE', '/api/knowledge/categories/tax'],
        ['GET', '/api/knowledge/items/all'],
        ['GET', '/api/knowledge/items/category/tax'],
        ['POST', '/api/knowledge/items', item()],
        ['PATCH', `/api/knowledge/items/${anyItemId}`, { title: 'Hacked' }],
        ['DELETE', `/api/knowledge/items/${anyItemId}`],
      ];
      for (const [method, url, body] of calls) {
        const res = await user.request(method, url, body);
        expect(res.status, `${method} ${url}`).toBe(403);
        expect((await res.json()).message).toBe("You don't have permission to access this page.");
      }
      const fd = new FormData();
      fd.append('file', new File(['%PDF-1.4'], 'x.pdf'));
      expect((await user.post('/api/knowledge/upload', fd)).status).toBe(403);
      expect(await t.database.db.select().from(knowledgeCategories)).toEqual(before);
      expect((await t.database.db.select().from(knowledgeItems).where(eq(knowledgeItems.id, anyItemId)))[0].title).not.toBe('Hacked');
    });

    it('lets signed-in users read', async () => {
      for (const url of [
        '/api/knowledge/categories',
        '/api/knowledge/category/tax',
        `/api/knowledge/item/${anyItemId}`,
        '/api/knowledge/search?q=uif',
      ]) {
        expect((await user.get(url)).status, url).toBe(200);
      }
    });
  });

  describe('reads', () => {
    it('lists the seeded categories in their order', async () => {
      const res = await user.get('/api/knowledge/categories');
      const cats = await res.json();
      expect(cats.map((c: any) => c.id).slice(0, 6)).toEqual(SEEDED_ORDER);
      expect(cats[0]).toEqual({
        id: 'tax',
        name: 'Tax & PAYE',
        description: expect.any(String),
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
        status: 'published',
      });
    });

    it('lists the items of a category, by title, with every field', async () => {
      const items = await (await user.get('/api/knowledge/category/uif')).json();
      expect(items.length).toBeGreaterThanOrEqual(5);
      expect(items.every((i: any) => i.categoryId === 'uif')).toBe(true);
      const titles = items.map((i: any) => i.title);
      expect(titles).toEqual([...titles].sort((a: string, b: string) => a.toLowerCase().localeCompare(b.toLowerCase())));
      expect(Object.keys(items[0]).sort()).toEqual([
        'attachments',
        'categoryId',
        'content',
        'createdAt',
        'id',
        'keywords',
        'lastVerifiedAt',
        'quotesFigures',
        'status',
        'taxYears',
        'title',
        'updatedAt',
      ]);
    });

    it('returns one item with title, keywords, content and attachments', async () => {
      const res = await user.get(`/api/knowledge/item/${anyItemId}`);
      expect(res.status).toBe(200);
      const body = await res.json();
      expect(body).toMatchObject({
        id: anyItemId,
        title: expect.any(String),
        content: expect.any(String),
        keywords: expect.any(Array),
        attachments: [],
      });
      expect(body).not.toHaveProperty('search');
      expect(body).not.toHaveProperty('searchHead');
    });

    it('answers 404 with a message for unknown ids', async () => {
      for (const [url, message] of [
        ['/api/knowledge/category/no-such-category', 'Category not found'],
        [`/api/knowledge/item/${randomUUID()}`, 'Knowledge item not found'],
        ['/api/knowledge/item/not-a-uuid', 'Knowledge item not found'],
        ['/api/knowledge/items/category/no-such-category', 'Category not found'],
      ]) {
        const res = await admin.get(url);
        expect(res.status, url).toBe(404);
        expect(await res.json()).toEqual({ message });
      }
    });
  });

  describe('categories (admin)', () => {
    it('creates a category, lists it with its item count and records who did it', async () => {
      const res = await admin.post('/api/knowledge/categories', {
        id: 'Payroll-Basics',
        name: ' Payroll basics ',
        description: 'Getting started.',
      });
      expect(res.status).toBe(201);
      expect(await res.json()).toMatchObject({ id: 'payroll-basics', name: 'Payroll basics', description: 'Getting started.' });
      const list = await (await admin.get('/api/knowledge/categories/admin')).json();
      expect(list.find((c: any) => c.id === 'payroll-basics')).toMatchObject({ itemCount: 0 });
      expect(list.find((c: any) => c.id === 'tax').itemCount).toBeGreaterThan(5);
      expect((await (await user.get('/api/knowledge/categories')).json()).at(-1).id).toBe('payroll-basics');
      const [log] = await t.database.db.select().from(adminAuditLog).where(eq(adminAuditLog.target, 'payroll-basics'));
      expect(log).toMatchObject({ actorId: adminId, action: 'knowledge.category.create' });
    });

    it.each([
      [{ name: 'n', description: 'd' }, 'Please fill out all fields.'],
      [{ id: '', name: 'n', description: 'd' }, 'Please fill out all fields.'],
      [{ id: 'x1', name: '   ', description: 'd' }, 'Please fill out all fields.'],
      [{ id: 'x1', name: 'n' }, 'Please fill out all fields.'],
      [
        { id: 'payroll basics', name: 'n', description: 'd' },
        'Category ID may only contain lowercase letters, numbers and single dashes, with no spaces (e.g., payroll-basics)',
      ],
      [
        { id: 'bad/slash', name: 'n', description: 'd' },
        'Category ID may only contain lowercase letters, numbers and single dashes, with no spaces (e.g., payroll-basics)',
      ],
      [{ id: 'x'.repeat(51), name: 'n', description: 'd' }, 'Category ID must be at most 50 characters'],
      [{ id: 'x1', name: 'n'.repeat(101), description: 'd' }, 'Category name must be at most 100 characters'],
      [{ id: 'x1', name: 'n', description: 'd'.repeat(501) }, 'Description must be at most 500 characters'],
    ])('rejects %j with %s', async (body, message) => {
      const res = await admin.post('/api/knowledge/categories', body);
      expect(res.status).toBe(400);
      expect((await res.json()).message).toBe(message);
    });

    it('refuses a taken id with 409', async () => {
      const res = await admin.post('/api/knowledge/categories', { id: 'tax', name: 'Again', description: 'd' });
      expect(res.status).toBe(409);
      expect((await res.json()).message).toBe('A category with the ID "tax" already exists');
    });

    it('updates name and description; the id cannot change', async () => {
      await admin.post('/api/knowledge/categories', { id: 'to-edit', name: 'Before', description: 'Before' });
      const res = await admin.patch('/api/knowledge/categories/to-edit', { id: 'to-edit', name: 'After', description: 'After too' });
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ id: 'to-edit', name: 'After', description: 'After too' });
      const missing = await admin.patch('/api/knowledge/categories/to-edit', { id: 'to-edit', name: 'After', description: '' });
      expect(missing.status).toBe(400);
      expect((await missing.json()).message).toBe('Please fill out all fields.');
      const renamed = await admin.patch('/api/knowledge/categories/to-edit', { id: 'other', name: 'x', description: 'y' });
      expect(renamed.status).toBe(400);
      const unknown = await admin.patch('/api/knowledge/categories/nope', { name: 'x', description: 'y' });
      expect(unknown.status).toBe(404);
      expect(await unknown.json()).toEqual({ message: 'Category not found' });
      expect((await admin.delete('/api/knowledge/categories/nope')).status).toBe(404);
    });

    it('answers 400 to malformed JSON', async () => {
      const res = await admin.request('POST', '/api/knowledge/categories', '{"id": "x",', { 'content-type': 'application/json' });
      expect(res.status).toBe(400);
      expect((await res.json()).message).toBe('Malformed JSON in request body');
    });
  });

  describe('items (admin)', () => {
    it('creates an item under the id the client generated and cleans its keywords', async () => {
      const body = item({ keywords: ['  PAYE ', '', 'paye', 'Bonus tax', ' '] });
      const res = await admin.post('/api/knowledge/items', body);
      expect(res.status).toBe(201);
      const created = await res.json();
      expect(created).toMatchObject({
        id: body.id,
        title: 'Test article',
        categoryId: 'tax',
        keywords: ['PAYE', 'Bonus tax'],
        attachments: [],
      });
      expect(created.createdAt).toBe(created.updatedAt);
      expect((await user.get(`/api/knowledge/item/${body.id}`)).status).toBe(200);
      const all = await (await admin.get('/api/knowledge/items/all')).json();
      expect(all.some((i: any) => i.id === body.id)).toBe(true);
      const inCat = await (await admin.get('/api/knowledge/items/category/tax')).json();
      expect(inCat.some((i: any) => i.id === body.id)).toBe(true);
      const [log] = await t.database.db.select().from(adminAuditLog).where(eq(adminAuditLog.target, body.id));
      expect(log).toMatchObject({ actorId: adminId, action: 'knowledge.item.create' });
    });

    it('generates a UUID when the client sends none', async () => {
      const { id: _omit, ...body } = item();
      const res = await admin.post('/api/knowledge/items', body);
      expect(res.status).toBe(201);
      expect((await res.json()).id).toMatch(/^[0-9a-f-]{36}$/);
    });

    it('refuses a duplicate id with 409 and a malformed one with 400', async () => {
      const body = item();
      expect((await admin.post('/api/knowledge/items', body)).status).toBe(201);
      const dup = await admin.post('/api/knowledge/items', { ...body, title: 'Other' });
      expect(dup.status).toBe(409);
      expect((await dup.json()).message).toBe('A knowledge item with this ID already exists');
      const seededDup = await admin.post('/api/knowledge/items', item({ id: anyItemId.toUpperCase() }));
      expect(seededDup.status).toBe(409);
      const bad = await admin.post('/api/knowledge/items', item({ id: 'not-a-uuid' }));
      expect(bad.status).toBe(400);
      expect((await bad.json()).message).toBe('Item ID must be a UUID');
    });

    it.each([
      [{ title: '' }, 'Please fill out all required fields.'],
      [{ title: undefined }, 'Please fill out all required fields.'],
      [{ content: '  ' }, 'Please fill out all required fields.'],
      [{ categoryId: '' }, 'Please fill out all required fields.'],
      [{ categoryId: 'no-such-category' }, 'The selected category does not exist'],
      [{ title: 't'.repeat(201) }, 'Title must be at most 200 characters'],
      [{ keywords: ['k'.repeat(61)] }, 'Each keyword must be at most 60 characters'],
      [{ keywords: Array.from({ length: 31 }, (_, i) => `k${i}`) }, 'An item can have at most 30 keywords'],
      [{ keywords: 42 }, 'Keywords must be a list of text values'],
      [{ keywords: ['ok', 7] }, 'Keywords must be a list of text values'],
      [{ attachments: ['https://evil.example/x.pdf'] }, 'Attachments must be files uploaded with Upload File (/uploads/…)'],
      [
        { attachments: [`/uploads/${'a'.repeat(32)}-missing.pdf`] },
        `Attachment not found: /uploads/${'a'.repeat(32)}-missing.pdf. Please upload it again.`,
      ],
    ])('rejects %j with %s', async (over, message) => {
      const body = item(over);
      const res = await admin.post('/api/knowledge/items', body);
      expect(res.status).toBe(400);
      expect((await res.json()).message).toBe(message);
      expect(
        await t.database.db
          .select()
          .from(knowledgeItems)
          .where(eq(knowledgeItems.id, body.id as string)),
      ).toHaveLength(0);
    });

    it('caps content at 50 000 characters', async () => {
      const res = await admin.post('/api/knowledge/items', item({ content: 'x'.repeat(50_001) }));
      expect(res.status).toBe(400);
      expect((await res.json()).message).toBe('Content must be at most 50,000 characters');
    });

    it('edits with JSON: fields sent change, fields left out stay, blanks are refused', async () => {
      const body = item({ title: 'Editable', keywords: ['one'] });
      await admin.post('/api/knowledge/items', body);
      const res = await admin.patch(`/api/knowledge/items/${body.id}`, {
        title: 'Edited title',
        keywords: ['two', ' two ', 'three'],
        existingAttachments: '[]',
      });
      expect(res.status).toBe(200);
      const edited = await res.json();
      expect(edited).toMatchObject({
        id: body.id,
        title: 'Edited title',
        content: body.content,
        categoryId: 'tax',
        keywords: ['two', 'three'],
        attachments: [],
      });
      const blank = await admin.patch(`/api/knowledge/items/${body.id}`, { title: ' ' });
      expect(blank.status).toBe(400);
      expect((await blank.json()).message).toBe('Please fill out all required fields.');
      const moved = await admin.patch(`/api/knowledge/items/${body.id}`, { categoryId: 'nowhere' });
      expect(moved.status).toBe(400);
      expect((await moved.json()).message).toBe('The selected category does not exist');
      const otherId = await admin.patch(`/api/knowledge/items/${body.id}`, { id: randomUUID(), title: 'x' });
      expect(otherId.status).toBe(400);
    });

    it('edits with a multipart form, as the spec client sends it', async () => {
      const body = item({ title: 'Form edit' });
      await admin.post('/api/knowledge/items', body);
      const fd = new FormData();
      fd.append('title', 'Form edited');
      fd.append('content', 'New **content**');
      fd.append('categoryId', 'uif');
      fd.append('keywords', JSON.stringify(['form', 'multipart']));
      fd.append('existingAttachments', '[]');
      const res = await admin.patch(`/api/knowledge/items/${body.id}`, fd);
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({
        title: 'Form edited',
        content: 'New **content**',
        categoryId: 'uif',
        keywords: ['form', 'multipart'],
      });
    });

    it('answers 404 for unknown items on edit and delete', async () => {
      for (const [method, url] of [
        ['PATCH', `/api/knowledge/items/${randomUUID()}`],
        ['DELETE', `/api/knowledge/items/${randomUUID()}`],
        ['PATCH', '/api/knowledge/items/nope'],
      ]) {
        const res = await admin.request(method, url, method === 'PATCH' ? { title: 'x' } : undefined);
        expect(res.status).toBe(404);
        expect(await res.json()).toEqual({ message: 'Knowledge item not found' });
      }
    });

    it('deletes an item', async () => {
      const body = item();
      await admin.post('/api/knowledge/items', body);
      const res = await admin.delete(`/api/knowledge/items/${body.id}`);
      expect(res.status).toBe(200);
      expect((await res.json()).message).toBe('Knowledge item deleted');
      expect((await user.get(`/api/knowledge/item/${body.id}`)).status).toBe(404);
      const logs = await t.database.db.select().from(adminAuditLog).where(eq(adminAuditLog.target, body.id));
      expect(logs.map((l) => l.action)).toEqual(['knowledge.item.create', 'knowledge.item.delete']);
    });

    it('makes new and edited items searchable at once', async () => {
      const body = item({ title: 'Zanzibar levy quirk', content: 'Only about the flibbertigibbet rule.' });
      await admin.post('/api/knowledge/items', body);
      let hits = await (await user.get('/api/knowledge/search?q=flibbertigibbet')).json();
      expect(hits.map((h: any) => h.id)).toEqual([body.id]);
      await admin.patch(`/api/knowledge/items/${body.id}`, { content: 'Now about the quagswaggle rule.' });
      hits = await (await user.get('/api/knowledge/search?q=flibbertigibbet')).json();
      expect(hits).toEqual([]);
      hits = await (await user.get('/api/knowledge/search?q=quagswaggle')).json();
      expect(hits.map((h: any) => h.id)).toEqual([body.id]);
    });
  });

  describe('deleting a category', () => {
    it('deletes its items in one go and says so', async () => {
      await admin.post('/api/knowledge/categories', { id: 'doomed', name: 'Doomed', description: 'Goes away' });
      const a = item({ categoryId: 'doomed' });
      const b = item({ categoryId: 'doomed' });
      await admin.post('/api/knowledge/items', a);
      await admin.post('/api/knowledge/items', b);
      const res = await admin.delete('/api/knowledge/categories/doomed');
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ message: 'The category and all its items have been deleted.', deletedItems: 2, deletedFiles: 0 });
      for (const id of [a.id, b.id]) expect((await user.get(`/api/knowledge/item/${id}`)).status).toBe(404);
      expect((await user.get('/api/knowledge/category/doomed')).status).toBe(404);
      expect(await t.database.db.select().from(knowledgeItems).where(eq(knowledgeItems.categoryId, 'doomed'))).toHaveLength(0);
      const [log] = await t.database.db.select().from(adminAuditLog).where(like(adminAuditLog.action, 'knowledge.category.delete'));
      expect(log).toMatchObject({ target: 'doomed', actorId: adminId });
      expect((log.details as any).items.sort()).toEqual([a.id, b.id].sort());
    });
  });
});
