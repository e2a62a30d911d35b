// Knowledge search: the ranking over published articles (see the comment on SCORE). Pure SQL over the db;
// the service caches its answers.
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type DB } from '../../db';
import {
  MIN_CORRECTED_LENGTH,
  atLeast,
  buildSearchQuery,
  pickCorrection,
  titleOnly,
  withCorrections,
  type QueryWord,
  type SearchQuery,
  type WordCandidate,
} from './query';
import { lexemesOf, makeSnippet } from './snippets';
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
//
// Readers see only published articles in published categories: every query here says so (PUBLISHED).
//
// Spelling (query.ts, "Spelling"): first, one query looks up the plain words of the query in knowledge_words; a
// word no published article uses in any form gets up to CANDIDATES words alike by trigrams (similarity at least
// SIMILARITY, GIN), of which pickCorrection takes the nearest. When a word was corrected, the corrected query is
// searched instead if it finds more: an article the typed query does not find, or some matching every term where
// the query as typed had none. The page then says "Did you mean …?" and counts what was searched: the list itself
// when it is shorter than asked for (it then holds every match), else a count over the GIN index.
const RANK_WEIGHTS = '{0.05,0.1,0.5,1.0}';
const SIMILARITY = 0.25;
const CANDIDATES = 20;
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

/** What the knowledge page shows for a query: the best articles, how many match, and the correction searched. */
export interface SearchPage {
  /** The best `n`, best first. */
  results: SearchResultDTO[];
  /** How many published articles match any term of the query searched (only when asked for). */
  total?: number;
  /** The query with its misspelt words corrected, when that is what was searched. */
  didYouMean?: string;
}

/**
 * An article readers may see: published, in a published category (alias `k`). The categories not published are
 * read once per query (an InitPlan), so the test stays a filter: as a join with the categories it could lead the
 * planner to read the articles in category order and test every vector instead of asking the GIN index.
 */
const PUBLISHED = sql`k.status = 'published' and k.category_id <> all (array(select kc.id from knowledge_categories kc where kc.status <> 'published'))`;

/**
 * Whether any article readers may see matches this tsquery text. The matches are a materialized CTE, planned for
 * all of its rows, so they come from the GIN index: asked for just one row, the planner would rather walk an index
 * in order testing each article's vector, which reads (and decompresses) every vector when nothing matches.
 */
const anyMatch = (tsquery: string) =>
  sql`exists (select 1 from (with m as materialized (select 1 from knowledge_items k where k.search @@ to_tsquery('english', ${tsquery}) and ${PUBLISHED}) select 1 from m) x)`;

