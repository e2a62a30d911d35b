import { formatLongDate, isIsoDate } from '../src/payroll/dates';
import { formatRand } from '../src/payroll/money';

// A calculator's inputs and results as the chat's calculation card shows them: each field's kind decides its
// format, so a wage is in rand and a month of employment is a count. A test checks that every field of every
// calculator in the registry has a kind here.

export type FigureKind =
  'rands' | 'count' | 'days' | 'weeks' | 'months' | 'hours' | 'years' | 'km' | 'percent' | 'taxYear' | 'date' | 'month' | 'text';

const kinds = (kind: FigureKind, names: string) =>
  names
    .split(/\s+/)
    .filter(Boolean)
    .map((n) => [n, kind] as const);

/** Field names are the registry's (src/payroll/schemas.ts and api.ts); one name means one thing in every calculator. */
export const FIGURE_KINDS: Readonly<Record<string, FigureKind>> = Object.fromEntries([
  ...kinds(
    'rands',
    `remuneration retirementContributions bonus commission annualPayroll travelAllowance reimbursiveRate companyCarValue
     employerRetirementContributions employerMedicalContributions employerContributions loan hourlyWage hourlyRate ordinaryDailyWage
     monthlyEarnings proRataBonus earlierLumpSums
     paye annualTax rebate medicalCredit medicalCreditMonthly medicalCreditAnnual taxableBenefits travelAllowanceTaxable regularPaye bonusPaye
     annualEquivalent retirementDeduction taxableIncome taxBeforeRebates taxAfterRebates under65 from65to74 from75 threshold
     employee employer total sdl eti gross uifEmployee uifEmployer totalDeductions netPay employerCost payeRemuneration uifRemuneration
     sdlRemuneration weekly daily value overtimePay sundayPay publicHolidayPay thresholdMonthly thresholdAnnual taxOnBonus monthPaye
     annualTaxWithBonus weeklyPay dailyRate noticePay severance leavePay annualPayments payeOnAnnualPayments severanceTaxEstimate
     uifEachSide netEstimate liability etiUsed emp201 nmwHourly hourlyRatePaid shortfallPerHour weeklyMinimum monthlyMinimum amount taxable`,
  ),
  ...kinds('count', 'monthOfEmployment medicalMembers differences'),
  ...kinds(
    'days',
    `days daysPerWeek daysWorked leaveDays leaveDaysTaken daysTaken sickDaysTaken companyCarDays daysInMonth annualLeaveDays annualLeaveMonthlyAccrual
     annualLeaveByDaysWorked annualLeaveAccrued sickLeaveDaysPerCycle sickLeaveFirstSixMonths familyResponsibilityDays cycleDays
     accruedByMonths accruedByDaysWorked accrued taken available sickLeave`,
  ),
  ...kinds('weeks', 'noticeWeeks'),
  ...kinds('months', 'monthsEmployed serviceMonths months monthsInCycle sickLeaveCycleMonths'),
  ...kinds('hours', 'hours hoursWorked hoursPerMonth overtimeHours sundayHours publicHolidayHours'),
  ...kinds('years', 'age serviceYears completedYears'),
  ...kinds('km', 'businessKm'),
  ...kinds('percent', 'loanInterestRate officialInterestRate'),
  ...kinds('taxYear', 'taxYear'),
  ...kinds('date', 'date payDate startDate endDate cycleStart asOf leaveCycleStart effectiveFrom dueDate nominal'),
  ...kinds('month', 'month covers'),
  ...kinds(
    'text',
    `period reason workerType loanKind dueLabel rule excludedCategory uifExcludedCategory category return employees
     travelMostlyBusiness companyCarMaintenancePlan companyCarMostlyBusiness uifApplicable exemptEmployer specialEconomicZone
     wageRegulatingMeasureBelowNmw nmwExemptEmployer sdlExempt ordinarilyWorksSunday publicHolidayIsNormalWorkday noticePaidInLieu
     exempt aboveThreshold overtimeProvisionsApply directiveRequired belowMinimum`,
  ),
]);

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** 1234.5 → "1 234.5": grouped as the rand amounts are, with a decimal point. */
function plain(n: number): string {
  const [whole, frac] = String(Math.abs(n)).split('.');
  return `${n < 0 ? '−' : ''}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ' ')}${frac ? `.${frac}` : ''}`;
}
const unit = (n: number, one: string, many = `${one}s`) => `${plain(n)} ${n === 1 ? one : many}`;

/** A value in the format of its field's kind; a name without a kind shows as it is (never as rand). */
export function formatFigure(name: string, v: unknown): string {
  if (typeof v === 'boolean') return v ? 'yes' : 'no';
  if (v === null || v === undefined) return '—';
  if (typeof v === 'object') return JSON.stringify(v);
  const kind = FIGURE_KINDS[name] ?? 'text';
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v.trim()) ? Number(v) : null;
  if (n !== null && Number.isFinite(n)) {
    switch (kind) {
      case 'rands':
        return formatRand(Math.round(n * 100));
      case 'days':
        return unit(n, 'day');
      case 'weeks':
        return unit(n, 'week');
      case 'months':
        return unit(n, 'month');
      case 'hours':
        return unit(n, 'hour');
      case 'years':
        return unit(n, 'year');
      case 'km':
        return `${plain(n)} km`;
      case 'percent':
        return `${plain(n)}%`;
      case 'taxYear':
        return Number.isInteger(n) ? `${n - 1}/${String(n).slice(-2)}` : String(v);
      case 'count':
        return plain(n);
    }
  }
  const s = String(v);
  if (kind === 'date' && isIsoDate(s)) return formatLongDate(s);
  const ym = kind === 'month' ? /^(\d{4})-(0[1-9]|1[0-2])$/.exec(s) : null;
  if (ym) return `${MONTHS[Number(ym[2]) - 1]} ${ym[1]}`;
  return s;
}

/** "monthOfEmployment" → "Month of employment", "uifEmployee" → "UIF employee", "from65to74" → "From 65 to 74". */
export function figureLabel(name: string): string {
  if (name === 'emp201') return 'EMP201';
  const words = name
    .replace(/([a-z])([A-Z0-9])/g, '$1 $2')
    .replace(/([0-9])([a-zA-Z])/g, '$1 $2')
    .toLowerCase()
    .replace(/\b(paye|uif|sdl|eti|nmw|emp201)\b/g, (a) => a.toUpperCase());
  return words.charAt(0).toUpperCase() + words.slice(1);
}
