import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatFigure } from '../../../islands/figures';
import { DISCLAIMER } from '../../../src/documents/model';
import { FORMAT_MESSAGE } from '../../../src/schemas/documents';
import type { ChatAnswerDTO } from '../../../src/schemas/chat';
import { createTestApp, registerUser, type TestApp, type TestClient } from '../../helpers/app';
import { dbKinds } from '../../helpers/db';
import { csvRows } from '../../helpers/csv';
import { pdfPages } from '../../helpers/pdf';

// Downloads (issue 26, item 1): answers and conversations as PDF, calculator results as PDF and CSV, through the
// real app and the built-in assistant. Every figure looked for in a file is one the same app returned as JSON.
const NOW = new Date('2026-11-27T10:00:00+02:00');
const flat = (s: string) => s.replace(/\s+/g, ' ');
const HX = { 'content-type': 'application/x-www-form-urlencoded', 'hx-request': 'true' };

// Each page ends with its furniture (a running header after page 1, the disclaimer, the footer): cut off, the pages
// read as one text, so a sentence that flows over a page break is found whole.
const FURNITURE = /\s*(?:PayeWise · (?:(?!PayeWise provides)[\s\S])*)?PayeWise provides general payroll information[\s\S]*$/;

/** `text`: every page as extracted; `body`: the content without the page furniture. */
async function pdfOf(res: Response): Promise<{ text: string; body: string; pages: number; view: number[]; bytes: Buffer }> {
  const bytes = Buffer.from(await res.arrayBuffer());
  const { pages, view } = await pdfPages(new Uint8Array(bytes));
  return {
    text: flat(pages.join('\n')),
    body: flat(pages.map((p) => p.replace(FURNITURE, '')).join(' ')),
    pages: pages.length,
    view,
    bytes,
  };
}

function expectDownload(res: Response, type: string, name: RegExp) {
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe(type);
  expect(res.headers.get('content-disposition')).toMatch(new RegExp(`^attachment; filename="${name.source}"$`));
  expect(res.headers.get('cache-control')).toBe('private, no-store');
}

