// Knowledge content shipped with the app: db/knowledge/categories.json and db/knowledge/<category>/<slug>.md
// (front matter: id (uuid), title, category, keywords [list], updated (date), version (a whole number, raised with
// every shipped change), taxYears ["2026/27"], figures (quotes tax-year figures), verified (date), notes (editors'
// notes, never shown to readers)). Seeded at every start:
// - what was never seeded is inserted; a row an admin deleted stays deleted (knowledge_seeded remembers);
// - a newer version of an article no admin has changed replaces it, as a revision noted as shipped;
// - a newer version of an article an admin has changed is kept as a revision (shipped-pending) and the article
//   waits in the verification queue: the admin's work is never overwritten.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import matter from 'gray-matter';
import { eq, sql } from 'drizzle-orm';
import type { DB } from '../../db';
import { knowledgeCategories, knowledgeItems, knowledgeRevisions, knowledgeSeeded } from '../../db/schema';
import type { Logger } from '../lib/logger';
import { createCategorySchema, createItemSchema, isTaxYearLabel } from './schemas';

export interface SeedCategory {
  id: string;
  name: string;
  description: string;
}
export interface SeedItem {
  id: string;
  title: string;
  categoryId: string;
  keywords: string[];
  content: string;
  updatedAt: string;
  file: string;
  version: number;
  taxYears: string[];
  quotesFigures: boolean;
  verifiedAt: string | null;
  editorNotes: string;
}
export interface KnowledgeContent {
  categories: SeedCategory[];
  items: SeedItem[];
  /** Files that could not be used, with the reason; they are skipped, never fatal. */
  problems: string[];
}

const here = path.dirname(fileURLToPath(import.meta.url));
/** db/knowledge, found both from source (src/knowledge/) and from the built server (dist/server/). */
export function knowledgeFolder(): string {
  const candidates = [path.resolve(here, '../../db/knowledge'), path.join(here, 'knowledge'), path.resolve('db/knowledge')];
  const found = candidates.find((p) => fs.existsSync(path.join(p, 'categories.json')));
  if (!found) throw new Error(`Knowledge folder not found (looked in ${candidates.join(', ')})`);
  return found;
}

function markdownFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...markdownFiles(full));
    else if (entry.isFile() && entry.name.endsWith('.md') && !/^readme\.md$/i.test(entry.name)) out.push(full);
  }
  return out;
}

const squash = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

/** The body without a leading `# Title` that only repeats the title (the article view shows the title itself). */
export function stripLeadingTitle(body: string, title: string): string {
  const text = body.replace(/^\uFEFF/, '').trimStart();
  const m = /^#[ \t]+(.+?)[ \t#]*(?:\r?\n|$)/.exec(text);
  if (m && squash(m[1]) === squash(title)) return text.slice(m[0].length).trim();
  return text.trim();
}

function toIsoDate(v: unknown): string | null {
  if (v instanceof Date && !Number.isNaN(v.getTime())) return v.toISOString();
  if (typeof v === 'string' && !Number.isNaN(Date.parse(v))) return new Date(v).toISOString();
  return null;
}

