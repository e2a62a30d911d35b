import * as z from 'zod/mini';
import { storageKeyFromPath } from './files';
import { MAX_QUERY_LENGTH, MIN_QUERY_LENGTH } from './query';

// The one contract between the knowledge API, its service and the admin island (zod/mini keeps the island
// small). Messages are the spec's (§5) where it has them.

export const MISSING_CATEGORY_FIELDS = 'Please fill out all fields.';
export const MISSING_ITEM_FIELDS = 'Please fill out all required fields.';
export const CATEGORY_ID_HINT = 'Use a unique identifier with no spaces (e.g., payroll-basics)';
export const SEARCH_TOO_SHORT = `Search query must be longer than ${MIN_QUERY_LENGTH - 1} characters`;

export const LIMITS = {
  categoryId: 50,
  categoryName: 100,
  categoryDescription: 500,
  title: 200,
  content: 50_000,
  keyword: 60,
  keywords: 30,
  attachments: 20,
} as const;

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (s: string) => UUID_RE.test(s);
const SLUG_RE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const isCategoryId = (s: string) => s.length <= LIMITS.categoryId && SLUG_RE.test(s);

const tooLong = (label: string, max: number) => `${label} must be at most ${max.toLocaleString('en-US')} characters`;
const required = (missing: string, max: number, label: string) =>
  z.string({ error: missing }).check(z.trim(), z.minLength(1, missing), z.maxLength(max, tooLong(label, max)));

export const categoryIdField = z
  .string({ error: MISSING_CATEGORY_FIELDS })
  .check(
    z.trim(),
    z.toLowerCase(),
    z.minLength(1, MISSING_CATEGORY_FIELDS),
    z.maxLength(LIMITS.categoryId, `Category ID must be at most ${LIMITS.categoryId} characters`),
    z.regex(SLUG_RE, 'Category ID may only contain lowercase letters, numbers and single dashes, with no spaces (e.g., payroll-basics)'),
  );

// Lifecycle (src/knowledge/lifecycle.ts): readers see published content only.
export const STATUSES = ['draft', 'published', 'archived'] as const;
export type Status = (typeof STATUSES)[number];
const statusField = z.enum(STATUSES, { error: 'status must be draft, published or archived' });
const PUBLISH_AT_MESSAGE = 'publishAt must be a date and time (ISO 8601), or empty';
/** An ISO date-time; '' or null clears it. */
const publishAtField = z.pipe(
  z.transform((v: unknown) => (v === '' || v === null ? null : v)),
  z.nullable(
    z.string({ error: PUBLISH_AT_MESSAGE }).check(
      z.maxLength(40, PUBLISH_AT_MESSAGE),
      z.refine((v) => !Number.isNaN(Date.parse(v)), PUBLISH_AT_MESSAGE),
    ),
  ),
);
/** "2026/27": the tax year from 1 March 2026 to 28 February 2027. */
export const TAX_YEAR_LABEL = /^(\d{4})\/(\d{2})$/;
export const isTaxYearLabel = (s: string) => {
  const m = TAX_YEAR_LABEL.exec(s);
  return !!m && (Number(m[1]) + 1) % 100 === Number(m[2]);
};
const TAX_YEARS_MESSAGE = 'taxYears must be tax years written like 2026/27';
export const taxYearsField = z
  .pipe(
    stringList('taxYears'),
    z.transform((l: string[]) => [...new Set(l.map((s) => s.trim()).filter(Boolean))].sort()),
  )
  .check(z.refine((l: string[]) => l.length <= 10 && l.every(isTaxYearLabel), TAX_YEARS_MESSAGE));
const booleanField = (label: string) =>
  z.pipe(
    z.transform((v: unknown) => (v === 'true' || v === 'on' ? true : v === 'false' ? false : v)),
    z.boolean({ error: `${label} must be true or false` }),
  );
const editorNotesField = z.string({ error: 'editorNotes must be text' }).check(z.maxLength(10_000, tooLong("Editors' notes", 10_000)));
const changeNoteField = z.string({ error: 'changeNote must be text' }).check(z.trim(), z.maxLength(500, tooLong('The change note', 500)));

