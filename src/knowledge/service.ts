// Knowledge base service: browse, search, admin CRUD, attachments. Routes and pages call these directly.
// Long because the reads' caches and the writes that clear them must stay together. The reads' SQL and the column
// sets are in queries.ts, the ranking in search.ts, and the pure parts are files of their own (query.ts,
// snippets.ts, lifecycle.ts, files.ts).
//
//   const k = createKnowledgeService({ db, storage, clock, log })          // c.get('services').knowledge
//
//   Reads (any signed-in user; pages may call them directly; search, articles and categories are kept until the next change)
//     k.listCategories(): Promise<CategoryDTO[]>                         // seed order, then creation order
//     k.listCategoriesWithCounts(): Promise<(CategoryDTO & { itemCount: number })[]>
//     k.findCategory(id: string): Promise<CategoryDTO | null>
//     k.getCategory(id: string): Promise<CategoryDTO>                    // AppError 404 'Category not found'
//     k.listItemsByCategory(categoryId: string): Promise<ItemDTO[]>      // by title; 404 if the category is unknown
//     k.listItems(): Promise<ItemDTO[]>                                  // all items, by title
//     k.listAdminItems(query: AdminItemsQuery): Promise<AdminItemsPageDTO>
//         admin list: a page of ADMIN_PAGE_SIZE in the listItems order, filtered by category (404 if unknown) and
//         by title (case-insensitive substring); plain-text previews instead of content; a page past the end is the
//         last; `around: id` asks for the page holding that item
//     k.adminPageOf(id: string, query: AdminItemsQuery): Promise<number | null>  // the page of that list holding the item
//     k.findItem(id: string): Promise<ItemDTO | null>                    // null for unknown or malformed ids
//     k.getItem(id: string): Promise<ItemDTO>                            // AppError 404 'Knowledge item not found'
//     k.search(q: string, opts?: { limit?: number }): Promise<SearchResultDTO[]>
//         best first; limit 1..50 (default 20); q as searchQuerySchema accepts it (routes validate).
//         snippet: up to 30 words of the article around the query words, HTML-escaped, whose only
//         markup is <mark>…</mark> (safe for dangerouslySetInnerHTML). A misspelt word no published article uses
//         is searched as its correction when that finds more ("cieling" → "ceiling": src/knowledge/search.ts).
//     k.searchPage(q: string, opts?: { limit?: number }): Promise<{ results, total, didYouMean? }>
//         the knowledge page's search: the best `limit` (default 20) as above, how many published articles match
//         in all, and the corrected query when that is what was searched ("Did you mean …?").
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
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { rowsOf, type Database, type DB } from '../../db';
import { onlyOne } from '../lib/jobs';
import { adminAuditLog, knowledgeCategories, knowledgeDrafts, knowledgeItems, knowledgeRevisions } from '../../db/schema';
import { supportedTaxYears, taxYearForDate, taxYearLabel } from '../payroll';
import { reviewReasons } from './lifecycle';
import { AppError, failedPart, pgCode } from '../errors';
import { writeAudit } from '../lib/audit';
import type { Logger } from '../lib/logger';
import type { Storage } from '../storage';
import {
  CONTENT_TYPES,
  IMAGE_EXTENSIONS,
  MAX_UPLOAD_BYTES,
  UPLOAD_MESSAGES,
  UPLOAD_PREFIX,
  extensionOf,
  isAllowedExtension,
  isValidStorageKey,
  matchesMagicBytes,
  newStorageKey,
  storageKeyFromPath,
  type AllowedExtension,
} from './files';
import { buildSearchQuery } from './query';
import { previewText } from './snippets';
import { createSearch, type SearchPage } from './search';
import {
  PREVIEW_SOURCE,
  adminFilter,
  attachmentListed,
  categoryCols,
  categoryExists,
  editorNotesOf,
  insertRevision,
  iso,
  itemCols,
  itemOrder,
  person,
  published,
  publishedCategory,
  readCategoryRow,
  readDraftRow,
  readEditorItem,
  readItemRow,
  readPublishedItem,
  type RevisionText,
  type Tx,
} from './queries';
import {
  ADMIN_PAGE_SIZE,
  PREVIEW_LENGTH,
  SEARCH_TOO_SHORT,
  type AdminItemsPageDTO,
  type AdminItemsQuery,
  type CategoryDTO,
  type CreateCategoryData,
  type CreateItemData,
  type EditorItemDTO,
  type ItemDTO,
  type ReviewDTO,
  type RevisionDTO,
  type SearchResultDTO,
  type Status,
  type UpdateCategoryData,
  type UpdateItemData,
} from './schemas';