/** Reads and checks every category and article; bad files are reported in `problems` and skipped. */
export function loadKnowledgeContent(dir: string = knowledgeFolder()): KnowledgeContent {
  const problems: string[] = [];
  const categories: SeedCategory[] = [];
  const catFile = path.join(dir, 'categories.json');
  try {
    const raw = JSON.parse(fs.readFileSync(catFile, 'utf8'));
    if (!Array.isArray(raw)) throw new Error('expected a list of categories');
    for (const c of raw) {
      const r = createCategorySchema.safeParse(c);
      if (!r.success) problems.push(`categories.json: ${JSON.stringify(c?.id)}: ${r.error.issues[0]?.message}`);
      else if (categories.some((x) => x.id === r.data.id)) problems.push(`categories.json: duplicate id ${r.data.id}`);
      else categories.push(r.data);
    }
  } catch (err) {
    problems.push(`categories.json: ${(err as Error).message}`);
  }

  const items: SeedItem[] = [];
  const ids = new Set<string>();
  for (const file of markdownFiles(dir)) {
    const rel = path.relative(dir, file).split(path.sep).join('/');
    try {
      const { data, content } = matter(fs.readFileSync(file, 'utf8'));
      const folder = rel.includes('/') ? rel.split('/')[0] : undefined;
      const title = typeof data.title === 'string' ? data.title.trim() : '';
      const r = createItemSchema.safeParse({
        id: typeof data.id === 'string' ? data.id : undefined,
        title,
        content: stripLeadingTitle(content, title),
        categoryId: typeof data.category === 'string' ? data.category : folder,
        keywords: Array.isArray(data.keywords) ? data.keywords.map(String) : (data.keywords ?? []),
      });
      if (!r.success) throw new Error(r.error.issues[0]?.message ?? 'invalid');
      if (!r.data.id) throw new Error('front matter needs an id (a UUID)');
      if (ids.has(r.data.id)) throw new Error(`duplicate id ${r.data.id}`);
      const updatedAt = toIsoDate(data.updated);
      if (!updatedAt) throw new Error('front matter needs an updated date');
      const version = data.version ?? 1;
      if (!Number.isInteger(version) || version < 1) throw new Error('version must be a whole number from 1');
      const taxYears = (data.taxYears ?? []) as unknown;
      if (!Array.isArray(taxYears) || !taxYears.every((y) => typeof y === 'string' && isTaxYearLabel(y)))
        throw new Error('taxYears must be a list like ["2026/27"]');
      if (data.figures !== undefined && typeof data.figures !== 'boolean') throw new Error('figures must be true or false');
      const verifiedAt = data.verified === undefined ? null : toIsoDate(data.verified);
      if (data.verified !== undefined && !verifiedAt) throw new Error('verified must be a date');
      if (data.notes !== undefined && typeof data.notes !== 'string') throw new Error('notes must be text');
      ids.add(r.data.id);
      items.push({
        id: r.data.id,
        title: r.data.title,
        categoryId: r.data.categoryId,
        keywords: r.data.keywords ?? [],
        content: r.data.content,
        updatedAt,
        file: rel,
        version,
        taxYears: [...taxYears].sort(),
        quotesFigures: data.figures ?? false,
        verifiedAt,
        editorNotes: (data.notes ?? '').trim(),
      });
    } catch (err) {
      problems.push(`${rel}: ${(err as Error).message}`);
    }
  }
  return { categories, items, problems };
}

function revision(it: SeedItem, number: number, kind: string, note: string) {
  return {
    itemId: it.id,
    number,
    kind,
    note,
    title: it.title,
    content: it.content,
    categoryId: it.categoryId,
    keywords: it.keywords,
    attachments: [] as string[],
    taxYears: it.taxYears,
    editorNotes: it.editorNotes,
  };
}

async function nextRevision(tx: Pick<DB, 'select'>, itemId: string): Promise<number> {
  const [r] = await tx
    .select({ n: sql<number>`coalesce(max(${knowledgeRevisions.number}), 0)::int + 1` })
    .from(knowledgeRevisions)
    .where(eq(knowledgeRevisions.itemId, itemId));
  return Number(r?.n ?? 1);
}

// Seeded categories sort by their place in categories.json (listCategories orders by createdAt).
const CATEGORY_EPOCH = Date.UTC(2026, 2, 1);

