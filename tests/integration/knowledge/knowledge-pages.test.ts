import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { knowledgeCategories, knowledgeItems, users } from '../../../db/schema';
import { createTestApp, registerUser, type TestApp, type TestClient } from '../../helpers/app';
import { dbKinds } from '../../helpers/db';

/** The visible text of an HTML page: tags dropped, entities decoded, whitespace collapsed. */
function textOf(html: string): string {
  return html
    .replace(/<(script|style|title)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The opening tag of the tab with this label. */
function tab(html: string, label: string): string {
  const m = new RegExp(`<(a|span)[^>]*role="tab"[^>]*>${label}</\\1>`).exec(html);
  if (!m) throw new Error(`no tab ${label}`);
  return m[0];
}
const href = (tag: string) => /href="([^"]*)"/.exec(tag)?.[1]?.replace(/&amp;/g, '&') ?? null;
const backHref = (html: string) => href(/<a[^>]*data-testid="kb-back"[^>]*>/.exec(html)?.[0] ?? '');

const HEX = 'a'.repeat(32);
const PDF = `/uploads/${HEX}-employer-guide.pdf`;
const PNG = `/uploads/${'b'.repeat(32)}-uif-chart.png`;

describe.each(dbKinds)('knowledge pages on %s', (kind) => {
  let t: TestApp;
  let user: TestClient;
  let admin: TestClient;
  const zebraId = randomUUID();
  const plainId = randomUUID();

  beforeAll(async () => {
    t = await createTestApp(kind);
    user = (await registerUser(t)).client;
    const a = await registerUser(t);
    await t.database.db.update(users).set({ isAdmin: true }).where(eq(users.username, a.creds.username));
    admin = a.client;
    const db = t.database.db;
    const at = '2026-03-01T10:00:00.000Z';
    await db
      .insert(knowledgeCategories)
      .values([
        { id: 'pw-test-cat', name: 'Test Category Name', description: 'Articles made by the page tests.', createdAt: at, updatedAt: at },
        { id: 'pw-empty-cat', name: 'Empty Category', description: 'Nothing in here.', createdAt: at, updatedAt: at },
        { id: 'uif', name: 'UIF', description: 'Unemployment Insurance Fund.', createdAt: at, updatedAt: at },
      ])
      .onConflictDoNothing();
    await db.insert(knowledgeItems).values([
      {
        id: zebraId,
        title: 'Zebracorn allowance rules',
        categoryId: 'pw-test-cat',
        keywords: ['alpha', 'beta', 'gamma', 'delta', 'epsilon', 'zeta', 'eta'],
        content: [
          '# Zebracorn allowance rules',
          '',
          'The **zebracorn** allowance is *tax-free* up to a limit.',
          '',
          '## Worked example',
          '',
          '| Item | Amount |',
          '|---|---:|',
          '| Allowance | R1 000 |',
          '',
          '1. first step',
          '2. second step',
          '',
          '<script>alert("xss")</script>',
          '',
          '[bad](javascript:alert(1)) and [SARS](https://www.sars.gov.za/)',
        ].join('\n'),
        attachments: [PDF, PNG],
        createdAt: at,
        updatedAt: '2026-04-15T09:00:00.000Z',
      },
      {
        id: plainId,
        title: 'Plain article without keywords',
        categoryId: 'pw-test-cat',
        keywords: [],
        content: 'Nothing special here.',
        attachments: [],
        createdAt: at,
        updatedAt: at,
      },
    ]);
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('access', () => {
    it.each(['/knowledge', '/knowledge?q=uif', '/knowledge/category/uif', `/knowledge/article/${randomUUID()}`, '/knowledge-admin'])(
      'sends anonymous visitors of %s to /auth',
      async (url) => {
        const res = await t.client().get(url);
        expect(res.status).toBe(302);
        expect(res.headers.get('location')).toBe('/auth');
      },
    );
  });

  describe('categories (/knowledge)', () => {
    it('renders the full page: title, subtitle, search box, tabs and category cards', async () => {
      const res = await user.get('/knowledge');
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html.startsWith('<!doctype html>')).toBe(true);
      const text = textOf(html);
      expect(text).toContain('Knowledge Base');
      expect(text).toContain('South African Payroll Information');
      expect(html).toContain('placeholder="Search for payroll information..."');
      expect(html).toMatch(/<button type="submit"[^>]*>Search<\/button>/);
      expect(html).toMatch(/role="tablist"/);
      expect(tab(html, 'Categories')).toContain('aria-selected="true"');
      for (const label of ['Search', 'Category', 'Article']) {
        const t = tab(html, label);
        expect(t).toContain('aria-selected="false"');
        expect(t).toContain('aria-disabled="true"');
        expect(href(t)).toBeNull();
      }
      expect(text).toContain('Test Category Name');
      expect(text).toContain('Articles made by the page tests.');
      expect(text).toContain('Browse Articles');
      expect(html).toContain('hx-get="/knowledge/category/pw-test-cat"');
      expect(html).toMatch(/id="kb-root"[^>]*hx-history-elt/);
      expect(res.headers.get('vary')).toMatch(/HX-Request/i);
    });

    it('keeps a held query with ?tab=categories: Search tab enabled, query still in the box', async () => {
      const html = await (await user.get('/knowledge?tab=categories&q=zebracorn')).text();
      expect(tab(html, 'Categories')).toContain('aria-selected="true"');
      expect(href(tab(html, 'Search'))).toBe('/knowledge?q=zebracorn');
      expect(html).toMatch(/name="q"[^>]*value="zebracorn"/);
    });

    it('treats a blank query as no query', async () => {
      const html = await (await user.get('/knowledge?q=%20%20')).text();
      expect(tab(html, 'Categories')).toContain('aria-selected="true"');
      expect(tab(html, 'Search')).toContain('aria-disabled="true"');
    });
  });

  describe('search (/knowledge?q=)', () => {
    it('lists results with count, category label, 5 keyword chips, +N more and a highlighted snippet', async () => {
      const res = await user.get('/knowledge?q=zebracorn');
      expect(res.status).toBe(200);
      const html = await res.text();
      const text = textOf(html);
      expect(tab(html, 'Search')).toContain('aria-selected="true"');
      expect(text).toContain('1 result');
      expect(text).not.toContain('1 results');
      expect(text).toContain('Zebracorn allowance rules');
      expect(text).toContain('Test Category Name');
      expect(text).toMatch(/alpha beta gamma delta epsilon \+2 more/);
      expect(text).not.toContain('zeta');
      expect(html).toMatch(/<mark>zebracorn<\/mark>/i);
      expect(html).not.toContain('<script>alert');
      expect(html).toContain(`href="/knowledge/article/${zebraId}?q=zebracorn"`);
      expect(backHref(html)).toBe('/knowledge');
    });

    it('says so when there are more matches than the 20 it lists', async () => {
      const html = await (await user.get('/knowledge?q=tax')).text();
      const text = textOf(html);
      expect(new Set(html.match(/\/knowledge\/article\/[0-9a-f-]{36}\?q=tax"/g)).size).toBe(20);
      // The badge counts every article the search matches, not the 20 it lists.
      const n = Number(/(\d+) results/.exec(text)?.[1]);
      expect(n).toBeGreaterThan(20);
      expect(text).toContain('Showing the 20 best matches. Add a word to your search to narrow it down.');
      const few = textOf(await (await user.get('/knowledge?q=zebracorn')).text());
      expect(few).not.toContain('best matches');
    });

    it('says No results found with the hint, and counts 0 results', async () => {
      const html = await (await user.get('/knowledge?q=qqxxzzyy')).text();
      const text = textOf(html);
      expect(text).toContain('0 results');
      expect(text).toContain('No results found');
      expect(text).toContain('Try different keywords or browse by category');
    });

    it('does not search for 2 characters or fewer and shows a hint instead', async () => {
      const html = await (await user.get('/knowledge?q=%20ze%20')).text();
      const text = textOf(html);
      expect(tab(html, 'Search')).toContain('aria-selected="true"');
      expect(text).toContain('Type at least 3 characters to search.');
      expect(text).not.toMatch(/\d+ results?/);
    });

    it('shows "No keywords" for a result without keywords', async () => {
      const html = await (await user.get('/knowledge?q=plain%20article')).text();
      expect(textOf(html)).toContain('Plain article without keywords');
      expect(textOf(html)).toContain('No keywords');
    });
  });

  describe('category (/knowledge/category/{id})', () => {
    it('lists the articles with the first 4 keywords or No keywords, and links that remember the category', async () => {
      const res = await user.get('/knowledge/category/pw-test-cat');
      expect(res.status).toBe(200);
      const html = await res.text();
      const text = textOf(html);
      expect(tab(html, 'Category')).toContain('aria-selected="true"');
      expect(html).toMatch(/<h2[^>]*>Articles<\/h2>/);
      expect(text).toContain('Zebracorn allowance rules');
      expect(text).toContain('alpha, beta, gamma, delta');
      expect(text).not.toContain('epsilon');
      expect(text).toContain('No keywords');
      expect(html).toContain(`href="/knowledge/article/${zebraId}?category=pw-test-cat"`);
      expect(backHref(html)).toBe('/knowledge');
    });

    it('uses the spec heading for a known id', async () => {
      const html = await (await user.get('/knowledge/category/uif')).text();
      expect(html).toMatch(/<h2[^>]*>UIF<\/h2>/);
    });

    it('keeps a held query: Back returns to categories with the Search tab still enabled', async () => {
      const html = await (await user.get('/knowledge/category/pw-test-cat?q=zebracorn')).text();
      expect(backHref(html)).toBe('/knowledge?tab=categories&q=zebracorn');
      expect(href(tab(html, 'Search'))).toBe('/knowledge?q=zebracorn');
      expect(html).toContain(`href="/knowledge/article/${zebraId}?category=pw-test-cat&amp;q=zebracorn"`);
    });

    it('says No items found in this category for an empty one', async () => {
      const html = await (await user.get('/knowledge/category/pw-empty-cat')).text();
      expect(textOf(html)).toContain('No items found in this category');
    });

    it('answers 404 with Failed to load knowledge items and Back to Categories for an unknown id', async () => {
      const res = await user.get('/knowledge/category/no-such-category');
      expect(res.status).toBe(404);
      const text = textOf(await res.text());
      expect(text).toContain('Failed to load knowledge items');
      expect(text).toContain('Back to Categories');
    });
  });

  describe('article (/knowledge/article/{id})', () => {
    it('renders title, keywords, last-updated date, safe markdown, attachments and the assistant link', async () => {
      const res = await user.get(`/knowledge/article/${zebraId}?category=pw-test-cat`);
      expect(res.status).toBe(200);
      const html = await res.text();
      const text = textOf(html);
      expect(html).toContain('<title>Zebracorn allowance rules · Knowledge Base · PayeWise</title>');
      expect(tab(html, 'Article')).toContain('aria-selected="true"');
      expect(href(tab(html, 'Category'))).toBe('/knowledge/category/pw-test-cat');
      expect(tab(html, 'Search')).toContain('aria-disabled="true"');
      expect(html).toMatch(/<h2[^>]*id="kb-article-title"[^>]*>Zebracorn allowance rules<\/h2>/);
      expect(text).toContain('alpha beta gamma delta epsilon zeta eta');
      expect(text).toContain('Last updated: 2026/04/15');
      // markdown
      expect(html).toContain('<div class="prose-pw');
      expect(html).toContain('<strong>zebracorn</strong>');
      expect(html).toContain('<em>tax-free</em>');
      expect(html).toContain('<h2>Worked example</h2>');
      expect(html).toContain('<table>');
      expect(html).toMatch(/<ol>\s*<li>first step<\/li>/);
      expect(html).toContain('&lt;script&gt;alert(&quot;xss&quot;)&lt;/script&gt;');
      expect(html).not.toContain('<script>alert');
      expect(html).not.toContain('javascript:');
      expect(html).toContain('<a href="https://www.sars.gov.za/" target="_blank" rel="noopener noreferrer">SARS</a>');
      // attachments
      expect(text).toContain('Attachments');
      expect(text).toContain('employer-guide.pdf');
      expect(text).toContain('uif-chart.png');
      expect(html).toContain(`<img src="${PNG}" alt="uif-chart.png"`);
      expect(html).toMatch(new RegExp(`<a href="${PDF}" target="_blank" rel="noopener noreferrer"[^>]*>Download</a>`));
      expect(html).toMatch(new RegExp(`<a href="${PNG}" target="_blank" rel="noopener noreferrer"[^>]*>View</a>`));
      expect(html).not.toMatch(new RegExp(`<img src="${PDF}"`));
      // assistant + back
      expect(html).toMatch(new RegExp(`<a href="/chat\\?article=${zebraId}"[^>]*>Ask the assistant about this article</a>`));
      expect(backHref(html)).toBe('/knowledge/category/pw-test-cat');
    });

    it('goes back to the search it came from', async () => {
      const html = await (await user.get(`/knowledge/article/${zebraId}?q=zebracorn`)).text();
      expect(backHref(html)).toBe('/knowledge?q=zebracorn');
      expect(href(tab(html, 'Search'))).toBe('/knowledge?q=zebracorn');
      expect(tab(html, 'Category')).toContain('aria-disabled="true"');
    });

    it('prefers the category when it came from both', async () => {
      const html = await (await user.get(`/knowledge/article/${zebraId}?category=pw-test-cat&q=zebracorn`)).text();
      expect(backHref(html)).toBe('/knowledge/category/pw-test-cat?q=zebracorn');
    });

    it('goes back to categories when opened directly', async () => {
      const html = await (await user.get(`/knowledge/article/${plainId}`)).text();
      expect(backHref(html)).toBe('/knowledge');
      expect(textOf(html)).not.toContain('Attachments');
    });

    it.each([randomUUID(), 'not-a-uuid'])('answers 404 with Failed to load knowledge item and Go Back for %s', async (id) => {
      const res = await user.get(`/knowledge/article/${id}?q=zebracorn`);
      expect(res.status).toBe(404);
      const html = await res.text();
      const text = textOf(html);
      expect(text).toContain('Failed to load knowledge item');
      expect(text).toContain('Go Back');
      expect(html).toMatch(/<a href="\/knowledge\?q=zebracorn"[^>]*>Go Back<\/a>/);
    });
  });

  describe('htmx', () => {
    it('answers an htmx request with the #kb-root fragment and its title, not the whole page', async () => {
      const res = await user.get('/knowledge?q=zebracorn', { 'HX-Request': 'true' });
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html.startsWith('<title>Search: zebracorn · Knowledge Base · PayeWise</title>')).toBe(true);
      expect(html).not.toContain('<!doctype');
      expect(html).not.toContain('id="sidebar"');
      expect(html).not.toContain('id="kb-root"');
      expect(html).toContain('role="tablist"');
      expect(html).toContain('id="kb-panel"');
      expect(textOf(html)).toContain('1 result');
    });

    it('sends the full page for a history restore', async () => {
      const html = await (
        await user.get('/knowledge/category/pw-test-cat', { 'HX-Request': 'true', 'HX-History-Restore-Request': 'true' })
      ).text();
      expect(html.startsWith('<!doctype html>')).toBe(true);
      expect(html).toContain('id="kb-root"');
    });

    it('returns failures as 200 fragments so htmx swaps them in', async () => {
      const res = await user.get(`/knowledge/article/${randomUUID()}`, { 'HX-Request': 'true' });
      expect(res.status).toBe(200);
      expect(textOf(await res.text())).toContain('Failed to load knowledge item');
      expect(JSON.parse(res.headers.get('hx-trigger')!)).toEqual({
        'pw:toast': { title: 'Error', description: 'Failed to load knowledge item', variant: 'destructive' },
      });
      const ok = await user.get('/knowledge/category/pw-test-cat', { 'HX-Request': 'true' });
      expect(ok.headers.get('hx-trigger')).toBeNull();
    });

    it('moves focus to the new panel after a link, not after a tab or a search', async () => {
      const panel = (html: string) => /<div role="tabpanel"[^>]*>/.exec(html)![0];
      expect(panel(await (await user.get('/knowledge/category/pw-test-cat', { 'HX-Request': 'true' })).text())).toContain(
        'data-focus-panel',
      );
      expect(
        panel(await (await user.get('/knowledge/category/pw-test-cat', { 'HX-Request': 'true', 'HX-Trigger': 'kb-tab-category' })).text()),
      ).not.toContain('data-focus-panel');
      expect(
        panel(await (await user.get('/knowledge?q=zebracorn', { 'HX-Request': 'true', 'HX-Trigger': 'kb-search' })).text()),
      ).not.toContain('data-focus-panel');
      expect(panel(await (await user.get('/knowledge/category/pw-test-cat')).text())).not.toContain('data-focus-panel');
    });

    it('shows the article title once: a first "# Title" line of the content is not repeated', async () => {
      const html = await (await user.get(`/knowledge/article/${zebraId}`)).text();
      expect(html.match(/Zebracorn allowance rules<\/h[12]>/g)).toHaveLength(1);
    });

    it('wires the tabs, links and the search form for htmx', async () => {
      const html = await (await user.get(`/knowledge/article/${zebraId}?category=pw-test-cat`)).text();
      expect(html).toMatch(/id="kb-root"[^>]*hx-target="this"/);
      expect(html).toMatch(/id="kb-root"[^>]*hx-push-url="true"/);
      const form = /<form[^>]*role="search"[^>]*>/.exec(html)![0];
      expect(form).toContain('hx-get="/knowledge"');
      expect(form).toContain('action="/knowledge"');
      expect(form).toContain('method="get"');
      expect(html).toMatch(/<a href="\/knowledge\/category\/pw-test-cat" hx-get="\/knowledge\/category\/pw-test-cat"[^>]*role="tab"/);
    });
  });

  describe('/knowledge-admin', () => {
    it('tells a non-admin Access Denied and sends no editor', async () => {
      const res = await user.get('/knowledge-admin');
      expect(res.status).toBe(403);
      const html = await res.text();
      const text = textOf(html);
      expect(text).toContain('Access Denied');
      expect(text).toContain("You don't have permission to access this page.");
      expect(html).not.toContain('data-island="KnowledgeAdmin"');
      expect(html).not.toContain('Zebracorn');
    });

    it('gives an admin the editor island, rendered with the categories and a page of items', async () => {
      const res = await admin.get('/knowledge-admin');
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain('data-island="KnowledgeAdmin"');
      const props = JSON.parse(
        /data-props="([^"]*)"/
          .exec(html)![1]
          .replace(/&quot;/g, '"')
          .replace(/&#x27;/g, "'")
          .replace(/&lt;/g, '<')
          .replace(/&gt;/g, '>')
          .replace(/&amp;/g, '&'),
      );
      expect(props.categories.map((c: { id: string }) => c.id)).toEqual(expect.arrayContaining(['pw-test-cat', 'pw-empty-cat', 'uif']));
      expect(props.list.items.length).toBeLessThanOrEqual(props.list.pageSize);
      const inCategory = await (await admin.get('/api/knowledge/items/admin?categoryId=pw-test-cat')).json();
      expect(inCategory.items.map((i: { id: string }) => i.id)).toEqual([plainId, zebraId]);
      const text = textOf(html);
      expect(text).toContain('Knowledge Base Management');
      expect(text).toContain('Add Category');
      expect(text).toContain('Knowledge Items');
      expect(text).toContain('Test Category Name');
      expect(html).toMatch(/<button[^>]*role="tab"[^>]*aria-selected="true"[^>]*>Categories<\/button>/);
    });
  });
});
