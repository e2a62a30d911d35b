/**
 * The tax figures the landing page quotes, as the strings it shows. Pure: every figure is read from the payroll
 * engine's tables (src/payroll/years, through getTaxYear) or computed with its calculators, and formatted with its
 * helpers, so a change of table changes the page. tests/unit/ui/landing-figures.test.ts pins the strings.
 */
import {
  calculatePayslip,
  calculateUif,
  datedValueAt,
  divRoundHalfUp,
  formatLongDate,
  formatPercent,
  formatRand,
  getTaxYear,
  isSupportedTaxYear,
  taxThresholdCentsFor,
  uifFromAnnualEquivalent,
  type CompiledTaxYear,
} from '../../payroll';

/** The tax year the page's copy is written for (2027 = 1 March 2026 – 28 February 2027). */
export const LANDING_TAX_YEAR = 2027;

/** The worked example: a monthly salary (cents) and an age under 65, no medical aid or retirement contributions. */
export const WORKED_EXAMPLE = { remunerationCents: 2_000_000, age: 35 } as const;

/** The salary the sample chat asks about (cents). */
export const CHAT_SALARY_CENTS = 2_000_000;

/** An age in the "under 65" band (only the primary rebate). */
const UNDER_65 = 64;

/** Whole rands without the cents: 1771200 → "R17 712" (an amount with cents keeps them). */
export function formatWholeRand(cents: number): string {
  return formatRand(cents).replace(/\.00$/, '');
}

/** As typed in a chat, thousands with commas: 1771200 → "R17,712". */
export function formatChatRand(cents: number): string {
  return formatWholeRand(cents).replaceAll(' ', ',');
}

/** The change from `before` to `after` in percent, to one decimal: 23710000 → 24510000 is "3.4%". */
export function percentChange(before: number, after: number): string {
  return formatPercent(divRoundHalfUp((after - before) * 1000, before) * 10);
}

const sameBrackets = (a: CompiledTaxYear, b: CompiledTaxYear) =>
  a.bracketLowerCents.join() === b.bracketLowerCents.join() &&
  a.bracketBaseCents.join() === b.bracketBaseCents.join() &&
  a.bracketRateBp.join() === b.bracketRateBp.join();

/** The first tax year of the run of registered years with the same brackets as `taxYear`. */
function bracketsInForceSince(taxYear: number): number {
  let y = taxYear;
  while (isSupportedTaxYear(y - 1) && sameBrackets(getTaxYear(y - 1), getTaxYear(y))) y--;
  return y;
}

const ORDINALS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth'];

export interface PayeRow {
  label: string;
  working?: string;
  amount: string;
  emphasis?: 'total' | 'result';
}

function workedExample(year: CompiledTaxYear) {
  const { remunerationCents, age } = WORKED_EXAMPLE;
  const slip = calculatePayslip({ taxYear: year.taxYear, period: 'monthly', remunerationCents, age });
  const p = slip.paye;
  if (p.rebatesCents !== year.rebates.primaryCents || p.medicalCreditMonthlyCents !== 0 || p.retirementDeductionCents !== 0) {
    throw new Error(
      'The landing page worked example is written for the primary rebate only, with no medical credit or retirement deduction',
    );
  }
  const i = p.bracketIndex;
  const upper = year.bracketLowerCents[i + 1];
  const bracketRange = upper === undefined ? `above ${formatWholeRand(year.bracketLowerCents[i])}` : `up to ${formatWholeRand(upper)}`;
  const uifCapped = remunerationCents > year.uif.ceilingMonthlyCents;
  const uifBase = uifCapped ? `the ${formatWholeRand(year.uif.ceilingMonthlyCents)} ceiling` : formatRand(remunerationCents);
  const rows: PayeRow[] = [
    { label: 'Monthly salary', amount: formatRand(slip.grossCents) },
    { label: 'Annual equivalent', working: `${formatRand(remunerationCents)} × ${p.periods}`, amount: formatRand(p.annualEquivalentCents) },
    {
      label: `Tax on ${formatWholeRand(p.taxableIncomeCents)}`,
      working: `${formatPercent(year.bracketRateBp[i])}, ${ORDINALS[i]} bracket (${bracketRange})`,
      amount: formatRand(p.taxBeforeRebatesCents),
    },
    { label: 'Less primary rebate', working: 'Under 65', amount: formatRand(-p.rebatesCents) },
    { label: 'Annual tax', amount: formatRand(p.annualTaxCents), emphasis: 'total' },
    {
      label: 'PAYE a month',
      working: `${formatRand(p.annualTaxCents)} ÷ ${p.periods}`,
      amount: formatRand(slip.payeCents),
      emphasis: 'result',
    },
    {
      label: 'UIF (employee)',
      working: `${formatPercent(year.uif.employeeRateBp)} of ${uifBase}`,
      amount: formatRand(slip.uifEmployeeCents),
    },
    {
      label: 'Net pay',
      working: `${formatRand(slip.grossCents)} − ${formatRand(slip.payeCents)} − ${formatRand(slip.uifEmployeeCents)}`,
      amount: formatRand(slip.netPayCents),
      emphasis: 'result',
    },
  ];
  return {
    salary: formatWholeRand(remunerationCents),
    age,
    rows,
    uifEmployer: formatRand(slip.uifEmployerCents),
    sdlRate: formatPercent(year.sdl.rateBp),
    sdl: formatRand(slip.sdlCents),
  };
}

