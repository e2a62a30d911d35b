// A payslip's reading as the API carries it (rands) and as the reader and check use it (cents).
import { toCents } from '../payroll';
import type { ReadPayslipDTO } from '../schemas/payslips';
import type { ReadLine, ReadPayslip } from './read';

const linesToDto = <K extends string>(lines: ReadLine<K>[]) => lines.map((l) => ({ label: l.label, kind: l.kind, amount: l.cents / 100 }));
const linesFromDto = <K extends string>(lines: { label: string; kind: K; amount: number }[]) =>
  lines.map((l) => ({ label: l.label, kind: l.kind, cents: toCents(l.amount) }));
const orNull = (v: number | null, f: (x: number) => number) => (v === null ? null : f(v));

export function readToDto(r: ReadPayslip): ReadPayslipDTO {
  return {
    payDate: r.payDate,
    payDateAssumed: r.payDateAssumed,
    period: r.period === 'annual' ? 'monthly' : r.period,
    periodAssumed: r.periodAssumed,
    earnings: linesToDto(r.earnings),
    deductions: linesToDto(r.deductions),
    employer: linesToDto(r.employer),
    gross: orNull(r.grossCents, (c) => c / 100),
    totalDeductions: orNull(r.totalDeductionsCents, (c) => c / 100),
    net: orNull(r.netCents, (c) => c / 100),
    unread: r.unread,
  };
}

export function readFromDto(d: ReadPayslipDTO): ReadPayslip {
  return {
    payDate: d.payDate,
    payDateAssumed: d.payDateAssumed ?? false,
    period: d.period,
    periodAssumed: d.periodAssumed ?? false,
    earnings: linesFromDto(d.earnings),
    deductions: linesFromDto(d.deductions),
    employer: linesFromDto(d.employer),
    grossCents: orNull(d.gross, (v) => toCents(v)),
    totalDeductionsCents: orNull(d.totalDeductions, (v) => toCents(v)),
    netCents: orNull(d.net, (v) => toCents(v)),
    unread: d.unread ?? [],
  };
}
