import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { knowledgeCategories, knowledgeItems, knowledgeSeeded } from '../../../db/schema';
import { bootstrap } from '../../../src/bootstrap';
import { loadConfig } from '../../../src/config';
import { loadKnowledgeContent, seedKnowledge, type KnowledgeContent } from '../../../src/knowledge/seed';
import type { Logger } from '../../../src/lib/logger';
import { loadAssets } from '../../../src/ui/assets';
import { useTestApp, type TestApp } from '../../helpers/app';
import { createTestDatabase, dbKinds } from '../../helpers/db';

const shipped = loadKnowledgeContent(path.resolve('db/knowledge'));
const count = async (t: TestApp, table: typeof knowledgeItems | typeof knowledgeCategories) =>
  (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(table))[0].n;

describe.each(dbKinds)('knowledge seed on %s', (kind) => {
  const t = useTestApp(kind);

  it('loads every shipped category and article at start', async () => {
    expect(await count(t, knowledgeCategories)).toBe(shipped.categories.length);
    expect(await count(t, knowledgeItems)).toBe(shipped.items.length);
    const sample = shipped.items.find((i) => i.file === 'uif/uif-contribution-ceiling.md') ?? shipped.items[0];
    const [row] = await t.database.db.select().from(knowledgeItems).where(eq(knowledgeItems.id, sample.id));
    expect(row).toMatchObject({
      title: sample.title,
      categoryId: sample.categoryId,
      keywords: sample.keywords,
      attachments: [],
      updatedAt: sample.updatedAt,
    });
    expect(row.content).toBe(sample.content);
  });

  it('inserts nothing the second time', async () => {
    expect(await seedKnowledge(t.database.db)).toEqual({ categories: 0, items: 0, skipped: 0, updated: 0, queued: 0 });
  });

  it("never overwrites an admin's edit and never brings back what an admin deleted", async () => {
    const [edited, deleted] = shipped.items;
    await t.database.db
      .update(knowledgeItems)
      .set({ title: 'Edited by an admin', keywords: ['mine'] })
      .where(eq(knowledgeItems.id, edited.id));
    await t.database.db.update(knowledgeCategories).set({ name: 'Renamed' }).where(eq(knowledgeCategories.id, 'leave'));
    await t.database.db.delete(knowledgeItems).where(eq(knowledgeItems.id, deleted.id));
    expect(await seedKnowledge(t.database.db)).toMatchObject({ categories: 0, items: 0 });
    const [row] = await t.database.db.select().from(knowledgeItems).where(eq(knowledgeItems.id, edited.id));
    expect(row).toMatchObject({ title: 'Edited by an admin', keywords: ['mine'] });
    expect((await t.database.db.select().from(knowledgeCategories).where(eq(knowledgeCategories.id, 'leave')))[0].name).toBe('Renamed');
    expect(await t.database.db.select().from(knowledgeItems).where(eq(knowledgeItems.id, deleted.id))).toHaveLength(0);
  });

  it('keeps a deleted category (and its items) deleted', async () => {
    await t.database.db.delete(knowledgeCategories).where(eq(knowledgeCategories.id, 'benefits'));
    await seedKnowledge(t.database.db);
    expect(await t.database.db.select().from(knowledgeCategories).where(eq(knowledgeCategories.id, 'benefits'))).toHaveLength(0);
    expect(await t.database.db.select().from(knowledgeItems).where(eq(knowledgeItems.categoryId, 'benefits'))).toHaveLength(0);
  });

  it('adds articles and categories that are new in a later release, and only those', async () => {
    const lifecycle = { version: 1, taxYears: [], quotesFigures: false, verifiedAt: null, editorNotes: '' };
    const extra: KnowledgeContent = {
      categories: [...shipped.categories, { id: 'new-in-release', name: 'New', description: 'Added later' }],
      items: [
        ...shipped.items,
        {
          id: randomUUID(),
          title: 'A new article',
          categoryId: 'new-in-release',
          keywords: ['new'],
          content: 'Body',
          updatedAt: '2026-12-01T00:00:00.000Z',
          file: 'new.md',
          ...lifecycle,
        },
        {
          id: randomUUID(),
          title: 'Waits for its category',
          categoryId: 'benefits',
          keywords: [],
          content: 'Body',
          updatedAt: '2026-12-01T00:00:00.000Z',
          file: 'orphan.md',
          ...lifecycle,
        },
      ],
      problems: [],
    };
    expect(await seedKnowledge(t.database.db, { content: extra })).toMatchObject({ categories: 1, items: 1 });
    expect(await seedKnowledge(t.database.db, { content: extra })).toMatchObject({ categories: 0, items: 0 });
    const marks = await t.database.db
      .select()
      .from(knowledgeSeeded)
      .where(eq(knowledgeSeeded.id, `item:${extra.items.at(-1)!.id}`));
    expect(marks).toHaveLength(0); // not marked: it goes in once its category exists again
  });

  it('skips a broken file with a warning instead of failing the start', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'payewise-kb-'));
    fs.writeFileSync(path.join(dir, 'categories.json'), JSON.stringify([{ id: 'tax', name: 'Tax', description: 'd' }]));
    fs.mkdirSync(path.join(dir, 'tax'));
    fs.writeFileSync(
      path.join(dir, 'tax', 'good.md'),
      `---\nid: ${randomUUID()}\ntitle: Good one\ncategory: tax\nkeywords: [a, b]\nupdated: 2026-05-01\n---\n# Good one\n\nText.\n`,
    );
    fs.writeFileSync(path.join(dir, 'tax', 'bad.md'), '---\ntitle: No id\ncategory: tax\nupdated: 2026-05-01\n---\nText\n');
    const warnings: unknown[] = [];
    const log: Logger = { debug() {}, info() {}, error() {}, warn: (msg, data) => warnings.push({ msg, ...data }) };
    const r = await seedKnowledge(t.database.db, { dir, log });
    expect(r).toMatchObject({ items: 1, skipped: 1 });
    expect(JSON.stringify(warnings)).toContain('tax/bad.md: front matter needs an id (a UUID)');
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

describe.each(dbKinds)('knowledge seed across restarts on %s', (kind) => {
  it('the second start inserts nothing', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'payewise-restart-'));
    const pg = kind === 'postgres' ? await createTestDatabase() : null;
    const config = loadConfig({
      NODE_ENV: 'production',
      PUBLIC_URL: 'http://localhost',
      MAIL_OUTBOX_ONLY: 'true',
      PAYFAST_SANDBOX: 'true',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      ...(pg ? { DATABASE_URL: pg.url } : {}),
    });
    const seen: unknown[] = [];
    const log: Logger = { debug() {}, warn() {}, error() {}, info: (msg, data) => seen.push({ msg, ...data }) };
    const assets = loadAssets({ dev: true });
    try {
      const first = await bootstrap(config, { log, assets });
      await first.stop();
      expect(seen).toContainEqual({
        msg: 'knowledge seed: applied',
        categories: shipped.categories.length,
        items: shipped.items.length,
        updated: 0,
        queued: 0,
      });
      seen.length = 0;
      const second = await bootstrap(config, { log, assets });
      const [{ n }] = await second.database.db.select({ n: sql<number>`count(*)::int` }).from(knowledgeItems);
      await second.stop();
      expect(seen.filter((e: any) => e.msg === 'knowledge seed: applied')).toEqual([]);
      expect(n).toBe(shipped.items.length);
    } finally {
      await pg?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
