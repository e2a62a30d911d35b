import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { hydrated, noSidewaysScroll, useBrowserSuite } from '../helpers/browser';
import { payslipPdf } from '../helpers/payslip-pdf';

// The payslip checker in Chromium (issue 26, item 3): paste or upload, correct the reading, see the wrong figure
// and why, save the check and delete it; at desktop and phone widths.
const fixture = (name: string) => fs.readFileSync(`tests/fixtures/payslips/${name}`, 'utf8');

describe('the payslip checker in Chromium', () => {
  const suite = useBrowserSuite();

  it.each([1280, 375])('at %i px: paste, see the PAYE difference and its reason, correct the reading, save and delete', async (width) => {
    const { context, page, errors } = await suite.openPage(width, { signedIn: true });
    await page.goto(`${suite.server.url}/calculators`);
    await page.getByRole('link', { name: 'Payslip check' }).first().click();
    await page.getByRole('heading', { name: 'Check a payslip' }).waitFor();
    await hydrated(page, 'PayslipCheck');

    await page.getByLabel('Payslip text').fill(fixture('a-one-column.txt'));
    await page.getByLabel('People on the medical scheme').fill('2');
    await page.getByRole('button', { name: 'Read and check' }).click();
    const findings = page.getByTestId('payslip-findings');
    await findings.getByRole('heading', { name: '1 figure differs' }).waitFor();
    const finding = findings.getByTestId('finding');
    expect(await finding.innerText()).toContain('PAYE: R3 281.58 shown, R3 155.50 expected (+R126.08)');
    expect(await finding.innerText()).toContain('Likely reason: the 2025/26 tax tables were used; the pay date falls in 2026/27.');

    // What was read is shown and can be corrected; the check runs on the correction.
    const reading = page.getByTestId('payslip-reading');
    expect(await reading.getByLabel('Pay date').inputValue()).toBe('2026-11-25');
    // Typed as a person types it, with a decimal comma.
    const paye = reading.getByLabel('Deductions 1: amount in rand');
    await paye.fill('');
    await paye.pressSequentially('3155,50');
    expect(await paye.inputValue()).toBe('3155,50');
    await reading.getByLabel('Total deductions').fill('');
    await reading.getByLabel('Net pay').fill('');
    await reading.getByRole('button', { name: 'Check again' }).click();
    await findings.getByRole('heading', { name: 'Every figure checked matches' }).waitFor();

    await findings.getByLabel('Name for this check (optional)').fill(`Thandi November ${width}`);
    await findings.getByRole('button', { name: 'Save this check' }).click();
    const saved = page.getByTestId('saved-check').filter({ hasText: `Thandi November ${width}` });
    await saved.waitFor();
    expect(await saved.innerText()).toContain('no differences');
    // Opened again after a reload, it shows what was checked.
    await page.reload();
    await hydrated(page, 'PayslipCheck');
    await saved.getByRole('button', { name: `Open Thandi November ${width}` }).click();
    await findings.getByRole('heading', { name: 'Every figure checked matches' }).waitFor();
    expect(await page.getByTestId('payslip-reading').getByLabel('Deductions 1: amount in rand').inputValue()).toBe('3155.5');
    expect(await page.getByLabel('People on the medical scheme').inputValue()).toBe('2');
    page.once('dialog', (d) => void d.accept());
    await saved.getByRole('button', { name: `Delete Thandi November ${width}` }).click();
    await saved.waitFor({ state: 'detached' });

    expect(await noSidewaysScroll(page)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('uploads a PDF payslip and shows UIF above the ceiling', async () => {
    const { context, page } = await suite.openPage(1280, { signedIn: true });
    await page.goto(`${suite.server.url}/calculators/payslip-check`);
    await hydrated(page, 'PayslipCheck');
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'payslip-')), 'salary-advice.pdf');
    fs.writeFileSync(file, await payslipPdf(fixture('b-two-columns-ytd.txt')));
    await page.getByLabel('Or the payslip PDF').setInputFiles(file);
    await page.getByRole('button', { name: 'Read and check' }).click();
    const finding = page.getByTestId('finding');
    await finding.waitFor();
    expect(await finding.innerText()).toContain('UIF (employee): R380.00 shown, R177.12 expected (+R202.88)');
    expect(await finding.innerText()).toContain('UIF was charged on the full pay, above the ceiling');
    await context.close();
  });

  it.each([1280, 375])(
    'at %i px: a payslip pasted into the chat is checked; its table and calculation card fit the screen',
    async (width) => {
      const { context, page, errors } = await suite.openPage(width, { signedIn: true });
      await page.goto(`${suite.server.url}/chat?new=1`);
      await hydrated(page, 'Chat');
      await page.getByLabel('Your question').fill(`is this right? she is 67\n${fixture('b-two-columns-ytd.txt')}`);
      await page.getByRole('button', { name: 'Send', exact: true }).click();
      const answer = page.locator('[data-testid="message-assistant"][data-status="complete"]').last();
      await answer.waitFor();
      expect(await answer.innerText()).toContain('2 figures on this payslip are wrong: PAYE (+R813.75) and UIF (employee) (+R202.88).');
      const row = answer.getByRole('row').filter({ hasText: 'UIF (employee)' });
      expect((await row.getByRole('cell').allInnerTexts()).map((c) => c.trim())).toEqual([
        'UIF (employee)',
        'R380.00',
        'R177.12',
        '+R202.88',
      ]);
      await answer.locator('[data-testid="tool-card"]').getByText('Calculation: Payslip check').click();
      expect(await answer.locator('[data-testid="tool-card"]').innerText()).toContain('UIF employee');
      await answer.getByRole('link', { name: 'payslip checker' }).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
      expect(errors).toEqual([]);
      await context.close();
    },
  );
});
