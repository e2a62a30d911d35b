import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { schema } from '../../db';
import {
  hydrated,
  isFocused,
  linesPerElement,
  noSidewaysScroll,
  signIn,
  startServer,
  useBrowserSuite,
  watchPageErrors,
  watchReactErrors,
  type RunningServer,
} from '../helpers/browser';
import { startFakeModel, type FakeModel } from '../helpers/fake-model';

// The /chat page in Chromium against the server npm start runs: the built-in engine, then a local model
// (OpenAI-compatible) for the typing indicator, Stop, an answer finishing after a reload, and Retry.
describe('the assistant in Chromium', () => {
  const suite = useBrowserSuite();

  interface Opened {
    context: BrowserContext;
    page: Page;
    /** Uncaught errors, CSP violations and React's own errors (a hydration mismatch among them). */
    errors: string[];
  }
  async function open(
    url: string,
    opts: {
      viewport?: { width: number; height: number };
      base?: string;
      user?: 'demo' | null;
      clipboard?: boolean;
      context?: BrowserContext;
    } = {},
  ): Promise<Opened> {
    const base = opts.base ?? suite.server.url;
    const context =
      opts.context ??
      (await suite.browser.newContext({
        viewport: opts.viewport ?? { width: 1280, height: 900 },
        permissions: opts.clipboard ? ['clipboard-read', 'clipboard-write'] : [],
      }));
    if (opts.user !== null) await signIn(context, base, opts.user ?? 'demo');
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    watchReactErrors(page, errors);
    await page.goto(`${base}${url}`);
    await chatReady(page);
    return { context, page, errors };
  }
  async function chatReady(page: Page) {
    await page.getByRole('heading', { name: 'PayeWise AI Assistant' }).waitFor();
    await hydrated(page, 'Chat');
  }
  const input = (page: Page) => page.getByLabel('Your question');
  const sendButton = (page: Page) => page.getByRole('button', { name: 'Send', exact: true });
  const answers = (page: Page) => page.locator('[data-testid="message-assistant"]');
  const lastComplete = (page: Page) => page.locator('[data-testid="message-assistant"][data-status="complete"]').last();
  async function ask(page: Page, text: string) {
    await input(page).fill(text);
    await input(page).press('Enter');
  }

  it('asks, streams a cited answer with the figure and its working, keeps it over a reload; Enter sends, Shift+Enter does not', async () => {
    const { context, page, errors } = await open('/chat?new=1');
    expect(await page.getByText('PayeWise AI can make mistakes. Please verify important tax and compliance details').count()).toBe(1);
    expect(await sendButton(page).isDisabled()).toBe(true);
    await input(page).fill('   ');
    expect(await sendButton(page).isDisabled()).toBe(true);
    await input(page).press('Enter');
    expect(await page.locator('[data-testid="message-user"]').count()).toBe(0);

    await input(page).fill('What PAYE do I deduct on R20 000 a month');
    await input(page).press('Shift+Enter');
    await input(page).pressSequentially('for a 33-year-old?');
    expect(await input(page).inputValue()).toBe('What PAYE do I deduct on R20 000 a month\nfor a 33-year-old?');
    expect(await page.locator('[data-testid="message-user"]').count()).toBe(0);
    await input(page).press('Enter');

    const question = page.locator('[data-testid="message-user"]').last();
    await question.getByText('for a 33-year-old?').waitFor();
    expect(await question.getByText('You', { exact: true }).count()).toBe(1);
    const answer = answers(page).last();
    await answer.getByText('R2 115.00').first().waitFor();
    await lastComplete(page).waitFor();
    expect(await answer.getByText('Assistant', { exact: true }).count()).toBe(1);
    expect(await answer.locator('time').textContent()).toMatch(/^\d{2}:\d{2}$/);
    expect(await input(page).inputValue()).toBe('');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('chat-input');
    // The live region announces the finished answer.
    const announced = await page.getByRole('status').filter({ hasText: 'The assistant answered' }).textContent();
    expect(announced).toContain('R2 115.00');
    expect(announced).not.toMatch(/\*\*|\]\(/); // read as text, not markdown
    // The answer is rendered markdown, and its working is a collapsible card.
    expect(await answer.locator('.prose-pw').count()).toBe(1);
    await answer.getByText('Calculation: PAYE').click();
    const card = answer.locator('[data-testid="tool-card"]');
    await card.getByText(/Monthly PAYE: R25 380\.00 \/ 12 = R2 115\.00/).waitFor();
    expect(await card.textContent()).toContain('R20 000.00');

    const chip = answer.locator('[data-testid="source-chip"]').first();
    const title = (await chip.textContent())!;
    expect(new URL(page.url()).searchParams.get('c')).toBeTruthy();
    await page.reload();
    await chatReady(page);
    await answers(page).getByText('R2 115.00').first().waitFor();
    expect(await page.locator('[data-testid="message-user"]').count()).toBe(1);
    expect(await page.locator('[data-testid="conversation-list"] a[aria-current="page"]').textContent()).toContain('What PAYE do I deduct');

    await page.locator('[data-testid="source-chip"]').first().click();
    await page.waitForURL(/\/knowledge\/article\//);
    await page.getByRole('heading', { name: title }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('asks about an article from its page in a conversation of its own: the chip is shown, the answer cites that article', async () => {
    const { context, page, errors } = await open('/chat?new=1');
    // An earlier conversation about something else must not be where the article's question lands.
    await ask(page, 'PAYE on R20 000 a month for a 33-year-old');
    await lastComplete(page).waitFor();
    const before = await page.locator('[data-testid="conversation-list"] li').count();
    await page.goto(`${suite.server.url}/knowledge?q=maternity+leave`);
    await page
      .getByRole('link', { name: /^Maternity leave/ })
      .first()
      .click();
    const heading = (await page.locator('#kb-article-title').textContent())!;
    await page.getByRole('link', { name: 'Ask the assistant about this article' }).click();
    await chatReady(page);
    await page.locator('[data-testid="article-chip"]').getByText(`About: ${heading}`).waitFor();
    expect(await page.locator('[data-testid="message-user"]').count()).toBe(0);
    await input(page).fill('Is it paid?');
    await sendButton(page).click();
    const answer = lastComplete(page);
    await answer.waitFor();
    expect(await answer.locator('[data-testid="source-chip"]').allTextContents()).toContain(heading);
    // The reference tag is the server's business: the question reads as typed.
    expect((await page.locator('[data-testid="message-user"]').last().textContent())!).not.toContain('[ref:');
    expect(await page.locator('[data-testid="message-user"]').last().textContent()).toContain('Is it paid?');
    expect(await page.locator('[data-testid="article-chip"]').count()).toBe(0);
    expect(await page.locator('[data-testid="message-user"]').count()).toBe(1);
    expect(await page.locator('[data-testid="conversation-list"] li').count()).toBe(before + 1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('conversations: new chat, rename, search the history, open a hit, delete', async () => {
    const { context, page, errors } = await open('/chat?new=1');
    await ask(page, 'When is the EMP201 due?');
    await lastComplete(page).waitFor();
    await page.getByRole('link', { name: 'New chat' }).click();
    await chatReady(page);
    expect(await page.locator('[data-testid="message-user"]').count()).toBe(0);

    page.once('dialog', (d) => d.accept('Deadlines'));
    await page.getByRole('button', { name: 'Rename When is the EMP201 due?' }).first().click();
    await page.locator('[data-testid="conversation-list"]').getByText('Deadlines').waitFor();

    await page.getByPlaceholder('Search your chats').fill('EMP201');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const hit = page.locator('[data-testid="history-hit"]').first();
    await hit.waitFor();
    expect(await hit.textContent()).toContain('Deadlines');
    expect(await hit.locator('mark').first().textContent()).toMatch(/EMP201/i);
    await hit.click();
    await page.waitForURL(/\/chat\?c=.+#m-/);
    await chatReady(page);
    expect(await page.locator('[data-testid="conversation-list"] a[aria-current="page"]').textContent()).toBe('Deadlines');
    await page.locator('[data-testid="message-user"]').getByText('When is the EMP201 due?').waitFor();

    // Deleting the open conversation starts a new chat.
    page.once('dialog', (d) => d.accept());
    await page.getByRole('button', { name: 'Delete Deadlines' }).click();
    await page.waitForURL(/\/chat\?new=1$/);
    await chatReady(page);
    expect(await page.locator('[data-testid="conversation-list"]').getByText('Deadlines').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('375 px: the input stays in view, nothing scrolls sideways; the chats drawer; copy; feedback is kept', async () => {
    const { context, page, errors } = await open('/chat?new=1', { viewport: { width: 375, height: 667 }, clipboard: true });
    await ask(page, 'What is the UIF on R40 000 a month?');
    const answer = lastComplete(page);
    await answer.waitFor();
    await answer.getByText('R177.12').first().waitFor();
    expect(await noSidewaysScroll(page)).toBe(true);
    const box = await input(page).boundingBox();
    expect(box!.y + box!.height).toBeLessThanOrEqual(667);

    expect(await page.locator('[data-testid="conversation-list"]').isVisible()).toBe(false);

    const chats = page.getByRole('button', { name: 'Chats' });
    await chats.click();
    await page.locator('[data-testid="conversation-list"]').getByText('What is the UIF on R40 000').waitFor();
    await page.keyboard.press('Escape');
    await page.locator('[data-testid="conversation-list"]').waitFor({ state: 'hidden' });
    expect(await isFocused(chats)).toBe(true);

    await answer.getByRole('button', { name: 'Copy answer' }).click();
    await answer.getByRole('button', { name: 'Copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('R177.12');

    await answer.getByRole('button', { name: 'Bad answer' }).click();
    await answer.getByPlaceholder('What was wrong? (optional)').fill('Too short');
    await answer.getByRole('button', { name: 'Send' }).click();
    await answer.getByRole('button', { name: 'Bad answer', pressed: true }).waitFor();
    await page.reload();
    await chatReady(page);
    await lastComplete(page).getByRole('button', { name: 'Bad answer', pressed: true }).waitFor();
    expect(await lastComplete(page).getByRole('button', { name: 'Good answer' }).getAttribute('aria-pressed')).toBe('false');
    // The calculation card's rand amounts stay on one line each beside a long label ("R342 000.00", never "R342 / 000.00").
    await ask(page, 'How much PAYE on R28 500 a month?');
    const paye = lastComplete(page).getByTestId('tool-card');
    await paye.locator('summary').click();
    const amounts = paye.locator('dd', { hasText: /^R[\d ]+\.\d\d$/ });
    expect(await amounts.count()).toBeGreaterThan(3);
    // Lines of text, not the box: a two-line label makes its row taller.
    const lines = await linesPerElement(amounts);
    expect(
      lines.every((l) => l.endsWith(': 1')),
      `lines per amount: ${lines.join(', ')}`,
    ).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('limited access: the questions left today, with Upgrade; none left disables sending', async () => {
    const context = await suite.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const username = `lapsed${Date.now() % 100000}`;
    const reg = await context.request.post(`${suite.server.url}/api/register`, {
      data: { username, email: `${username}@example.co.za`, password: 'secret123' },
    });
    expect(reg.status()).toBeLessThan(300);
    await suite.server.started.database.db
      .update(schema.users)
      .set({ trialEndDate: '2020-01-01T00:00:00.000Z' })
      .where(eq(schema.users.username, username));

    const { page, errors } = await open('/chat', { context, user: null });
    const left = page.locator('[data-testid="allowance"]');
    expect(await left.textContent()).toContain('5 questions left today');
    expect(await left.getByRole('link', { name: 'Upgrade' }).getAttribute('href')).toBe('/subscription');
    await ask(page, 'What is the UIF rate?');
    await lastComplete(page).waitFor();
    expect(await left.textContent()).toContain('4 questions left today');

    for (let i = 0; i < 4; i++) {
      const res = await context.request.post(`${suite.server.url}/api/chat`, { data: { message: 'When is the EMP201 due?' } });
      expect(res.status()).toBe(200);
    }
    await page.reload();
    await chatReady(page);
    expect(await left.textContent()).toContain('0 questions left today');
    expect(await input(page).isDisabled()).toBe(true);
    expect(await sendButton(page).isDisabled()).toBe(true);
    expect(await input(page).getAttribute('placeholder')).toBe('No questions left today');
    expect(errors).toEqual([]);
    await context.close();
  });

  describe('with a model (OpenAI-compatible, local)', () => {
    let model: FakeModel;
    let modelServer: RunningServer;
    let failNext = true;
    beforeAll(async () => {
      model = await startFakeModel((req) => {
        const q = req.messages.at(-1)?.content ?? '';
        if (q.includes('slow'))
          return { kind: 'text', chunks: Array.from({ length: 200 }, (_, i) => `word${i} `), delayMs: 40, firstDelayMs: 400 };
        if (q.includes('reload')) return { kind: 'text', chunks: Array.from({ length: 30 }, (_, i) => `part${i} `), delayMs: 60 };
        if (q.includes('fail') && failNext) {
          failNext = false;
          return { kind: 'error', status: 500 };
        }
        return { kind: 'text', chunks: q.includes('fail') ? ['Answered ', 'after ', 'retry.'] : ['Fine.'] };
      });
      modelServer = await startServer({ AI_BASE_URL: model.url, AI_MODEL: 'fake-1' });
    });
    afterAll(async () => {
      await modelServer?.close();
      await model?.close();
    });

    it('shows the typing indicator, then the words as they arrive; Stop keeps the partial answer, marked stopped', async () => {
      const { context, page, errors } = await open('/chat?new=1', { base: modelServer.url });
      await ask(page, 'a slow one please');
      await page.locator('[data-testid="message-user"]').getByText('a slow one please').waitFor();
      await page.locator('[data-testid="typing"]').waitFor();
      // Stop replaces Send once the server has taken the question (until then Send shows, disabled).
      await page.getByRole('button', { name: 'Stop', exact: true }).waitFor();
      expect(await sendButton(page).count()).toBe(0);
      const answer = answers(page).last();
      await answer.getByText('word3', { exact: false }).waitFor();
      expect(await page.locator('[data-testid="typing"]').count()).toBe(0);
      await page.getByRole('button', { name: 'Stop' }).click();
      await page.locator('[data-testid="message-assistant"][data-status="stopped"]').waitFor();
      await answer.getByText('Stopped').waitFor();
      expect(await answer.textContent()).not.toContain('word199');
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('chat-input');
      await page.reload();
      await chatReady(page);
      await page.locator('[data-testid="message-assistant"][data-status="stopped"]').getByText('word3', { exact: false }).waitFor();
      expect(errors).toEqual([]);
      await context.close();
    });

    it('leaving mid-answer does not stop it: after a reload the answer finishes and shows', async () => {
      const { context, page, errors } = await open('/chat?new=1', { base: modelServer.url });
      await ask(page, 'answer even if I reload');
      await answers(page).last().getByText('part2', { exact: false }).waitFor();
      await page.reload();
      await chatReady(page);
      await page.getByRole('button', { name: 'Stop' }).waitFor();
      await lastComplete(page).getByText('part29', { exact: false }).waitFor();
      await sendButton(page).waitFor();
      expect(errors).toEqual([]);
      await context.close();
    });

    it('the article chip can be removed: the question then goes without the article', async () => {
      const { context } = await open('/chat?new=1', { base: modelServer.url });
      const [hit] = (await (await context.request.get(`${modelServer.url}/api/knowledge/search?q=maternity+leave`)).json()) as {
        id: string;
        title: string;
      }[];
      const { page } = await open(`/chat?new=1&article=${hit.id}`, { base: modelServer.url, context, user: null });
      const grounded = () => JSON.stringify(model.requests.at(-1)?.messages).includes('asking about this knowledge base article');

      await page.locator('[data-testid="article-chip"]').getByText(`About: ${hit.title}`).waitFor();
      await page.getByRole('button', { name: `Remove the article ${hit.title}` }).click();
      expect(await page.locator('[data-testid="article-chip"]').count()).toBe(0);
      await ask(page, 'Is it paid, plainly?');
      await lastComplete(page).waitFor();
      expect(grounded()).toBe(false);

      await page.goto(`${modelServer.url}/chat?new=1&article=${hit.id}`);
      await chatReady(page);
      await ask(page, 'Is it paid, with the article?');
      await lastComplete(page).waitFor();
      expect(grounded()).toBe(true);
      expect(JSON.stringify(model.requests.at(-1)?.messages)).not.toContain('[ref:');
      expect(await lastComplete(page).locator('[data-testid="source-chip"]').allTextContents()).toContain(hit.title);
      await context.close();
    });

    it('a model failure shows the error under the question with Retry, also after a reload; Retry answers the same question once', async () => {
      const { context, page, errors } = await open('/chat?new=1', { base: modelServer.url });
      await ask(page, 'Will you fail?');
      const failed = page.locator('[data-testid="message-assistant"][data-status="error"]');
      await failed.getByRole('button', { name: 'Retry' }).waitFor();
      await page.getByText('Error', { exact: true }).first().waitFor();

      await page.reload();
      await chatReady(page);
      await failed.getByRole('button', { name: 'Retry' }).click();
      await answers(page).getByText('Answered after retry.').waitFor();
      await page.reload();
      await chatReady(page);
      await answers(page).getByText('Answered after retry.').waitFor();
      expect(await page.locator('[data-testid="message-user"]').getByText('Will you fail?').count()).toBe(1);
      expect(model.requests.filter((r) => JSON.stringify(r.messages).includes('Will you fail?')).length).toBe(2);
      expect(errors).toEqual([]);
      await context.close();
    });
  });
});
