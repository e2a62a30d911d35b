import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { calculateBenefits, calculatePayslip } from '../../../src/payroll/index';
import { checkPayslip, datesIn, isPayslip, parseAmount, readPayslip, type ReadPayslip } from '../../../src/payslips/index';

// Payslips made up for these tests in three layouts South African payroll systems print (tests/fixtures/payslips/).
const slip = (name: string) => readPayslip(fs.readFileSync(`tests/fixtures/payslips/${name}`, 'utf8'));

describe('reading amounts and dates', () => {
  it.each([
    ['R 25 000.00', 2500000],
    ['25,000.00', 2500000],
    ['R1 500', 150000],
    ['840.23', 84023],
    ['(150.00)', -15000],
    ['-R 12.50', -1250],
    ['R\u00a013\u00a0230.00', 1323000],
    ['6000', 600000],
  ])('%s → %i cents', (text, cents) => expect(parseAmount(text)).toBe(cents));
  it.each(['November 2026', '12 hours', '25/11/2026', '1.2.3'])('%s is not an amount', (text) => expect(parseAmount(text)).toBeNull());
  it('reads dates written the usual ways; a month alone is its last day', () => {
    expect(datesIn('Pay date: 25/11/2026')).toEqual(['2026-11-25']);
    expect(datesIn('DATE PAID: 2026/10/30')).toEqual(['2026-10-30']);
    expect(datesIn('Week ending 13 Nov 2026')).toEqual(['2026-11-13']);
    expect(datesIn('Period: February 2027')).toEqual(['2027-02-28']);
    expect(datesIn('31/02/2026')).toEqual([]);
  });
});

describe('reading three payslip layouts', () => {
  it('one column with section headings and "R" amounts', () => {
    const r = slip('a-one-column.txt');
    expect(r).toMatchObject({
      payDate: '2026-11-25',
      period: 'monthly',
      periodAssumed: true,
      grossCents: 2950000,
      totalDeductionsCents: 743370,
      netCents: 2206630,
      unread: [],
    });
    expect(r.earnings.map((e) => [e.kind, e.cents])).toEqual([
      ['basic', 2500000],
      ['overtime', 150000],
      ['travel', 300000],
    ]);
    expect(r.deductions.map((e) => [e.kind, e.cents])).toEqual([
      ['paye', 328158],
      ['uif', 17712],
      ['medical', 210000],
      ['retirement', 187500],
    ]);
    expect(r.employer.map((e) => [e.kind, e.cents])).toEqual([
      ['uif', 17712],
      ['sdl', 26500],
    ]);
  });
  it('earnings and deductions side by side with year-to-date columns: the current amounts, never the YTD', () => {
    const r = slip('b-two-columns-ytd.txt');
    expect(r).toMatchObject({
      payDate: '2026-10-30',
      period: 'monthly',
      periodAssumed: false,
      grossCents: 4300000,
      totalDeductionsCents: 899475,
      netCents: 3400525,
    });
    expect(r.earnings.map((e) => [e.kind, e.cents])).toEqual([
      ['basic', 3800000],
      ['commission', 500000],
    ]);
    expect(r.deductions.map((e) => [e.kind, e.cents])).toEqual([
      ['paye', 861475],
      ['uif', 38000],
    ]);
    expect(r.employer.map((e) => [e.kind, e.cents])).toEqual([
      ['uif', 38000],
      ['sdl', 43000],
    ]);
  });
  it('a weekly slip in bars with hours and rate columns: the amount column', () => {
    const r = slip('c-weekly-pipes.txt');
    expect(r).toMatchObject({ payDate: '2026-11-13', period: 'weekly', grossCents: 600000, netCents: 391890 });
    expect(r.earnings).toEqual([{ label: 'Normal time', kind: 'basic', cents: 600000 }]);
    expect(r.deductions.map((e) => e.kind)).toEqual(['paye', 'uif', 'medical']);
    expect(r.employer.map((e) => [e.kind, e.cents])).toEqual([
      ['uif', 4087],
      ['sdl', 6000],
    ]);
  });
  it('"Label: R amount" lines; reference numbers and tax numbers are not pay', () => {
    const r = readPayslip(
      'Payment date: 2026-08-31\nTax number: 0123456789\nPAYE ref 7000123456\nBasic salary: R12 000.00\nPAYE: R 1 097.33\nUIF: R120.00\nNet salary: R10 782.67',
    );
    expect(r.earnings).toEqual([{ label: 'Basic salary', kind: 'basic', cents: 1200000 }]);
    expect(r.deductions.map((d) => [d.kind, d.cents])).toEqual([
      ['paye', 109733],
      ['uif', 12000],
    ]);
    expect(r.netCents).toBe(1078267);
  });
});

