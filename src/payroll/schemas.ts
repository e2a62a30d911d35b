/**
 * Zod schemas for every payroll input, one file on purpose: they share the field helpers at the top, so every
 * field of every calculator is read and worded the same way. Money is in RANDS (JSON numbers, at most 2 decimals);
 * numeric strings such as "20000.50" are accepted too (HTML forms). Every error message names
 * its field, e.g. "remuneration must not be negative", "age must be at most 130",
 * "taxYear 2031 is not supported; supported tax years: 2024, 2025, 2026, 2027",
 * "period must be one of monthly, fortnightly, weekly, annual (got \"sometimes\")".
 */
import { z } from 'zod';
import { isIsoDate } from './dates.js';
import { RETURNS } from './deadlines.js';
import { parseEmployeeTable } from './employee-table.js';
import { TERMINATION_REASONS } from './termination.js';
import { hasAtMostDecimals } from './money.js';
import { PAY_PERIODS } from './types.js';
import { UIF_EXCLUSIONS } from './uif.js';
import { describeSupportedTaxYears, isSupportedTaxYear } from './years/index.js';

/** Largest rand amount accepted per period (R100 000 000). */
export const MAX_RANDS = 100_000_000;
/** Largest annual payroll accepted (R10 000 000 000). */
export const MAX_ANNUAL_RANDS = 10_000_000_000;

function numericString(v: unknown): unknown {
  if (typeof v === 'string') {
    const t = v.trim();
    if (t !== '' && /^[+-]?(\d+\.?\d*|\.\d+)$/.test(t)) return Number(t);
  }
  return v;
}

function boolString(v: unknown): unknown {
  if (typeof v === 'string') {
    const t = v.trim().toLowerCase();
    if (t === 'true' || t === 'on' || t === '1' || t === 'yes') return true;
    if (t === 'false' || t === 'off' || t === '0' || t === 'no') return false;
  }
  return v;
}

function numberError(field: string, what: string) {
  return (iss: { input?: unknown }) =>
    iss.input === undefined ? `${field} is required` : `${field} must be ${what} (got ${JSON.stringify(iss.input) ?? String(iss.input)})`;
}

function formatMax(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
}

/** A non-negative rand amount with at most 2 decimals. */
export function randsField(field: string, max = MAX_RANDS) {
  return z.preprocess(
    numericString,
    z
      .number({ error: numberError(field, 'a number of rands') })
      .min(0, `${field} must not be negative`)
      .max(max, `${field} must be at most R${formatMax(max)}`)
      .refine((v) => hasAtMostDecimals(v, 2), `${field} must have at most 2 decimal places (cents)`),
  );
}

/** A whole number in [min, max]. */
export function intField(field: string, min: number, max: number, unit = '') {
  const u = unit ? ` ${unit}` : '';
  const whole = unit ? `a whole number of ${unit}` : 'a whole number';
  return z.preprocess(
    numericString,
    z
      .number({ error: numberError(field, whole) })
      .int(`${field} must be ${whole}`)
      .min(min, min === 0 ? `${field} must not be negative` : `${field} must be at least ${min}${u}`)
      .max(max, `${field} must be at most ${max}${u}`),
  );
}

/** A decimal quantity (hours, days, months) with at most `dp` decimals. */
export function quantityField(field: string, min: number, max: number, opts: { dp?: number; exclusiveMin?: boolean; unit?: string } = {}) {
  const dp = opts.dp ?? 2;
  const u = opts.unit ? ` ${opts.unit}` : '';
  let n = z.number({ error: numberError(field, opts.unit ? `a number of ${opts.unit}` : 'a number') });
  n = opts.exclusiveMin
    ? n.gt(min, `${field} must be more than ${min}${u}`)
    : n.min(min, min === 0 ? `${field} must not be negative` : `${field} must be at least ${min}${u}`);
  return z.preprocess(
    numericString,
    n
      .max(max, `${field} must be at most ${max}${u}`)
      .refine((v) => hasAtMostDecimals(v, dp), `${field} must have at most ${dp} decimal places`),
  );
}

export function boolField(field: string) {
  return z.preprocess(boolString, z.boolean({ error: numberError(field, 'true or false') }));
}

export const ageField = (field = 'age') => intField(field, 0, 130, 'years');

