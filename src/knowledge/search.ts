// Knowledge search: the ranking over published articles (see the comment on SCORE). Pure SQL over the db;
// the service caches its answers.
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type DB } from '../../db';
import { atLeast, buildSearchQuery, lexemesOf, makeSnippet, titleOnly, type SearchQuery } from './query';
import type { SearchResultDTO } from './schemas';

type Tx = Parameters<Parameters<DB['transaction']>[0]>[0];

// Ranking. The query is a list of terms (words, and synonym groups counted as one term; question words
// dropped: see buildSearchQuery), and an article scores for each term it matches:
//   HEAD (10) when the term is in its title or keywords (search_head), else BODY (5) when only in its text;
//   + TITLE (1) when the term is in the title itself; + LEAD (2), once, when the title starts with a term.
// So the more of the terms an article matches the higher it ranks (of 5 terms, 4 mentioned in the text, 20,
// beat 1 in the title, 13) and no word has to be in every result; but a term in the title or keywords counts
// for two passing mentions in the text, so "how many weeks of maternity leave" finds "Maternity leave — …"
// (which never says "weeks") above an article on record keeping that mentions weeks, maternity and leave.
// On equal scores a match in the title or keywords comes first, then ts_rank (weights D,C,B,A = 0.05,0.1,0.5,1,
// length-normalised; over search_head, or the full vector for text-only matches), then the title and the id.
//
// The cost stays bounded however many articles match, in two steps of bounded size:
//  1. up to HEAD_CANDIDATES articles matching any term in search_head (small vectors, GIN, storage order, so
//     the shipped articles are always among them) are scored on it; the best BODY_CHECKED of them also have
//     their missing terms looked up in the full vector (TOASTed: decompressed once, by strip());
//  2. only when an article matching in its text alone can still make the list (fewer results than the limit,
//     or enough terms that BODY × terms beats the last score), up to BODY_CANDIDATES articles holding at
//     least that many terms in their text (one GIN query: atLeast) are scored.
// Seq scans are switched off for the queries because the planner does not price the decompression of the
// vectors it would read.
const RANK_WEIGHTS = '{0.05,0.1,0.5,1.0}';
const HEAD_CANDIDATES = 1000;
const BODY_CHECKED = 60;
const BODY_CANDIDATES = 400;
const SCORE = { head: 10, body: 5, title: 1, lead: 2 } as const;

interface Scored {
  id: string;
  title: string;
  categoryId: string;
  keywords: string[];
  content: string;
  score: number;
  rank: number;
  /** 0 for step 1 (a term in the title or keywords), 1 for step 2 (text only). */
  tier: number;
  /** The article matches the last term (the one that may be half-typed). */
  hasLast: boolean;
  lexemes: string;
}

const byScore = (a: Scored, b: Scored) =>
  b.score - a.score || a.tier - b.tier || b.rank - a.rank || (a.title < b.title ? -1 : a.title > b.title ? 1 : 0) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);


