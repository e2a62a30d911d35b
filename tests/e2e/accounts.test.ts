import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hydrated, startSmtpPeer, useBrowserSuite, watchPageErrors } from '../helpers/browser';

describe('accounts in Chromium', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
  beforeAll(async () => {
    smtp = await startSmtpPeer();
  });
  afterAll(async () => {
    await smtp?.close();
  });
  // After the peer's hooks: the server starts once the peer is up, and closes before it.
  const suite = useBrowserSuite(() => ({ SMTP_URL: smtp.url }));

  it('register → / → /profile → change password → logout → login with the new password', async () => {
    const page = await suite.browser.newPage();
    const errors = watchPageErrors(page);
    await page.goto(`${suite.server.url}/auth`);
    await page.getByRole('tab', { name: 'Register' }).click();
    const panel = page.locator('#panel-register');
    await panel.getByLabel('Username').fill('naledi');
    await panel.getByLabel('Email').fill('naledi@example.co.za');
    await panel.getByLabel('Password', { exact: true }).fill('secret123');
    await panel.getByLabel('Confirm Password').fill('secret124');
    await panel.getByRole('button', { name: 'Create Account' }).click();
    // Refused in the browser: the message shows under the field and nothing was sent.
    const mismatch = panel.getByText("Passwords don't match");
    await mismatch.waitFor();
    expect(await mismatch.isVisible()).toBe(true);
    expect(page.url()).toBe(`${suite.server.url}/auth?tab=register`); // the Register tab, in the URL
    expect(
      (
        await fetch(`${suite.server.url}/api/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: 'naledi', password: 'secret123' }),
        })
      ).status,
    ).toBe(401);
    await panel.getByLabel('Confirm Password').fill('secret123');
    await panel.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL(`${suite.server.url}/`);
    await page.getByRole('status').getByText('Account created').waitFor();
    await page.getByRole('link', { name: 'Dashboard' }).first().waitFor();

    await page.goto(`${suite.server.url}/profile`);
    await page.getByRole('heading', { name: 'Profile Settings' }).waitFor();
    expect(await page.getByTestId('avatar').textContent()).toBe('NA');
    expect(await page.getByTestId('trial-days-left').textContent()).toBe('7 days left');
    await hydrated(page, 'ProfileForms');
    await page.getByLabel('Current Password').fill('secret123');
    await page.getByLabel('New Password', { exact: true }).fill('newsecret9');
    await page.getByLabel('Confirm New Password').fill('newsecret9');
    await page.getByRole('button', { name: 'Update Profile' }).click();
    await page.getByRole('status').getByText('Profile Updated').waitFor();

    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${suite.server.url}/`);
    await page.getByRole('status').getByText('Logged out', { exact: true }).waitFor();
    await page.getByRole('link', { name: 'Log In' }).first().waitFor();

    await page.goto(`${suite.server.url}/auth`);
    await hydrated(page, 'AuthCard');
    const login = page.locator('#panel-login');
    await login.getByLabel('Username').fill('naledi');
    await login.getByLabel('Password').fill('secret123');
    await login.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('alert').getByText('Login failed').waitFor();
    await login.getByLabel('Password').fill('newsecret9');
    await login.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(`${suite.server.url}/`);
    await page.getByRole('status').getByText('Welcome back, naledi!').waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });

  it('forgot password: e-mail, the code from the SMTP peer, new password, then login', async () => {
    await suite.server.started.services.mailer.idle();
    const reg = await fetch(`${suite.server.url}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'sipho', email: 'sipho@example.co.za', password: 'oldpass1' }),
    });
    expect(reg.status).toBe(201);

    const page = await suite.browser.newPage();
    const errors = watchPageErrors(page);
    await page.goto(`${suite.server.url}/auth`);
    await hydrated(page, 'AuthCard');
    const login = page.locator('#panel-login');
    await login.getByRole('button', { name: 'Forgot password?' }).click();
    await login.getByRole('button', { name: 'Send reset code' }).click();
    await page.getByRole('alert').getByText('Email required').waitFor();
    await login.getByLabel('Email').fill('sipho@example.co.za');
    await login.getByRole('button', { name: 'Send reset code' }).click();
    await page.getByRole('status').getByText('Email Sent').waitFor();

    const mail = await smtp.waitFor('sipho@example.co.za');
    const code = /code is (\d{6})/.exec(mail.raw)![1];
    expect(await login.getByLabel('Email').inputValue()).toBe('sipho@example.co.za');
    // A wrong code first: its error toast goes once the right code is accepted.
    await login.getByLabel('Verification code').fill(code === '000000' ? '111111' : '000000');
    await login.getByRole('button', { name: 'Verify code' }).click();
    await page.getByRole('alert').getByText('Invalid or expired code').waitFor();
    await login.getByLabel('Verification code').fill(code);
    await login.getByRole('button', { name: 'Verify code' }).click();
    await login.getByRole('button', { name: 'Continue' }).waitFor();
    expect(await page.locator('#pw-toasts li[data-variant="destructive"]').count()).toBe(0);
    await login.getByRole('button', { name: 'Continue' }).click();
    expect(await login.getByLabel('Username').inputValue()).toBe('sipho');
    await login.getByLabel('New Password', { exact: true }).fill('brandnew7');
    await login.getByLabel('Confirm New Password').fill('brandnew8');
    await login.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByRole('alert').getByText("Passwords don't match").waitFor();
    await login.getByLabel('Confirm New Password').fill('brandnew7');
    await login.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByRole('status').getByText('Your password has been reset successfully.').waitFor();

    await login.getByLabel('Username').fill('sipho');
    await login.getByLabel('Password').fill('brandnew7');
    await login.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(`${suite.server.url}/`);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('an anonymous visit to /chat ends on /auth', async () => {
    const page = await suite.browser.newPage();
    await page.goto(`${suite.server.url}/chat`);
    expect(new URL(page.url()).pathname).toBe('/auth');
    await page.close();
  });

  it('the floating sign-up bar appears after scrolling past 50 px, with no React on the landing page', async () => {
    const page = await suite.browser.newPage({ viewport: { width: 390, height: 800 } });
    const scripts: string[] = [];
    page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
    const errors = watchPageErrors(page);
    await page.goto(`${suite.server.url}/`);
    const bar = page.locator('#floating-signup');
    expect(await bar.isVisible()).toBe(false);
    await page.mouse.wheel(0, 30);
    await page.waitForTimeout(100);
    expect(await bar.isVisible()).toBe(false);
    await page.evaluate(() => window.scrollTo(0, 400));
    await bar.waitFor({ state: 'visible' });
    await page.evaluate(() => window.scrollTo(0, 0));
    await bar.waitFor({ state: 'hidden' });
    expect(scripts.some((s) => /client-|react/i.test(s))).toBe(false);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('the demo user and the demo admin can log in; only the admin sees the admin links', async () => {
    for (const [username, admin] of [
      ['demo', false],
      ['admin', true],
    ] as const) {
      const ctx = await suite.browser.newContext();
      const page = await ctx.newPage();
      await page.goto(`${suite.server.url}/auth`);
      await page.getByTestId('demo-hint').waitFor();
      await hydrated(page, 'AuthCard');
      const login = page.locator('#panel-login');
      await login.getByLabel('Username').fill(username);
      await login.getByLabel('Password').fill('password123');
      await login.getByRole('button', { name: 'Login' }).click();
      await page.waitForURL(`${suite.server.url}/`);
      await page.goto(`${suite.server.url}/profile`);
      const adminNav = page.getByRole('navigation', { name: 'Admin' });
      expect(await adminNav.count()).toBe(admin ? 1 : 0);
      expect(await page.getByRole('link', { name: 'Manage Knowledge' }).count()).toBe(admin ? 1 : 0);
      await ctx.close();
    }
  });

  it('every sign-up call to action opens the Register tab, server-rendered and focused; the tab is in the URL, so Back works', async () => {
    const html = await (await fetch(`${suite.server.url}/auth?tab=register`)).text();
    expect(html).toMatch(/id="tab-register"[^>]*aria-selected="true"/);
    expect(html).toMatch(/id="panel-login"[^>]*aria-hidden="true"/);

    const page = await suite.browser.newPage({ viewport: { width: 1280, height: 800 } });
    const errors = watchPageErrors(page);
    await page.goto(`${suite.server.url}/`);
    for (const name of ['Sign Up Free', 'Start your free 7-day trial']) {
      for (const href of await page.getByRole('link', { name }).evaluateAll((as) => as.map((a) => a.getAttribute('href'))))
        expect(href, name).toBe('/auth?tab=register');
    }
    await page.getByRole('link', { name: 'Sign Up Free' }).first().click();
    await page.waitForURL(`${suite.server.url}/auth?tab=register`);
    await hydrated(page, 'AuthCard');
    expect(await page.getByRole('tab', { name: 'Register' }).getAttribute('aria-selected')).toBe('true');
    await page.getByRole('heading', { name: 'Create an account' }).waitFor();
    expect(
      await page.evaluate(
        () => document.activeElement?.closest('#panel-register') !== null && (document.activeElement as HTMLInputElement).name,
      ),
    ).toBe('username');

    await page.getByRole('tab', { name: 'Login' }).click();
    await page.waitForURL(`${suite.server.url}/auth`);
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    await page.goBack();
    await page.waitForURL(`${suite.server.url}/auth?tab=register`);
    await page.getByRole('heading', { name: 'Create an account' }).waitFor();
    expect(await page.getByRole('tab', { name: 'Register' }).getAttribute('aria-selected')).toBe('true');
    await page.goBack();
    await page.waitForURL(`${suite.server.url}/`);
    expect(errors).toEqual([]);
    await page.close();
  });

  for (const width of [1280, 375]) {
    it(`at ${width} px the auth card keeps its height across tabs and the reset wizard; fields with errors are marked red and aria-invalid`, async () => {
      const page = await suite.browser.newPage({ viewport: { width, height: 800 } });
      await page.goto(`${suite.server.url}/auth`);
      await hydrated(page, 'AuthCard');
      const card = page.locator('[data-island="AuthCard"] .card');
      const height = async () => Math.round((await card.boundingBox())!.height);
      const login = await height();
      await page.getByRole('tab', { name: 'Register' }).click();
      await page.getByRole('heading', { name: 'Create an account' }).waitFor();
      expect(await height()).toBe(login);
      await page.getByRole('tab', { name: 'Login' }).click();
      await page.getByRole('button', { name: 'Forgot password?' }).click();
      await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
      expect(await height()).toBe(login);

      await page.getByRole('tab', { name: 'Register' }).click();
      const panel = page.locator('#panel-register');
      await panel.getByRole('button', { name: 'Create Account' }).click();
      const username = panel.getByLabel('Username');
      await panel.getByRole('alert').first().waitFor();
      expect(await username.getAttribute('aria-invalid')).toBe('true');
      expect(await username.evaluate((el) => getComputedStyle(el).borderColor)).toBe('rgb(185, 28, 28)');
      expect(await panel.getByLabel('Email').evaluate((el) => getComputedStyle(el).borderColor)).toBe('rgb(185, 28, 28)');
      await username.fill('thandi');
      await panel.getByLabel('Email').fill('thandi@example.co.za');
      await panel.getByLabel('Password', { exact: true }).fill('secret123');
      await panel.getByLabel('Confirm Password').fill('secret124');
      await panel.getByRole('button', { name: 'Create Account' }).click();
      await panel.getByText("Passwords don't match").waitFor();
      expect(await username.getAttribute('aria-invalid')).toBeNull();
      expect(await username.evaluate((el) => getComputedStyle(el).borderColor)).not.toBe('rgb(185, 28, 28)');
      await page.close();
    });
  }

  it('a toast raised while a dialog is open shows above its overlay and stays operable (×, F8), and comes back out when it closes', async () => {
    const { context: ctx, page, errors } = await suite.openPage(1280, { height: 800, signedIn: true });
    await page.goto(`${suite.server.url}/profile`);
    await hydrated(page, 'ProfileForms');
    await page.getByRole('button', { name: 'Delete Account' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Enter your password to confirm').fill('not-the-password');
    await dialog.getByRole('button', { name: 'Delete Account' }).click();
    const failed = page.getByRole('alert').filter({ hasText: 'Deletion Failed' });
    await failed.waitFor();
    // Not under the backdrop: the topmost element at the × is the × itself, and it closes the toast.
    const close = failed.getByRole('button', { name: 'Close' });
    const box = (await close.boundingBox())!;
    expect(
      await page.evaluate(
        ([x, y]) => document.elementFromPoint(x, y)?.getAttribute('aria-label'),
        [box.x + box.width / 2, box.y + box.height / 2],
      ),
    ).toBe('Close');
    await close.click();
    await failed.waitFor({ state: 'detached' });
    expect(await dialog.isVisible()).toBe(true);
    // F8 still reaches the notifications while the dialog is open.
    await dialog.getByRole('button', { name: 'Delete Account' }).click();
    await failed.waitFor();
    await page.keyboard.press('F8');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('pw-toasts');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.waitForFunction(() => document.getElementById('pw-toast-region')?.parentElement?.closest('dialog') === null);
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it('at 375 px the landing page has a section menu (Home, Features, Pricing, FAQ) that works by keyboard; at 1280 px the sections are in the header', async () => {
    const page = await suite.browser.newPage({ viewport: { width: 375, height: 740 } });
    const errors = watchPageErrors(page);
    await page.goto(`${suite.server.url}/`);
    const menu = page.locator('#section-menu');
    const summary = menu.locator('summary');
    expect(await summary.isVisible()).toBe(true);
    expect(await page.getByRole('navigation', { name: 'Primary' }).isVisible()).toBe(false);
    await summary.focus();
    await page.keyboard.press('Enter');
    const sections = page.getByRole('navigation', { name: 'Page sections' });
    expect(await sections.getByRole('link').allTextContents()).toEqual(['Home', 'Features', 'Pricing', 'FAQ', 'Log In']);
    // Nothing sticks out sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    const signUp = (await page.getByRole('link', { name: 'Sign Up Free' }).first().boundingBox())!;
    expect(signUp.x + signUp.width).toBeLessThanOrEqual(375);
    expect(await sections.isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    expect(await sections.isVisible()).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('SUMMARY');
    await page.keyboard.press('Enter');
    await sections.getByRole('link', { name: 'Pricing' }).click();
    await page.waitForURL(`${suite.server.url}/#pricing`);
    expect(await sections.isVisible()).toBe(false);
    await page.waitForFunction(() => {
      const r = document.getElementById('pricing')!.getBoundingClientRect();
      return r.top < window.innerHeight && r.bottom > 0;
    });
    await page.setViewportSize({ width: 1280, height: 800 });
    expect(await summary.isVisible()).toBe(false);
    expect(await page.getByRole('navigation', { name: 'Primary' }).getByRole('link', { name: 'Pricing' }).isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('/auth loads the forgot-password wizard only when it is opened', async () => {
    const page = await suite.browser.newPage();
    const fetched: string[] = [];
    page.on('request', (r) => fetched.push(new URL(r.url()).pathname));
    await page.goto(`${suite.server.url}/auth`);
    await hydrated(page, 'AuthCard');
    await page.waitForLoadState('networkidle');
    expect(fetched.filter((p) => /\/assets\/ForgotPassword-/.test(p))).toEqual([]);
    // Opened from the keyboard, focus moves to the wizard (the link that opened it is gone), and Tab goes on to its e-mail field.
    await page.getByRole('button', { name: 'Forgot password?' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
    expect(fetched.filter((p) => /\/assets\/ForgotPassword-/.test(p))).toHaveLength(1);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Reset your password');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe('email');
    await page.close();
  });
});
