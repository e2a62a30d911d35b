// Knowledge base service: browse, search, admin CRUD, attachments. Routes and pages call these directly.
//
//   const k = createKnowledgeService({ db, storage, clock, log })          // c.var.services.knowledge
//
//   Reads (any signed-in user; pages may call them directly)
//     k.listCategories(): Promise<CategoryDTO[]>                         // seed order, then creation order
//     k.listCategoriesWithCounts(): Promise<(CategoryDTO & { itemCount: number })[]>
//     k.findCategory(id: string): Promise<CategoryDTO | null>
//     k.getCategory(id: string): Promise<CategoryDTO>                    // AppError 404 'Category not found'
//     k.listItemsByCategory(categoryId: string): Promise<ItemDTO[]>      // by title; 404 if the category is unknown
//     k.listItems(): Promise<ItemDTO[]>                                  // all items, by title
//     k.findItem(id: string): Promise<ItemDTO | null>                    // null for unknown or malformed ids
//     k.getItem(id: string): Promise<ItemDTO>                            // AppError 404 'Knowledge item not found'
//     k.search(q: string, opts?: { limit?: number }): Promise<SearchResultDTO[]>
//         best first; limit 1..50 (default 20); q as searchQuerySchema accepts it (routes validate).
//         snippet: up to 30 words of the article around the query words, HTML-escaped, whose only
//         markup is <mark>…</mark> (safe for dangerouslySetInnerHTML).
//     k.openUpload(key: string): Promise<UploadFile | null>              // for GET /uploads/<key>
//
//   Writes (admin; `actor` is recorded in admin_audit_log). Inputs are what the zod schemas in ./schemas
//   produce: routes validate with them before calling.
//     k.createCategory(input: CreateCategoryData, actor?: Actor): Promise<CategoryDTO>         // 409 on a taken id
//     k.updateCategory(id: string, input: UpdateCategoryData, actor?: Actor): Promise<CategoryDTO>
//     k.deleteCategory(id: string, actor?: Actor): Promise<{ deletedItems: number; deletedFiles: number }>
//     k.createItem(input: CreateItemData, actor?: Actor): Promise<ItemDTO>                     // 409 on a taken id
//     k.updateItem(id: string, input: UpdateItemData, actor?: Actor): Promise<ItemDTO>
//     k.deleteItem(id: string, actor?: Actor): Promise<{ deletedFiles: number }>
//     k.upload(file: { name: string; bytes: Uint8Array }, actor?: Actor): Promise<{ filePath: string }>
//     k.sweepOrphanUploads(graceMs?): Promise<number>                     // uploads never attached within a day
//
// Attachment files are deleted only after the database change has committed, and only when no other item
// still lists them.
import { asc, desc, eq, sql } from 'drizzle-orm';
import type { DB } from '../../db';
import { adminAuditLog, knowledgeCategories, knowledgeItems } from '../../db/schema';
import { AppError, pgCode } from '../errors';
import type { Logger } from '../lib/logger';
import type { Storage } from '../storage';
import {
  CONTENT_TYPES, IMAGE_EXTENSIONS, MAX_UPLOAD_BYTES, UPLOAD_MESSAGES, UPLOAD_PREFIX, extensionOf, isAllowedExtension,
  isValidStorageKey, matchesMagicBytes, newStorageKey, storageKeyFromPath, type AllowedExtension,
} from './files';
import { buildSearchQuery, lexemesOf, makeSnippet, titleOnly } from './query';
import {
  SEARCH_TOO_SHORT, isUuid, type CategoryDTO, type CreateCategoryData, type CreateItemData, type ItemDTO, type SearchResultDTO,
  type UpdateCategoryData, type UpdateItemData,
} from './schemas';

export type { CategoryDTO, ItemDTO, SearchResultDTO } from './schemas';

export interface Actor {
  id: number;
}

export interface UploadFile {
  body: ReadableStream<Uint8Array>;
  size?: number;
  contentType: string;
  /** `inline` for images, `attachment; filename="…"` for everything else. */
  contentDisposition: string;
}

export interface KnowledgeDeps {
  db: DB;
  storage: Storage;
  clock?: () => Date;
  log?: Logger;
}

