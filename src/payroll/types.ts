/**
 * Types for tax-year data. Year files (src/payroll/years/20xx.ts) are written in RANDS and
 * BASIS POINTS exactly as printed in sa-payroll-facts.md; the registry compiles them to
 * integer cents once at load time (see years/index.ts).
 */

/** ISO calendar date, yyyy-mm-dd. */
export type IsoDate = string;

/** Pay periods per tax year. */
export const PERIODS_PER_YEAR = {
  monthly: 12,
  fortnightly: 26,
  weekly: 52,
  annual: 1,
} as const;
export type PayPeriod = keyof typeof PERIODS_PER_YEAR;
export const PAY_PERIODS = Object.keys(PERIODS_PER_YEAR) as PayPeriod[];

/** One row of the income tax table: tax = base + rate × (taxable income − lowerLimit), for income above lowerLimit. */
export interface BracketDef {
  /** Rand amount the marginal rate applies above (0 for the first bracket; 245 100 for "245 101 – 383 100"). */
  readonly lowerLimit: number;
  /** Tax on income up to lowerLimit, in rands. */
  readonly base: number;
  /** Marginal rate in basis points (18% = 1800). */
  readonly rateBp: number;
}

/** A figure that takes effect on a date (inclusive) and applies until the next entry. */
export interface Dated<T> {
  readonly effectiveFrom: IsoDate;
  readonly value: T;
  /** Source IDs / flags from the facts sheet, e.g. "[S80]" or "[VERIFY]". */
  readonly note?: string;
}

/** ETI table (values in rands, rates in bp). Bands: [0, percentBandUpper) percent; [percentBandUpper, flatBandUpper) flat; [flatBandUpper, taperBandUpper) taper; ≥ taperBandUpper nil. */
export interface EtiTableDef {
  readonly name: string;
  readonly percentBandUpper: number;
  readonly flatBandUpper: number;
  readonly taperBandUpper: number;
  readonly firstYear: { readonly percentBp: number; readonly flat: number; readonly taperBp: number };
  readonly secondYear: { readonly percentBp: number; readonly flat: number; readonly taperBp: number };
  /** Wage floor for 160 hours where the employer is exempt from the NMW Act and no wage-regulating measure applies. */
  readonly exemptEmployerFloor160h: number;
  readonly minAge: number;
  readonly maxAge: number;
  readonly maxQualifyingMonths: number;
  /** Last date on which ETI can be claimed (sunset). */
  readonly sunset: IsoDate;
}

export interface NmwDef {
  /** General national minimum wage per ordinary hour, rands. */
  readonly generalHourly: number;
  /** Expanded Public Works Programme rate per hour, rands. */
  readonly epwpHourly: number;
}

export interface TaxYearDef {
  /** Year the tax year ends in: 2027 = 1 Mar 2026 – 28 Feb 2027. */
  readonly taxYear: number;
  /** "2026/27" */
  readonly label: string;
  readonly brackets: readonly BracketDef[];
  readonly rebates: { readonly primary: number; readonly secondary: number; readonly tertiary: number };
  /** Monthly s6A medical scheme fees tax credit per person, rands: 1st person, 2nd person, each additional person. */
  readonly medicalCredits: { readonly first: number; readonly second: number; readonly additional: number };
  readonly retirement: { readonly capAnnual: number; readonly percentOfRemunerationBp: number };
  readonly uif: {
    readonly ceilingMonthly: number;
    readonly employeeRateBp: number;
    readonly employerRateBp: number;
    /** Workers employed for fewer than this many hours a month by the employer are excluded. */
    readonly minHoursPerMonth: number;
  };
  readonly sdl: { readonly rateBp: number; readonly exemptionThresholdAnnual: number };
  /** ETI tables in force during this tax year, by effective date. */
  readonly eti: readonly Dated<EtiTableDef>[];
  /** National minimum wage by effective date (empty if the facts sheet has no figure for this year). */
  readonly nmw: readonly Dated<NmwDef>[];
  /** BCEA s6(3) earnings threshold (annual, rands) by effective date. */
  readonly bceaThresholdAnnual: readonly Dated<number>[];
  /** The table for retirement fund lump sums and severance benefits (cumulative over a lifetime; SARS applies it by directive). */
  readonly lumpSum: readonly BracketDef[];
  /** The prescribed rate for a reimbursive travel allowance (simplified method), rands per km. */
  readonly prescribedRatePerKm: number;
  /** Figures still marked [VERIFY]/[SINGLE]/[DERIVED] in the facts sheet. */
  readonly openPoints: readonly string[];
}
