import fs from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { EXPORT_TEXTS, type UserExport } from '../../src/schemas/export';
import { hydrated, useBrowserSuite, watchPageErrors } from '../helpers/browser';

// "Your data" in Chromium: the landing footer reaches /privacy and /terms; /profile downloads the export as a file
// and, past the hourly limit, says so in a toast instead of saving an error.

describe('your data in Chromium', () => {
  const suite = useBrowserSuite();
  let context: BrowserContext;

  beforeAll(async () => {
    context = await suite.browser.newContext({ acceptDownloads: true });
    const reg = await context.request.post(`${suite.server.url}/api/register`, {
      data: { username: 'naledi_d', email: 'naledi@example.co.za', password: 'secret123' },
    });
    expect(reg.status(), await reg.text()).toBe(201);
    const chat = await context.request.post(`${suite.server.url}/api/chat`, { data: { message: 'What is the UIF ceiling?' } });
    expect(chat.status(), await chat.text()).toBe(200);
  });

  it('the landing footer leads to the privacy notice (its POPIA section) and the terms', async () => {
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await page.goto(`${suite.server.url}/`);
    const legal = page.getByRole('navigation', { name: 'Legal' });
    await legal.getByRole('link', { name: 'POPIA notice' }).click();
    await page.waitForURL(`${suite.server.url}/privacy#popia`);
    await page.getByRole('heading', { name: 'Information officer (POPIA)' }).waitFor();
    await page.getByRole('navigation', { name: 'Legal' }).getByRole('link', { name: 'Terms of Service' }).click();
    await page.waitForURL(`${suite.server.url}/terms`);
    await page.getByRole('heading', { name: 'Terms of Service', level: 1 }).waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });

  it('/profile downloads the data as one JSON file; the 6th within the hour is refused with a toast, at 375 px', async () => {
    const page = await context.newPage();
    await page.setViewportSize({ width: 375, height: 800 });
    const errors = watchPageErrors(page);
    await page.goto(`${suite.server.url}/profile`);
    await hydrated(page, 'ProfileForms');
    expect(await page.getByTestId('deletion-keeps').textContent()).toContain(EXPORT_TEXTS.deletionKeeps);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    const button = page.getByRole('link', { name: EXPORT_TEXTS.button });
    const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
    expect(download.suggestedFilename()).toMatch(/^payewise-data-naledi_d-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(fs.readFileSync((await download.path())!, 'utf8')) as UserExport;
    expect(data.profile.username).toBe('naledi_d');
    expect(data.conversations[0].messages[0].content).toBe('What is the UIF ceiling?');
    await page.getByRole('status').getByText('Download started').waitFor();

    for (let i = 0; i < 4; i++) expect((await context.request.get(`${suite.server.url}/api/user/export`)).status()).toBe(200);
    await button.click();
    await page.getByRole('alert').getByText('Download Failed').waitFor();
    await page
      .getByRole('alert')
      .getByText(/You can download your data 5 times an hour\. Please try again in \d+ minutes?\./)
      .waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });
});
