// The content lifecycle through the API and pages readers and admins use: drafts, staged edits, scheduled
// publishing, revisions and restore, verification, editors' notes, shipped updates reaching a seeded database.
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { knowledgeItems, knowledgeRevisions } from '../../../db/schema';
import { loadKnowledgeContent, seedKnowledge } from '../../../src/knowledge/seed';
import { createTestApp, makeAdmin, registerUser, type TestApp, type TestClient } from '../../helpers/app';
import { dbKinds } from '../../helpers/db';

const shipped = loadKnowledgeContent(path.resolve('db/knowledge'));
const UIF_CEILING = shipped.items.find((i) => i.file === 'uif/uif-contribution-ceiling.md')!;
const TRAVEL = shipped.items.find((i) => i.file === 'benefits/travel-allowance-and-reimbursive-rate.md')!;

describe.each(dbKinds)('knowledge lifecycle on %s', (kind) => {
  let t: TestApp;
  let reader: TestClient;
  let admin: TestClient;
  let now = new Date('2026-11-27T08:00:00Z');

  beforeAll(async () => {
    t = await createTestApp(kind, {}, { clock: () => now });
    reader = (await registerUser(t)).client;
    const a = await registerUser(t);
    await makeAdmin(t, a.user.id);
    admin = a.client;
  });
  afterAll(async () => {
    await t?.close();
  });

  const article = (over: Record<string, unknown> = {}) => ({
    id: randomUUID(),
    title: `Lifecycle ${randomUUID().slice(0, 8)}`,
    content: 'The first text of the article.',
    categoryId: 'uif',
    keywords: ['lifecycle'],
    ...over,
  });
  const readerSees = async (id: string) => (await reader.get(`/api/knowledge/item/${id}`)).status;

  it('keeps a draft from readers until it is published, and the spec call still publishes at once', async () => {
    const draft = article({ status: 'draft' });
    const created = await admin.post('/api/knowledge/items', draft);
    expect(created.status).toBe(201);
    expect((await created.json()).status).toBe('draft');
    expect(await readerSees(draft.id)).toBe(404);
    expect((await (await reader.get('/api/knowledge/category/uif')).json()).map((i: { id: string }) => i.id)).not.toContain(draft.id);
    expect((await reader.get(`/knowledge/article/${draft.id}`)).status).toBe(404);
    const listed = await (await admin.get(`/api/knowledge/items/admin?status=draft&q=${encodeURIComponent(draft.title)}`)).json();
    expect(listed.items.map((i: { id: string; status: string }) => [i.id, i.status])).toEqual([[draft.id, 'draft']]);

    const published = await admin.post(`/api/knowledge/items/${draft.id}/publish`);
    expect(published.status).toBe(200);
    expect(await readerSees(draft.id)).toBe(200);
    expect((await admin.post(`/api/knowledge/items/${draft.id}/publish`)).status).toBe(409);

    const plain = article();
    expect((await admin.post('/api/knowledge/items', plain)).status).toBe(201);
    expect(await readerSees(plain.id)).toBe(200);
  });

  it('stages an edit of a published article without touching the live text, then publishes it', async () => {
    const a = article();
    await admin.post('/api/knowledge/items', a);
    const staged = await admin.patch(`/api/knowledge/items/${a.id}`, {
      content: 'The staged text.',
      stage: true,
      changeNote: 'Budget update',
    });
    expect(staged.status).toBe(200);
    const body = await staged.json();
    expect(body.content).toBe('The first text of the article.');
    expect(body.draft).toMatchObject({ content: 'The staged text.', note: 'Budget update' });
    expect((await (await reader.get(`/api/knowledge/item/${a.id}`)).json()).content).toBe('The first text of the article.');
    const preview = await (await admin.get(`/knowledge-admin/preview/${a.id}`)).text();
    expect(preview).toContain('The staged text.');
    expect(preview).toContain('readers still see the published version');
    expect((await reader.get(`/knowledge-admin/preview/${a.id}`)).status).toBe(403);

    expect((await admin.post(`/api/knowledge/items/${a.id}/publish`)).status).toBe(200);
    expect((await (await reader.get(`/api/knowledge/item/${a.id}`)).json()).content).toBe('The staged text.');
    const revisions = await (await admin.get(`/api/knowledge/items/${a.id}/revisions`)).json();
    expect(revisions.map((r: { number: number; kind: string }) => [r.number, r.kind])).toEqual([
      [3, 'published'],
      [2, 'staged'],
      [1, 'created'],
    ]);
    expect(revisions[1].note).toBe('Budget update');
    expect((await reader.get(`/api/knowledge/items/${a.id}/revisions`)).status).toBe(403);
  });

  it('restores an earlier revision as a new revision, and a discarded draft leaves the live text alone', async () => {
    const a = article();
    await admin.post('/api/knowledge/items', a);
    await admin.patch(`/api/knowledge/items/${a.id}`, { content: 'A bad edit with a wrong figure.' });
    expect((await (await reader.get(`/api/knowledge/item/${a.id}`)).json()).content).toBe('A bad edit with a wrong figure.');
    const restored = await admin.post(`/api/knowledge/items/${a.id}/revisions/1/restore`, { note: 'Undo the wrong figure' });
    expect(restored.status).toBe(200);
    expect((await (await reader.get(`/api/knowledge/item/${a.id}`)).json()).content).toBe('The first text of the article.');
    const revisions = await (await admin.get(`/api/knowledge/items/${a.id}/revisions`)).json();
    expect(revisions[0]).toMatchObject({
      number: 3,
      kind: 'restored',
      note: 'Undo the wrong figure',
      content: 'The first text of the article.',
    });
    expect(revisions[0].author?.id).toEqual(expect.any(Number));
    expect((await admin.post(`/api/knowledge/items/${a.id}/revisions/99/restore`)).status).toBe(404);
    expect((await admin.post(`/api/knowledge/items/${a.id}/revisions/x/restore`)).status).toBe(400);

    await admin.patch(`/api/knowledge/items/${a.id}`, { content: 'Never mind.', stage: true });
    expect((await admin.delete(`/api/knowledge/items/${a.id}/draft`)).status).toBe(200);
    expect((await admin.delete(`/api/knowledge/items/${a.id}/draft`)).status).toBe(404);
    expect((await (await reader.get(`/api/knowledge/item/${a.id}`)).json()).content).toBe('The first text of the article.');
  });

  it('publishes what is scheduled when its time comes, each once however many processes run the job', async () => {
    const at = new Date(now.getTime() + 60 * 60_000).toISOString();
    const fresh = article({ status: 'draft', publishAt: at });
    const edited = article();
    await admin.post('/api/knowledge/items', fresh);
    await admin.post('/api/knowledge/items', edited);
    await admin.patch(`/api/knowledge/items/${edited.id}`, { content: 'Scheduled text.', stage: true, publishAt: at });
    const k = t.services.knowledge;
    expect(await k.publishDue()).toBe(0);
    expect(await readerSees(fresh.id)).toBe(404);

    now = new Date(now.getTime() + 61 * 60_000);
    const counts = await Promise.all([k.publishDue(), k.publishDue(), k.publishDue()]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(2);
    expect(await readerSees(fresh.id)).toBe(200);
    expect((await (await reader.get(`/api/knowledge/item/${edited.id}`)).json()).content).toBe('Scheduled text.');
    const published = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(knowledgeRevisions)
      .where(sql`${knowledgeRevisions.itemId} in (${fresh.id}, ${edited.id}) and ${knowledgeRevisions.kind} = 'published'`);
    expect(published[0].n).toBe(2);
  });

  it('rejects bad lifecycle input with a clear 400', async () => {
    const a = article();
    await admin.post('/api/knowledge/items', a);
    const bad = async (body: Record<string, unknown>) => {
      const r = await admin.patch(`/api/knowledge/items/${a.id}`, body);
      return [r.status, (await r.json()).message];
    };
    expect(await bad({ status: 'live' })).toEqual([400, 'status must be draft, published or archived']);
    expect(await bad({ publishAt: 'next Tuesday' })).toEqual([400, 'publishAt must be a date and time (ISO 8601), or empty']);
    expect(await bad({ taxYears: ['2026/28'] })).toEqual([400, 'taxYears must be tax years written like 2026/27']);
    const r = await admin.get('/api/knowledge/review?before=yesterday');
    expect(r.status).toBe(400);
  });

  it("shows readers the tax years and the check date, never the editors' notes", async () => {
    const page = await (await reader.get(`/knowledge/article/${UIF_CEILING.id}`)).text();
    expect(page).toContain(
      `Checked on ${new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Africa/Johannesburg' }).format(new Date(UIF_CEILING.verifiedAt!))}`,
    );
    const travel = await (await reader.get(`/api/knowledge/item/${TRAVEL.id}`)).json();
    expect(travel.taxYears).toEqual(TRAVEL.taxYears);
    expect(travel).toMatchObject({ status: 'published', quotesFigures: true });
    expect(travel.lastVerifiedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(travel).not.toHaveProperty('editorNotes');
    expect(JSON.stringify(travel)).not.toMatch(/to be verified|whose text was not checked/i);
    const travelPage = await (await reader.get(`/knowledge/article/${TRAVEL.id}`)).text();
    expect(travelPage).toContain('Applies to 2025/26 and 2026/27');
    expect(travelPage).toContain('This figure is awaiting official confirmation.');
    expect(travelPage).not.toContain(TRAVEL.editorNotes.split('\n')[0].slice(0, 40));
    const forEditors = await (await admin.get(`/api/knowledge/items/admin/${TRAVEL.id}`)).json();
    expect(forEditors.editorNotes).toContain('7182');

    // An article only for an earlier year says so.
    const old = article({ taxYears: ['2025/26'], quotesFigures: true });
    await admin.post('/api/knowledge/items', old);
    const oldPage = await (await reader.get(`/knowledge/article/${old.id}`)).text();
    expect(oldPage).toContain('Applies to 2025/26');
    expect(oldPage).toContain('This article is for 2025/26, an earlier tax year than the current one (2026/27).');
  });

  it('queues articles never verified or verified before a date, and verifying takes them out', async () => {
    const a = article({ quotesFigures: true, taxYears: ['2026/27'] });
    await admin.post('/api/knowledge/items', a);
    const queue = async (before?: string) =>
      (await (await admin.get(`/api/knowledge/review${before ? `?before=${before}` : ''}`)).json()) as {
        items: { id: string; reasons: string[] }[];
        latestTaxYear: string;
      };
    const q1 = await queue();
    expect(q1.latestTaxYear).toBe('2026/27');
    expect(q1.items.find((i) => i.id === a.id)?.reasons).toEqual(['Never verified']);
    const v = await admin.post(`/api/knowledge/items/${a.id}/verify`);
    expect(v.status).toBe(200);
    expect((await v.json()).lastVerifiedBy?.id).toEqual(expect.any(Number));
    expect((await queue()).items.some((i) => i.id === a.id)).toBe(false);
    // The shipped articles were checked before 1 December 2026: all of them are listed with the date.
    const q2 = await queue('2026-12-01');
    expect(q2.items.find((i) => i.id === UIF_CEILING.id)?.reasons[0]).toMatch(
      /^Last verified on \d+ November 2026, before 1 December 2026$/,
    );
  });

  it("brings a shipped correction to a database seeded from an earlier version, and never overwrites an admin's change", async () => {
    // As a database seeded before versions existed: the old text, no shipped version, nobody's edit.
    const OLD = 'The old, uncorrected text of this article.';
    const db = t.database.db;
    await db
      .update(knowledgeItems)
      .set({ content: OLD, shippedVersion: null, editedHere: false, taxYears: [], editorNotes: '' })
      .where(eq(knowledgeItems.id, UIF_CEILING.id));
    await db.update(knowledgeItems).set({ content: OLD, shippedVersion: null, editedHere: true }).where(eq(knowledgeItems.id, TRAVEL.id));
    const r = await seedKnowledge(db);
    expect(r).toMatchObject({ updated: 1, queued: 1 });

    const taken = await (await reader.get(`/api/knowledge/item/${UIF_CEILING.id}`)).json();
    expect(taken.content).toBe(UIF_CEILING.content);
    expect(taken.taxYears).toEqual(UIF_CEILING.taxYears);
    const takenHistory = await (await admin.get(`/api/knowledge/items/${UIF_CEILING.id}/revisions`)).json();
    expect(takenHistory[0]).toMatchObject({ kind: 'shipped', note: `Shipped update: version ${UIF_CEILING.version}` });

    const kept = await (await admin.get(`/api/knowledge/items/admin/${TRAVEL.id}`)).json();
    expect(kept.content).toBe(OLD);
    expect(kept.reviewReason).toMatch(/^Shipped version \d+ was not applied because this article was changed here/);
    const keptHistory = await (await admin.get(`/api/knowledge/items/${TRAVEL.id}/revisions`)).json();
    expect(keptHistory[0]).toMatchObject({ kind: 'shipped-pending', content: TRAVEL.content });
    const queue = await (await admin.get('/api/knowledge/review')).json();
    expect(queue.items.find((i: { id: string }) => i.id === TRAVEL.id)?.reasons).toContain(kept.reviewReason);

    // The next start changes nothing; restoring the shipped revision takes the correction.
    expect(await seedKnowledge(db)).toMatchObject({ updated: 0, queued: 0 });
    await admin.post(`/api/knowledge/items/${TRAVEL.id}/revisions/${keptHistory[0].number}/restore`);
    expect((await (await reader.get(`/api/knowledge/item/${TRAVEL.id}`)).json()).content).toBe(TRAVEL.content);
  });
});
