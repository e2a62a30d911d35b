/** Engine unit tests: tax years and dates, periods, bonus, ETI table switch, UIF/SDL rules, BCEA, NMW, data integrity, speed. */
import { describe, expect, it } from 'vitest';
import {
  PayrollError,
  TAX_YEAR_DEFINITIONS,
  ageAtEndOfTaxYear,
  annualLeaveByDaysWorked,
  bceaThresholdForDate,
  calculateAnnualTax,
  calculateEti,
  calculatePaye,
  calculateSdl,
  calculateUif,
  compileTaxYear,
  etiTableForDate,
  explainPaye,
  familyResponsibilityDays,
  formatPercent,
  formatRand,
  getTaxYear,
  isoDateFromDate,
  medicalCredit,
  nmwForDate,
  noticePeriodWeeks,
  publicHolidayPayCents,
  sickLeaveFirstSixMonths,
  sundayPayCents,
  supportedTaxYears,
  taxYearEnd,
  taxYearForDate,
  taxYearForIsoDate,
  type TaxYearDef,
} from '../../../src/payroll/index.js';

const R = (rands: number) => Math.round(rands * 100);

describe('taxYearForDate / supportedTaxYears', () => {
  it('1 March starts a new tax year', () => {
    expect(taxYearForDate(new Date('2026-02-28'))).toBe(2026);
    expect(taxYearForDate(new Date('2026-03-01'))).toBe(2027);
    expect(taxYearForDate(new Date('2026-11-21'))).toBe(2027);
    expect(taxYearForDate(new Date('2027-02-28'))).toBe(2027);
    expect(taxYearForDate(new Date('2027-03-01'))).toBe(2028);
    expect(taxYearForDate(new Date('2024-02-29'))).toBe(2024);
    expect(taxYearForIsoDate('2025-03-01')).toBe(2026);
  });

  it('reads Date objects as South African (UTC+2) calendar dates', () => {
    expect(taxYearForDate(new Date('2026-02-28T21:59:00Z'))).toBe(2026); // 23:59 SAST, 28 Feb
    expect(taxYearForDate(new Date('2026-02-28T22:00:00Z'))).toBe(2027); // 00:00 SAST, 1 Mar
    expect(isoDateFromDate(new Date('2026-11-21T00:00:00+02:00'))).toBe('2026-11-21');
  });

  it('rejects an invalid Date with a PayrollError', () => {
    expect(() => taxYearForDate(new Date('nonsense'))).toThrow(PayrollError);
  });

  it('lists the supported tax years (a copy)', () => {
    expect(supportedTaxYears()).toEqual([2024, 2025, 2026, 2027]);
    supportedTaxYears().push(1999);
    expect(supportedTaxYears()).toEqual([2024, 2025, 2026, 2027]);
  });

  it('knows the last day of each tax year and the age on it', () => {
    expect(taxYearEnd(2027)).toBe('2027-02-28');
    expect(taxYearEnd(2024)).toBe('2024-02-29');
    expect(taxYearEnd(2028)).toBe('2028-02-29');
    expect(ageAtEndOfTaxYear('1962-03-01', 2027)).toBe(64); // turns 65 the day after the year ends
    expect(ageAtEndOfTaxYear('1962-02-28', 2027)).toBe(65);
  });

  it('throws a PayrollError naming taxYear for an unknown year', () => {
    try {
      getTaxYear(2031);
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(PayrollError);
      expect((e as PayrollError).field).toBe('taxYear');
      expect((e as Error).message).toMatch(/taxYear 2031 is not supported/);
    }
  });
});

