/**
 * The /calculators screen as data: which calculators there are, their form fields, and how a form's
 * raw values become a result. Inputs are parsed and computed by the payroll engine's calculator registry
 * (src/payroll/calculators.ts), so the page and POST /api/payroll/* always agree to the cent.
 *
 * One file because it is the table the page is made from: a calculator's fields, defaults, help and result
 * presenter sit together, so adding one is an edit in one place (docs/architecture.md).
 */
import {
  PAYROLL_CALCULATORS as CALC,
  PayrollError,
  compareTaxYears,
  formatRand,
  taxYearLabel,
  type BonusApiResult,
  type LeaveAccrualApiResult,
  type PayrollCalculator,
  type PayrollRunApiResult,
  type TerminationApiResult,
  calculateSdl,
  calculateUif,
  formatLongDate,
  fromCents,
  isSupportedTaxYear,
  isoDateFromDate,
  parsePayrollInput,
  resolveTaxYear,
  supportedTaxYears,
  taxYearForDate,
  toCents,
  type EtiApiResult,
  type FieldError,
  type LeaveApiResult,
  type NoticeApiResult,
  type OvertimeApiResult,
  type PayPeriod,
  type PayeApiResult,
  type PayslipApiResult,
} from '../../payroll';
import type { ClientFormFill } from '../../clients';

export const CALCULATOR_IDS = [
  'paye',
  'payslip',
  'bonus',
  'uif-sdl',
  'eti',
  'payroll-run',
  'leave',
  'leave-accrual',
  'termination',
  'overtime',
] as const;
export type CalcId = (typeof CALCULATOR_IDS)[number];

export function isCalcId(v: unknown): v is CalcId {
  return typeof v === 'string' && (CALCULATOR_IDS as readonly string[]).includes(v);
}

/** Raw form values by field name, as typed. */
export type Values = Record<string, string>;

export interface Option {
  value: string;
  label: string;
}

export interface FieldDef {
  name: string;
  label: string;
  /** rands: text with an R prefix and a decimal keypad; number: decimal keypad; select; date (yyyy-mm-dd). */
  kind: 'rands' | 'number' | 'select' | 'date' | 'text';
  required?: boolean;
  hint?: string;
  placeholder?: string;
  /** Whole numbers only (numeric keypad without a decimal point). */
  whole?: boolean;
  options?: (today: Date) => Option[];
  /** The value of a fresh form. */
  initial?: (today: Date) => string;
  /** Fields of a group are shown together under its name, folded away until one has a value. */
  group?: string;
  /** A multi-line text box (a pasted table). */
  rows?: number;
  /** A client company's fact of the same name fills it (src/clients/facts.ts clientFormFill). */
  fromClient?: boolean;
}

export interface UifSdlResult {
  taxYear: number;
  period: PayPeriod;
  uif: { employee: number; employer: number; total: number; excluded: boolean; working: string[] };
  sdl: { sdl: number; exempt: boolean; working: string[] };
}

export interface LeaveResult {
  leave: LeaveApiResult;
  /** Null until monthsEmployed is given. */
  notice: (NoticeApiResult & { workerType: string }) | null;
}

/** A result shown the same way for every calculator that has no view of its own. */
export interface Presented {
  headline: { label: string; value: string; sub?: string };
  stats: [string, string][];
  table?: { caption: string; head: string[]; rows: string[][] };
  working: string[];
  notes: string[];
}

export interface CalcResults {
  bonus: Presented;
  termination: Presented;
  'leave-accrual': Presented;
  'payroll-run': Presented;
  paye: PayeApiResult;
  payslip: PayslipApiResult;
  'uif-sdl': UifSdlResult;
  eti: EtiApiResult;
  leave: LeaveResult;
  overtime: OvertimeApiResult;
}

/**
 * idle: required fields still blank (nothing to show yet); invalid: the schema or the engine refused a
 * value (messages use the field's label); ok: the result.
 */
export type Outcome<K extends CalcId = CalcId> =
  | { status: 'idle'; missing: FieldError[] }
  | { status: 'invalid'; errors: FieldError[]; missing: FieldError[] }
  | { status: 'ok'; result: CalcResults[K]; comparison?: Comparison };

/** The same calculation in another tax year, figure by figure. */
export interface Comparison {
  years: [string, string];
  rows: { label: string; a: string; b: string; difference: string }[];
}

/** A knowledge-base search URL for a topic. */
export const kb = (topic: string) => `/knowledge?q=${encodeURIComponent(topic)}`;

/** Seeded articles (ids from the front matter in db/knowledge); tests check each still exists. */
export const ARTICLES = {
  payeMonthly: 'fefb4d3c-d698-4c78-aaec-80ee6e69fa49',
  bonus: '215933fb-afa6-4d66-a680-72ba68f15fa0',
  taxTables: 'bf686ecb-c8fa-4ac2-a5d1-2da420b50c78',
  grossVsNet: '3eb0ea16-ea72-48b9-8f96-836198b1219d',
  medicalCredit: '4f30f68b-d425-4fe5-9fe7-8a9648110849',
  uifCeiling: '3ea1f1d1-3abb-447f-a0ce-41ff11b6a34e',
  uifExcluded: 'c25879de-9185-40d0-9a84-d8bc2602c73f',
  sdl: 'f5e425fa-9c2e-498f-9dc3-4101a880ff4c',
  eti: '30269d9c-9786-4f23-97e9-5ca0dd6bf3b9',
  etiRules: 'c087b5cf-571e-4112-b60b-2bedb2b8e1a1',
  annualLeave: '8a621d99-3072-4c09-a109-46aef0e0813b',
  sickLeave: '1b2ba886-2718-4ac0-8df7-32c921d46e60',
  notice: '670e6252-2c19-4c42-8337-b2e7c932298b',
  overtime: '33102af4-bc7f-4dd3-afa6-a67e4ca04ff7',
  sundayPay: '7781a2ed-7b3c-47c3-9dc3-fbcb8bb85ff8',
  bceaThreshold: '41e25e32-00bf-491d-ac28-918b39d65af1',
  finalPay: 'fbe096f2-c8eb-4bdf-b4e1-128f9ff8e9a6',
  severanceTax: '4b81b0e6-0d50-4a3a-8c77-7b2fa48a04a9',
  leaveAccrual: '2d0cab40-b448-4ee2-99e8-880e360591b1',
  deductions: '54ebdeda-10e4-414a-8807-7c230875645b',
  emp201: 'ad1355fa-6b8e-4aee-9b1c-0d63fe5c59e1',
} as const;
const article = (key: keyof typeof ARTICLES) => `/knowledge/article/${ARTICLES[key]}`;

