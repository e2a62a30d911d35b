/** Tax year 2027: 1 March 2026 – 28 February 2027 ("2026/27"). Figures: sa-payroll-facts.md (Budget of 25 Feb 2026). */
import type { TaxYearDef } from '../types.js';
import { BCEA_THRESHOLD_2025, ETI_TABLE_2025, SDL_STANDARD, UIF_2021, LUMP_SUM_FROM_2024 } from './shared.js';

export const taxYear2027: TaxYearDef = {
  taxYear: 2027,
  label: '2026/27',
  // facts 1.4 [S7][S11]; the last two base amounts are [DERIVED]; the R1 878 600 top threshold is [VERIFY] (RSM says R1 817 000).
  brackets: [
    { lowerLimit: 0, base: 0, rateBp: 1800 },
    { lowerLimit: 245_100, base: 44_118, rateBp: 2600 },
    { lowerLimit: 383_100, base: 79_998, rateBp: 3100 },
    { lowerLimit: 530_200, base: 125_599, rateBp: 3600 },
    { lowerLimit: 695_800, base: 185_215, rateBp: 3900 },
    { lowerLimit: 887_000, base: 259_783, rateBp: 4100 },
    { lowerLimit: 1_878_600, base: 666_339, rateBp: 4500 },
  ],
  // facts 1.5 [S13]: secondary and tertiary are [SINGLE] / [VERIFY].
  rebates: { primary: 17_820, secondary: 9_765, tertiary: 3_249 },
  medicalCredits: { first: 376, second: 376, additional: 254 }, // facts 1.6 [S8][S10][S11]; Budget figures
  retirement: { capAnnual: 430_000, percentOfRemunerationBp: 2750 }, // facts 1.7 [S20]–[S23]; [VERIFY] enacted
  uif: UIF_2021, // [VERIFY] ceiling still R17 712
  sdl: SDL_STANDARD,
  eti: [{ effectiveFrom: '2026-03-01', value: ETI_TABLE_2025, note: '[S46] [VERIFY] still in force in 2026/27' }],
  nmw: [{ effectiveFrom: '2026-03-01', value: { generalHourly: 30.23, epwpHourly: 16.62 }, note: 'GG 54075 [S57][S58][S59]' }],
  bceaThresholdAnnual: [{ effectiveFrom: '2026-03-01', value: BCEA_THRESHOLD_2025, note: 'GN 52232; no 2026 notice found [VERIFY]' }],
  lumpSum: LUMP_SUM_FROM_2024, // facts 25
  prescribedRatePerKm: 4.95, // facts 12.2: code repositories only, Notice 7182 not read [VERIFY]
  openPoints: [
    'Top bracket threshold R1 878 600 and base amounts R259 783 / R666 339 [VERIFY][DERIVED]',
    'Secondary rebate R9 765 and tertiary rebate R3 249 [SINGLE][VERIFY]',
    'Retirement cap R430 000 and medical credits R376/R254 enacted in the 2026 Rates Act [VERIFY]',
    'ETI April-2025 table still in force [VERIFY]',
    'UIF ceiling still R17 712 [VERIFY]',
    'BCEA earnings threshold after 1 April 2026 [VERIFY]',
    'EPWP minimum wage R16.62 [VERIFY]',
    'SDL base when employees contribute to retirement funds through payroll (gross basis used) [VERIFY]',
  ],
};