describe('tax-year data', () => {
  it('uses the facts-sheet figures', () => {
    const y27 = getTaxYear(2027);
    expect(y27.rebates).toEqual({ primaryCents: R(17_820), secondaryCents: R(9_765), tertiaryCents: R(3_249) });
    expect(y27.medicalCredits).toEqual({ firstCents: R(376), secondCents: R(376), additionalCents: R(254) });
    expect(y27.retirementCapCents).toBe(R(430_000));
    expect(y27.bracketLowerCents.at(-1)).toBe(R(1_878_600));
    for (const ty of [2024, 2025, 2026]) {
      const y = getTaxYear(ty);
      expect(y.rebates.primaryCents).toBe(R(17_235));
      expect(y.retirementCapCents).toBe(R(350_000));
      expect(y.medicalCredits.firstCents).toBe(R(364));
      expect(y.bracketBaseCents.at(-1)).toBe(R(644_489));
    }
    for (const ty of supportedTaxYears()) {
      const y = getTaxYear(ty);
      expect(y.uif.ceilingMonthlyCents).toBe(R(17_712));
      expect(y.uif.ceilingAnnualCents).toBe(R(212_544));
      expect(y.sdl).toEqual({ rateBp: 100, exemptionThresholdCents: R(500_000) });
      expect(Math.max(...y.bracketRateBp)).toBe(4500);
    }
  });

  it('thresholds follow from the rebates (none hard-coded)', () => {
    const tax = (ty: number, annual: number, age: number) =>
      calculateAnnualTax({ taxYear: ty, annualRemunerationCents: R(annual), age }).annualTaxCents;
    // 2027: R99 000, R153 250, R171 300
    expect(tax(2027, 99_000, 35)).toBe(0);
    expect(tax(2027, 99_001, 35)).toBe(18);
    expect(tax(2027, 153_250, 65)).toBe(0);
    expect(tax(2027, 153_251, 65)).toBe(18);
    expect(tax(2027, 171_300, 75)).toBe(0);
    expect(tax(2027, 171_301, 75)).toBe(18);
    // 2026: R95 750 exactly; the 65+ thresholds are rounded in SARS's table.
    expect(tax(2026, 95_750, 35)).toBe(0);
    expect(tax(2026, 148_216, 65)).toBe(0);
    expect(tax(2026, 165_688, 75)).toBe(0);
    expect(tax(2026, 165_689, 75)).toBe(2); // the published R165 689 is rounded from R165 688.89
  });

  it('rebates by age on the last day of the tax year', () => {
    const rebate = (age: number) => calculateAnnualTax({ taxYear: 2027, annualRemunerationCents: 0, age }).rebatesCents;
    expect(rebate(64)).toBe(R(17_820));
    expect(rebate(65)).toBe(R(27_585));
    expect(rebate(74)).toBe(R(27_585));
    expect(rebate(75)).toBe(R(30_834));
  });

  it('medical credits: 1st and 2nd person at the main rate, further people at the lower rate', () => {
    expect([0, 1, 2, 3, 4, 5].map((m) => medicalCredit(2027, m).monthlyCents / 100)).toEqual([0, 376, 752, 1006, 1260, 1514]);
    expect(medicalCredit(2027, 4).annualCents).toBe(R(15_120)); // facts: family of four, R15 120 a year
    expect(medicalCredit(2026, 4).annualCents).toBe(R(14_640));
  });

  it('retirement deduction: lesser of contributions, 27.5% and the cap (R350 000 to 2026, R430 000 from 2027)', () => {
    const p = { period: 'monthly' as const, remunerationCents: R(200_000), age: 40, retirementContributionsCents: R(40_000) };
    expect(calculatePaye({ ...p, taxYear: 2026 }).retirementDeductionCents).toBe(R(350_000));
    expect(calculatePaye({ ...p, taxYear: 2027 }).retirementDeductionCents).toBe(R(430_000));
    expect(calculatePaye({ ...p, taxYear: 2027, retirementContributionsCents: R(1_000) }).retirementDeductionCents).toBe(R(12_000));
    // 27.5% of R10 000.01 × 12 = R33 000.033 → floored to R33 000.03
    expect(
      calculatePaye({ ...p, taxYear: 2027, remunerationCents: 1_000_001, retirementContributionsCents: R(9_000) }).retirementDeductionCents,
    ).toBe(3_300_003);
  });

  it('every registered year compiles and its bracket base amounts chain exactly', () => {
    for (const def of TAX_YEAR_DEFINITIONS) expect(() => compileTaxYear(def)).not.toThrow();
  });

  it('rejects inconsistent data (e.g. the RSM R1 817 000 top threshold with the 2027 base)', () => {
    const y27 = TAX_YEAR_DEFINITIONS.find((d) => d.taxYear === 2027) as TaxYearDef;
    const bad: TaxYearDef = {
      ...y27,
      brackets: y27.brackets.map((b, i) => (i === y27.brackets.length - 1 ? { ...b, lowerLimit: 1_817_000 } : b)),
    };
    expect(() => compileTaxYear(bad)).toThrow(/does not chain/);
  });

  it('a new tax year is data only: a 2028 definition compiles', () => {
    const y27 = TAX_YEAR_DEFINITIONS.find((d) => d.taxYear === 2027) as TaxYearDef;
    const y28: TaxYearDef = {
      ...y27,
      taxYear: 2028,
      label: '2027/28',
      eti: y27.eti.map((e) => ({ ...e, effectiveFrom: '2027-03-01' })),
      nmw: y27.nmw.map((e) => ({ ...e, effectiveFrom: '2027-03-01' })),
      bceaThresholdAnnual: y27.bceaThresholdAnnual.map((e) => ({ ...e, effectiveFrom: '2027-03-01' })),
    };
    const c = compileTaxYear(y28);
    expect(c.endDate).toBe('2028-02-29');
    expect(c.startDate).toBe('2027-03-01');
  });
});

