import { z } from 'zod';
import { hasAtMostDecimals } from '../payroll';

// Client companies (issue 27): the employers a bookkeeper keeps the payroll of, with the registration facts every
// answer about their staff depends on. The same shapes are the API's body and answer and the /clients form's.

export const MAX_CLIENTS = 200;
export const PAY_FREQUENCIES = ['monthly', 'fortnightly', 'weekly'] as const;
export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;

const text = (field: string, max: number) =>
  z
    .string({ error: `${field} must be text` })
    .trim()
    .max(max, `${field} is at most ${max} characters`);

/**
 * The day staff are paid: a day of the month (1–31) or `last` (the last business day) for a monthly payroll, a
 * weekday for a weekly or fortnightly one.
 */
const PAY_DAY_MESSAGE = 'payDay must be a day of the month (1–31), "last", or a weekday (monday–sunday)';
export const payDaySchema = z.union(
  [z.number().int(PAY_DAY_MESSAGE).min(1, PAY_DAY_MESSAGE).max(31, PAY_DAY_MESSAGE), z.literal('last'), z.enum(WEEKDAYS)],
  {
    error: PAY_DAY_MESSAGE,
  },
);

const fields = {
  name: text('name', 120).min(1, 'Enter the company’s name'),
  payeRegistered: z.boolean({ error: 'payeRegistered must be true or false' }),
  uifRegistered: z.boolean({ error: 'uifRegistered must be true or false' }),
  sdlRegistered: z.boolean({ error: 'sdlRegistered must be true or false' }),
  /** The employer's annual payroll in rands, when known. */
  annualPayroll: z
    .number({ error: 'annualPayroll must be an amount in rands' })
    .nonnegative('annualPayroll cannot be negative')
    .max(100_000_000_000, 'annualPayroll is too large')
    .refine((v) => hasAtMostDecimals(v, 2), 'annualPayroll has at most 2 decimals')
    .nullable(),
  /** "Under R500 000" without the exact figure (the SDL exemption's test). */
  payrollUnder500k: z.boolean({ error: 'payrollUnder500k must be true or false' }),
  payFrequency: z.enum(PAY_FREQUENCIES, { error: 'payFrequency must be monthly, fortnightly or weekly' }),
  payDay: payDaySchema.nullable(),
  sector: text('sector', 120).nullable(),
  bargainingCouncil: text('bargainingCouncil', 120).nullable(),
  etiEligible: z.boolean({ error: 'etiEligible must be true or false' }),
  specialEconomicZone: z.boolean({ error: 'specialEconomicZone must be true or false' }),
};

const DEFAULTS = {
  payeRegistered: true,
  uifRegistered: true,
  sdlRegistered: true,
  annualPayroll: null,
  payrollUnder500k: false,
  payFrequency: 'monthly',
  payDay: null,
  sector: null,
  bargainingCouncil: null,
  etiEligible: false,
  specialEconomicZone: false,
} as const;

const consistent = <T extends z.ZodType<Partial<ClientFields>>>(s: T) =>
  s
    .refine((c) => !(c.payrollUnder500k && typeof c.annualPayroll === 'number' && c.annualPayroll > 500_000), {
      message: 'annualPayroll is above R500 000 but payrollUnder500k says it is under: correct one of them',
      path: ['payrollUnder500k'],
    })
    .refine(
      (c) =>
        c.payDay === undefined ||
        c.payDay === null ||
        !c.payFrequency ||
        (typeof c.payDay === 'string' && c.payDay !== 'last') === (c.payFrequency !== 'monthly'),
      {
        message: 'payDay is a day of the month (or "last") for a monthly payroll, and a weekday for a weekly or fortnightly one',
        path: ['payDay'],
      },
    );

export type ClientFields = { [K in keyof typeof fields]: z.infer<(typeof fields)[K]> };

/** POST /api/clients: only the name is required; the rest default to a registered employer paying monthly. */
export const createClientSchema = consistent(
  z.strictObject({
    name: fields.name,
    ...Object.fromEntries(
      Object.entries(fields)
        .filter(([k]) => k !== 'name')
        .map(([k, s]) => [k, s.optional()]),
    ),
  } as { name: typeof fields.name } & { [K in Exclude<keyof typeof fields, 'name'>]: z.ZodOptional<(typeof fields)[K]> }),
).transform((c) => ({ ...DEFAULTS, ...c }) as ClientFields);

/** PATCH /api/clients/{id}: any of the fields. */
export const updateClientSchema = consistent(z.strictObject(fields).partial()).refine((c) => Object.keys(c).length > 0, {
  message: 'Send at least one field to change',
});

export interface ClientDTO extends ClientFields {
  id: number;
  createdAt: string;
  updatedAt: string;
}
