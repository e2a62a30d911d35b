/**
 * PayeWise South African payroll engine. Pure: no I/O, no clock (dates are arguments), no imports
 * from the rest of the app. See README.md for conventions.
 */
export * from './errors.js';
export * from './types.js';
export * from './money.js';
export * from './dates.js';
export {
  TAX_YEAR_DEFINITIONS,
  compileTaxYear,
  datedValueAt,
  describeSupportedTaxYears,
  getTaxYear,
  getTaxYearForDate,
  isSupportedTaxYear,
  registerTaxYear,
  supportedTaxYears,
  unregisterTaxYear,
  type CompiledDated,
  type CompiledEtiTable,
  type CompiledTaxYear,
} from './years/index.js';
export * from './tax.js';
export * from './uif.js';
export * from './sdl.js';
export * from './eti.js';
export * from './minimum-wage.js';
export * from './bcea.js';
export * from './payslip.js';
export * from './benefits.js';
export * from './termination.js';
export * from './leave-accrual.js';
export * from './payroll-run.js';
export * from './employee-table.js';
export * from './deadlines.js';
export * from './schemas.js';
export * from './api.js';
export * from './calculators.js';