describe('PAYE periods and bonus', () => {
  it('fortnightly and weekly annualise by 26 and 52', () => {
    // R10 000 a fortnight = R5 000 a week = R260 000 a year; 2027 tax after rebates R30 172.
    const f = calculatePaye({ taxYear: 2027, period: 'fortnightly', remunerationCents: R(10_000), age: 35 });
    expect(f.annualEquivalentCents).toBe(R(260_000));
    expect(f.taxAfterRebatesCents).toBe(R(30_172));
    expect(f.payeCents).toBe(R(1_160.46));
    const w = calculatePaye({ taxYear: 2027, period: 'weekly', remunerationCents: R(5_000), age: 35 });
    expect(w.payeCents).toBe(R(580.23));
    const wm = calculatePaye({ taxYear: 2027, period: 'weekly', remunerationCents: R(5_000), age: 35, medicalMembers: 1 });
    expect(wm.medicalCreditPerPeriodCents).toBe(R(86.77)); // 376 × 12 / 52
    expect(wm.payeCents).toBe(R(493.46)); // (30 172 − 4 512) / 52
    const a = calculatePaye({ taxYear: 2027, period: 'annual', remunerationCents: R(260_000), age: 35 });
    expect(a.payeCents).toBe(R(30_172));
  });

  it('bonus PAYE by the difference method', () => {
    // R20 000 a month: annual equivalent R240 000 → tax after rebates R25 380.
    // + R10 000 bonus: R250 000 → 44 118 + 26% × 4 900 − 17 820 = R27 572 → bonus tax R2 192.
    const r = calculatePaye({ taxYear: 2027, period: 'monthly', remunerationCents: R(20_000), age: 35, bonusCents: R(10_000) });
    expect(r.regularPayeCents).toBe(R(2_115));
    expect(r.bonusTaxAfterRebatesCents).toBe(R(27_572));
    expect(r.bonusPayeCents).toBe(R(2_192));
    expect(r.payeCents).toBe(R(4_307));
    expect(r.annualTaxCents).toBe(R(25_380)); // annual tax excludes the bonus
    const w = explainPaye(r);
    expect(w.some((l) => l.includes('difference method'))).toBe(true);
    expect(w.at(-1)).toBe('PAYE this period: R2 115.00 regular + R2 192.00 on the bonus = R4 307.00');
  });

  it('bonus: the rebate absorbs tax below the threshold; medical credit offsets the whole period', () => {
    // R5 000 a month (below threshold) + R50 000 bonus: taxable R110 000 → 19 800 − 17 820 = R1 980.
    const r = calculatePaye({ taxYear: 2027, period: 'monthly', remunerationCents: R(5_000), age: 35, bonusCents: R(50_000) });
    expect(r.regularPayeCents).toBe(0);
    expect(r.payeCents).toBe(R(1_980));
    // With a R376 credit: 1 980 − 376 = R1 604.
    const m = calculatePaye({
      taxYear: 2027,
      period: 'monthly',
      remunerationCents: R(5_000),
      age: 35,
      bonusCents: R(50_000),
      medicalMembers: 1,
    });
    expect(m.payeCents).toBe(R(1_604));
  });

  it('working text shows the annualisation', () => {
    const r = calculatePaye({ taxYear: 2027, period: 'monthly', remunerationCents: R(20_000), age: 35 });
    const w = explainPaye(r);
    expect(w).toContain('R20 000.00 × 12 = R240 000.00 annual equivalent');
    expect(w).toContain('Tax per the 2026/27 table: 18% × R240 000.00 = R43 200.00');
    expect(w).toContain('Monthly PAYE: R25 380.00 / 12 = R2 115.00');
  });
});