/**
 * The strings the landing page shows for a tax year (by default the one its copy is written for). The previous
 * tax year must be registered too (the updates banner compares with it).
 */
export function landingFigures(taxYear = LANDING_TAX_YEAR) {
  const year = getTaxYear(taxYear);
  const previous = getTaxYear(taxYear - 1);
  const threshold = taxThresholdCentsFor(year, UNDER_65);
  const nmw = datedValueAt(year.nmw, year.startDate);
  if (nmw === undefined) throw new Error(`No national minimum wage for the start of tax year ${taxYear}`);
  const uifMax = uifFromAnnualEquivalent(taxYear, year.uif.ceilingAnnualCents, 12);
  const chatUif = calculateUif({ taxYear, remunerationCents: CHAT_SALARY_CENTS });
  const ceiling = year.uif.ceilingMonthlyCents;
  if (!(CHAT_SALARY_CENTS > ceiling)) throw new Error('The landing page sample chat is written for a salary above the UIF ceiling');
  return {
    taxYear: String(year.taxYear),
    label: year.label,
    start: formatLongDate(year.startDate),
    end: formatLongDate(year.endDate),
    bracketAdjustment: percentChange(previous.bracketLowerCents[1], year.bracketLowerCents[1]),
    bracketsLastAdjusted: String(bracketsInForceSince(taxYear - 1)),
    taxThresholdUnder65: formatWholeRand(threshold),
    taxThresholdUnder65Monthly: formatWholeRand(divRoundHalfUp(threshold, 12)),
    primaryRebate: formatWholeRand(year.rebates.primaryCents),
    medicalCreditMain: formatWholeRand(year.medicalCredits.firstCents),
    medicalCreditAdditional: formatWholeRand(year.medicalCredits.additionalCents),
    retirementCapBefore: formatWholeRand(previous.retirementCapCents),
    retirementCap: formatWholeRand(year.retirementCapCents),
    minimumWageHourly: formatRand(nmw.value.generalHourlyCents),
    minimumWageFrom: formatLongDate(nmw.effectiveFrom),
    uif: {
      totalRate: formatPercent(year.uif.employeeRateBp + year.uif.employerRateBp),
      employeeRate: formatPercent(year.uif.employeeRateBp),
      employerRate: formatPercent(year.uif.employerRateBp),
      ceiling: formatWholeRand(ceiling),
      maxEach: formatRand(uifMax.employeeCents),
      maxCombined: formatRand(uifMax.totalCents),
      minHoursPerMonth: String(year.uif.minHoursPerMonth),
    },
    chat: {
      salary: formatChatRand(CHAT_SALARY_CENTS),
      ceiling: formatChatRand(ceiling),
      employee: formatRand(chatUif.employeeCents),
      combined: formatRand(chatUif.totalCents),
    },
    example: workedExample(year),
  };
}

export type LandingFigures = ReturnType<typeof landingFigures>;

/** The figures the page renders. */
export const FIGURES: LandingFigures = landingFigures();
