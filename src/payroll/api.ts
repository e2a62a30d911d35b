/**
 * HTTP-facing adapters (still pure). The route layer parses the JSON body with the matching schema
 * from ./schemas.ts and passes the parsed value plus `today` (the request date) here.
 * One adapter per calculator of the registry, side by side so their answers keep one shape: that is why the
 * file is long.
 *
 * Inputs and outputs are RANDS as JSON numbers with at most 2 decimals. Every adapter may throw a
 * PayrollError (with `.field`) for input the schema cannot catch, e.g. a default tax year (from
 * `today`) that is not supported; the route should answer 400 with its message.
 *
 * `options.working` (default true) controls the human-readable working; set false for the fast path
 * (working arrays are then empty).
 */
import {
  annualLeaveByDaysWorked,
  annualLeaveEntitlement,
  checkBceaThreshold,
  familyResponsibilityDays,
  leavePay,
  noticePeriodWeeks,
  overtimePayCents,
  publicHolidayPayCents,
  sickLeaveDaysPerCycle,
  sickLeaveFirstSixMonths,
  sundayPayCents,
  OVERTIME_MAX_HOURS_PER_WEEK,
} from './bcea.js';
import { isoDateFromDate, taxYearForDate } from './dates.js';
import { deadlineFor, nextMonthlyPeriod, type Deadline } from './deadlines.js';
import { PayrollError } from './errors.js';
import { calculateEti } from './eti.js';
import { checkMinimumWage, minimumWageEquivalents } from './minimum-wage.js';
import { divRoundHalfUp, formatRand, fromCents, toCents, toFixedUnits } from './money.js';
import { calculatePayslip, type PayslipLineType } from './payslip.js';
import type {
  DeadlineInput,
  LeavePayInput,
  EtiInput,
  LeaveInput,
  MinimumWageInput,
  NoticeInput,
  OvertimeInput,
  PayeInput,
  PayslipInput,
  SdlInput,
  TaxThresholdInput,
  UifInput,
  BenefitsInput,
  BonusInput,
  LeaveAccrualInput,
  PayrollRunInput,
  TerminationInput,
} from './schemas.js';
import { completedMonths, leaveAccrual } from './leave-accrual.js';
import { calculatePayrollRun, type RunLine } from './payroll-run.js';
import { calculateTermination } from './termination.js';
import { calculateSdl } from './sdl.js';
import { calculateBenefits, type BenefitsResult } from './benefits.js';
import { calculatePaye, explainPaye, rebateCentsFor, taxThresholdCentsFor } from './tax.js';
import type { PayPeriod } from './types.js';
import { calculateUif } from './uif.js';
import { describeSupportedTaxYears, getTaxYear, isSupportedTaxYear } from './years/index.js';

export interface ApiOptions {
  /** Build the human-readable working (default true). */
  working?: boolean;
}

const c = (rands: number | undefined, field: string): number | undefined => (rands === undefined ? undefined : toCents(rands, field));

/** The tax year to use: the given one, else the tax year containing `today`. Throws PayrollError("taxYear") if unsupported. */
export function resolveTaxYear(taxYear: number | undefined, today: Date): number {
  if (taxYear !== undefined) {
    if (!isSupportedTaxYear(taxYear)) {
      throw new PayrollError('taxYear', `taxYear ${taxYear} is not supported; supported tax years: ${describeSupportedTaxYears()}`);
    }
    return taxYear;
  }
  const ty = taxYearForDate(today);
  if (!isSupportedTaxYear(ty)) {
    throw new PayrollError(
      'taxYear',
      `taxYear not given and today (${isoDateFromDate(today)}) falls in tax year ${ty}, which is not supported; supported tax years: ${describeSupportedTaxYears()}`,
    );
  }
  return ty;
}

// ── PAYE ───────────────────────────────────────────────────────────────────────

/**
 * Result of {@link payeApi}. Rands.
 * - `paye`: PAYE to withhold for ONE period of the given `period` (monthly/fortnightly/weekly; for
 *   "annual" the whole year), INCLUDING the PAYE on `bonus` if one was given. Medical credits are
 *   already set off. `paye = regularPaye + bonusPaye`.
 * - `annualTax`: ANNUAL income tax on the annual equivalent of the regular remuneration
 *   (remuneration × periods, less the retirement deduction), after rebates and after the annual
 *   medical credits, never below 0. Excludes the bonus.
 * - `rebate`: the ANNUAL rebate entitlement for the age (primary, + secondary at 65+, + tertiary at
 *   75+), whether or not fully used.
 * - `medicalCredit`: the medical scheme fees tax credit PER PERIOD (monthly credit × 12 / periods;
 *   the monthly figure for monthly pay). `medicalCreditMonthly` and `medicalCreditAnnual` are also given.
 */
