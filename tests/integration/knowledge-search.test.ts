import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSearchQuery, normaliseCodes, titleOnly } from '../../src/knowledge/query';
import { createTestApp, registerUser, type TestApp, type TestClient } from '../helpers/app';
import { dbKinds } from '../helpers/db';

const rowsOf = (r: any): any[] => r.rows ?? r;

// Real seeded content (db/knowledge): the article that must come first for each query.
const RELEVANCE: [string, RegExp][] = [
  ['uif ceiling', /^UIF contribution ceiling/],
  ['UIF Ceiling', /^UIF contribution ceiling/],
  ['unemployment insurance ceiling', /^UIF contribution ceiling/],
  ['emp 201 deadline', /^EMP201 monthly return/],
  ['EMP201 deadline', /^EMP201 monthly return/],
  ['emp-201', /^EMP201 monthly return/],
  ['13th cheque tax', /^PAYE on bonuses and the 13th cheque/],
  ['thirteenth cheque', /^PAYE on bonuses and the 13th cheque/],
  ['bonus tax', /^PAYE on bonuses and the 13th cheque/],
  ['pay as you earn', /^What is PAYE\?/],
  ['UI-19', /^UIF declarations/],
  ['ui19 form', /^UIF declarations/],
  ['sick leave', /^Sick leave entitlement/],
  ['IRP 5', /^IRP5 and IT3\(a\)/],
  ['IT3(a) certificate', /^IRP5 and IT3\(a\)/],
  ['EMP 501', /^EMP501 reconciliation/],
  ['national minimum wage', /^National minimum wage/],
  ['maternity leave', /^Maternity leave/],
  ['family responsibility leave', /^Family responsibility leave/],
  ['overtime', /^Overtime pay/],
  ['medical tax credit', /^Medical scheme fees tax credit/],
  ['tax tables 2026', /^Income tax tables for 2026\/27/],
  ['domestic workers uif', /^UIF for domestic workers/],
  ['ceilin', /^UIF contribution ceiling/], // prefix matching on the word being typed
];