describe('UIF', () => {
  it('pro-rates the ceiling for weekly and fortnightly pay', () => {
    expect(calculateUif({ taxYear: 2027, period: 'weekly', remunerationCents: R(5_000) }).employeeCents).toBe(R(40.87));
    expect(calculateUif({ taxYear: 2027, period: 'fortnightly', remunerationCents: R(10_000) }).employeeCents).toBe(R(81.75));
    const annual = calculateUif({ taxYear: 2027, period: 'annual', remunerationCents: R(300_000) });
    expect(annual.employeeCents).toBe(R(2_125.44));
    expect(annual.working).toContain('UIF remuneration R300 000.00, capped at the R212 544.00 annual ceiling');
    expect(calculateUif({ taxYear: 2027, period: 'weekly', remunerationCents: R(3_000) }).employeeCents).toBe(R(30));
    expect(calculateUif({ taxYear: 2027, period: 'annual', remunerationCents: R(500_000) }).employeeCents).toBe(R(2_125.44));
  });

  it('applies the exclusions', () => {
    const base = { taxYear: 2027, remunerationCents: R(3_000) };
    expect(calculateUif({ ...base, hoursPerMonth: 23.5 }).totalCents).toBe(0);
    expect(calculateUif({ ...base, hoursPerMonth: 24 }).employeeCents).toBe(R(30));
    expect(calculateUif({ ...base, excludedCategory: 'public_servant' }).excluded).toBe(true);
    expect(calculateUif({ ...base, excludedCategory: 'office_bearer' }).totalCents).toBe(0);
    // Repealed from 1 March 2018: a foreign national on a contract contributes like anyone else.
    expect(() => calculateUif({ ...base, excludedCategory: 'foreign_contract_worker' as never })).toThrow(/excludedCategory/);
    expect(calculateUif({ ...base, applicable: false }).totalCents).toBe(0);
    const c = calculateUif({ ...base, commissionCents: R(8_000) });
    expect(c.employeeCents).toBe(R(30));
    expect(c.working[0]).toMatch(/Commission R8 000.00 is excluded/);
  });
});

describe('SDL', () => {
  it('exempt when annual payroll is not more than R500 000', () => {
    expect(calculateSdl({ taxYear: 2027, remunerationCents: R(40_000), annualPayrollCents: R(500_000) })).toMatchObject({
      sdlCents: 0,
      exempt: true,
    });
    expect(calculateSdl({ taxYear: 2027, remunerationCents: R(40_000), annualPayrollCents: R(500_000.01) })).toMatchObject({
      sdlCents: R(400),
      exempt: false,
    });
    expect(calculateSdl({ taxYear: 2027, remunerationCents: R(40_000), exemptEmployer: true }).sdlCents).toBe(0);
    expect(calculateSdl({ taxYear: 2027, remunerationCents: R(12_345.67) }).sdlCents).toBe(R(123.46));
  });
});

