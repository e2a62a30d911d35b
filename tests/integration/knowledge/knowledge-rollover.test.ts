// The February-to-March routine of src/payroll/README.md, end to end, with a made-up 2027/28 table that exists only
// in this test: adding the year queues every article quoting figures; an admin prepares and schedules or re-verifies
// each; on 1 March (by the date, no deploy) the calculators, the assistant and the scheduled articles switch over.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerTaxYear, unregisterTaxYear } from '../../../src/payroll';
import { taxYear2027 } from '../../../src/payroll/years/2027';
import type { TaxYearDef } from '../../../src/payroll/types';
import { loadKnowledgeContent } from '../../../src/knowledge/seed';
import { createTestApp, makeAdmin, registerUser, type TestApp, type TestClient } from '../../helpers/app';
import { dbKinds } from '../../helpers/db';

// Made up: the 2026/27 tables with a primary rebate of R18 500, dated from 1 March 2027. Not a real figure.
const MADE_UP_2028: TaxYearDef = {
  ...taxYear2027,
  taxYear: 2028,
  label: '2027/28',
  rebates: { ...taxYear2027.rebates, primary: 18_500 },
  eti: taxYear2027.eti.map((e) => ({ ...e, effectiveFrom: '2027-03-01' })),
  nmw: taxYear2027.nmw.map((e) => ({ ...e, effectiveFrom: '2027-03-01' })),
  bceaThresholdAnnual: taxYear2027.bceaThresholdAnnual.map((e) => ({ ...e, effectiveFrom: '2027-03-01' })),
};

const shipped = loadKnowledgeContent(path.resolve('db/knowledge'));
const UIF_CEILING = shipped.items.find((i) => i.file === 'uif/uif-contribution-ceiling.md')!;
const REBATES = shipped.items.find((i) => i.file === 'tax/tax-rebates-and-thresholds-2026-27.md')!;
const TRAVEL = shipped.items.find((i) => i.file === 'benefits/travel-allowance-and-reimbursive-rate.md')!;
const NOT_COVERED = 'Quotes tax-year figures but does not cover 2027/28, the newest tax year';
// 23:59 on 28 February and 00:00 on 1 March 2027, South African time.
const LAST_MINUTE = new Date('2027-02-28T21:59:00Z');
const FIRST_MINUTE = new Date('2027-02-28T22:00:00Z');

describe.each(dbKinds)('the tax-year roll-over on %s', (kind) => {
  let t: TestApp;
  let admin: TestClient;
  let reader: TestClient;
  let now = new Date('2027-02-10T08:00:00Z');

  beforeAll(async () => {
    t = await createTestApp(kind, {}, { clock: () => now });
    const a = await registerUser(t);
    await makeAdmin(t, a.user.id);
    admin = a.client;
    reader = (await registerUser(t)).client;
  });
  afterAll(async () => {
    unregisterTaxYear(2028);
    await t?.close();
  });

  const queue = async () =>
    (await (await admin.get('/api/knowledge/review')).json()) as {
      latestTaxYear: string;
      currentTaxYear: string;
      items: { id: string; reasons: string[] }[];
    };
  const threshold = async () => (await (await reader.post('/api/payroll/tax-threshold', {})).json()) as { taxYear: number };

  it('runs from the Budget in February to the new year on 1 March', async () => {
    // Before the Budget: nothing about 2027/28 is queued.
    const before = await queue();
    expect(before.latestTaxYear).toBe('2026/27');
    expect(before.items.filter((i) => i.reasons.includes(NOT_COVERED))).toEqual([]);

    // February: the new tables are added; every shipped article that quotes figures joins the queue.
    registerTaxYear(MADE_UP_2028);
    const queued = await queue();
    expect(queued.latestTaxYear).toBe('2027/28');
    expect(queued.currentTaxYear).toBe('2026/27');
    const figureArticles = shipped.items.filter((i) => i.quotesFigures).map((i) => i.id);
    expect(figureArticles.length).toBeGreaterThan(20);
    expect(
      queued.items
        .filter((i) => i.reasons.includes(NOT_COVERED))
        .map((i) => i.id)
        .sort(),
    ).toEqual([...figureArticles].sort());

    // An article whose figures change: an edit prepared for 1 March, scheduled, leaves the queue; readers still see today's.
    const staged = await admin.patch(`/api/knowledge/items/${REBATES.id}`, {
      content: `${REBATES.content}\n\nFor 2027/28 the primary rebate is R18 500.`,
      taxYears: ['2027/28'],
      stage: true,
      publishAt: '2027-03-01T00:00:00+02:00',
      changeNote: '2027 Budget',
    });
    expect(staged.status).toBe(200);
    // An article whose figures hold: re-verified for the new year, it leaves the queue too.
    expect(
      (await admin.post(`/api/knowledge/items/${UIF_CEILING.id}/verify`, { taxYears: [...UIF_CEILING.taxYears, '2027/28'] })).status,
    ).toBe(200);
    const left = (await queue()).items.filter((i) => i.reasons.includes(NOT_COVERED)).map((i) => i.id);
    expect(left).not.toContain(REBATES.id);
    expect(left).not.toContain(UIF_CEILING.id);
    expect(left).toContain(TRAVEL.id);
    expect((await (await reader.get(`/api/knowledge/item/${REBATES.id}`)).json()).content).toBe(REBATES.content);

    // The last minute of February: still 2026/27 everywhere.
    now = LAST_MINUTE;
    expect((await threshold()).taxYear).toBe(2027);
    expect(await t.services.knowledge.publishDue()).toBe(0);

    // The first minute of March, with no deploy: the calculators take the new table, the scheduled edit goes live,
    // and an article left for 2026/27 tells readers it is for an earlier year.
    now = FIRST_MINUTE;
    expect((await threshold()).taxYear).toBe(2028);
    // R18 500 less than before in a year's tax: R100 000 a year at age 40 pays (R18 000 − R18 500) → nothing.
    const paye = await (await reader.post('/api/payroll/paye', { remuneration: 100000, period: 'annual', age: 40 })).json();
    expect(paye.taxYear).toBe(2028);
    expect(await t.services.knowledge.publishDue()).toBe(1);
    const rebates = await (await reader.get(`/knowledge/article/${REBATES.id}`)).text();
    expect(rebates).toContain('For 2027/28 the primary rebate is R18 500.');
    expect(rebates).toContain('Applies to 2027/28');
    const travel = await (await reader.get(`/knowledge/article/${TRAVEL.id}`)).text();
    expect(travel).toContain('This article is for 2025/26 and 2026/27, an earlier tax year than the current one (2027/28).');
    expect((await queue()).currentTaxYear).toBe('2027/28');

    // The assistant computes with the new year's table too: its PAYE is the calculator's, R18 500 rebate and all.
    const monthly = await (await reader.post('/api/payroll/paye', { remuneration: 30000, period: 'monthly', age: 40 })).json();
    expect(monthly).toMatchObject({ taxYear: 2028, rebate: 18500 });
    const chat = await (
      await reader.post('/api/chat', { message: 'How much PAYE on R30 000 a month? The employee is 40.', newConversation: true })
    ).json();
    expect(chat.response).toContain('tax year 2027/28');
    expect(chat.response).toContain('primary R18 500.00');
    const [rands, cents] = monthly.paye.toFixed(2).split('.');
    expect(chat.response).toContain(`PAYE: R${rands.replace(/\B(?=(\d{3})+$)/g, ' ')}.${cents} per month`);
  });
});