export const createCategorySchema = z.object({
  id: categoryIdField,
  name: required(MISSING_CATEGORY_FIELDS, LIMITS.categoryName, 'Category name'),
  description: required(MISSING_CATEGORY_FIELDS, LIMITS.categoryDescription, 'Description'),
  status: z.optional(statusField),
});
export type CreateCategoryInput = z.input<typeof createCategorySchema>;
export type CreateCategoryData = z.output<typeof createCategorySchema>;

/** Edit: name and description required; the id, if sent, must be the one in the path (ids cannot change). */
export const updateCategorySchema = z.object({
  id: z.optional(z.string().check(z.maxLength(200))),
  name: required(MISSING_CATEGORY_FIELDS, LIMITS.categoryName, 'Category name'),
  description: required(MISSING_CATEGORY_FIELDS, LIMITS.categoryDescription, 'Description'),
  status: z.optional(statusField),
});
export type UpdateCategoryInput = z.input<typeof updateCategorySchema>;
export type UpdateCategoryData = z.output<typeof updateCategorySchema>;

/** A list sent as an array, a JSON-encoded array, or (from a form) a comma-separated string. */
function stringList(label: string) {
  const message = `${label} must be a list of text values`;
  return z.pipe(
    z.transform((v: unknown) => {
      if (typeof v !== 'string') return v;
      const s = v.trim();
      if (s === '') return [];
      if (s.startsWith('[')) {
        try {
          return JSON.parse(s);
        } catch {
          return v; // fails the array check below with the message
        }
      }
      return s.split(',');
    }),
    z.array(z.string({ error: message }), { error: message }),
  );
}

/** Keywords are trimmed, empty ones dropped and duplicates (ignoring case) removed. */
export const keywordsField = z
  .pipe(
    stringList('Keywords'),
    z.transform((list: string[]) => {
      const seen = new Set<string>();
      const out: string[] = [];
      for (const raw of list) {
        const k = raw.trim().replace(/\s+/g, ' ');
        if (!k || seen.has(k.toLowerCase())) continue;
        seen.add(k.toLowerCase());
        out.push(k);
      }
      return out;
    }),
  )
  .check(
    z.refine((l: string[]) => l.every((k) => k.length <= LIMITS.keyword), `Each keyword must be at most ${LIMITS.keyword} characters`),
    z.refine((l: string[]) => l.length <= LIMITS.keywords, `An item can have at most ${LIMITS.keywords} keywords`),
  );

export const ATTACHMENT_MESSAGE = 'Attachments must be files uploaded with Upload File (/uploads/…)';

export const attachmentsField = (label = 'Attachments') =>
  z
    .pipe(
      stringList(label),
      z.transform((list: string[]) => [...new Set(list.map((s) => s.trim()).filter(Boolean))]),
    )
    .check(
      z.refine((l: string[]) => l.every((p) => storageKeyFromPath(p) !== null), ATTACHMENT_MESSAGE),
      z.refine((l: string[]) => l.length <= LIMITS.attachments, `An item can have at most ${LIMITS.attachments} attachments`),
    );

export const itemIdField = z
  .string({ error: 'Item ID must be a UUID' })
  .check(z.trim(), z.toLowerCase(), z.regex(UUID_RE, 'Item ID must be a UUID'));

const itemFields = {
  title: required(MISSING_ITEM_FIELDS, LIMITS.title, 'Title'),
  content: required(MISSING_ITEM_FIELDS, LIMITS.content, 'Content'),
  categoryId: z
    .string({ error: MISSING_ITEM_FIELDS })
    .check(z.trim(), z.minLength(1, MISSING_ITEM_FIELDS), z.maxLength(LIMITS.categoryId, 'Unknown category')),
};

