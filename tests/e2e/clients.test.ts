import { describe, expect, it } from 'vitest';
import { hydrated, isFocused, noSidewaysScroll, useBrowserSuite } from '../helpers/browser';

// Client companies in Chromium (issue 27, item 1): add three on /clients, edit one, see the API's field error
// beside its field, delete one; then tie a new chat to a client and see the answer assume the client's facts; fill a
// calculator from a client; see its pay days on the calendar and turn its reminders on.
// At phone and desktop widths; the names carry the width, as both runs are the demo user's.

describe('client companies in Chromium', () => {
  const suite = useBrowserSuite();

  it.each([375, 1280])(
    'at %i px: add three clients, edit one, a bad pay day, delete one; a chat tied to a client, a calculator filled from one, its pay days and reminders',
    async (width) => {
      const { context, page, errors } = await suite.openPage(width, { signedIn: true, reactErrors: true });

      if (width >= 1024) {
        await page.goto(`${suite.server.url}/calendar`);
        await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Clients' }).click();
      } else await page.goto(`${suite.server.url}/clients`);
      await page.getByRole('heading', { name: 'Client companies', level: 1 }).waitFor();
      await hydrated(page, 'Clients');

      const form = page.getByTestId('client-form');
      const client = (name: string) => page.getByTestId('client').filter({ hasText: name });
      const summaryOf = (name: string) => client(name).getByTestId('client-summary').innerText();

      // Nothing typed: the name's error is shown beside it and takes the focus.
      await form.getByRole('button', { name: 'Add client' }).click();
      await form.getByText('Enter the company’s name').waitFor();
      await expect.poll(() => isFocused(form.getByLabel('Company name'))).toBe(true);

      const weekly = `Weekly Bakery ${width}`;
      const monthly = `Monthly Motors ${width}`;
      const council = `Council Builders ${width}`;

      // 1. A weekly payroll under R500 000, ETI-eligible.
      await form.getByLabel('Company name').fill(weekly);
      await form.getByLabel('Under R500 000').check();
      await form.getByLabel('Pay frequency').selectOption('weekly');
      await form.getByLabel('Pay day').selectOption('friday');
      await form.getByLabel(/^ETI-eligible employer/).check();
      await form.getByRole('button', { name: 'Add client' }).click();
      await client(weekly).waitFor();
      expect(await summaryOf(weekly)).toBe('Weekly, paid on Fridays · No SDL: payroll under R500 000 · ETI-eligible');
      expect(await form.getByLabel('Company name').inputValue()).toBe('');

      // 2. Monthly on the 25th, R2 400 000 a year, typed with the R and spaces.
      await form.getByLabel('Company name').fill(monthly);
      await form.getByLabel('Annual payroll of').check();
      await form.getByLabel('Annual payroll in rands').fill('R 2 400 000');
      await form.getByLabel('Pay day (day of the month)').fill('25');
      await form.getByRole('button', { name: 'Add client' }).click();
      await client(monthly).waitFor();
      expect(await summaryOf(monthly)).toBe('Monthly, paid on the 25th · SDL: payroll R2 400 000');

      // 3. Under a bargaining council, paid on the last business day, the payroll typed with a decimal comma.
      await form.getByLabel('Company name').fill(council);
      await form.getByLabel('Annual payroll of').check();
      await form.getByLabel('Annual payroll in rands').fill('450 000,00');
      await form.getByLabel('Last business day of the month').check();
      await form.getByLabel('Bargaining council (optional)').fill('Bargaining Council for the Civil Engineering Industry');
      await form.getByRole('button', { name: 'Add client' }).click();
      await client(council).waitFor();
      expect(await summaryOf(council)).toBe(
        'Monthly, paid on the last business day · No SDL: payroll R450 000 · Council: Bargaining Council for the Civil Engineering Industry',
      );

      // Edit the second: a pay day of 32 is the API's field error, shown beside the pay day, which takes the focus.
      await client(monthly)
        .getByRole('button', { name: `Edit ${monthly}` })
        .click();
      await form.getByRole('heading', { name: `Edit ${monthly}` }).waitFor();
      expect(await form.getByLabel('Annual payroll in rands').inputValue()).toBe('2 400 000');
      const payDay = form.getByLabel('Pay day (day of the month)');
      expect(await payDay.inputValue()).toBe('25');
      await payDay.fill('32');
      await form.getByRole('button', { name: 'Save changes' }).click();
      await form.locator('input[aria-invalid="true"]').waitFor();
      expect(await payDay.getAttribute('aria-invalid')).toBe('true');
      const said = page.locator(`[id="${await payDay.getAttribute('aria-describedby')}"]`);
      expect(await said.innerText()).toMatch(/31|day of the month/);
      await expect.poll(() => isFocused(payDay)).toBe(true);
      await payDay.fill('28');
      await form.getByLabel('Sector (optional)').fill('Motor retail');
      await form.getByRole('button', { name: 'Save changes' }).click();
      await form.getByRole('heading', { name: 'Add a client' }).waitFor();
      // The form resets as soon as the save is answered; the list is read again just after.
      await expect.poll(() => summaryOf(monthly)).toBe('Monthly, paid on the 28th · SDL: payroll R2 400 000 · Motor retail');

      // Delete the third, after confirming.
      page.once('dialog', (d) => void d.accept());
      await client(council)
        .getByRole('button', { name: `Delete ${council}` })
        .click();
      await client(council).waitFor({ state: 'detached' });
      expect(await client(weekly).count()).toBe(1);
      expect(await client(monthly).count()).toBe(1);
      expect(await noSidewaysScroll(page)).toBe(true);

      // A new chat tied to the weekly client: the answer assumes its facts and names it.
      await page.goto(`${suite.server.url}/chat?new=1`);
      await hydrated(page, 'Chat');
      const picker = page.getByLabel('Client', { exact: true });
      await picker.locator('option', { hasText: weekly }).waitFor({ state: 'attached' });
      await picker.selectOption({ label: weekly });
      await page.getByLabel('Your question').fill('PAYE and net pay on R4 000 for a 30 year old');
      await page.getByRole('button', { name: 'Send', exact: true }).click();
      const answer = page.locator('[data-testid="message-assistant"][data-status="complete"]').last();
      await answer.waitFor();
      const text = await answer.innerText();
      expect(text).toContain('Assumed');
      expect(text).toContain(`${weekly} pays weekly`);
      expect(text).toContain(`${weekly} pays no SDL`);
      await page.getByTestId('conversation-client').getByText(`Client: ${weekly}`).waitFor();
      // The picker is for a new conversation only.
      expect(await page.getByLabel('Client', { exact: true }).count()).toBe(0);
      await page.reload();
      await hydrated(page, 'Chat');
      await page.getByTestId('conversation-client').getByText(`Client: ${weekly}`).waitFor();
      if (width >= 768) {
        const current = page.locator('[data-testid="conversation-list"] a[aria-current="page"]');
        expect(await current.getByTestId('conversation-client-name').innerText()).toBe(weekly);
      }
      expect(await noSidewaysScroll(page)).toBe(true);

      // A calculator filled from a client: its pay period and payroll, said above the form; the result is the client's.
      await page.goto(`${suite.server.url}/calculators?tab=uif-sdl`);
      await page.getByLabel('Fill from a client').selectOption({ label: monthly });
      const note = page.getByTestId('calc-client-note');
      await expect
        .poll(() => note.innerText().catch(() => ''))
        .toContain(`Filled from ${monthly}: Pay period: monthly; Annual payroll: R2 400 000.00.`);
      expect(await page.getByLabel('Pay period').inputValue()).toBe('monthly');
      expect(await page.getByLabel("Employer's annual payroll").inputValue()).toBe('2400000');
      await page.getByLabel('Remuneration', { exact: true }).fill('30000');
      await expect.poll(() => page.getByTestId('calc-result').innerText()).toMatch(/SDL per month\s+R300\.00/);
      await page.getByLabel('Fill from a client').selectOption({ label: weekly });
      await expect
        .poll(() => note.innerText().catch(() => ''))
        .toContain(`Filled from ${weekly}: Pay period: weekly; Annual payroll: under R500 000.00 (taken as R500 000.00).`);
      expect(page.url()).toContain('tab=uif-sdl&client=');
      await page.getByLabel('Remuneration', { exact: true }).fill('3000');
      await expect.poll(() => page.getByTestId('calc-result').innerText()).toContain('Not payable: the employer is exempt');
      expect(await noSidewaysScroll(page)).toBe(true);

      // The calendar lists the weekly client's pay days; reminders for it are turned on with the page's form.
      await page.goto(`${suite.server.url}/calendar`);
      expect(await page.getByText(`${weekly}: weekly pay day`).count()).toBeGreaterThan(0);
      const reminders = page.locator('form[action="/calendar/reminders"]');
      await reminders.getByLabel('Send me reminders by e-mail').check();
      await reminders.getByLabel(weekly).check();
      await reminders.getByRole('button', { name: 'Save reminders' }).click();
      await page.getByRole('status').filter({ hasText: 'Reminders on: 3 business days before each deadline.' }).waitFor();
      expect(await page.locator('form[action="/calendar/reminders"]').getByLabel(weekly).isChecked()).toBe(true);
      expect(await noSidewaysScroll(page)).toBe(true);

      expect(errors).toEqual([]);
      await context.close();
    },
  );
});
