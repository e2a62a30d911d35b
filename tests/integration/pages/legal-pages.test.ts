import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../src/config';
import { EXPORT_TEXTS } from '../../../src/schemas/export';
import { PrivacyPage } from '../../../src/ui/legal/PrivacyPage';
import { DISCLAIMER, OFFICER_EMAIL_UNSET, OFFICER_UNSET } from '../../../src/ui/legal/texts';
import { createTestApp, registerUser, type TestApp } from '../../helpers/app';
import { dbKinds } from '../../helpers/db';

// /privacy and /terms: public, saying what the product really keeps, with the information officer from the
// configuration; the landing page's footer links to them, and /profile says what account deletion keeps.

const textOf = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .replace(/ ([.,;:])/g, '$1');

const OFFICER = { INFORMATION_OFFICER_NAME: 'Naledi Mokoena', INFORMATION_OFFICER_EMAIL: 'privacy@payewise.example' };

describe.each(dbKinds)('legal pages on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, OFFICER);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('/privacy is public and names the configured information officer under #popia', async () => {
    const res = await t.client().get('/privacy');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    const html = await res.text();
    expect(html).toContain('<title>Privacy notice · PayeWise</title>');
    expect(html).toMatch(/<section id="popia"/);
    const text = textOf(html);
    expect(text).toContain('Our information officer under POPIA is Naledi Mokoena at privacy@payewise.example.');
    expect(html).toContain('href="mailto:privacy@payewise.example"');
    // What it says is kept, and why, as the code does it.
    expect(text).toContain('your password as a one-way hash');
    expect(text).toContain('the Tax Administration Act, 2011 requires such records to be kept for five years');
    expect(text).toContain('At present they are not deleted automatically, and deleting your account does not remove them.');
    // No AI model is configured in the tests: the page says questions stay here.
    expect(text).toContain(
      'None: this service answers with its own built-in engine, so your questions are not sent to any outside AI provider.',
    );
    expect(html).toContain('href="/profile"');
  });

  it('/terms is public: the trial, R80/month through PayFast, cancelling, the disclaimer and acceptable use', async () => {
    const res = await t.client().get('/terms');
    expect(res.status).toBe(200);
    const text = textOf(await res.text());
    expect(text).toContain('New accounts get a 7-day free trial with full access. No card is needed for the trial.');
    expect(text).toContain('After the trial the plan costs R80 per month, billed monthly through PayFast');
    expect(text).toContain('Cancel at any time on the Subscription page.');
    expect(text).toContain(DISCLAIMER);
    expect(text).toContain('PayeWise AI can make mistakes.');
    expect(text).toContain('Acceptable use');
    expect(text).toContain('5 questions to the assistant a day');
  });

  it('signed in, both pages are the same pages (not a redirect)', async () => {
    const { client } = await registerUser(t);
    for (const path of ['/privacy', '/terms']) {
      const res = await client.get(path);
      expect(res.status, path).toBe(200);
      expect(await res.text()).toBe(await (await t.client().get(path)).text());
    }
  });

  it("the landing page's footer links Terms, Privacy Policy and POPIA notice to the pages, and keeps the disclaimer", async () => {
    const html = await (await t.client().get('/')).text();
    const legal = /<nav aria-labelledby="footer-legal">[\s\S]*?<\/nav>/.exec(html)?.[0] ?? '';
    expect([...legal.matchAll(/href="([^"]+)"[^>]*>([^<]+)</g)].map((m) => [m[1], m[2]])).toEqual([
      ['/terms', 'Terms of Service'],
      ['/privacy', 'Privacy Policy'],
      ['/privacy#popia', 'POPIA notice'],
    ]);
    expect(textOf(html)).toContain(DISCLAIMER);
  });

  it('/profile offers Download my data and says what deleting the account keeps, linking to /privacy', async () => {
    const { client } = await registerUser(t);
    const html = await (await client.get('/profile')).text();
    const text = textOf(html);
    expect(text).toContain('Download my data');
    expect(html).toMatch(/<a href="\/api\/user\/export"[^>]*>Download my data<\/a>/);
    expect(text).toContain(EXPORT_TEXTS.deletionKeeps);
    expect(html).toContain('href="/privacy#after-deletion"');
  });
});

describe('the information officer setting', () => {
  const page = (officer: { name?: string; email?: string }) =>
    textOf(renderToString(createElement(PrivacyPage, { officer, externalModel: true, smtp: true })));

  it('unset: the page says so plainly and gives no address', () => {
    const text = page({});
    expect(text).toContain(OFFICER_UNSET);
    expect(text).not.toContain('mailto:');
    expect(text).not.toMatch(/information officer under POPIA is/);
  });

  it('a name without an address says the address is not set', () => {
    expect(page({ name: 'Naledi Mokoena' })).toContain(`Our information officer under POPIA is Naledi Mokoena. ${OFFICER_EMAIL_UNSET}`);
  });

  it('with an outside AI model the page says what is sent to it', () => {
    expect(page({})).toContain('This service uses an outside AI model to write answers');
  });

  it('a malformed address is refused at start, by name', () => {
    expect(() => loadConfig({ INFORMATION_OFFICER_EMAIL: 'not-an-address' })).toThrow(ConfigError);
    expect(() => loadConfig({ INFORMATION_OFFICER_EMAIL: 'not-an-address' })).toThrow(/INFORMATION_OFFICER_EMAIL/);
    expect(loadConfig({}).informationOfficer).toEqual({ name: undefined, email: undefined });
  });
});
