import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSearchQuery, normaliseCodes, titleOnly } from '../../../src/knowledge/query';
import { createTestApp, registerUser, type TestApp, type TestClient } from '../../helpers/app';
import { dbKinds } from '../../helpers/db';

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
  ['uif ceilin', /^UIF contribution ceiling/],
];

// Questions in users' own words: question words are dropped and articles ranked by how many of the other words
// they match (title and keywords counting for more than the text), so no word has to be in every result.
// [question, the article, how near the top it must be]
const QUESTIONS: [string, RegExp, number][] = [
  ['how many annual leave days', /^Annual leave entitlement/, 1],
  ['How many days of annual leave does a 5 day a week worker get per year?', /^Annual leave entitlement/, 1],
  ['when is the EMP501 interim reconciliation due', /^EMP501 reconciliation/, 3],
  ['what is the tax threshold for someone aged 65', /^(Tax rebates and tax thresholds|PAYE for employees aged 65)/, 1],
  ['how many weeks of maternity leave', /^Maternity leave/, 1],
  ['How many weeks of maternity leave are employees entitled to?', /^Maternity leave/, 1],
  ['what is the UIF ceiling', /^UIF contribution ceiling/, 1],
  ['What is the maximum UIF contribution per month?', /^UIF contribution ceiling/, 1],
  ['sick leave days per cycle', /^Sick leave entitlement/, 1],
  ['how many days sick leave does an employee get', /^Sick leave entitlement/, 1],
  ['how many days family responsibility leave', /^Family responsibility leave/, 1],
  ['what is the notice period for someone employed 2 years', /^Notice periods and severance pay/, 1],
  ['When must IRP5 certificates be issued?', /^IRP5 and IT3\(a\)/, 1],
  ['is a part time worker covered by uif', /^UIF for part-time and casual workers/, 1],
  ['how long is parental leave after the van wyk judgment', /^Parental leave/, 1],
  // One word appears in no article at all: the articles matching the rest still come, best first.
  ['annual leave days zzyzxqv', /^Annual leave entitlement/, 1],
  ['interim reconciliation penalty zzyzxqv deadline', /^EMP501 reconciliation/, 1],
];

// Articles another change adds to db/knowledge (travel allowance, company car, employee loans, subsistence,
// commission, directors, provisional tax, foreign nationals and UIF): checked only when the article is there.
const NEWER_ARTICLES: [string, RegExp][] = [
  ['How is a travel allowance taxed?', /^Travel allowance/],
  ['what is the car allowance km rate', /^Travel allowance/],
  ['how is a company car taxed as a fringe benefit', /^Company car/],
  ['What is the official rate of interest for staff loans?', /^Employee loans/],
  ['What are the S&T daily amounts?', /^Subsistence allowances/],
  ['commission earners tax', /^Commission earners/],
  ['Do directors of a private company pay PAYE?', /^Directors/],
  ['When are provisional tax payments due?', /^Provisional tax/],
  ['when is IRP6 due', /^Provisional tax/],
  ['Do foreign nationals pay UIF?', /^(Foreign nationals and UIF|Who is excluded from UIF)/],
  ['do foreigners have to contribute to uif', /^(Foreign nationals and UIF|Who is excluded from UIF)/],
];

// Misspellings and other ways of writing a word: the article still comes first. [as typed, the article]
const MISSPELLINGS: [string, RegExp][] = [
  ['cieling', /^UIF contribution ceiling/],
  ['uif cieling', /^UIF contribution ceiling/],
  ['What is the UIF cieling?', /^UIF contribution ceiling/],
  ['overtme', /^Overtime pay/],
  ['overtme rates', /^Overtime pay/],
  ['matternity', /^Maternity leave/],
  ['matternity leave', /^Maternity leave/],
  ['sikc leave', /^Sick leave entitlement/],
  ['anual leave', /^Annual leave entitlement/],
  ['UI19', /^UIF declarations/],
  ['ui 19', /^UIF declarations/],
  ['EMP 201', /^EMP201 monthly return/],
  ['emp201 deadlne', /^EMP201 monthly return/],
  ['IRP-5', /^IRP5 and IT3\(a\)/],
  ['irp5 certficates', /^IRP5 and IT3\(a\)/],
];