export type { CategoryDTO, ItemDTO, SearchResultDTO } from './schemas';
export type { SearchPage } from './search';

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
  /** Tax years the engine has tables for (default: the payroll registry); the newest one drives the verification queue. */
  taxYears?: () => number[];
  /** The database's change announcements (Database.subscribe): with them, search answers are cached. */
  subscribe?: Database['subscribe'];
}

/** Announced (pg_notify) by every committed change to categories or articles. */
export const KNOWLEDGE_CHANGED = 'knowledge_changed';

export const NOT_FOUND = {
  category: 'Category not found',
  item: 'Knowledge item not found',
} as const;

export const SEARCH_DEFAULT_LIMIT = 20;

export function createKnowledgeService(deps: KnowledgeDeps) {
  const { db, storage } = deps;
  const clock = deps.clock ?? (() => new Date());
  const log = deps.log;
  const now = () => clock().toISOString();

  // What readers ask for most (search answers, articles), shared by everyone asking the same thing (one query
  // while it runs). Emptied on every change here at once and in other processes by the announcement; used only
  // while subscribed to announcements; the TTL bounds what a missed announcement could leave behind. Admin
  // changes read the database itself.
  const kept = new LRUCache<string, Promise<unknown>>({ max: 2000, ttl: 60_000 });
  let keeping = false;
  deps
    .subscribe?.(KNOWLEDGE_CHANGED, () => {
      kept.clear();
      keeping = true;
    })
    .catch((err) => log?.warn('knowledge reads not cached: no change announcements', { error: String(err) }));

  function remembered<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (!keeping) return load();
    let p = kept.get(key) as Promise<T> | undefined;
    if (!p) {
      const loading = load();
      kept.set(key, (p = loading));
      loading.catch(() => kept.get(key) === loading && kept.delete(key));
    }
    return p;
  }

  /** A transaction that changes what search finds: announced to every process on commit, forgotten here at once. */
  async function change<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    try {
      return await db.transaction(async (tx) => {
        const result = await work(tx);
        await tx.execute(sql`select pg_notify(${KNOWLEDGE_CHANGED}, '')`);
        return result;
      });
    } finally {
      kept.clear();
    }
  }
  const audit = (tx: Tx | DB, actor: Actor | undefined, action: string, target: string, details?: Record<string, unknown>) =>
    writeAudit(tx, { actorId: actor?.id ?? null, action, target, details, at: clock() });

  const searchArticles = createSearch(db);
  async function search(q: string, opts: { limit?: number } = {}): Promise<SearchResultDTO[]> {
    const built = buildSearchQuery(q.trim());
    if (!built) return [];
    const n = opts.limit ?? SEARCH_DEFAULT_LIMIT;
    return remembered(
      JSON.stringify(['search', built.terms, built.looseTerms, built.leads, n]),
      async () => (await searchArticles(q, n)).results,
    );
  }
  /** The knowledge page's search: the best `limit` (default 20), how many match in all, and "Did you mean …?". */
  async function searchPage(q: string, opts: { limit?: number } = {}): Promise<SearchPage> {
    const n = opts.limit ?? SEARCH_DEFAULT_LIMIT;
    if (!buildSearchQuery(q.trim())) return { results: [], total: 0 };
    // Keyed by the query as typed: "Did you mean …?" keeps its case.
    return remembered(JSON.stringify(['searchPage', q.trim(), n]), () => searchArticles(q, n, { total: true }));
  }

  const readCategory = (id: string, readers: boolean) => readCategoryRow(db, id, readers);
  const readItem = (id: string) => readItemRow(db, id);
  const readDraft = (itemId: string, via: Tx | DB = db) => readDraftRow(via, itemId);
  const findEditorItem = (id: string) => readEditorItem(db, id);
  const addRevision = (tx: Tx | DB, itemId: string, kind: string, note: string, actor?: Actor | null, text?: RevisionText) =>
    insertRevision(tx, { itemId, kind, note, authorId: actor?.id ?? null, at: clock().toISOString() }, text);
  async function assertCategoryExists(id: string) {
    if (!(await categoryExists(db, id))) throw new AppError('bad_request', 'The selected category does not exist');
  }
  const findCategory = (id: string) => readCategory(id, true);

  async function getCategory(id: string, readers = true): Promise<CategoryDTO> {
    const c = await readCategory(id, readers);
    if (!c) throw new AppError('not_found', NOT_FOUND.category);
    return c;
  }

  /** A published item (readers, the assistant); drafts and archived items are not found. */
  const findItem = (id: string): Promise<ItemDTO | null> => remembered(`item:${id}`, () => readPublishedItem(db, id));

  async function getItem(id: string, from = findItem): Promise<ItemDTO> {
    const item = await from(id);
    if (!item) throw new AppError('not_found', NOT_FOUND.item);
    return item;
  }

  const latestTaxYear = () => taxYearLabel(Math.max(...(deps.taxYears ?? supportedTaxYears)()));
  const currentTaxYear = () => taxYearLabel(taxYearForDate(clock()));

  async function editorItem(id: string): Promise<EditorItemDTO> {
    const item = await findEditorItem(id);
    if (!item) throw new AppError('not_found', NOT_FOUND.item);
    return item;
  }

  /**
   * Puts an item live: its staged edit replaces the live text, or a draft (or archived) item becomes published.
   * Answers false when there was nothing to publish. The caller holds the row (FOR UPDATE).
   */
  async function publishIn(tx: Tx, itemId: string, actor: Actor | null, note: string): Promise<boolean> {
    const [item] = await tx
      .select({ status: knowledgeItems.status })
      .from(knowledgeItems)
      .where(eq(knowledgeItems.id, itemId))
      .for('update');
    if (!item) return false;
    const [d] = await tx.delete(knowledgeDrafts).where(eq(knowledgeDrafts.itemId, itemId)).returning();
    if (!d && item.status === 'published') return false;
    await tx
      .update(knowledgeItems)
      .set({
        ...(d
          ? {
              title: d.title,
              content: d.content,
              categoryId: d.categoryId,
              keywords: d.keywords,
              attachments: d.attachments,
              taxYears: d.taxYears,
              quotesFigures: d.quotesFigures,
              editorNotes: d.editorNotes,
            }
          : {}),
        status: 'published',
        publishAt: null,
        updatedAt: now(),
      })
      .where(eq(knowledgeItems.id, itemId));
    await addRevision(tx, itemId, 'published', note || d?.note || '', actor ?? (d?.authorId ? { id: d.authorId } : null));
    await audit(tx, actor ?? undefined, 'knowledge.item.publish', itemId, { staged: !!d, by: actor ? 'admin' : 'schedule' });
    return true;
  }

  async function assertUploadsExist(paths: string[]) {
    for (const p of paths) {
      const key = storageKeyFromPath(p);
      if (!key || !(await storage.exists(key))) throw new AppError('bad_request', `Attachment not found: ${p}. Please upload it again.`);
    }
  }

  /**
   * Deletes stored files no item lists any more: answers the keys deleted and those left because the store failed.
   * Never throws: what is left is logged, and the upload sweep (which finds every upload no item lists) tries again.
   */
  async function removeFiles(paths: string[], via: DB = db): Promise<{ removed: string[]; left: string[] }> {
    const removed: string[] = [];
    const left: string[] = [];
    let down = false;
    for (const p of new Set(paths)) {
      const key = storageKeyFromPath(p);
      if (!key) continue;
      // One wait on a store that is down is enough.
      if (down) {
        left.push(key);
        continue;
      }
      try {
        // A staged edit still listing the file keeps it. Revisions do not: a removed file is deleted, as the spec has it,
        // and Restore leaves out attachments whose files are gone.
        if (await attachmentListed(via, p)) continue;
        await storage.delete(key);
        removed.push(key);
      } catch (err) {
        const part = failedPart(err);
        log?.error(part ? `attachment removal failed: ${part} unavailable` : 'attachment removal failed', {
          part,
          key,
          error: String(err),
          cause: err instanceof Error && err.cause ? String(err.cause) : undefined,
        });
        left.push(key);
        down = part === 'storage' || part === 'database';
      }
    }
    return { removed, left };
  }

  /** The admin list's filter: a known category (404 otherwise) and a title search. */
  async function adminWhere(query: AdminItemsQuery): Promise<SQL | undefined> {
    if (query.categoryId) await getCategory(query.categoryId, false);
    return adminFilter(query);
  }

  /** The page of the admin list (with this filter) that holds the item, or null when the filter leaves it out. */
  async function adminPageOf(id: string, query: AdminItemsQuery = {}): Promise<number | null> {
    const item = await readItem(id);
    if (!item) return null;
    const where = await adminWhere(query);
    const [hit] = await db
      .select({ id: knowledgeItems.id })
      .from(knowledgeItems)
      .where(and(where, eq(knowledgeItems.id, item.id)));
    if (!hit) return null;
    const before = await db.$count(
      knowledgeItems,
      and(where, sql`(lower(${knowledgeItems.title}), ${knowledgeItems.id}) < (lower(${item.title}), ${item.id})`),
    );
    return Math.floor(before / ADMIN_PAGE_SIZE) + 1;
  }

  return {
    findCategory,
    getCategory,
    findItem,
    getItem: (id: string) => getItem(id),
    search,
    searchPage,

    /** Published categories (readers). */
    listCategories(): Promise<CategoryDTO[]> {
      return remembered('categories', () =>
        db
          .select(categoryCols)
          .from(knowledgeCategories)
          .where(publishedCategory)
          .orderBy(asc(knowledgeCategories.createdAt), asc(knowledgeCategories.id)),
      );
    },

    /** Every category whatever its status (admin). */
    listAllCategories(): Promise<CategoryDTO[]> {
      return db.select(categoryCols).from(knowledgeCategories).orderBy(asc(knowledgeCategories.createdAt), asc(knowledgeCategories.id));
    },

    /** For the admin screen: each category with how many items it holds. */
    async listCategoriesWithCounts(): Promise<(CategoryDTO & { itemCount: number })[]> {
      return db
        .select({
          ...categoryCols,
          itemCount: sql<number>`(select count(*)::int from knowledge_items ki where ki.category_id = "knowledge_categories"."id")`,
        })
        .from(knowledgeCategories)
        .orderBy(asc(knowledgeCategories.createdAt), asc(knowledgeCategories.id));
    },

    /** The published items of a published category (readers); `{ readers: false }`: every item of any category (admin). */
    listItemsByCategory(categoryId: string, opts: { readers?: boolean } = {}): Promise<ItemDTO[]> {
      const readers = opts.readers ?? true;
      const load = async () => {
        await getCategory(categoryId, readers);
        return db
          .select(itemCols)
          .from(knowledgeItems)
          .where(and(eq(knowledgeItems.categoryId, categoryId), readers ? published : undefined))
          .orderBy(asc(sql`lower(${knowledgeItems.title})`), asc(knowledgeItems.id));
      };
      return readers ? remembered(`category:${categoryId}`, load) : load();
    },

    /** Every item whatever its status (admin). */
    async listItems(): Promise<ItemDTO[]> {
      return db
        .select(itemCols)
        .from(knowledgeItems)
        .orderBy(...itemOrder);
    },

    async listAdminItems(query: AdminItemsQuery = {}): Promise<AdminItemsPageDTO> {
      const where = await adminWhere(query);
      const pageSize = ADMIN_PAGE_SIZE;
      const pageAt = (page: number) =>
        db
          .select({
            ...itemCols,
            content: sql<string>`left(${knowledgeItems.content}, ${sql.raw(String(PREVIEW_SOURCE))})`,
            hasDraft: sql<boolean>`exists (select 1 from knowledge_drafts d where d.item_id = ${knowledgeItems.id})`,
            publishAt: sql<
              string | null
            >`coalesce(${iso(sql`(select d.publish_at from knowledge_drafts d where d.item_id = ${knowledgeItems.id})`)}, ${iso(knowledgeItems.publishAt)})`,
          })
          .from(knowledgeItems)
          .where(where)
          .orderBy(...itemOrder)
          .limit(pageSize)
          .offset((page - 1) * pageSize);
      const wanted = (query.around ? await adminPageOf(query.around, query) : null) ?? query.page ?? 1;
      const [first, total] = await Promise.all([pageAt(wanted), db.$count(knowledgeItems, where)]);
      const pages = Math.max(1, Math.ceil(total / pageSize));
      const page = Math.min(wanted, pages);
      const rows = page === wanted ? first : await pageAt(page);
      const items = rows.map(({ content, ...rest }) => ({
        ...rest,
        hasDraft: !!rest.hasDraft,
        preview: previewText(content, PREVIEW_LENGTH),
      }));
      return { items, total, page, pageSize, pages };
    },

    adminPageOf,

    async createCategory(data: CreateCategoryData, actor?: Actor): Promise<CategoryDTO> {
      const at = now();
      try {
        return await change(async (tx) => {
          const [row] = await tx
            .insert(knowledgeCategories)
            .values({ ...data, status: data.status ?? 'published', createdAt: at, updatedAt: at })
            .onConflictDoNothing({ target: knowledgeCategories.id })
            .returning(categoryCols);
          if (!row) throw new AppError('conflict', `A category with the ID "${data.id}" already exists`);
          await audit(tx, actor, 'knowledge.category.create', row.id, { name: row.name });
          return row;
        });
      } catch (err) {
        if (pgCode(err) === '23505') throw new AppError('conflict', `A category with the ID "${data.id}" already exists`);
        throw err;
      }
    },

    async updateCategory(id: string, data: UpdateCategoryData, actor?: Actor): Promise<CategoryDTO> {
      await getCategory(id, false);
      if (data.id !== undefined && data.id.trim() !== '' && data.id.trim().toLowerCase() !== id)
        throw new AppError('bad_request', 'The category ID cannot be changed');
      return change(async (tx) => {
        const [row] = await tx
          .update(knowledgeCategories)
          .set({ name: data.name, description: data.description, ...(data.status ? { status: data.status } : {}), updatedAt: now() })
          .where(eq(knowledgeCategories.id, id))
          .returning(categoryCols);
        if (!row) throw new AppError('not_found', NOT_FOUND.category);
        await audit(tx, actor, 'knowledge.category.update', id, { name: row.name, ...(data.status ? { status: data.status } : {}) });
        return row;
      });
    },

    async deleteCategory(id: string, actor?: Actor): Promise<{ deletedItems: number; deletedFiles: number }> {
      await getCategory(id, false);
      const { files, items } = await change(async (tx) => {
        const rows = await tx
          .select({ id: knowledgeItems.id, attachments: knowledgeItems.attachments })
          .from(knowledgeItems)
          .where(eq(knowledgeItems.categoryId, id))
          .for('update');
        const [gone] = await tx.delete(knowledgeCategories).where(eq(knowledgeCategories.id, id)).returning({ id: knowledgeCategories.id });
        if (!gone) throw new AppError('not_found', NOT_FOUND.category);
        // ON DELETE CASCADE took the items with it.
        await audit(tx, actor, 'knowledge.category.delete', id, { items: rows.map((r) => r.id) });
        return { files: rows.flatMap((r) => r.attachments), items: rows.length };
      });
      const deletedFiles = (await removeFiles(files)).removed.length;
      return { deletedItems: items, deletedFiles };
    },

    async createItem(data: CreateItemData, actor?: Actor): Promise<EditorItemDTO> {
      const id = data.id ?? crypto.randomUUID();
      if (await readItem(id)) throw new AppError('conflict', 'A knowledge item with this ID already exists');
      await assertCategoryExists(data.categoryId);
      const attachments = data.attachments ?? [];
      await assertUploadsExist(attachments);
      const at = now();
      const status = data.status ?? 'published';
      try {
        await change(async (tx) => {
          const [row] = await tx
            .insert(knowledgeItems)
            .values({
              id,
              title: data.title,
              content: data.content,
              categoryId: data.categoryId,
              keywords: data.keywords ?? [],
              attachments,
              createdAt: at,
              updatedAt: at,
              status,
              publishAt: status === 'draft' && data.publishAt ? new Date(data.publishAt) : null,
              taxYears: data.taxYears ?? [],
              quotesFigures: data.quotesFigures ?? false,
              editorNotes: data.editorNotes ?? '',
              editedHere: true,
            })
            .onConflictDoNothing({ target: knowledgeItems.id })
            .returning(itemCols);
          if (!row) throw new AppError('conflict', 'A knowledge item with this ID already exists');
          await addRevision(tx, id, 'created', data.changeNote ?? '', actor);
          await audit(tx, actor, 'knowledge.item.create', id, { title: row.title, categoryId: row.categoryId, status });
        });
      } catch (err) {
        const code = pgCode(err);
        if (code === '23505') throw new AppError('conflict', 'A knowledge item with this ID already exists');
        if (code === '23503') throw new AppError('bad_request', 'The selected category does not exist');
        throw err;
      }
      return editorItem(id);
    },

    /**
     * The spec's edit: live at once. Beyond it: `stage` keeps the change of a published item as its staged draft
     * (publishAt schedules it); `status` drafts, archives or publishes; every save is a revision.
     */
    async updateItem(id: string, data: UpdateItemData, actor?: Actor): Promise<EditorItemDTO> {
      const current = await getItem(id, readItem);
      if (data.id !== undefined && data.id.trim() !== '' && data.id.trim().toLowerCase() !== current.id)
        throw new AppError('bad_request', 'The item ID cannot be changed');
      if (data.categoryId !== undefined && data.categoryId !== current.categoryId) await assertCategoryExists(data.categoryId);
      const staging = data.stage === true && current.status === 'published' && data.status === undefined;
      const draft = staging ? await readDraft(current.id) : null;
      const base = draft ?? current;

      let attachments = base.attachments;
      if (data.existingAttachments !== undefined) attachments = [...new Set([...data.existingAttachments, ...(data.attachments ?? [])])];
      else if (data.attachments !== undefined) attachments = data.attachments;
      if (attachments.length > 20) throw new AppError('bad_request', 'An item can have at most 20 attachments');
      const added = attachments.filter((p) => !base.attachments.includes(p));
      const removed = current.attachments.filter((p) => !attachments.includes(p));
      await assertUploadsExist(added);

      const fields = {
        ...(data.title !== undefined ? { title: data.title } : {}),
        ...(data.content !== undefined ? { content: data.content } : {}),
        ...(data.categoryId !== undefined ? { categoryId: data.categoryId } : {}),
        ...(data.keywords !== undefined ? { keywords: data.keywords } : {}),
        ...(data.taxYears !== undefined ? { taxYears: data.taxYears } : {}),
        ...(data.quotesFigures !== undefined ? { quotesFigures: data.quotesFigures } : {}),
        ...(data.editorNotes !== undefined ? { editorNotes: data.editorNotes } : {}),
        attachments,
      };
      const note = data.changeNote ?? '';
      try {
        await change(async (tx) => {
          await tx.select({ id: knowledgeItems.id }).from(knowledgeItems).where(eq(knowledgeItems.id, current.id)).for('update');
          if (staging) {
            const staged = {
              title: base.title,
              content: base.content,
              categoryId: base.categoryId,
              keywords: base.keywords,
              taxYears: base.taxYears,
              quotesFigures: base.quotesFigures,
              editorNotes: draft?.editorNotes ?? (await editorNotesOf(tx, current.id)),
              ...fields,
              note,
              publishAt:
                data.publishAt !== undefined
                  ? data.publishAt
                    ? new Date(data.publishAt)
                    : null
                  : draft?.publishAt
                    ? new Date(draft.publishAt)
                    : null,
              authorId: actor?.id ?? null,
              updatedAt: clock(),
            };
            await tx
              .insert(knowledgeDrafts)
              .values({ itemId: current.id, ...staged })
              .onConflictDoUpdate({ target: knowledgeDrafts.itemId, set: staged });
            await tx.update(knowledgeItems).set({ editedHere: true }).where(eq(knowledgeItems.id, current.id));
            await addRevision(tx, current.id, 'staged', note, actor, staged);
            await audit(tx, actor, 'knowledge.item.stage', current.id, {
              fields: Object.keys(fields).filter((k) => k !== 'attachments'),
              publishAt: staged.publishAt?.toISOString() ?? null,
            });
            return;
          }
          const status = data.status ?? current.status;
          const publishAt =
            status !== 'draft' ? null : data.publishAt !== undefined ? (data.publishAt ? new Date(data.publishAt) : null) : undefined;
          const [r] = await tx
            .update(knowledgeItems)
            .set({ ...fields, status, ...(publishAt !== undefined ? { publishAt } : {}), editedHere: true, updatedAt: now() })
            .where(eq(knowledgeItems.id, current.id))
            .returning({ id: knowledgeItems.id });
          if (!r) throw new AppError('not_found', NOT_FOUND.item);
          // A status change away from published drops a staged edit made for the live version.
          if (status !== 'published') await tx.delete(knowledgeDrafts).where(eq(knowledgeDrafts.itemId, current.id));
          await addRevision(tx, current.id, status !== current.status && status === 'published' ? 'published' : 'edited', note, actor);
          await audit(tx, actor, 'knowledge.item.update', current.id, {
            fields: Object.keys(fields).filter((k) => k !== 'attachments'),
            ...(status !== current.status ? { status } : {}),
            ...(added.length ? { addedAttachments: added } : {}),
            ...(removed.length ? { removedAttachments: removed } : {}),
          });
        });
      } catch (err) {
        if (pgCode(err) === '23503') throw new AppError('bad_request', 'The selected category does not exist');
        throw err;
      }
      if (!staging) await removeFiles(removed);
      return editorItem(current.id);
    },

    findEditorItem,
    getEditorItem: editorItem,

    /** Publishes now: a staged edit over the live version, or a draft or archived item. 409 when nothing waits. */
    async publish(id: string, actor?: Actor, note = ''): Promise<EditorItemDTO> {
      const item = await getItem(id, readItem);
      const done = await change((tx) => publishIn(tx, item.id, actor ?? null, note));
      if (!done) throw new AppError('conflict', 'There is nothing to publish: the article is live and has no staged edit');
      return editorItem(item.id);
    },

    /** Throws away a published item's staged edit; the live version is untouched. */
    async discardDraft(id: string, actor?: Actor): Promise<EditorItemDTO> {
      const item = await getItem(id, readItem);
      await change(async (tx) => {
        const [gone] = await tx
          .delete(knowledgeDrafts)
          .where(eq(knowledgeDrafts.itemId, item.id))
          .returning({ id: knowledgeDrafts.itemId });
        if (!gone) throw new AppError('not_found', 'This article has no staged edit');
        await audit(tx, actor, 'knowledge.item.discard-draft', item.id, { title: item.title });
      });
      return editorItem(item.id);
    },

    /** An admin checked the article (and, when given, the tax years it holds for): it leaves the queue. */
    async verify(id: string, input: { note?: string; taxYears?: string[] }, actor?: Actor): Promise<EditorItemDTO> {
      const item = await getItem(id, readItem);
      await change(async (tx) => {
        await tx
          .update(knowledgeItems)
          .set({
            lastVerifiedAt: clock(),
            lastVerifiedBy: actor?.id ?? null,
            reviewReason: null,
            ...(input.taxYears ? { taxYears: input.taxYears } : {}),
          })
          .where(eq(knowledgeItems.id, item.id));
        if (input.taxYears) await addRevision(tx, item.id, 'edited', input.note || 'Verified for the tax years listed', actor);
        await audit(tx, actor, 'knowledge.item.verify', item.id, {
          note: input.note ?? '',
          ...(input.taxYears ? { taxYears: input.taxYears } : {}),
        });
      });
      return editorItem(item.id);
    },

    /** An item's history, newest first. */
    async revisions(id: string): Promise<RevisionDTO[]> {
      const item = await getItem(id, readItem);
      return db
        .select({
          id: knowledgeRevisions.id,
          number: knowledgeRevisions.number,
          kind: knowledgeRevisions.kind,
          note: knowledgeRevisions.note,
          at: sql<string>`${iso(knowledgeRevisions.at)}`,
          author: person(sql`${knowledgeRevisions.authorId}`),
          title: knowledgeRevisions.title,
          content: knowledgeRevisions.content,
          categoryId: knowledgeRevisions.categoryId,
          keywords: knowledgeRevisions.keywords,
          attachments: knowledgeRevisions.attachments,
          taxYears: knowledgeRevisions.taxYears,
          editorNotes: knowledgeRevisions.editorNotes,
        })
        .from(knowledgeRevisions)
        .where(eq(knowledgeRevisions.itemId, item.id))
        .orderBy(sql`${knowledgeRevisions.number} desc`);
    },

    /** The live text becomes that revision's, as a new revision; a staged edit is left as it is. */
    async restore(id: string, number: number, actor?: Actor, note = ''): Promise<EditorItemDTO> {
      const item = await getItem(id, readItem);
      const [rev] = await db
        .select()
        .from(knowledgeRevisions)
        .where(and(eq(knowledgeRevisions.itemId, item.id), eq(knowledgeRevisions.number, number)));
      if (!rev) throw new AppError('not_found', 'Revision not found');
      // Its category may have gone since: the article then stays where it is.
      const [cat] = await db
        .select({ id: knowledgeCategories.id })
        .from(knowledgeCategories)
        .where(eq(knowledgeCategories.id, rev.categoryId));
      // A file removed since was deleted (removeFiles): the restored article lists only the files that still exist.
      const attachments: string[] = [];
      for (const p of rev.attachments) {
        const key = storageKeyFromPath(p);
        if (key && (await storage.exists(key))) attachments.push(p);
      }
      const lost = rev.attachments.length - attachments.length;
      const said = note || `Restored revision ${number}${lost ? ` (${lost} attachment${lost > 1 ? 's' : ''} no longer stored)` : ''}`;
      await change(async (tx) => {
        await tx
          .update(knowledgeItems)
          .set({
            title: rev.title,
            content: rev.content,
            categoryId: cat ? rev.categoryId : item.categoryId,
            keywords: rev.keywords,
            attachments,
            taxYears: rev.taxYears,
            editorNotes: rev.editorNotes,
            editedHere: true,
            reviewReason: null,
            updatedAt: now(),
          })
          .where(eq(knowledgeItems.id, item.id));
        await addRevision(tx, item.id, 'restored', said, actor);
        await audit(tx, actor, 'knowledge.item.restore', item.id, { revision: number });
      });
      return editorItem(item.id);
    },

    /** The verification queue: articles never verified, verified before `before`, behind the newest tax year, or flagged. */
    async reviewQueue(opts: { before?: string } = {}): Promise<ReviewDTO> {
      const latest = latestTaxYear();
      const rows = await db
        .select({
          id: knowledgeItems.id,
          title: knowledgeItems.title,
          categoryId: knowledgeItems.categoryId,
          status: sql<Status>`${knowledgeItems.status}`,
          taxYears: knowledgeItems.taxYears,
          quotesFigures: knowledgeItems.quotesFigures,
          lastVerifiedAt: iso(knowledgeItems.lastVerifiedAt),
          reviewReason: knowledgeItems.reviewReason,
          stagedTaxYears: sql<string[] | null>`(select d.tax_years from knowledge_drafts d where d.item_id = ${knowledgeItems.id})`,
        })
        .from(knowledgeItems)
        .where(sql`${knowledgeItems.status} <> 'archived'`)
        .orderBy(...itemOrder);
      const items = rows
        .map(({ reviewReason, stagedTaxYears, ...r }) => ({
          ...r,
          reasons: reviewReasons({ ...r, reviewReason, stagedTaxYears }, { latest, before: opts.before }),
        }))
        .filter((r) => r.reasons.length > 0);
      return { latestTaxYear: latest, currentTaxYear: currentTaxYear(), items };
    },

    /**
     * Publishes what is due (drafts and staged edits whose publish-at has come, and scheduled categories). Each is
     * claimed with FOR UPDATE SKIP LOCKED, so several processes running it publish each once.
     */
    async publishDue(): Promise<number> {
      const at = clock().toISOString();
      let count = 0;
      for (;;) {
        const done = await change(async (tx) => {
          const due = rowsOf<{ id: string }>(
            await tx.execute(sql`select id from (
                select item_id as id from knowledge_drafts where publish_at <= ${at}::timestamptz
                union select id from knowledge_items where status = 'draft' and publish_at <= ${at}::timestamptz
              ) d
              where exists (select 1 from knowledge_items i where i.id = d.id for update skip locked)
              limit 20`),
          );
          let n = 0;
          for (const { id } of due) if (await publishIn(tx, id, null, '')) n++;
          const cats = await tx.execute(sql`update knowledge_categories set status = 'published', publish_at = null
            where id in (select id from knowledge_categories where status = 'draft' and publish_at <= ${at}::timestamptz for update skip locked) returning id`);
          return { claimed: due.length, published: n + rowsOf(cats).length };
        });
        count += done.published;
        if (done.claimed < 20) break;
      }
      if (count) log?.info('knowledge: published what was scheduled', { count });
      return count;
    },

    async deleteItem(id: string, actor?: Actor): Promise<{ deletedFiles: number }> {
      const item = await getItem(id, readItem);
      const files = await change(async (tx) => {
        const [gone] = await tx
          .delete(knowledgeItems)
          .where(eq(knowledgeItems.id, item.id))
          .returning({ attachments: knowledgeItems.attachments });
        if (!gone) throw new AppError('not_found', NOT_FOUND.item);
        await audit(tx, actor, 'knowledge.item.delete', item.id, { title: item.title, categoryId: item.categoryId });
        return gone.attachments;
      });
      return { deletedFiles: (await removeFiles(files)).removed.length };
    },

    /** Checks name, size and magic bytes, then stores the file under a fresh random key. */
    async upload(file: { name: string; bytes: Uint8Array }, actor?: Actor): Promise<{ filePath: string }> {
      const ext = extensionOf(file.name ?? '');
      if (!isAllowedExtension(ext)) throw new AppError('bad_request', UPLOAD_MESSAGES.type);
      if (file.bytes.byteLength === 0) throw new AppError('bad_request', UPLOAD_MESSAGES.empty);
      if (file.bytes.byteLength > MAX_UPLOAD_BYTES) throw new AppError('too_large', UPLOAD_MESSAGES.tooLarge);
      if (!matchesMagicBytes(ext, file.bytes)) throw new AppError('bad_request', UPLOAD_MESSAGES.content);
      const key = newStorageKey(file.name, ext);
      // The intent first, committed on its own: whatever happens to this process once the file is stored (a crash,
      // a kill), the sweep finds the key here and removes the file if no item ever takes it up.
      await audit(db, actor, 'knowledge.upload', key, { name: file.name.slice(0, 255), size: file.bytes.byteLength });
      try {
        await storage.put(key, file.bytes, CONTENT_TYPES[ext]);
      } catch (err) {
        // A put that failed may still have landed (it timed out after storing). Not awaited: the user hears of the
        // failure now, not after a second wait on a store that is down; the sweep removes what this misses.
        void storage.delete(key).catch(() => {});
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
      // One process at a time: the removals it logs are what keeps the next sweep from listing the same files.
      const removed = await onlyOne(db, 'upload-sweep', async (tx) => {
        const rows = await tx
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
        // Deleting a key that was never written (the process stopped before the put) is fine. Only what was deleted
        // is marked; what the store failed to delete stays listed for the next sweep.
        const { removed: gone, left } = await removeFiles(
          keys.map((k) => `${UPLOAD_PREFIX}${k}`),
          tx,
        );
        if (gone.length)
          await tx.insert(adminAuditLog).values(
            gone.map((k) => ({
              actorId: null,
              action: 'knowledge.upload.removed',
              target: k,
              details: { reason: 'never attached' },
              at: clock(),
            })),
          );
        if (left.length)
          log?.warn('upload sweep stopped: storage unavailable; the rest waits for the next sweep', {
            part: 'storage',
            removed: gone.length,
            left: left.length,
          });
        return gone.length;
      });
      if (removed) log?.info('removed uploads that were never attached', { count: removed });
      return removed ?? 0;
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