export const createItemSchema = z.object({
  id: z.optional(itemIdField),
  ...itemFields,
  keywords: z.optional(keywordsField),
  attachments: z.optional(attachmentsField()),
  // Beyond the spec: without these the item is published at once, as the spec has it.
  status: z.optional(z.enum(['draft', 'published'], { error: 'status must be draft or published' })),
  publishAt: z.optional(publishAtField),
  taxYears: z.optional(taxYearsField),
  quotesFigures: z.optional(booleanField('quotesFigures')),
  editorNotes: z.optional(editorNotesField),
  changeNote: z.optional(changeNoteField),
});
export type CreateItemInput = z.input<typeof createItemSchema>;
export type CreateItemData = z.output<typeof createItemSchema>;

/**
 * Edit: fields left out stay as they are; fields sent must not be blank. The item's attachments become
 * `existingAttachments` (the spec: a JSON-encoded list of the files kept) plus `attachments` (files newly
 * uploaded); files no longer listed are deleted. Sending neither leaves the attachments unchanged.
 */
export const updateItemSchema = z.object({
  id: z.optional(z.string().check(z.maxLength(100))),
  title: z.optional(itemFields.title),
  content: z.optional(itemFields.content),
  categoryId: z.optional(itemFields.categoryId),
  keywords: z.optional(keywordsField),
  existingAttachments: z.optional(attachmentsField('existingAttachments')),
  attachments: z.optional(attachmentsField()),
  status: z.optional(statusField),
  /** On a published item: keep the change as its staged draft; the live version stays until it is published. */
  stage: z.optional(booleanField('stage')),
  publishAt: z.optional(publishAtField),
  taxYears: z.optional(taxYearsField),
  quotesFigures: z.optional(booleanField('quotesFigures')),
  editorNotes: z.optional(editorNotesField),
  changeNote: z.optional(changeNoteField),
});

export const noteBodySchema = z.object({ note: z.optional(changeNoteField) });
export const verifyBodySchema = z.object({ note: z.optional(changeNoteField), taxYears: z.optional(taxYearsField) });
const REVISION_MESSAGE = 'The revision must be a whole number';
export const revisionParamSchema = z.object({
  id: z.string().check(z.maxLength(200, 'The id in the address is too long')),
  number: z.coerce
    .number({ error: REVISION_MESSAGE })
    .check(z.refine(Number.isInteger, REVISION_MESSAGE), z.gte(1, REVISION_MESSAGE), z.lte(1_000_000, REVISION_MESSAGE)),
});
const DATE_MESSAGE = 'before must be a date (YYYY-MM-DD)';
export const reviewQuerySchema = z.object({
  before: z.optional(
    z.string({ error: DATE_MESSAGE }).check(
      z.regex(/^\d{4}-\d{2}-\d{2}$/, DATE_MESSAGE),
      z.refine((v) => !Number.isNaN(Date.parse(v)), DATE_MESSAGE),
    ),
  ),
});
export type UpdateItemInput = z.input<typeof updateItemSchema>;
export type UpdateItemData = z.output<typeof updateItemSchema>;

const LIMIT_MESSAGE = 'limit must be a whole number from 1 to 50';
export const searchQuerySchema = z.object({
  q: z
    .string({ error: SEARCH_TOO_SHORT })
    .check(
      z.trim(),
      z.minLength(MIN_QUERY_LENGTH, SEARCH_TOO_SHORT),
      z.maxLength(MAX_QUERY_LENGTH, `Search query must be at most ${MAX_QUERY_LENGTH} characters`),
    ),
  limit: z.optional(
    z.coerce
      .number({ error: LIMIT_MESSAGE })
      .check(z.refine(Number.isInteger, LIMIT_MESSAGE), z.gte(1, LIMIT_MESSAGE), z.lte(50, LIMIT_MESSAGE)),
  ),
});