export const taxYearField = z.preprocess(
  numericString,
  z
    .number({ error: numberError('taxYear', 'a tax year such as 2027') })
    .int('taxYear must be a whole year such as 2027')
    .refine((y) => isSupportedTaxYear(y), {
      error: (iss) => `taxYear ${String(iss.input)} is not supported; supported tax years: ${describeSupportedTaxYears()}`,
    }),
);

export const periodField = z.enum(PAY_PERIODS as [string, ...string[]], {
  error: (iss) =>
    iss.input === undefined
      ? 'period is required (one of monthly, fortnightly, weekly, annual)'
      : `period must be one of monthly, fortnightly, weekly, annual (got ${JSON.stringify(iss.input)})`,
}) as unknown as z.ZodEnum<{ monthly: 'monthly'; fortnightly: 'fortnightly'; weekly: 'weekly'; annual: 'annual' }>;

export const isoDateField = (field = 'date') =>
  z.string({ error: numberError(field, 'a date in the form yyyy-mm-dd') }).refine((s) => isIsoDate(s), {
    error: (iss) => `${field} must be a calendar date in the form yyyy-mm-dd (got ${JSON.stringify(iss.input)})`,
  });

export const medicalMembersField = intField('medicalMembers', 0, 50, 'people');

const uifExclusionKeys = Object.keys(UIF_EXCLUSIONS) as [keyof typeof UIF_EXCLUSIONS, ...(keyof typeof UIF_EXCLUSIONS)[]];
export const uifExcludedCategoryField = (field: string) =>
  z.enum(uifExclusionKeys, {
    error: (iss) => `${field} must be one of ${uifExclusionKeys.join(', ')} (got ${JSON.stringify(iss.input)})`,
  });

// ── API input schemas ──────────────────────────────────────────────────────────

const percentField = (field: string) => quantityField(field, 0, 100, { unit: 'percent' });

/** Allowances and fringe benefits, per period, taken by the PAYE and net-pay calculators (see benefits.ts). */
export const benefitsShape = {
  /** Fixed travel allowance: 80% is remuneration for PAYE (20% with `travelMostlyBusiness`). */
  travelAllowance: randsField('travelAllowance').optional(),
  travelMostlyBusiness: boolField('travelMostlyBusiness').optional(),
  /** Reimbursive allowance: rate paid per business km and the km travelled in the period. */
  reimbursiveRate: randsField('reimbursiveRate', 1_000).optional(),
  businessKm: quantityField('businessKm', 0, 100_000, { unit: 'km' }).optional(),
  /** Company car: determined value (cost incl. VAT, or retail market value), monthly pay only. */
  companyCarValue: randsField('companyCarValue', 10_000_000).optional(),
  companyCarMaintenancePlan: boolField('companyCarMaintenancePlan').optional(),
  companyCarMostlyBusiness: boolField('companyCarMostlyBusiness').optional(),
  companyCarDays: intField('companyCarDays', 0, 31, 'days').optional(),
  daysInMonth: intField('daysInMonth', 28, 31, 'days').optional(),
  employerRetirementContributions: randsField('employerRetirementContributions').optional(),
  employerMedicalContributions: randsField('employerMedicalContributions').optional(),
  /** Loan from the employer: balance, yearly rate charged (%), official rate (%) if not the default. */
  loan: randsField('loan').optional(),
  loanInterestRate: percentField('loanInterestRate').optional(),
  officialInterestRate: percentField('officialInterestRate').optional(),
  loanKind: z
    .enum(['casual', 'study'], { error: (iss) => `loanKind must be one of casual, study (got ${JSON.stringify(iss.input)})` })
    .optional(),
};
export type BenefitsInput = { [K in keyof typeof benefitsShape]?: z.output<(typeof benefitsShape)[K]> };

/** PAYE: amounts per period in rands. taxYear defaults to the tax year of the `today` argument. */
export const payeInputSchema = z.object({
  taxYear: taxYearField.optional(),
  period: periodField,
  /** Regular remuneration for one period. */
  remuneration: randsField('remuneration'),
  /** Age on the last day of the tax year. */
  age: ageField(),
  /** People on the medical scheme including the main member. */
  medicalMembers: medicalMembersField.optional(),
  /** Employee's own retirement fund / RA contributions through payroll, per period. */
  retirementContributions: randsField('retirementContributions').optional(),
  /** Bonus or other irregular payment in this period. */
  bonus: randsField('bonus').optional(),
  ...benefitsShape,
});