export interface KbLink {
  href: string;
  label: string;
}

export interface CalcDef<K extends CalcId = CalcId> {
  id: K;
  /** Short label for the tab. */
  tab: string;
  title: string;
  intro: string;
  fields: FieldDef[];
  /** Knowledge-base articles on the topic (search URLs). */
  links: KbLink[];
  run(input: Record<string, string>, today: Date): Outcome<K>;
}

/** The money a result field holds, by field name: the fields a comparison of two tax years shows. */
type Compared = readonly (readonly [field: string, label: string])[];

// ---- Shared fields ---------------------------------------------------------------------------

const PERIOD_LABELS: Record<PayPeriod, string> = { monthly: 'Monthly', fortnightly: 'Fortnightly', weekly: 'Weekly', annual: 'Annual' };
export const PER_PERIOD: Record<PayPeriod, string> = {
  monthly: 'per month',
  fortnightly: 'per fortnight',
  weekly: 'per week',
  annual: 'for the year',
};

/** The tax year a fresh form starts on: the one containing today, else the latest supported. */
export function defaultTaxYear(today: Date): number {
  const ty = taxYearForDate(today);
  return isSupportedTaxYear(ty) ? ty : Math.max(...supportedTaxYears());
}

const taxYearField: FieldDef = {
  name: 'taxYear',
  label: 'Tax year',
  kind: 'select',
  required: true,
  options: (today) => {
    const current = taxYearForDate(today);
    return [...supportedTaxYears()]
      .sort((a, b) => b - a)
      .map((y) => ({ value: String(y), label: `${taxYearLabel(y)}${y === current ? ' (current)' : ''}` }));
  },
  hint: 'A tax year runs from 1 March to the end of February',
  initial: (today) => String(defaultTaxYear(today)),
};

const periodField: FieldDef = {
  name: 'period',
  label: 'Pay period',
  kind: 'select',
  required: true,
  fromClient: true,
  options: () => (Object.keys(PERIOD_LABELS) as PayPeriod[]).map((p) => ({ value: p, label: PERIOD_LABELS[p] })),
  initial: () => 'monthly',
};

const yesNo =
  (yesFirst: boolean): FieldDef['options'] =>
  () =>
    yesFirst
      ? [
          { value: 'true', label: 'Yes' },
          { value: 'false', label: 'No' },
        ]
      : [
          { value: 'false', label: 'No' },
          { value: 'true', label: 'Yes' },
        ];

const f = {
  remuneration: (hint = 'Salary or wage for one pay period, before deductions, e.g. 20000 or 20 000.50'): FieldDef => ({
    name: 'remuneration',
    label: 'Remuneration',
    kind: 'rands',
    required: true,
    hint,
  }),
  age: (hint = 'Age on the last day of the tax year (65+ and 75+ get extra rebates)'): FieldDef => ({
    name: 'age',
    label: 'Age',
    kind: 'number',
    whole: true,
    required: true,
    hint,
  }),
  medicalMembers: {
    name: 'medicalMembers',
    label: 'People on the medical scheme',
    kind: 'number',
    whole: true,
    placeholder: '0',
    hint: 'Including the main member; 0 if none',
  } as FieldDef,
  retirementContributions: {
    name: 'retirementContributions',
    label: 'Retirement fund contributions',
    kind: 'rands',
    placeholder: '0.00',
    hint: "The employee's own pension, provident or RA contributions through payroll, per period",
  } as FieldDef,
  bonus: {
    name: 'bonus',
    label: 'Bonus this period',
    kind: 'rands',
    placeholder: '0.00',
    hint: 'Taxed by the difference method',
  } as FieldDef,
  daysPerWeek: {
    name: 'daysPerWeek',
    label: 'Days worked a week',
    kind: 'select',
    initial: () => '5',
    options: () => [1, 2, 3, 4, 5, 6, 7].map((d) => ({ value: String(d), label: `${d} day${d === 1 ? '' : 's'}` })),
  } as FieldDef,
  annualPayroll: {
    name: 'annualPayroll',
    label: "Employer's annual payroll",
    kind: 'rands',
    fromClient: true,
    hint: 'Total leviable remuneration expected over 12 months; SDL is not payable up to R500 000. Blank: assumed above.',
  } as FieldDef,
};