export interface PayeApiResult {
  taxYear: number;
  period: PayPeriod;
  paye: number;
  annualTax: number;
  rebate: number;
  medicalCredit: number;
  working: string[];
  /** Each allowance and fringe benefit given, with the part that is remuneration for PAYE. */
  benefits: BenefitApiLine[];
  /** The taxable value of all allowances and benefits, already in the pay taxed. */
  taxableBenefits: number;
  /** The part of a travel allowance that is remuneration for PAYE (80%, or 20%), already in the pay taxed. */
  travelAllowanceTaxable: number;
  /** PAYE on regular remuneration only, per period. */
  regularPaye: number;
  /** PAYE caused by the bonus (difference method), this period. */
  bonusPaye: number;
  /** remuneration × periods. */
  annualEquivalent: number;
  retirementDeduction: number;
  taxableIncome: number;
  taxBeforeRebates: number;
  /** Annual tax after rebates, before medical credits. */
  taxAfterRebates: number;
  medicalCreditMonthly: number;
  medicalCreditAnnual: number;
}

/** The allowances and fringe benefits of a PAYE or payslip input, valued for the period. */
function benefitsOf(input: BenefitsInput, taxYear: number, period: PayPeriod): BenefitsResult {
  return calculateBenefits({
    taxYear,
    period,
    travelAllowanceCents: c(input.travelAllowance, 'travelAllowance'),
    travelMostlyBusiness: input.travelMostlyBusiness,
    reimbursiveRateCents: c(input.reimbursiveRate, 'reimbursiveRate'),
    businessKm: input.businessKm,
    companyCarValueCents: c(input.companyCarValue, 'companyCarValue'),
    companyCarMaintenancePlan: input.companyCarMaintenancePlan,
    companyCarMostlyBusiness: input.companyCarMostlyBusiness,
    companyCarDays: input.companyCarDays,
    daysInMonth: input.daysInMonth,
    employerRetirementCents: c(input.employerRetirementContributions, 'employerRetirementContributions'),
    employerMedicalCents: c(input.employerMedicalContributions, 'employerMedicalContributions'),
    loanCents: c(input.loan, 'loan'),
    loanRateBp: input.loanInterestRate === undefined ? undefined : toFixedUnits(input.loanInterestRate, 2, 'loanInterestRate'),
    officialRateBp:
      input.officialInterestRate === undefined ? undefined : toFixedUnits(input.officialInterestRate, 2, 'officialInterestRate'),
    loanKind: input.loanKind,
  });
}

/** An allowance or benefit as the API shows it, rands. */
export interface BenefitApiLine {
  code: string;
  label: string;
  amount: number;
  taxable: number;
}
const benefitLines = (b: BenefitsResult): BenefitApiLine[] =>
  b.lines.map((l) => ({ code: l.code, label: l.label, amount: fromCents(l.amountCents), taxable: fromCents(l.taxableCents) }));

export function payeApi(input: PayeInput, today: Date, options: ApiOptions = {}): PayeApiResult {
  const taxYear = resolveTaxYear(input.taxYear, today);
  const b = benefitsOf(input, taxYear, input.period);
  const salaryCents = toCents(input.remuneration, 'remuneration');
  const r = calculatePaye({
    taxYear,
    period: input.period,
    remunerationCents: salaryCents + b.taxableCents,
    age: input.age,
    medicalMembers: input.medicalMembers,
    retirementContributionsCents: (c(input.retirementContributions, 'retirementContributions') ?? 0) + b.employerRetirementCents,
    bonusCents: c(input.bonus, 'bonus'),
  });
  const travel = b.lines.find((l) => l.code === 'travel_allowance');
  return {
    taxYear,
    period: input.period,
    paye: fromCents(r.payeCents),
    annualTax: fromCents(r.annualTaxCents),
    rebate: fromCents(r.rebatesCents),
    medicalCredit: fromCents(r.medicalCreditPerPeriodCents),
    working:
      options.working === false
        ? []
        : [
            ...b.lines.flatMap((l) => l.working),
            ...(b.lines.length
              ? [
                  `Pay taxed: ${formatRand(salaryCents)} + ${formatRand(b.taxableCents)} taxable allowances and benefits = ${formatRand(r.remunerationCents)}`,
                ]
              : []),
            ...explainPaye(r),
            ...b.notes,
          ],
    benefits: benefitLines(b),
    taxableBenefits: fromCents(b.taxableCents),
    travelAllowanceTaxable: fromCents(travel?.taxableCents ?? 0),
    regularPaye: fromCents(r.regularPayeCents),
    bonusPaye: fromCents(r.bonusPayeCents),
    annualEquivalent: fromCents(r.annualEquivalentCents),
    retirementDeduction: fromCents(r.retirementDeductionCents),
    taxableIncome: fromCents(r.taxableIncomeCents),
    taxBeforeRebates: fromCents(r.taxBeforeRebatesCents),
    taxAfterRebates: fromCents(r.taxAfterRebatesCents),
    medicalCreditMonthly: fromCents(r.medicalCreditMonthlyCents),
    medicalCreditAnnual: fromCents(r.medicalCreditAnnualCents),
  };
}

// ── Tax thresholds ──────────────────────────────────────────────────────────────

/** Annual tax thresholds by age band (whole rands, as SARS publishes them), and the one for `age` when given. */
export interface TaxThresholdApiResult {
  taxYear: number;
  under65: number;
  from65to74: number;
  from75: number;
  threshold: number | null;
  rebate: number | null;
  working: string[];
}

