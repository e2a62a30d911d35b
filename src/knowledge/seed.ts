// Knowledge content shipped with the app: db/knowledge/categories.json and db/knowledge/<category>/<slug>.md
// (front matter: id (uuid), title, category, keywords [list], updated (date)). Seeded at every start:
// what was never seeded is inserted, nothing is overwritten, and a row an admin deleted stays deleted
// (knowledge_seeded remembers what the seed has inserted before).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import matter from 'gray-matter';
import { sql } from 'drizzle-orm';
import type { DB } from '../../db';
import { knowledgeCategories, knowledgeItems, knowledgeSeeded } from '../../db/schema';
import type { Logger } from '../lib/logger';
import { createCategorySchema, createItemSchema } from './schemas';

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
        keywords: Array.isArray(data.keywords) ? data.keywords.map(String) : data.keywords ?? [],
      });
      if (!r.success) throw new Error(r.error.issues[0]?.message ?? 'invalid');
      if (!r.data.id) throw new Error('front matter needs an id (a UUID)');
      if (ids.has(r.data.id)) throw new Error(`duplicate id ${r.data.id}`);
      const updatedAt = toIsoDate(data.updated);
      if (!updatedAt) throw new Error('front matter needs an updated date');
      ids.add(r.data.id);
      items.push({ id: r.data.id, title: r.data.title, categoryId: r.data.categoryId, keywords: r.data.keywords ?? [], content: r.data.content, updatedAt, file: rel });
    } catch (err) {
      problems.push(`${rel}: ${(err as Error).message}`);
    }
  }
  return { categories, items, problems };
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

    const newCategories = content.categories
      .map((c, i) => ({ c, i }))
      .filter(({ c }) => !seeded.has(`category:${c.id}`));
    let categories = 0;
    if (newCategories.length) {
      const rows = newCategories.map(({ c, i }) => {
        const at = new Date(CATEGORY_EPOCH + i * 1000).toISOString();
        return { id: c.id, name: c.name, description: c.description, createdAt: at, updatedAt: at };
      });
      categories = (await tx.insert(knowledgeCategories).values(rows).onConflictDoNothing().returning({ id: knowledgeCategories.id })).length;
      await tx.insert(knowledgeSeeded).values(newCategories.map(({ c }) => ({ id: `category:${c.id}` }))).onConflictDoNothing();
    }

    const existing = new Set((await tx.select({ id: knowledgeCategories.id }).from(knowledgeCategories)).map((r) => r.id));
    // An item whose category is gone (an admin deleted it) waits: it is neither inserted nor marked.
    const newItems = content.items.filter((it) => !seeded.has(`item:${it.id}`) && existing.has(it.categoryId));
    let items = 0;
    for (let i = 0; i < newItems.length; i += 100) {
      const chunk = newItems.slice(i, i + 100);
      const rows = chunk.map((it) => ({
        id: it.id,
        title: it.title,
        content: it.content,
        categoryId: it.categoryId,
        keywords: it.keywords,
        attachments: [] as string[],
        createdAt: it.updatedAt,
        updatedAt: it.updatedAt,
      }));
      items += (await tx.insert(knowledgeItems).values(rows).onConflictDoNothing().returning({ id: knowledgeItems.id })).length;
      await tx.insert(knowledgeSeeded).values(chunk.map((it) => ({ id: `item:${it.id}` }))).onConflictDoNothing();
    }
    return { categories, items };
  });
  if (result.categories || result.items) opts.log?.info('knowledge seed: inserted', result);
  return { ...result, skipped: content.problems.length };
}