export const uifInputSchema = z.object({
  taxYear: taxYearField.optional(),
  /** Remuneration for the period, excluding commission. */
  remuneration: randsField('remuneration'),
  period: periodField.optional(),
  /** Commission in the period (excluded from the UIF base). */
  commission: randsField('commission').optional(),
  /** Hours a month worked for this employer; fewer than 24 → excluded. */
  hoursPerMonth: quantityField('hoursPerMonth', 0, 744, { unit: 'hours' }).optional(),
  excludedCategory: uifExcludedCategoryField('excludedCategory').optional(),
  /** false → excluded from UIF. */
  uifApplicable: boolField('uifApplicable').optional(),
});

export const sdlInputSchema = z.object({
  taxYear: taxYearField.optional(),
  /** Leviable remuneration for the period. */
  remuneration: randsField('remuneration'),
  /** Employer's expected leviable remuneration over 12 months (whole payroll). */
  annualPayroll: randsField('annualPayroll', MAX_ANNUAL_RANDS),
  /** Employer exempt for another reason (public body, PBO, certified municipality). */
  exemptEmployer: boolField('exemptEmployer').optional(),
});

export const etiInputSchema = z.object({
  /** Monthly remuneration. */
  remuneration: randsField('remuneration'),
  /** Hours employed and paid in the month (default 160). */
  hoursWorked: quantityField('hoursWorked', 0, 744, { exclusiveMin: true, unit: 'hours' }).optional(),
  monthOfEmployment: intField('monthOfEmployment', 1, 24),
  /** Age at the end of the month. */
  age: ageField(),
  /** yyyy-mm-dd, defaults to the `today` argument. Picks the ETI table (1 April 2025 change) and the NMW. */
  date: isoDateField().optional(),
  specialEconomicZone: boolField('specialEconomicZone').optional(),
  wageRegulatingMeasureBelowNmw: boolField('wageRegulatingMeasureBelowNmw').optional(),
  nmwExemptEmployer: boolField('nmwExemptEmployer').optional(),
});

export const payslipInputSchema = z
  .object({
    taxYear: taxYearField.optional(),
    period: periodField.default('monthly'),
    /** Regular salary/wage for the period, excluding commission and bonus. */
    remuneration: randsField('remuneration'),
    commission: randsField('commission').optional(),
    bonus: randsField('bonus').optional(),
    age: ageField(),
    medicalMembers: medicalMembersField.optional(),
    retirementContributions: randsField('retirementContributions').optional(),
    /** Employer's expected annual leviable payroll; omitted → SDL applies. */
    annualPayroll: randsField('annualPayroll', MAX_ANNUAL_RANDS).optional(),
    sdlExempt: boolField('sdlExempt').optional(),
    uifApplicable: boolField('uifApplicable').optional(),
    uifExcludedCategory: uifExcludedCategoryField('uifExcludedCategory').optional(),
    hoursPerMonth: quantityField('hoursPerMonth', 0, 744, { unit: 'hours' }).optional(),
    ...benefitsShape,
  })
  .superRefine((v, ctx) => {
    const gross = v.remuneration + (v.commission ?? 0) + (v.bonus ?? 0);
    if ((v.retirementContributions ?? 0) > gross) {
      ctx.addIssue({
        code: 'custom',
        path: ['retirementContributions'],
        message: 'retirementContributions cannot be more than the gross pay for the period',
      });
    }
  });

export const leaveInputSchema = z.object({
  /** Days normally worked a week (default 5). */
  daysPerWeek: intField('daysPerWeek', 1, 7, 'days').default(5),
  /** Months employed by this employer. */
  monthsEmployed: quantityField('monthsEmployed', 0, 1200, { unit: 'months' }).optional(),
  /** Days worked (for "1 day per 17 days worked" and the first-6-months sick leave rule). */
  daysWorked: quantityField('daysWorked', 0, 20_000, { unit: 'days' }).optional(),
});

