import { beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog } from '../../../db/schema';
import { writeAudit } from '../../../src/lib/audit';
import { AUDIT_TEXTS, type AuditPageDTO } from '../../../src/schemas/audit';
import { makeAdmin, registerUser, type TestClient, useTestApp } from '../../helpers/app';
import { dbKinds } from '../../helpers/db';

// The admin audit log, read: GET /api/admin/audit and the /admin/audit page, with real admin actions behind them.

/** The opening tag of the element with this id. */
const tagOf = (html: string, id: string) => new RegExp(`<[a-z]+ [^>]*id="${id}"[^>]*>`).exec(html)?.[0] ?? '';

const textOf = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

describe.each(dbKinds)('admin audit log on %s', (kind) => {
  let now = new Date('2026-11-20T22:30:00.000Z'); // 21 Nov 2026, 00:30 in South Africa
  let admin: TestClient;
  let adminId: number;
  let adminName: string;
  let user: TestClient;
  let bob: TestClient;
  let bobId: number;

  const list = async (qs = '') => {
    const res = await admin.get(`/api/admin/audit${qs}`);
    expect(res.status, qs).toBe(200);
    return (await res.json()) as AuditPageDTO;
  };
  const actions = async (qs = '') => (await list(qs)).entries.map((e) => e.action);

  const t = useTestApp(kind, {}, { clock: () => now });
  beforeAll(async () => {
    const a = await registerUser(t, { username: 'audit_admin' });
    await makeAdmin(t, a.user.id);
    admin = a.client;
    adminId = a.user.id;
    adminName = a.user.username;
    user = (await registerUser(t, { username: 'audit_plain' })).client;
    const b = await registerUser(t, { username: 'audit_bob' });
    bob = b.client;
    bobId = b.user.id;

    // Real admin actions, on different South African days.
    expect((await admin.patch(`/api/users/admin/${bobId}/extend-trial`, { days: 7 })).status).toBe(200);
    now = new Date('2026-11-24T08:00:00.000Z');
    expect(
      (await admin.post('/api/knowledge/categories', { id: 'audit-cat', name: 'Audit Category', description: 'For the audit log' })).status,
    ).toBe(201);
    now = new Date('2026-11-25T06:00:00.000Z');
    expect((await admin.patch(`/api/users/admin/${bobId}/toggle-admin`, { makeAdmin: true })).status).toBe(200);
    now = new Date('2026-11-25T07:00:00.000Z');
    expect(
      (await bob.post('/api/knowledge/categories', { id: 'bob-cat', name: 'Bob Category', description: 'Made by the new admin' })).status,
    ).toBe(201);
    // The system's own action: no actor.
    await writeAudit(t.database.db, {
      actorId: null,
      action: 'knowledge.upload.removed',
      target: 'abc123.pdf',
      details: { reason: 'never attached' },
      at: new Date('2026-11-25T22:30:00.000Z'),
    });
  });

  it('answers 401 to anonymous callers and 403 to non-admins; the page denies like the other admin pages', async () => {
    expect((await t.client().get('/api/admin/audit')).status).toBe(401);
    const denied = await user.get('/api/admin/audit');
    expect(denied.status).toBe(403);
    expect(await denied.json()).toEqual({ message: "You don't have permission to access this page." });

    const anon = await t.client().get('/admin/audit');
    expect(anon.status).toBe(302);
    expect(anon.headers.get('location')).toBe('/auth');
    const page = await user.get('/admin/audit');
    expect(page.status).toBe(403);
    const html = await page.text();
    expect(textOf(html)).toContain('Access Denied');
    expect(html).not.toContain('audit_bob');
    expect(html).not.toContain('href="/admin/audit"');
  });

  it('lists every admin action newest first, with its actor, target and details', async () => {
    const r = await list();
    expect(r).toMatchObject({ total: 5, page: 1, pages: 1 });
    expect(r.entries.map((e) => e.action)).toEqual([
      'knowledge.upload.removed',
      'knowledge.category.create',
      'user.admin.grant',
      'knowledge.category.create',
      'user.trial.extend',
    ]);
    expect(r.actions).toEqual(['knowledge.category.create', 'knowledge.upload.removed', 'user.admin.grant', 'user.trial.extend']);
    const [system, bobsCategory, grant, category, trial] = r.entries;
    expect(category).toEqual({
      id: expect.any(Number),
      at: '2026-11-24T08:00:00.000Z',
      actor: { id: adminId, username: adminName },
      action: 'knowledge.category.create',
      target: 'audit-cat',
      details: { name: 'Audit Category' },
    });
    expect(bobsCategory).toMatchObject({ actor: { id: bobId, username: 'audit_bob' }, target: 'bob-cat' });
    expect(grant).toMatchObject({
      actor: { id: adminId },
      target: `user:${bobId}`,
      details: { username: 'audit_bob', after: { isAdmin: true } },
    });
    expect(trial).toMatchObject({ actor: { id: adminId }, at: '2026-11-20T22:30:00.000Z', details: { days: 7 } });
    expect(system).toMatchObject({ actor: null, target: 'abc123.pdf', details: { reason: 'never attached' } });
  });

  it('filters by action, actor, target and South African days, alone and together', async () => {
    expect(await actions('?action=knowledge.category.create')).toEqual(['knowledge.category.create', 'knowledge.category.create']);
    expect(await actions('?actor=AUDIT_BOB')).toEqual(['knowledge.category.create']);
    expect((await list(`?actor=${adminName}`)).total).toBe(3);
    expect(await actions('?actor=audit')).toEqual([]); // a username, not part of one
    expect(await actions(`?target=user:${bobId}`)).toEqual(['user.admin.grant', 'user.trial.extend']);
    expect(await actions(`?target=user:${bobId}&action=user.admin.grant`)).toEqual(['user.admin.grant']);
    expect(await actions(`?action=knowledge.category.create&actor=${adminName}`)).toEqual(['knowledge.category.create']);
    // 20 Nov 22:30 UTC is 21 Nov in South Africa; 25 Nov 22:30 UTC is 26 Nov.
    expect(await actions('?from=2026-11-21&to=2026-11-21')).toEqual(['user.trial.extend']);
    expect(await actions('?to=2026-11-20')).toEqual([]);
    expect(await actions('?from=2026-11-25&to=2026-11-25')).toEqual(['knowledge.category.create', 'user.admin.grant']);
    expect(await actions('?from=2026-11-26')).toEqual(['knowledge.upload.removed']);
    // What the page's form sends when nothing is filled in: every field, empty.
    expect((await list('?action=&actor=&target=&from=&to=&page=')).total).toBe(5);
    // An action nobody took yet is no error, just nothing; the filter list still holds every action.
    const none = await list('?action=knowledge.item.delete');
    expect(none).toMatchObject({ entries: [], total: 0, page: 1, pages: 1 });
    expect(none.actions).toHaveLength(4);
  });

  it('answers a clear 400 to bad dates, pages and actions', async () => {
    const cases: [string, RegExp][] = [
      ['from=2026-02-30', /from must be a date written YYYY-MM-DD/],
      ['from=27-11-2026', /from must be a date written YYYY-MM-DD/],
      ['to=yesterday', /to must be a date written YYYY-MM-DD/],
      ['from=2026-11-25&to=2026-11-24', new RegExp(AUDIT_TEXTS.badRange)],
      ['page=0', /page must be a whole number/],
      ['page=abc', /page must be a whole number/],
      ['page=1.5', /page must be a whole number/],
      ['action=drop%20table', /action must be an action name/],
      ['from=2026-11-01&from=2026-11-02', /from must be a date/],
    ];
    for (const [qs, message] of cases) {
      const res = await admin.get(`/api/admin/audit?${qs}`);
      expect(res.status, qs).toBe(400);
      expect(((await res.json()) as { message: string }).message, qs).toMatch(message);
    }
    expect(((await (await admin.get('/api/admin/audit?from=2026-11-25&to=2026-11-24')).json()) as { field: string }).field).toBe('to');
  });

  it('pages 50 at a time, newest first', async () => {
    const base = Date.parse('2026-10-01T10:00:00.000Z');
    await t.database.db.insert(adminAuditLog).values(
      Array.from({ length: 120 }, (_, i) => ({
        actorId: adminId,
        action: 'test.bulk',
        target: `bulk:${i}`,
        details: { i },
        at: new Date(base + i * 60_000),
      })),
    );
    const first = await list('?action=test.bulk');
    expect(first).toMatchObject({ total: 120, page: 1, pages: 3 });
    expect(first.entries).toHaveLength(50);
    expect(first.entries[0].target).toBe('bulk:119');
    const last = await list('?action=test.bulk&page=3');
    expect(last.entries.map((e) => e.target)).toEqual(Array.from({ length: 20 }, (_, i) => `bulk:${19 - i}`));
    const past = await list('?action=test.bulk&page=4');
    expect(past).toMatchObject({ entries: [], total: 120, page: 4, pages: 3 });
    expect((await list()).total).toBe(125);
    await t.database.db.delete(adminAuditLog).where((await import('drizzle-orm')).eq(adminAuditLog.action, 'test.bulk'));
  });

  describe('the /admin/audit page', () => {
    it('shows the log in South African time, in words, with the filters, a caption and a nav link', async () => {
      const res = await admin.get('/admin/audit');
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toContain('no-store');
      const html = await res.text();
      const text = textOf(html);
      expect(html).toMatch(/<h1[^>]*>Audit Log<\/h1>/);
      expect(html).toMatch(/<a href="\/admin\/audit" aria-current="page"[^>]*>[\s\S]*?Audit Log<\/a>/);
      // The filters: a plain GET form with a label for each field.
      const form = /<form[^>]*>/.exec(html)![0];
      expect(form).toContain('method="get"');
      expect(form).toContain('action="/admin/audit"');
      for (const [id, label] of [
        ['action', 'Action'],
        ['actor', 'Done by'],
        ['target', 'Target'],
        ['from', 'From'],
        ['to', 'To'],
      ]) {
        expect(html).toContain(`<label for="audit-${id}" class="label">${label}</label>`);
        expect(tagOf(html, `audit-${id}`)).toContain(`name="${id}"`);
      }
      expect(html).toContain('<option value="user.trial.extend">Extended a trial</option>');
      // The table: caption, headers, entries.
      expect(html).toMatch(/<caption[^>]*>Admin actions, newest first: 1–5 of 5<\/caption>/);
      for (const h of ['When', 'Who', 'Action', 'Target', 'Details'])
        expect(html).toContain(`scope="col" class="px-3 py-2 font-medium">${h}</th>`);
      expect(html.match(/data-testid="audit-entry"/g)).toHaveLength(5);
      expect(html).toContain('<time dateTime="2026-11-20T22:30:00.000Z" class="whitespace-nowrap">21 Nov 2026, 00:30</time>');
      expect(text).toContain('Extended a trial');
      expect(text).toContain('Trial extended by 7 days');
      expect(text).toContain('Granted admin rights');
      expect(text).toContain('audit_bob is now an admin');
      expect(text).toContain('Created a category');
      expect(text).toContain('Category “Audit Category”');
      expect(text).toContain('System or a deleted user');
      expect(text).toContain('Never attached to an article');
      // Who and what link to narrower views of the log.
      expect(html).toContain(`href="/admin/audit?actor=audit_bob"`);
      expect(html).toContain(`href="/admin/audit?target=user%3A${bobId}"`);
      // One page: no pagination.
      expect(html).not.toContain('aria-label="Audit log pages"');
    });

    it('filters through its form, keeps the choice and says when nothing matches', async () => {
      const html = await (await admin.get(`/admin/audit?action=user.admin.grant&actor=&target=&from=&to=`)).text();
      expect(html.match(/data-testid="audit-entry"/g)).toHaveLength(1);
      expect(html).toContain('<option value="user.admin.grant" selected="">Granted admin rights</option>');
      expect(textOf(html)).toContain('Admin actions, newest first: 1–1 of 1');

      const from = await (await admin.get('/admin/audit?from=2026-11-26')).text();
      expect(tagOf(from, 'audit-from')).toContain('value="2026-11-26"');
      expect(from.match(/data-testid="audit-entry"/g)).toHaveLength(1);

      const none = await admin.get('/admin/audit?actor=nobody_at_all');
      expect(none.status).toBe(200);
      const noneText = textOf(await none.text());
      expect(noneText).toContain('No entries match these filters.');
      expect(noneText).not.toContain('Admin actions, newest first');
    });

    it('answers bad filters with 400, the form and what is wrong', async () => {
      const res = await admin.get('/admin/audit?from=2026-02-30&actor=audit_bob');
      expect(res.status).toBe(400);
      const html = await res.text();
      expect(html).toContain('role="alert"');
      expect(textOf(html)).toContain('from must be a date written YYYY-MM-DD');
      expect(tagOf(html, 'audit-from')).toContain('aria-describedby="audit-from-error" aria-invalid="true"');
      expect(html).toContain('<p id="audit-from-error" class="field-error">from must be a date written YYYY-MM-DD, e.g. 2026-11-27</p>');
      expect(tagOf(html, 'audit-actor')).toContain('value="audit_bob"');
      expect(html).not.toContain('data-testid="audit-entry"');
    });

    it('pages with links that keep the filters', async () => {
      const base = Date.parse('2026-10-01T10:00:00.000Z');
      await t.database.db.insert(adminAuditLog).values(
        Array.from({ length: 60 }, (_, i) => ({
          actorId: adminId,
          action: 'test.bulk',
          target: `bulk:${i}`,
          at: new Date(base + i * 60_000),
        })),
      );
      const first = await (await admin.get('/admin/audit?action=test.bulk')).text();
      expect(first).toContain('aria-label="Audit log pages"');
      expect(first).toContain('href="/admin/audit?action=test.bulk&amp;page=2" rel="next"');
      expect(textOf(first)).toContain('Page 1 of 2');
      const second = await (await admin.get('/admin/audit?action=test.bulk&page=2')).text();
      expect(second.match(/data-testid="audit-entry"/g)).toHaveLength(10);
      expect(second).toContain('href="/admin/audit?action=test.bulk" rel="prev"');
      expect(textOf(second)).toContain('Admin actions, newest first: 51–60 of 60');
      const past = await (await admin.get('/admin/audit?action=test.bulk&page=9')).text();
      expect(textOf(past)).toContain('There is no page 9');
      expect(past).toContain('href="/admin/audit?action=test.bulk&amp;page=2"');
    });

    it("is not in a non-admin's navigation", async () => {
      const html = await (await user.get('/chat')).text();
      expect(html).not.toContain('href="/admin/audit"');
      expect(await (await admin.get('/chat')).text()).toContain('href="/admin/audit"');
    });
  });
});