export const NOT_FOUND = {
  category: 'Category not found',
  item: 'Knowledge item not found',
} as const;

const DEFAULT_LIMIT = 20;

const categoryCols = {
  id: knowledgeCategories.id,
  name: knowledgeCategories.name,
  description: knowledgeCategories.description,
  createdAt: knowledgeCategories.createdAt,
  updatedAt: knowledgeCategories.updatedAt,
};
const itemCols = {
  id: knowledgeItems.id,
  title: knowledgeItems.title,
  content: knowledgeItems.content,
  categoryId: knowledgeItems.categoryId,
  keywords: knowledgeItems.keywords,
  attachments: knowledgeItems.attachments,
  createdAt: knowledgeItems.createdAt,
  updatedAt: knowledgeItems.updatedAt,
};

// Ranking, in two tiers so that the cost stays bounded however many articles match:
//  1. articles whose title and keywords alone satisfy the query: title matches first, then titles that start
//     with the query, then ts_rank over the small title+keywords vector (search_head; weights D,C,B,A =
//     0.05,0.1,0.5,1, length-normalised);
//  2. if that leaves room, articles matching only in their text, ranked by ts_rank over the full vector (it is
//     TOASTed: reading it costs ~10 µs a row on PGlite).
// Each tier ranks at most its *_CANDIDATES rows, taken in storage order (oldest first, so the shipped articles
// are always among them). Both use their GIN index; seq scans are switched off for the query because the
// planner does not price the decompression of the vectors it would read.
const RANK_WEIGHTS = '{0.05,0.1,0.5,1.0}';
const HEAD_CANDIDATES = 1000;
const BODY_CANDIDATES = 400;

