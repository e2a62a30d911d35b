import { z } from 'zod';
import { hasAtMostDecimals } from '../payroll';

// The payslip check's contract (issue 26): what was read, in rands as every payroll API answers, and the facts the
// form adds. The same shapes come back from the client when the user corrects a reading.

export const MAX_PAYSLIP_TEXT = 50_000;
export const MAX_SAVED_CHECKS = 200;

const rands = (field: string) =>
  z
    .number({ error: `${field} must be an amount in rands` })
    .finite()
    .min(-10_000_000, `${field} is too large`)
    .max(10_000_000, `${field} is too large`)
    .refine((v) => hasAtMostDecimals(v, 2), `${field} has at most 2 decimals`);
const line = <K extends readonly [string, ...string[]]>(kinds: K, what: string) =>
  z.object({
    label: z.string().trim().min(1, `Each ${what} needs a label`).max(100, `A ${what} label is at most 100 characters`),
    kind: z.enum(kinds, { error: `Each ${what} needs a kind: ${kinds.join(', ')}` }),
    amount: rands(`A ${what}`),
  });

export const EARNING_KINDS = ['basic', 'overtime', 'commission', 'bonus', 'travel', 'allowance'] as const;
export const DEDUCTION_KINDS = ['paye', 'uif', 'retirement', 'medical', 'other'] as const;
export const EMPLOYER_KINDS = ['uif', 'sdl', 'retirement', 'medical', 'other'] as const;

export const readPayslipSchema = z.object({
  payDate: z.iso.date({ error: 'payDate must be a date (yyyy-mm-dd)' }).nullable(),
  payDateAssumed: z.boolean().optional().default(false),
  period: z.enum(['monthly', 'fortnightly', 'weekly'], { error: 'period must be monthly, fortnightly or weekly' }),
  periodAssumed: z.boolean().optional().default(false),
  earnings: z.array(line(EARNING_KINDS, 'earning')).max(40),
  deductions: z.array(line(DEDUCTION_KINDS, 'deduction')).max(40),
  employer: z.array(line(EMPLOYER_KINDS, 'employer contribution')).max(20),
  gross: rands('gross').nullable(),
  totalDeductions: rands('totalDeductions').nullable(),
  net: rands('net').nullable(),
  unread: z.array(z.string().max(500)).max(100).optional().default([]),
});
export type ReadPayslipDTO = z.infer<typeof readPayslipSchema>;

export const employeeFactsSchema = z.object({
  age: z.number().int('age must be a whole number').min(14, 'age must be at least 14').max(120, 'age must be at most 120').optional(),
  medicalMembers: z.number().int('medicalMembers must be a whole number').min(0).max(20, 'medicalMembers must be at most 20').optional(),
  travelMostlyBusiness: z.boolean().optional(),
  sdlExempt: z.boolean().optional(),
});

export const payslipCheckSchema = z
  .object({
    text: z.string().max(MAX_PAYSLIP_TEXT, `A payslip's text is at most ${MAX_PAYSLIP_TEXT} characters`).optional(),
    read: readPayslipSchema.optional(),
    facts: employeeFactsSchema.optional(),
  })
  .refine((b) => (b.text?.trim() ? 1 : 0) + (b.read ? 1 : 0) === 1, {
    message: 'Send the payslip as text, or the corrected reading as read (one of the two)',
    path: ['text'],
  });

export const saveCheckSchema = z.object({
  label: z.string().trim().max(100, 'label is at most 100 characters').optional(),
  read: readPayslipSchema,
  facts: employeeFactsSchema.optional().default({}),
});

export const checkIdParamSchema = z.object({ id: z.coerce.number({ error: 'Not found' }).int().positive() });