export function taxThresholdApi(input: TaxThresholdInput, today: Date): TaxThresholdApiResult {
  const taxYear = resolveTaxYear(input.taxYear, today);
  const year = getTaxYear(taxYear);
  // SARS rounds a threshold up to the rand: below it no tax is due.
  const at = (age: number) => Math.ceil(taxThresholdCentsFor(year, age) / 100);
  const band = (age: number) => (age >= 75 ? '75 and over' : age >= 65 ? '65 to 74' : 'under 65');
  const r = year.rebates;
  const working = [
    `Tax year ${year.label}: rebates primary ${formatRand(r.primaryCents)}, secondary (65+) ${formatRand(r.secondaryCents)}, tertiary (75+) ${formatRand(r.tertiaryCents)}`,
    'The threshold is the taxable income on which the tax per the table equals the rebates, so no tax is due up to it',
    ...[30, 65, 75].map((a) => `${band(a)}: ${formatRand(rebateCentsFor(year, a))} of rebates → threshold ${formatRand(at(a) * 100)}`),
  ];
  return {
    taxYear,
    under65: at(30),
    from65to74: at(65),
    from75: at(75),
    threshold: input.age === undefined ? null : at(input.age),
    rebate: input.age === undefined ? null : fromCents(rebateCentsFor(year, input.age)),
    working,
  };
}

// ── UIF / SDL / ETI ───────────────────────────────────────────────────────────────

/** UIF for one period (default monthly): employee 1%, employer 1%, total. Rands. */
export interface UifApiResult {
  employee: number;
  employer: number;
  total: number;
}

const uifOf = (input: UifInput, today: Date) =>
  calculateUif({
    taxYear: resolveTaxYear(input.taxYear, today),
    period: input.period,
    remunerationCents: toCents(input.remuneration, 'remuneration'),
    commissionCents: c(input.commission, 'commission'),
    hoursPerMonth: input.hoursPerMonth,
    excludedCategory: input.excludedCategory,
    applicable: input.uifApplicable,
  });

export function uifApi(input: UifInput, today: Date): UifApiResult {
  const r = uifOf(input, today);
  return { employee: fromCents(r.employeeCents), employer: fromCents(r.employerCents), total: fromCents(r.totalCents) };
}

/** The working behind `uifApi`'s figures (its answer is exactly employee, employer and total). */
export const uifWorking = (input: UifInput, today: Date): string[] => uifOf(input, today).working;

/** SDL on the remuneration given (same period as the remuneration); exempt when annual payroll ≤ R500 000. */
export interface SdlApiResult {
  sdl: number;
  exempt: boolean;
}

export function sdlApi(input: SdlInput, today: Date): SdlApiResult {
  const r = calculateSdl({
    taxYear: resolveTaxYear(input.taxYear, today),
    remunerationCents: toCents(input.remuneration, 'remuneration'),
    annualPayrollCents: toCents(input.annualPayroll, 'annualPayroll'),
    exemptEmployer: input.exemptEmployer,
  });
  return { sdl: fromCents(r.sdlCents), exempt: r.exempt };
}

/** ETI for one month, rands; `working` explains the table, wage test, band and gross-up/down. */
export interface EtiApiResult {
  eti: number;
  working: string[];
}

export function etiApi(input: EtiInput, today: Date, options: ApiOptions = {}): EtiApiResult {
  const r = calculateEti({
    date: input.date ?? isoDateFromDate(today, 'today'),
    remunerationCents: toCents(input.remuneration, 'remuneration'),
    hoursWorked: input.hoursWorked,
    monthOfEmployment: input.monthOfEmployment,
    age: input.age,
    specialEconomicZone: input.specialEconomicZone,
    wageRegulatingMeasureBelowNmw: input.wageRegulatingMeasureBelowNmw,
    nmwExemptEmployer: input.nmwExemptEmployer,
  });
  return { eti: fromCents(r.etiCents), working: options.working === false ? [] : r.working };
}

// ── Payslip ───────────────────────────────────────────────────────────────────

export interface PayslipApiLine {
  /** salary | commission | bonus | gross | paye | uif_employee | retirement | medical_credit | net | uif_employer | sdl | employer_cost */
  code: string;
  label: string;
  /** earning | deduction | info (already inside PAYE) | employer (employer-only cost) | total */
  type: PayslipLineType;
  amount: number;
  working: string[];
}

/** Payslip for one period, rands. netPay = gross − paye − uifEmployee − retirementContributions; employerCost = gross + uifEmployer + sdl. */
export interface PayslipApiResult {
  taxYear: number;
  period: PayPeriod;
  gross: number;
  paye: number;
  uifEmployee: number;
  uifEmployer: number;
  sdl: number;
  sdlExempt: boolean;
  /** Medical credit for the period (already set off in `paye`). */
  medicalCredit: number;
  retirementContributions: number;
  totalDeductions: number;
  netPay: number;
  employerCost: number;
  /** PAYE split: regular and bonus parts; annual tax on the regular annual equivalent. */
  regularPaye: number;
  bonusPaye: number;
  annualTax: number;
  benefits: BenefitApiLine[];
  /** Employer contributions to a retirement fund and medical scheme, in the cost to the employer. */
  employerContributions: number;
  /** Bases: PAYE (salary + commission + taxable benefits), UIF (salary + bonus, before the ceiling), SDL (cash pay). */
  payeRemuneration: number;
  uifRemuneration: number;
  sdlRemuneration: number;
  lines: PayslipApiLine[];
  working: string[];
}

