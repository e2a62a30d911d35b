/** Tax year 2025: 1 March 2024 – 28 February 2025 ("2024/25"). Figures: sa-payroll-facts.md. */
import type { TaxYearDef } from '../types.js';
import {
  BCEA_THRESHOLD_2023,
  BCEA_THRESHOLD_2024,
  BRACKETS_2024_TO_2026,
  ETI_TABLE_2022,
  SDL_STANDARD,
  UIF_2021,
  LUMP_SUM_FROM_2024,
} from './shared.js';

export const taxYear2025: TaxYearDef = {
  taxYear: 2025,
  label: '2024/25',
  brackets: BRACKETS_2024_TO_2026, // facts 1.2: no bracket changes for 2025
  rebates: { primary: 17_235, secondary: 9_444, tertiary: 3_145 }, // facts 1.3
  medicalCredits: { first: 364, second: 364, additional: 246 }, // facts 1.6 [S14]
  retirement: { capAnnual: 350_000, percentOfRemunerationBp: 2750 }, // facts 1.7
  uif: UIF_2021,
  sdl: SDL_STANDARD,
  eti: [{ effectiveFrom: '2024-03-01', value: ETI_TABLE_2022, note: '[S50][S51]' }],
  nmw: [{ effectiveFrom: '2024-03-01', value: { generalHourly: 27.58, epwpHourly: 15.16 }, note: '[S54]' }],
  bceaThresholdAnnual: [
    { effectiveFrom: '2024-03-01', value: BCEA_THRESHOLD_2023, note: 'from 1 Mar 2023 [S79]' },
    { effectiveFrom: '2024-04-01', value: BCEA_THRESHOLD_2024, note: 'GG 50254 [S79]' },
  ],
  lumpSum: LUMP_SUM_FROM_2024, // facts 25
  prescribedRatePerKm: 4.84, // facts 12.2 [S103][S110]
  openPoints: [],
};
