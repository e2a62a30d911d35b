import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PAGE_SIZE, PREVIEW_LENGTH, type AdminItemsPageDTO, type ItemDTO } from '../../../src/knowledge/schemas';
import { createTestApp, makeAdmin, registerUser, type TestApp, type TestClient } from '../../helpers/app';
import { dbKinds } from '../../helpers/db';

// The admin screen's paged item list (GET /api/knowledge/items/admin) and the /knowledge-admin page built on it.

const LONG_MARKDOWN = [
  '# Wombat payroll rules',
  '',
  'Pay **wombats** at the *ordinary* rate, see [the guide](https://example.com/guide) and `code`.',
  '',
  '## Steps',
  '',
  '- first bullet',
  '* second bullet',
  '1. numbered one',
  '2. numbered two',
  '',
  '| Band | Rate |',
  '|---|---:|',
  '| A | 10% |',
  '',
  '> quoted __strong__ text',
  '',
  'Filler sentence about burrows. '.repeat(20),
].join('\n');

/** Markdown a plain-text preview must not show. */
const MARKDOWN_SYNTAX = /(^|\s)#{1,6}\s|\*\*|__|\]\(|`|(^|\s)[-*+]\s|^\d+\.\s|\|/;

/** The props an island was rendered with. */
function islandProps(html: string) {
  const raw = /data-island="KnowledgeAdmin" data-props="([^"]*)"/.exec(html)![1];
  return JSON.parse(
    raw
      .replace(/&quot;/g, '"')
      .replace(/&#x27;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&'),
  );
}