const byScore = (a: Scored, b: Scored) =>
  b.score - a.score ||
  a.tier - b.tier ||
  b.rank - a.rank ||
  (a.title < b.title ? -1 : a.title > b.title ? 1 : 0) ||
  (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

export function createSearch(db: DB) {
  const numbered = (n: number, f: (i: number) => SQL, sep = sql`, `) =>
    sql.join(
      Array.from({ length: n }, (_, i) => f(i)),
      sep,
    );
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
        where ${PUBLISHED}
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
        where ${PUBLISHED}
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
  async function ranked(tx: Tx, terms: string[], leads: string[], limit: number): Promise<Scored[]> {
    const head = (await headStep(tx, terms, leads, limit)).sort(byScore);
    // How many terms an article matching only in its text needs to make the list (BODY each; on a tie the
    // article matching in its title or keywords stays ahead).
    const m = head.length >= limit ? Math.floor(head[limit - 1].score / SCORE.body) + 1 : 1;
    if (m > terms.length) return head;
    const body = await bodyStep(tx, terms, m, limit);
    return [...head, ...body].sort(byScore).slice(0, limit);
  }

  /** Whether any published article matches this tsquery (a GIN lookup). */
  async function anyArticleMatches(tx: Tx, tsquery: string): Promise<boolean> {
    const r = await tx.execute(sql`select ${anyMatch(tsquery)} as found`);
    return !!rowsOf<{ found: boolean }>(r)[0]?.found;
  }

  /** How many published articles match this tsquery. */
  async function countMatching(tx: Tx, tsquery: string): Promise<number> {
    const r = await tx.execute(
      sql`select count(*)::int as n from knowledge_items k where k.search @@ to_tsquery('english', ${tsquery}) and ${PUBLISHED}`,
    );
    return Number(rowsOf<{ n: number }>(r)[0]?.n ?? 0);
  }

  /**
   * The corrections of the query's words that no published article uses (typed word → the word to search for).
   * One query: the stem of each word (or, for the word being typed, its start) looked up in knowledge_words, and
   * for each word not found, the words most alike by trigrams. Numbers and stop words are left as typed.
   */
  async function corrections(tx: Tx, words: QueryWord[]): Promise<Map<string, string>> {
    const fixes = new Map<string, string>();
    if (words.length === 0) return fixes;
    const typing = words[words.length - 1].typing;
    const r = await tx.execute(sql`
      with w as (
        select q.word, q.i,
          (q.word !~ '[a-z]' or knowledge_word_lexeme(q.word) = ''
            or exists (select 1 from knowledge_words v where v.lexeme = knowledge_word_lexeme(q.word))
            or (q.i = ${words.length} and ${typing} and exists (select 1 from knowledge_words v where v.word like q.word || '%'))) as known
        from unnest(string_to_array(${words.map((x) => x.word).join(' ')}, ' ')) with ordinality as q(word, i)
      )
      select w.word as typed, c.word, c.similarity
      from w cross join lateral (
        select v.word, similarity(v.word, w.word) as similarity
        from knowledge_words v
        where not w.known and length(w.word) >= ${MIN_CORRECTED_LENGTH} and v.word % w.word
        order by similarity(v.word, w.word) desc, v.word collate "C"
        limit ${CANDIDATES}
      ) c
      where not w.known and length(w.word) >= ${MIN_CORRECTED_LENGTH}
      order by w.i, c.similarity desc, c.word collate "C"`);
    const byWord = new Map<string, WordCandidate[]>();
    for (const row of rowsOf<{ typed: string; word: string; similarity: number }>(r)) {
      const list = byWord.get(row.typed) ?? [];
      list.push({ word: row.word, similarity: Number(row.similarity) });
      byWord.set(row.typed, list);
    }
    for (const w of words) {
      const fix = byWord.has(w.word) ? pickCorrection(w, byWord.get(w.word)!) : null;
      if (fix) fixes.set(w.word, fix);
    }
    return fixes;
  }

  /**
   * Whether the corrected query finds more than the one typed: an article the typed query does not find, or
   * articles matching every term where the typed query had none (the typed word matches nothing, so this is the
   * usual answer). GIN lookups that stop at the first article.
   */
  async function findsMore(tx: Tx, typed: SearchQuery, corrected: SearchQuery): Promise<boolean> {
    const r = await tx.execute(
      sql`select ${anyMatch(`(${corrected.any}) & !(${typed.any})`)} or (${anyMatch(corrected.all)} and not ${anyMatch(typed.all)}) as more`,
    );
    return !!rowsOf<{ more: boolean }>(r)[0]?.more;
  }

  async function find(q: string, typed: SearchQuery, n: number, withTotal: boolean): Promise<SearchPage> {
    const { hits, total, didYouMean } = await db.transaction(async (tx) => {
      // No JIT: with seq scans priced out of reach, a query reading the small categories table would look costly
      // enough to compile (the better part of a second on PostgreSQL).
      await tx.execute(
        sql`select set_config('enable_seqscan', 'off', true), set_config('jit', 'off', true), set_config('pg_trgm.similarity_threshold', ${String(SIMILARITY)}, true)`,
      );
      let built = typed;
      let didYouMean: string | undefined;
      const fixes = await corrections(tx, typed.words);
      if (fixes.size > 0) {
        const text = withCorrections(q, fixes);
        const corrected = buildSearchQuery(text);
        if (corrected && (await findsMore(tx, typed, corrected))) [built, didYouMean] = [corrected, text];
      }
      let terms = built.terms;
      let hits = await ranked(tx, terms, built.leads, n);
      // A half-typed last word ("uif ceilin") that no article matches as typed: again with a looser prefix.
      const last = terms[terms.length - 1];
      if (built.looseTerms[built.looseTerms.length - 1] !== last && !hits.some((h) => h.hasLast) && !(await anyArticleMatches(tx, last))) {
        const loose = await ranked(tx, built.looseTerms, built.leads, n);
        if (loose.length > 0) [hits, terms] = [loose, built.looseTerms];
      }
      // Every article matching a term is listed, best first: fewer than `n`, the list is the count.
      const total = !withTotal ? undefined : hits.length < n ? hits.length : await countMatching(tx, terms.join(' | '));
      return { hits, total, didYouMean };
    });
    // Snippets are cut here rather than with ts_headline: the same result on both databases, and
    // ts_headline re-parses every article (about 1 ms each on PGlite), which alone would blow the budget.
    const lx = lexemesOf(hits[0]?.lexemes ?? '');
    const results = hits.map((h) => ({
      id: h.id,
      title: h.title,
      categoryId: h.categoryId,
      keywords: h.keywords,
      snippet: makeSnippet(h.content, lx),
    }));
    return { results, ...(withTotal ? { total: total ?? 0 } : {}), ...(didYouMean ? { didYouMean } : {}) };
  }

  /**
   * The best `n` published articles for what a reader typed, with snippets (none when nothing searchable was
   * typed); with `total`, also how many match.
   */
  return async function searchArticles(q: string, n: number, opts: { total?: boolean } = {}): Promise<SearchPage> {
    const built = buildSearchQuery(q.trim());
    if (!built) return { results: [], ...(opts.total ? { total: 0 } : {}) };
    return find(q.trim(), built, n, !!opts.total);
  };
}
