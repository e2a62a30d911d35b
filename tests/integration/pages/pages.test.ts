import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../../db/schema';
import { createTestApp, registerUser, useTestApp } from '../../helpers/app';
import { dbKinds } from '../../helpers/db';

describe.each(dbKinds)('pages on %s', (kind) => {
  const t = useTestApp(kind);

  it('the landing page is public, cached with an ETag, and its header depends on sign-in', async () => {
    const res = await t.client().get('/');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('Sign Up Free');
    expect(html).toContain('Log In');
    expect(html).toContain('id="floating-signup"');
    expect(html).not.toContain('Dashboard');
    // The footer's Knowledge Base goes to the knowledge base (which asks a visitor to sign in first), not to /auth.
    expect(html).toMatch(/href="\/knowledge"[^>]*>Knowledge Base</);
    const etag = res.headers.get('etag')!;
    expect(etag).toBeTruthy();
    const again = await t.client().get('/', { 'if-none-match': etag });
    expect(again.status).toBe(304);

    const { client } = await registerUser(t);
    const signed = await (await client.get('/')).text();
    expect(signed).toContain('Dashboard');
    expect(signed).not.toContain('id="floating-signup"');
  });

  it("the plan has one name wherever it is shown: 'PayeWise Monthly', R80 a month", async () => {
    // The plan card's heading, and its price after it.
    const plan = (html: string) => /<h[23][^>]*>(PayeWise [^<]*)<\/h[23]>[\s\S]{0,300}?R80/.exec(html)?.[1];
    const landing = await (await t.client().get('/')).text();
    const { client } = await registerUser(t);
    const subscription = await (await client.get('/subscription')).text();
    for (const html of [landing, subscription]) {
      expect(plan(html)).toBe('PayeWise Monthly');
      expect(html).not.toContain('PayeWise Pro');
    }
  });

  it('sends security headers: a CSP without inline scripts and frame-ancestors none', async () => {
    const res = await t.client().get('/auth');
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(await res.text()).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
  });

  it('/auth shows both tabs and the demo hint only when demo accounts are on', async () => {
    const html = await (await t.client().get('/auth')).text();
    expect(html).toContain('Login');
    expect(html).toContain('Register');
    expect(html).toContain('Forgot password?');
    expect(html).not.toContain('data-testid="demo-hint"');
    const demo = await createTestApp(kind, { DEMO_ACCOUNTS: 'true' });
    try {
      const withDemo = await (await demo.client().get('/auth')).text();
      expect(withDemo).toContain('data-testid="demo-hint"');
      expect(withDemo).toContain('password123');
      expect(withDemo).toContain('admin features');
    } finally {
      await demo.close();
    }
  });

  it('/auth redirects a signed-in user to /', async () => {
    const { client } = await registerUser(t);
    const res = await client.get('/auth');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/');
  });

  it.each(['/chat', '/subscription', '/profile', '/knowledge', '/knowledge-admin', '/user-management'])(
    'anonymous %s is redirected to /auth by the server',
    async (path) => {
      const res = await t.client().get(path);
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe('/auth');
    },
  );

  it('the 404 page has the spec texts', async () => {
    const res = await t.client().get('/no/such/page');
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain('404 Page Not Found');
    expect(html).toContain('Did you forget to add the page to the router?');
    const api = await t.client().get('/api/nothing-here');
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({ message: 'Not found' });
  });

  it('the signed-in layout: trial box, avatar initials, no admin links for ordinary users', async () => {
    const { client, creds } = await registerUser(t, { username: 'zanele_m' });
    const html = await (await client.get('/profile')).text();
    expect(html).toContain('Profile Settings');
    expect(html).toContain('Account Information');
    expect(html).toContain('Account Actions');
    expect(html).toContain('Trial Active');
    expect(html).toMatch(/data-testid="trial-days-left">7<!-- --> days left/);
    expect(html).toContain('Upgrade Now');
    expect(html).toMatch(/data-testid="avatar">ZA</);
    expect(html).not.toContain('User Management');
    expect(html).not.toContain('Manage Knowledge');
    expect(html).toContain('Your Profile');
    expect(html).toContain('Sign out');
    expect(html).toContain(creds.email);
    // Only pages that use hx-* attributes load htmx.
    expect(html).not.toMatch(/<script[^>]+src="[^"]*htmx/);
    expect(await (await client.get('/knowledge')).text()).toMatch(/<script[^>]+src="[^"]*htmx/);
  });

  it('admins see the admin links; non-admins are sent from /user-management to /', async () => {
    const { client, user } = await registerUser(t);
    expect((await client.get('/user-management')).headers.get('location')).toBe('/');
    await t.database.db.update(users).set({ isAdmin: true }).where(eq(users.id, user.id));
    const html = await (await client.get('/profile')).text();
    expect(html).toContain('User Management');
    expect(html).toContain('Manage Knowledge');
    expect((await client.get('/user-management')).status).toBe(200);
  });

  it("shows a finished trial as 'Trial ended' with Upgrade Now, not as an active trial with 0 days left", async () => {
    const { client, user } = await registerUser(t);
    await t.database.db.update(users).set({ trialEndDate: '2020-01-01T00:00:00.000Z' }).where(eq(users.id, user.id));
    const html = await (await client.get('/profile')).text();
    expect(html).toContain('Trial ended');
    expect(html).toContain('Limited access: 5 assistant questions a day.');
    expect(html).toContain('Upgrade Now');
    expect(html).not.toContain('Trial Active');
    expect(html).not.toContain('days left');
  });
});
