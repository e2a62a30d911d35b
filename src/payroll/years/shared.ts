/**
 * Figures shared by several tax years (sa-payroll-facts.md sections 2–4, 6).
 * A new tax year may reuse these or define its own.
 */
import type { EtiTableDef, TaxYearDef } from '../types.js';

/** 2024–2026 income tax table (facts 1.2) [S1][S2][S3][S4]. */
export const BRACKETS_2024_TO_2026: TaxYearDef['brackets'] = [
  { lowerLimit: 0, base: 0, rateBp: 1800 },
  { lowerLimit: 237_100, base: 42_678, rateBp: 2600 },
  { lowerLimit: 370_500, base: 77_362, rateBp: 3100 },
  { lowerLimit: 512_800, base: 121_475, rateBp: 3600 },
  { lowerLimit: 673_000, base: 179_147, rateBp: 3900 },
  { lowerLimit: 857_900, base: 251_258, rateBp: 4100 },
  { lowerLimit: 1_817_000, base: 644_489, rateBp: 4500 },
];

/** UIF (facts 2): R17 712 a month since 1 June 2021 (GG 44641) [S24][S25][S27]; [VERIFY] still current. */
export const UIF_2021: TaxYearDef['uif'] = {
  ceilingMonthly: 17_712,
  employeeRateBp: 100,
  employerRateBp: 100,
  minHoursPerMonth: 24,
};

/** SDL (facts 3): 1%; exempt if leviable remuneration over 12 months is not more than R500 000 [S38][S40][S41]. */
export const SDL_STANDARD: TaxYearDef['sdl'] = { rateBp: 100, exemptionThresholdAnnual: 500_000 };

/** ETI table 1 Mar 2022 – 31 Mar 2025 (facts 4, "previous table") [S50][S51]. */
export const ETI_TABLE_2022: EtiTableDef = {
  name: 'ETI table 1 March 2022 – 31 March 2025',
  percentBandUpper: 2_000,
  flatBandUpper: 4_500,
  taperBandUpper: 6_500,
  firstYear: { percentBp: 7500, flat: 1_500, taperBp: 7500 },
  secondYear: { percentBp: 3750, flat: 750, taperBp: 3750 },
  exemptEmployerFloor160h: 2_000,
  minAge: 18,
  maxAge: 29,
  maxQualifyingMonths: 24,
  sunset: '2029-02-28',
};

/** ETI table from 1 April 2025 (facts 4) [S46][S47][S48][S49]; [VERIFY] still in force in 2026/27. */
export const ETI_TABLE_2025: EtiTableDef = {
  name: 'ETI table from 1 April 2025',
  percentBandUpper: 2_500,
  flatBandUpper: 5_500,
  taperBandUpper: 7_500,
  firstYear: { percentBp: 6000, flat: 1_500, taperBp: 7500 },
  secondYear: { percentBp: 3000, flat: 750, taperBp: 3750 },
  exemptEmployerFloor160h: 2_500,
  minAge: 18,
  maxAge: 29,
  maxQualifyingMonths: 24,
  sunset: '2029-02-28',
};

/** BCEA earnings thresholds (facts 6) [S79][S80][S81][S82]. */
export const BCEA_THRESHOLD_2023 = 241_110.59;
export const BCEA_THRESHOLD_2024 = 254_371.67;
export const BCEA_THRESHOLD_2025 = 261_748.45;

/** Retirement fund lump sum and severance benefit table from 1 March 2023 (facts 25) [S212][S213]; no change found for 2026 or 2027 [VERIFY]. */
export const LUMP_SUM_FROM_2024: TaxYearDef['lumpSum'] = [
  { lowerLimit: 0, base: 0, rateBp: 0 },
  { lowerLimit: 550_000, base: 0, rateBp: 1800 },
  { lowerLimit: 770_000, base: 39_600, rateBp: 2700 },
  { lowerLimit: 1_155_000, base: 143_550, rateBp: 3600 },
];