export function payslipApi(input: PayslipInput, today: Date, options: ApiOptions = {}): PayslipApiResult {
  const taxYear = resolveTaxYear(input.taxYear, today);
  const r = calculatePayslip({
    taxYear,
    period: input.period,
    remunerationCents: toCents(input.remuneration, 'remuneration'),
    commissionCents: c(input.commission, 'commission'),
    bonusCents: c(input.bonus, 'bonus'),
    age: input.age,
    medicalMembers: input.medicalMembers,
    retirementContributionsCents: c(input.retirementContributions, 'retirementContributions'),
    annualPayrollCents: c(input.annualPayroll, 'annualPayroll'),
    sdlExemptEmployer: input.sdlExempt,
    uifApplicable: input.uifApplicable,
    uifExcludedCategory: input.uifExcludedCategory,
    hoursPerMonth: input.hoursPerMonth,
    benefits: benefitsOf(input, taxYear, input.period),
  });
  const w = options.working !== false;
  return {
    taxYear,
    period: r.period,
    gross: fromCents(r.grossCents),
    paye: fromCents(r.payeCents),
    uifEmployee: fromCents(r.uifEmployeeCents),
    uifEmployer: fromCents(r.uifEmployerCents),
    sdl: fromCents(r.sdlCents),
    sdlExempt: r.sdlExempt,
    medicalCredit: fromCents(r.medicalCreditCents),
    retirementContributions: fromCents(r.retirementContributionsCents),
    totalDeductions: fromCents(r.totalDeductionsCents),
    netPay: fromCents(r.netPayCents),
    employerCost: fromCents(r.employerCostCents),
    regularPaye: fromCents(r.paye.regularPayeCents),
    bonusPaye: fromCents(r.paye.bonusPayeCents),
    annualTax: fromCents(r.paye.annualTaxCents),
    benefits: benefitLines(r.benefits),
    employerContributions: fromCents(r.employerContributionsCents),
    payeRemuneration: fromCents(r.payeRemunerationCents),
    uifRemuneration: fromCents(r.uifRemunerationCents),
    sdlRemuneration: fromCents(r.sdlRemunerationCents),
    lines: r.lines.map((l) => ({
      code: l.code,
      label: l.label,
      type: l.type,
      amount: fromCents(l.amountCents),
      working: w ? l.working : [],
    })),
    working: w ? r.working : [],
  };
}

// ── Calculators: leave, overtime, notice, minimum wage ────────────────────────────────

/** BCEA leave entitlements. Days are working days; null where the input needed was not given. */
export interface LeaveApiResult {
  daysPerWeek: number;
  /** Annual leave per 12-month cycle (21 consecutive days = 3 × daysPerWeek working days). */
  annualLeaveDays: number;
  /** annualLeaveDays / 12 (1.25 on a 5-day week). */
  annualLeaveMonthlyAccrual: number;
  /** By agreement: 1 day per 17 days worked (complete days); null without daysWorked. */
  annualLeaveByDaysWorked: number | null;
  /** Annual leave earned over `monthsEmployed` at the monthly rate (before any leave taken), 2 decimals; null without it. */
  annualLeaveAccrued: number | null;
  /** Sick leave per 36-month cycle (6 weeks of days normally worked). */
  sickLeaveDaysPerCycle: number;
  sickLeaveCycleMonths: number;
  /** First 6 months: 1 day per 26 days worked; null without daysWorked or after 6 months. */
  sickLeaveFirstSixMonths: number | null;
  /** 3 days if employed more than 4 months and working at least 4 days a week; null without monthsEmployed. */
  familyResponsibilityDays: number | null;
  working: string[];
}

export function leaveApi(input: LeaveInput, options: ApiOptions = {}): LeaveApiResult {
  const d = input.daysPerWeek;
  const annual = annualLeaveEntitlement(d);
  const byDays = input.daysWorked === undefined ? null : annualLeaveByDaysWorked(input.daysWorked);
  const sick = sickLeaveDaysPerCycle(d);
  const inFirstSix = input.monthsEmployed === undefined || input.monthsEmployed <= 6;
  const sickFirst = input.daysWorked !== undefined && inFirstSix ? sickLeaveFirstSixMonths(input.daysWorked) : null;
  const family = input.monthsEmployed === undefined ? null : familyResponsibilityDays(input.monthsEmployed, d);
  // Whole hundredths of a day, rounded half-up: 15 days × 7 / 12 = 8.75.
  const accrued =
    input.monthsEmployed === undefined
      ? null
      : divRoundHalfUp(Math.round(annual.workingDaysPerCycle * 100) * Math.round(input.monthsEmployed * 100), 12 * 100) / 100;
  const working: string[] = [];
  if (options.working !== false) {
    working.push(
      `Annual leave: 21 consecutive days = 3 weeks × ${d} days = ${annual.workingDaysPerCycle} working days per 12-month cycle; ` +
        `${annual.workingDaysPerCycle} / 12 = ${annual.monthlyAccrualDays} days a month`,
    );
    if (accrued !== null)
      working.push(
        `Earned over ${input.monthsEmployed} months: ${annual.workingDaysPerCycle} × ${input.monthsEmployed} / 12 = ${accrued} days (before any leave taken)`,
      );
    if (byDays !== null) working.push(`By agreement, 1 day per 17 days worked: ${input.daysWorked} / 17 → ${byDays} days`);
    working.push(`Sick leave: 6 weeks × ${d} days = ${sick} days per 36-month cycle`);
    if (sickFirst !== null) working.push(`First 6 months: 1 day per 26 days worked: ${input.daysWorked} / 26 → ${sickFirst} days`);
    if (family !== null)
      working.push(
        family > 0
          ? `Family responsibility leave: employed ${input.monthsEmployed} months (> 4) and ${d} days a week (≥ 4): 3 days per annual cycle`
          : `Family responsibility leave: not entitled (needs more than 4 months' employment and at least 4 days a week)`,
      );
  }
  return {
    daysPerWeek: d,
    annualLeaveDays: annual.workingDaysPerCycle,
    annualLeaveMonthlyAccrual: annual.monthlyAccrualDays,
    annualLeaveByDaysWorked: byDays,
    annualLeaveAccrued: accrued,
    sickLeaveDaysPerCycle: sick,
    sickLeaveCycleMonths: 36,
    sickLeaveFirstSixMonths: sickFirst,
    familyResponsibilityDays: family,
    working,
  };
}