/** Inserts what was never seeded; idempotent and safe when two processes start at once. */
export async function seedKnowledge(db: DB, opts: { dir?: string; log?: Logger; content?: KnowledgeContent } = {}) {
  const content = opts.content ?? loadKnowledgeContent(opts.dir);
  for (const p of content.problems) opts.log?.warn('knowledge seed: skipped', { problem: p });

  const result = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(7215031)`);
    const seeded = new Set((await tx.select({ id: knowledgeSeeded.id }).from(knowledgeSeeded)).map((r) => r.id));

    const newCategories = content.categories.map((c, i) => ({ c, i })).filter(({ c }) => !seeded.has(`category:${c.id}`));
    let categories = 0;
    if (newCategories.length) {
      const rows = newCategories.map(({ c, i }) => {
        const at = new Date(CATEGORY_EPOCH + i * 1000).toISOString();
        return { id: c.id, name: c.name, description: c.description, createdAt: at, updatedAt: at };
      });
      categories = (await tx.insert(knowledgeCategories).values(rows).onConflictDoNothing().returning({ id: knowledgeCategories.id }))
        .length;
      await tx
        .insert(knowledgeSeeded)
        .values(newCategories.map(({ c }) => ({ id: `category:${c.id}` })))
        .onConflictDoNothing();
    }

    const existing = new Set((await tx.select({ id: knowledgeCategories.id }).from(knowledgeCategories)).map((r) => r.id));
    const shipped = (it: SeedItem) => ({
      title: it.title,
      content: it.content,
      categoryId: it.categoryId,
      keywords: it.keywords,
      taxYears: it.taxYears,
      quotesFigures: it.quotesFigures,
      editorNotes: it.editorNotes,
      lastVerifiedAt: it.verifiedAt ? new Date(it.verifiedAt) : null,
      shippedVersion: it.version,
    });
    // An item whose category is gone (an admin deleted it) waits: it is neither inserted nor marked.
    const newItems = content.items.filter((it) => !seeded.has(`item:${it.id}`) && existing.has(it.categoryId));
    let items = 0;
    for (let i = 0; i < newItems.length; i += 100) {
      const chunk = newItems.slice(i, i + 100);
      const rows = chunk.map((it) => ({
        id: it.id,
        ...shipped(it),
        attachments: [] as string[],
        createdAt: it.updatedAt,
        updatedAt: it.updatedAt,
      }));
      const inserted = await tx.insert(knowledgeItems).values(rows).onConflictDoNothing().returning({ id: knowledgeItems.id });
      items += inserted.length;
      const byId = new Map(chunk.map((it) => [it.id, it]));
      if (inserted.length)
        await tx
          .insert(knowledgeRevisions)
          .values(inserted.map(({ id }) => revision(byId.get(id)!, 1, 'shipped', `Shipped version ${byId.get(id)!.version}`)));
      await tx
        .insert(knowledgeSeeded)
        .values(chunk.map((it) => ({ id: `item:${it.id}` })))
        .onConflictDoNothing();
    }

    // Newer shipped versions of articles seeded before.
    const current = new Map(
      (
        await tx
          .select({
            id: knowledgeItems.id,
            shippedVersion: knowledgeItems.shippedVersion,
            editedHere: knowledgeItems.editedHere,
            title: knowledgeItems.title,
            content: knowledgeItems.content,
            keywords: knowledgeItems.keywords,
            categoryId: knowledgeItems.categoryId,
          })
          .from(knowledgeItems)
          .for('update')
      ).map((r) => [r.id, r]),
    );
    let updated = 0;
    let queued = 0;
    for (const it of content.items) {
      const row = current.get(it.id);
      if (!row || !seeded.has(`item:${it.id}`) || (row.shippedVersion ?? 0) >= it.version) continue;
      const number = await nextRevision(tx, it.id);
      const legacy = row.shippedVersion === null; // seeded before versions: its new fields were never set by anyone
      const sameText =
        row.title === it.title &&
        row.content === it.content &&
        row.categoryId === it.categoryId &&
        JSON.stringify(row.keywords) === JSON.stringify(it.keywords);
      if (!row.editedHere && existing.has(it.categoryId)) {
        await tx
          .update(knowledgeItems)
          .set({ ...shipped(it), updatedAt: it.updatedAt, reviewReason: null })
          .where(eq(knowledgeItems.id, it.id));
        if (!sameText) await tx.insert(knowledgeRevisions).values(revision(it, number, 'shipped', `Shipped update: version ${it.version}`));
        updated++;
      } else if (sameText) {
        await tx
          .update(knowledgeItems)
          .set(legacy ? shipped(it) : { shippedVersion: it.version })
          .where(eq(knowledgeItems.id, it.id));
      } else {
        // Changed here: the shipped text waits as a revision to compare and restore; the article waits for review.
        await tx
          .update(knowledgeItems)
          .set({
            shippedVersion: it.version,
            reviewReason: `Shipped version ${it.version} was not applied because this article was changed here: compare it in History`,
            ...(legacy
              ? {
                  taxYears: it.taxYears,
                  quotesFigures: it.quotesFigures,
                  editorNotes: it.editorNotes,
                  lastVerifiedAt: it.verifiedAt ? new Date(it.verifiedAt) : null,
                }
              : {}),
          })
          .where(eq(knowledgeItems.id, it.id));
        await tx.insert(knowledgeRevisions).values(revision(it, number, 'shipped-pending', `Shipped version ${it.version}, not applied`));
        queued++;
      }
    }
    if (updated || queued) await tx.execute(sql`select pg_notify('knowledge_changed', '')`);
    return { categories, items, updated, queued };
  });
  if (result.categories || result.items || result.updated || result.queued) opts.log?.info('knowledge seed: applied', result);
  return { ...result, skipped: content.problems.length };
}