/** The visible text of an HTML page: tags dropped, entities decoded, whitespace collapsed. */
const textOf = (html: string) =>
  html
    .replace(/<(script|style|title)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();

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

  it.each(QUESTIONS)('"%s" finds the right article', async (q, title, within) => {
    const hits = await search(q);
    const titles = hits.map((h) => h.title);
    expect(
      titles.slice(0, within).some((x) => title.test(x)),
      `${q}: ${titles.slice(0, 5).join(' | ')}`,
    ).toBe(true);
  });

  it.each(NEWER_ARTICLES)('"%s" finds its article (when the knowledge base has it)', async (q, title) => {
    const items = await t.services.knowledge.listItems();
    if (!items.some((i) => title.test(i.title))) return; // not seeded yet: that article is another change's
    const hits = await search(q);
    expect(hits.length, q).toBeGreaterThan(0);
    expect(
      hits[0].title,
      `${q}: ${hits
        .slice(0, 5)
        .map((h) => h.title)
        .join(' | ')}`,
    ).toMatch(title);
  });

  it.each(MISSPELLINGS)('"%s" still puts the right article first', async (q, title) => {
    const hits = await search(q);
    expect(hits.length, q).toBeGreaterThan(0);
    expect(
      hits[0].title,
      `${q}: ${hits
        .slice(0, 5)
        .map((h) => h.title)
        .join(' | ')}`,
    ).toMatch(title);
  });

  it('marks the corrected word in the snippet', async () => {
    const [first] = await search('cieling');
    expect(first.snippet).toMatch(/<mark>ceiling<\/mark>/i);
  });

  const page = async (q: string) => {
    const res = await user.get(`/knowledge?q=${encodeURIComponent(q)}`);
    expect(res.status, q).toBe(200);
    const html = await res.text();
    // No space before punctuation where a link ends ("Did you mean <a>…</a>?").
    return {
      html,
      text: textOf(html).replace(/ ([?.,])/g, '$1'),
      titles: [...html.matchAll(/data-testid="kb-search-result"[\s\S]*?<a[^>]*>([^<]*)<\/a>/g)].map((m) => m[1]),
    };
  };

  it('offers "Did you mean …?" on the page, linking the corrected query, and lists its articles', async () => {
    const { html, text, titles } = await page('uif cieling');
    expect(text).toContain('Did you mean uif ceiling? Showing results for it.');
    expect(html).toMatch(/<a href="\/knowledge\?q=uif\+ceiling"[^>]*>uif ceiling<\/a>/);
    expect(titles[0]).toMatch(/^UIF contribution ceiling/);
    // The reader's capitals are kept.
    expect((await page('Matternity Leave')).text).toContain('Did you mean Maternity Leave?');
    // Nothing to correct: no question.
    for (const q of ['uif ceiling', 'EMP 201', 'uif ceilin', 'annual leave days zzyzxqv', 'qqxxzzyy'])
      expect((await page(q)).html, q).not.toContain('kb-did-you-mean');
  });

  describe('the result count', () => {
    // 23 articles about a made-up word, two more that readers cannot see (a draft; one in a draft category).
    const made: string[] = [];
    beforeAll(async () => {
      const svc = t.services.knowledge;
      const db = t.database.db;
      for (let i = 0; i < 25; i++) {
        const item = await svc.createItem({
          categoryId: 'uif',
          title: `Quillwort register ${String(i + 1).padStart(2, '0')}`,
          content: `About the quillwort, part ${i + 1}.`,
          keywords: [],
        });
        made.push(item.id);
      }
      await db.execute(
        sql`insert into knowledge_categories (id, name, description, status) values ('search-hidden', 'Hidden', 'Not yet published.', 'draft') on conflict do nothing`,
      );
      await db.execute(sql`update knowledge_items set status = 'draft' where id = ${made[23]}`);
      await db.execute(sql`update knowledge_items set category_id = 'search-hidden' where id = ${made[24]}`);
    });
    afterAll(async () => {
      for (const id of made) await t.services.knowledge.deleteItem(id).catch(() => {});
      await t.database.db.execute(sql`delete from knowledge_categories where id = 'search-hidden'`);
    });

    it('shows how many articles match in all while the page lists the best 20', async () => {
      const { text, titles } = await page('quillwort');
      expect(text).toContain('23 results');
      expect(titles).toHaveLength(20);
      expect(text).toContain('Showing the 20 best matches.');
      // The API still answers the list, best 20 by default, readers' articles only.
      expect(await search('quillwort')).toHaveLength(20);
      const all = (await (await user.get('/api/knowledge/search?q=quillwort&limit=50')).json()) as { title: string }[];
      expect(all).toHaveLength(23);
      expect(all.map((h) => h.title)).not.toContain('Quillwort register 24'); // a draft
      expect(all.map((h) => h.title)).not.toContain('Quillwort register 25'); // in a draft category
    });

    it('counts what was searched when a misspelling was corrected', async () => {
      const { text, titles } = await page('quilwort');
      expect(text).toContain('Did you mean quillwort?');
      expect(text).toContain('23 results');
      expect(titles[0]).toMatch(/^Quillwort register/);
    });

    it('counts every match of a common word', async () => {
      const { text } = await page('leave');
      const total = Number(/(\d+) results/.exec(text)?.[1]);
      expect(total).toBeGreaterThan(20);
      const listed = (await (await user.get('/api/knowledge/search?q=leave&limit=50')).json()) as unknown[];
      expect(listed).toHaveLength(Math.min(total, 50));
    });
  });

  it('corrects to the words of published articles only, and forgets a word with its last article', async () => {
    const svc = t.services.knowledge;
    expect(await search('brumbleweed')).toEqual([]);
    const item = await svc.createItem({
      categoryId: 'uif',
      title: 'Brambleweed allowance',
      content: 'How the brambleweed allowance is paid.',
      keywords: [],
    });
    try {
      expect((await search('brumbleweed')).map((h) => h.title)).toEqual(['Brambleweed allowance']);
      expect((await svc.searchPage('brumbleweed')).didYouMean).toBe('brambleweed');
      await svc.updateItem(item.id, { title: 'Thistledown allowance', content: 'How the thistledown allowance is paid.' });
      expect(await search('brumbleweed')).toEqual([]);
      expect((await search('thistledowm')).map((h) => h.title)).toEqual(['Thistledown allowance']);
      // A draft's words are not offered.
      await t.database.db.execute(sql`update knowledge_items set status = 'draft' where id = ${item.id}`);
      const hidden = await svc.searchPage('thistledowm');
      expect(hidden).toEqual({ results: [], total: 0 });
    } finally {
      await svc.deleteItem(item.id);
    }
    expect(rowsOf(await t.database.db.execute(sql`select word from knowledge_words where word in ('brambleweed', 'thistledown')`))).toEqual(
      [],
    );
  });

  it('does not let a stray word of the question pick the article ("many" is in the UIF declarations article)', async () => {
    const hits = await search('how many annual leave days');
    expect(hits[0].title).toMatch(/^Annual leave/);
    expect(hits.slice(0, 3).map((h) => h.title)).not.toContain(expect.stringMatching(/^UIF declarations/));
    expect(hits[0].snippet).toMatch(/<mark>[^<]*(annual|leave|days)[^<]*<\/mark>/i);
  });

  it('ranks by how many of the words an article matches: 4 of 5 in the text beat 1 in the title', async () => {
    const svc = t.services.knowledge;
    const made = await Promise.all([
      svc.createItem({ categoryId: 'uif', title: 'Flummox register', content: 'Nothing else to see here.', keywords: [] }),
      svc.createItem({
        categoryId: 'uif',
        title: 'Office notes',
        content: 'On the quagmire, the flummox and the wibble, see the womble.',
        keywords: [],
      }),
      svc.createItem({ categoryId: 'uif', title: 'Quagmire wibble womble flummox', content: 'All four in the title.', keywords: [] }),
    ]);
    try {
      const hits = await search('quagmire flummox wibble womble zzyzxqv');
      expect(hits.map((h) => h.title)).toEqual(['Quagmire wibble womble flummox', 'Office notes', 'Flummox register']);
      expect(hits[1].snippet).toMatch(/<mark>quagmire,?<\/mark>/);
      // A word in the title counts for two passing mentions in the text.
      const two = await search('wibble flummox');
      expect(two.map((h) => h.title)).toEqual(['Quagmire wibble womble flummox', 'Flummox register', 'Office notes']);
    } finally {
      for (const item of made) await svc.deleteItem(item.id);
    }
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
    const samples = [
      'EMP 201',
      'emp-201',
      'EMP  501 recon',
      'IRP 5',
      'UI-19',
      'ui 19 form',
      'IT3(a)',
      'IT 3a',
      'e-filing and u-filing',
      'it 3 days',
      'temp 201',
      'ui19x',
      'Pay-as-you-earn',
    ];
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
    const [title] = rowsOf(
      await t.database.db.execute(
        sql`select knowledge_head_vector('UIF ceiling', '{x}') @@ to_tsquery('english', ${titleOnly('uif & ceiling')}) as hit`,
      ),
    );
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
    for (const q of [
      ...RELEVANCE.map(([q]) => q),
      ...QUESTIONS.map(([q]) => q),
      ...NEWER_ARTICLES.map(([q]) => q),
      ...MISSPELLINGS.map(([q]) => q),
      'tax',
      'leave',
      'uif zzyzxqv',
      'employer',
      'how long',
    ]) {
      const [lite, pg] = await Promise.all(
        clients.map(async (c) => (await c.get(`/api/knowledge/search?q=${encodeURIComponent(q)}&limit=50`)).json()),
      );
      expect(pg, q).toEqual(lite);
    }
  });

  it('counts and corrects alike', async () => {
    for (const q of [
      ...MISSPELLINGS.map(([q]) => q),
      'tax',
      'leave',
      'uif ceilin',
      'how many weeks of maternity leave',
      'annual leave days zzyzxqv',
    ]) {
      const [lite, pg] = await Promise.all(apps.map(async (a) => a.services.knowledge.searchPage(q)));
      expect(pg, q).toEqual(lite);
    }
    // (The vocabularies themselves may differ by a stem or two: PostgreSQL 15's English stemmer reads "added" as
    // "ad", PGlite's newer one as "add".)
  });
});