export const overtimeInputSchema = z
  .object({
    hourlyWage: randsField('hourlyWage', 1_000_000),
    overtimeHours: quantityField('overtimeHours', 0, 744, { unit: 'hours' }).optional(),
    sundayHours: quantityField('sundayHours', 0, 24, { unit: 'hours' }).optional(),
    ordinarilyWorksSunday: boolField('ordinarilyWorksSunday').optional(),
    publicHolidayHours: quantityField('publicHolidayHours', 0, 24, { unit: 'hours' }).optional(),
    publicHolidayIsNormalWorkday: boolField('publicHolidayIsNormalWorkday').optional(),
    ordinaryDailyWage: randsField('ordinaryDailyWage', 10_000_000).optional(),
    /** Regular monthly earnings, for the BCEA earnings-threshold test. */
    monthlyEarnings: randsField('monthlyEarnings').optional(),
    /** yyyy-mm-dd for the threshold; defaults to the `today` argument. */
    date: isoDateField().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.publicHolidayHours !== undefined && v.ordinaryDailyWage === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['ordinaryDailyWage'],
        message: 'ordinaryDailyWage is required when publicHolidayHours is given',
      });
    }
  });

export const noticeInputSchema = z.object({
  monthsEmployed: quantityField('monthsEmployed', 0, 1200, { unit: 'months' }),
  workerType: z
    .enum(['general', 'farm', 'domestic'], {
      error: (iss) => `workerType must be one of general, farm, domestic (got ${JSON.stringify(iss.input)})`,
    })
    .optional(),
});

export const minimumWageInputSchema = z
  .object({
    /** Hourly rate paid. */
    hourlyRate: randsField('hourlyRate', 1_000_000).optional(),
    /** Pay for `hours` ordinary hours (alternative to hourlyRate). */
    remuneration: randsField('remuneration').optional(),
    hours: quantityField('hours', 0, 744, { exclusiveMin: true, unit: 'hours' }).optional(),
    date: isoDateField().optional(),
    category: z
      .enum(['general', 'epwp'], { error: (iss) => `category must be one of general, epwp (got ${JSON.stringify(iss.input)})` })
      .optional(),
  })
  .superRefine((v, ctx) => {
    if (v.hourlyRate === undefined && v.remuneration === undefined) {
      ctx.addIssue({ code: 'custom', path: ['hourlyRate'], message: 'hourlyRate or remuneration (with hours) is required' });
    }
    if (v.remuneration !== undefined && v.hours === undefined) {
      ctx.addIssue({ code: 'custom', path: ['hours'], message: 'hours is required when remuneration is given' });
    }
  });

/** Tax thresholds: the tax year (default: today's) and, optionally, the age whose threshold is wanted. */
export const taxThresholdInputSchema = z.object({
  taxYear: taxYearField.optional(),
  age: ageField().optional(),
});

/** The value of leave days at the daily rate: the pay and its period, days a week, and the days (or days worked for the s40(c) floor). */
export const leavePayInputSchema = z
  .object({
    /** Pay for the period, with employer contributions that count as remuneration (GN 691). */
    remuneration: randsField('remuneration'),
    period: z
      .enum(['monthly', 'weekly', 'daily'], {
        error: (iss) => `period must be one of monthly, weekly, daily (got ${JSON.stringify(iss.input)})`,
      })
      .default('monthly'),
    daysPerWeek: intField('daysPerWeek', 1, 7, 'days').default(5),
    /** Leave days to pay out or value. */
    days: quantityField('days', 0, 1000, { unit: 'days' }).optional(),
    /** Days worked or paid in an incomplete cycle: 1 day per 17 (s40(c)), instead of `days`. */
    daysWorked: quantityField('daysWorked', 0, 20_000, { unit: 'days' }).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.days === undefined && v.daysWorked === undefined)
      ctx.addIssue({ code: 'custom', path: ['days'], message: 'days (or daysWorked) is required' });
  });

export type LeavePayInput = z.output<typeof leavePayInputSchema>;