describe.each(dbKinds)('knowledge admin list on %s', (kind) => {
  let t: TestApp;
  let user: TestClient;
  let admin: TestClient;
  let all: ItemDTO[];
  const wombatId = randomUUID();

  const list = async (qs = '') => {
    const res = await admin.get(`/api/knowledge/items/admin${qs}`);
    expect(res.status, qs).toBe(200);
    return (await res.json()) as AdminItemsPageDTO;
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    user = (await registerUser(t)).client;
    const a = await registerUser(t);
    await makeAdmin(t, a.user.id);
    admin = a.client;
    const create = (title: string, content = 'Plain text.', id = randomUUID()) =>
      admin.post('/api/knowledge/items', { id, title, content, categoryId: 'tax', keywords: [], attachments: [] });
    expect((await create('Wombat payroll rules', LONG_MARKDOWN, wombatId)).status).toBe(201);
    expect((await create('100% sure wombat_bonus')).status).toBe(201);
    expect((await create('Wombat at 50 percent')).status).toBe(201);
    all = await (await admin.get('/api/knowledge/items/all')).json();
    expect(all.length).toBeGreaterThan(2 * ADMIN_PAGE_SIZE);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers 401 to anonymous callers and 403 to non-admins', async () => {
    expect((await t.client().get('/api/knowledge/items/admin')).status).toBe(401);
    for (const url of ['/api/knowledge/items/admin', '/api/knowledge/items/admin?page=2', `/api/knowledge/items/admin/${wombatId}`]) {
      const res = await user.get(url);
      expect(res.status, url).toBe(403);
      expect((await res.json()).message).toBe("You don't have permission to access this page.");
    }
  });

  it('pages the list in the order of /items/all', async () => {
    const first = await list();
    expect(first).toMatchObject({ total: all.length, page: 1, pageSize: ADMIN_PAGE_SIZE, pages: Math.ceil(all.length / ADMIN_PAGE_SIZE) });
    expect(first.items.map((i) => i.id)).toEqual(all.slice(0, ADMIN_PAGE_SIZE).map((i) => i.id));
    const second = await list('?page=2');
    expect(second.page).toBe(2);
    expect(second.items.map((i) => i.id)).toEqual(all.slice(ADMIN_PAGE_SIZE, 2 * ADMIN_PAGE_SIZE).map((i) => i.id));
    const ids = new Set<string>();
    for (let p = 1; p <= first.pages; p++) for (const i of (await list(`?page=${p}`)).items) ids.add(i.id);
    expect(ids.size).toBe(all.length);
  });

  it('gives the last page for a page past the end', async () => {
    const { pages } = await list();
    const past = await list('?page=999');
    expect(past.page).toBe(pages);
    expect(past.items.map((i) => i.id)).toEqual(all.slice((pages - 1) * ADMIN_PAGE_SIZE).map((i) => i.id));
  });

  it.each(['0', '-1', '1.5', 'abc', '', '100001'])('refuses page=%j with 400 and a clear message', async (page) => {
    const res = await admin.get(`/api/knowledge/items/admin?page=${page}`);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ message: 'page must be a whole number from 1 to 100000', field: 'page' });
  });

  it('refuses a repeated page, an over-long search or category with 400', async () => {
    expect((await admin.get('/api/knowledge/items/admin?page=1&page=2')).status).toBe(400);
    const q = await admin.get(`/api/knowledge/items/admin?q=${'x'.repeat(201)}`);
    expect(q.status).toBe(400);
    expect((await q.json()).message).toBe('Search must be at most 200 characters');
    expect((await admin.get(`/api/knowledge/items/admin?categoryId=${'x'.repeat(51)}`)).status).toBe(400);
  });

  it('filters by category, and answers 404 for an unknown one', async () => {
    const uif = await (await admin.get('/api/knowledge/items/category/uif')).json();
    const page = await list('?categoryId=uif');
    expect(page.total).toBe(uif.length);
    expect(page.items.map((i) => i.id)).toEqual(uif.slice(0, ADMIN_PAGE_SIZE).map((i: ItemDTO) => i.id));
    expect(page.items.every((i) => i.categoryId === 'uif')).toBe(true);
    const gone = await admin.get('/api/knowledge/items/admin?categoryId=no-such-category');
    expect(gone.status).toBe(404);
    expect((await gone.json()).message).toBe('Category not found');
    expect((await list('?categoryId=')).total).toBe(all.length);
  });

  it('searches titles without regard to case, with % and _ taken literally', async () => {
    const titled = (s: string) => all.filter((i) => i.title.toLowerCase().includes(s.toLowerCase())).map((i) => i.id);
    const wombat = await list('?q=WOMBAT');
    expect(wombat.items.map((i) => i.id).sort()).toEqual(titled('wombat').sort());
    expect(wombat.total).toBe(3);
    const uif = await list('?q=%20uif%20');
    expect(uif.total).toBe(titled('uif').length);
    expect(uif.total).toBeGreaterThan(0);
    expect((await list('?q=%25')).total).toBe(titled('%').length);
    expect((await list('?q=0%25%20s')).items.map((i) => i.title)).toEqual(['100% sure wombat_bonus']);
    expect((await list('?q=t_b')).items.map((i) => i.title)).toEqual(['100% sure wombat_bonus']);
    expect((await list('?q=zzzz-no-such-title')).total).toBe(0);
    const both = await list('?categoryId=tax&q=wombat');
    expect(both.total).toBe(3);
    expect((await list('?categoryId=uif&q=wombat')).total).toBe(0);
  });

  it('sends plain-text previews of at most 300 characters instead of the content', async () => {
    for (let p = 1; p <= (await list()).pages; p++) {
      for (const i of (await list(`?page=${p}`)).items) {
        expect(i).not.toHaveProperty('content');
        expect(i.preview.length, i.title).toBeLessThanOrEqual(PREVIEW_LENGTH);
        expect(i.preview, i.title).not.toMatch(MARKDOWN_SYNTAX);
      }
    }
    const [wombat] = (await list('?q=wombat payroll')).items;
    expect(wombat.preview).toMatch(
      /^Wombat payroll rules\. Pay wombats at the ordinary rate, see the guide and code\. Steps\. first bullet\. second bullet\. numbered one\. numbered two\. Band, Rate\. A, 10%\. quoted strong text Filler sentence about burrows\./,
    );
    expect(wombat.preview.length).toBeLessThanOrEqual(PREVIEW_LENGTH);
    expect(wombat.preview.endsWith('…')).toBe(true);
    expect(wombat.preview).not.toContain('https://');
  });

  it('finds the page holding an item (?around=) and gives an admin the full item for editing', async () => {
    const last = all[all.length - 1];
    const around = await list(`?around=${last.id}`);
    expect(around.page).toBe(around.pages);
    expect(around.items.some((i) => i.id === last.id)).toBe(true);
    // Left out by the filter: the page asked for.
    expect((await list(`?categoryId=uif&q=zzzz&page=1&around=${wombatId}`)).page).toBe(1);
    const full = await admin.get(`/api/knowledge/items/admin/${wombatId}`);
    expect(full.status).toBe(200);
    expect((await full.json()).content).toBe(LONG_MARKDOWN.trim());
    expect((await admin.get(`/api/knowledge/items/admin/${randomUUID()}`)).status).toBe(404);
  });

  it('renders /knowledge-admin with one page of items, the filter, search and page from the address', async () => {
    const plain = await (await admin.get('/knowledge-admin')).text();
    const props = islandProps(plain);
    expect(props.list.items).toHaveLength(ADMIN_PAGE_SIZE);
    expect(props.list).toMatchObject({ total: all.length, page: 1 });
    expect(props.itemsTab).toBe(false);
    expect(props.list.items[0]).not.toHaveProperty('content');
    expect(plain.match(/data-testid="admin-item"/g)).toHaveLength(ADMIN_PAGE_SIZE);

    const paged = islandProps(await (await admin.get('/knowledge-admin?tab=items&category=tax&q=Wombat&page=1')).text());
    expect(paged).toMatchObject({ categoryId: 'tax', q: 'Wombat', itemsTab: true });
    expect(paged.list.total).toBe(3);

    const second = islandProps(await (await admin.get('/knowledge-admin?page=2')).text());
    expect(second.list.page).toBe(2);
    expect(second.itemsTab).toBe(true);

    // Bad values are ignored rather than refused; an unknown category is dropped.
    const bad = await admin.get('/knowledge-admin?page=zero&category=no-such-category');
    expect(bad.status).toBe(200);
    expect(islandProps(await bad.text())).toMatchObject({ categoryId: '', list: { page: 1, total: all.length } });
  });

  it('opens ?edit=<id> on the page holding that item, with the item in full', async () => {
    const last = all[all.length - 1];
    const html = await (await admin.get(`/knowledge-admin?edit=${last.id}`)).text();
    const props = islandProps(html);
    expect(props.editItem).toMatchObject({ id: last.id, content: last.content });
    expect(props.list.page).toBe(props.list.pages);
    expect(props.list.items.some((i: { id: string }) => i.id === last.id)).toBe(true);
    const attr = last.title
      .replace(/&/g, '&amp;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&#x27;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;');
    expect(html).toContain(`<form class="space-y-4" aria-label="Edit ${attr}"`);
    // A filter that leaves the item out is dropped.
    const unfiltered = islandProps(await (await admin.get(`/knowledge-admin?edit=${wombatId}&category=uif`)).text());
    expect(unfiltered.categoryId).toBe('');
    expect(unfiltered.list.items.some((i: { id: string }) => i.id === wombatId)).toBe(true);
    // ?draft= still opens a new item with that title.
    expect(islandProps(await (await admin.get('/knowledge-admin?draft=How%20do%20I%20pay%20wombats%3F')).text()).draftTitle).toBe(
      'How do I pay wombats?',
    );
  });
});
