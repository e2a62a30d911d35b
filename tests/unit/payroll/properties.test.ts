/** Property tests (fast-check) for the payroll engine invariants. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  PERIODS_PER_YEAR,
  SCALE,
  calculateEti,
  calculatePaye,
  calculateUif,
  divRoundHalfUp,
  fromCents,
  getTaxYear,
  supportedTaxYears,
  taxScaled,
  toCents,
  type PayPeriod,
} from '../../../src/payroll/index.js';

const years = supportedTaxYears();
const yearArb = fc.constantFrom(...years);
const periodArb = fc.constantFrom<PayPeriod>('monthly', 'fortnightly', 'weekly', 'annual');
const ageArb = fc.integer({ min: 0, max: 130 });
const membersArb = fc.integer({ min: 0, max: 8 });
/** Up to R2 000 000 per period, in cents. */
const remArb = fc.integer({ min: 0, max: 200_000_000 });
const NUM_RUNS = 2000;

describe('PAYE properties', () => {
  it('tax is never negative and always whole cents', () => {
    fc.assert(
      fc.property(
        yearArb,
        periodArb,
        remArb,
        ageArb,
        membersArb,
        remArb,
        fc.integer({ min: 0, max: 50_000_000 }),
        (y, period, rem, age, m, bonus, contrib) => {
          const r = calculatePaye({
            taxYear: y,
            period,
            remunerationCents: rem,
            age,
            medicalMembers: m,
            bonusCents: bonus,
            retirementContributionsCents: contrib,
          });
          for (const v of [
            r.payeCents,
            r.regularPayeCents,
            r.bonusPayeCents,
            r.annualTaxCents,
            r.taxBeforeRebatesCents,
            r.taxAfterRebatesCents,
            r.taxableIncomeCents,
          ]) {
            expect(Number.isSafeInteger(v)).toBe(true);
            expect(v).toBeGreaterThanOrEqual(0);
          }
          expect(r.payeCents).toBe(r.regularPayeCents + r.bonusPayeCents);
        },
      ),
      { numRuns: NUM_RUNS },
    );
  });

  it('is monotone (non-decreasing) in income', () => {
    fc.assert(
      fc.property(
        yearArb,
        periodArb,
        remArb,
        remArb,
        ageArb,
        membersArb,
        fc.integer({ min: 0, max: 10_000_000 }),
        (y, period, a, b, age, m, contrib) => {
          const [lo, hi] = a <= b ? [a, b] : [b, a];
          const p = { taxYear: y, period, age, medicalMembers: m, retirementContributionsCents: contrib };
          const rl = calculatePaye({ ...p, remunerationCents: lo });
          const rh = calculatePaye({ ...p, remunerationCents: hi });
          expect(rh.payeCents).toBeGreaterThanOrEqual(rl.payeCents);
          expect(rh.annualTaxCents).toBeGreaterThanOrEqual(rl.annualTaxCents);
          expect(rh.taxBeforeRebatesCents).toBeGreaterThanOrEqual(rl.taxBeforeRebatesCents);
        },
      ),
      { numRuns: NUM_RUNS },
    );
  });

  it('is monotone in the bonus', () => {
    fc.assert(
      fc.property(yearArb, periodArb, remArb, remArb, remArb, ageArb, membersArb, (y, period, rem, a, b, age, m) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        const p = { taxYear: y, period, age, medicalMembers: m, remunerationCents: rem };
        expect(calculatePaye({ ...p, bonusCents: hi }).payeCents).toBeGreaterThanOrEqual(calculatePaye({ ...p, bonusCents: lo }).payeCents);
      }),
      { numRuns: NUM_RUNS },
    );
  });

  it('marginal rate is at most 45%', () => {
    const annualArb = fc.integer({ min: 0, max: 1_000_000_000 }); // up to R10 000 000 a year
    fc.assert(
      fc.property(yearArb, annualArb, fc.integer({ min: 1, max: 100_000_000 }), ageArb, membersArb, (y, x, d, age, m) => {
        const year = getTaxYear(y);
        // Exact (scaled) tax: increase ≤ 45% of the increase in income, exactly.
        expect(taxScaled(year, x + d) - taxScaled(year, x)).toBeLessThanOrEqual(4500 * d);
        expect(taxScaled(year, x + d) - taxScaled(year, x)).toBeGreaterThanOrEqual(0);
        // Rounded annual tax after rebates and credits: within one cent of rounding.
        const p = { taxYear: y, period: 'annual' as const, age, medicalMembers: m };
        const t0 = calculatePaye({ ...p, remunerationCents: x }).annualTaxCents;
        const t1 = calculatePaye({ ...p, remunerationCents: x + d }).annualTaxCents;
        expect(t1 - t0).toBeLessThanOrEqual(divRoundHalfUp(45 * d, 100) + 1);
      }),
      { numRuns: NUM_RUNS },
    );
  });

  it('monthly PAYE × 12 equals the annual tax within rounding (≤ 6 cents)', () => {
    fc.assert(
      fc.property(yearArb, remArb, ageArb, membersArb, fc.integer({ min: 0, max: 10_000_000 }), (y, rem, age, m, contrib) => {
        const r = calculatePaye({
          taxYear: y,
          period: 'monthly',
          remunerationCents: rem,
          age,
          medicalMembers: m,
          retirementContributionsCents: contrib,
        });
        expect(Math.abs(r.payeCents * 12 - r.annualTaxCents)).toBeLessThanOrEqual(6);
      }),
      { numRuns: NUM_RUNS },
    );
  });

  it('weekly and fortnightly PAYE × periods equals the annual tax within rounding', () => {
    fc.assert(
      fc.property(yearArb, fc.constantFrom<PayPeriod>('weekly', 'fortnightly'), remArb, ageArb, membersArb, (y, period, rem, age, m) => {
        const n = PERIODS_PER_YEAR[period];
        const r = calculatePaye({ taxYear: y, period, remunerationCents: rem, age, medicalMembers: m });
        expect(Math.abs(r.payeCents * n - r.annualTaxCents)).toBeLessThanOrEqual(Math.ceil(n / 2));
      }),
      { numRuns: NUM_RUNS },
    );
  });

  it('an annual pay period gives PAYE equal to the annual tax', () => {
    fc.assert(
      fc.property(yearArb, fc.integer({ min: 0, max: 5_000_000_000 }), ageArb, membersArb, (y, rem, age, m) => {
        const r = calculatePaye({ taxYear: y, period: 'annual', remunerationCents: rem, age, medicalMembers: m });
        expect(r.payeCents).toBe(r.annualTaxCents);
      }),
      { numRuns: NUM_RUNS },
    );
  });
});