const BENEFITS = 'Allowances and fringe benefits';
const benefitFields: FieldDef[] = [
  {
    name: 'travelAllowance',
    label: 'Travel allowance',
    kind: 'rands',
    group: BENEFITS,
    placeholder: '0.00',
    hint: 'A fixed car or travel allowance for the period: 80% is taxed',
  },
  {
    name: 'travelMostlyBusiness',
    label: 'At least 80% business use?',
    kind: 'select',
    group: BENEFITS,
    options: yesNo(false),
    initial: () => 'false',
    hint: 'Yes: 20% of the allowance (and of a company car) is taxed instead of 80%',
  },
  {
    name: 'reimbursiveRate',
    label: 'Reimbursive rate per km',
    kind: 'rands',
    group: BENEFITS,
    hint: 'Paid per business km; only what is above the prescribed rate is taxed',
  },
  { name: 'businessKm', label: 'Business km this period', kind: 'number', group: BENEFITS },
  {
    name: 'companyCarValue',
    label: 'Company car: determined value',
    kind: 'rands',
    group: BENEFITS,
    hint: 'Cost including VAT (retail market value for cars bought since March 2015); monthly pay only',
  },
  {
    name: 'companyCarMaintenancePlan',
    label: 'Car bought with a maintenance plan?',
    kind: 'select',
    group: BENEFITS,
    options: yesNo(false),
    initial: () => 'false',
    hint: 'Yes: 3.25% a month instead of 3.5%',
  },
  {
    name: 'employerRetirementContributions',
    label: "Employer's retirement fund contribution",
    kind: 'rands',
    group: BENEFITS,
    placeholder: '0.00',
    hint: "A taxable benefit that also counts as the employee's contribution for the deduction",
  },
  {
    name: 'employerMedicalContributions',
    label: "Employer's medical aid contribution",
    kind: 'rands',
    group: BENEFITS,
    placeholder: '0.00',
    hint: 'A taxable benefit; the medical credits are unchanged',
  },
  {
    name: 'loan',
    label: 'Loan from the employer (balance)',
    kind: 'rands',
    group: BENEFITS,
    hint: 'Interest below the official rate (7.75%) is a taxable benefit; monthly pay only',
  },
  { name: 'loanInterestRate', label: 'Interest charged on the loan (% a year)', kind: 'number', group: BENEFITS, placeholder: '0' },
];
// Company car and the travel allowance share the 80% business-use answer.
const withCarBusiness = (values: Record<string, string>): Record<string, string> =>
  values.travelMostlyBusiness === 'true' && values.companyCarValue ? { ...values, companyCarMostlyBusiness: 'true' } : values;

const compareWithField: FieldDef = {
  name: 'compareWith',
  label: 'Compare with',
  kind: 'select',
  options: (today) => [
    { value: '', label: 'No comparison' },
    ...[...supportedTaxYears()]
      .sort((a, b) => b - a)
      .map((y) => ({ value: String(y), label: `${taxYearLabel(y)}${y === taxYearForDate(today) ? ' (current)' : ''}` })),
  ],
  initial: () => '',
  hint: 'Run the same figures on another tax year, side by side',
};

/** The comparison of an ok outcome with another tax year, when one was chosen. */
function compared<K extends CalcId>(
  o: Outcome<K>,
  calc: PayrollCalculator,
  data: unknown,
  values: Values,
  today: Date,
  fields: Compared,
): Outcome<K> {
  const other = Number(values.compareWith);
  if (o.status !== 'ok' || !values.compareWith || !isSupportedTaxYear(other)) return o;
  const c = compareTaxYears(calc, data as Record<string, unknown>, other, today);
  const [ra, rb] = c.results as Record<string, number>[];
  const r = (v: number) => formatRand(Math.round(v * 100));
  const signed = (v: number) => (v === 0 ? 'no change' : `${v > 0 ? '+' : '−'}${r(Math.abs(v))}`);
  return {
    ...o,
    comparison: {
      years: [taxYearLabel(c.taxYears[0]), taxYearLabel(c.taxYears[1])],
      rows: fields.map(([k, label]) => ({ label, a: r(ra[k]), b: r(rb[k]), difference: signed(Math.round((ra[k] - rb[k]) * 100) / 100) })),
    },
  };
}

// ---- Parsing ---------------------------------------------------------------------------------

/** The form's values: what was sent, else the field's initial value (a blank stays blank). */
export function formValues(def: CalcDef, source: Record<string, unknown>, today: Date): Values {
  const values: Values = {};
  for (const field of def.fields) {
    const v = source[field.name];
    if (typeof v === 'string') values[field.name] = v.slice(0, 100);
    else if (field.initial) values[field.name] = field.initial(today);
    else values[field.name] = '';
  }
  return values;
}

/** What a client company fills in this calculator: its values for the fields marked fromClient, in words, and cautions for fields it has. */
export interface ClientFill {
  id: number;
  name: string;
  values: Values;
  said: string[];
  cautions: string[];
}

export function fillFor(def: CalcDef, id: number, fill: ClientFormFill): ClientFill {
  const filled = def.fields.filter((field) => field.fromClient && fill.values[field.name] !== undefined);
  return {
    id,
    name: fill.name,
    values: Object.fromEntries(filled.map((field) => [field.name, fill.values[field.name]])),
    said: filled.flatMap((field) => fill.said[field.name] ?? []),
    cautions: def.fields.flatMap((field) => fill.cautions[field.name] ?? []),
  };
}

/** True when a client company has anything to fill or say in this calculator. */
export const takesClient = (def: CalcDef) => def.fields.some((field) => field.fromClient);

/** True when the source carries any of the calculator's input fields (a bookmarked or shared calculation). */
export function hasInput(def: CalcDef, source: Record<string, unknown>): boolean {
  return def.fields.some(
    (field) => field.kind !== 'select' && typeof source[field.name] === 'string' && (source[field.name] as string).trim() !== '',
  );
}

