import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, signIn, startServer, watchPageErrors, type RunningServer } from '../helpers/browser';

// /calculators in Chromium (issue 3, item 6): results update as the user types, with no page load.
describe('calculators in Chromium', () => {
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

  /** A page signed in as the demo user (login through the API shares the context's cookies). */
  async function signedIn(context: BrowserContext): Promise<Page> {
    await signIn(context, server.url);
    return context.newPage();
  }

  /** Counts main-frame navigations (full page loads) from now on. */
  function countNavigations(page: Page) {
    const counter = { n: 0 };
    page.on('framenavigated', (f) => {
      if (f === page.mainFrame()) counter.n++;
    });
    return counter;
  }

  it('PAYE: R20 000 a month at 35 shows R2 115.00 as you type, without a reload; age 300 shows its message', async () => {
    const context = await browser.newContext();
    const page = await signedIn(context);
    const errors = watchPageErrors(page);
    await page.goto(`${server.url}/calculators`);
    await page.getByRole('heading', { name: 'PAYE calculator' }).waitFor();
    await page.waitForFunction(() => 'htmx' in window);
    const navs = countNavigations(page);
    const url = page.url();

    await page.getByLabel('Tax year').selectOption('2027');
    await page.getByLabel('Pay period').selectOption('monthly');
    await page.getByLabel('Remuneration', { exact: true }).fill('20000');
    await page.getByLabel('Age', { exact: true }).fill('35');
    const result = page.locator('#paye-result');
    await result.getByTestId('result-amount').filter({ hasText: 'R2 115.00' }).waitFor();
    expect(await result.getByTestId('result-amount').textContent()).toBe('R2 115.00');
    await result.getByText('Monthly PAYE: R25 380.00 / 12 = R2 115.00').waitFor();
    expect(await result.getAttribute('aria-live')).toBe('polite');
    expect(navs.n).toBe(0);
    expect(page.url()).toBe(url);

    // An impossible age: the schema's message appears under the field; the input keeps focus and value.
    const age = page.getByLabel('Age', { exact: true });
    await age.fill('300');
    const ageError = page.locator('#paye-age-error');
    await ageError.filter({ hasText: 'Age must be at most 130 years' }).waitFor();
    await result.getByText('Age must be at most 130 years').waitFor();
    expect(await age.inputValue()).toBe('300');
    expect(await age.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await age.getAttribute('aria-describedby')).toContain('paye-age-error');

    // Corrected: the message clears and the figure comes back.
    await age.fill('35');
    await result.getByTestId('result-amount').filter({ hasText: 'R2 115.00' }).waitFor();
    expect((await ageError.textContent()) ?? '').toBe('');

    // Another tax year from the selector.
    await page.getByLabel('Tax year').selectOption('2026');
    await result.getByText('PAYE per month · tax year 2025/26').waitFor();
    expect(navs.n).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('tabs: ETI swaps in with its own URL, and Back returns to PAYE', async () => {
    const context = await browser.newContext();
    const page = await signedIn(context);
    const errors = watchPageErrors(page);
    await page.goto(`${server.url}/calculators?tab=paye`);
    await page.waitForFunction(() => 'htmx' in window);
    await page.evaluate(() => ((window as unknown as { pwMarker: number }).pwMarker = 1));
    await page.getByRole('navigation', { name: 'Calculators' }).getByRole('link', { name: 'ETI' }).click();
    await page.getByRole('heading', { name: 'Employment Tax Incentive' }).waitFor();
    await page.waitForURL(`${server.url}/calculators?tab=eti`);
    // Keyboard users stay on the tab they chose.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('calc-tab-eti');
    expect(await page.title()).toBe('Employment Tax Incentive · Calculators · PayeWise');
    await page.getByLabel('Monthly remuneration').fill('5000');
    await page.getByLabel('Qualifying month').fill('3');
    await page.getByLabel('Age', { exact: true }).fill('24');
    await page.locator('#eti-result').getByTestId('result-amount').filter({ hasText: 'R1 500.00' }).waitFor();
    // Same document all along: the tab came in by htmx, not by a page load.
    expect(await page.evaluate(() => (window as unknown as { pwMarker?: number }).pwMarker)).toBe(1);
    expect(await page.getByRole('link', { name: 'Employment Tax Incentive — table and examples' }).getAttribute('href')).toBe('/knowledge/article/30269d9c-9786-4f23-97e9-5ca0dd6bf3b9');
    await page.goBack();
    await page.getByRole('heading', { name: 'PAYE calculator' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('fits a 375 px phone screen', async () => {
    const context = await browser.newContext({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });
    const page = await signedIn(context);
    for (const tab of ['paye', 'payslip', 'uif-sdl', 'eti', 'leave', 'overtime']) {
      await page.goto(`${server.url}/calculators?tab=${tab}`);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, tab).toBeLessThanOrEqual(0);
    }
    await page.goto(`${server.url}/calculators?tab=payslip&remuneration=20000&age=35`);
    await page.getByTestId('result-amount').filter({ hasText: 'R17 707.88' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await context.close();
  });

  it('works without JavaScript: the form posts and the page shows the result', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await signedIn(context);
    await page.goto(`${server.url}/calculators?tab=uif-sdl`);
    await page.getByLabel('Remuneration', { exact: true }).fill('30000');
    await page.getByLabel("Employer's annual payroll").fill('400000');
    await page.getByRole('button', { name: 'Calculate' }).click();
    await page.waitForURL(`${server.url}/calculators/uif-sdl`);
    const result = page.locator('#uif-sdl-result');
    await result.getByText('R354.24').waitFor();
    await result.getByText('Not payable: the employer is exempt').waitFor();
    await page.getByLabel('Remuneration', { exact: true }).fill('-1');
    await page.getByRole('button', { name: 'Calculate' }).click();
    await page.locator('#uif-sdl-remuneration-error').filter({ hasText: 'Remuneration must not be negative' }).waitFor();
    await context.close();
  });
});
