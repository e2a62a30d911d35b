// The knowledge base's SQL: the column sets and filters, and the reads and writes the service combines. Each
// function takes the database or the transaction it runs on; rules and caching stay in the service.
import { and, asc, eq, ilike, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { rowsOf, type DB } from '../../db';
import { knowledgeCategories, knowledgeDrafts, knowledgeItems } from '../../db/schema';
import {
  isUuid,
  type AdminItemsQuery,
  type CategoryDTO,
  type DraftDTO,
  type EditorItemDTO,
  type ItemDTO,
  type Person,
  type RevisionDTO,
  type Status,
} from './schemas';

export type Tx = Parameters<Parameters<DB['transaction']>[0]>[0];

/** A text[] parameter written as an array literal, which both drivers pass as text and PostgreSQL casts. */
const pgArray = (list: string[]) => sql`${`{${list.map((v) => `"${v.replace(/["\\]/g, (ch) => `\\${ch}`)}"`).join(',')}}`}::text[]`;

export const categoryCols = {
  id: knowledgeCategories.id,
  name: knowledgeCategories.name,
  description: knowledgeCategories.description,
  createdAt: knowledgeCategories.createdAt,
  updatedAt: knowledgeCategories.updatedAt,
  status: sql<Status>`${knowledgeCategories.status}`,
};
/** A timestamp as the API gives it: ISO 8601 in UTC, the same text on both databases. */
export const iso = (col: SQL | AnyColumn) => sql<string | null>`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
export const itemCols = {
  id: knowledgeItems.id,
  title: knowledgeItems.title,
  content: knowledgeItems.content,
  categoryId: knowledgeItems.categoryId,
  keywords: knowledgeItems.keywords,
  attachments: knowledgeItems.attachments,
  createdAt: knowledgeItems.createdAt,
  updatedAt: knowledgeItems.updatedAt,
  status: sql<Status>`${knowledgeItems.status}`,
  taxYears: knowledgeItems.taxYears,
  quotesFigures: knowledgeItems.quotesFigures,
  lastVerifiedAt: iso(knowledgeItems.lastVerifiedAt),
};
/** What readers see: published items in published categories. */
export const published = sql`${knowledgeItems.status} = 'published' and exists (select 1 from knowledge_categories pc where pc.id = ${knowledgeItems.categoryId} and pc.status = 'published')`;
export const publishedCategory = eq(knowledgeCategories.status, 'published');

export const itemOrder = [asc(sql`lower(${knowledgeItems.title})`), asc(knowledgeItems.id)];
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
/** Enough of the content for a preview, however long the article. */
export const PREVIEW_SOURCE = 8000;

/** A user as `{ id, username }`, or null. */
export const person = (id: SQL | typeof knowledgeItems.lastVerifiedBy) =>
  sql<Person | null>`(select json_build_object('id', u.id, 'username', u.username) from users u where u.id = ${id})`;

/** A category whatever its status (admin), or only a published one (readers). */
export async function readCategoryRow(db: DB, id: string, readers: boolean): Promise<CategoryDTO | null> {
  if (typeof id !== 'string' || id.length > 200) return null;
  const [row] = await db
    .select(categoryCols)
    .from(knowledgeCategories)
    .where(and(eq(knowledgeCategories.id, id), readers ? publishedCategory : undefined));
  return row ?? null;
}

export async function categoryExists(db: DB, id: string): Promise<boolean> {
  const [row] = await db.select({ id: knowledgeCategories.id }).from(knowledgeCategories).where(eq(knowledgeCategories.id, id));
  return !!row;
}

/** An item whatever its status (admin). */
export async function readItemRow(db: DB, id: string): Promise<ItemDTO | null> {
  if (typeof id !== 'string' || !isUuid(id)) return null;
  const [row] = await db.select(itemCols).from(knowledgeItems).where(eq(knowledgeItems.id, id.toLowerCase()));
  return row ?? null;
}

/** A published item (readers, the assistant); drafts and archived items are not found. */
export async function readPublishedItem(db: DB, id: string): Promise<ItemDTO | null> {
  if (typeof id !== 'string' || !isUuid(id)) return null;
  const [row] = await db
    .select(itemCols)
    .from(knowledgeItems)
    .where(and(eq(knowledgeItems.id, id.toLowerCase()), published));
  return row ?? null;
}

export type RevisionText = Pick<RevisionDTO, 'title' | 'content' | 'categoryId' | 'keywords' | 'attachments' | 'taxYears' | 'editorNotes'>;

/** Stores a revision: the given text (a staged edit, a shipped version not taken), or the item as it now is. */
export async function insertRevision(
  tx: Tx | DB,
  r: { itemId: string; kind: string; note: string; authorId: number | null; at: string },
  text?: RevisionText,
) {
  const { itemId, kind, note, authorId: author, at } = r;
  const number = sql`coalesce((select max(number) from knowledge_revisions where item_id = ${itemId}), 0) + 1`;
  if (text) {
    await tx.execute(sql`insert into knowledge_revisions (item_id, number, kind, note, title, content, category_id, keywords, attachments, tax_years, editor_notes, author_id, at)
      values (${itemId}, ${number}, ${kind}, ${note}, ${text.title}, ${text.content}, ${text.categoryId}, ${pgArray(text.keywords)}, ${pgArray(text.attachments)},
        ${pgArray(text.taxYears)}, ${text.editorNotes}, ${author}, ${at})`);
    return;
  }
  await tx.execute(sql`insert into knowledge_revisions (item_id, number, kind, note, title, content, category_id, keywords, attachments, tax_years, editor_notes, author_id, at)
    select id, ${number}, ${kind}, ${note}, title, content, category_id, keywords, attachments, tax_years, editor_notes, ${author}, ${at}
    from knowledge_items where id = ${itemId}`);
}

const draftCols = {
  title: knowledgeDrafts.title,
  content: knowledgeDrafts.content,
  categoryId: knowledgeDrafts.categoryId,
  keywords: knowledgeDrafts.keywords,
  attachments: knowledgeDrafts.attachments,
  taxYears: knowledgeDrafts.taxYears,
  quotesFigures: knowledgeDrafts.quotesFigures,
  editorNotes: knowledgeDrafts.editorNotes,
  note: knowledgeDrafts.note,
  publishAt: iso(sql`${knowledgeDrafts.publishAt}`),
  author: person(sql`${knowledgeDrafts.authorId}`),
  updatedAt: sql<string>`${iso(sql`${knowledgeDrafts.updatedAt}`)}`,
};
export async function readDraftRow(via: Tx | DB, itemId: string): Promise<DraftDTO | null> {
  const [row] = await via.select(draftCols).from(knowledgeDrafts).where(eq(knowledgeDrafts.itemId, itemId));
  return row ?? null;
}
export async function editorNotesOf(via: Tx | DB, itemId: string): Promise<string> {
  const [row] = await via.select({ n: knowledgeItems.editorNotes }).from(knowledgeItems).where(eq(knowledgeItems.id, itemId));
  return row?.n ?? '';
}

/** The item as the editor needs it: any status, with its staged edit and verification. */
export async function readEditorItem(db: DB, id: string): Promise<EditorItemDTO | null> {
  if (typeof id !== 'string' || !isUuid(id)) return null;
  const [row] = await db
    .select({
      ...itemCols,
      publishAt: iso(sql`${knowledgeItems.publishAt}`),
      editorNotes: knowledgeItems.editorNotes,
      lastVerifiedBy: person(sql`${knowledgeItems.lastVerifiedBy}`),
      reviewReason: knowledgeItems.reviewReason,
      shippedVersion: knowledgeItems.shippedVersion,
    })
    .from(knowledgeItems)
    .where(eq(knowledgeItems.id, id.toLowerCase()));
  if (!row) return null;
  return { ...row, draft: await readDraftRow(db, row.id) };
}

/** True while an item or a staged edit still lists the attachment (its file must stay). */
export async function attachmentListed(via: Tx | DB, path: string): Promise<boolean> {
  const rows = rowsOf(
    await via.execute(sql`select 1 from knowledge_items where attachments @> array[${path}]::text[]
      union all select 1 from knowledge_drafts where attachments @> array[${path}]::text[] limit 1`),
  );
  return rows.length > 0;
}

/** The admin list's filter: a category, a title search and a status (the service checks the category exists). */
export function adminFilter(query: AdminItemsQuery): SQL | undefined {
  const categoryId = query.categoryId || undefined;
  const q = query.q?.trim();
  const hasDraft = sql`exists (select 1 from knowledge_drafts d where d.item_id = ${knowledgeItems.id})`;
  const byStatus: Record<NonNullable<AdminItemsQuery['status']>, SQL> = {
    draft: eq(knowledgeItems.status, 'draft'),
    published: eq(knowledgeItems.status, 'published'),
    archived: eq(knowledgeItems.status, 'archived'),
    scheduled: sql`(${knowledgeItems.publishAt} is not null and ${knowledgeItems.status} = 'draft') or exists (select 1 from knowledge_drafts d where d.item_id = ${knowledgeItems.id} and d.publish_at is not null)`,
    staged: hasDraft,
  };
  return and(
    categoryId ? eq(knowledgeItems.categoryId, categoryId) : undefined,
    q ? ilike(knowledgeItems.title, likePattern(q)) : undefined,
    query.status ? byStatus[query.status] : undefined,
  );
}