const SPACES = /[\s\u00a0\u202f\u2009]/g;

/** Blank fields are left out (optional fields then default); rands may be typed as "R20 000.50". */
function toInput(fields: FieldDef[], values: Values): Record<string, string> {
  const input: Record<string, string> = {};
  for (const field of fields) {
    let v = (values[field.name] ?? '').trim();
    if (field.kind === 'rands' || field.kind === 'number') v = v.replace(SPACES, '');
    if (field.kind === 'rands') v = v.replace(/^[Rr]/, '');
    if (v !== '') input[field.name] = v;
  }
  return input;
}

/**
 * The schema's message with the API names of fields replaced by their labels: "age must be …" → "Age must be …",
 * "… when publicHolidayHours is given" → "… when hours worked on a public holiday is given".
 */
export function labelMessage(fields: FieldDef[], e: FieldError): FieldError {
  let message = e.message;
  for (const f of fields) {
    message = message.replace(new RegExp(`(^|\\s)${f.name}\\b`, 'g'), (_m, lead: string) =>
      lead ? `${lead}${f.label.charAt(0).toLowerCase()}${f.label.slice(1)}` : f.label,
    );
  }
  return message === e.message ? e : { field: e.field, message };
}

function isMissing(fields: FieldDef[], input: Record<string, string>, e: FieldError): boolean {
  const field = fields.find((x) => x.name === e.field);
  return !!field?.required && input[field.name] === undefined && e.message.startsWith(`${field.name} is required`);
}

type Parsed<T> = { ok: true; data: T } | { ok: false; errors: FieldError[] };

/** The parsed data; only called once every parse has succeeded. */
function dataOf<T>(p: Parsed<T>): T {
  if (!p.ok) throw new Error('unreachable: input did not parse');
  return p.data;
}

/** Splits schema errors into blanks (not an error yet) and real problems, labelled. */
function problems(fields: FieldDef[], input: Record<string, string>, errors: FieldError[]) {
  const missing: FieldError[] = [];
  const invalid: FieldError[] = [];
  const seen = new Set<string>();
  for (const e of errors) {
    if (seen.has(e.field)) continue;
    seen.add(e.field);
    (isMissing(fields, input, e) ? missing : invalid).push(labelMessage(fields, e));
  }
  return { missing, invalid };
}

function outcome<K extends CalcId>(
  fields: FieldDef[],
  input: Record<string, string>,
  parsed: Parsed<unknown>[],
  compute: () => CalcResults[K],
): Outcome<K> {
  const errors = parsed.flatMap((p) => (p.ok ? [] : p.errors));
  if (errors.length) {
    const { missing, invalid } = problems(fields, input, errors);
    return invalid.length ? { status: 'invalid', errors: invalid, missing } : { status: 'idle', missing };
  }
  try {
    return { status: 'ok', result: compute() };
  } catch (err) {
    if (err instanceof PayrollError)
      return { status: 'invalid', errors: [labelMessage(fields, { field: err.field, message: err.message })], missing: [] };
    throw err;
  }
}

// ---- The calculators ---------------------------------------------------------------------------

const paye: CalcDef<'paye'> = {
  id: 'paye',
  tab: 'PAYE',
  title: 'PAYE calculator',
  intro:
    'Employees’ tax for one pay period by SARS’s annualisation method, with rebates by age, medical scheme fees tax credits, retirement fund deductions and a bonus by the difference method.',
  fields: [
    taxYearField,
    periodField,
    f.remuneration(),
    f.age(),
    f.medicalMembers,
    f.retirementContributions,
    f.bonus,
    compareWithField,
    ...benefitFields,
  ],
  links: [
    { href: article('payeMonthly'), label: 'How monthly PAYE is calculated' },
    { href: article('taxTables'), label: 'Income tax tables for 2026/27' },
    { href: article('bonus'), label: 'PAYE on bonuses and the 13th cheque' },
    { href: kb('paye'), label: 'All articles on PAYE' },
  ],
  run(values, today) {
    const input = withCarBusiness(toInput(this.fields, values));
    const p = parsePayrollInput(CALC.paye.input, input);
    const o = outcome<'paye'>(this.fields, input, [p], () => CALC.paye.run(dataOf(p), today));
    return compared(o, CALC.paye as PayrollCalculator, p.ok && p.data, values, today, [
      ['paye', 'PAYE'],
      ['annualTax', 'Annual tax'],
    ]);
  },
};

const payslip: CalcDef<'payslip'> = {
  id: 'payslip',
  tab: 'Net pay',
  title: 'Net pay and payslip',
  intro:
    'Gross to net for one pay period: PAYE, UIF and retirement contributions off the employee’s pay; UIF and SDL on top for the employer.',
  fields: [
    taxYearField,
    periodField,
    f.remuneration('Regular salary or wage for the period, excluding commission and bonus'),
    { name: 'commission', label: 'Commission', kind: 'rands', placeholder: '0.00', hint: 'Taxed with the salary; not subject to UIF' },
    f.bonus,
    f.age(),
    f.medicalMembers,
    f.retirementContributions,
    f.annualPayroll,
    compareWithField,
    ...benefitFields,
  ],
  links: [
    { href: article('grossVsNet'), label: 'Gross pay vs net pay — a payslip walk-through' },
    { href: article('medicalCredit'), label: 'Medical scheme fees tax credit' },
  ],
  run(values, today) {
    const input = withCarBusiness(toInput(this.fields, values));
    const p = parsePayrollInput(CALC.payslip.input, input);
    const o = outcome<'payslip'>(this.fields, input, [p], () => CALC.payslip.run(dataOf(p), today));
    return compared(o, CALC.payslip as PayrollCalculator, p.ok && p.data, values, today, [
      ['netPay', 'Net pay'],
      ['paye', 'PAYE'],
      ['employerCost', 'Cost to employer'],
    ]);
  },
};