describe.each(dbKinds)('documents on %s', (kind) => {
  let t: TestApp;
  let alice: TestClient;
  let bob: TestClient;
  let first: ChatAnswerDTO;
  let second: ChatAnswerDTO;
  const QUESTIONS = ['How much PAYE on R28 500 a month for a 35-year-old?', 'What is the UIF on R28 500 a month?'];

  beforeAll(async () => {
    t = await createTestApp(kind, {}, { clock: () => NOW });
    alice = (await registerUser(t)).client;
    bob = (await registerUser(t)).client;
    const ask = async (body: Record<string, unknown>) => {
      const res = await alice.post('/api/chat', body);
      expect(res.status).toBe(200);
      return (await res.json()) as ChatAnswerDTO;
    };
    first = await ask({ message: QUESTIONS[0] });
    second = await ask({ message: QUESTIONS[1], conversationId: first.conversationId });
  });
  afterAll(async () => t?.close());

  describe('an answer', () => {
    it('downloads as a PDF with the question, the engine’s figures, the cited articles with their tax years, the date and the disclaimer', async () => {
      const res = await alice.get(`/api/messages/${first.id}/pdf`);
      expectDownload(res, 'application/pdf', /payewise-answer-[0-9a-f]{8}-2026-11-27\.pdf/);
      const pdf = await pdfOf(res);
      expect(pdf.body).toContain(QUESTIONS[0]);
      const paye = first.toolCalls.find((c) => c.name === 'paye')!;
      expect(paye).toBeTruthy();
      const result = paye.result as Record<string, number>;
      for (const key of ['paye', 'annualTax', 'rebate']) expect(pdf.body).toContain(formatFigure(key, result[key]));
      expect(pdf.body).toContain(`Remuneration ${formatFigure('remuneration', 28500)}`);
      expect(first.sources.length).toBeGreaterThan(0);
      for (const s of first.sources) {
        const article = await t.services.knowledge.findItem(s.id);
        expect(pdf.body).toContain(s.title);
        // Without PUBLIC_URL, links go to the address the request came to: paper needs whole addresses.
        expect(pdf.body).toContain(`http://localhost/knowledge/article/${s.id}`);
        if (article?.taxYears.length)
          expect(pdf.body).toContain(`Tax year${article.taxYears.length === 1 ? '' : 's'}: ${article.taxYears.join(', ')}`);
      }
      expect(pdf.text).toContain('27 November 2026');
      expect(pdf.text).toContain('Tax year 2026/27');
      expect(pdf.text).toContain('PayeWise');
      expect(pdf.text).toContain(flat(DISCLAIMER));
      expect(pdf.text).toContain(`Page 1 of ${pdf.pages}`);
      // A4, fonts inside the file.
      expect(pdf.view).toEqual([0, 0, 595.28, 841.89]);
      expect(pdf.bytes.includes('/FontFile2')).toBe(true);
    });

    it('is the same document by the question’s id', async () => {
      const messages = (await (await alice.get(`/api/messages?conversationId=${first.conversationId}`)).json()) as {
        id: string;
        role: string;
        content: string;
      }[];
      const question = messages.find((m) => m.role === 'user' && m.content === QUESTIONS[0])!;
      const pdf = await pdfOf(await alice.get(`/api/messages/${question.id}/pdf`));
      expect(pdf.body).toContain(QUESTIONS[0]);
      expect(pdf.body).toContain(formatFigure('paye', (first.toolCalls.find((c) => c.name === 'paye')!.result as { paye: number }).paye));
    });
  });

  describe('a conversation', () => {
    it('downloads as a PDF with every question and answer, numbered', async () => {
      const res = await alice.get(`/api/conversations/${first.conversationId}/pdf`);
      expectDownload(res, 'application/pdf', /payewise-conversation-[0-9a-f]{8}-2026-11-27\.pdf/);
      const pdf = await pdfOf(res);
      for (const q of QUESTIONS) expect(pdf.body).toContain(q);
      for (const h of ['Question 1', 'Answer 1', 'Question 2', 'Answer 2']) expect(pdf.body).toContain(h);
      const uif = second.toolCalls.find((c) => c.name === 'uif')!;
      expect(pdf.body).toContain(formatFigure('employee', (uif.result as { employee: number }).employee));
      expect(pdf.text).toContain(flat(DISCLAIMER));
    });
  });

  describe('who may download', () => {
    it('is only the owner: another user’s message or conversation is not found', async () => {
      const m = await bob.get(`/api/messages/${first.id}/pdf`);
      expect(m.status).toBe(404);
      expect(await m.json()).toEqual({ message: 'Message not found' });
      const c = await bob.get(`/api/conversations/${first.conversationId}/pdf`);
      expect(c.status).toBe(404);
      expect(await c.json()).toEqual({ message: 'Conversation not found' });
    });

    it('needs a session, and a well-formed id', async () => {
      const anon = t.client();
      expect((await anon.get(`/api/messages/${first.id}/pdf`)).status).toBe(401);
      expect((await anon.get(`/api/conversations/${first.conversationId}/pdf`)).status).toBe(401);
      expect((await anon.post('/api/payroll/paye?format=pdf', { period: 'monthly', remuneration: 28500, age: 35 })).status).toBe(401);
      const bad = await alice.get('/api/messages/not_an_id!/pdf');
      expect(bad.status).toBe(400);
      expect(await bad.json()).toMatchObject({ message: 'Unknown id' });
      expect((await alice.get('/api/messages/00000000-0000-4000-8000-000000000000/pdf')).status).toBe(404);
    });
  });

  describe('a calculation through the API', () => {
    const input = { period: 'monthly', remuneration: 28500, age: 67, medicalMembers: 3 };
    let json: Record<string, unknown>;
    beforeAll(async () => {
      json = await (await alice.post('/api/payroll/paye', input)).json();
    });

    it('downloads as a PDF with the inputs and the figures the JSON call returns', async () => {
      const res = await alice.post('/api/payroll/paye?format=pdf', input);
      expectDownload(res, 'application/pdf', /payewise-paye-2026-11-27\.pdf/);
      const pdf = await pdfOf(res);
      expect(pdf.body).toContain('PAYE');
      expect(pdf.body).toContain(`Remuneration ${formatFigure('remuneration', 28500)}`);
      expect(pdf.body).toContain('Age 67 years');
      for (const key of ['paye', 'annualTax', 'rebate', 'medicalCredit']) expect(pdf.body).toContain(formatFigure(key, json[key]));
      for (const line of json.working as string[]) expect(pdf.body).toContain(flat(line));
      expect(pdf.text).toContain('Tax year 2026/27');
      expect(pdf.text).toContain(flat(DISCLAIMER));
    });

    it('downloads as CSV with a header row and the same figures as plain numbers', async () => {
      const res = await alice.post('/api/payroll/paye?format=csv', input);
      expectDownload(res, 'text/csv; charset=utf-8', /payewise-paye-2026-11-27\.csv/);
      const rows = csvRows(await res.text());
      expect(rows[0]).toEqual(['Section', 'Item', 'Detail', 'Value', 'Unit']);
      const value = (section: string, item: string) => rows.find((r) => r[0] === section && r[1] === item)?.slice(3);
      expect(value('Input', 'Remuneration')).toEqual(['28500.00', 'ZAR']);
      expect(value('Result', 'PAYE')).toEqual([(json.paye as number).toFixed(2), 'ZAR']);
      expect(value('Result', 'Annual tax')).toEqual([(json.annualTax as number).toFixed(2), 'ZAR']);
      expect(rows.filter((r) => r[0] === 'Working').map((r) => r[3])).toEqual(json.working);
    });

    it('compares tax years in the file as in the JSON', async () => {
      const cmp = await (await alice.post('/api/payroll/paye?compareWith=2026', input)).json();
      const pdf = await pdfOf(await alice.post('/api/payroll/paye?compareWith=2026&format=pdf', input));
      expect(pdf.body).toContain('2026/27 compared with 2025/26');
      expect(pdf.body).toContain(formatFigure('paye', cmp.results[1].paye));
    });

    it('refuses an unknown format and bad input with a 400 naming the problem', async () => {
      const xls = await alice.post('/api/payroll/paye?format=xls', input);
      expect(xls.status).toBe(400);
      expect(await xls.json()).toMatchObject({ message: FORMAT_MESSAGE, field: 'format' });
      const bad = await alice.post('/api/payroll/paye?format=pdf', { ...input, age: -1 });
      expect(bad.status).toBe(400);
      expect(await bad.json()).toMatchObject({ field: 'age' });
    });
  });

  describe('a calculation on the page', () => {
    const fields = { remuneration: '28500', age: '35', medicalMembers: '2' };
    const url = (extra: Record<string, string>) => `/calculators?${new URLSearchParams({ tab: 'paye', ...fields, ...extra })}`;

    it('downloads from the page’s URL as PDF and CSV with the figures the API returns', async () => {
      const json = await (
        await alice.post('/api/payroll/paye', { period: 'monthly', remuneration: 28500, age: 35, medicalMembers: 2 })
      ).json();
      const res = await alice.get(url({ format: 'pdf' }));
      expectDownload(res, 'application/pdf', /payewise-paye-2026-11-27\.pdf/);
      const pdf = await pdfOf(res);
      expect(pdf.body).toContain('PAYE calculator');
      expect(pdf.body).toContain('Remuneration R28 500.00');
      expect(pdf.body).toContain('People on the medical scheme 2');
      expect(pdf.body).toContain(`PAYE per month · tax year 2026/27 ${formatFigure('paye', json.paye)}`);
      for (const line of json.working as string[]) expect(pdf.body).toContain(flat(line));
      // The page's knowledge-base links, each with the tax years its article applies to.
      const [article] = await t.services.knowledge.search('how monthly PAYE is calculated', { limit: 1 });
      const years = (await t.services.knowledge.findItem(article.id))!.taxYears;
      expect(years.length).toBeGreaterThan(0);
      expect(pdf.body).toMatch(new RegExp(`In the knowledge base .*How monthly PAYE is calculated Tax years?: ${years.join(', ')}`));
      const csv = await alice.get(url({ format: 'csv' }));
      expectDownload(csv, 'text/csv; charset=utf-8', /payewise-paye-2026-11-27\.csv/);
      const rows = csvRows(await csv.text());
      expect(rows[0]).toEqual(['Section', 'Item', 'Detail', 'Value', 'Unit']);
      expect(rows.find((r) => r[0] === 'Result' && r[1].startsWith('PAYE per month'))?.slice(3)).toEqual([json.paye.toFixed(2), 'ZAR']);
    });

    it('offers the downloads with the result, in the page and in the live fragment, for the values shown', async () => {
      const page = await (await alice.get(url({}))).text();
      const onPage = /<a href="([^"]+)" download=""[^>]*>Download PDF<\/a>/.exec(page)![1].replace(/&amp;/g, '&');
      expect(Object.fromEntries(new URL(onPage, 'http://x').searchParams)).toMatchObject({
        tab: 'paye',
        ...fields,
        period: 'monthly',
        format: 'pdf',
      });
      const fragment = await (
        await alice.post('/calculators/paye', new URLSearchParams({ ...fields, remuneration: '30000' }).toString(), HX)
      ).text();
      const links = [...fragment.matchAll(/<a href="([^"]+)" download=""[^>]*>Download (PDF|CSV)<\/a>/g)].map((m) => [
        m[2],
        m[1].replace(/&amp;/g, '&'),
      ]);
      expect(links.map(([f]) => f)).toEqual(['PDF', 'CSV']);
      expect(fragment).toMatch(/<div id="paye-downloads"[^>]*hx-swap-oob="true"/);
      const pdf = await pdfOf(await alice.get(links[0][1]));
      expect(pdf.body).toContain('Remuneration R30 000.00');
      const empty = await (await alice.post('/calculators/paye', new URLSearchParams({ remuneration: '' }).toString(), HX)).text();
      expect(empty).not.toContain('Download PDF');
    });

    it('refuses to download a form without a result, saying what is missing or wrong', async () => {
      const idle = await alice.get('/calculators?tab=paye&format=pdf');
      expect(idle.status).toBe(400);
      expect(await idle.text()).toContain('Nothing to download yet: Remuneration is required');
      const invalid = await alice.get(url({ age: '-3', format: 'csv' }));
      expect(invalid.status).toBe(400);
      expect(await invalid.text()).toContain('This calculation cannot be downloaded: Age');
      expect((await alice.get(url({ format: 'doc' }))).status).toBe(400);
      expect((await alice.get('/calculators?tab=nope&format=pdf')).status).toBe(400);
    });
  });
});
