import { describe, expect, it } from 'vitest';
import { hydrated, useBrowserSuite, watchPageErrors } from '../helpers/browser';

describe('shell and toasts in Chromium', () => {
  const suite = useBrowserSuite();

  it('toasts: one at a time, F8 focuses the region, swipe right dismisses, gone after 5 s', async () => {
    const page = await suite.browser.newPage();
    const errors = watchPageErrors(page);
    await page.goto(`${suite.server.url}/auth`);
    await hydrated(page, 'AuthCard');
    const login = page.locator('#panel-login');
    await login.getByLabel('Username').fill('nobody');
    await login.getByLabel('Password').fill('wrongpass');
    await login.getByRole('button', { name: 'Login' }).click();
    const toasts = page.locator('#pw-toasts > li');
    await toasts.first().waitFor();
    await login.getByRole('button', { name: 'Login' }).click();
    await page.waitForTimeout(300);
    expect(await toasts.count()).toBe(1);
    expect(await toasts.first().textContent()).toContain('Login failed');

    await page.keyboard.press('F8');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('pw-toasts');

    const box = (await toasts.first().boundingBox())!;
    await page.mouse.move(box.x + 20, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + 60, box.y + box.height / 2, { steps: 4 });
    await page.mouse.move(box.x + 100, box.y + box.height / 2, { steps: 4 });
    await page.mouse.up();
    expect(await toasts.count()).toBe(0);

    await login.getByRole('button', { name: 'Login' }).click();
    await toasts.first().waitFor();
    await page.mouse.move(0, 0);
    await toasts.first().waitFor({ state: 'detached', timeout: 7000 });
    expect(errors).toEqual([]);
    await page.close();
  });

  // The browser hydrates each island as a root of its own. Were it numbered by its place in the whole page on the server,
  // the ids React holds for it would differ from the ids in the page, and anything rendered later would point at nothing.
  it('islands hydrate with the ids the server rendered (useId)', async () => {
    const visits: [string, 'demo' | 'admin' | null][] = [
      ['/auth', null],
      ['/profile', 'demo'],
      ['/knowledge-admin', 'admin'],
      ['/user-management', 'admin'],
    ];
    for (const [path, who] of visits) {
      const { context: ctx, page, errors } = await suite.openPage(1280, { height: 720, signedIn: who ?? false });
      await page.goto(`${suite.server.url}${path}`);
      await page.locator('[data-island][data-hydrated="true"]').first().waitFor();
      const compared = await page.evaluate(() => {
        const attrs: [string, string][] = [
          ['id', 'id'],
          ['for', 'htmlFor'],
          ['aria-describedby', 'aria-describedby'],
          ['aria-labelledby', 'aria-labelledby'],
          ['aria-controls', 'aria-controls'],
        ];
        const out: { dom: string; react: string }[] = [];
        for (const el of document.querySelectorAll('[data-island] *')) {
          const key = Object.keys(el).find((k) => k.startsWith('__reactProps$'));
          const props = key ? (el as unknown as Record<string, Record<string, unknown>>)[key] : null;
          if (!props) continue;
          for (const [attr, prop] of attrs) {
            if (typeof props[prop] === 'string' && el.hasAttribute(attr))
              out.push({ dom: `${attr}=${el.getAttribute(attr)}`, react: `${attr}=${props[prop]}` });
          }
        }
        return out;
      });
      expect(compared.length, path).toBeGreaterThan(0);
      expect(
        compared.filter((c) => c.dom !== c.react),
        path,
      ).toEqual([]);
      expect(errors).toEqual([]);
      await ctx.close();
    }
  });

  it('an htmx response can raise a toast (HX-Trigger)', async () => {
    const { context: ctx, page, errors } = await suite.openPage(1280, { height: 720, signedIn: true });
    await page.goto(`${suite.server.url}/knowledge`);
    await page.evaluate(() =>
      (window as unknown as { htmx: { ajax: (m: string, u: string, t: string) => Promise<void> } }).htmx.ajax(
        'GET',
        '/knowledge/article/00000000-0000-4000-8000-000000000000',
        '#kb-root',
      ),
    );
    const toast = page.locator('#pw-toasts > li').filter({ hasText: 'Failed to load knowledge item' });
    await toast.waitFor();
    expect(await toast.getAttribute('data-variant')).toBe('destructive');
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it('hashed island bundles are served with immutable caching', async () => {
    const html = await (await fetch(`${suite.server.url}/auth`)).text();
    const src = /<script type="module" src="(\/assets\/[^"]+\.js)"/.exec(html)![1];
    expect(src).toMatch(/-[A-Za-z0-9_-]{8}\.js$/);
    const res = await fetch(`${suite.server.url}${src}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('content-type')).toMatch(/javascript/);
  });

  it('mobile: the menu button opens the sidebar and Escape closes it; the user menu has its items', async () => {
    const { context: ctx, page } = await suite.openPage(375, { height: 740, signedIn: true });
    await page.goto(`${suite.server.url}/profile`);
    const sidebar = page.locator('#sidebar');
    const inView = () => sidebar.evaluate((el) => el.getBoundingClientRect().right > 0);
    expect(await inView()).toBe(false);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.waitForTimeout(300);
    expect(await inView()).toBe(true);
    expect(await page.getByRole('button', { name: 'Open menu' }).getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Escape');
    await page.waitForTimeout(300);
    expect(await inView()).toBe(false);

    await page.getByRole('button', { name: /user menu/i }).click();
    const menu = page.getByRole('menu');
    await menu.waitFor();
    expect(await menu.getByRole('menuitem').allTextContents()).toEqual(['Your Profile', 'Subscription', 'Sign out']);
    await menu.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL(`${suite.server.url}/`);
    await page.getByRole('status').getByText('You have been logged out successfully.').waitFor();
    await ctx.close();
  });

  it('the user menu: its name holds the initials it shows; arrows, Home, End and Esc work; a rename shows at once in the avatar and the menu', async () => {
    const reg = await fetch(`${suite.server.url}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'lerato', email: 'lerato@example.co.za', password: 'secret123' }),
    });
    expect(reg.status).toBe(201);
    const { context: ctx, page, errors } = await suite.openPage(1280, { height: 800 });
    expect(
      (await ctx.request.post(`${suite.server.url}/api/login`, { data: { username: 'lerato', password: 'secret123' } })).status(),
    ).toBe(200);
    await page.goto(`${suite.server.url}/profile`);
    await hydrated(page, 'ProfileForms');
    const button = page.locator('#user-menu-button');
    const avatar = page.getByTestId('avatar');
    expect(await avatar.textContent()).toBe('LE');
    expect(await button.getAttribute('aria-label')).toBe('LE: user menu for lerato');

    const focused = () => page.evaluate(() => document.activeElement?.textContent?.trim());
    await button.focus();
    await page.keyboard.press('ArrowDown');
    expect(await focused()).toBe('Your Profile');
    await page.keyboard.press('ArrowDown');
    expect(await focused()).toBe('Subscription');
    await page.keyboard.press('End');
    expect(await focused()).toBe('Sign out');
    await page.keyboard.press('ArrowDown');
    expect(await focused()).toBe('Your Profile');
    await page.keyboard.press('ArrowUp');
    expect(await focused()).toBe('Sign out');
    await page.keyboard.press('Home');
    expect(await focused()).toBe('Your Profile');
    await page.keyboard.press('Escape');
    expect(await page.locator('#user-menu').isHidden()).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('user-menu-button');
    await page.keyboard.press('ArrowUp');
    expect(await focused()).toBe('Sign out');
    await page.keyboard.press('Escape');

    await page.getByLabel('Username').fill('thabo');
    await page.getByLabel('Email').fill('thabo@example.co.za');
    await page.getByLabel('Current Password').fill('secret123');
    await page.getByRole('button', { name: 'Update Profile' }).click();
    await page.getByRole('status').getByText('Profile Updated').waitFor();
    expect(await avatar.textContent()).toBe('TH');
    expect(await button.getAttribute('aria-label')).toBe('TH: user menu for thabo');
    await button.click();
    expect(await page.locator('#user-menu [data-user="username"]').textContent()).toBe('thabo');
    expect(await page.locator('#user-menu [data-user="email"]').textContent()).toBe('thabo@example.co.za');
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it('below 1024 px the closed drawer takes no Tab stops; open, it holds focus; Esc closes it and focus returns to the menu button; at 1280 px its links are reachable', async () => {
    const { context: ctx, page, errors } = await suite.openPage(375, { height: 740, signedIn: true });
    await page.goto(`${suite.server.url}/calculators`);
    const inSidebar = () => page.evaluate(() => !!document.activeElement?.closest('#sidebar'));
    // Tabbing through the whole page never lands in the closed drawer.
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press('Tab');
      expect(await inSidebar(), `Tab ${i + 1}`).toBe(false);
    }
    const open = page.getByRole('button', { name: 'Open menu' });
    await open.focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => !!document.activeElement?.closest('#sidebar'));
    for (let i = 0; i < 25; i++) {
      await page.keyboard.press('Tab');
      expect(await inSidebar(), `Tab ${i + 1} in the open drawer`).toBe(true);
    }
    await page.keyboard.press('Escape');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('mobile-menu-button');
    expect(await page.locator('#sidebar').evaluate((el) => (el as HTMLElement).inert)).toBe(true);
    // The close button closes it the same way.
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Close menu' }).click();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('mobile-menu-button');

    await page.setViewportSize({ width: 1280, height: 800 });
    await page.waitForFunction(() => !(document.getElementById('sidebar') as HTMLElement).inert);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Knowledge Base' }).focus();
    expect(await inSidebar()).toBe(true);
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it('at 1280 px the sidebar reaches the bottom of the window wherever a long page is scrolled', async () => {
    const { context: ctx, page } = await suite.openPage(1280, { height: 600, signedIn: true });
    await page.goto(`${suite.server.url}/calculators`);
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeGreaterThan(600);
    for (const y of [0, 300, 100_000]) {
      await page.evaluate((to) => window.scrollTo(0, to), y);
      const box = (await page.locator('#sidebar').boundingBox())!;
      expect(box.y, `scrolled to ${y}`).toBe(0);
      expect(box.height, `scrolled to ${y}`).toBe(600);
      expect(await page.locator('#sidebar').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(255, 255, 255)');
    }
    await ctx.close();
  });

  it('one sidebar item is highlighted on each page, /knowledge-admin included (it is listed twice for admins)', async () => {
    const { context: ctx, page } = await suite.openPage(1280, { height: 800, signedIn: 'admin' });
    for (const [path, name] of [
      ['/knowledge-admin', 'Manage Knowledge'],
      ['/user-management', 'User Management'],
      ['/calculators', 'Calculators'],
      ['/profile', 'Profile'],
    ]) {
      await page.goto(`${suite.server.url}${path}`);
      const current = page.locator('#sidebar [aria-current="page"]');
      expect(await current.count(), path).toBe(1);
      expect((await current.textContent())?.trim(), path).toBe(name);
    }
    await ctx.close();
  });
});
