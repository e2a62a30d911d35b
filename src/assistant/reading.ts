// What the assistant understood from a question: the contract between the question reader, the topics, the
// conversation's memory, the stored reading of each answer and the labelled corpus. Pure.
import { z } from 'zod';
import { PAYROLL_CALCULATORS, type PayrollCalculatorName } from '../payroll';

export const INTENTS = ['calculate', 'knowledge', 'follow-up', 'greeting', 'off-topic', 'unknown'] as const;
export type Intent = (typeof INTENTS)[number];

/** A topic is a calculator of the registry: adding a calculator adds a topic. */
export type Topic = PayrollCalculatorName;
export const TOPICS = Object.keys(PAYROLL_CALCULATORS) as [Topic, ...Topic[]];

export const PERIODS = ['monthly', 'fortnightly', 'weekly', 'annual'] as const;
export type Period = (typeof PERIODS)[number];

/** What an amount of money is, read from the words around it. */
export const ROLES = [
  'salary', // regular pay for a period: salary, wage, basic, earnings
  'bonus', // bonus, 13th cheque, incentive: once-off on top of the regular pay
  'commission',
  'travelAllowance', // a fixed travel, car or vehicle allowance
  'allowance', // any other allowance (housing, cellphone, tools…)
  'retirement', // the employee's own pension, provident or retirement annuity contribution
  'employerRetirement', // the employer's contribution to a retirement fund
  'employerMedical', // the employer's contribution to a medical scheme
  'ctc', // a cost-to-company package
  'payroll', // an employer's whole payroll (wage bill) for a month or a year
  'hourlyRate',
  'dailyRate',
  'other', // money that is none of these (a loan, a fine, a price)
] as const;
export type Role = (typeof ROLES)[number];

export const amountSchema = z.strictObject({
  role: z.enum(ROLES),
  value: z.number().nonnegative(),
  period: z.enum(PERIODS).optional(),
});
export type Amount = z.infer<typeof amountSchema>;

const count = z.number().int().nonnegative();
const quantity = z.number().nonnegative();

/** Facts a question states. Every key is optional: only what the words say is there. */
export const slotsSchema = z.strictObject({
  amounts: z.array(amountSchema).optional(),
  age: count.max(130).optional(),
  /** An age band said without an exact age ("under 65", "a pensioner"). */
  ageBand: z.enum(['under65', '65to74', '75plus']).optional(),
  /** People on the medical scheme, the main member included; 0 for "no medical aid". */
  medicalMembers: count.max(50).optional(),
  /** On a medical scheme, how many people not said. */
  onMedicalAid: z.literal(true).optional(),
  /** The tax year by the year it ends: 2025/26 → 2026. */
  taxYear: z.number().int().min(2000).max(2100).optional(),
  /** Hours worked that the question is about: overtime, on a Sunday or public holiday, or for a stated pay. */
  hours: quantity.optional(),
  hoursPerWeek: quantity.optional(),
  hoursPerDay: quantity.optional(),
  hoursPerMonth: quantity.optional(),
  daysPerWeek: count.min(1).max(7).optional(),
  daysWorked: quantity.optional(),
  /** Days of leave owed, taken or to pay out ("8.75 days' leave", "11 leave days owed"). */
  leaveDays: quantity.optional(),
  /** Length of service in months (2 years → 24). */
  monthsEmployed: quantity.optional(),
  /** The month of employment a claim is for (ETI: "in her 3rd month"). */
  monthOfEmployment: count.min(1).optional(),
  /** How many employees the amounts are for ("3 staff on R8 000 each"). */
  headcount: count.min(1).optional(),
  workerType: z.enum(['domestic', 'farm']).optional(),
  sunday: z.literal(true).optional(),
  ordinarilyWorksSunday: z.boolean().optional(),
  publicHoliday: z.literal(true).optional(),
  /** Whether the public holiday falls on a day the employee would normally work. */
  holidayIsWorkday: z.boolean().optional(),
  leaveKind: z.enum(['annual', 'sick', 'family', 'maternity', 'parental']).optional(),
  epwp: z.literal(true).optional(),
  sdlExempt: z.literal(true).optional(),
  /** A calendar month the question is about, yyyy-mm ("the EMP201 for November 2026"). */
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/)
    .optional(),
  /** The period the answer is wanted in, when it differs from the pay's ("monthly PAYE on R480 000 a year"). */
  wantPeriod: z.enum(PERIODS).optional(),
});
export type Slots = z.infer<typeof slotsSchema>;
export type SlotKey = keyof Slots;

export const OUTCOMES = ['calculated', 'answered', 'asked', 'dont-know', 'refused', 'greeted'] as const;
export type Outcome = (typeof OUTCOMES)[number];

/** The engine's reading of one question, stored with its answer. */
export const readingSchema = z.object({
  intent: z.enum(INTENTS),
  topic: z.enum(TOPICS).nullable(),
  /** What this question said. */
  slots: slotsSchema,
  /** What the conversation knows after it (the memory the next question starts from). */
  facts: slotsSchema,
  /** The topics calculated in the conversation so far, the latest last. */
  topics: z.array(z.enum(TOPICS)).default([]),
  /** What decided intent and topic: `model`, or `rule:<name>` from the rule table. */
  decidedBy: z.string(),
  /** The classifier's probability for the intent chosen, 0–1. */
  confidence: z.number().min(0).max(1),
  outcome: z.enum(OUTCOMES).optional(),
  /** Articles the answer cited or the calculation's topic links, best first (ids). */
  articles: z.array(z.string()).optional(),
});
export type Reading = z.infer<typeof readingSchema>;