/** SDL from the form: annual payroll is optional here (blank = assumed above R500 000, as on the payslip). */
const sdlFormSchema = CALC.sdl.input.partial({ annualPayroll: true });

const uifSdl: CalcDef<'uif-sdl'> = {
  id: 'uif-sdl',
  tab: 'UIF & SDL',
  title: 'UIF and SDL',
  intro:
    'UIF: 1% from the employee and 1% from the employer, on remuneration up to the ceiling (R17 712 a month). SDL: 1% of leviable remuneration, paid by employers whose annual payroll is more than R500 000.',
  fields: [
    taxYearField,
    periodField,
    f.remuneration('Remuneration for the period (commission excluded for UIF)'),
    {
      name: 'hoursPerMonth',
      label: 'Hours worked a month',
      kind: 'number',
      placeholder: 'Full time',
      hint: 'Workers employed for fewer than 24 hours a month by this employer are excluded from UIF',
    },
    f.annualPayroll,
  ],
  links: [
    { href: article('uifCeiling'), label: 'The UIF contribution ceiling' },
    { href: article('uifExcluded'), label: 'Who is excluded from UIF' },
    { href: article('sdl'), label: 'Skills Development Levy (SDL)' },
  ],
  run(values, today) {
    const input = toInput(this.fields, values);
    const u = parsePayrollInput(CALC.uif.input, input);
    const s = parsePayrollInput(sdlFormSchema, input);
    return outcome<'uif-sdl'>(this.fields, input, [u, s], () => {
      const ui = dataOf(u);
      const si = dataOf(s);
      const taxYear = resolveTaxYear(ui.taxYear, today);
      const period = ui.period ?? 'monthly';
      const remunerationCents = toCents(ui.remuneration, 'remuneration');
      const uif = calculateUif({ taxYear, period, remunerationCents, hoursPerMonth: ui.hoursPerMonth });
      const sdl = calculateSdl({
        taxYear,
        remunerationCents,
        annualPayrollCents: si.annualPayroll === undefined ? undefined : toCents(si.annualPayroll, 'annualPayroll'),
      });
      return {
        taxYear,
        period,
        uif: {
          employee: fromCents(uif.employeeCents),
          employer: fromCents(uif.employerCents),
          total: fromCents(uif.totalCents),
          excluded: uif.excluded,
          working: uif.working,
        },
        sdl: { sdl: fromCents(sdl.sdlCents), exempt: sdl.exempt, working: sdl.working },
      };
    });
  },
};

const eti: CalcDef<'eti'> = {
  id: 'eti',
  tab: 'ETI',
  title: 'Employment Tax Incentive',
  intro:
    'The ETI an employer may claim for one month for a qualifying employee aged 18 to 29, by the table in force on the date (the table changed on 1 April 2025).',
  fields: [
    { name: 'remuneration', label: 'Monthly remuneration', kind: 'rands', required: true, hint: 'Remuneration paid for the month' },
    {
      name: 'monthOfEmployment',
      label: 'Qualifying month',
      kind: 'number',
      whole: true,
      required: true,
      hint: 'Months 1–12 get the first-year rates, 13–24 the second-year rates',
    },
    f.age('Age at the end of the month'),
    {
      name: 'hoursWorked',
      label: 'Hours paid in the month',
      kind: 'number',
      placeholder: '160',
      hint: 'Fewer than 160 hours scales the incentive down',
    },
    {
      name: 'date',
      label: 'Month of the claim',
      kind: 'date',
      hint: 'Any date in the month; blank for today. Picks the ETI table and the minimum wage.',
    },
    {
      name: 'specialEconomicZone',
      label: 'Employer in a special economic zone?',
      kind: 'select',
      options: yesNo(false),
      initial: () => 'false',
      fromClient: true,
      hint: 'Yes: employees of any age qualify, not only 18 to 29',
    },
  ],
  links: [
    { href: article('eti'), label: 'Employment Tax Incentive — table and examples' },
    { href: article('etiRules'), label: 'ETI qualifying rules checklist' },
  ],
  run(values, today) {
    const input = toInput(this.fields, values);
    const p = parsePayrollInput(CALC.eti.input, input);
    return outcome(this.fields, input, [p], () => CALC.eti.run(dataOf(p), today));
  },
};

const leave: CalcDef<'leave'> = {
  id: 'leave',
  tab: 'Leave',
  title: 'Leave and notice (BCEA)',
  intro:
    'Minimum annual, sick and family responsibility leave under the Basic Conditions of Employment Act, and the minimum notice period.',
  fields: [
    { ...f.daysPerWeek, required: true },
    {
      name: 'monthsEmployed',
      label: 'Months employed',
      kind: 'number',
      hint: 'For family responsibility leave, sick leave in the first 6 months and the notice period',
    },
    {
      name: 'daysWorked',
      label: 'Days worked so far',
      kind: 'number',
      hint: 'For leave of 1 day per 17 days worked (by agreement) and 1 sick day per 26 days in the first 6 months',
    },
    {
      name: 'workerType',
      label: 'Kind of worker',
      kind: 'select',
      required: true,
      options: () => [
        { value: 'general', label: 'General' },
        { value: 'farm', label: 'Farm worker' },
        { value: 'domestic', label: 'Domestic worker' },
      ],
      initial: () => 'general',
    },
  ],
  links: [
    { href: article('annualLeave'), label: 'Annual leave entitlement' },
    { href: article('sickLeave'), label: 'Sick leave entitlement' },
    { href: article('notice'), label: 'Notice periods and severance pay' },
  ],
  run(values, today) {
    const input = toInput(this.fields, values);
    const l = parsePayrollInput(CALC.leave.input, input);
    const withNotice = input.monthsEmployed !== undefined;
    const n = withNotice ? parsePayrollInput(CALC.notice.input, input) : null;
    return outcome<'leave'>(this.fields, input, n ? [l, n] : [l], () => {
      const notice = n?.ok ? { ...CALC.notice.run(n.data, today), workerType: n.data.workerType ?? 'general' } : null;
      return { leave: CALC.leave.run(dataOf(l), today), notice };
    });
  },
};

