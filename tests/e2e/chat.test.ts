import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, signIn, startServer, watchPageErrors, type RunningServer } from '../helpers/browser';
import { startFakeModel, type FakeModel } from '../helpers/fake-model';

// The /chat page in Chromium against the server npm start runs: the built-in engine, then a local model for Stop and Retry.
describe('the assistant in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function open(url: string, viewport = { width: 1280, height: 900 }, base = server.url): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
    const context = await browser.newContext({ viewport });
    await signIn(context, base);
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await page.goto(`${base}${url}`);
    await page.getByRole('heading', { name: 'PayeWise AI Assistant' }).waitFor();
    await page.locator('[data-island="Chat"][data-hydrated="true"]').waitFor();
    return { context, page, errors };
  }
  const input = (page: Page) => page.getByLabel('Your question');

  it('asks, streams a cited answer with the figure and its working, keeps it over a reload; Enter sends, Shift+Enter does not', async () => {
    const { context, page, errors } = await open('/chat?new=1');
    expect(await page.getByText('PayeWise AI can make mistakes. Please verify important tax and compliance details').count()).toBe(1);
    const send = page.getByRole('button', { name: 'Send', exact: true });
    expect(await send.isDisabled()).toBe(true);
    await input(page).fill('   ');
    expect(await send.isDisabled()).toBe(true);

    await input(page).fill('What PAYE do I deduct on R20 000 a month');
    await input(page).press('Shift+Enter');
    await input(page).pressSequentially('for a 33-year-old?');
    expect(await input(page).inputValue()).toBe('What PAYE do I deduct on R20 000 a month\nfor a 33-year-old?');
    expect(await page.locator('[data-testid="message-user"]').count()).toBe(0);
    await input(page).press('Enter');

    const answer = page.locator('[data-testid="message-assistant"]').last();
    await answer.getByText('R2 115.00').first().waitFor();
    await page.locator('[data-testid="message-assistant"][data-status="complete"]').waitFor();
    expect(await input(page).inputValue()).toBe('');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('chat-input');
    expect(await page.getByRole('status').textContent()).toContain('R2 115.00');
    await answer.getByText('Calculation: PAYE').click();
    await answer.locator('[data-testid="tool-card"]').getByText(/Monthly PAYE: R25 380\.00 \/ 12 = R2 115\.00/).waitFor();
    expect(await answer.locator('time').count()).toBe(1);

    const chip = answer.locator('[data-testid="source-chip"]').first();
    const title = (await chip.textContent())!;
    expect(new URL(page.url()).searchParams.get('c')).toBeTruthy();
    await page.reload();
    await page.locator('[data-testid="message-assistant"]').getByText('R2 115.00').first().waitFor();
    expect(await page.locator('[data-testid="conversation-list"] a[aria-current="page"]').textContent()).toContain('What PAYE do I deduct');

    await page.locator('[data-testid="source-chip"]').first().click();
    await page.waitForURL(/\/knowledge\/article\//);
    await page.getByRole('heading', { name: title }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('asks about an article from its page: the chip is shown, the answer cites that article', async () => {
    const { context, page } = await open('/chat?new=1');
    await page.goto(`${server.url}/knowledge?q=maternity+leave`);
    await page.getByRole('link', { name: /^Maternity leave/ }).first().click();
    const heading = (await page.locator('#kb-article-title').textContent())!;
    await page.getByRole('link', { name: 'Ask the assistant about this article' }).click();
    await page.locator('[data-island="Chat"][data-hydrated="true"]').waitFor();
    await page.locator('[data-testid="article-chip"]').getByText(heading).waitFor();
    await input(page).fill('Is it paid?');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    const answer = page.locator('[data-testid="message-assistant"][data-status="complete"]').last();
    await answer.waitFor();
    expect(await answer.locator('[data-testid="source-chip"]').allTextContents()).toContain(heading);
    expect(await page.locator('[data-testid="message-user"]').last().textContent()).toContain('Is it paid?');
    expect(await page.locator('[data-testid="article-chip"]').count()).toBe(0);
    await context.close();
  });

  it('conversations: new chat, rename, search the history, delete', async () => {
    const { context, page } = await open('/chat?new=1');
    await input(page).fill('When is the EMP201 due?');
    await input(page).press('Enter');
    await page.locator('[data-testid="message-assistant"][data-status="complete"]').waitFor();
    await page.getByRole('link', { name: 'New chat' }).click();
    await page.locator('[data-island="Chat"][data-hydrated="true"]').waitFor();
    expect(await page.locator('[data-testid="message-user"]').count()).toBe(0);

    page.once('dialog', (d) => d.accept('Deadlines'));
    await page.getByRole('button', { name: 'Rename When is the EMP201 due?' }).first().click();
    await page.locator('[data-testid="conversation-list"]').getByText('Deadlines').waitFor();

    await page.getByPlaceholder('Search your chats').fill('EMP201');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.locator('[data-testid="history-hit"]').first().waitFor();
    expect(await page.locator('[data-testid="history-hit"]').first().textContent()).toContain('Deadlines');

    page.once('dialog', (d) => d.accept());
    await page.getByRole('button', { name: 'Delete Deadlines' }).click();
    await page.locator('[data-testid="conversation-list"]').getByText('Deadlines').waitFor({ state: 'detached' });
    await page.reload();
    expect(await page.locator('[data-testid="conversation-list"]').getByText('Deadlines').count()).toBe(0);
    await context.close();
  });

  it('375 px: the input stays in view, nothing scrolls sideways, feedback and copy work', async () => {
    const { context, page } = await open('/chat?new=1', { width: 375, height: 667 });
    await input(page).fill('What is the UIF on R40 000 a month?');
    await input(page).press('Enter');
    const answer = page.locator('[data-testid="message-assistant"][data-status="complete"]').last();
    await answer.waitFor();
    await answer.getByText('R177.12').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    const box = await input(page).boundingBox();
    expect(box!.y + box!.height).toBeLessThanOrEqual(667);
    await answer.getByRole('button', { name: 'Bad answer' }).click();
    await answer.getByPlaceholder('What was wrong? (optional)').fill('Too short');
    await answer.getByRole('button', { name: 'Send' }).click();
    await answer.getByRole('button', { name: 'Bad answer', pressed: true }).waitFor();
    await context.close();
  });

  describe('with a model (OpenAI-compatible, local)', () => {
    let model: FakeModel;
    let modelServer: RunningServer;
    let failNext = true;
    beforeAll(async () => {
      model = await startFakeModel((req) => {
        const q = req.messages.at(-1)?.content ?? '';
        if (q.includes('slow')) return { kind: 'text', chunks: Array.from({ length: 200 }, (_, i) => `word${i} `), delayMs: 40 };
        if (failNext) {
          failNext = false;
          return { kind: 'error', status: 500 };
        }
        return { kind: 'text', chunks: ['Answered ', 'after ', 'retry.'] };
      });
      modelServer = await startServer({ AI_BASE_URL: model.url, AI_MODEL: 'fake-1' });
    });
    afterAll(async () => {
      await modelServer?.close();
      await model?.close();
    });

    it('Stop keeps the partial answer, marked stopped; Retry after a model failure answers the same question once', async () => {
      const { context, page } = await open('/chat?new=1', undefined, modelServer.url);
      await input(page).fill('a slow one please');
      await input(page).press('Enter');
      const answer = page.locator('[data-testid="message-assistant"]').last();
      await answer.getByText('word3', { exact: false }).waitFor();
      await page.getByRole('button', { name: 'Stop' }).click();
      await page.locator('[data-testid="message-assistant"][data-status="stopped"]').waitFor();
      await answer.getByText('Stopped').waitFor();
      expect(await answer.textContent()).not.toContain('word199');

      await input(page).fill('Will you fail?');
      await input(page).press('Enter');
      await page.getByRole('button', { name: 'Retry' }).waitFor();
      await page.getByText('Error', { exact: true }).first().waitFor();
      await page.getByRole('button', { name: 'Retry' }).click();
      await page.locator('[data-testid="message-assistant"]').getByText('Answered after retry.').waitFor();
      await page.reload();
      await page.locator('[data-testid="message-assistant"]').getByText('Answered after retry.').waitFor();
      expect(await page.locator('[data-testid="message-user"]').getByText('Will you fail?').count()).toBe(1);
      await context.close();
    });
  });
});