/** A return's due date: the month a monthly return is for, or the tax year of a yearly one (defaults: the next one due). */
export const deadlineInputSchema = z.object({
  return: z.enum(RETURNS, { error: (iss) => `return must be one of ${RETURNS.join(', ')} (got ${JSON.stringify(iss.input)})` }),
  /** yyyy-mm: the month an EMP201 or UIF declaration is for. */
  month: z
    .string({ error: numberError('month', 'a month in the form yyyy-mm') })
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'month must be a month in the form yyyy-mm')
    .optional(),
  /** The tax year (by the year it ends) of an EMP501, IRP5 or provisional payment. */
  taxYear: z
    .preprocess(
      numericString,
      z
        .number({ error: numberError('taxYear', 'a tax year such as 2027') })
        .int('taxYear must be a whole year such as 2027')
        .min(2000)
        .max(2100),
    )
    .optional(),
});

export type DeadlineInput = z.output<typeof deadlineInputSchema>;
/** A bonus or 13th cheque in a month: the month's salary, the bonus and the facts PAYE needs. */
export const bonusInputSchema = z.object({
  taxYear: taxYearField.optional(),
  /** The month's regular salary. */
  remuneration: randsField('remuneration'),
  bonus: randsField('bonus'),
  age: ageField(),
  medicalMembers: medicalMembersField.optional(),
  retirementContributions: randsField('retirementContributions').optional(),
  annualPayroll: randsField('annualPayroll', MAX_ANNUAL_RANDS).optional(),
  ...benefitsShape,
});
export type BonusInput = z.output<typeof bonusInputSchema>;

const dateOrder = (v: { startDate?: string; endDate?: string }, ctx: z.RefinementCtx) => {
  if (v.startDate && v.endDate && v.endDate < v.startDate)
    ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'endDate must not be before startDate' });
};

/** What is paid when employment ends: service by dates or by years and months, the reason, leave due, notice. */
export const terminationInputSchema = z
  .object({
    taxYear: taxYearField.optional(),
    remuneration: randsField('remuneration'),
    period: z
      .enum(['monthly', 'weekly', 'daily'], {
        error: (iss) => `period must be one of monthly, weekly, daily (got ${JSON.stringify(iss.input)})`,
      })
      .default('monthly'),
    /** Employer pension, provident and medical contributions for the same period (remuneration under GN 691). */
    employerContributions: randsField('employerContributions').optional(),
    daysPerWeek: intField('daysPerWeek', 1, 7, 'days').default(5),
    startDate: isoDateField('startDate').optional(),
    endDate: isoDateField('endDate').optional(),
    serviceYears: intField('serviceYears', 0, 80, 'years').optional(),
    serviceMonths: intField('serviceMonths', 0, 11, 'months').optional(),
    reason: z.enum(TERMINATION_REASONS, {
      error: (iss) =>
        iss.input === undefined
          ? `reason is required (one of ${TERMINATION_REASONS.join(', ')})`
          : `reason must be one of ${TERMINATION_REASONS.join(', ')} (got ${JSON.stringify(iss.input)})`,
    }),
    workerType: z
      .enum(['general', 'farm', 'domestic'], {
        error: (iss) => `workerType must be one of general, farm, domestic (got ${JSON.stringify(iss.input)})`,
      })
      .optional(),
    noticePaidInLieu: boolField('noticePaidInLieu').optional(),
    /** Annual leave due and not taken; or the leave cycle's start and the days taken in it. */
    leaveDays: quantityField('leaveDays', 0, 1000, { unit: 'days' }).optional(),
    leaveCycleStart: isoDateField('leaveCycleStart').optional(),
    leaveDaysTaken: quantityField('leaveDaysTaken', 0, 1000, { unit: 'days' }).optional(),
    proRataBonus: randsField('proRataBonus').optional(),
    age: ageField(),
    medicalMembers: medicalMembersField.optional(),
    /** Retirement, withdrawal and severance lump sums received before. */
    earlierLumpSums: randsField('earlierLumpSums', MAX_ANNUAL_RANDS).optional(),
  })
  .superRefine((v, ctx) => {
    dateOrder(v, ctx);
    if (!(v.startDate && v.endDate) && v.serviceYears === undefined && v.serviceMonths === undefined) {
      ctx.addIssue({ code: 'custom', path: ['serviceYears'], message: 'serviceYears is required (or startDate and endDate)' });
    }
    if (v.leaveCycleStart && !v.endDate)
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'endDate is required with leaveCycleStart' });
  });
export type TerminationInput = z.output<typeof terminationInputSchema>;