describe('ETI', () => {
  const base = { remunerationCents: R(5_000), hoursWorked: 160, monthOfEmployment: 1, age: 22 };

  it('switches table on 1 April 2025', () => {
    expect(etiTableForDate('2025-03-31').name).toMatch(/2022/);
    expect(etiTableForDate('2025-04-01').name).toMatch(/April 2025/);
    // R5 000: taper band in the old table (1 500 − 0.75 × 500), flat band in the new one.
    expect(calculateEti({ ...base, date: '2025-03-31' }).etiCents).toBe(R(1_125));
    expect(calculateEti({ ...base, date: '2025-04-01' }).etiCents).toBe(R(1_500));
    // R6 500: nil in the old table, 1 500 − 0.75 × 1 000 in the new.
    expect(calculateEti({ ...base, remunerationCents: R(6_500), date: '2025-03-31' }).etiCents).toBe(0);
    expect(calculateEti({ ...base, remunerationCents: R(6_500), date: '2025-04-01' }).etiCents).toBe(R(750));
    // R2 000 (learnership measure): flat R1 500 in the old table, 60% in the new.
    const m = { ...base, remunerationCents: R(2_000), wageRegulatingMeasureBelowNmw: true };
    expect(calculateEti({ ...m, date: '2025-03-31' }).etiCents).toBe(R(1_500));
    expect(calculateEti({ ...m, date: '2025-04-01' }).etiCents).toBe(R(1_200));
    // Old table, second year percentage band: 37.5%.
    expect(calculateEti({ ...m, remunerationCents: R(1_000), monthOfEmployment: 13, date: '2024-06-01' }).etiCents).toBe(R(375));
  });

  it('age rule 18–29 with the special economic zone option', () => {
    const d = { ...base, date: '2026-11-21' };
    expect(calculateEti({ ...d, age: 17 }).etiCents).toBe(0);
    expect(calculateEti({ ...d, age: 18 }).etiCents).toBe(R(1_500));
    expect(calculateEti({ ...d, age: 29 }).etiCents).toBe(R(1_500));
    expect(calculateEti({ ...d, age: 30 }).etiCents).toBe(0);
    expect(calculateEti({ ...d, age: 45, specialEconomicZone: true }).etiCents).toBe(R(1_500));
  });

  it('wage floor: NMW test, NMW-exempt employer floor, and gross-up / gross-down', () => {
    const d = { ...base, date: '2026-11-21' };
    const low = calculateEti({ ...d, remunerationCents: R(4_000) }); // R25/h < R30.23
    expect(low.etiCents).toBe(0);
    expect(low.reason).toMatch(/national minimum wage/);
    expect(calculateEti({ ...d, remunerationCents: R(2_400), nmwExemptEmployer: true }).etiCents).toBe(0); // < R2 500 floor
    expect(calculateEti({ ...d, remunerationCents: R(2_500), nmwExemptEmployer: true }).etiCents).toBe(R(1_500));
    // 100 hours, R3 500: grossed up to R5 600 → taper 1 500 − 0.75 × 100 = 1 425 → × 100/160 = 890.625 → R890.63
    const part = calculateEti({ ...d, remunerationCents: R(3_500), hoursWorked: 100 });
    expect(part.grossedUpCents).toBe(R(5_600));
    expect(part.etiCents).toBe(R(890.63));
    // More than 160 hours: no gross-up or gross-down.
    expect(calculateEti({ ...d, remunerationCents: R(6_000), hoursWorked: 180 }).etiCents).toBe(R(1_125));
    // < R7 500 rule at 80 hours: R3 750 grosses up to R7 500 → nil.
    expect(calculateEti({ ...d, remunerationCents: R(3_750), hoursWorked: 80 }).etiCents).toBe(0);
    expect(calculateEti({ ...d, remunerationCents: R(7_499.99) }).etiCents).toBe(R(0.01));
  });

  it('months 1–12 first rate, 13–24 second, > 24 nil', () => {
    const d = { ...base, date: '2026-11-21' };
    expect(calculateEti({ ...d, monthOfEmployment: 12 }).etiCents).toBe(R(1_500));
    expect(calculateEti({ ...d, monthOfEmployment: 13 }).etiCents).toBe(R(750));
    expect(calculateEti({ ...d, monthOfEmployment: 24 }).etiCents).toBe(R(750));
    expect(calculateEti({ ...d, monthOfEmployment: 25 }).etiCents).toBe(0);
  });

  it('dates outside the supported tax years or before the first NMW figure are errors naming date', () => {
    expect(() => calculateEti({ ...base, date: '2027-06-01' })).toThrow(/date 2027-06-01 falls in tax year 2028/);
    expect(() => calculateEti({ ...base, date: '2023-06-01' })).toThrow(/no national minimum wage figure/);
    expect(() => calculateEti({ ...base, date: '2026-02-30' })).toThrow(/date must be a calendar date/);
  });
});

