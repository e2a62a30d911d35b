/** Tax year 2026: 1 March 2025 – 28 February 2026 ("2025/26"). Figures: sa-payroll-facts.md. */
import type { TaxYearDef } from '../types.js';
import {
  BCEA_THRESHOLD_2024,
  BCEA_THRESHOLD_2025,
  BRACKETS_2024_TO_2026,
  ETI_TABLE_2022,
  ETI_TABLE_2025,
  SDL_STANDARD,
  UIF_2021,
  LUMP_SUM_FROM_2024,
} from './shared.js';

export const taxYear2026: TaxYearDef = {
  taxYear: 2026,
  label: '2025/26',
  brackets: BRACKETS_2024_TO_2026, // facts 1.2: no bracket changes for 2026
  rebates: { primary: 17_235, secondary: 9_444, tertiary: 3_145 }, // facts 1.3
  medicalCredits: { first: 364, second: 364, additional: 246 }, // facts 1.6 [S14] (SARS update 12 Mar 2025)
  retirement: { capAnnual: 350_000, percentOfRemunerationBp: 2750 }, // facts 1.7: R350 000 up to and including 2026
  uif: UIF_2021,
  sdl: SDL_STANDARD,
  eti: [
    { effectiveFrom: '2025-03-01', value: ETI_TABLE_2022, note: '[S50][S51]' },
    { effectiveFrom: '2025-04-01', value: ETI_TABLE_2025, note: '[S46]' },
  ],
  nmw: [{ effectiveFrom: '2025-03-01', value: { generalHourly: 28.79, epwpHourly: 15.83 }, note: '[S55][S56]' }],
  bceaThresholdAnnual: [
    { effectiveFrom: '2025-03-01', value: BCEA_THRESHOLD_2024, note: 'GG 50254 [S79]' },
    { effectiveFrom: '2025-04-01', value: BCEA_THRESHOLD_2025, note: 'GN 52232 [S80][S81]' },
  ],
  lumpSum: LUMP_SUM_FROM_2024, // facts 25
  prescribedRatePerKm: 4.76, // facts 12.2 [S103][S113][S114]: down from R4.84
  openPoints: ['SDL base when employees contribute to retirement funds through payroll (gross basis used) [VERIFY]'],
};