const overtime: CalcDef<'overtime'> = {
  id: 'overtime',
  tab: 'Overtime',
  title: 'Overtime, Sunday and public holiday pay',
  intro:
    'Pay for overtime (1.5×), Sunday work (2×, or 1.5× for those who ordinarily work Sundays) and work on a public holiday, with the BCEA earnings threshold above which these rules do not apply.',
  fields: [
    { name: 'hourlyWage', label: 'Ordinary hourly wage', kind: 'rands', required: true, hint: 'e.g. 50 or 62.50' },
    { name: 'overtimeHours', label: 'Overtime hours', kind: 'number', placeholder: '0', hint: 'At most 3 hours a day and 10 hours a week' },
    { name: 'sundayHours', label: 'Hours worked on a Sunday', kind: 'number', placeholder: '0' },
    { name: 'ordinarilyWorksSunday', label: 'Ordinarily works on Sundays?', kind: 'select', options: yesNo(false), initial: () => 'false' },
    { name: 'publicHolidayHours', label: 'Hours worked on a public holiday', kind: 'number', placeholder: '0' },
    {
      name: 'publicHolidayIsNormalWorkday',
      label: 'Is the public holiday a normal work day?',
      kind: 'select',
      options: yesNo(true),
      initial: () => 'true',
    },
    {
      name: 'ordinaryDailyWage',
      label: 'Ordinary daily wage',
      kind: 'rands',
      hint: 'Needed for public holiday pay, and the minimum for Sunday work',
    },
    { name: 'monthlyEarnings', label: 'Monthly earnings', kind: 'rands', hint: 'For the BCEA earnings threshold (R21 812.37 a month)' },
    { name: 'date', label: 'Date', kind: 'date', hint: 'Blank for today; picks the earnings threshold in force' },
  ],
  links: [
    { href: article('overtime'), label: 'Overtime pay — rates and limits' },
    { href: article('sundayPay'), label: 'Sunday and public holiday pay' },
    { href: article('bceaThreshold'), label: 'The BCEA earnings threshold' },
  ],
  run(values, today) {
    const input = toInput(this.fields, values);
    const p = parsePayrollInput(CALC.overtime.input, input);
    return outcome(this.fields, input, [p], () => CALC.overtime.run(dataOf(p), today));
  },
};

// ---- Calculators shown through one presenter ------------------------------------------------------

const R = (rands: number) => formatRand(Math.round(rands * 100));
const daysOf = (n: number) => `${n} day${n === 1 ? '' : 's'}`;
/** "2026-10" → "October 2026", as the page writes dates. */
const monthLabel = (ym: string) => formatLongDate(`${ym}-01`).replace(/^1 /, '');

/** A registry calculator whose result the page shows as a headline, figures, an optional table and the working. */
function presented<K extends 'bonus' | 'termination' | 'leave-accrual' | 'payroll-run', T>(
  def: Omit<CalcDef<K>, 'run'>,
  calc: PayrollCalculator,
  present: (r: T) => Presented,
  comparedFields?: Compared,
): CalcDef<K> {
  return {
    ...def,
    run(values, today) {
      const input = toInput(this.fields, values);
      const p = parsePayrollInput(calc.input, input);
      const o = outcome<K>(this.fields, input, [p], () => present(calc.run(dataOf(p), today) as T) as CalcResults[K]);
      if (!comparedFields || o.status !== 'ok' || !p.ok) return o;
      return compared(o, calc, p.data, values, today, comparedFields);
    },
  };
}

const bonus = presented<'bonus', BonusApiResult>(
  {
    id: 'bonus',
    tab: 'Bonus',
    title: 'Bonus and 13th cheque',
    intro:
      'The tax on a bonus or 13th cheque paid with a monthly salary (the annual-payment method: tax on a year’s pay with the bonus, minus tax without it), with the month’s total PAYE, UIF, SDL and net pay.',
    fields: [
      taxYearField,
      f.remuneration('The monthly salary the bonus is paid with'),
      { name: 'bonus', label: 'Bonus or 13th cheque', kind: 'rands', required: true },
      f.age(),
      f.medicalMembers,
      f.retirementContributions,
      f.annualPayroll,
      compareWithField,
    ],
    links: [
      { href: article('bonus'), label: 'PAYE on bonuses and the 13th cheque' },
      { href: article('grossVsNet'), label: 'Gross pay vs net pay — a payslip walk-through' },
    ],
  },
  CALC.bonus as PayrollCalculator,
  (r) => ({
    headline: {
      label: `Tax on the bonus · tax year ${taxYearLabel(r.taxYear)}`,
      value: R(r.taxOnBonus),
      sub: `on a ${R(r.bonus)} bonus, withheld in full in the month it is paid`,
    },
    stats: [
      ['PAYE on the salary (a month)', R(r.regularPaye)],
      ['The month’s total PAYE', R(r.monthPaye)],
      ['UIF employee (the month)', R(r.uifEmployee)],
      ['The month’s net pay', R(r.netPay)],
      ['SDL (the month)', R(r.sdl)],
    ],
    working: r.working,
    notes: [],
  }),
  [
    ['taxOnBonus', 'Tax on the bonus'],
    ['monthPaye', 'The month’s total PAYE'],
    ['netPay', 'The month’s net pay'],
  ],
);

