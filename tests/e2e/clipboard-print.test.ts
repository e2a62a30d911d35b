import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { schema } from '../../db';
import { hydrated, linesPerElement, noSidewaysScroll, useBrowserSuite, type OpenedPage } from '../helpers/browser';

// Issue 26 in Chromium: Copy puts HTML and tab-separated text on the clipboard (tables paste into a spreadsheet as
// cells, amounts as numbers); rand amounts never break at their thousands space; printing gives the whole
// conversation or calculation without the app around it.
describe('copying tables, amounts on one line, printing', () => {
  const suite = useBrowserSuite();

  async function open(url: string, viewport = { width: 1280, height: 900 }): Promise<OpenedPage> {
    const opened = await suite.openPage(viewport.width, {
      height: viewport.height,
      signedIn: true,
      context: { permissions: ['clipboard-read', 'clipboard-write'] },
    });
    await opened.page.goto(`${suite.server.url}${url}`);
    return opened;
  }
  async function ask(page: Page, text: string) {
    await page.getByLabel('Your question').fill(text);
    await page.getByLabel('Your question').press('Enter');
    const answer = page.locator('[data-testid="message-assistant"][data-status="complete"]').last();
    await answer.waitFor();
    return answer;
  }
  /** Both flavours of what is on the clipboard, read back the way a paste target reads them. */
  function readClipboard(page: Page) {
    return page.evaluate(async () => {
      const [item] = await navigator.clipboard.read();
      const read = async (type: string) => (item.types.includes(type) ? (await item.getType(type)).text() : null);
      const html = await read('text/html');
      // What a spreadsheet makes of the HTML: the cells of each row.
      const cells = html
        ? [...new DOMParser().parseFromString(html, 'text/html').querySelectorAll('tr')].map((tr) =>
            [...tr.cells].map((c) => c.textContent!.trim()),
          )
        : [];
      return { types: item.types, html, text: await read('text/plain'), cells };
    });
  }
  /** The text of a printed page, every page of it, with whitespace collapsed. */
  async function printedText(page: Page): Promise<{ pages: number; text: string }> {
    const doc = await getDocument({ data: new Uint8Array(await page.pdf({ format: 'A4' })) }).promise;
    let text = '';
    for (let n = 1; n <= doc.numPages; n++) {
      const content = await (await doc.getPage(n)).getTextContent();
      text += ` ${content.items.map((it) => ('str' in it ? it.str : '')).join(' ')}`;
    }
    await doc.destroy();
    return { pages: doc.numPages, text: text.replace(/\s+/g, ' ') };
  }
  const toast = (page: Page, title: string) => page.locator('#pw-toasts [role="status"]').filter({ hasText: title });

  it('Copy on an answer with a table: HTML with a <table> and tab-separated text, amounts as plain numbers', async () => {
    const { context, page, errors } = await open('/chat?new=1');
    await hydrated(page, 'Chat');
    const answer = await ask(page, 'Net pay on R22 000 a month for a 30-year-old');
    await answer.locator('table').waitFor();

    await answer.getByRole('button', { name: 'Copy answer' }).click();
    await toast(page, 'Copied').waitFor();
    const clip = await readClipboard(page);
    expect(clip.types).toEqual(expect.arrayContaining(['text/html', 'text/plain']));

    // Plain text: the table as tab-separated rows of bare numbers (deductions negative), the prose as written.
    const lines = clip.text!.split('\n');
    expect(lines).toContain('\tAmount');
    expect(lines).toContain('Gross pay\t22000.00');
    expect(lines.find((l) => l.startsWith('PAYE\t'))).toMatch(/^PAYE\t-\d+\.\d\d$/);
    expect(lines.find((l) => l.startsWith('Net pay\t'))).toMatch(/^Net pay\t\d+\.\d\d$/);
    expect(clip.text).toContain('gross R22 000.00 per month');
    expect(clip.text).not.toMatch(/\*\*|\|/);

    // HTML: the same table as cells, amounts as numbers.
    expect(clip.html).toContain('<table');
    expect(clip.cells).toContainEqual(['Gross pay', '22000.00']);
    expect(clip.cells.find((r) => r[0] === 'PAYE')?.[1]).toMatch(/^-\d+\.\d\d$/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('Copy table on a calculator result copies its lines as cells with numbers', async () => {
    const { context, page, errors } = await open('/calculators?tab=payslip&remuneration=20000&age=35');
    await page.getByTestId('result-amount').filter({ hasText: 'R17 707.88' }).waitFor();
    const copy = page.getByRole('button', { name: 'Copy table' });
    await copy.click();
    await toast(page, 'Copied').waitFor();
    const clip = await readClipboard(page);
    expect(clip.types).toEqual(expect.arrayContaining(['text/html', 'text/plain']));
    const lines = clip.text!.split('\n');
    expect(lines[0]).toBe('Line\tAmount');
    expect(lines).toContain('Gross pay\t20000.00');
    expect(lines).toContain('PAYE\t-2115.00');
    expect(lines).toContain('Net pay\t17707.88');
    // A line's folded-away working is not copied.
    expect(clip.text).not.toMatch(/×|=/);
    expect(clip.cells).toContainEqual(['PAYE', '-2115.00']);

    // The button follows the result as the user types: gone while there is none, back with the new figures.
    await page.getByLabel('Remuneration', { exact: true }).fill('');
    await page.getByTestId('calc-idle').waitFor();
    await expect.poll(() => copy.isVisible()).toBe(false);
    await page.getByLabel('Remuneration', { exact: true }).fill('30000');
    await page
      .getByTestId('result-amount')
      .filter({ hasText: /R2\d \d{3}\.\d\d/ })
      .waitFor();
    await copy.click();
    await expect.poll(async () => (await readClipboard(page)).text).toContain('Gross pay\t30000.00');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('at 375 px no rand amount of an answer or its working breaks over two lines', async () => {
    const { context, page, errors } = await open('/chat?new=1', { width: 375, height: 667 });
    await hydrated(page, 'Chat');
    const answer = await ask(page, 'Net pay on R1 234 567 a month for a 30-year-old');
    // The answer's text and, opened, the working of its calculation.
    await answer.getByTestId('tool-card').locator('summary').click();
    const amounts = answer.locator('.amount');
    expect(await answer.locator('.prose-pw .amount').count()).toBeGreaterThan(5);
    expect(await answer.getByTestId('tool-card').locator('li .amount').count()).toBeGreaterThan(3);
    const lines = await linesPerElement(amounts);
    expect(
      lines.every((l) => l.endsWith(': 1')),
      `lines per amount: ${lines.join(', ')}`,
    ).toBe(true);
    expect(await noSidewaysScroll(page)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('printing a long conversation: every message on paper, no sidebar, question box or buttons', async () => {
    const { db } = suite.server.started.database;
    const [demo] = await db.select().from(schema.users).where(eq(schema.users.username, 'demo'));
    const conversationId = randomUUID();
    await db.insert(schema.conversations).values({ id: conversationId, userId: demo.id, title: 'A long payroll conversation' });
    const start = Date.parse('2026-11-02T08:00:00.000Z');
    const rows = Array.from({ length: 24 }, (_, i) => [
      {
        id: randomUUID(),
        userId: demo.id,
        conversationId,
        role: 'user',
        content: `Question number ${i + 1} about the monthly PAYE?`,
        timestamp: new Date(start + i * 120_000).toISOString(),
      },
      {
        id: randomUUID(),
        userId: demo.id,
        conversationId,
        role: 'assistant',
        status: 'complete',
        timestamp: new Date(start + i * 120_000 + 60_000).toISOString(),
        sources: i === 0 ? [{ id: 'uif-ceiling', title: 'UIF contribution ceiling' }] : [],
        content: `Answer number ${i + 1}: the PAYE on R${20 + i} 000.00 a month follows from the annual tax less the rebates.\n\n| | Amount |\n|---|---:|\n| Gross pay | R${20 + i} 000.00 |\n| PAYE | −R2 115.00 |`,
      },
    ]).flat();
    await db.insert(schema.messages).values(rows);

    const { context, page, errors } = await open(`/chat?c=${conversationId}`);
    await hydrated(page, 'Chat');
    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('#sidebar').isVisible()).toBe(false);
    expect(await page.getByLabel('Your question').isVisible()).toBe(false);
    expect(await page.getByRole('button').filter({ visible: true }).count()).toBe(0);
    // The message list no longer scrolls inside a box: nothing is cut off.
    const list = page.getByRole('list', { name: 'Messages' });
    const box = await list.evaluate((el) => ({ overflow: getComputedStyle(el).overflowY, clipped: el.scrollHeight - el.clientHeight }));
    expect(box).toEqual({ overflow: 'visible', clipped: 0 });
    expect(await page.locator('[data-testid^="message-"]').count()).toBe(48);

    // On paper: several pages, every question and answer on them, none of the app's furniture.
    const { pages, text: flat } = await printedText(page);
    expect(pages).toBeGreaterThan(1);
    for (let i = 1; i <= 24; i++) {
      expect(flat).toContain(`Question number ${i} about`);
      expect(flat).toContain(`Answer number ${i}:`);
    }
    // A cited article prints with where to find it.
    expect(flat).toMatch(/UIF contribution ceiling \(\s?\/knowledge\/article\/uif-ceiling\s?\)/);
    for (const furniture of ['Knowledge Base', 'Upgrade', 'Ask a payroll question', 'Send', 'Copy', 'Download'])
      expect(flat).not.toContain(furniture);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('printing a calculator result: the figures, black on white, without the tabs, buttons or sidebar', async () => {
    const { context, page, errors } = await open('/calculators?tab=payslip&remuneration=20000&age=35');
    await page.getByTestId('result-amount').filter({ hasText: 'R17 707.88' }).waitFor();
    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('#sidebar').isVisible()).toBe(false);
    expect(await page.getByRole('navigation', { name: 'Calculators' }).isVisible()).toBe(false);
    expect(await page.getByRole('button').filter({ visible: true }).count()).toBe(0);
    const result = page.locator('#payslip-result');
    expect(await result.isVisible()).toBe(true);
    const ink = await result
      .locator('[data-testid="result-amount"]')
      .evaluate((el) => [getComputedStyle(el).color, getComputedStyle(el.closest('section')!).backgroundColor]);
    expect(ink).toEqual(['rgb(0, 0, 0)', 'rgba(0, 0, 0, 0)']);
    const { text } = await printedText(page);
    expect(text).toContain('R17 707.88');
    expect(text).toMatch(/Gross pay vs net pay — a payslip walk-through \(\s?\/knowledge\/article\//);
    for (const furniture of ['Calculate', 'Copy table', 'Download', 'Upgrade', 'Full result']) expect(text).not.toContain(furniture);
    expect(errors).toEqual([]);
    await context.close();
  });
});