export function createSearch(db: DB) {
  const numbered = (n: number, f: (i: number) => SQL, sep = sql`, `) => sql.join(Array.from({ length: n }, (_, i) => f(i)), sep);
  const col = (name: string, i: number) => sql.raw(`${name}${i}`);

  /**
   * Step 1: articles matching any term in their title or keywords, scored; the best BODY_CHECKED then look up
   * their missing terms in the text. Returns the best `limit`.
   */
  async function headStep(tx: Tx, terms: string[], leads: string[], limit: number): Promise<Scored[]> {
    const n = terms.length;
    const anyQ = terms.join(' | ');
    // One anchored, case-insensitive expression for all the leads (they are [a-z0-9 ] only): far cheaper per
    // row than a LIKE on lower(title) for each.
    const lead = leads.length ? sql`k.title ~* ${`^(${leads.join('|')})`}` : sql`false`;
    const r = await tx.execute(sql`
      with q as materialized (
        select to_tsquery('english', ${anyQ}) as a,
          ${numbered(n, (i) => sql`to_tsquery('english', ${terms[i]}) as ${col('t', i)}`)},
          ${numbered(n, (i) => sql`to_tsquery('english', ${titleOnly(terms[i])}) as ${col('ta', i)}`)}
      ),
      c as (
        select k.id, k.title,
          ${numbered(n, (i) => sql`(k.search_head @@ q.${col('t', i)})::int as ${col('h', i)}`)},
          ${numbered(n, (i) => sql`(k.search_head @@ q.${col('ta', i)})::int`, sql` + `)} as tc,
          (case when ${lead} then 1 else 0 end) as lead,
          ts_rank(${RANK_WEIGHTS}::float4[], k.search_head, q.a, 1) as rank
        from q join knowledge_items k on k.search_head @@ q.a
        limit ${HEAD_CANDIDATES}
      ),
      top as (
        select c.*, ${numbered(n, (i) => sql`c.${col('h', i)}`, sql` + `)} as hc,
          ${SCORE.head} * (${numbered(n, (i) => sql`c.${col('h', i)}`, sql` + `)}) + ${SCORE.title} * c.tc + ${SCORE.lead} * c.lead as base
        from c
        order by base desc, rank desc, c.title collate "C", c.id collate "C"
        limit ${n > 1 ? Math.max(limit, BODY_CHECKED) : limit}
      ),
      scored as (
        select top.id, top.title, top.rank,
          top.base + ${SCORE.body} * (${numbered(n, (i) => sql`(case when top.${col('h', i)} = 0 and b.v @@ q.${col('t', i)} then 1 else 0 end)`, sql` + `)}) as score,
          (top.${col('h', n - 1)} = 1 or b.v @@ q.${col('t', n - 1)}) as "hasLast"
        from top cross join q
          -- The full vector is read (and decompressed, once, by strip) only when a term is missing from the head.
          left join lateral (select strip(k2.search) as v from knowledge_items k2 where k2.id = top.id and top.hc < ${n} offset 0) b on true
        order by score desc, top.rank desc, top.title collate "C", top.id collate "C"
        limit ${limit}
      )
      select s.id, s.title, k.category_id as "categoryId", k.keywords, k.content, s.score, s.rank, s."hasLast", q.a::text as lexemes
      from scored s join knowledge_items k on k.id = s.id cross join q`);
    return rowsOf<Scored>(r).map((row) => ({ ...row, score: Number(row.score), rank: Number(row.rank), hasLast: !!row.hasLast, tier: 0 }));
  }

  /** Step 2: articles matching at least `m` terms, all of them in the text only. Returns the best `limit`. */
  async function bodyStep(tx: Tx, terms: string[], m: number, limit: number): Promise<Scored[]> {
    const n = terms.length;
    const anyQ = terms.join(' | ');
    const r = await tx.execute(sql`
      with q as materialized (
        select to_tsquery('english', ${anyQ}) as a, to_tsquery('english', ${atLeast(terms, m)}) as f,
          ${numbered(n, (i) => sql`to_tsquery('english', ${terms[i]}) as ${col('t', i)}`)}
      ),
      c as (
        select k.id, k.title, k.search, strip(k.search) as v
        from q join knowledge_items k on k.search @@ q.f and not (k.search_head @@ q.a)
        limit ${BODY_CANDIDATES} offset 0
      ),
      counted as (
        select c.id, c.title, ts_rank(${RANK_WEIGHTS}::float4[], c.search, q.a, 1) as rank,
          ${numbered(n, (i) => sql`(c.v @@ q.${col('t', i)})::int`, sql` + `)} as bc,
          (c.v @@ q.${col('t', n - 1)}) as "hasLast"
        from c cross join q
      ),
      scored as (
        select id, title, rank, ${SCORE.body} * bc as score, "hasLast" from counted
        where bc >= ${m}
        order by score desc, rank desc, title collate "C", id collate "C"
        limit ${limit}
      )
      select s.id, s.title, k.category_id as "categoryId", k.keywords, k.content, s.score, s.rank, s."hasLast", q.a::text as lexemes
      from scored s join knowledge_items k on k.id = s.id cross join q`);
    return rowsOf<Scored>(r).map((row) => ({ ...row, score: Number(row.score), rank: Number(row.rank), hasLast: !!row.hasLast, tier: 1 }));
  }

  /** The best `limit` articles for these terms, by score (see the comment on SCORE). */
  async function ranked(terms: string[], leads: string[], limit: number): Promise<Scored[]> {
    return db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const head = (await headStep(tx, terms, leads, limit)).sort(byScore);
      // How many terms an article matching only in its text needs to make the list (BODY each; on a tie the
      // article matching in its title or keywords stays ahead).
      const m = head.length >= limit ? Math.floor(head[limit - 1].score / SCORE.body) + 1 : 1;
      if (m > terms.length) return head;
      const body = await bodyStep(tx, terms, m, limit);
      return [...head, ...body].sort(byScore).slice(0, limit);
    });
  }

  /** Whether any article at all matches this tsquery (a GIN lookup). */
  async function anyArticleMatches(tsquery: string): Promise<boolean> {
    return db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const r = await tx.execute(sql`select exists (select 1 from knowledge_items where search @@ to_tsquery('english', ${tsquery})) as found`);
      return !!rowsOf<{ found: boolean }>(r)[0]?.found;
    });
  }

  async function find(built: SearchQuery, n: number): Promise<SearchResultDTO[]> {
    let hits = await ranked(built.terms, built.leads, n);
    // A half-typed last word ("uif ceilin") that no article matches as typed: again with a looser prefix.
    const last = built.terms[built.terms.length - 1];
    if (built.looseTerms[built.looseTerms.length - 1] !== last && !hits.some((h) => h.hasLast) && !(await anyArticleMatches(last))) {
      const loose = await ranked(built.looseTerms, built.leads, n);
      if (loose.length > 0) hits = loose;
    }
    // Snippets are cut here rather than with ts_headline: the same result on both databases, and
    // ts_headline re-parses every article (about 1 ms each on PGlite), which alone would blow the budget.
    const lx = lexemesOf(hits[0]?.lexemes ?? '');
    return hits.map((h) => ({ id: h.id, title: h.title, categoryId: h.categoryId, keywords: h.keywords, snippet: makeSnippet(h.content, lx) }));
  }

  /** The best `n` published articles for what a reader typed, with snippets; [] when nothing searchable was typed. */
  return async function searchArticles(q: string, n: number): Promise<SearchResultDTO[]> {
    const built = buildSearchQuery(q.trim());
    if (!built) return [];
    return find(built, n);
  };
}
