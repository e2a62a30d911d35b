// Payslips, as other folders may use them: read a pasted or uploaded slip, check it against the engine, and the
// service that keeps a user's checks.
export {
  readPayslip,
  isPayslip,
  parseAmount,
  datesIn,
  type ReadPayslip,
  type ReadLine,
  type EarningKind,
  type DeductionKind,
  type EmployerKind,
} from './read';
export { checkPayslip, DEFAULT_FACTS, type EmployeeFacts, type PayslipCheck, type Finding, type CheckedItem } from './check';
export { createPayslipService, type PayslipService } from './service';