describe.each(dbKinds)('knowledge search on %s', (kind) => {
  let t: TestApp;
  let user: TestClient;
  beforeAll(async () => {
    t = await createTestApp(kind);
    user = (await registerUser(t)).client;
  });
  afterAll(async () => {
    await t?.close();
  });

  const search = async (q: string) => {
    const res = await user.get(`/api/knowledge/search?q=${encodeURIComponent(q)}`);
    expect(res.status, q).toBe(200);
    return (await res.json()) as { id: string; title: string; categoryId: string; keywords: string[]; snippet: string }[];
  };

  it.each(RELEVANCE)('"%s" puts the right article first', async (q, title) => {
    const hits = await search(q);
    expect(hits.length, q).toBeGreaterThan(0);
    expect(hits[0].title, `${q}: ${hits.map((h) => h.title).join(' | ')}`).toMatch(title);
  });

  it('answers { id, title, categoryId, keywords, snippet } with the matches marked', async () => {
    const [first] = await search('uif ceiling');
    expect(Object.keys(first).sort()).toEqual(['categoryId', 'id', 'keywords', 'snippet', 'title']);
    expect(first.categoryId).toBe('uif');
    expect(first.keywords).toContain('uif ceiling');
    expect(first.snippet).toMatch(/<mark>[^<]*(UIF|ceiling)[^<]*<\/mark>/i);
    expect(first.snippet.replace(/<\/?mark>/g, '')).not.toMatch(/[<>]/);
    expect(first.snippet.length).toBeLessThan(400);
  });

  it('falls back to any-word matching when no article has every word', async () => {
    const hits = await search('uif zzyzxqv');
    expect(hits.length).toBeGreaterThan(0);
    expect(hits.every((h) => /uif|unemployment/i.test(h.title + h.keywords.join(' ') + h.snippet))).toBe(true);
  });

  it('honours limit (1 to 50, default 20)', async () => {
    expect(await search('tax')).toHaveLength(20);
    const res = await user.get('/api/knowledge/search?q=tax&limit=3');
    expect(await res.json()).toHaveLength(3);
    expect((await user.get('/api/knowledge/search?q=tax&limit=500')).status).toBe(400);
  });

  it.each(['', 'ab', '  a  ', '   ', 'x'])('refuses the query %j (2 characters or fewer) with 400', async (q) => {
    const res = await user.get(`/api/knowledge/search?q=${encodeURIComponent(q)}`);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ message: 'Search query must be longer than 2 characters' });
  });

  it('refuses a missing or over-long query', async () => {
    expect((await user.get('/api/knowledge/search')).status).toBe(400);
    const long = await user.get(`/api/knowledge/search?q=${'a'.repeat(201)}`);
    expect(long.status).toBe(400);
    expect((await long.json()).message).toBe('Search query must be at most 200 characters');
  });

  it('copes with stop words and hostile input', async () => {
    expect(await search('the and of')).toEqual([]);
    for (const q of ["'; drop table knowledge_items; --", 'uif & | ! <-> :* ()', '%%%', '日本語の検索']) {
      const res = await user.get(`/api/knowledge/search?q=${encodeURIComponent(q)}`);
      expect(res.status, q).toBe(200);
    }
    // Control characters never reach the database: a 400 naming the field.
    const nul = await user.get(`/api/knowledge/search?q=${encodeURIComponent('\u0000\u0001uif')}`);
    expect(nul.status).toBe(400);
    expect(await nul.json()).toMatchObject({ field: 'q' });
    expect((await search('uif')).length).toBeGreaterThan(0);
  });

  it('normalises form codes in SQL exactly as in TypeScript', async () => {
    const samples = ['EMP 201', 'emp-201', 'EMP  501 recon', 'IRP 5', 'UI-19', 'ui 19 form', 'IT3(a)', 'IT 3a', 'e-filing and u-filing', 'it 3 days', 'temp 201', 'ui19x', 'Pay-as-you-earn'];
    for (const s of samples) {
      const [row] = rowsOf(await t.database.db.execute(sql`select knowledge_norm(${s}) as n`));
      expect(row.n, s).toBe(normaliseCodes(s));
    }
  });

  it('uses the GIN indexes', async () => {
    const q = buildSearchQuery('uif ceiling')!.all;
    const plans = await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const head = rowsOf(await tx.execute(sql`explain select id from knowledge_items where search_head @@ to_tsquery('english', ${q})`));
      const full = rowsOf(await tx.execute(sql`explain select id from knowledge_items where search @@ to_tsquery('english', ${q})`));
      return [head, full].map((p) => p.map((r: any) => r['QUERY PLAN']).join('\n'));
    });
    expect(plans[0]).toContain('knowledge_items_search_head_idx');
    expect(plans[1]).toContain('knowledge_items_search_idx');
  });

  it('weights the title above keywords above the text', async () => {
    const [row] = rowsOf(
      await t.database.db.execute(sql`select
        ts_rank(knowledge_search_vector('ceiling', '{}', 'x'), ${sql.raw(`to_tsquery('english', 'ceiling')`)}) as a,
        ts_rank(knowledge_search_vector('x', '{ceiling}', 'x'), ${sql.raw(`to_tsquery('english', 'ceiling')`)}) as b,
        ts_rank(knowledge_search_vector('x', '{}', 'ceiling'), ${sql.raw(`to_tsquery('english', 'ceiling')`)}) as c`),
    );
    expect(Number(row.a)).toBeGreaterThan(Number(row.b));
    expect(Number(row.b)).toBeGreaterThan(Number(row.c));
    const [title] = rowsOf(await t.database.db.execute(sql`select knowledge_head_vector('UIF ceiling', '{x}') @@ to_tsquery('english', ${titleOnly('uif & ceiling')}) as hit`));
    expect(title.hit).toBe(true);
  });
});

// The same results on both databases, when both are available.
describe.runIf(dbKinds.includes('postgres'))('knowledge search: PGlite and PostgreSQL agree', () => {
  let apps: TestApp[] = [];
  beforeAll(async () => {
    apps = [await createTestApp('pglite'), await createTestApp('postgres')];
  });
  afterAll(async () => {
    await Promise.all(apps.map((a) => a.close()));
  });

  it('returns identical results for every relevance query', async () => {
    const clients = await Promise.all(apps.map(async (a) => (await registerUser(a)).client));
    for (const q of [...RELEVANCE.map(([q]) => q), 'tax', 'leave', 'uif zzyzxqv', 'employer']) {
      const [lite, pg] = await Promise.all(clients.map(async (c) => (await c.get(`/api/knowledge/search?q=${encodeURIComponent(q)}&limit=50`)).json()));
      expect(pg, q).toEqual(lite);
    }
  });
});