/** The admin item list: the spec's 300-character preview, and a page of 20. */
export const PREVIEW_LENGTH = 300;
export const ADMIN_PAGE_SIZE = 20;
const PAGE_MESSAGE = 'page must be a whole number from 1 to 100000';
export const adminItemsQuerySchema = z.object({
  categoryId: z.optional(
    z
      .string({ error: 'categoryId must be text' })
      .check(z.trim(), z.maxLength(LIMITS.categoryId, `categoryId must be at most ${LIMITS.categoryId} characters`)),
  ),
  q: z.optional(
    z
      .string({ error: 'q must be text' })
      .check(z.trim(), z.maxLength(MAX_QUERY_LENGTH, `Search must be at most ${MAX_QUERY_LENGTH} characters`)),
  ),
  page: z.optional(
    z.coerce
      .number({ error: PAGE_MESSAGE })
      .check(z.refine(Number.isInteger, PAGE_MESSAGE), z.gte(1, PAGE_MESSAGE), z.lte(100_000, PAGE_MESSAGE)),
  ),
  /** Instead of `page`: the page holding this item, when the filter keeps it. */
  around: z.optional(z.string({ error: 'around must be an item id' }).check(z.maxLength(100, 'around must be an item id'))),
  status: z.optional(
    z.enum([...STATUSES, 'scheduled', 'staged'], { error: 'status must be draft, published, archived, scheduled or staged' }),
  ),
});
export type AdminItemsQuery = z.output<typeof adminItemsQuerySchema>;

/** Path ids are looked up as they are (an unknown or malformed id is a 404), so only their length is bounded here. */
const pathId = z.string().check(z.maxLength(200, 'The id in the address is too long'));
export const idParamSchema = z.object({ id: pathId });
export const categoryParamSchema = z.object({ categoryId: pathId });
export const itemParamSchema = z.object({ itemId: pathId });
export const uploadParamSchema = z.object({ key: pathId });

/** JSON shapes the API returns. */
export interface CategoryDTO {
  id: string;
  name: string;
  description: string;
  createdAt: string | null;
  updatedAt: string | null;
  status: Status;
}
export interface ItemDTO {
  id: string;
  title: string;
  content: string;
  categoryId: string;
  keywords: string[];
  attachments: string[];
  createdAt: string | null;
  updatedAt: string | null;
  status: Status;
  /** Tax years the article is for ("2026/27"); empty when it is not tied to one. */
  taxYears: string[];
  quotesFigures: boolean;
  lastVerifiedAt: string | null;
}
export interface Person {
  id: number;
  username: string;
}
/** A published item's edit staged for later. */
export interface DraftDTO {
  title: string;
  content: string;
  categoryId: string;
  keywords: string[];
  attachments: string[];
  taxYears: string[];
  quotesFigures: boolean;
  editorNotes: string;
  note: string;
  publishAt: string | null;
  author: Person | null;
  updatedAt: string;
}
/** GET /api/knowledge/items/admin/:id: the item as the editor needs it. */
export interface EditorItemDTO extends ItemDTO {
  publishAt: string | null;
  editorNotes: string;
  lastVerifiedBy: Person | null;
  reviewReason: string | null;
  shippedVersion: number | null;
  draft: DraftDTO | null;
}
export interface RevisionDTO {
  id: number;
  number: number;
  kind: string;
  note: string;
  at: string;
  author: Person | null;
  title: string;
  content: string;
  categoryId: string;
  keywords: string[];
  attachments: string[];
  taxYears: string[];
  editorNotes: string;
}
export interface ReviewDTO {
  latestTaxYear: string;
  currentTaxYear: string;
  items: {
    id: string;
    title: string;
    categoryId: string;
    status: Status;
    taxYears: string[];
    quotesFigures: boolean;
    lastVerifiedAt: string | null;
    reasons: string[];
  }[];
}
/** An item as the admin list shows it: the content only as a plain-text preview (at most PREVIEW_LENGTH characters). */
export type AdminItemDTO = Omit<ItemDTO, 'content'> & { preview: string; hasDraft: boolean; publishAt: string | null };
/** GET /api/knowledge/items/admin. `page` is the one returned (a page past the end gives the last). */
export interface AdminItemsPageDTO {
  items: AdminItemDTO[];
  total: number;
  page: number;
  pageSize: number;
  pages: number;
}
export interface SearchResultDTO {
  id: string;
  title: string;
  categoryId: string;
  keywords: string[];
  /** HTML-escaped text; its only markup is <mark>…</mark> around the matched words. */
  snippet: string;
}