/** Overtime / Sunday / public holiday pay, rands. */
export interface OvertimeApiResult {
  overtimePay: number;
  sundayPay: number;
  publicHolidayPay: number;
  total: number;
  /** null when monthlyEarnings was not given. */
  aboveThreshold: boolean | null;
  /** false when above the BCEA earnings threshold: the amounts are then not statutory minimums. */
  overtimeProvisionsApply: boolean;
  /** BCEA earnings threshold a month on the date, rands. */
  thresholdMonthly: number;
  thresholdAnnual: number;
  warnings: string[];
  working: string[];
}

export function overtimeApi(input: OvertimeInput, today: Date, options: ApiOptions = {}): OvertimeApiResult {
  const date = input.date ?? isoDateFromDate(today, 'today');
  const wage = toCents(input.hourlyWage, 'hourlyWage');
  const daily = c(input.ordinaryDailyWage, 'ordinaryDailyWage');
  const ot = input.overtimeHours === undefined ? 0 : overtimePayCents(wage, input.overtimeHours);
  const sun = input.sundayHours === undefined ? 0 : sundayPayCents(wage, input.sundayHours, input.ordinarilyWorksSunday === true, daily);
  const ph =
    input.publicHolidayHours === undefined
      ? 0
      : publicHolidayPayCents({
          ordinaryDailyWageCents: daily as number,
          hourlyWageCents: wage,
          hoursWorked: input.publicHolidayHours,
          isNormalWorkday: input.publicHolidayIsNormalWorkday !== false,
        });
  const threshold = checkBceaThreshold(c(input.monthlyEarnings, 'monthlyEarnings') ?? 0, date);
  const above = input.monthlyEarnings === undefined ? null : threshold.aboveThreshold;
  const warnings: string[] = [];
  if (input.overtimeHours !== undefined && input.overtimeHours > OVERTIME_MAX_HOURS_PER_WEEK) {
    warnings.push(`Overtime is limited to 3 hours a day and 10 hours a week (${input.overtimeHours} hours given)`);
  }
  if (above === true) warnings.push(threshold.working[1]);
  const working: string[] = [];
  if (options.working !== false) {
    if (input.overtimeHours !== undefined)
      working.push(`Overtime: ${input.overtimeHours} h × ${formatRand(wage)} × 1.5 = ${formatRand(ot)}`);
    if (input.sundayHours !== undefined) {
      const m = input.ordinarilyWorksSunday === true ? '1.5 (ordinarily works Sundays)' : '2 (does not ordinarily work Sundays)';
      working.push(
        `Sunday: ${input.sundayHours} h × ${formatRand(wage)} × ${m} = ${formatRand(sun)}` +
          (daily !== undefined ? ` (at least the ordinary daily wage ${formatRand(daily)})` : ''),
      );
    }
    if (input.publicHolidayHours !== undefined && daily !== undefined) {
      const earned = divRoundHalfUp(wage * toFixedUnits(input.publicHolidayHours, 2, 'publicHolidayHours'), 100);
      working.push(
        input.publicHolidayIsNormalWorkday !== false
          ? `Public holiday on a normal work day: the greater of 2 × ${formatRand(daily)} = ${formatRand(2 * daily)} and ` +
              `${formatRand(daily)} + ${formatRand(earned)} earned = ${formatRand(daily + earned)} → ${formatRand(ph)}`
          : `Public holiday on a day not normally worked: ${formatRand(daily)} + ${formatRand(earned)} earned = ${formatRand(ph)}`,
      );
    }
    if (input.monthlyEarnings !== undefined) working.push(...threshold.working);
    else working.push(threshold.working[0]);
  }
  return {
    overtimePay: fromCents(ot),
    sundayPay: fromCents(sun),
    publicHolidayPay: fromCents(ph),
    total: fromCents(ot + sun + ph),
    aboveThreshold: above,
    overtimeProvisionsApply: above !== true,
    thresholdMonthly: fromCents(threshold.monthlyCents),
    thresholdAnnual: fromCents(threshold.annualCents),
    warnings,
    working,
  };
}