describe('NMW and BCEA threshold by date', () => {
  it('NMW by effective date', () => {
    expect(nmwForDate('2024-03-01').generalHourlyCents).toBe(R(27.58));
    expect(nmwForDate('2025-02-28').generalHourlyCents).toBe(R(27.58));
    expect(nmwForDate('2025-03-01').generalHourlyCents).toBe(R(28.79));
    expect(nmwForDate('2026-03-01')).toMatchObject({ generalHourlyCents: R(30.23), epwpHourlyCents: R(16.62) });
    expect(() => nmwForDate('2024-02-29')).toThrow(PayrollError);
  });

  it('BCEA earnings threshold by effective date', () => {
    expect(bceaThresholdForDate('2024-03-31').annualCents).toBe(R(241_110.59));
    expect(bceaThresholdForDate('2024-04-01')).toMatchObject({ annualCents: R(254_371.67), monthlyCents: R(21_197.64) });
    expect(bceaThresholdForDate('2025-03-31').annualCents).toBe(R(254_371.67));
    expect(bceaThresholdForDate('2025-04-01')).toMatchObject({ annualCents: R(261_748.45), monthlyCents: R(21_812.37) });
    expect(bceaThresholdForDate('2026-11-21').annualCents).toBe(R(261_748.45));
  });
});

describe('BCEA rules', () => {
  it('Sunday pay is at least the ordinary daily wage', () => {
    expect(sundayPayCents(R(50), 1, false, R(400))).toBe(R(400));
    expect(sundayPayCents(R(50), 8, true)).toBe(R(600));
  });

  it('public holiday pay', () => {
    const p = { ordinaryDailyWageCents: R(400), hourlyWageCents: R(50) };
    expect(publicHolidayPayCents({ ...p, hoursWorked: 10, isNormalWorkday: true })).toBe(R(900));
    expect(publicHolidayPayCents({ ...p, hoursWorked: 4, isNormalWorkday: true })).toBe(R(800));
    expect(publicHolidayPayCents({ ...p, hoursWorked: 8, isNormalWorkday: false })).toBe(R(800));
    expect(publicHolidayPayCents({ ...p, hoursWorked: 0, isNormalWorkday: true })).toBe(R(400));
  });

  it('notice periods (s37)', () => {
    expect(noticePeriodWeeks(6)).toBe(1);
    expect(noticePeriodWeeks(6.5)).toBe(2);
    expect(noticePeriodWeeks(11.9)).toBe(2);
    expect(noticePeriodWeeks(12)).toBe(4);
    expect(noticePeriodWeeks(7, 'farm')).toBe(4);
    expect(noticePeriodWeeks(6, 'domestic')).toBe(1);
  });

  it('leave accrual rules', () => {
    expect(annualLeaveByDaysWorked(16)).toBe(0);
    expect(annualLeaveByDaysWorked(34)).toBe(2);
    expect(sickLeaveFirstSixMonths(25)).toBe(0);
    expect(sickLeaveFirstSixMonths(52)).toBe(2);
    expect(familyResponsibilityDays(4, 5)).toBe(0);
    expect(familyResponsibilityDays(4.5, 4)).toBe(3);
    expect(familyResponsibilityDays(12, 3)).toBe(0);
  });
});

describe('formatting', () => {
  it('formats rands and percentages', () => {
    expect(formatRand(2_400_000_000)).toBe('R24 000 000.00');
    expect(formatRand(5)).toBe('R0.05');
    expect(formatRand(-150)).toBe('−R1.50');
    expect(formatPercent(2750)).toBe('27.5%');
    expect(formatPercent(3750)).toBe('37.5%');
    expect(formatPercent(1800)).toBe('18%');
  });
});
