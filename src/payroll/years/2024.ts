/** Tax year 2024: 1 March 2023 – 29 February 2024 ("2023/24"). Figures: sa-payroll-facts.md. */
import type { TaxYearDef } from '../types.js';
import { BCEA_THRESHOLD_2023, BRACKETS_2024_TO_2026, ETI_TABLE_2022, SDL_STANDARD, UIF_2021, LUMP_SUM_FROM_2024 } from './shared.js';

export const taxYear2024: TaxYearDef = {
  taxYear: 2024,
  label: '2023/24',
  brackets: BRACKETS_2024_TO_2026, // facts 1.2
  rebates: { primary: 17_235, secondary: 9_444, tertiary: 3_145 }, // facts 1.3
  medicalCredits: { first: 364, second: 364, additional: 246 }, // facts 1.6 [S14]
  retirement: { capAnnual: 350_000, percentOfRemunerationBp: 2750 }, // facts 1.7
  uif: UIF_2021,
  sdl: SDL_STANDARD,
  eti: [{ effectiveFrom: '2023-03-01', value: ETI_TABLE_2022, note: '[S50][S51]' }],
  // The facts sheet has no NMW figure before 1 March 2024, so none is recorded for this year.
  nmw: [],
  bceaThresholdAnnual: [{ effectiveFrom: '2023-03-01', value: BCEA_THRESHOLD_2023, note: 'from 1 Mar 2023 [S79]' }],
  lumpSum: LUMP_SUM_FROM_2024, // facts 25
  prescribedRatePerKm: 4.64, // facts 12.2 [S103][S163]
  openPoints: ['No national minimum wage figure for 1 Mar 2023 – 29 Feb 2024 in the facts sheet (NMW checks unavailable for this year).'],
};