export interface NoticeApiResult {
  noticeWeeks: number;
  working: string[];
}

export function noticeApi(input: NoticeInput, options: ApiOptions = {}): NoticeApiResult {
  const t = input.workerType ?? 'general';
  const weeks = noticePeriodWeeks(input.monthsEmployed, t);
  const working =
    options.working === false
      ? []
      : [
          `s37 minimum notice for a ${t} worker employed ${input.monthsEmployed} months: ${weeks} week${weeks === 1 ? '' : 's'} ` +
            `(1 week up to 6 months; 2 weeks over 6 months and under 1 year; 4 weeks from 1 year, or for farm and domestic workers employed over 6 months). Notice must be in writing.`,
        ];
  return { noticeWeeks: weeks, working };
}

/** Minimum wage check, rands. */
export interface MinimumWageApiResult {
  /** NMW (or EPWP rate) per hour on the date. */
  nmwHourly: number;
  effectiveFrom: string;
  hourlyRatePaid: number;
  belowMinimum: boolean;
  shortfallPerHour: number;
  /** Shortfall over the hours given; null without hours. */
  shortfall: number | null;
  /** Minimum for a 45-hour week. */
  weeklyMinimum: number;
  /** Minimum a month at 45 hours × 4.333 weeks. */
  monthlyMinimum: number;
  working: string[];
}

export function minimumWageApi(input: MinimumWageInput, today: Date, options: ApiOptions = {}): MinimumWageApiResult {
  const date = input.date ?? isoDateFromDate(today, 'today');
  const r = checkMinimumWage({
    date,
    category: input.category,
    hourlyRateCents: c(input.hourlyRate, 'hourlyRate'),
    remunerationCents: c(input.remuneration, 'remuneration'),
    hours: input.hours,
  });
  const eq = minimumWageEquivalents(r.nmwHourlyCents, { hoursPerWeek: 45, weeksPerMonth: 4.333 });
  const working =
    options.working === false
      ? []
      : [
          ...r.working,
          `Minimum for a 45-hour week: ${formatRand(r.nmwHourlyCents)} × 45 = ${formatRand(eq.weeklyCents)}; ` +
            `a month at 4.333 weeks: ${formatRand(eq.weeklyCents)} × 4.333 = ${formatRand(eq.monthlyByWeeksCents)}`,
        ];
  return {
    nmwHourly: fromCents(r.nmwHourlyCents),
    effectiveFrom: r.effectiveFrom,
    hourlyRatePaid: fromCents(r.hourlyRateCents),
    belowMinimum: r.belowMinimum,
    shortfallPerHour: fromCents(r.shortfallPerHourCents),
    shortfall: r.shortfallCents === null ? null : fromCents(r.shortfallCents),
    weeklyMinimum: fromCents(eq.weeklyCents),
    monthlyMinimum: fromCents(eq.monthlyByWeeksCents),
    working,
  };
}

// ── Deadlines ────────────────────────────────────────────────────────────────────

/** A return's due date, moved to the last business day before a weekend or public holiday where the rule says so. */
export function deadlineApi(input: DeadlineInput, today: Date): Deadline {
  const date = isoDateFromDate(today, 'today');
  const kind = input.return;
  if (kind === 'emp201' || kind === 'uif-declaration') return deadlineFor(kind, { month: input.month ?? nextMonthlyPeriod(kind, date) });
  return deadlineFor(kind, { taxYear: input.taxYear ?? taxYearForDate(today) });
}

// ── Leave pay ────────────────────────────────────────────────────────────────────

/** The value of leave days at the s35 daily rate, rands. */
export interface LeavePayApiResult {
  weekly: number;
  daily: number;
  days: number;
  value: number;
  working: string[];
}

export function leavePayApi(input: LeavePayInput, options: ApiOptions = {}): LeavePayApiResult {
  const r = leavePay({
    remunerationCents: toCents(input.remuneration, 'remuneration'),
    period: input.period,
    daysPerWeek: input.daysPerWeek,
    leaveDaysHundredths: input.days === undefined ? undefined : toFixedUnits(input.days, 2, 'days'),
    daysWorked: input.days === undefined ? input.daysWorked : undefined,
  });
  return {
    weekly: fromCents(r.weeklyCents),
    daily: fromCents(r.dailyCents),
    days: r.days,
    value: fromCents(r.valueCents),
    working: options.working === false ? [] : r.working,
  };
}

// ── Bonus, termination, leave accrual, a month's payroll ────────────────────────────

/** A month with a bonus, rands: the tax on the bonus itself first, then the month's totals. */
export interface BonusApiResult {
  taxYear: number;
  bonus: number;
  /** Tax on (annual equivalent + bonus) − tax on the annual equivalent: withheld in full this month. */
  taxOnBonus: number;
  /** PAYE on the salary alone, a month. */
  regularPaye: number;
  /** The month's total PAYE: regular + on the bonus. */
  monthPaye: number;
  uifEmployee: number;
  uifEmployer: number;
  sdl: number;
  /** The month's net pay: salary + bonus − PAYE − UIF − retirement contributions. */
  netPay: number;
  /** Annual tax with the bonus in it. */
  annualTaxWithBonus: number;
  working: string[];
}