export function createKnowledgeService(deps: KnowledgeDeps) {
  const { db, storage } = deps;
  const clock = deps.clock ?? (() => new Date());
  const log = deps.log;
  const now = () => clock().toISOString();

  type Tx = Parameters<Parameters<DB['transaction']>[0]>[0];
  const audit = (tx: Tx | DB, actor: Actor | undefined, action: string, target: string, details?: Record<string, unknown>) =>
    tx.insert(adminAuditLog).values({ actorId: actor?.id ?? null, action, target, details: details ?? null, at: clock() });

  async function findCategory(id: string): Promise<CategoryDTO | null> {
    if (typeof id !== 'string' || id.length > 200) return null;
    const [row] = await db.select(categoryCols).from(knowledgeCategories).where(eq(knowledgeCategories.id, id));
    return row ?? null;
  }

  async function getCategory(id: string): Promise<CategoryDTO> {
    const c = await findCategory(id);
    if (!c) throw new AppError(404, NOT_FOUND.category);
    return c;
  }

  async function findItem(id: string): Promise<ItemDTO | null> {
    if (typeof id !== 'string' || !isUuid(id)) return null;
    const [row] = await db.select(itemCols).from(knowledgeItems).where(eq(knowledgeItems.id, id.toLowerCase()));
    return row ?? null;
  }

  async function getItem(id: string): Promise<ItemDTO> {
    const item = await findItem(id);
    if (!item) throw new AppError(404, NOT_FOUND.item);
    return item;
  }

  async function assertCategoryExists(id: string) {
    const [row] = await db.select({ id: knowledgeCategories.id }).from(knowledgeCategories).where(eq(knowledgeCategories.id, id));
    if (!row) throw new AppError(400, 'The selected category does not exist');
  }

  async function assertUploadsExist(paths: string[]) {
    for (const p of paths) {
      const key = storageKeyFromPath(p);
      if (!key || !(await storage.exists(key))) throw new AppError(400, `Attachment not found: ${p}. Please upload it again.`);
    }
  }

  /** Deletes stored files no item lists any more. Never throws: a leftover file is logged, not fatal. */
  async function removeFiles(paths: string[]): Promise<number> {
    let removed = 0;
    for (const p of new Set(paths)) {
      const key = storageKeyFromPath(p);
      if (!key) continue;
      try {
        const [still] = await db
          .select({ id: knowledgeItems.id })
          .from(knowledgeItems)
          .where(sql`${knowledgeItems.attachments} @> ARRAY[${p}]::text[]`)
          .limit(1);
        if (still) continue;
        await storage.delete(key);
        removed++;
      } catch (err) {
        log?.error('attachment removal failed', { key, error: String(err) });
      }
    }
    return removed;
  }

  /**
   * One ranked search. With `coverage` (each term's tsquery), only title and keyword matches are ranked, first
   * by how many of the terms they match: the ranking for questions where one word may be missing.
   */
  async function runSearch(tsquery: string, phrase: string, limit: number, coverage?: string[]): Promise<(SearchResultDTO & { covered: number })[]> {
    const query = sql`to_tsquery('english', ${tsquery})`;
    // An article whose title starts with what was asked ("maternity leave" → "Maternity leave — …") is
    // the one about it. The phrase holds only [a-z0-9 ], so it is safe inside LIKE.
    const startsWith = phrase ? sql`case when lower(${knowledgeItems.title}) like ${`${phrase}%`} then 0.5 else 0 end` : sql`0`;
    const inTitle = sql`to_tsquery('english', ${titleOnly(tsquery)})`;
    const t = knowledgeItems;
    const { rows, lexemes } = await db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      // Rank narrow rows first and fetch the article text only for the winners.
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- drizzle has no public type for "an aliased subquery with these columns"
      const fetch = async (ranked: any) =>
        tx
          .select({ id: t.id, title: t.title, categoryId: t.categoryId, keywords: t.keywords, content: t.content, lexemes: sql<string>`${query}::text`, covered: ranked.covered })
          .from(ranked)
          .innerJoin(t, eq(t.id, ranked.id))
          .orderBy(desc(ranked.rank), asc(ranked.title), asc(ranked.id));

      const covered = coverage?.length
        ? sql.join(coverage.map((term) => sql`(case when ${t.searchHead} @@ to_tsquery('english', ${term}) then 1 else 0 end)`), sql` + `)
        : sql`0`;
      const headCandidates = tx
        .select({
          id: t.id,
          title: t.title,
          covered: sql<number>`${covered}`.as('covered'),
          rank: sql<number>`${covered} * 10 + (case when ${t.searchHead} @@ ${inTitle} then 2.0 else 1.0 end) + ${startsWith} + ts_rank(${RANK_WEIGHTS}::float4[], ${t.searchHead}, ${query}, 1)`.as('rank'),
        })
        .from(t)
        .where(sql`${t.searchHead} @@ ${query}`)
        .limit(HEAD_CANDIDATES)
        .as('head_candidates');
      const headRanked = tx
        .select({ id: headCandidates.id, title: headCandidates.title, rank: headCandidates.rank, covered: headCandidates.covered })
        .from(headCandidates)
        .orderBy(desc(headCandidates.rank), asc(headCandidates.title), asc(headCandidates.id))
        .limit(limit)
        .as('ranked');
      const top = await fetch(headRanked);
      if (top.length >= limit || coverage) return { rows: top, lexemes: top[0]?.lexemes ?? '' };

      const candidates = tx
        .select({ id: t.id, title: t.title, covered: sql<number>`0`.as('covered'), rank: sql<number>`ts_rank(${RANK_WEIGHTS}::float4[], ${t.search}, ${query}, 1)`.as('rank') })
        .from(t)
        .where(sql`${t.search} @@ ${query} and not (${t.searchHead} @@ ${query})`)
        .limit(BODY_CANDIDATES)
        .as('candidates');
      const bodyRanked = tx
        .select({ id: candidates.id, title: candidates.title, rank: candidates.rank, covered: candidates.covered })
        .from(candidates)
        .orderBy(desc(candidates.rank), asc(candidates.title), asc(candidates.id))
        .limit(limit - top.length)
        .as('ranked');
      const rest = await fetch(bodyRanked);
      const rows = [...top, ...rest];
      return { rows, lexemes: rows[0]?.lexemes ?? '' };
    });
    // Snippets are cut here rather than with ts_headline: the same result on both databases, and
    // ts_headline re-parses every article (about 1 ms each on PGlite), which alone would blow the budget.
    const lx = lexemesOf(lexemes ?? '');
    return rows.map((r) => ({ id: r.id, title: r.title, categoryId: r.categoryId, keywords: r.keywords, snippet: makeSnippet(r.content, lx), covered: Number(r.covered) }));
  }

  async function search(q: string, opts: { limit?: number } = {}): Promise<SearchResultDTO[]> {
    const built = buildSearchQuery(q.trim());
    if (!built) return [];
    const n = opts.limit ?? DEFAULT_LIMIT;
    const strip = (hits: (SearchResultDTO & { covered: number })[]): SearchResultDTO[] => hits.map(({ covered: _, ...hit }) => hit);
    // Several terms: articles whose title and keywords hold all or all but one of them come first, even when
    // a word is missing ("how many weeks of maternity leave" → the maternity article), then every-word matches.
    if (built.terms.length >= 2) {
      const need = Math.max(2, built.terms.length - 1);
      const strong = (await runSearch(built.any, built.phrase, n, built.terms)).filter((h) => h.covered >= need);
      if (strong.length > 0) {
        const ids = new Set(strong.map((h) => h.id));
        const rest = strong.length < n ? (await runSearch(built.all, built.phrase, n)).filter((h) => !ids.has(h.id)) : [];
        return strip([...strong, ...rest].slice(0, n));
      }
    }
    // Every word; then every word with a looser prefix on the one being typed; then any word.
    for (const tsquery of new Set([built.all, built.loose, built.any])) {
      const hits = await runSearch(tsquery, built.phrase, n);
      if (hits.length > 0) return strip(hits);
    }
    return [];
  }

  return {
    findCategory,
    getCategory,
    findItem,
    getItem,
    search,

    async listCategories(): Promise<CategoryDTO[]> {
      return db.select(categoryCols).from(knowledgeCategories).orderBy(asc(knowledgeCategories.createdAt), asc(knowledgeCategories.id));
    },

    /** For the admin screen: each category with how many items it holds. */
    async listCategoriesWithCounts(): Promise<(CategoryDTO & { itemCount: number })[]> {
      return db
        .select({ ...categoryCols, itemCount: sql<number>`(select count(*)::int from knowledge_items ki where ki.category_id = "knowledge_categories"."id")` })
        .from(knowledgeCategories)
        .orderBy(asc(knowledgeCategories.createdAt), asc(knowledgeCategories.id));
    },

    async listItemsByCategory(categoryId: string): Promise<ItemDTO[]> {
      await getCategory(categoryId);
      return db
        .select(itemCols)
        .from(knowledgeItems)
        .where(eq(knowledgeItems.categoryId, categoryId))
        .orderBy(asc(sql`lower(${knowledgeItems.title})`), asc(knowledgeItems.id));
    },

    async listItems(): Promise<ItemDTO[]> {
      return db.select(itemCols).from(knowledgeItems).orderBy(asc(sql`lower(${knowledgeItems.title})`), asc(knowledgeItems.id));
    },

    async createCategory(data: CreateCategoryData, actor?: Actor): Promise<CategoryDTO> {
      const at = now();
      try {
        return await db.transaction(async (tx) => {
          const [row] = await tx
            .insert(knowledgeCategories)
            .values({ ...data, createdAt: at, updatedAt: at })
            .onConflictDoNothing({ target: knowledgeCategories.id })
            .returning(categoryCols);
          if (!row) throw new AppError(409, `A category with the ID "${data.id}" already exists`);
          await audit(tx, actor, 'knowledge.category.create', row.id, { name: row.name });
          return row;
        });
      } catch (err) {
        if (pgCode(err) === '23505') throw new AppError(409, `A category with the ID "${data.id}" already exists`);
        throw err;
      }
    },

    async updateCategory(id: string, data: UpdateCategoryData, actor?: Actor): Promise<CategoryDTO> {
      await getCategory(id);
      if (data.id !== undefined && data.id.trim() !== '' && data.id.trim().toLowerCase() !== id) throw new AppError(400, 'The category ID cannot be changed');
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(knowledgeCategories)
          .set({ name: data.name, description: data.description, updatedAt: now() })
          .where(eq(knowledgeCategories.id, id))
          .returning(categoryCols);
        if (!row) throw new AppError(404, NOT_FOUND.category);
        await audit(tx, actor, 'knowledge.category.update', id, { name: row.name });
        return row;
      });
    },

    async deleteCategory(id: string, actor?: Actor): Promise<{ deletedItems: number; deletedFiles: number }> {
      await getCategory(id);
      const { files, items } = await db.transaction(async (tx) => {
        const rows = await tx
          .select({ id: knowledgeItems.id, attachments: knowledgeItems.attachments })
          .from(knowledgeItems)
          .where(eq(knowledgeItems.categoryId, id))
          .for('update');
        const [gone] = await tx.delete(knowledgeCategories).where(eq(knowledgeCategories.id, id)).returning({ id: knowledgeCategories.id });
        if (!gone) throw new AppError(404, NOT_FOUND.category);
        // ON DELETE CASCADE took the items with it.
        await audit(tx, actor, 'knowledge.category.delete', id, { items: rows.map((r) => r.id) });
        return { files: rows.flatMap((r) => r.attachments), items: rows.length };
      });
      const deletedFiles = await removeFiles(files);
      return { deletedItems: items, deletedFiles };
    },

    async createItem(data: CreateItemData, actor?: Actor): Promise<ItemDTO> {
      const id = data.id ?? crypto.randomUUID();
      if (await findItem(id)) throw new AppError(409, 'A knowledge item with this ID already exists');
      await assertCategoryExists(data.categoryId);
      const attachments = data.attachments ?? [];
      await assertUploadsExist(attachments);
      const at = now();
      try {
        return await db.transaction(async (tx) => {
          const [row] = await tx
            .insert(knowledgeItems)
            .values({ id, title: data.title, content: data.content, categoryId: data.categoryId, keywords: data.keywords ?? [], attachments, createdAt: at, updatedAt: at })
            .onConflictDoNothing({ target: knowledgeItems.id })
            .returning(itemCols);
          if (!row) throw new AppError(409, 'A knowledge item with this ID already exists');
          await audit(tx, actor, 'knowledge.item.create', id, { title: row.title, categoryId: row.categoryId });
          return row;
        });
      } catch (err) {
        const code = pgCode(err);
        if (code === '23505') throw new AppError(409, 'A knowledge item with this ID already exists');
        if (code === '23503') throw new AppError(400, 'The selected category does not exist');
        throw err;
      }
    },

    async updateItem(id: string, data: UpdateItemData, actor?: Actor): Promise<ItemDTO> {
      const current = await getItem(id);
      if (data.id !== undefined && data.id.trim() !== '' && data.id.trim().toLowerCase() !== current.id) throw new AppError(400, 'The item ID cannot be changed');
      if (data.categoryId !== undefined && data.categoryId !== current.categoryId) await assertCategoryExists(data.categoryId);

      let attachments = current.attachments;
      if (data.existingAttachments !== undefined) attachments = [...new Set([...data.existingAttachments, ...(data.attachments ?? [])])];
      else if (data.attachments !== undefined) attachments = data.attachments;
      if (attachments.length > 20) throw new AppError(400, 'An item can have at most 20 attachments');
      const added = attachments.filter((p) => !current.attachments.includes(p));
      const removed = current.attachments.filter((p) => !attachments.includes(p));
      await assertUploadsExist(added);

      const changes = {
        ...(data.title !== undefined ? { title: data.title } : {}),
        ...(data.content !== undefined ? { content: data.content } : {}),
        ...(data.categoryId !== undefined ? { categoryId: data.categoryId } : {}),
        ...(data.keywords !== undefined ? { keywords: data.keywords } : {}),
        attachments,
        updatedAt: now(),
      };
      let row: ItemDTO;
      try {
        row = await db.transaction(async (tx) => {
          const [r] = await tx.update(knowledgeItems).set(changes).where(eq(knowledgeItems.id, current.id)).returning(itemCols);
          if (!r) throw new AppError(404, NOT_FOUND.item);
          await audit(tx, actor, 'knowledge.item.update', current.id, {
            fields: Object.keys(changes).filter((k) => k !== 'updatedAt' && k !== 'attachments'),
            ...(added.length ? { addedAttachments: added } : {}),
            ...(removed.length ? { removedAttachments: removed } : {}),
          });
          return r;
        });
      } catch (err) {
        if (pgCode(err) === '23503') throw new AppError(400, 'The selected category does not exist');
        throw err;
      }
      await removeFiles(removed);
      return row;
    },

    async deleteItem(id: string, actor?: Actor): Promise<{ deletedFiles: number }> {
      const item = await getItem(id);
      const files = await db.transaction(async (tx) => {
        const [gone] = await tx.delete(knowledgeItems).where(eq(knowledgeItems.id, item.id)).returning({ attachments: knowledgeItems.attachments });
        if (!gone) throw new AppError(404, NOT_FOUND.item);
        await audit(tx, actor, 'knowledge.item.delete', item.id, { title: item.title, categoryId: item.categoryId });
        return gone.attachments;
      });
      return { deletedFiles: await removeFiles(files) };
    },

    /** Checks name, size and magic bytes, then stores the file under a fresh random key. */
    async upload(file: { name: string; bytes: Uint8Array }, actor?: Actor): Promise<{ filePath: string }> {
      const ext = extensionOf(file.name ?? '');
      if (!isAllowedExtension(ext)) throw new AppError(400, UPLOAD_MESSAGES.type);
      if (file.bytes.byteLength === 0) throw new AppError(400, UPLOAD_MESSAGES.empty);
      if (file.bytes.byteLength > MAX_UPLOAD_BYTES) throw new AppError(413, UPLOAD_MESSAGES.tooLarge);
      if (!matchesMagicBytes(ext, file.bytes)) throw new AppError(400, UPLOAD_MESSAGES.content);
      const key = newStorageKey(file.name, ext);
      await storage.put(key, file.bytes, CONTENT_TYPES[ext]);
      try {
        await audit(db, actor, 'knowledge.upload', key, { name: file.name.slice(0, 255), size: file.bytes.byteLength });
      } catch (err) {
        await storage.delete(key).catch(() => {});
        throw err;
      }
      return { filePath: `${UPLOAD_PREFIX}${key}` };
    },

    /**
     * Deletes uploads that no item took up within `graceMs` (an editor abandoned, a file removed before
     * saving). Uploads are known from the audit log; each removal is logged there too, so it runs once.
     */
    async sweepOrphanUploads(graceMs = 24 * 60 * 60_000): Promise<number> {
      const cutoff = new Date(clock().getTime() - graceMs);
      const rows = await db
        .select({ key: adminAuditLog.target })
        .from(adminAuditLog)
        .where(
          sql`${adminAuditLog.action} = 'knowledge.upload' and ${adminAuditLog.at} < ${cutoff.toISOString()}::timestamptz
            and not exists (select 1 from admin_audit_log r where r.action = 'knowledge.upload.removed' and r.target = ${adminAuditLog.target})
            and not exists (select 1 from knowledge_items i where i.attachments @> array[${UPLOAD_PREFIX} || ${adminAuditLog.target}])`,
        )
        .limit(500);
      const keys = rows.map((r) => r.key).filter((k): k is string => !!k && isValidStorageKey(k));
      if (!keys.length) return 0;
      const removed = await removeFiles(keys.map((k) => `${UPLOAD_PREFIX}${k}`));
      await db.insert(adminAuditLog).values(keys.map((k) => ({ actorId: null, action: 'knowledge.upload.removed', target: k, details: { reason: 'never attached' }, at: clock() })));
      if (removed) log?.info('removed uploads that were never attached', { count: removed });
      return removed;
    },

    async openUpload(key: string): Promise<UploadFile | null> {
      if (!isValidStorageKey(key)) return null;
      const ext = extensionOf(key) as AllowedExtension;
      const obj = await storage.get(key);
      if (!obj) return null;
      const isImage = IMAGE_EXTENSIONS.includes(ext);
      const name = key.replace(/^[0-9a-f]{32}-?/, '') || `attachment.${ext}`;
      const filename = name.startsWith('.') ? `attachment${name}` : name;
      return {
        body: obj.body,
        size: obj.size,
        contentType: CONTENT_TYPES[ext],
        contentDisposition: isImage ? 'inline' : `attachment; filename="${filename}"`,
      };
    },
  };
}

export type KnowledgeService = ReturnType<typeof createKnowledgeService>;

export { SEARCH_TOO_SHORT };
