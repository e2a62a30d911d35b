import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { registerTaxYear, unregisterTaxYear } from '../../../src/payroll/index';
import { taxYear2027 } from '../../../src/payroll/years/2027';
import { FIGURES, LANDING_TAX_YEAR, formatChatRand, formatWholeRand, landingFigures, percentChange } from '../../../src/ui/landing/figures';
import { LandingPage } from '../../../src/ui/landing/LandingPage';

// The landing page quotes tax figures; src/ui/landing/figures.ts reads them from the payroll engine's tables and
// calculators. These are the strings the page showed when they were typed into its copy (tax year 2026/27), so a
// change of table shows up here, and on the page.

describe('landing page figures', () => {
  it('are written for the 2026/27 tax year, and the page renders them', () => {
    expect(LANDING_TAX_YEAR).toBe(2027);
    expect(FIGURES).toEqual(landingFigures(2027));
  });

  it('give the tax year, its dates and the updates banner as typed before', () => {
    const f = landingFigures(2027);
    expect(f.taxYear).toBe('2027');
    expect(f.label).toBe('2026/27');
    expect(f.start).toBe('1 March 2026');
    expect(f.end).toBe('28 February 2027');
    expect(f.bracketAdjustment).toBe('3.4%');
    expect(f.bracketsLastAdjusted).toBe('2024');
    expect(f.taxThresholdUnder65).toBe('R99 000');
    expect(f.taxThresholdUnder65Monthly).toBe('R8 250');
    expect(f.primaryRebate).toBe('R17 820');
    expect(f.medicalCreditMain).toBe('R376');
    expect(f.medicalCreditAdditional).toBe('R254');
    expect(f.retirementCapBefore).toBe('R350 000');
    expect(f.retirementCap).toBe('R430 000');
    expect(f.minimumWageHourly).toBe('R30.23');
    expect(f.minimumWageFrom).toBe('1 March 2026');
  });

  it('give UIF and the sample chat as typed before', () => {
    const f = landingFigures(2027);
    expect(f.uif).toEqual({
      totalRate: '2%',
      employeeRate: '1%',
      employerRate: '1%',
      ceiling: 'R17 712',
      maxEach: 'R177.12',
      maxCombined: 'R354.24',
      minHoursPerMonth: '24',
    });
    expect(f.chat).toEqual({ salary: 'R20,000', ceiling: 'R17,712', employee: 'R177.12', combined: 'R354.24' });
  });

  it('compute the worked example (R20 000 a month, age 35) with the engine, row for row as typed before', () => {
    const ex = landingFigures(2027).example;
    expect(ex.salary).toBe('R20 000');
    expect(ex.age).toBe(35);
    expect(ex.rows).toEqual([
      { label: 'Monthly salary', amount: 'R20 000.00' },
      { label: 'Annual equivalent', working: 'R20 000.00 × 12', amount: 'R240 000.00' },
      { label: 'Tax on R240 000', working: '18%, first bracket (up to R245 100)', amount: 'R43 200.00' },
      { label: 'Less primary rebate', working: 'Under 65', amount: '−R17 820.00' },
      { label: 'Annual tax', amount: 'R25 380.00', emphasis: 'total' },
      { label: 'PAYE a month', working: 'R25 380.00 ÷ 12', amount: 'R2 115.00', emphasis: 'result' },
      { label: 'UIF (employee)', working: '1% of the R17 712 ceiling', amount: 'R177.12' },
      { label: 'Net pay', working: 'R20 000.00 − R2 115.00 − R177.12', amount: 'R17 707.88', emphasis: 'result' },
    ]);
    expect(ex.uifEmployer).toBe('R177.12');
    expect(ex.sdlRate).toBe('1%');
    expect(ex.sdl).toBe('R200.00');
  });

  it('appear in the rendered page', () => {
    const html = renderToStaticMarkup(createElement(LandingPage, { signedIn: false }));
    for (const s of [
      'Updated for the 2026/27 tax year',
      'Tax brackets and rebates adjusted by about 3.4%, the first inflation adjustment since the 2024 tax year.',
      '<span class="whitespace-nowrap">R99 000</span> a year under 65 (<span class="whitespace-nowrap">R8 250</span> a month)',
      '<span class="whitespace-nowrap">R430 000</span>',
      'National minimum wage of <span class="whitespace-nowrap">R30.23</span> an hour from 1 March 2026.',
      '1 March 2026 – 28 February 2027',
      'How much UIF do I deduct for an employee earning R20,000 a month?',
      '<strong>R354.24 combined</strong>',
      'Worked example: R20 000 a month, age 35',
      'R17 707.88',
      'SDL of 1% (<span class="whitespace-nowrap">R200.00</span>)',
      'which SARS calls the 2027 year of assessment',
      'UIF uses the current ceiling of R17 712 a month.',
      'explains the R177.12 cap',
    ]) {
      expect(html.includes(s), `the page shows: ${s}`).toBe(true);
    }
  });

  it('formats whole rands, chat rands and a change in percent with the engine helpers', () => {
    expect(formatWholeRand(1_771_200)).toBe('R17 712');
    expect(formatWholeRand(17_712)).toBe('R177.12');
    expect(formatChatRand(2_000_000)).toBe('R20,000');
    expect(percentChange(23_710_000, 24_510_000)).toBe('3.4%');
    expect(percentChange(1_723_500, 1_782_000)).toBe('3.4%');
  });
});

describe('landing page figures follow the tables', () => {
  afterEach(() => unregisterTaxYear(2028));

  it('another registered year gives its own figures', () => {
    const f = landingFigures(2026);
    expect(f.label).toBe('2025/26');
    expect(f.primaryRebate).toBe('R17 235');
    expect(f.medicalCreditMain).toBe('R364');
    expect(f.retirementCap).toBe('R350 000');
    expect(f.minimumWageHourly).toBe('R28.79');
  });

  it('a changed table (made-up 2027/28) changes the rebate, threshold, UIF ceiling and worked example', () => {
    registerTaxYear({
      ...taxYear2027,
      taxYear: 2028,
      label: '2027/28',
      rebates: { ...taxYear2027.rebates, primary: 18_000 },
      uif: { ...taxYear2027.uif, ceilingMonthly: 18_000 },
      eti: [{ ...taxYear2027.eti[0], effectiveFrom: '2027-03-01' }],
      nmw: [{ ...taxYear2027.nmw[0], effectiveFrom: '2027-03-01' }],
      bceaThresholdAnnual: [{ ...taxYear2027.bceaThresholdAnnual[0], effectiveFrom: '2027-03-01' }],
    });
    const f = landingFigures(2028);
    expect(f.primaryRebate).toBe('R18 000');
    expect(f.taxThresholdUnder65).toBe('R100 000');
    expect(f.bracketAdjustment).toBe('0%');
    expect(f.uif.ceiling).toBe('R18 000');
    expect(f.uif.maxEach).toBe('R180.00');
    expect(f.chat.ceiling).toBe('R18,000');
    const paye = f.example.rows.find((r) => r.label === 'PAYE a month');
    expect(paye).toEqual({ label: 'PAYE a month', working: 'R25 200.00 ÷ 12', amount: 'R2 100.00', emphasis: 'result' });
  });
});