export function bonusApi(input: BonusInput, today: Date): BonusApiResult {
  const s = payslipApi({ ...input, period: 'monthly' }, today);
  const bonusCents = toCents(input.bonus, 'bonus');
  const lines = s.lines.find((l) => l.code === 'paye')?.working ?? [];
  return {
    taxYear: s.taxYear,
    bonus: input.bonus,
    taxOnBonus: s.bonusPaye,
    regularPaye: s.regularPaye,
    monthPaye: s.paye,
    uifEmployee: s.uifEmployee,
    uifEmployer: s.uifEmployer,
    sdl: s.sdl,
    netPay: s.netPay,
    annualTaxWithBonus: fromCents(toCents(s.annualTax, 'annualTax') + toCents(s.bonusPaye, 'bonusPaye')),
    working: [
      `Tax on the bonus of ${formatRand(bonusCents)} (annual payment, IRP5 code 3605): ${formatRand(toCents(s.bonusPaye, 'bonusPaye'))}, withheld in full this month`,
      ...lines,
      `UIF on the month's total (salary + bonus) up to the ceiling: ${formatRand(toCents(s.uifEmployee, 'uif'))} each side; SDL 1% of salary + bonus: ${formatRand(toCents(s.sdl, 'sdl'))}`,
      ...s.working,
    ],
  };
}

/** Termination pay, rands; see termination.ts. */
export interface TerminationApiResult {
  taxYear: number;
  monthsEmployed: number;
  weeklyPay: number;
  dailyRate: number;
  noticeWeeks: number;
  noticePay: number;
  completedYears: number;
  severance: number;
  leaveDays: number;
  leavePay: number;
  proRataBonus: number;
  /** Notice pay + leave pay + pro-rata bonus. */
  annualPayments: number;
  payeOnAnnualPayments: number;
  /** The lump-sum table estimate for severance; SARS's directive decides. */
  severanceTaxEstimate: number;
  directiveRequired: boolean;
  uifEachSide: number;
  total: number;
  netEstimate: number;
  working: string[];
  notes: string[];
}

export function terminationApi(input: TerminationInput, today: Date): TerminationApiResult {
  const taxYear = resolveTaxYear(input.taxYear, today);
  const months =
    input.startDate && input.endDate
      ? completedMonths(input.startDate, input.endDate)
      : (input.serviceYears ?? 0) * 12 + (input.serviceMonths ?? 0);
  let leaveHundredths = input.leaveDays === undefined ? undefined : toFixedUnits(input.leaveDays, 2, 'leaveDays');
  const leaveWorking: string[] = [];
  if (leaveHundredths === undefined && input.leaveCycleStart && input.endDate) {
    const a = leaveAccrual({
      daysPerWeek: input.daysPerWeek,
      monthsInCycle: Math.min(12, completedMonths(input.leaveCycleStart, input.endDate, 'leaveCycleStart')),
      takenHundredths: input.leaveDaysTaken === undefined ? 0 : toFixedUnits(input.leaveDaysTaken, 2, 'leaveDaysTaken'),
      monthsEmployed: months,
    });
    leaveHundredths = a.availableHundredths;
    leaveWorking.push(...a.working.slice(0, input.leaveDaysTaken ? 3 : 2).map((w) => `Leave due: ${w}`));
  }
  const r = calculateTermination({
    taxYear,
    remunerationCents: toCents(input.remuneration, 'remuneration'),
    period: input.period,
    employerContributionsCents: c(input.employerContributions, 'employerContributions'),
    daysPerWeek: input.daysPerWeek,
    monthsEmployed: months,
    reason: input.reason,
    workerType: input.workerType,
    noticePaidInLieu: input.noticePaidInLieu,
    leaveDaysHundredths: leaveHundredths,
    proRataBonusCents: c(input.proRataBonus, 'proRataBonus'),
    age: input.age,
    medicalMembers: input.medicalMembers,
    earlierLumpSumsCents: c(input.earlierLumpSums, 'earlierLumpSums'),
  });
  const w = [...r.working];
  if (leaveWorking.length)
    w.splice(
      w.findIndex((x) => x.startsWith('Leave pay-out')),
      0,
      ...leaveWorking,
    );
  return {
    taxYear,
    monthsEmployed: months,
    weeklyPay: fromCents(r.weeklyCents),
    dailyRate: fromCents(r.dailyCents),
    noticeWeeks: r.noticeWeeks,
    noticePay: fromCents(r.noticePayCents),
    completedYears: r.completedYears,
    severance: fromCents(r.severanceCents),
    leaveDays: r.leaveDays,
    leavePay: fromCents(r.leavePayCents),
    proRataBonus: fromCents(r.proRataBonusCents),
    annualPayments: fromCents(r.annualPaymentsCents),
    payeOnAnnualPayments: fromCents(r.annualPaymentsPayeCents),
    severanceTaxEstimate: fromCents(r.severanceTaxEstimateCents),
    directiveRequired: r.severanceCents > 0,
    uifEachSide: fromCents(r.uifEachSideCents),
    total: fromCents(r.totalCents),
    netEstimate: fromCents(r.netEstimateCents),
    working: w,
    notes: r.notes,
  };
}

