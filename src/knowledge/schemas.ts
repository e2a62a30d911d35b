import { z } from 'zod';
import { storageKeyFromPath } from './files';
import { MAX_QUERY_LENGTH, MIN_QUERY_LENGTH } from './query';

// The one contract between the knowledge API, its service and the admin island. Messages are the spec's (§5)
// where it has them.

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

const required = (missing: string, max: number, label: string) =>
  z
    .string({ error: missing })
    .trim()
    .min(1, missing)
    .max(max, `${label} must be at most ${max.toLocaleString('en-US')} characters`);

export const categoryIdField = z
  .string({ error: MISSING_CATEGORY_FIELDS })
  .trim()
  .toLowerCase()
  .min(1, MISSING_CATEGORY_FIELDS)
  .max(LIMITS.categoryId, `Category ID must be at most ${LIMITS.categoryId} characters`)
  .regex(SLUG_RE, 'Category ID may only contain lowercase letters, numbers and single dashes, with no spaces (e.g., payroll-basics)');

export const createCategorySchema = z.object({
  id: categoryIdField,
  name: required(MISSING_CATEGORY_FIELDS, LIMITS.categoryName, 'Category name'),
  description: required(MISSING_CATEGORY_FIELDS, LIMITS.categoryDescription, 'Description'),
});
export type CreateCategoryInput = z.input<typeof createCategorySchema>;

/** Edit: name and description required; the id, if sent, must be the one in the path (ids cannot change). */
export const updateCategorySchema = z.object({
  id: z.string().max(200).optional(),
  name: required(MISSING_CATEGORY_FIELDS, LIMITS.categoryName, 'Category name'),
  description: required(MISSING_CATEGORY_FIELDS, LIMITS.categoryDescription, 'Description'),
});
export type UpdateCategoryInput = z.input<typeof updateCategorySchema>;

/** A list sent as an array, a JSON-encoded array, or (from a form) a comma-separated string. */
function stringList(label: string) {
  return z.preprocess(
    (v) => {
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
    },
    z.array(z.string({ error: `${label} must be a list of text values` }), { error: `${label} must be a list of text values` }),
  );
}

/** Keywords are trimmed, empty ones dropped and duplicates (ignoring case) removed. */
export const keywordsField = stringList('Keywords')
  .transform((list) => {
    const seen = new Set<string>();
    const out: string[] = [];
    for (const raw of list) {
      const k = raw.trim().replace(/\s+/g, ' ');
      if (!k || seen.has(k.toLowerCase())) continue;
      seen.add(k.toLowerCase());
      out.push(k);
    }
    return out;
  })
  .refine((l) => l.every((k) => k.length <= LIMITS.keyword), `Each keyword must be at most ${LIMITS.keyword} characters`)
  .refine((l) => l.length <= LIMITS.keywords, `An item can have at most ${LIMITS.keywords} keywords`);

export const ATTACHMENT_MESSAGE = 'Attachments must be files uploaded with Upload File (/uploads/…)';

export const attachmentsField = (label = 'Attachments') =>
  stringList(label)
    .transform((list) => [...new Set(list.map((s) => s.trim()).filter(Boolean))])
    .refine((l) => l.every((p) => storageKeyFromPath(p) !== null), ATTACHMENT_MESSAGE)
    .refine((l) => l.length <= LIMITS.attachments, `An item can have at most ${LIMITS.attachments} attachments`);

export const itemIdField = z
  .string({ error: 'Item ID must be a UUID' })
  .trim()
  .toLowerCase()
  .regex(UUID_RE, 'Item ID must be a UUID');

const itemFields = {
  title: required(MISSING_ITEM_FIELDS, LIMITS.title, 'Title'),
  content: required(MISSING_ITEM_FIELDS, LIMITS.content, 'Content'),
  categoryId: z.string({ error: MISSING_ITEM_FIELDS }).trim().min(1, MISSING_ITEM_FIELDS).max(LIMITS.categoryId, 'Unknown category'),
};

export const createItemSchema = z.object({
  id: itemIdField.optional(),
  ...itemFields,
  keywords: keywordsField.optional(),
  attachments: attachmentsField().optional(),
});
export type CreateItemInput = z.input<typeof createItemSchema>;
export type CreateItemData = z.output<typeof createItemSchema>;

/**
 * Edit: fields left out stay as they are; fields sent must not be blank. The item's attachments become
 * `existingAttachments` (the spec: a JSON-encoded list of the files kept) plus `attachments` (files newly
 * uploaded); files no longer listed are deleted. Sending neither leaves the attachments unchanged.
 */
export const updateItemSchema = z.object({
  id: z.string().max(100).optional(),
  title: itemFields.title.optional(),
  content: itemFields.content.optional(),
  categoryId: itemFields.categoryId.optional(),
  keywords: keywordsField.optional(),
  existingAttachments: attachmentsField('existingAttachments').optional(),
  attachments: attachmentsField().optional(),
});
export type UpdateItemInput = z.input<typeof updateItemSchema>;
export type UpdateItemData = z.output<typeof updateItemSchema>;

export const searchQuerySchema = z.object({
  q: z
    .string({ error: SEARCH_TOO_SHORT })
    .trim()
    .min(MIN_QUERY_LENGTH, SEARCH_TOO_SHORT)
    .max(MAX_QUERY_LENGTH, `Search query must be at most ${MAX_QUERY_LENGTH} characters`),
  limit: z.coerce
    .number({ error: 'limit must be a whole number from 1 to 50' })
    .int('limit must be a whole number from 1 to 50')
    .min(1, 'limit must be a whole number from 1 to 50')
    .max(50, 'limit must be a whole number from 1 to 50')
    .optional(),
});

/** JSON shapes the API returns. */
export interface CategoryDTO {
  id: string;
  name: string;
  description: string;
  createdAt: string | null;
  updatedAt: string | null;
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
}
export interface SearchResultDTO {
  id: string;
  title: string;
  categoryId: string;
  keywords: string[];
  /** HTML-escaped text; its only markup is <mark>…</mark> around the matched words. */
  snippet: string;
}
