import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEED_PER_MINUTE } from '../../../src/calendar/service';
import { createTestApp, registerUser, type TestApp, type TestClient } from '../../helpers/app';
import { dbKinds } from '../../helpers/db';

const EMP201_ARTICLE = 'ad1355fa-6b8e-4aee-9b1c-0d63fe5c59e1';
const UIF_ARTICLE = '039baccb-6cb5-4c39-b542-550ae2a08cba';
const FEED_URL = /^http:\/\/localhost\/calendar\/feed\/[A-Za-z0-9_-]{43}\.ics$/;

const eventsOf = (text: string) => new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
const pathOf = (url: string) => new URL(url).pathname;
const form = { 'content-type': 'application/x-www-form-urlencoded' };

describe.each(dbKinds)('the compliance calendar on %s', (kind) => {
  let t: TestApp;
  let me: TestClient;
  let other: TestClient;

  beforeAll(async () => {
    t = await createTestApp(kind, {}, { clock: () => new Date('2026-11-27T08:00:00Z') });
    me = (await registerUser(t)).client;
    other = (await registerUser(t)).client;
  });
  afterAll(() => t?.close());

  describe('GET /api/calendar', () => {
    it('answers this month and next by default, with the exact dates and articles', async () => {
      const res = await me.get('/api/calendar');
      expect(res.status).toBe(200);
      const body = await res.json();
      expect(body).toMatchObject({ from: '2026-11-01', to: '2026-12-31', feedUrl: null, feed: { active: false, createdAt: null } });
      expect(body.deadlines.filter((d: { kind: string }) => d.kind === 'emp201')).toEqual([
        {
          date: '2026-11-06',
          kind: 'emp201',
          title: 'EMP201 for October 2026',
          due: expect.stringMatching(/October 2026 to SARS \(the 7th is Saturday\)/),
          articleId: EMP201_ARTICLE,
          caveat: expect.stringMatching(/election/),
        },
        {
          date: '2026-12-07',
          kind: 'emp201',
          title: 'EMP201 for November 2026',
          due: 'Declare and pay the PAYE, UIF and SDL (less ETI) for November 2026 to SARS.',
          articleId: EMP201_ARTICLE,
          caveat: expect.stringMatching(/election/),
        },
      ]);
      expect(body.deadlines.map((d: { date: string; kind: string }) => `${d.date} ${d.kind}`)).toEqual([
        '2026-11-06 emp201',
        '2026-11-06 uif-declaration',
        '2026-12-07 emp201',
        '2026-12-07 uif-declaration',
      ]);
      expect(body.deadlines[1]).toMatchObject({ articleId: UIF_ARTICLE, title: 'UIF declaration for October 2026' });
    });

    it('answers a range asked for: the 2026/27 interim EMP501 and its caveat', async () => {
      const body = await (await me.get('/api/calendar?from=2026-10-01&to=2026-10-31')).json();
      expect(body.deadlines.map((d: { date: string; kind: string }) => `${d.date} ${d.kind}`)).toEqual([
        '2026-10-07 emp201',
        '2026-10-07 uif-declaration',
        '2026-10-31 emp501-interim',
      ]);
      expect(body.deadlines[2]).toEqual({
        date: '2026-10-31',
        kind: 'emp501-interim',
        title: 'Interim EMP501 for 2026/27',
        due: expect.stringMatching(/1 March – 31 August 2026/),
        articleId: 'c09a0ba1-51b4-4ae3-8ade-ced54245405e',
        caveat: 'SARS announces the submission window each year.',
      });
      const fromOnly = await (await me.get('/api/calendar?from=2027-04-01')).json();
      expect([fromOnly.from, fromOnly.to]).toEqual(['2027-04-01', '2027-05-31']);
      expect(fromOnly.deadlines.map((d: { kind: string }) => d.kind)).toEqual(expect.arrayContaining(['irp5', 'wsp-atr', 'emp501-annual']));
    });

    it.each([
      ['from=2026-13-01', 'from'],
      ['from=2026-02-30', 'from'],
      ['to=tomorrow', 'to'],
      ['from=2026-12-01&to=2026-11-01', 'to'],
      ['from=2026-01-01&to=2027-03-01', 'to'],
    ])('400 for %s', async (query, field) => {
      const res = await me.get(`/api/calendar?${query}`);
      expect(res.status).toBe(400);
      const body = await res.json();
      expect(body.field).toBe(field);
      expect(body.message).toMatch(field === 'to' && query.includes('2027-03-01') ? /at most 400 days/ : /.+/);
    });

    it('401 signed out', async () => {
      expect((await t.client().get('/api/calendar')).status).toBe(401);
      expect((await t.client().post('/api/calendar/feed')).status).toBe(401);
      expect((await t.client().delete('/api/calendar/feed')).status).toBe(401);
    });
  });

  describe('the iCalendar feed', () => {
    let url: string;

    it('POST /api/calendar/feed answers the secret address once; the feed needs no session', async () => {
      const res = await other.post('/api/calendar/feed');
      expect(res.status).toBe(201);
      url = (await res.json()).feedUrl;
      expect(url).toMatch(FEED_URL);
      expect(await (await other.get('/api/calendar')).json()).toMatchObject({
        feedUrl: null,
        feed: { active: true, createdAt: '2026-11-27T08:00:00.000Z' },
      });

      const feed = await t.client().get(pathOf(url));
      expect(feed.status).toBe(200);
      expect(feed.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
      const text = await feed.text();
      expect(text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
      for (const line of text.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);

      const events = eventsOf(text);
      // From the start of last month (October 2026) to the end of the 13th month ahead (December 2027).
      expect(events[0]).toMatchObject({ uid: 'emp201-2026-09@payewise', summary: 'EMP201 for September 2026' });
      expect(events[0].startDate.toString()).toBe('2026-10-07');
      expect(events.at(-1)!.startDate.toString() <= '2027-12-31').toBe(true);
      expect(events.some((e) => e.startDate.toString() >= '2027-12-01')).toBe(true);
      const nov = events.find((e) => e.uid === 'emp201-2026-11@payewise')!;
      expect(nov.startDate.isDate).toBe(true);
      expect(nov.startDate.toString()).toBe('2026-12-07');
      expect(nov.endDate.toString()).toBe('2026-12-08');
      expect(nov.description).toContain('Due Monday 7 December 2026.');
      expect(nov.description).toContain(`http://localhost/knowledge/article/${EMP201_ARTICLE}`);
      const interim = events.find((e) => e.uid === 'emp501-interim-2027-28@payewise')!;
      expect(interim.startDate.toString()).toBe('2027-10-31');
      for (const [uid, date] of [
        ['irp5-2026-27@payewise', '2027-04-29'],
        ['emp501-annual-2026-27@payewise', '2027-05-31'],
        ['coida-roe-2027@payewise', '2027-03-31'],
        ['wsp-atr-2027@payewise', '2027-04-30'],
      ]) {
        expect(events.find((e) => e.uid === uid)?.startDate.toString(), uid).toBe(date);
      }

      // A second fetch: the same events under the same UIDs.
      const again = eventsOf(await (await t.client().get(pathOf(url))).text());
      expect(again.map((e) => e.uid)).toEqual(events.map((e) => e.uid));
      expect(new Set(events.map((e) => e.uid)).size).toBe(events.length);
    });

    it('a new address revokes the old one; DELETE revokes the feed; unknown addresses are 404s', async () => {
      const fresh = (await (await other.post('/api/calendar/feed')).json()).feedUrl;
      expect(fresh).not.toBe(url);
      expect((await t.client().get(pathOf(url))).status).toBe(404);
      expect((await t.client().get(pathOf(fresh))).status).toBe(200);

      const del = await other.delete('/api/calendar/feed');
      expect(del.status).toBe(200);
      expect((await t.client().get(pathOf(fresh))).status).toBe(404);
      expect(await (await other.get('/api/calendar')).json()).toMatchObject({ feed: { active: false } });

      expect((await t.client().get(`/calendar/feed/${'A'.repeat(43)}.ics`)).status).toBe(404);
      expect((await t.client().get('/calendar/feed/not-a-token')).status).toBe(404);
    });

    it(`limits one address to ${FEED_PER_MINUTE} fetches a minute`, async () => {
      const client = t.client();
      for (let i = 0; i < FEED_PER_MINUTE; i++) expect((await client.get(`/calendar/feed/${'B'.repeat(43)}.ics`)).status).toBe(404);
      const limited = await client.get(`/calendar/feed/${'B'.repeat(43)}.ics`);
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    });
  });

  describe('per client company', () => {
    it('each client’s pay days (monthly, and weekly every week), in the API (all, or one client’s), on the page and in the feed under its own UID', async () => {
      const u = (await registerUser(t)).client;
      const made = async (body: object) => (await (await u.post('/api/clients', body)).json()) as { id: number };
      const ubuntu = await made({ name: 'Ubuntu Traders', payDay: 25 });
      const karoo = await made({ name: 'Karoo Motors', payDay: 'last' });
      const spaza = await made({ name: 'Weekly Spaza', payFrequency: 'weekly', payDay: 'friday' });
      await made({ name: 'Fortnightly Co', payFrequency: 'fortnightly', payDay: 'friday' });
      const all = (await (await u.get('/api/calendar?from=2026-11-01&to=2026-11-30')).json()) as {
        deadlines: { date: string; title: string; clientId?: number }[];
      };
      const weekly = (date: string) => expect.objectContaining({ date, title: 'Weekly Spaza: weekly pay day', clientId: spaza.id });
      expect(all.deadlines.filter((d) => d.clientId)).toEqual([
        weekly('2026-11-06'),
        weekly('2026-11-13'),
        weekly('2026-11-20'),
        expect.objectContaining({ date: '2026-11-25', title: 'Ubuntu Traders: pay day (November 2026)', clientId: ubuntu.id }),
        weekly('2026-11-27'),
        expect.objectContaining({ date: '2026-11-30', title: 'Karoo Motors: pay day (November 2026)', clientId: karoo.id }),
      ]);
      expect(all.deadlines.find((d) => d.title === 'EMP201 for October 2026')?.date).toBe('2026-11-06');
      const one = (await (await u.get(`/api/calendar?from=2026-11-01&to=2026-11-30&clientId=${ubuntu.id}`)).json()) as {
        deadlines: { clientId?: number }[];
      };
      expect(one.deadlines.filter((d) => d.clientId).map((d) => d.clientId)).toEqual([ubuntu.id]);
      expect((await other.get(`/api/calendar?clientId=${ubuntu.id}`)).status).toBe(404);
      expect((await u.get('/api/calendar?clientId=abc')).status).toBe(400);

      const page = await (await u.get('/calendar')).text();
      expect(page).toContain('Ubuntu Traders: pay day (November 2026)');
      expect(page).toContain('Karoo Motors: pay day (December 2026)');

      const url = (await (await u.post('/api/calendar/feed')).json()).feedUrl as string;
      const events = eventsOf(await (await t.client().get(pathOf(url))).text());
      const pay = events.find((e) => e.uid === `pay-day-2026-11-client-${ubuntu.id}@payewise`)!;
      expect(pay.startDate.toString()).toBe('2026-11-25');
      expect(pay.summary).toBe('Ubuntu Traders: pay day (November 2026)');
      expect(events.find((e) => e.uid === `pay-day-2026-11-client-${karoo.id}@payewise`)?.startDate.toString()).toBe('2026-11-30');
      expect(events.find((e) => e.uid === `pay-day-2026-11-27-client-${spaza.id}@payewise`)?.summary).toBe('Weekly Spaza: weekly pay day');
      expect(new Set(events.map((e) => e.uid)).size).toBe(events.length);
    });
  });

  describe('the /calendar page', () => {
    it('lists this month, next month and the rest of the tax year, with the subscribe section', async () => {
      const res = await me.get('/calendar');
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain('<h1 class="text-2xl font-bold">Compliance calendar</h1>');
      expect(html).toContain('This month: November 2026');
      expect(html).toContain('Next month: December 2026');
      expect(html).toContain('The rest of the 2026/27 tax year');
      expect(html).toContain('<time dateTime="2026-12-07">Monday 7 December 2026</time>');
      expect(html).toContain('EMP201 for November 2026');
      expect(html).toContain(`href="/knowledge/article/${EMP201_ARTICLE}"`);
      expect(html).toContain('<time dateTime="2027-02-05">Friday 5 February 2027</time>');
      expect(html).toContain('Subscribe in your calendar');
      expect(html).toContain('Create my calendar address');
      expect(html).toContain('href="/calendar"');
      expect(html).not.toContain('Stop the feed');
    });

    it('creates the address with a plain form post, shows it once, and revokes it', async () => {
      const created = await me.post('/calendar/feed', '', form);
      expect(created.status).toBe(200);
      const html = await created.text();
      const shown = /id="feed-url"[^>]*value="([^"]+)"/.exec(html)?.[1];
      expect(shown).toMatch(FEED_URL);
      expect((await t.client().get(pathOf(shown!))).status).toBe(200);
      const later = await (await me.get('/calendar')).text();
      expect(later).not.toContain(shown!);
      expect(later).toContain('Stop the feed');

      expect((await me.post('/calendar/feed/revoke', '', form)).status).toBe(200);
      expect((await t.client().get(pathOf(shown!))).status).toBe(404);
    });

    it('sends a signed-out visitor to sign in', async () => {
      const res = await t.client().get('/calendar');
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe('/auth');
    });
  });
});