describe('UIF properties', () => {
  it('never above 1% of the (pro-rated) ceiling, never negative', () => {
    fc.assert(
      fc.property(yearArb, periodArb, remArb, fc.integer({ min: 0, max: 50_000_000 }), (y, period, rem, commission) => {
        const year = getTaxYear(y);
        const n = PERIODS_PER_YEAR[period];
        const r = calculateUif({ taxYear: y, period, remunerationCents: rem, commissionCents: commission });
        const maxEach = divRoundHalfUp(year.uif.ceilingAnnualCents * 100, n * 10_000);
        expect(r.employeeCents).toBeGreaterThanOrEqual(0);
        expect(r.employeeCents).toBeLessThanOrEqual(maxEach);
        expect(r.employerCents).toBeLessThanOrEqual(maxEach);
        expect(r.totalCents).toBe(r.employeeCents + r.employerCents);
        if (period === 'monthly') expect(r.employeeCents).toBeLessThanOrEqual(17_712);
        expect(r.employeeCents).toBeLessThanOrEqual(divRoundHalfUp(rem, 100));
      }),
      { numRuns: NUM_RUNS },
    );
  });
});

describe('ETI properties', () => {
  // Dates from 1 March 2024 (first NMW figure in the facts sheet) to 28 February 2027.
  const start = Date.UTC(2024, 2, 1);
  const end = Date.UTC(2027, 1, 28);
  const dateArb = fc
    .integer({ min: 0, max: Math.round((end - start) / 86_400_000) })
    .map((d) => new Date(start + d * 86_400_000).toISOString().slice(0, 10));

  it('ETI is never negative and never above R1 500', () => {
    fc.assert(
      fc.property(
        dateArb,
        fc.integer({ min: 0, max: 2_000_000 }),
        fc.integer({ min: 1, max: 30_000 }).map((ch) => ch / 100),
        fc.integer({ min: 1, max: 30 }),
        fc.integer({ min: 14, max: 70 }),
        fc.boolean(),
        fc.boolean(),
        fc.boolean(),
        (date, rem, hours, month, age, sez, measure, exempt) => {
          const r = calculateEti({
            date,
            remunerationCents: rem,
            hoursWorked: hours,
            monthOfEmployment: month,
            age,
            specialEconomicZone: sez,
            wageRegulatingMeasureBelowNmw: measure,
            nmwExemptEmployer: exempt,
          });
          expect(Number.isSafeInteger(r.etiCents)).toBe(true);
          expect(r.etiCents).toBeGreaterThanOrEqual(0);
          expect(r.etiCents).toBeLessThanOrEqual(150_000);
          if (month > 12) expect(r.etiCents).toBeLessThanOrEqual(75_000);
          if (month > 24) expect(r.etiCents).toBe(0);
        },
      ),
      { numRuns: NUM_RUNS },
    );
  });
});

describe('money arithmetic', () => {
  it('divRoundHalfUp matches a BigInt reference', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), fc.integer({ min: 1, max: 10_000_000 }), (n, d) => {
        const bn = BigInt(n);
        const bd = BigInt(d);
        const q = bn / bd;
        const r = bn - q * bd;
        const expected = 2n * r >= bd ? q + 1n : q;
        expect(divRoundHalfUp(n, d)).toBe(Number(expected));
      }),
      { numRuns: NUM_RUNS },
    );
  });

  it('cents ↔ rands round-trips exactly', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000_000 }), (cents) => {
        expect(toCents(fromCents(cents))).toBe(cents);
      }),
      { numRuns: NUM_RUNS },
    );
  });

  it('no 0.1 + 0.2 drift: R0.10 + R0.20 = R0.30', () => {
    expect(toCents(0.1) + toCents(0.2)).toBe(toCents(0.3));
    expect(SCALE).toBe(10_000);
  });
});