const termination = presented<'termination', TerminationApiResult>(
  {
    id: 'termination',
    tab: 'Termination',
    title: 'Final pay on termination',
    intro:
      'Notice pay, severance for a retrenchment, leave paid out and a pro-rata bonus when employment ends, with the tax on each: notice and leave pay as annual payments, severance by SARS directive on the lump-sum table (estimated here).',
    fields: [
      taxYearField,
      {
        name: 'reason',
        label: 'Why the employment ended',
        kind: 'select',
        required: true,
        options: () => [
          { value: 'resignation', label: 'Resignation' },
          { value: 'dismissal', label: 'Dismissal' },
          { value: 'retrenchment', label: 'Retrenchment (operational requirements)' },
          { value: 'end-of-contract', label: 'End of a fixed-term contract' },
        ],
        initial: () => 'resignation',
      },
      f.remuneration('Pay for the period: a month, a week or a day'),
      {
        name: 'period',
        label: 'The pay is for',
        kind: 'select',
        options: () => [
          { value: 'monthly', label: 'A month' },
          { value: 'weekly', label: 'A week' },
          { value: 'daily', label: 'A day' },
        ],
        initial: () => 'monthly',
      },
      {
        name: 'employerContributions',
        label: 'Employer pension, provident and medical contributions',
        kind: 'rands',
        placeholder: '0.00',
        hint: 'For the same period: they count for notice, severance and leave pay (GN 691)',
      },
      { name: 'serviceYears', label: 'Completed years of service', kind: 'number', whole: true, hint: 'Or give the start and end dates' },
      { name: 'serviceMonths', label: 'And months', kind: 'number', whole: true, placeholder: '0' },
      { name: 'startDate', label: 'Start date', kind: 'date' },
      { name: 'endDate', label: 'Last day of employment', kind: 'date' },
      { name: 'leaveDays', label: 'Annual leave days owed', kind: 'number', placeholder: '0' },
      {
        name: 'noticePaidInLieu',
        label: 'Notice',
        kind: 'select',
        options: () => [
          { value: 'true', label: 'Paid instead of worked' },
          { value: 'false', label: 'Worked' },
        ],
        initial: () => 'true',
      },
      {
        name: 'workerType',
        label: 'Kind of worker',
        kind: 'select',
        options: () => [
          { value: 'general', label: 'General' },
          { value: 'farm', label: 'Farm worker' },
          { value: 'domestic', label: 'Domestic worker' },
        ],
        initial: () => 'general',
      },
      f.daysPerWeek,
      { name: 'proRataBonus', label: 'Pro-rata bonus the contract provides', kind: 'rands', placeholder: '0.00' },
      f.age(),
      {
        name: 'earlierLumpSums',
        label: 'Earlier retirement, withdrawal or severance lump sums',
        kind: 'rands',
        placeholder: '0.00',
        hint: 'They use up the lump-sum table’s 0% band',
      },
      compareWithField,
    ],
    links: [
      { href: article('finalPay'), label: 'Final pay when employment ends' },
      { href: article('severanceTax'), label: 'Tax on severance pay and retrenchment packages' },
      { href: article('notice'), label: 'Notice periods and severance pay' },
    ],
  },
  CALC.termination as PayrollCalculator,
  (r) => ({
    headline: {
      label: `Final pay before tax · tax year ${taxYearLabel(r.taxYear)}`,
      value: R(r.total),
      sub: `about ${R(r.netEstimate)} after PAYE${r.severanceTaxEstimate ? ', the severance tax estimate' : ''} and UIF`,
    },
    stats: [
      [`Notice (${r.noticeWeeks} week${r.noticeWeeks === 1 ? '' : 's'})`, R(r.noticePay)],
      [`Severance (${r.completedYears} year${r.completedYears === 1 ? '' : 's'})`, R(r.severance)],
      [`Leave pay-out (${daysOf(r.leaveDays)})`, R(r.leavePay)],
      ['PAYE on notice, leave and bonus', R(r.payeOnAnnualPayments)],
      ['Severance tax (estimate)', R(r.severanceTaxEstimate)],
      ['UIF each side', R(r.uifEachSide)],
    ],
    working: r.working,
    notes: r.notes,
  }),
  [
    ['payeOnAnnualPayments', 'PAYE on notice, leave and bonus'],
    ['severanceTaxEstimate', 'Severance tax estimate'],
    ['netEstimate', 'Received after tax'],
  ],
);