/** Leave earned to a date, days; the value of the leave available when a monthly pay is given. */
export interface LeaveAccrualApiResult {
  monthsInCycle: number;
  monthsEmployed: number;
  cycleDays: number;
  accruedByMonths: number;
  accruedByDaysWorked: number | null;
  accrued: number;
  taken: number;
  available: number;
  sickLeave: number;
  sickLeaveCycleMonths: number;
  familyResponsibilityDays: number;
  dailyRate: number | null;
  value: number | null;
  working: string[];
}

export function leaveAccrualApi(input: LeaveAccrualInput, today: Date): LeaveAccrualApiResult {
  const asOf = input.asOf ?? isoDateFromDate(today, 'today');
  const monthsInCycle = input.months ?? Math.min(12, completedMonths(input.cycleStart!, asOf, 'asOf'));
  const assumedFirstCycle = input.monthsEmployed === undefined;
  const monthsEmployed = input.monthsEmployed ?? monthsInCycle;
  const a = leaveAccrual({
    daysPerWeek: input.daysPerWeek,
    monthsInCycle,
    daysWorked: input.daysWorked,
    takenHundredths: input.daysTaken === undefined ? undefined : toFixedUnits(input.daysTaken, 2, 'daysTaken'),
    monthsEmployed,
    sickTaken: input.sickDaysTaken,
  });
  const working = [
    ...(input.cycleStart && input.months === undefined
      ? [`Cycle from ${input.cycleStart} to ${asOf}: ${monthsInCycle} completed months`]
      : []),
    ...a.working,
  ];
  if (assumedFirstCycle) working.push(`Assumed to be the first leave cycle: employed ${monthsEmployed} months`);
  let daily: number | null = null;
  let value: number | null = null;
  if (input.remuneration !== undefined) {
    const l = leavePay({
      remunerationCents: toCents(input.remuneration, 'remuneration'),
      period: 'monthly',
      daysPerWeek: input.daysPerWeek,
      leaveDaysHundredths: a.availableHundredths,
    });
    daily = fromCents(l.dailyCents);
    value = fromCents(l.valueCents);
    working.push(`Value of ${a.availableHundredths / 100} days: ${l.working.slice(0, 2).join('; ')}; = ${formatRand(l.valueCents)}`);
  }
  return {
    monthsInCycle,
    monthsEmployed,
    cycleDays: a.cycleDays,
    accruedByMonths: a.byMonthsHundredths / 100,
    accruedByDaysWorked: a.byDaysWorkedHundredths === null ? null : a.byDaysWorkedHundredths / 100,
    accrued: a.accruedHundredths / 100,
    taken: a.takenHundredths / 100,
    available: a.availableHundredths / 100,
    sickLeave: a.sick.available,
    sickLeaveCycleMonths: a.sick.cycleMonths,
    familyResponsibilityDays: a.familyResponsibility.days,
    dailyRate: daily,
    value,
    working,
  };
}

/** A month's payroll, rands: per person and in total, and the EMP201. */
export interface PayrollRunApiResult {
  month: string;
  taxYear: number;
  employees: {
    name: string;
    gross: number;
    paye: number;
    uifEmployee: number;
    uifEmployer: number;
    sdl: number;
    eti: number;
    netPay: number;
    etiNote?: string;
  }[];
  totals: { gross: number; paye: number; uifEmployee: number; uifEmployer: number; sdl: number; eti: number; netPay: number };
  sdlExempt: boolean;
  annualPayroll: number;
  /** PAYE + UIF (both sides) + SDL. */
  liability: number;
  etiUsed: number;
  /** The EMP201 payment: liability − ETI set off against PAYE. */
  emp201: number;
  dueDate: string;
  working: string[];
}

const runLine = (l: Omit<RunLine, 'name' | 'etiNote'>) => ({
  gross: fromCents(l.grossCents),
  paye: fromCents(l.payeCents),
  uifEmployee: fromCents(l.uifEmployeeCents),
  uifEmployer: fromCents(l.uifEmployerCents),
  sdl: fromCents(l.sdlCents),
  eti: fromCents(l.etiCents),
  netPay: fromCents(l.netPayCents),
});

export function payrollRunApi(input: PayrollRunInput, today: Date): PayrollRunApiResult {
  const month = input.month ?? isoDateFromDate(today, 'today').slice(0, 7);
  const r = calculatePayrollRun({
    month,
    annualPayrollCents: c(input.annualPayroll, 'annualPayroll'),
    employees: input.employees.map((e, i) => ({
      name: e.name || `Employee ${i + 1}`,
      remunerationCents: toCents(e.remuneration, `employees.${i}.remuneration`),
      age: e.age,
      bonusCents: c(e.bonus, `employees.${i}.bonus`),
      hoursPerMonth: e.hoursPerMonth,
      etiMonth: e.etiMonth,
    })),
  });
  return {
    month,
    taxYear: r.taxYear,
    employees: r.lines.map((l) => ({ name: l.name, ...runLine(l), ...(l.etiNote ? { etiNote: l.etiNote } : {}) })),
    totals: runLine(r.totals),
    sdlExempt: r.sdlExempt,
    annualPayroll: fromCents(r.annualPayrollCents),
    liability: fromCents(r.liabilityCents),
    etiUsed: fromCents(r.etiUsedCents),
    emp201: fromCents(r.payableCents),
    dueDate: r.dueDate,
    working: r.working,
  };
}
