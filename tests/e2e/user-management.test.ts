import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { schema } from '../../db';
import { formatDate } from '../../src/lib/sa-time';
import type { AdminUserDTO } from '../../src/schemas/users';
import { hydrated, isFocused, signIn, useBrowserSuite, watchPageErrors, watchReactErrors } from '../helpers/browser';

// /user-management in Chromium against the server npm start runs. Four users are registered through the API
// next to the two demo accounts; their questions go through /api/chat (the built-in engine), so the Messages
// column counts what they really asked. Two states the UI cannot produce quickly are set in the database:
// an account that never signed in (registering signs one in) and a paying subscriber (the PayFast flow has
// its own test in subscription.test.ts).
const DAY = 86_400_000;
const LAST_LOGIN = 4;
const MESSAGES = 6;

describe('user management in Chromium', () => {
  const suite = useBrowserSuite();
  let admin: BrowserContext;

  /** Registers a user from a fresh context (which keeps the session) and asks the assistant `questions` times. */
  async function registerAndAsk(username: string, email: string, questions: number) {
    const context = await suite.browser.newContext();
    const reg = await context.request.post(`${suite.server.url}/api/register`, { data: { username, email, password: 'secret123' } });
    expect(reg.status(), await reg.text()).toBe(201);
    for (let i = 0; i < questions; i++) {
      const res = await context.request.post(`${suite.server.url}/api/chat`, { data: { message: `What is the UIF ceiling? (${i + 1})` } });
      expect(res.status(), await res.text()).toBe(200);
    }
    await context.close();
  }

  beforeAll(async () => {
    await registerAndAsk('alice_m', 'alice@example.com', 3);
    await registerAndAsk('bob_k', 'bob@example.org', 0);
    await registerAndAsk('carol', 'carol@example.net', 1);
    await registerAndAsk('dave', 'dave@payewise.co.za', 2);
    const { db } = suite.server.started.database;
    await db.update(schema.users).set({ lastLoginAt: null, totalLogins: 0 }).where(eq(schema.users.username, 'bob_k'));
    await db.update(schema.users).set({ subscriptionStatus: 'active' }).where(eq(schema.users.username, 'dave'));
    admin = await suite.browser.newContext({ viewport: { width: 1280, height: 900 } });
    await signIn(admin, suite.server.url, 'admin');
  });

  interface Opened {
    page: Page;
    /** Uncaught errors, CSP violations and React's own errors (a hydration mismatch among them). */
    errors: string[];
  }
  async function open(context: BrowserContext = admin): Promise<Opened> {
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    watchReactErrors(page, errors);
    await page.goto(`${suite.server.url}/user-management`);
    await page.getByRole('heading', { name: 'User Management', level: 1 }).waitFor();
    await hydrated(page, 'UserManagement');
    return { page, errors };
  }
  const search = (page: Page) => page.getByPlaceholder('Search users...');
  const rows = (page: Page) => page.locator('tbody tr[data-user]');
  const row = (page: Page, username: string) => page.locator(`tbody tr[data-user="${username}"]`);
  /** The usernames in the order the table shows them. */
  const shown = (page: Page) => rows(page).evaluateAll((trs) => trs.map((tr) => (tr as HTMLElement).dataset.user));
  const column = (page: Page, n: number) => page.locator(`tbody tr[data-user] td:nth-child(${n})`).allTextContents();
  const header = (page: Page, name: string) => page.locator('thead th').filter({ has: page.getByRole('button', { name }) });
  /** Retries until the table shows it: typing waits 250 ms for a pause, then the list loads. */
  const eventually = <T>(fn: () => Promise<T>) => expect.poll(fn, { timeout: 10_000 });
  const toast = (page: Page) => page.locator('#pw-toasts li');
  async function apiUser(username: string): Promise<AdminUserDTO> {
    const res = await admin.request.get(`${suite.server.url}/api/users/admin`);
    expect(res.status()).toBe(200);
    const user = ((await res.json()) as AdminUserDTO[]).find((u) => u.username === username);
    expect(user, `${username} in /api/users/admin`).toBeDefined();
    return user!;
  }

  it('an admin sees the heading, the summary cards with the right counts, the search box and every user', async () => {
    const { page, errors } = await open();
    expect(await page.title()).toContain('User Management');
    expect(await page.getByTestId('summary-Total Users').textContent()).toBe('6');
    expect(await page.getByTestId('summary-Active Subscriptions').textContent()).toBe('1');
    expect(await page.getByTestId('summary-Trial Users').textContent()).toBe('5');
    for (const label of ['Total Users', 'Active Subscriptions', 'Trial Users'])
      expect(await page.getByText(label, { exact: true }).isVisible()).toBe(true);
    expect(await search(page).isVisible()).toBe(true);
    expect(await search(page).getAttribute('placeholder')).toBe('Search users...');
    expect(await search(page).getAttribute('type')).toBe('search');

    expect(await page.locator('thead th').allTextContents()).toEqual([
      'Username↕',
      'Email↕',
      'Subscription',
      'Last Login↕',
      'Total Logins↕',
      'Messages↕',
      'Actions',
    ]);
    expect(await shown(page)).toEqual(['demo', 'admin', 'alice_m', 'bob_k', 'carol', 'dave']);
    expect(await page.getByRole('status').filter({ hasText: 'Showing' }).textContent()).toBe('Showing 1–6 of 6');
    expect(
      await row(page, 'admin')
        .locator('.badge')
        .filter({ hasText: /^Admin$/ })
        .count(),
    ).toBe(1);
    expect(await row(page, 'dave').textContent()).toContain('dave@payewise.co.za');
    // The signed-in admin cannot change their own rights; a subscriber has no trial to extend.
    expect(
      await row(page, 'admin')
        .getByRole('button', { name: /^(Make admin|Remove admin from) admin$/ })
        .count(),
    ).toBe(0);
    expect(await row(page, 'demo').getByRole('button', { name: 'Make admin demo' }).isVisible()).toBe(true);
    expect(await row(page, 'dave').getByRole('button', { name: 'Extend trial for dave' }).count()).toBe(0);
    expect(await row(page, 'carol').getByRole('button', { name: 'Extend trial for carol' }).isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('the search filters by username or e-mail, case-insensitively, and says when nothing matches', async () => {
    const { page, errors } = await open();
    await search(page).fill('EXAMPLE.org');
    await eventually(() => shown(page)).toEqual(['bob_k']);
    expect(await row(page, 'bob_k').textContent()).toContain('bob@example.org');
    expect(await page.getByRole('status').filter({ hasText: 'Showing' }).textContent()).toBe('Showing 1–1 of 1');

    await search(page).fill('ALICE');
    await eventually(() => shown(page)).toEqual(['alice_m']);
    // A substring of the e-mail address and of the username alike.
    await search(page).fill('example');
    await eventually(() => shown(page)).toEqual(['alice_m', 'bob_k', 'carol']);
    await search(page).fill('_');
    await eventually(() => shown(page)).toEqual(['alice_m', 'bob_k']);

    await search(page).fill('zzz-nobody');
    await page.getByText('No users match your search.').waitFor();
    expect(await rows(page).count()).toBe(0);

    await search(page).fill('');
    await eventually(() => shown(page)).toEqual(['demo', 'admin', 'alice_m', 'bob_k', 'carol', 'dave']);
    expect(await page.getByText('No users match your search.').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("sorts by Messages ascending then descending (aria-sort follows), and Last Login says 'Never' or how long ago", async () => {
    const { page, errors } = await open();
    const messages = header(page, 'Messages');
    expect(await messages.getAttribute('aria-sort')).toBe('none');

    await page.getByRole('button', { name: 'Messages' }).click();
    await eventually(() => shown(page)).toEqual(['demo', 'admin', 'bob_k', 'carol', 'dave', 'alice_m']);
    expect(await messages.getAttribute('aria-sort')).toBe('ascending');
    expect(await column(page, MESSAGES)).toEqual(['0', '0', '0', '1', '2', '3']);
    expect(await header(page, 'Username').getAttribute('aria-sort')).toBe('none');

    await page.getByRole('button', { name: 'Messages' }).click();
    await eventually(() => shown(page)).toEqual(['alice_m', 'dave', 'carol', 'demo', 'admin', 'bob_k']);
    expect(await messages.getAttribute('aria-sort')).toBe('descending');
    expect(await column(page, MESSAGES)).toEqual(['3', '2', '1', '0', '0', '0']);

    // bob_k never signed in; alice_m signed in when she registered, a moment ago; so did the admin.
    expect(await row(page, 'bob_k').locator(`td:nth-child(${LAST_LOGIN})`).textContent()).toBe('Never');
    for (const who of ['alice_m', 'admin']) {
      expect(await row(page, who).locator(`td:nth-child(${LAST_LOGIN})`).textContent()).toMatch(/^(just now|\d+ (second|minute)s? ago)$/);
    }
    expect(errors).toEqual([]);
    await page.close();
  });

  it("grants admin rights through the 'Grant admin rights?' dialog: a 'Success' toast, the Admin badge, and the API agrees", async () => {
    const { page, errors } = await open();
    const alice = row(page, 'alice_m');
    expect(
      await alice
        .locator('.badge')
        .filter({ hasText: /^Admin$/ })
        .count(),
    ).toBe(0);
    await page.getByRole('button', { name: 'Make admin alice_m' }).click();
    const dialog = page.getByRole('dialog', { name: 'Grant admin rights?' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('alice_m will be able to manage users and the knowledge base.');
    await dialog.getByRole('button', { name: 'Make Admin' }).click();

    await toast(page).filter({ hasText: 'Success' }).waitFor();
    expect(await toast(page).getAttribute('role')).toBe('status');
    expect(await toast(page).textContent()).toContain('User alice_m is now an admin');
    await dialog.waitFor({ state: 'hidden' });
    await alice
      .locator('.badge')
      .filter({ hasText: /^Admin$/ })
      .waitFor();
    expect(await page.getByRole('button', { name: 'Remove admin from alice_m' }).textContent()).toBe('Remove Admin');
    expect((await apiUser('alice_m')).isAdmin).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("extends a trial by 10 days: the counter starts at 7, stops at 1, goes up to 10; 'Success' toast and the new end date", async () => {
    const before = await apiUser('carol');
    expect(before.subscriptionStatus).toBe('trialing');
    expect(Date.parse(before.trialEndDate!)).toBeGreaterThan(Date.now());
    const { page, errors } = await open();
    const carol = row(page, 'carol');
    expect(await carol.getByTestId('trial-end').textContent()).toBe(`Ends ${formatDate(before.trialEndDate)}`);

    await page.getByRole('button', { name: 'Extend trial for carol' }).click();
    const dialog = page.getByRole('dialog', { name: 'Extend Trial' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(`Extend the trial of carol, which ends on ${formatDate(before.trialEndDate)}`);
    const count = dialog.locator('output');
    const fewer = dialog.getByRole('button', { name: 'One day fewer' });
    const more = dialog.getByRole('button', { name: 'One day more' });
    expect(await count.textContent()).toBe('7 days');
    for (let i = 0; i < 6; i++) await fewer.click();
    expect(await count.textContent()).toBe('1 day');
    expect(await fewer.isDisabled()).toBe(true);
    for (let i = 0; i < 9; i++) await more.click();
    expect(await count.textContent()).toBe('10 days');
    expect(await fewer.isEnabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Extend Trial' }).click();

    await toast(page).filter({ hasText: 'Success' }).waitFor();
    expect(await toast(page).textContent()).toContain('Trial extended for user carol');
    await dialog.waitFor({ state: 'hidden' });
    // A running trial grows from its current end: exactly 10 days later.
    const after = await apiUser('carol');
    expect(Date.parse(after.trialEndDate!)).toBe(Date.parse(before.trialEndDate!) + 10 * DAY);
    expect(after.subscriptionStatus).toBe('trialing');
    await carol
      .getByTestId('trial-end')
      .filter({ hasText: `Ends ${formatDate(after.trialEndDate)}` })
      .waitFor();
    expect(await carol.getByTestId('trial-end').textContent()).toMatch(/^Ends \d{4}\/\d{2}\/\d{2}$/);
    expect(formatDate(after.trialEndDate)).not.toBe(formatDate(before.trialEndDate));
    // The summary did not change: carol is still on a trial.
    expect(await page.getByTestId('summary-Trial Users').textContent()).toBe('5');
    expect(errors).toEqual([]);
    await page.close();
  });

  it("a non-admin is sent to '/', an anonymous visitor to '/auth'", async () => {
    const { context: demo, page, errors } = await suite.openPage(1280, { height: 720, signedIn: 'demo' });
    await page.goto(`${suite.server.url}/user-management`);
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await page.getByRole('heading', { name: 'User Management' }).count()).toBe(0);
    const api = await demo.request.get(`${suite.server.url}/api/users/admin`);
    expect(api.status()).toBe(403);
    expect(errors).toEqual([]);
    await demo.close();

    const anonymous = await suite.browser.newContext();
    const visitor = await anonymous.newPage();
    await visitor.goto(`${suite.server.url}/user-management`);
    expect(new URL(visitor.url()).pathname).toBe('/auth');
    await anonymous.close();
  });

  it('at 375 px: a card per user with its actions in view, nothing scrolls sideways; search, sorting and the dialog work by keyboard', async () => {
    const narrow = await suite.browser.newContext({ viewport: { width: 375, height: 740 } });
    await signIn(narrow, suite.server.url, 'admin');
    const { page, errors } = await open(narrow);
    const pageWidth = () => page.evaluate(() => document.documentElement.scrollWidth);
    const cards = page.locator('[data-user-card]');
    const cardNames = () => cards.evaluateAll((els) => els.map((el) => (el as HTMLElement).dataset.userCard));
    expect(await pageWidth()).toBeLessThanOrEqual(375);
    // The wide table is not what a phone shows: one card per user, in the table's order.
    expect(await page.getByRole('region', { name: 'Users' }).isVisible()).toBe(false);
    expect(await cardNames()).toEqual(['demo', 'admin', 'alice_m', 'bob_k', 'carol', 'dave']);
    const first = cards.first();
    for (const [label, value] of [
      ['Email', 'demo@payewise.test'],
      ['Subscription', 'Trial'],
      ['Last Login', ''],
      ['Total Logins', ''],
      ['Messages', '0'],
    ]) {
      expect(await first.locator('dt', { hasText: label }).isVisible(), label).toBe(true);
      expect(await first.locator(`dt:text-is("${label}") + dd`).textContent(), label).toContain(value);
    }
    // Every action of the first user is on screen without scrolling sideways, and says whom it is for.
    for (const name of ['Make admin demo', 'Extend trial for demo']) {
      const button = first.getByRole('button', { name });
      expect(await button.isVisible(), name).toBe(true);
      const box = (await button.boundingBox())!;
      expect(box.x, name).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, name).toBeLessThanOrEqual(375);
    }
    expect(
      await cards
        .filter({ hasText: 'admin' })
        .nth(0)
        .getByRole('button', { name: /admin admin$/ })
        .count(),
    ).toBe(0);

    // Search by keyboard.
    await search(page).focus();
    await page.keyboard.type('example');
    await eventually(cardNames).toEqual(['alice_m', 'bob_k', 'carol']);

    // Tab: the sort select; the arrow keys choose a sort.
    await page.keyboard.press('Tab');
    const sortBy = page.getByLabel('Sort by');
    expect(await isFocused(sortBy)).toBe(true);
    await sortBy.selectOption({ label: 'Username (Z–A)' });
    await eventually(cardNames).toEqual(['carol', 'bob_k', 'alice_m']);
    await sortBy.selectOption({ label: 'Messages (most first)' });
    await eventually(cardNames).toEqual(['alice_m', 'carol', 'bob_k']);
    expect(await pageWidth()).toBeLessThanOrEqual(375);

    // The Extend Trial dialog opens with Enter, fits the screen, takes the focus, and Escape closes it unchanged.
    const before = await apiUser('bob_k');
    const extend = page.getByRole('button', { name: 'Extend trial for bob_k' });
    await extend.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Extend Trial' });
    await dialog.waitFor();
    const d = (await dialog.boundingBox())!;
    expect(d.x).toBeGreaterThanOrEqual(0);
    expect(d.x + d.width).toBeLessThanOrEqual(375);
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    // Focus goes back to the button that opened it.
    expect(await isFocused(extend)).toBe(true);
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await toast(page).count()).toBe(0);
    expect((await apiUser('bob_k')).trialEndDate).toBe(before.trialEndDate);
    expect(await pageWidth()).toBeLessThanOrEqual(375);
    await page.screenshot({ path: 'test-results/user-management-375.png', fullPage: true });
    expect(errors).toEqual([]);
    await narrow.close();
  });

  it('at 1024 px the table is wider than its box: it scrolls in its own region and the Actions column stays in view', async () => {
    const medium = await suite.browser.newContext({ viewport: { width: 1024, height: 800 } });
    await signIn(medium, suite.server.url, 'admin');
    const { page, errors } = await open(medium);
    const region = page.getByRole('region', { name: 'Users' });
    expect(await region.evaluate((r) => r.scrollWidth > r.clientWidth)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1024);
    const within = async (name: string) => {
      const r = (await region.boundingBox())!;
      const b = (await row(page, 'demo').getByRole('button', { name }).boundingBox())!;
      expect(b.x, name).toBeGreaterThanOrEqual(r.x);
      expect(b.x + b.width, name).toBeLessThanOrEqual(r.x + r.width);
    };
    await within('Make admin demo');
    await within('Extend trial for demo');
    await page.screenshot({ path: 'test-results/user-management-1024.png' });
    // Scrolled to either end, the actions are still there (and clickable: nothing covers them).
    await region.evaluate((r) => (r.scrollLeft = r.scrollWidth));
    await within('Extend trial for demo');
    await region.evaluate((r) => (r.scrollLeft = 0));
    await row(page, 'demo').getByRole('button', { name: 'Extend trial for demo' }).click();
    await page.getByRole('dialog', { name: 'Extend Trial' }).waitFor();
    await page.keyboard.press('Escape');
    expect(errors).toEqual([]);
    await medium.close();
  });
});
