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
