import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { hydrated, useBrowserSuite } from '../helpers/browser';

// A valid 1×1 PNG and a small PDF: the upload checks magic bytes.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
function pdf(padKb: number) {
  return Buffer.concat([Buffer.from('%PDF-1.4\n% quokka worksheet\n'), Buffer.alloc(padKb * 1024, 0x20), Buffer.from('\n%%EOF\n')]);
}

describe('knowledge base in Chromium', () => {
  const suite = useBrowserSuite();

  const path = (page: Page) => {
    const u = new URL(page.url());
    return decodeURIComponent(u.pathname + u.search).replace(/\+/g, ' ');
  };
  const selectedTab = (page: Page) => page.locator('[role="tab"][aria-selected="true"]').textContent();

  async function openKnowledge(page: Page) {
    await page.goto(`${suite.server.url}/knowledge`);
    await page.getByRole('heading', { name: 'Knowledge Base', exact: true }).waitFor();
    await page.waitForFunction(() => Boolean((window as unknown as { htmx?: unknown }).htmx));
    // Survives htmx swaps, lost on a full page load.
    await page.evaluate(() => ((window as unknown as { kbMarker: number }).kbMarker = 42));
  }
  const noReload = async (page: Page) => expect(await page.evaluate(() => (window as unknown as { kbMarker?: number }).kbMarker)).toBe(42);

  it('search → article → back → category → article → back → back, without reloads, at 375 px wide', async () => {
    const { context, page, errors } = await suite.openPage(375, { height: 800, signedIn: 'demo' });
    await openKnowledge(page);
    expect(await selectedTab(page)).toBe('Categories');
    expect(await page.getByRole('tab', { name: 'Search' }).getAttribute('aria-disabled')).toBe('true');
    // The Search tab enables while typing (not only after submitting), disables again when the box is emptied,
    // and choosing it runs the search.
    const box = page.getByPlaceholder('Search for payroll information...');
    await box.pressSequentially('sick');
    expect(await page.getByRole('tab', { name: 'Search' }).getAttribute('aria-disabled')).toBeNull();
    await box.fill('');
    expect(await page.getByRole('tab', { name: 'Search' }).getAttribute('aria-disabled')).toBe('true');
    await box.pressSequentially('sick leave');
    await page.getByRole('tab', { name: 'Search' }).click();
    await page.waitForURL(/\/knowledge\?q=sick(\+|%20)leave$/);
    expect(await selectedTab(page)).toBe('Search');
    await noReload(page);
    await page.goBack();
    await page.waitForURL(/\/knowledge$/);

    // Two characters: no search, a hint.
    await page.getByPlaceholder('Search for payroll information...').fill('ui');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByText('Type at least 3 characters to search.').waitFor();
    expect(path(page)).toBe('/knowledge?q=ui');

    // Search.
    await page.getByPlaceholder('Search for payroll information...').fill('uif ceiling');
    await page.getByPlaceholder('Search for payroll information...').press('Enter');
    await page.waitForURL(/\/knowledge\?q=uif(\+|%20)ceiling$/);
    await page.getByTestId('kb-result-count').waitFor();
    expect(await page.getByTestId('kb-result-count').textContent()).toMatch(/^\d+ results?$/);
    expect(await selectedTab(page)).toBe('Search');
    expect(await page.locator('[data-testid="kb-search-result"] mark').count()).toBeGreaterThan(0);
    expect(await page.title()).toBe('Search: uif ceiling · Knowledge Base · PayeWise');

    // → article (from search).
    const first = page.getByTestId('kb-search-result').first().getByRole('link');
    const title = (await first.textContent())!;
    await first.click();
    await page.waitForURL(/\/knowledge\/article\/[0-9a-f-]{36}\?q=uif(\+|%20)ceiling$/);
    await page.locator('#kb-article-title').getByText(title).waitFor();
    expect(await selectedTab(page)).toBe('Article');
    // The clicked link is gone: focus moves to the new panel.
    await page.waitForFunction(() => document.activeElement?.id === 'kb-panel');
    await page.getByRole('link', { name: 'Ask the assistant about this article' }).waitFor();
    const articleId = /article\/([0-9a-f-]{36})/.exec(page.url())![1];
    expect(await page.getByRole('link', { name: 'Ask the assistant about this article' }).getAttribute('href')).toBe(
      `/chat?article=${articleId}`,
    );
    expect(await page.locator('.prose-pw').innerHTML()).toMatch(/<(p|h[1-3]|ul|ol|table)>/);

    // Back → the search, query kept.
    await page.getByTestId('kb-back').click();
    await page.waitForURL(/\/knowledge\?q=uif(\+|%20)ceiling$/);
    await page.getByTestId('kb-result-count').waitFor();
    expect(await page.getByPlaceholder('Search for payroll information...').inputValue()).toBe('uif ceiling');

    // Back from search → categories, query cleared.
    await page.getByTestId('kb-back').click();
    await page.waitForURL(`${suite.server.url}/knowledge`);
    await page.getByRole('link', { name: 'Browse Articles: UIF' }).waitFor();
    expect(await page.getByPlaceholder('Search for payroll information...').inputValue()).toBe('');
    expect(await selectedTab(page)).toBe('Categories');

    // → category.
    await page.getByRole('link', { name: 'Browse Articles: UIF' }).click();
    await page.waitForURL(`${suite.server.url}/knowledge/category/uif`);
    await page.getByRole('heading', { name: 'UIF', exact: true }).waitFor();
    expect(await selectedTab(page)).toBe('Category');
    const item = page.getByTestId('kb-category-item').first().getByRole('link');
    const itemTitle = (await item.locator('span').first().textContent())!;

    // → article (from category) → Back → category → Back → categories.
    await item.click();
    await page.waitForURL(/\/knowledge\/article\/[0-9a-f-]{36}\?category=uif$/);
    await page.locator('#kb-article-title').getByText(itemTitle).waitFor();
    expect(await page.getByRole('tab', { name: 'Category' }).getAttribute('aria-disabled')).toBeNull();
    await page.getByTestId('kb-back').click();
    await page.waitForURL(`${suite.server.url}/knowledge/category/uif`);
    await page.getByRole('heading', { name: 'UIF', exact: true }).waitFor();
    await page.getByTestId('kb-back').click();
    await page.waitForURL(`${suite.server.url}/knowledge`);
    await page.getByRole('link', { name: 'Browse Articles: UIF' }).waitFor();

    // The browser's back button walks the same URLs.
    await page.goBack();
    await page.waitForURL(`${suite.server.url}/knowledge/category/uif`);
    await page.getByRole('heading', { name: 'UIF', exact: true }).waitFor();
    await page.goBack();
    await page.waitForURL(/\/knowledge\/article\/[0-9a-f-]{36}\?category=uif$/);
    await page.locator('#kb-article-title').getByText(itemTitle).waitFor();
    await page.goForward();
    await page.waitForURL(`${suite.server.url}/knowledge/category/uif`);
    await page.getByRole('heading', { name: 'UIF', exact: true }).waitFor();

    await noReload(page);
    // Nothing sticks out sideways on a 375 px phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    // A bookmarked state loads as a full page.
    await page.goto(`${suite.server.url}/knowledge?q=uif%20ceiling`);
    await page.getByTestId('kb-result-count').waitFor();
    expect(await selectedTab(page)).toBe('Search');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the tabs are reachable from the keyboard', async () => {
    const { context, page } = await suite.openPage(1280, { signedIn: 'demo' });
    await page.goto(`${suite.server.url}/knowledge/category/uif?q=uif%20ceiling`);
    await page.waitForFunction(() => Boolean((window as unknown as { htmx?: unknown }).htmx));
    await page.getByRole('tab', { name: 'Search' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/knowledge\?q=uif(\+|%20)ceiling$/);
    await page.getByTestId('kb-result-count').waitFor();
    expect(await selectedTab(page)).toBe('Search');
    // Focus stays on the tab, so the keyboard user can go on.
    await page.waitForFunction(() => document.activeElement?.id === 'kb-tab-search');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/knowledge\?tab=categories&q=uif(\+|%20)ceiling$/);
    expect(await selectedTab(page)).toBe('Categories');
    await context.close();
  });

  it('an admin creates a category and an item with attachments; a user finds it by search and opens the attachment', async () => {
    const { context: adminCtx, page: admin, errors: adminErrors } = await suite.openPage(1280, { signedIn: 'admin' });
    await admin.goto(`${suite.server.url}/knowledge-admin`);
    await hydrated(admin, 'KnowledgeAdmin');

    // Category.
    await admin.getByRole('button', { name: 'Add Category' }).click();
    const catForm = admin.getByRole('form', { name: 'New category' });
    await catForm.getByRole('button', { name: 'Create Category' }).click();
    await admin.getByRole('alert').getByText('Please fill out all fields.').waitFor();
    await catForm.getByLabel('Category ID').fill('e2e-quokka');
    await catForm.getByText('Use a unique identifier with no spaces (e.g., payroll-basics)').waitFor();
    await catForm.getByLabel('Category Name').fill('Quokka Payroll');
    await catForm.getByLabel('Description').fill('Everything about paying quokkas.');
    await catForm.getByRole('button', { name: 'Create Category' }).click();
    await admin.getByRole('status').getByText('Category Created').waitFor();
    const card = admin.locator('[data-testid="admin-category"][data-category-id="e2e-quokka"]');
    await card.getByText('Quokka Payroll').waitFor();

    // Item with keywords and two attachments, one uploaded slowly enough to watch the progress bar.
    await admin.getByRole('tab', { name: 'Knowledge Items' }).click();
    await admin.getByRole('button', { name: 'Add Item' }).click();
    const form = admin.getByRole('form', { name: 'New knowledge item' });
    await form.getByLabel('Category').selectOption('e2e-quokka');
    await form.getByLabel('Title').fill('Quokka overtime worksheet');
    await form.getByLabel('Content').fill('# Quokka overtime\n\nPay **one and a half** times the wage.\n\n- Sundays double');
    await form.getByLabel('Keywords', { exact: true }).fill('quokka');
    await form.getByLabel('Keywords', { exact: true }).press('Enter');
    await form.getByLabel('Keywords', { exact: true }).fill('worksheet');
    await form.getByRole('button', { name: 'Add', exact: true }).click();
    await form.getByRole('button', { name: 'Remove keyword quokka' }).waitFor();
    await form.getByRole('button', { name: 'Remove keyword worksheet' }).waitFor();

    const cdp = await adminCtx.newCDPSession(admin);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 200 * 1024,
    });
    await form.getByLabel('Upload File').setInputFiles({ name: 'quokka-sheet.pdf', mimeType: 'application/pdf', buffer: pdf(400) });
    await form.getByRole('progressbar', { name: 'Upload progress' }).waitFor();
    await admin.getByRole('status').getByText('File Uploaded').waitFor();
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await form.getByLabel('Upload File').setInputFiles({ name: 'quokka-chart.png', mimeType: 'image/png', buffer: PNG });
    await form.getByRole('list', { name: 'Attached files' }).getByText('quokka-chart.png').waitFor();
    await form.getByRole('list', { name: 'Attached files' }).getByText('quokka-sheet.pdf').waitFor();

    // A file the server refuses.
    await form
      .getByLabel('Upload File')
      .setInputFiles({ name: 'evil.svg', mimeType: 'image/svg+xml', buffer: Buffer.from('<svg onload="alert(1)"/>') });
    await admin.getByRole('alert').getByText('Upload Failed').waitFor();
    expect(await form.getByRole('list', { name: 'Attached files' }).getByRole('listitem').count()).toBe(2);

    await form.getByRole('button', { name: 'Create Item' }).click();
    await admin.getByRole('status').getByText('Knowledge Item Created').waitFor();
    const itemCard = admin.getByTestId('admin-item').filter({ hasText: 'Quokka overtime worksheet' });
    await itemCard.getByText('2 attachments:').waitFor();
    await itemCard.getByText('Quokka Payroll').waitFor();

    // Filter by category.
    await admin.getByLabel('Filter by Category').selectOption('e2e-quokka');
    await expect.poll(() => admin.getByTestId('admin-item').count()).toBe(1);
    expect(adminErrors).toEqual([]);

    // An ordinary user finds it and opens the attachments.
    const { context: userCtx, page, errors } = await suite.openPage(1280, { signedIn: 'demo' });
    await openKnowledge(page);
    await page.getByPlaceholder('Search for payroll information...').fill('quokka');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL(/\/knowledge\?q=quokka$/);
    const result = page.getByTestId('kb-search-result').filter({ hasText: 'Quokka overtime worksheet' });
    await result.getByText('Quokka Payroll').waitFor();
    await result.getByRole('link', { name: 'Quokka overtime worksheet' }).click();
    await page.waitForURL(/\/knowledge\/article\/[0-9a-f-]{36}\?q=quokka$/);
    await page.locator('.prose-pw strong').getByText('one and a half').waitFor();

    const files = page.getByTestId('kb-attachment');
    await expect(files.count()).resolves.toBe(2);
    const image = files.filter({ hasText: 'quokka-chart.png' });
    await image.getByText('PNG', { exact: true }).waitFor();
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('[data-testid="kb-attachment"] img');
      return Boolean(img && img.complete && img.naturalWidth === 1);
    });
    const [popup] = await Promise.all([userCtx.waitForEvent('page'), image.getByRole('link', { name: 'View quokka-chart.png' }).click()]);
    await popup.waitForLoadState();
    expect(popup.url()).toMatch(/\/uploads\/[0-9a-f]{32}-quokka-chart\.png$/);

    const doc = files.filter({ hasText: 'quokka-sheet.pdf' });
    const download = doc.getByRole('link', { name: 'Download quokka-sheet.pdf' });
    expect(await download.getAttribute('target')).toBe('_blank');
    expect(await download.getAttribute('rel')).toBe('noopener noreferrer');
    const fileRes = await userCtx.request.get(`${suite.server.url}${await download.getAttribute('href')}`);
    expect(fileRes.status()).toBe(200);
    expect(fileRes.headers()['content-disposition']).toMatch(/^attachment/);
    expect((await fileRes.body()).subarray(0, 5).toString()).toBe('%PDF-');
    await noReload(page);
    expect(errors).toEqual([]);

    // The admin edits the item inline: new title, one keyword more, the image removed (PATCH existingAttachments).
    await itemCard.getByRole('button', { name: 'Edit Quokka overtime worksheet' }).click();
    const edit = admin.getByRole('form', { name: 'Edit Quokka overtime worksheet' });
    await edit.getByLabel('Title').fill('Quokka overtime worksheet 2026');
    await edit.getByLabel('Keywords', { exact: true }).fill('sunday pay');
    await edit.getByLabel('Keywords', { exact: true }).press('Enter');
    await edit.getByRole('button', { name: 'Remove quokka-chart.png' }).click();
    await edit.getByRole('button', { name: 'Save' }).click();
    await admin.getByRole('status').getByText('Knowledge Item Updated').waitFor();
    const edited = admin.getByTestId('admin-item').filter({ hasText: 'Quokka overtime worksheet 2026' });
    await edited.getByText('1 attachment:').waitFor();
    await edited.getByText('sunday pay').waitFor();
    await page.reload();
    await page.locator('#kb-article-title').getByText('Quokka overtime worksheet 2026').waitFor();
    await expect(page.getByTestId('kb-attachment').count()).resolves.toBe(1);

    // …and the category: Cancel leaves it, Save renames it.
    await admin.getByRole('tab', { name: 'Categories' }).click();
    await card.getByRole('button', { name: 'Edit category Quokka Payroll' }).click();
    await card.getByLabel('Category Name').fill('Something else');
    await card.getByRole('button', { name: 'Cancel' }).click();
    await card.getByText('Quokka Payroll').waitFor();
    await card.getByRole('button', { name: 'Edit category Quokka Payroll' }).click();
    await card.getByLabel('Category Name').fill('Quokka Payroll Rules');
    await card.getByRole('button', { name: 'Save' }).click();
    await admin.getByRole('status').getByText('Category Updated').waitFor();
    await card.getByText('Quokka Payroll Rules').waitFor();

    // The admin deletes the category (browser confirm saying the items go too); the article is gone.

    let confirmText = '';
    admin.once('dialog', (d) => {
      confirmText = d.message();
      void d.accept();
    });
    await card.getByRole('button', { name: 'Delete category Quokka Payroll Rules' }).click();
    await admin.getByRole('status').getByText('The category and all its items have been deleted.').waitFor();
    expect(confirmText).toMatch(/items/i);
    await page.reload();
    await page.getByText('Failed to load knowledge item').waitFor();

    await userCtx.close();
    await adminCtx.close();
  });

  it.each([
    { width: 1280, height: 900, maxHeight: 7_000 },
    { width: 375, height: 800, maxHeight: 12_000 },
  ])(
    'the admin item list at $width px: a page at a time, plain previews, search, paging kept in the address',
    async ({ width, height, maxHeight }) => {
      const { context, page, errors } = await suite.openPage(width, { height, signedIn: 'admin' });
      const status = page.getByTestId('admin-items-status');
      const cards = page.getByTestId('admin-item');
      const top = page.getByRole('navigation', { name: 'Item pages', exact: true });
      const bottom = page.getByRole('navigation', { name: 'Item pages, end of list' });
      const firstTitle = () => cards.first().locator('h3').textContent();

      await page.goto(`${suite.server.url}/knowledge-admin?tab=items`);
      await hydrated(page, 'KnowledgeAdmin');
      expect(await page.getByRole('tab', { name: 'Knowledge Items' }).getAttribute('aria-selected')).toBe('true');
      const [, total, pages] = /^(\d+) items · Page 1 of (\d+)$/.exec((await status.textContent())!)!.map(Number);
      expect(pages).toBeGreaterThanOrEqual(3);
      expect(await cards.count()).toBe(20);
      // Plain-text previews of at most 300 characters: no markdown marks, link targets or table pipes.
      for (const text of await page.getByTestId('admin-item-preview').allTextContents()) {
        expect(text.length).toBeLessThanOrEqual(300);
        expect(text).not.toMatch(/(^|\s)#{1,6}\s|\*\*|__|\]\(|`|\||(^|\s)[-*]\s/);
      }
      // 52 items with full previews made this page 14 700 px tall at 1280 and 27 900 at 375.
      expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThan(maxHeight);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      expect(await top.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);

      // Next (from the keyboard): the next page, focus stays on Next, the address keeps the place.
      const page1First = await firstTitle();
      await top.getByRole('button', { name: 'Next' }).focus();
      await page.keyboard.press('Enter');
      await status.getByText(`${total} items · Page 2 of ${pages}`).waitFor();
      expect(await firstTitle()).not.toBe(page1First);
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Next');
      await page.waitForURL(/\/knowledge-admin\?tab=items&page=2$/);
      await page.reload();
      await hydrated(page, 'KnowledgeAdmin');
      await status.getByText(`${total} items · Page 2 of ${pages}`).waitFor();

      // The last page from the bottom pager: Next is disabled there and focus moves up to the top Previous.
      for (let p = 3; p <= pages; p++) {
        await bottom.getByRole('button', { name: 'Next' }).click();
        await status.getByText(`Page ${p} of ${pages}`).waitFor();
      }
      expect(await bottom.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
      await page.waitForFunction(
        () =>
          document.activeElement?.textContent === 'Previous' &&
          document.activeElement.closest('nav')?.getAttribute('aria-label') === 'Item pages',
      );
      expect(await cards.count()).toBe(total - (pages - 1) * 20);

      // The title search narrows the list (from page 1) and is kept in the address.
      await page.getByLabel('Search titles').fill('UIF');
      await status.getByText(/^\d+ items? matching “UIF”$/).waitFor();
      const titles = await cards.locator('h3').allTextContents();
      expect(titles.length).toBeGreaterThan(0);
      expect(titles.length).toBeLessThan(20);
      for (const t of titles) expect(t.toLowerCase()).toContain('uif');
      await page.waitForURL(/\/knowledge-admin\?tab=items&q=UIF$/);
      await page.getByLabel('Filter by Category').selectOption('benefits');
      await page.waitForURL(/\/knowledge-admin\?tab=items&category=benefits&q=UIF$/);
      await status.getByText('No knowledge items in this category match “UIF”.').waitFor();
      await page.getByLabel('Filter by Category').selectOption('');
      await page.getByLabel('Search titles').fill('zzqx no such title');
      await status.getByText('No knowledge items match “zzqx no such title”.').waitFor();
      expect(await cards.count()).toBe(0);
      await page.getByRole('button', { name: 'Clear search' }).click();
      await status.getByText(`${total} items · Page 1 of ${pages}`).waitFor();
      expect(await page.getByLabel('Search titles').inputValue()).toBe('');

      // Edit loads the item in full: its markdown, not the preview.
      const card = cards.first();
      const title = (await card.locator('h3').textContent())!;
      await card.getByRole('button', { name: `Edit ${title}` }).click();
      const form = page.getByRole('form', { name: `Edit ${title}` });
      await expect.poll(() => form.getByLabel('Content').inputValue()).toMatch(/^#|\*\*|\n- /m);
      expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe('title');
      await form.getByRole('button', { name: 'Cancel' }).click();

      // ?edit=<id> opens an item on a later page, in its edit form.
      const res = await context.request.get(`${suite.server.url}/api/knowledge/items/admin?page=${pages}`);
      const last = (await res.json()).items.at(-1) as { id: string; title: string };
      await page.goto(`${suite.server.url}/knowledge-admin?edit=${last.id}`);
      await hydrated(page, 'KnowledgeAdmin');
      await page.getByRole('form', { name: `Edit ${last.title}` }).waitFor();
      await status.getByText(`Page ${pages} of ${pages}`).waitFor();
      expect(errors).toEqual([]);
      await context.close();
    },
  );

  it("a search that gets no answer (a network failure, a server error) says 'Error searching the knowledge base'", async () => {
    const { context, page, errors } = await suite.openPage(375, { height: 800, signedIn: 'demo' });
    await openKnowledge(page);
    const box = page.getByPlaceholder('Search for payroll information...');
    const panel = page.locator('#kb-panel');
    const toast = page.locator('#pw-toasts li');
    const searchRequests = /\/knowledge\?q=/;
    // The request never reaches the server.
    await page.route(searchRequests, (route) => route.abort('internetdisconnected'));
    await box.fill('uif ceiling');
    await box.press('Enter');
    await panel.getByRole('alert').getByText('Error searching the knowledge base', { exact: true }).waitFor();
    expect(await toast.getAttribute('role')).toBe('alert');
    expect(await toast.textContent()).toContain('Error searching the knowledge base');
    expect(await selectedTab(page)).toBe('Search');
    expect(await box.inputValue()).toBe('uif ceiling');
    // Nothing was swapped in: the address stays where the user was.
    expect(path(page)).toBe('/knowledge');
    await toast.getByRole('button', { name: 'Close' }).click();

    // Back online: the same search shows its results.
    await page.unroute(searchRequests);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByTestId('kb-result-count').waitFor();
    expect(await panel.getByRole('alert').count()).toBe(0);

    // A server error page (a proxy's 502, not our fragment) is not shown: the spec's text is.
    await page.route(searchRequests, (route) => route.fulfill({ status: 502, contentType: 'text/html', body: '<h1>Bad gateway</h1>' }));
    await box.fill('sick leave');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await panel.getByRole('alert').getByText('Error searching the knowledge base', { exact: true }).waitFor();
    await toast.filter({ hasText: 'Error searching the knowledge base' }).waitFor();
    expect(await page.getByText('Bad gateway').count()).toBe(0);
    expect(path(page)).toBe('/knowledge?q=uif ceiling');
    await page.unroute(searchRequests);
    // Its Back button goes to the categories, as a search's does.
    await panel.getByTestId('kb-back').click();
    await page.getByRole('link', { name: 'Browse Articles: UIF' }).waitFor();
    expect(path(page)).toBe('/knowledge');

    // An article that cannot be loaded: 'Failed to load knowledge item', and Go Back returns to the category.
    await page.getByRole('link', { name: 'Browse Articles: UIF' }).click();
    await page.waitForURL(`${suite.server.url}/knowledge/category/uif`);
    await page.route(/\/knowledge\/article\//, (route) => route.abort('connectionreset'));
    await page.getByTestId('kb-category-item').first().getByRole('link').click();
    await panel.getByRole('alert').getByText('Failed to load knowledge item', { exact: true }).waitFor();
    expect(await selectedTab(page)).toBe('Article');
    await page.unroute(/\/knowledge\/article\//);
    await panel.getByRole('link', { name: 'Go Back' }).click();
    await page.getByRole('heading', { name: 'UIF', exact: true }).waitFor();
    expect(path(page)).toBe('/knowledge/category/uif');
    await noReload(page);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('at 375 px choosing a category or an article keeps the title, search box and tabs in view under an opaque header', async () => {
    const { context, page, errors } = await suite.openPage(375, { height: 700, signedIn: 'demo' });
    await openKnowledge(page);
    const header = page.locator('header').first();
    expect(await header.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(255, 255, 255)');
    const headerBottom = (await header.boundingBox())!.y + (await header.boundingBox())!.height;
    const inView = async () => {
      for (const sel of ['h1', '#kb-search', '[role="tablist"]']) {
        const box = (await page.locator(sel).first().boundingBox())!;
        expect(box.y, sel).toBeGreaterThanOrEqual(sel === 'h1' ? headerBottom - 1 : headerBottom);
        expect(box.y + box.height, sel).toBeLessThanOrEqual(700);
      }
    };
    // The last category's button is far down the list.
    const browse = page.getByRole('link', { name: /^Browse Articles/ }).last();
    await browse.scrollIntoViewIfNeeded();
    await browse.click();
    await page.waitForURL(/\/knowledge\/category\//);
    await page.waitForFunction(() => document.activeElement?.id === 'kb-panel');
    await inView();
    const article = page.locator('#kb-panel a[href*="/knowledge/article/"]').last();
    await article.scrollIntoViewIfNeeded();
    await article.click();
    await page.waitForURL(/\/knowledge\/article\//);
    await page.waitForFunction(() => document.activeElement?.id === 'kb-panel');
    await inView();
    await noReload(page);
    expect(errors).toEqual([]);
    await context.close();
  });
});
