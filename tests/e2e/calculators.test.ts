import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { isFocused, useBrowserSuite } from '../helpers/browser';

// /calculators in Chromium (issue 3, item 6): results update as the user types, with no page load.
describe('calculators in Chromium', () => {
  const suite = useBrowserSuite();

  /** Counts main-frame navigations (full page loads) from now on. */
  function countNavigations(page: Page) {
    const counter = { n: 0 };
    page.on('framenavigated', (f) => {
      if (f === page.mainFrame()) counter.n++;
    });
    return counter;
  }

  it('PAYE: R20 000 a month at 35 shows R2 115.00 as you type, without a reload; age 300 shows its message', async () => {
    const { context, page, errors } = await suite.openPage(1280, { height: 720, signedIn: true });
    await page.goto(`${suite.server.url}/calculators`);
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
    expect(await isFocused(age)).toBe(true);
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
    const { context, page, errors } = await suite.openPage(1280, { height: 720, signedIn: true });
    await page.goto(`${suite.server.url}/calculators?tab=paye`);
    await page.waitForFunction(() => 'htmx' in window);
    await page.evaluate(() => ((window as unknown as { pwMarker: number }).pwMarker = 1));
    await page.getByRole('navigation', { name: 'Calculators' }).getByRole('link', { name: 'ETI' }).click();
    await page.getByRole('heading', { name: 'Employment Tax Incentive' }).waitFor();
    await page.waitForURL(`${suite.server.url}/calculators?tab=eti`);
    // Keyboard users stay on the tab they chose.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('calc-tab-eti');
    expect(await page.title()).toBe('Employment Tax Incentive · Calculators · PayeWise');
    await page.getByLabel('Monthly remuneration').fill('5000');
    await page.getByLabel('Qualifying month').fill('3');
    await page.getByLabel('Age', { exact: true }).fill('24');
    await page.locator('#eti-result').getByTestId('result-amount').filter({ hasText: 'R1 500.00' }).waitFor();
    // Same document all along: the tab came in by htmx, not by a page load.
    expect(await page.evaluate(() => (window as unknown as { pwMarker?: number }).pwMarker)).toBe(1);
    expect(await page.getByRole('link', { name: 'Employment Tax Incentive — table and examples' }).getAttribute('href')).toBe(
      '/knowledge/article/30269d9c-9786-4f23-97e9-5ca0dd6bf3b9',
    );
    await page.goBack();
    await page.getByRole('heading', { name: 'PAYE calculator' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('fits a 375 px phone screen', async () => {
    const { context, page } = await suite.openPage(375, { height: 740, signedIn: true, context: { isMobile: true, hasTouch: true } });
    for (const tab of ['paye', 'payslip', 'uif-sdl', 'eti', 'leave', 'overtime']) {
      await page.goto(`${suite.server.url}/calculators?tab=${tab}`);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, tab).toBeLessThanOrEqual(0);
    }
    await page.goto(`${suite.server.url}/calculators?tab=payslip&remuneration=20000&age=35`);
    await page.getByTestId('result-amount').filter({ hasText: 'R17 707.88' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await context.close();
  });

  it('works without JavaScript: the form posts and the page shows the result', async () => {
    const { context, page } = await suite.openPage(1280, { height: 720, signedIn: true, context: { javaScriptEnabled: false } });
    await page.goto(`${suite.server.url}/calculators?tab=uif-sdl`);
    await page.getByLabel('Remuneration', { exact: true }).fill('30000');
    await page.getByLabel("Employer's annual payroll").fill('400000');
    await page.getByRole('button', { name: 'Calculate' }).click();
    await page.waitForURL(`${suite.server.url}/calculators/uif-sdl`);
    const result = page.locator('#uif-sdl-result');
    await result.getByText('R354.24').waitFor();
    await result.getByText('Not payable: the employer is exempt').waitFor();
    await page.getByLabel('Remuneration', { exact: true }).fill('-1');
    await page.getByRole('button', { name: 'Calculate' }).click();
    await page.locator('#uif-sdl-remuneration-error').filter({ hasText: 'Remuneration must not be negative' }).waitFor();
    await context.close();
  });

  it('at 375 px the main figure stays in view in a summary bar while typing, linked to the full result; none at 1280 px', async () => {
    const { context, page, errors } = await suite.openPage(375, { height: 740, signedIn: true });
    await page.goto(`${suite.server.url}/calculators`);
    await page.waitForFunction(() => 'htmx' in window);
    const bar = page.locator('[data-result-summary="paye-result"]');
    expect(await bar.isVisible()).toBe(false); // nothing worked out yet
    await page.getByLabel('Tax year').selectOption('2027');
    await page.getByLabel('Pay period').selectOption('monthly');
    await page.getByLabel('Remuneration', { exact: true }).fill('20000');
    const age = page.getByLabel('Age', { exact: true });
    await age.fill('35');
    await bar.getByText('R2 115.00').waitFor();
    expect(await bar.locator('[data-summary-label]').textContent()).toMatch(/^PAYE per month/i);
    // The field being typed in and the bar are both on screen; the full result is below the fold.
    const inView = async (box: { y: number; height: number } | null) => !!box && box.y >= 0 && box.y + box.height <= 740;
    const barBox = (await bar.boundingBox())!;
    expect(await inView(barBox)).toBe(true);
    // The bar is on screen while the full result is below the fold.
    expect(await inView(await page.locator('#paye-result [data-testid="result-amount"]').boundingBox())).toBe(false);
    await bar.click();
    await page.waitForFunction(() => {
      const r = document.getElementById('paye-result-title')!.getBoundingClientRect();
      return r.top >= 0 && r.bottom <= window.innerHeight;
    });
    // An impossible age: no figure, no bar.
    await age.fill('300');
    await page.locator('#paye-age-error').getByText(/./).waitFor();
    await bar.waitFor({ state: 'hidden' });

    await page.setViewportSize({ width: 1280, height: 800 });
    await age.fill('35');
    await page.locator('#paye-result [data-testid="result-amount"]').filter({ hasText: 'R2 115.00' }).waitFor();
    expect(await bar.isVisible()).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });
});