const leaveAccrual = presented<'leave-accrual', LeaveAccrualApiResult>(
  {
    id: 'leave-accrual',
    tab: 'Leave accrued',
    title: 'Leave accrued to a date',
    intro:
      'Annual leave earned so far in the cycle (1.25 days a month on a 5-day week, or 1 day per 17 days worked), what is left after leave taken and what it is worth, sick leave available and family responsibility leave.',
    fields: [
      {
        name: 'months',
        label: 'Completed months in the leave cycle',
        kind: 'number',
        whole: true,
        hint: 'Or give the date the cycle started',
      },
      { name: 'cycleStart', label: 'Leave cycle started on', kind: 'date' },
      { name: 'asOf', label: 'Count to', kind: 'date', hint: 'Blank for today' },
      f.daysPerWeek,
      {
        name: 'daysWorked',
        label: 'Days worked or paid in the cycle',
        kind: 'number',
        hint: 'For 1 day per 17 days worked, and sick leave in the first 6 months',
      },
      { name: 'daysTaken', label: 'Annual leave days taken', kind: 'number', placeholder: '0' },
      { name: 'monthsEmployed', label: 'Months employed', kind: 'number', hint: 'Blank: this is the first leave cycle' },
      {
        name: 'remuneration',
        label: 'Monthly pay',
        kind: 'rands',
        hint: 'To value the leave available, with employer contributions that count',
      },
    ],
    links: [
      { href: article('leaveAccrual'), label: 'Leave accrual: how much leave has been earned' },
      { href: article('annualLeave'), label: 'Annual leave entitlement' },
      { href: article('sickLeave'), label: 'Sick leave entitlement' },
    ],
  },
  CALC['leave-accrual'] as PayrollCalculator,
  (r) => ({
    headline: {
      label: 'Annual leave available',
      value: daysOf(r.available),
      sub: `${daysOf(r.accrued)} earned in ${r.monthsInCycle} month${r.monthsInCycle === 1 ? '' : 's'}${r.taken ? `, ${daysOf(r.taken)} taken` : ''}`,
    },
    stats: [
      ['Earned by months', daysOf(r.accruedByMonths)],
      ['Earned by days worked (1 in 17)', r.accruedByDaysWorked === null ? 'Enter days worked' : daysOf(r.accruedByDaysWorked)],
      ...(r.value === null
        ? []
        : ([
            ['Value of the leave available', R(r.value)],
            ['Daily rate', R(r.dailyRate ?? 0)],
          ] as [string, string][])),
      ['Sick leave available', daysOf(r.sickLeave)],
      ['Family responsibility a year', daysOf(r.familyResponsibilityDays)],
    ],
    working: r.working,
    notes: [],
  }),
);

const payrollRun = presented<'payroll-run', PayrollRunApiResult>(
  {
    id: 'payroll-run',
    tab: 'Payroll (EMP201)',
    title: 'A month’s payroll and the EMP201',
    intro: 'PAYE, UIF (both sides), SDL and ETI for each employee and in total: the figures for the month’s EMP201, with its due date.',
    fields: [
      {
        name: 'month',
        label: 'Month paid',
        kind: 'text',
        placeholder: 'yyyy-mm',
        hint: 'e.g. 2026-11; blank for this month',
        initial: (today) => isoDateFromDate(today).slice(0, 7),
      },
      {
        name: 'annualPayroll',
        label: "Employer's annual payroll",
        kind: 'rands',
        fromClient: true,
        hint: 'For the SDL exemption (not more than R500 000). Blank: this month × 12.',
      },
      {
        name: 'employees',
        label: 'Employees',
        kind: 'text',
        rows: 6,
        required: true,
        placeholder: 'Thandi Mokoena, 6000, 24, 3\nSipho Dlamini, 8000, 31\nAnna Botha, 25000, 45',
        hint: 'One person a line: name, monthly pay, age, and the ETI month (1–24) if you claim ETI for them. Columns may be separated by commas or tabs (paste from a spreadsheet).',
      },
    ],
    links: [
      { href: article('emp201'), label: 'The EMP201 monthly return and its deadline' },
      { href: article('sdl'), label: 'Skills Development Levy (SDL)' },
      { href: article('eti'), label: 'Employment Tax Incentive — table and examples' },
    ],
  },
  CALC['payroll-run'] as PayrollCalculator,
  (r) => ({
    headline: { label: `EMP201 for ${monthLabel(r.month)}`, value: R(r.emp201), sub: `due ${formatLongDate(r.dueDate)}` },
    stats: [
      ['PAYE', R(r.totals.paye)],
      ['UIF (both sides)', R(r.totals.uifEmployee + r.totals.uifEmployer)],
      ['SDL', r.sdlExempt ? 'Exempt' : R(r.totals.sdl)],
      ['ETI', R(r.totals.eti)],
      ['Net pay (all)', R(r.totals.netPay)],
    ],
    table: {
      caption: 'Per employee',
      head: ['Employee', 'Gross', 'PAYE', 'UIF (ee + er)', 'SDL', 'ETI', 'Net pay'],
      rows: [
        ...r.employees.map((e) => [e.name, R(e.gross), R(e.paye), R(e.uifEmployee + e.uifEmployer), R(e.sdl), R(e.eti), R(e.netPay)]),
        [
          'Total',
          R(r.totals.gross),
          R(r.totals.paye),
          R(r.totals.uifEmployee + r.totals.uifEmployer),
          R(r.totals.sdl),
          R(r.totals.eti),
          R(r.totals.netPay),
        ],
      ],
    },
    working: r.working,
    notes: r.employees.filter((e) => e.etiNote).map((e) => `${e.name}: no ETI (${e.etiNote})`),
  }),
);

export const CALCULATORS: { [K in CalcId]: CalcDef<K> } = {
  paye,
  payslip,
  bonus,
  'uif-sdl': uifSdl,
  eti,
  'payroll-run': payrollRun,
  leave,
  'leave-accrual': leaveAccrual,
  termination,
  overtime,
};
export const CALCULATOR_LIST: CalcDef[] = CALCULATOR_IDS.map((id) => CALCULATORS[id] as CalcDef);

/** The field ids of a calculator's form: `paye-age`, its hint `paye-age-hint`, its error `paye-age-error`. */
export const fieldId = (calc: CalcId, field: string) => `${calc}-${field}`;

/** "21 November 2026" for hints that mention today. */
export function todayLabel(today: Date): string {
  return formatLongDate(isoDateFromDate(today));
}