/** Leave earned to a date: months in the cycle (or its start and the date), days worked, taken, and the pay to value it. */
export const leaveAccrualInputSchema = z
  .object({
    daysPerWeek: intField('daysPerWeek', 1, 7, 'days').default(5),
    /** Completed months in the current leave cycle. */
    months: intField('months', 0, 12, 'months').optional(),
    cycleStart: isoDateField('cycleStart').optional(),
    /** The date to count to (default today). */
    asOf: isoDateField('asOf').optional(),
    /** Months employed (default: the months in the cycle, a first cycle). */
    monthsEmployed: quantityField('monthsEmployed', 0, 1200, { unit: 'months' }).optional(),
    daysWorked: quantityField('daysWorked', 0, 400, { unit: 'days' }).optional(),
    daysTaken: quantityField('daysTaken', 0, 400, { unit: 'days' }).optional(),
    sickDaysTaken: intField('sickDaysTaken', 0, 400, 'days').optional(),
    /** Monthly pay (with employer contributions that count), to value the leave. */
    remuneration: randsField('remuneration').optional(),
  })
  .superRefine((v, ctx) => {
    if (v.months === undefined && !v.cycleStart)
      ctx.addIssue({ code: 'custom', path: ['months'], message: 'months is required (or cycleStart)' });
    if (v.cycleStart && v.asOf && v.asOf < v.cycleStart)
      ctx.addIssue({ code: 'custom', path: ['asOf'], message: 'asOf must not be before cycleStart' });
  });
export type LeaveAccrualInput = z.output<typeof leaveAccrualInputSchema>;

const employeeSchema = z.object({
  name: z.string().trim().max(80, 'name must be at most 80 characters').optional(),
  remuneration: randsField('remuneration'),
  age: ageField(),
  bonus: randsField('bonus').optional(),
  hoursPerMonth: quantityField('hoursPerMonth', 0, 744, { unit: 'hours' }).optional(),
  etiMonth: intField('etiMonth', 1, 24).optional(),
});

/** A month's payroll: the employees (a list, or a pasted table), the month, the employer's annual payroll. */
export const payrollRunInputSchema = z.object({
  month: z
    .string({ error: numberError('month', 'a month in the form yyyy-mm') })
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'month must be a month in the form yyyy-mm')
    .optional(),
  annualPayroll: randsField('annualPayroll', MAX_ANNUAL_RANDS).optional(),
  employees: z.preprocess(
    (v) => (typeof v === 'string' ? parseEmployeeTable(v) : v),
    z
      .array(employeeSchema, { error: 'employees must be a list of people (name, remuneration, age)' })
      .min(1, 'employees must list at least one person')
      .max(500, 'employees must list at most 500 people'),
  ),
});
export type PayrollRunInput = z.output<typeof payrollRunInputSchema>;

export type PayeInput = z.output<typeof payeInputSchema>;
export type TaxThresholdInput = z.output<typeof taxThresholdInputSchema>;
export type UifInput = z.output<typeof uifInputSchema>;
export type SdlInput = z.output<typeof sdlInputSchema>;
export type EtiInput = z.output<typeof etiInputSchema>;
export type PayslipInput = z.output<typeof payslipInputSchema>;
export type LeaveInput = z.output<typeof leaveInputSchema>;
export type OvertimeInput = z.output<typeof overtimeInputSchema>;
export type NoticeInput = z.output<typeof noticeInputSchema>;
export type MinimumWageInput = z.output<typeof minimumWageInputSchema>;

export interface FieldError {
  /** Dotted path of the field, e.g. "remuneration". */
  field: string;
  /** Message that names the field. */
  message: string;
}

/** Flattens a ZodError into field/message pairs. */
export function fieldErrors(error: z.ZodError): FieldError[] {
  return error.issues.map((i) => ({ field: i.path.map(String).join('.') || '(input)', message: i.message }));
}

/** safeParse returning either the data or field errors whose messages name the field. */
export function parsePayrollInput<S extends z.ZodType>(
  schema: S,
  input: unknown,
): { ok: true; data: z.output<S> } | { ok: false; errors: FieldError[] } {
  const r = schema.safeParse(input);
  return r.success ? { ok: true, data: r.data } : { ok: false, errors: fieldErrors(r.error) };
}