describe('what is not a payslip, or not said on it', () => {
  it('a pay date the slip does not name is taken from its period and marked as assumed', () => {
    const r = readPayslip(fs.readFileSync('tests/fixtures/payslips/a-one-column.txt', 'utf8').replace(/\s+Pay date: 25\/11\/2026/, ''));
    expect(r).toMatchObject({ payDate: '2026-11-30', payDateAssumed: true });
    expect(checkPayslip(r, { medicalMembers: 2 }).assumptions[0]).toBe(
      'Tax year 2026/27, from the pay date 2026-11-30 (assumed: the slip does not name its pay date; check it)',
    );
    expect(slip('a-one-column.txt').payDateAssumed).toBe(false);
  });
  it("annual, year-to-date and base figures are not read as this period's pay or deductions", () => {
    const r = readPayslip(
      'Pay date: 2026-11-25\nRemuneration   R 28 500.00\nPAYE remuneration   R 28 500.00\nAnnual tax   R 51 492.00\nPAYE   R 4 291.00\nPAYE YTD   R 38 619.00\nNet pay   R 23 924.00',
    );
    expect(r.deductions).toEqual([{ label: 'PAYE', kind: 'paye', cents: 429100 }]);
  });
  it('a document with no PAYE, UIF or net pay is refused as not a payslip', () => {
    const r = readPayslip('UIF calculation, 27 November 2026\nEarnings\nEmployee   R 177.12\nEmployer   R 177.12\nTotal   R 354.24');
    expect(r.earnings.length).toBeGreaterThan(0);
    expect(() => checkPayslip(r)).toThrow(/does not look like a payslip/);
    expect(isPayslip(r)).toBe(false);
  });
  it('a question that names pay and deductions in a sentence is not a payslip; the slips and a short pasted one are', () => {
    for (const q of [
      'PAYE on R28 500 a month, UIF R177.12 and net pay R24 000, is that right for a 35 year old?',
      'My payslip shows basic salary R20 000, PAYE R2 500 and UIF R200, net R17 300. Is that right?',
      'How much PAYE on R28 500 a month for a 67-year-old with medical aid for 3 people?',
    ])
      expect(isPayslip(readPayslip(q))).toBe(false);
    for (const f of ['a-one-column.txt', 'b-two-columns-ytd.txt', 'c-weekly-pipes.txt']) expect(isPayslip(slip(f))).toBe(true);
    expect(
      isPayslip(
        readPayslip('check this please\nBasic salary: R25 000\nPAYE: R3 400\nUIF: R177.12\nNet pay: R21 422.88\nPaid 25 November 2026'),
      ),
    ).toBe(true);
  });
});

describe('checking a payslip against the engine', () => {
  it("last year's tables: PAYE differs by the amount, and the reason names the tax years", () => {
    const check = checkPayslip(slip('a-one-column.txt'), { medicalMembers: 2 });
    const benefits = calculateBenefits({ taxYear: 2027, period: 'monthly', travelAllowanceCents: 300000 });
    const engine = calculatePayslip({
      taxYear: 2027,
      period: 'monthly',
      remunerationCents: 2650000,
      age: 35,
      medicalMembers: 2,
      retirementContributionsCents: 187500,
      benefits,
    });
    expect(check.taxYear).toBe(2027);
    expect(check.findings).toHaveLength(1);
    expect(check.findings[0]).toMatchObject({ item: 'paye', shown: 3281.58, expected: engine.payeCents / 100, difference: 126.08 });
    expect(check.findings[0].reason).toBe('the 2025/26 tax tables were used; the pay date falls in 2026/27');
    expect(check.checked.filter((c) => c.matches).map((c) => c.item)).toEqual(['gross', 'uif', 'sdl', 'deductions', 'net']);
  });
  it('UIF above the ceiling', () => {
    const [f] = checkPayslip(slip('b-two-columns-ytd.txt')).findings;
    expect(f).toMatchObject({
      item: 'uif',
      shown: 380,
      expected: 177.12,
      difference: 202.88,
      reason: 'UIF was charged on the full pay, above the ceiling',
    });
    expect(f.working.join(' ')).toContain('R17 712.00');
  });
  it('a missing medical credit, once the form says who is on the scheme; matching without it otherwise', () => {
    expect(checkPayslip(slip('c-weekly-pipes.txt'), { medicalMembers: 1 }).findings).toEqual([
      expect.objectContaining({
        item: 'paye',
        shown: 840.23,
        expected: 753.46,
        difference: 86.77,
        reason: 'the medical scheme fees tax credit was not given',
      }),
    ]);
    expect(checkPayslip(slip('c-weekly-pipes.txt')).findings).toEqual([]);
  });
  it('a travel allowance taxed at 100 %', () => {
    const read: ReadPayslip = { ...slip('a-one-column.txt') };
    read.deductions = read.deductions.map((d) => (d.kind === 'paye' ? { ...d, cents: 331150 } : d));
    read.totalDeductionsCents = null;
    read.netCents = null;
    const [f] = checkPayslip(read, { medicalMembers: 2 }).findings;
    expect(f).toMatchObject({ item: 'paye', shown: 3311.5, expected: 3155.5, difference: 156 });
    expect(f.reason).toMatch(/^the travel allowance was taxed at 100 %/);
  });
  it('totals that do not add up are findings; an unexplained PAYE says what to look at', () => {
    const read = slip('a-one-column.txt');
    read.netCents = 2206000;
    read.deductions[0].cents = 300000;
    const check = checkPayslip(read, { medicalMembers: 2 });
    expect(check.findings.map((f) => f.item)).toEqual(['paye', 'deductions', 'net']);
    expect(check.findings[0].reason).toMatch(/^none of the usual causes/);
  });
  it('says what it could not know and refuses what it cannot check', () => {
    expect(checkPayslip(slip('b-two-columns-ytd.txt')).assumptions).toContain(
      'Under 65 (assumed: the age is not on the slip; 65 and 75 get higher rebates)',
    );
    expect(checkPayslip(slip('b-two-columns-ytd.txt'), { age: 67 }).assumptions).toContain('Age 67');
    expect(() => checkPayslip({ ...slip('a-one-column.txt'), payDate: null })).toThrow(/pay date could not be read/);
    expect(() => checkPayslip({ ...slip('a-one-column.txt'), payDate: '2019-05-25' })).toThrow(/2019\/20 tax year/);
    expect(() => checkPayslip({ ...slip('a-one-column.txt'), earnings: [] })).toThrow(/no earnings/);
  });
});