// Search answers are kept until an article or category changes: the change empties them at once in the
// process that made it, and in every other process on the same database through its announcement.
const until = async (what: string, check: () => Promise<boolean>, ms = 5000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`not within ${ms} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
};

describe.each(dbKinds)('kept search answers on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('every edit shows in the next search on the same process', async () => {
    const k = t.services.knowledge;
    const titles = async (q: string) => (await k.search(q)).map((h) => h.title);
    await until('subscribed', async () => (await k.search('uif ceiling'), true));
    expect(await titles('gribbleflax')).toEqual([]);
    const made = await k.createItem({ categoryId: 'uif', title: 'Gribbleflax rules', content: 'About gribbleflax.', keywords: [] });
    expect(await titles('gribbleflax')).toEqual(['Gribbleflax rules']);
    await k.updateItem(made.id, { title: 'Gribbleflax rules, revised' });
    expect(await titles('gribbleflax')).toEqual(['Gribbleflax rules, revised']);
    await k.deleteItem(made.id);
    expect(await titles('gribbleflax')).toEqual([]);
  });

  it.runIf(kind === 'postgres')(
    'an edit on one process shows in the next search on another; a lost announcement is made up on reconnect',
    async () => {
      const other = await createTestApp('postgres', { DATABASE_URL: t.config.databaseUrl! });
      try {
        const here = t.services.knowledge;
        const there = other.services.knowledge;
        const titlesThere = async (q: string) => (await there.search(q)).map((h) => h.title);
        expect(await titlesThere('plumbusquark')).toEqual([]);
        expect(await titlesThere('plumbusquark')).toEqual([]); // now kept there
        const made = await here.createItem({ categoryId: 'uif', title: 'Plumbusquark guide', content: 'Plumbusquark.', keywords: [] });
        await until('the other process sees the new article', async () => (await titlesThere('plumbusquark')).length === 1);

        // A change the other process is never told of (straight into the table), then its listening connection drops:
        // on reconnecting it forgets what it kept.
        await other.database.db.execute(sql`update knowledge_items set title = 'Plumbusquark handbook' where id = ${made.id}`);
        expect(await titlesThere('plumbusquark')).toEqual(['Plumbusquark guide']);
        await t.database.db.execute(
          sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'listen%' and pid <> pg_backend_pid()`,
        );
        await until(
          'the other process forgets on reconnect',
          async () => (await titlesThere('plumbusquark'))[0] === 'Plumbusquark handbook',
          10_000,
        );
        await here.deleteItem(made.id);
        await until('the other process sees the deletion', async () => (await titlesThere('plumbusquark')).length === 0);
      } finally {
        await other.close();
      }
    },
  );
});
