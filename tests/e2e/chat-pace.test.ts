import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { hydrated, useBrowserSuite } from '../helpers/browser';

// A newcomer asking one question after another on a phone: each question is one request, twenty in a minute are
// all answered (the fair-use limit), the twenty-first is refused with the fair-use toast, and no toast covers Send at any width.
const TOO_FAST = 'You are sending questions very quickly. Please wait a minute and try again.';

type Box = { x: number; y: number; width: number; height: number };
const overlap = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe('asking quickly in Chromium', () => {
  const suite = useBrowserSuite();

  const input = (page: Page) => page.getByLabel('Your question');
  const send = (page: Page) => page.getByRole('button', { name: 'Send', exact: true });
  const toast = (page: Page) => page.locator('#pw-toasts li');

  it('a new user at 375 px: 20 questions in a minute are answered, one request each; the 21st gets the fair-use toast, clear of Send', async () => {
    const { context, page, errors } = await suite.openPage(375, { height: 740, context: { isMobile: true, hasTouch: true } });
    const asked: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/chat')) asked.push(`${r.method()} ${new URL(r.url()).pathname}`);
    });

    // Signs up through the form, as a newcomer does.
    await page.goto(`${suite.server.url}/auth?tab=register`);
    await hydrated(page, 'AuthCard');
    const register = page.locator('#panel-register');
    await register.getByLabel('Username').fill('quick_newcomer');
    await register.getByLabel('Email').fill('quick@example.com');
    await register.getByLabel('Password', { exact: true }).fill('secret123');
    await register.getByLabel('Confirm Password').fill('secret123');
    await register.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL(`${suite.server.url}/`);

    await page.goto(`${suite.server.url}/chat`);
    await hydrated(page, 'Chat');
    const started = Date.now();
    for (let i = 1; i <= 20; i++) {
      await input(page).fill(`What is the UIF on R${9000 + i * 100} a month?`);
      await send(page).tap();
      await page
        .locator(`[data-testid="message-assistant"][data-status="complete"]`)
        .nth(i - 1)
        .waitFor();
      await send(page).waitFor();
    }
    expect(Date.now() - started).toBeLessThan(60_000);
    expect(await page.locator('[data-testid="message-user"]').count()).toBe(20);
    expect(asked).toEqual(Array(20).fill('POST /api/chat/stream'));
    expect(await toast(page).count()).toBe(0);

    await input(page).fill('And on R12 000?');
    await send(page).tap();
    await toast(page).filter({ hasText: TOO_FAST }).waitFor();
    expect(asked).toHaveLength(21);
    // Refused before it was stored: the question goes back into the box, ready to send again.
    expect(await input(page).inputValue()).toBe('And on R12 000?');
    expect(await page.locator('[data-testid="message-user"]').count()).toBe(20);

    // The toast is clear of the Send button (and of the box): nothing to dismiss before sending again.
    const toastBox = (await toast(page).boundingBox())!;
    const sendBox = (await send(page).boundingBox())!;
    expect(overlap(toastBox, sendBox), JSON.stringify({ toastBox, sendBox })).toBe(false);
    expect(overlap(toastBox, (await input(page).boundingBox())!)).toBe(false);
    expect(await send(page).isEnabled()).toBe(true);
    await page.screenshot({ path: 'test-results/chat-toast-375.png' });
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each([
    [375, 667],
    [640, 800],
    [768, 900],
    [1024, 768],
    [1280, 800],
  ])('at %i × %i px a toast never covers the Send button', async (width, height) => {
    const { context, page } = await suite.openPage(width, { height });
    const res = await context.request.post(`${suite.server.url}/api/register`, {
      data: { username: `wide_${width}`, email: `wide${width}@example.com`, password: 'secret123' },
    });
    expect(res.status()).toBe(201);
    await page.goto(`${suite.server.url}/chat`);
    await hydrated(page, 'Chat');
    await input(page).fill('Is this covered?');
    await page.evaluate(
      (description) =>
        document.dispatchEvent(new CustomEvent('pw:toast', { detail: { title: 'Error', description, variant: 'destructive' } })),
      TOO_FAST,
    );
    await toast(page).waitFor();
    const toastBox = (await toast(page).boundingBox())!;
    const sendBox = (await send(page).boundingBox())!;
    expect(overlap(toastBox, sendBox), JSON.stringify({ toastBox, sendBox })).toBe(false);
    await context.close();
  });
});
