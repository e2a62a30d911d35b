import { beforeAll, describe, expect, it } from 'vitest';
import { registerUser, type TestClient, useTestApp } from '../../helpers/app';
import { dbKinds } from '../../helpers/db';

// The calculators page for issue 23: new tabs that work without JavaScript (a plain form post renders the whole
// page), a link from an article with its example pre-filled, the allowances on PAYE, and "compare with".
const TODAY = new Date('2026-11-25T10:00:00+02:00');
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const text = (html: string) =>
  html
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();

describe.each(dbKinds)('calculators for terminations, bonuses and payrolls on %s', (kind) => {
  let client: TestClient;
  const t = useTestApp(kind, {}, { clock: () => TODAY });
  beforeAll(async () => {
    client = (await registerUser(t)).client;
  });

  it('shows a retrenchment from an article link, pre-filled, with its working', async () => {
    const res = await client.get(
      '/calculators?tab=termination&remuneration=28000&employerContributions=3500&serviceYears=7&serviceMonths=10&reason=retrenchment&age=45',
    );
    expect(res.status).toBe(200);
    const page = text(await res.text());
    expect(page).toContain('Final pay on termination');
    expect(page).toContain('Severance (7 years) R50 884.62');
    expect(page).toContain('tax directive (IRP3(a))');
  });

  it('works without JavaScript: a bonus posted as a plain form renders the tax on the bonus', async () => {
    const res = await client.post('/calculators/bonus', form({ taxYear: '2027', remuneration: '30000', bonus: '30000', age: '40' }), FORM);
    expect(res.status).toBe(200);
    const page = text(await res.text());
    expect(page).toContain('Tax on the bonus · tax year 2026/27 R8 145.00');
    expect(page).toContain('The month’s total PAYE R12 826.00');
  });

  it('adds up a pasted payroll with its EMP201 date, and names a bad row', async () => {
    const ok = await client.post(
      '/calculators/payroll-run',
      form({ month: '2026-10', employees: 'Thandi, 6000, 24, 3\nSipho, 8000, 31\nAnna, 25000, 45\nBen, 40000, 52\nCara, 12000, 22, 14' }),
      FORM,
    );
    const page = text(await ok.text());
    expect(page).toContain('EMP201 for October 2026 R12 754.23 due 6 November 2026');
    const bad = await client.post('/calculators/payroll-run', form({ month: '2026-10', employees: 'Thandi, 6000, 300' }), FORM);
    expect(bad.status).toBe(400);
    expect(text(await bad.text())).toContain('age must be at most 130 years');
  });

  it('takes a car allowance on PAYE and compares the year with another', async () => {
    const res = await client.post(
      '/calculators/paye',
      form({ taxYear: '2027', period: 'monthly', remuneration: '30000', travelAllowance: '5000', age: '45', compareWith: '2026' }),
      FORM,
    );
    const page = text(await res.text());
    expect(page).toContain('R5 824.75');
    expect(page).toContain('2026/27 compared with 2025/26');
  });

  it('shows leave accrued to a date', async () => {
    const res = await client.post(
      '/calculators/leave-accrual',
      form({ months: '7', daysWorked: '152', remuneration: '18000', daysPerWeek: '5' }),
      FORM,
    );
    const page = text(await res.text());
    expect(page).toContain('Annual leave available 8.94 days');
    // Leave is counted in days everywhere on the card, the headline's line too.
    expect(page).toMatch(/8\.94 days \d+(\.\d+)? days earned in 7 months/);
  });
});
