/**
 * A month's payroll for several employees: each person's PAYE, UIF and SDL (the payslip engine) and ETI, and the
 * totals that go on the EMP201 with its due date (facts §2, §3, §4, §7, §29).
 */
import { deadlineFor, dayLabel, monthLabel } from './deadlines.js';
import { calculateEti } from './eti.js';
import { PayrollError } from './errors.js';
import { formatRand } from './money.js';
import { calculatePayslip } from './payslip.js';
import { calculateSdl } from './sdl.js';
import { taxYearForIsoDate } from './dates.js';
import type { IsoDate } from './types.js';
import { getTaxYear } from './years/index.js';

export interface RunEmployee {
  name: string;
  remunerationCents: number;
  age: number;
  bonusCents?: number;
  hoursPerMonth?: number;
  /** The ETI qualifying month (1–24) for an employee the employer claims ETI for. */
  etiMonth?: number;
}

export interface PayrollRunParams {
  /** yyyy-mm: the month paid. */
  month: string;
  employees: RunEmployee[];
  /** The employer's expected leviable payroll over 12 months; omitted → this month's × 12. */
  annualPayrollCents?: number;
}

export interface RunLine {
  name: string;
  grossCents: number;
  payeCents: number;
  uifEmployeeCents: number;
  uifEmployerCents: number;
  sdlCents: number;
  etiCents: number;
  netPayCents: number;
  etiNote?: string;
}

export interface PayrollRunResult {
  month: string;
  taxYear: number;
  lines: RunLine[];
  totals: Omit<RunLine, 'name' | 'etiNote'>;
  sdlExempt: boolean;
  annualPayrollCents: number;
  annualPayrollAssumed: boolean;
  /** PAYE + UIF (both sides) + SDL, before ETI. */
  liabilityCents: number;
  /** ETI set off against the PAYE (not below zero). */
  etiUsedCents: number;
  payableCents: number;
  dueDate: IsoDate;
  working: string[];
}

const lastDay = (ym: string): IsoDate => {
  const [y, m] = ym.split('-').map(Number);
  return `${ym}-${String(new Date(Date.UTC(y, m, 0)).getUTCDate()).padStart(2, '0')}`;
};

export function calculatePayrollRun(p: PayrollRunParams): PayrollRunResult {
  if (p.employees.length === 0) throw new PayrollError('employees', 'employees must list at least one person');
  const end = lastDay(p.month);
  const taxYear = taxYearForIsoDate(end);
  getTaxYear(taxYear);
  const monthTotal = p.employees.reduce((s, e) => s + e.remunerationCents + (e.bonusCents ?? 0), 0);
  const assumed = p.annualPayrollCents === undefined;
  const annual = p.annualPayrollCents ?? monthTotal * 12;
  const exempt = calculateSdl({ taxYear, remunerationCents: 0, annualPayrollCents: annual }).exempt;

  const lines: RunLine[] = p.employees.map((e, i) => {
    const field = `employees.${i}`;
    try {
      const s = calculatePayslip({
        taxYear,
        period: 'monthly',
        remunerationCents: e.remunerationCents,
        bonusCents: e.bonusCents,
        age: e.age,
        hoursPerMonth: e.hoursPerMonth,
        annualPayrollCents: annual,
      });
      let eti = 0;
      let etiNote: string | undefined;
      if (e.etiMonth !== undefined) {
        const r = calculateEti({
          date: end,
          remunerationCents: e.remunerationCents,
          monthOfEmployment: e.etiMonth,
          age: e.age,
          hoursWorked: e.hoursPerMonth,
        });
        eti = r.etiCents;
        if (!r.eligible) etiNote = r.reason ?? undefined;
      }
      return {
        name: e.name,
        grossCents: s.grossCents,
        payeCents: s.payeCents,
        uifEmployeeCents: s.uifEmployeeCents,
        uifEmployerCents: s.uifEmployerCents,
        sdlCents: s.sdlCents,
        etiCents: eti,
        netPayCents: s.netPayCents,
        etiNote,
      };
    } catch (err) {
      if (err instanceof PayrollError) throw new PayrollError(`${field}.${err.field}`, `${e.name}: ${err.message}`);
      throw err;
    }
  });
  const sum = (k: keyof PayrollRunResult['totals']) => lines.reduce((s, l) => s + l[k], 0);
  const totals = {
    grossCents: sum('grossCents'),
    payeCents: sum('payeCents'),
    uifEmployeeCents: sum('uifEmployeeCents'),
    uifEmployerCents: sum('uifEmployerCents'),
    sdlCents: sum('sdlCents'),
    etiCents: sum('etiCents'),
    netPayCents: sum('netPayCents'),
  };
  const uif = totals.uifEmployeeCents + totals.uifEmployerCents;
  const liability = totals.payeCents + uif + totals.sdlCents;
  const etiUsed = Math.min(totals.etiCents, totals.payeCents);
  const payable = liability - etiUsed;
  const due = deadlineFor('emp201', { month: p.month }).dueDate;
  const working = [
    `${p.employees.length} employee${p.employees.length === 1 ? '' : 's'} paid in ${monthLabel(p.month)} (tax year ${getTaxYear(taxYear).label}), gross ${formatRand(totals.grossCents)}`,
    `SDL: employer's annual payroll ${formatRand(annual)}${assumed ? ` (this month's ${formatRand(monthTotal)} × 12, as none was given)` : ''}: ${exempt ? 'not more than R500 000, so exempt' : 'more than R500 000, so 1% is payable'}`,
    `PAYE ${formatRand(totals.payeCents)} + UIF ${formatRand(totals.uifEmployeeCents)} employee + ${formatRand(totals.uifEmployerCents)} employer + SDL ${formatRand(totals.sdlCents)} = ${formatRand(liability)}`,
  ];
  if (totals.etiCents > 0) {
    working.push(
      `ETI ${formatRand(totals.etiCents)} set off against the PAYE${etiUsed < totals.etiCents ? ` (only ${formatRand(etiUsed)}: it cannot take the PAYE below zero)` : ''} [VERIFY: the set-off and carry-forward rules are not in our reference]`,
    );
  }
  working.push(`EMP201 for ${monthLabel(p.month)}: ${formatRand(payable)}, due ${dayLabel(due)}`);
  return {
    month: p.month,
    taxYear,
    lines,
    totals,
    sdlExempt: exempt,
    annualPayrollCents: annual,
    annualPayrollAssumed: assumed,
    liabilityCents: liability,
    etiUsedCents: etiUsed,
    payableCents: payable,
    dueDate: due,
    working,
  };
}
