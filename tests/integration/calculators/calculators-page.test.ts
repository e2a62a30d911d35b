import { beforeAll, describe, expect, it } from 'vitest';
import { registerUser, type TestClient, useTestApp } from '../../helpers/app';
import { dbKinds } from '../../helpers/db';
import { ARTICLES } from '../../../src/ui/calculators/model';

// /calculators (issue 3, item 5): the page, its tabs, and the fragment the forms post to as the user types.
const TODAY = new Date('2026-11-21T10:00:00+02:00');
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const HX = { ...FORM, 'hx-request': 'true' };
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
/** Visible text of an HTML fragment, whitespace collapsed. */
const text = (html: string) =>
  html
    .replace(/<!-- -->/g, '')
    .replace(/<\/?span[^>]*>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
const errorOf = (html: string, id: string) => new RegExp(`<p id="${id}-error"[^>]*>([^<]*)</p>`).exec(html)?.[1];

describe.each(dbKinds)('calculators page on %s', (kind) => {
  let client: TestClient;

  const t = useTestApp(kind, {}, { clock: () => TODAY });
  beforeAll(async () => {
    client = (await registerUser(t)).client;
  });

  describe('access', () => {
    it('sends anonymous visitors to /auth', async () => {
      for (const url of ['/calculators', '/calculators?tab=eti']) {
        const res = await t.client().get(url);
        expect(res.status).toBe(302);
        expect(res.headers.get('location')).toBe('/auth');
      }
      const post = await t.client().post('/calculators/paye', form({ remuneration: '20000', age: '35' }), FORM);
      expect(post.status).toBe(302);
      expect(post.headers.get('location')).toBe('/auth');
    });

    it('tells htmx to load /auth instead of swapping the sign-in page into a result', async () => {
      const res = await t.client().post('/calculators/paye', form({ remuneration: '20000', age: '35' }), HX);
      expect(res.status).toBe(401);
      expect(res.headers.get('hx-redirect')).toBe('/auth');
      expect(await res.text()).toBe('');
    });
  });

  describe('the page', () => {
    it('renders the PAYE calculator inside the layout, with every tab, the tax years and knowledge links', async () => {
      const res = await client.get('/calculators');
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      const html = await res.text();
      expect(html).toContain('<title>PAYE calculator · Calculators · PayeWise</title>');
      expect(html).toContain('<h1 class="text-2xl font-bold">Payroll calculators</h1>');
      expect(html).toMatch(/href="\/calculators" aria-current="page"/); // the sidebar
      for (const tab of ['paye', 'payslip', 'uif-sdl', 'eti', 'leave', 'overtime'])
        expect(html).toContain(`id="calc-tab-${tab}" href="/calculators?tab=${tab}" hx-get="/calculators?tab=${tab}"`);
      expect(html).toMatch(/<a id="calc-tab-paye" href="\/calculators\?tab=paye"[^>]*aria-current="page"/);
      // The form works without JavaScript and live with htmx.
      expect(html).toMatch(
        /<form id="paye-form" hx-post="\/calculators\/paye" hx-trigger="input changed delay:250ms, submit" hx-target="#paye-result"[^>]*action="\/calculators\/paye" method="post"/,
      );
      expect(html).toContain('<div id="paye-result" aria-live="polite"');
      // Tax years from the engine, the current one selected.
      expect(html).toContain('<option value="2027" selected="">2026/27 (current)</option>');
      for (const y of ['2026', '2025', '2024']) expect(html).toContain(`<option value="${y}">`);
      // Labelled fields with hints and message slots.
      expect(html).toContain('<label for="paye-age" class="label">Age</label>');
      expect(html).toMatch(/<input id="paye-age" aria-describedby="paye-age-hint paye-age-error"/);
      expect(html).toMatch(/<select id="paye-taxYear" name="taxYear" aria-describedby="paye-taxYear-hint paye-taxYear-error"/);
      expect(html).toContain('Enter the remuneration and age to see the result.');
      expect(html).toContain(`href="/knowledge/article/${ARTICLES.payeMonthly}"`);
      expect(html).toContain('href="/knowledge?q=paye"');
      // No React on this page: no island loader, htmx comes with the app script.
      expect(html).not.toContain('data-island');
    });

    it.each([
      ['payslip', 'Net pay and payslip', `/knowledge/article/${ARTICLES.grossVsNet}`],
      ['uif-sdl', 'UIF and SDL', `/knowledge/article/${ARTICLES.uifCeiling}`],
      ['eti', 'Employment Tax Incentive', `/knowledge/article/${ARTICLES.eti}`],
      ['leave', 'Leave and notice (BCEA)', `/knowledge/article/${ARTICLES.annualLeave}`],
      ['overtime', 'Overtime, Sunday and public holiday pay', `/knowledge/article/${ARTICLES.overtime}`],
    ])('?tab=%s is bookmarkable', async (tab, title, link) => {
      const res = await client.get(`/calculators?tab=${tab}`);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain(`<title>${title.replace('&', '&amp;')} · Calculators · PayeWise</title>`);
      expect(html).toContain(`<form id="${tab}-form"`);
      expect(html).toContain(`href="${link}"`);
    });

    it('every knowledge-base article the calculators link to exists and opens', async () => {
      for (const [key, id] of Object.entries(ARTICLES)) {
        const res = await client.get(`/knowledge/article/${id}`);
        expect(res.status, key).toBe(200);
      }
    });

    it('an unknown tab shows PAYE; GET /calculators/<id> goes to its tab; unknown ids are 404', async () => {
      expect(await (await client.get('/calculators?tab=nope')).text()).toContain('<form id="paye-form"');
      const eti = await client.get('/calculators/eti');
      expect(eti.status).toBe(302);
      expect(eti.headers.get('location')).toBe('/calculators?tab=eti');
      expect((await client.get('/calculators/nope')).status).toBe(404);
      expect((await client.post('/calculators/nope', form({}), FORM)).status).toBe(404);
    });

    it('htmx tab switches get the #calc-root fragment with a title; history restores get the page', async () => {
      const res = await client.get('/calculators?tab=eti', { 'hx-request': 'true' });
      const html = await res.text();
      expect(html.startsWith('<title>Employment Tax Incentive · Calculators · PayeWise</title><nav aria-label="Calculators">')).toBe(true);
      expect(html).not.toContain('<html');
      expect(res.headers.get('vary')).toContain('HX-Request');
      const restore = await client.get('/calculators?tab=eti', { 'hx-request': 'true', 'hx-history-restore-request': 'true' });
      expect(await restore.text()).toContain('<html');
    });

    it('a calculation in the query string is computed on the server (shareable)', async () => {
      const html = await (await client.get('/calculators?tab=paye&remuneration=20000&age=35')).text();
      expect(html).toContain('data-testid="result-amount">R2 115.00</p>');
      expect(html).toContain('value="20000"');
    });
  });

  describe('the fragment the forms post to', () => {
    it('PAYE: R20 000 monthly at 35 → R2 115.00 with the working line by line, and clears the field messages', async () => {
      const res = await client.post(
        '/calculators/paye',
        form({ taxYear: '2027', period: 'monthly', remuneration: '20 000', age: '35', medicalMembers: '', bonus: '' }),
        HX,
      );
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).not.toContain('<html');
      expect(html).toContain('data-testid="result-amount">R2 115.00</p>');
      expect(text(html)).toContain('PAYE per month · tax year 2026/27 R2 115.00 Annual tax R25 380.00 Rebates (a year) R17 820.00');
      const working = /<ol[^>]*data-testid="working">(.*?)<\/ol>/.exec(html)![1];
      expect(working.match(/<li>/g)).toHaveLength(7);
      const steps = [...working.matchAll(/<li>(.*?)<\/li>/g)].map((m) => text(m[1]));
      expect(steps).toContain('R20 000.00 × 12 = R240 000.00 annual equivalent');
      expect(steps).toContain('Monthly PAYE: R25 380.00 / 12 = R2 115.00');
      // Each amount is one unbreakable piece, so a narrow screen never shows "R240 / 000.00".
      expect(working).toContain('<span class="amount">R240 000.00</span>');
      for (const f of ['taxYear', 'period', 'remuneration', 'age', 'medicalMembers', 'retirementContributions', 'bonus']) {
        expect(html).toMatch(new RegExp(`<p id="paye-${f}-error"[^>]*hx-swap-oob="true"></p>`));
      }
    });

    it('the chosen tax year and period are used', async () => {
      const html = await (
        await client.post('/calculators/paye', form({ taxYear: '2026', period: 'monthly', remuneration: '30000', age: '35' }), HX)
      ).text();
      expect(html).toContain('PAYE per month · tax year 2025/26');
      expect(html).toContain('R4 783.08');
      const weekly = await (
        await client.post(
          '/calculators/paye',
          form({ taxYear: '2027', period: 'weekly', remuneration: 'R5000', age: '35', medicalMembers: '1' }),
          HX,
        )
      ).text();
      expect(weekly).toContain('PAYE per week');
      expect(weekly).toContain('R493.46');
    });

    it('field-level messages from the schema, with the field labels, swapped out of band', async () => {
      const html = await (
        await client.post('/calculators/paye', form({ taxYear: '2027', period: 'monthly', remuneration: '-5', age: '300' }), HX)
      ).text();
      expect(html).toContain('data-testid="calc-errors"');
      expect(errorOf(html, 'paye-age')).toBe('Age must be at most 130 years');
      expect(errorOf(html, 'paye-remuneration')).toBe('Remuneration must not be negative');
      expect(errorOf(html, 'paye-bonus')).toBe('');
      expect(text(html)).toContain('Please check these values: Remuneration must not be negative Age must be at most 130 years');
      const other = await (
        await client.post('/calculators/paye', form({ taxYear: '1999', period: 'sometimes', remuneration: '1,000', age: '35' }), HX)
      ).text();
      expect(errorOf(other, 'paye-taxYear')).toBe('Tax year 1999 is not supported; supported tax years: 2024, 2025, 2026, 2027');
      expect(errorOf(other, 'paye-period')).toBe(
        'Pay period must be one of monthly, fortnightly, weekly, annual (got &quot;sometimes&quot;)',
      );
      expect(errorOf(other, 'paye-remuneration')).toBe('Remuneration must be a number of rands (got &quot;1,000&quot;)');
    });

    it('blank required fields are a prompt while typing, not an error', async () => {
      const html = await (
        await client.post('/calculators/paye', form({ taxYear: '2027', period: 'monthly', remuneration: '20000', age: '' }), HX)
      ).text();
      expect(html).toContain('Enter the age to see the result.');
      expect(errorOf(html, 'paye-age')).toBe('');
      const both = await (await client.post('/calculators/paye', form({ remuneration: '-1', age: '' }), HX)).text();
      expect(text(both)).toContain('Please check this value: Remuneration must not be negative Also still needed: age.');
    });

    it('without JavaScript the post renders the whole page: result, or 400 with messages under the fields', async () => {
      const ok = await client.post(
        '/calculators/paye',
        form({ taxYear: '2027', period: 'monthly', remuneration: '20000', age: '35' }),
        FORM,
      );
      expect(ok.status).toBe(200);
      const page = await ok.text();
      expect(page).toContain('<html');
      expect(page).toContain('data-testid="result-amount">R2 115.00</p>');
      expect(page).toMatch(/<input id="paye-remuneration"[^>]*value="20000"/);
      const bad = await client.post(
        '/calculators/paye',
        form({ taxYear: '2027', period: 'monthly', remuneration: '20000', age: '' }),
        FORM,
      );
      expect(bad.status).toBe(400);
      const badPage = await bad.text();
      expect(errorOf(badPage, 'paye-age')).toBe('Age is required');
      expect(badPage).toMatch(/<input id="paye-age" aria-describedby="paye-age-hint paye-age-error" aria-invalid="true"/);
    });

    it('net pay: the payslip lines with their working', async () => {
      const html = await (
        await client.post('/calculators/payslip', form({ taxYear: '2027', period: 'monthly', remuneration: '20000', age: '35' }), HX)
      ).text();
      expect(html).toContain('Net pay per month · tax year 2026/27');
      expect(html).toContain('data-testid="result-amount">R17 707.88</p>');
      expect(html).toContain('Cost to employer R20 377.12');
      expect(text(html)).toContain('PAYE Tax year 2026/27');
      expect(html).toMatch(/data-line="uif_employee".*−R177\.12/);
      expect(html).toMatch(/data-line="sdl".*R200\.00/);
    });

    it('UIF and SDL: R30 000 → R177.12 each, SDL exempt under R500 000, assumed payable when blank', async () => {
      const exempt = await (
        await client.post(
          '/calculators/uif-sdl',
          form({ taxYear: '2027', period: 'monthly', remuneration: '30000', annualPayroll: '400000' }),
          HX,
        )
      ).text();
      expect(text(exempt)).toContain(
        'UIF per month · tax year 2026/27 R354.24 Employee and employer together Employee (1%) R177.12 Employer (1%) R177.12',
      );
      expect(text(exempt)).toContain('SDL per month R0.00 Not payable: the employer is exempt');
      expect(text(exempt)).toContain('capped at the R17 712.00 monthly ceiling');
      const payable = await (
        await client.post(
          '/calculators/uif-sdl',
          form({ taxYear: '2027', period: 'monthly', remuneration: '30000', annualPayroll: '' }),
          HX,
        )
      ).text();
      expect(text(payable)).toContain('SDL per month R300.00 Paid by the employer');
      // The same figures as the API.
      const api = await client.post('/api/payroll/uif', { remuneration: 30000 });
      expect(await api.json()).toEqual({ employee: 177.12, employer: 177.12, total: 354.24 });
    });

    it('ETI: R5 000, month 3, age 24 → R1 500.00; a bad date names the field', async () => {
      const html = await (
        await client.post(
          '/calculators/eti',
          form({ remuneration: '5000', monthOfEmployment: '3', age: '24', hoursWorked: '', date: '' }),
          HX,
        )
      ).text();
      expect(html).toContain('data-testid="result-amount">R1 500.00</p>');
      expect(html).toContain('ETI table from 1 April 2025 applies on 2026-11-21');
      const bad = await (
        await client.post('/calculators/eti', form({ remuneration: '5000', monthOfEmployment: '30', age: '24' }), HX)
      ).text();
      expect(errorOf(bad, 'eti-monthOfEmployment')).toBe('Qualifying month must be at most 24');
    });

    it('leave and notice; overtime with warnings', async () => {
      const leave = await (
        await client.post('/calculators/leave', form({ daysPerWeek: '5', monthsEmployed: '14', daysWorked: '', workerType: 'general' }), HX)
      ).text();
      expect(text(leave)).toContain('Annual leave (working days a 12-month cycle) 15 days on a 5-day week');
      expect(text(leave)).toContain('Minimum notice 4 weeks');
      expect(text(leave)).toContain('Family responsibility a year 3 days');
      const ot = await (
        await client.post(
          '/calculators/overtime',
          form({
            hourlyWage: '50',
            overtimeHours: '12',
            sundayHours: '8',
            ordinarilyWorksSunday: 'false',
            publicHolidayIsNormalWorkday: 'true',
            monthlyEarnings: '9000',
          }),
          HX,
        )
      ).text();
      expect(text(ot)).toContain('Total extra pay R1 700.00');
      expect(ot).toContain('Overtime is limited to 3 hours a day and 10 hours a week (12 hours given)');
      // The threshold is dated as the reference dates it (GN 52232: R261 748.45 from 1 April 2025), not by the tax year's first day.
      expect(text(ot)).toContain('BCEA earnings threshold from 1 April 2025: R261 748.45 a year = R21 812.37 a month');
      expect(ot).not.toContain('2026-03-01');
      // On a date before it, the figure before it, with its own date (Government Gazette 50254: from 1 April 2024).
      const earlier = await (
        await client.post(
          '/calculators/overtime',
          form({ hourlyWage: '50', overtimeHours: '2', monthlyEarnings: '9000', date: '2025-03-20' }),
          HX,
        )
      ).text();
      expect(text(earlier)).toContain('BCEA earnings threshold from 1 April 2024: R254 371.67 a year = R21 197.64 a month');
      const ph = await (await client.post('/calculators/overtime', form({ hourlyWage: '50', publicHolidayHours: '8' }), HX)).text();
      expect(errorOf(ph, 'overtime-ordinaryDailyWage')).toBe(
        'Ordinary daily wage is required when hours worked on a public holiday is given',
      );
    });

    it('refuses cross-site posts and oversized bodies', async () => {
      const cross = await client.post('/calculators/paye', form({ remuneration: '1', age: '1' }), {
        ...HX,
        origin: 'https://evil.example',
      });
      expect(cross.status).toBe(403);
      const big = await client.post('/calculators/paye', form({ remuneration: '1'.repeat(20_000), age: '1' }), HX);
      expect(big.status).toBe(413);
    });
  });
});
