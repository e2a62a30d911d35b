// Knowledge base service: browse, search, admin CRUD, attachments. Routes and pages call these directly.
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
import { and, asc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { type Database, type DB } from '../../db';
import { onlyOne } from '../lib/jobs';
import { adminAuditLog, knowledgeCategories, knowledgeItems } from '../../db/schema';
import { AppError, failedPart, pgCode } from '../errors';
import { writeAudit } from '../lib/audit';
import type { Logger } from '../lib/logger';
import type { Storage } from '../storage';
import {
  CONTENT_TYPES, IMAGE_EXTENSIONS, MAX_UPLOAD_BYTES, UPLOAD_MESSAGES, UPLOAD_PREFIX, extensionOf, isAllowedExtension,
  isValidStorageKey, matchesMagicBytes, newStorageKey, storageKeyFromPath, type AllowedExtension,
} from './files';
import { buildSearchQuery, previewText } from './query';
import { createSearch } from './search';
import {
  ADMIN_PAGE_SIZE, PREVIEW_LENGTH, SEARCH_TOO_SHORT, isUuid, type AdminItemsPageDTO, type AdminItemsQuery, type CategoryDTO, type CreateCategoryData,
  type CreateItemData, type ItemDTO, type SearchResultDTO, type UpdateCategoryData, type UpdateItemData,
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

const itemOrder = [asc(sql`lower(${knowledgeItems.title})`), asc(knowledgeItems.id)];
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
/** Enough of the content for a preview, however long the article. */
const PREVIEW_SOURCE = 8000;

export function createKnowledgeService(deps: KnowledgeDeps) {
  const { db, storage } = deps;
  const clock = deps.clock ?? (() => new Date());
  const log = deps.log;
  const now = () => clock().toISOString();

  type Tx = Parameters<Parameters<DB['transaction']>[0]>[0];

  // What readers ask for most (search answers, articles), shared by everyone asking the same thing (one query
  // while it runs). Emptied on every change here at once and in other processes by the announcement; used only
  // while subscribed to announcements; the TTL bounds what a missed announcement could leave behind. Admin
  // changes read the database itself.
  const kept = new LRUCache<string, Promise<unknown>>({ max: 2000, ttl: 60_000 });
  let keeping = false;
  deps.subscribe?.(KNOWLEDGE_CHANGED, () => {
    kept.clear();
    keeping = true;
  }).catch((err) => log?.warn('knowledge reads not cached: no change announcements', { error: String(err) }));

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
    return remembered(JSON.stringify(['search', built.terms, built.looseTerms, built.leads, n]), () => searchArticles(q, n));
  }

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

  async function readItem(id: string): Promise<ItemDTO | null> {
    if (typeof id !== 'string' || !isUuid(id)) return null;
    const [row] = await db.select(itemCols).from(knowledgeItems).where(eq(knowledgeItems.id, id.toLowerCase()));
    return row ?? null;
  }

  const findItem = (id: string): Promise<ItemDTO | null> => remembered(`item:${id}`, () => readItem(id));

  async function getItem(id: string, from = findItem): Promise<ItemDTO> {
    const item = await from(id);
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
        const [still] = await via
          .select({ id: knowledgeItems.id })
          .from(knowledgeItems)
          .where(sql`${knowledgeItems.attachments} @> ARRAY[${p}]::text[]`)
          .limit(1);
        if (still) continue;
        await storage.delete(key);
        removed.push(key);
      } catch (err) {
        const part = failedPart(err);
        log?.error(part ? `attachment removal failed: ${part} unavailable` : 'attachment removal failed', { part, key, error: String(err), cause: err instanceof Error && err.cause ? String(err.cause) : undefined });
        left.push(key);
        down = part === 'storage' || part === 'database';
      }
    }
    return { removed, left };
  }

  /** The admin list's filter: a known category (404 otherwise) and a title search. */
  async function adminWhere(query: AdminItemsQuery): Promise<SQL | undefined> {
    const categoryId = query.categoryId || undefined;
    const q = query.q?.trim();
    if (categoryId) await getCategory(categoryId);
    return and(categoryId ? eq(knowledgeItems.categoryId, categoryId) : undefined, q ? ilike(knowledgeItems.title, likePattern(q)) : undefined);
  }

  /** The page of the admin list (with this filter) that holds the item, or null when the filter leaves it out. */
  async function adminPageOf(id: string, query: AdminItemsQuery = {}): Promise<number | null> {
    const item = await readItem(id);
    if (!item) return null;
    const where = await adminWhere(query);
    const [hit] = await db.select({ id: knowledgeItems.id }).from(knowledgeItems).where(and(where, eq(knowledgeItems.id, item.id)));
    if (!hit) return null;
    const before = await db.$count(knowledgeItems, and(where, sql`(lower(${knowledgeItems.title}), ${knowledgeItems.id}) < (lower(${item.title}), ${item.id})`));
    return Math.floor(before / ADMIN_PAGE_SIZE) + 1;
  }


  return {
    findCategory,
    getCategory,
    findItem,
    getItem: (id: string) => getItem(id),
    search,

    listCategories(): Promise<CategoryDTO[]> {
      return remembered('categories', () => db.select(categoryCols).from(knowledgeCategories).orderBy(asc(knowledgeCategories.createdAt), asc(knowledgeCategories.id)));
    },

    /** For the admin screen: each category with how many items it holds. */
    async listCategoriesWithCounts(): Promise<(CategoryDTO & { itemCount: number })[]> {
      return db
        .select({ ...categoryCols, itemCount: sql<number>`(select count(*)::int from knowledge_items ki where ki.category_id = "knowledge_categories"."id")` })
        .from(knowledgeCategories)
        .orderBy(asc(knowledgeCategories.createdAt), asc(knowledgeCategories.id));
    },

    listItemsByCategory(categoryId: string): Promise<ItemDTO[]> {
      return remembered(`category:${categoryId}`, async () => {
        await getCategory(categoryId);
        return db
          .select(itemCols)
          .from(knowledgeItems)
          .where(eq(knowledgeItems.categoryId, categoryId))
          .orderBy(asc(sql`lower(${knowledgeItems.title})`), asc(knowledgeItems.id));
      });
    },

    async listItems(): Promise<ItemDTO[]> {
      return db.select(itemCols).from(knowledgeItems).orderBy(...itemOrder);
    },

    async listAdminItems(query: AdminItemsQuery = {}): Promise<AdminItemsPageDTO> {
      const where = await adminWhere(query);
      const pageSize = ADMIN_PAGE_SIZE;
      const pageAt = (page: number) =>
        db
          .select({ ...itemCols, content: sql<string>`left(${knowledgeItems.content}, ${sql.raw(String(PREVIEW_SOURCE))})` })
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
      const items = rows.map(({ content, ...rest }) => ({ ...rest, preview: previewText(content, PREVIEW_LENGTH) }));
      return { items, total, page, pageSize, pages };
    },

    adminPageOf,

    async createCategory(data: CreateCategoryData, actor?: Actor): Promise<CategoryDTO> {
      const at = now();
      try {
        return await change(async (tx) => {
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
      return change(async (tx) => {
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
      const { files, items } = await change(async (tx) => {
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
      const deletedFiles = (await removeFiles(files)).removed.length;
      return { deletedItems: items, deletedFiles };
    },

    async createItem(data: CreateItemData, actor?: Actor): Promise<ItemDTO> {
      const id = data.id ?? crypto.randomUUID();
      if (await readItem(id)) throw new AppError(409, 'A knowledge item with this ID already exists');
      await assertCategoryExists(data.categoryId);
      const attachments = data.attachments ?? [];
      await assertUploadsExist(attachments);
      const at = now();
      try {
        return await change(async (tx) => {
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
      const current = await getItem(id, readItem);
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
        row = await change(async (tx) => {
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
      const item = await getItem(id, readItem);
      const files = await change(async (tx) => {
        const [gone] = await tx.delete(knowledgeItems).where(eq(knowledgeItems.id, item.id)).returning({ attachments: knowledgeItems.attachments });
        if (!gone) throw new AppError(404, NOT_FOUND.item);
        await audit(tx, actor, 'knowledge.item.delete', item.id, { title: item.title, categoryId: item.categoryId });
        return gone.attachments;
      });
      return { deletedFiles: (await removeFiles(files)).removed.length };
    },

    /** Checks name, size and magic bytes, then stores the file under a fresh random key. */
    async upload(file: { name: string; bytes: Uint8Array }, actor?: Actor): Promise<{ filePath: string }> {
      const ext = extensionOf(file.name ?? '');
      if (!isAllowedExtension(ext)) throw new AppError(400, UPLOAD_MESSAGES.type);
      if (file.bytes.byteLength === 0) throw new AppError(400, UPLOAD_MESSAGES.empty);
      if (file.bytes.byteLength > MAX_UPLOAD_BYTES) throw new AppError(413, UPLOAD_MESSAGES.tooLarge);
      if (!matchesMagicBytes(ext, file.bytes)) throw new AppError(400, UPLOAD_MESSAGES.content);
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
        const { removed: gone, left } = await removeFiles(keys.map((k) => `${UPLOAD_PREFIX}${k}`), tx);
        if (gone.length) await tx.insert(adminAuditLog).values(gone.map((k) => ({ actorId: null, action: 'knowledge.upload.removed', target: k, details: { reason: 'never attached' }, at: clock() })));
        if (left.length) log?.warn('upload sweep stopped: storage unavailable; the rest waits for the next sweep', { part: 'storage', removed: gone.length, left: left.length });
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
