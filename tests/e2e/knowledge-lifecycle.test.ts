import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { saDate } from '../../islands/knowledge-admin/time';
import { hydrated, signIn, useBrowserSuite } from '../helpers/browser';

// The knowledge content lifecycle in /knowledge-admin (issue 25): a published article's edit staged as a draft
// while readers keep the live text, published, compared in History, restored, and verified; new articles saved
// as drafts or scheduled; the status filter; the "Needs checking" queue.

interface Revision {
  number: number;
  kind: string;
  content: string;
}

describe('knowledge content lifecycle in Chromium', () => {
  const suite = useBrowserSuite();
  let published: { id: string; title: string }[];

  beforeAll(async () => {
    const ctx = await suite.browser.newContext();
    await signIn(ctx, suite.server.url, 'admin');
    const res = await ctx.request.get(`${suite.server.url}/api/knowledge/items/admin?status=published`);
    expect(res.status()).toBe(200);
    published = (await res.json()).items;
    await ctx.close();
  });
  /** What a reader is shown of the article: its page's text, and the read API's content. */
  async function readerSees(reader: Page, id: string): Promise<string> {
    await reader.goto(`${suite.server.url}/knowledge/article/${id}`);
    return (await reader.locator('.prose-pw').first().textContent()) ?? '';
  }
  /** Accepts the next confirm dialog and hands back its text. */
  function acceptNextDialog(page: Page): () => string {
    let text = '';
    page.once('dialog', (d) => {
      text = d.message();
      void d.accept();
    });
    return () => text;
  }

  it.each([
    { width: 1280, height: 900, n: 0 },
    { width: 375, height: 800, n: 1 },
  ])(
    'at $width px: stage an edit of a published article, readers unchanged, publish, diff in History, restore, verify',
    async ({ width, height, n }) => {
      const article = published[n];
      const marker = `Quokka lifecycle sentence ${width}.`;
      const { context, page, errors } = await suite.openPage(width, { height, signedIn: 'admin' });
      const { context: readerCtx, page: reader } = await suite.openPage(width, { height, signedIn: 'demo' });
      const before = await readerSees(reader, article.id);
      expect(before).not.toContain(marker);

      // Open its editor from the address; the live article opens on "Publish now" (the spec's behaviour).
      await page.goto(`${suite.server.url}/knowledge-admin?edit=${article.id}`);
      await hydrated(page, 'KnowledgeAdmin');
      const card = page.locator(`[data-testid="admin-item"][data-item-id="${article.id}"]`);
      const form = page.getByRole('form', { name: `Edit ${article.title}` });
      await form.waitFor();
      expect(await form.getByRole('radio', { name: 'Publish now' }).isChecked()).toBe(true);
      await card.getByText('Published: readers see it.').waitFor();
      const content = form.getByLabel('Content');
      const original = await content.inputValue();
      await content.fill(`${original}\n\n${marker}`);
      await form.getByLabel('Change note').fill(`E2E staged edit at ${width}`);
      await form.getByRole('radio', { name: 'Save as draft' }).check();
      await form.getByRole('button', { name: 'Save draft' }).click();
      await page.getByRole('status').getByText('Edit Staged').waitFor();
      await card.getByTestId('status-badge').getByText('Edit staged').waitFor();

      // Readers still see the published text; the preview shows the staged one.
      expect(await readerSees(reader, article.id)).not.toContain(marker);
      const api = await readerCtx.request.get(`${suite.server.url}/api/knowledge/item/${article.id}`);
      expect((await api.json()).content).not.toContain(marker);

      // The editor again: the staged edit, who staged it, the staged text in the form; Preview opens a new tab.
      await card.getByRole('button', { name: `Edit ${article.title}` }).click();
      const staged = card.getByTestId('staged-draft');
      await staged.getByText('An edit is staged').waitFor();
      expect(await staged.textContent()).toMatch(/by admin/);
      expect(await form.getByLabel('Content').inputValue()).toContain(marker);
      expect(await form.getByRole('radio', { name: 'Save as draft' }).isChecked()).toBe(true);
      const preview = card.getByRole('link', { name: /^Preview/ });
      expect(await preview.getAttribute('href')).toBe(`/knowledge-admin/preview/${article.id}`);
      expect(await preview.getAttribute('target')).toBe('_blank');
      const [tab] = await Promise.all([context.waitForEvent('page'), preview.click()]);
      await tab.waitForLoadState();
      expect(await tab.locator('body').textContent()).toContain(marker);
      await tab.close();

      // Publish now: readers see it.
      await staged.getByRole('button', { name: 'Publish now' }).click();
      await page.getByRole('status').getByText('Knowledge Item Published').waitFor();
      await staged.waitFor({ state: 'detached' });
      expect(await readerSees(reader, article.id)).toContain(marker);

      // History: the revisions, newest first, and the diff between the published text and the one before it.
      await card.getByRole('button', { name: 'History', exact: true }).click();
      const history = card.getByTestId('history');
      await history.getByRole('list', { name: 'Revisions' }).waitFor();
      const revisions: Revision[] = await (
        await context.request.get(`${suite.server.url}/api/knowledge/items/${article.id}/revisions`)
      ).json();
      expect(revisions.length).toBeGreaterThanOrEqual(3);
      expect(await history.getByTestId('revision').count()).toBe(Math.min(revisions.length, 10));
      const newest = history.getByTestId('revision').first();
      expect(await newest.textContent()).toContain(`Revision ${revisions[0].number}`);
      expect(await newest.textContent()).toMatch(/Published/);
      await history.getByText(`“E2E staged edit at ${width}”`).first().waitFor();
      const diff = history.getByTestId('revision-diff');
      await diff.locator('ins').filter({ hasText: marker }).waitFor();
      // Screen readers are told what was added; the words are visually hidden.
      expect(await diff.locator('ins .sr-only').first().textContent()).toBe('[added: ');
      // Any two: the same revision twice says so.
      await history.getByLabel('From', { exact: true }).selectOption(String(revisions[0].number));
      await diff.getByText('Choose two different revisions to compare.').waitFor();
      await history.getByLabel('To', { exact: true }).selectOption(String(revisions[1].number));
      await history.getByLabel('From', { exact: true }).selectOption(String(revisions.at(-1)!.number));
      await history.getByRole('radio', { name: 'Line by line' }).check();
      await diff.locator('ins.kb-diff-block').filter({ hasText: marker }).waitFor();

      // Restore the last revision without the sentence: readers see the text from before.
      const previous = revisions.find((r) => !r.content.includes(marker))!;
      const confirmText = acceptNextDialog(page);
      await history.getByRole('button', { name: `Restore revision ${previous.number}` }).click();
      await page.getByRole('status').getByText('Revision Restored').waitFor();
      expect(confirmText()).toMatch(new RegExp(`Restore revision ${previous.number}`));
      await expect.poll(() => form.getByLabel('Content').inputValue()).not.toContain(marker);
      expect(await readerSees(reader, article.id)).not.toContain(marker);
      await expect.poll(async () => history.getByTestId('revision').first().textContent()).toMatch(/Restored/);

      // Verified today, by the admin.
      await card.getByRole('button', { name: 'Mark as verified' }).click();
      await page.getByRole('status').getByText('Marked as Verified').waitFor();
      await card
        .getByTestId('verified')
        .getByText(`Checked on ${saDate(new Date().toISOString())} by admin.`)
        .waitFor();

      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      expect(errors).toEqual([]);
      await readerCtx.close();
      await context.close();
    },
  );

  it('new articles as a draft and scheduled, the status filter, a discarded staged edit, and a category saved as a draft', async () => {
    const { context, page, errors } = await suite.openPage(1280, { signedIn: 'admin' });
    const { context: readerCtx } = await suite.openPage(1280, { signedIn: 'demo' });
    await page.goto(`${suite.server.url}/knowledge-admin?tab=items`);
    await hydrated(page, 'KnowledgeAdmin');
    const status = page.getByTestId('admin-items-status');

    // A draft: readers cannot open it.
    await page.getByRole('button', { name: 'Add Item' }).click();
    let form = page.getByRole('form', { name: 'New knowledge item' });
    await form.getByLabel('Category').selectOption('uif');
    await form.getByLabel('Title').fill('Quokka draft article');
    await form.getByLabel('Content').fill('Quokkas are not yet paid.');
    await form.getByRole('checkbox', { name: '2026/27' }).check();
    await form.getByRole('checkbox', { name: 'Quotes tax-year figures' }).check();
    await form.getByLabel("Editors' notes").fill('Single source: check against the reference.');
    await form.getByRole('radio', { name: 'Save as draft' }).check();
    await form.getByRole('button', { name: 'Create draft' }).click();
    await page.getByRole('status').getByText('Draft Created').waitFor();
    const draftCard = page.getByTestId('admin-item').filter({ hasText: 'Quokka draft article' });
    await draftCard.getByTestId('status-badge').getByText('Draft', { exact: true }).waitFor();
    await draftCard.getByText('2026/27').waitFor();
    const draftId = (await draftCard.getAttribute('data-item-id'))!;
    expect((await readerCtx.request.get(`${suite.server.url}/api/knowledge/item/${draftId}`)).status()).toBe(404);

    // Its editor keeps it a draft by default, and shows what was saved.
    await draftCard.getByRole('button', { name: 'Edit Quokka draft article' }).click();
    form = page.getByRole('form', { name: 'Edit Quokka draft article' });
    expect(await form.getByRole('radio', { name: 'Save as draft' }).isChecked()).toBe(true);
    expect(await form.getByRole('checkbox', { name: '2026/27' }).isChecked()).toBe(true);
    expect(await form.getByRole('checkbox', { name: 'Quotes tax-year figures' }).isChecked()).toBe(true);
    expect(await form.getByLabel("Editors' notes").inputValue()).toBe('Single source: check against the reference.');
    await form.getByRole('button', { name: 'Cancel' }).click();

    // Scheduled for tomorrow at 08:00 South African time.
    await page.getByRole('button', { name: 'Add Item' }).click();
    form = page.getByRole('form', { name: 'New knowledge item' });
    await form.getByLabel('Category').selectOption('uif');
    await form.getByLabel('Title').fill('Quokka scheduled article');
    await form.getByLabel('Content').fill('Quokkas will be paid.');
    await form.getByRole('radio', { name: 'Schedule…' }).check();
    const tomorrow = new Date(Date.now() + 24 * 3600_000 + 2 * 3600_000).toISOString().slice(0, 10);
    await form.getByLabel('Publish on (South African time)').fill(`${tomorrow}T08:00`);
    await form.getByRole('button', { name: 'Create and schedule' }).click();
    await page.getByRole('status').getByText('Publication Scheduled').waitFor();
    const scheduled = page.getByTestId('admin-item').filter({ hasText: 'Quokka scheduled article' });
    await scheduled
      .getByTestId('status-badge')
      .getByText(/^Scheduled \d{1,2} \w{3} \d{4}, 08:00$/)
      .waitFor();

    // The status filter, kept in the address.
    await page.getByLabel('Filter by status').selectOption('draft');
    await page.waitForURL(/status=draft/);
    await status.getByText(/^\d+ draft items?$/).waitFor();
    const titles = await page.getByTestId('admin-item').locator('h3').allTextContents();
    expect(titles).toContain('Quokka draft article');
    expect(titles).not.toContain(published[0].title);
    await page.getByLabel('Filter by status').selectOption('archived');
    await status.getByText('No archived knowledge items.').waitFor();
    await page.getByLabel('Filter by status').selectOption('');
    await status.getByText(/^\d+ items · Page 1 of \d+$/).waitFor();

    // A staged edit discarded: the published text stays.
    const article = published[2];
    await page.goto(`${suite.server.url}/knowledge-admin?edit=${article.id}`);
    await hydrated(page, 'KnowledgeAdmin');
    const card = page.locator(`[data-testid="admin-item"][data-item-id="${article.id}"]`);
    form = page.getByRole('form', { name: `Edit ${article.title}` });
    await form.getByLabel('Title').fill(`${article.title} (staged)`);
    await form.getByRole('radio', { name: 'Save as draft' }).check();
    await form.getByRole('button', { name: 'Save draft' }).click();
    await page.getByRole('status').getByText('Edit Staged').waitFor();
    await card.getByTestId('status-badge').getByText('Edit staged').waitFor();
    await card.getByRole('button', { name: `Edit ${article.title}` }).click();
    const confirmText = acceptNextDialog(page);
    await card.getByTestId('staged-draft').getByRole('button', { name: 'Discard draft' }).click();
    await page.getByRole('status').getByText('Draft Discarded').waitFor();
    expect(confirmText()).toMatch(/published version stays/);
    await expect.poll(() => form.getByLabel('Title').inputValue()).toBe(article.title);

    // A category saved as a draft shows its status.
    await page.getByRole('tab', { name: 'Categories' }).click();
    await page.getByRole('button', { name: 'Add Category' }).click();
    const catForm = page.getByRole('form', { name: 'New category' });
    await catForm.getByLabel('Category ID').fill('e2e-quokka-drafts');
    await catForm.getByLabel('Category Name').fill('Quokka Drafts');
    await catForm.getByLabel('Description').fill('Not ready for readers.');
    await catForm.getByLabel('Status').selectOption('draft');
    await catForm.getByRole('button', { name: 'Create Category' }).click();
    await page.getByRole('status').getByText('Category Created').waitFor();
    const catCard = page.locator('[data-testid="admin-category"][data-category-id="e2e-quokka-drafts"]');
    await catCard.getByText('Draft', { exact: true }).waitFor();
    await catCard.getByRole('button', { name: 'Edit category Quokka Drafts' }).click();
    expect(await catCard.getByLabel('Status').inputValue()).toBe('draft');
    await catCard.getByLabel('Status').selectOption('published');
    await catCard.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').getByText('Category Updated').waitFor();
    await expect.poll(() => catCard.getByText('Draft', { exact: true }).count()).toBe(0);

    expect(errors).toEqual([]);
    await readerCtx.close();
    await context.close();
  });

  it('at 375 px the "Needs checking" queue lists articles with their reasons, filters by date, and opens the editor', async () => {
    const { context, page, errors } = await suite.openPage(375, { height: 800, signedIn: 'admin' });
    await page.goto(`${suite.server.url}/knowledge-admin`);
    await hydrated(page, 'KnowledgeAdmin');
    await page.getByRole('tab', { name: 'Needs checking' }).click();
    await page.waitForURL(/tab=review/);
    const queueStatus = page.getByTestId('review-status');
    await queueStatus.getByText(/checking|Nothing needs/).waitFor();

    // Everything last checked before tomorrow (or never).
    const tomorrow = new Date(Date.now() + 26 * 3600_000).toISOString().slice(0, 10);
    await page.getByLabel('Verified before').fill(tomorrow);
    await page.getByRole('button', { name: 'Show', exact: true }).click();
    await queueStatus.getByText(/^\d+ articles? needs? checking \(last checked before /).waitFor();
    const rows = page.getByTestId('review-item');
    expect(await rows.count()).toBeGreaterThan(0);
    expect(await rows.first().getByRole('list').first().locator('li').count()).toBeGreaterThan(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    // A reload comes back to the queue.
    await page.reload();
    await hydrated(page, 'KnowledgeAdmin');
    await expect.poll(() => page.getByRole('tab', { name: 'Needs checking' }).getAttribute('aria-selected')).toBe('true');

    // Its link opens the article's editor in place, title focused.
    await page.getByLabel('Verified before').fill(tomorrow);
    await page.getByRole('button', { name: 'Show', exact: true }).click();
    await queueStatus.getByText(/last checked before/).waitFor();
    const link = rows.first().getByRole('link');
    const title = (await link.textContent())!;
    expect(await link.getAttribute('href')).toMatch(/^\/knowledge-admin\?edit=[0-9a-f-]{36}$/);
    await link.click();
    const form = page.getByRole('form', { name: `Edit ${title}` });
    await form.waitFor();
    expect(await page.getByRole('tab', { name: 'Knowledge Items' }).getAttribute('aria-selected')).toBe('true');
    await page.waitForFunction(() => (document.activeElement as HTMLInputElement | null)?.name === 'title');
    expect(errors).toEqual([]);
    await context.close();
  });
});
