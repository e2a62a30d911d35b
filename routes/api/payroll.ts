import { Hono, type Context } from 'hono';
import type { z } from 'zod';
import { AppError } from '../../src/errors';
import type { AppEnv } from '../../src/http/context';
import { requireUser } from '../../src/http/middleware';
import {
  PayrollError,
  etiApi,
  etiInputSchema,
  leaveApi,
  leaveInputSchema,
  minimumWageApi,
  minimumWageInputSchema,
  noticeApi,
  noticeInputSchema,
  overtimeApi,
  overtimeInputSchema,
  parsePayrollInput,
  payeApi,
  payeInputSchema,
  payslipApi,
  payslipInputSchema,
  sdlApi,
  sdlInputSchema,
  uifApi,
  uifInputSchema,
} from '../../src/payroll/index';

// Payroll calculators over HTTP (issue 3): JSON in, JSON out, rands as numbers with at most 2 decimals.
// Each handler parses the body with the engine's schema and calls one adapter; the request date comes
// from the app's clock. Every input problem is a 400 `{ message, field, errors? }` naming the field.

/** The body as a JSON object. Read as text so a wrong or missing Content-Type still gets a precise answer. */
async function readJsonObject(c: Context<AppEnv>): Promise<Record<string, unknown>> {
  let body: unknown;
  try {
    body = JSON.parse(await c.req.text());
  } catch {
    throw new AppError(400, 'Malformed JSON in request body', { field: 'body' });
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new AppError(400, 'The request body must be a JSON object', { field: 'body' });
  }
  return body as Record<string, unknown>;
}

function calculator<S extends z.ZodType, R>(schema: S, compute: (input: z.output<S>, today: Date) => R) {
  return async (c: Context<AppEnv>) => {
    const parsed = parsePayrollInput(schema, await readJsonObject(c));
    if (!parsed.ok) {
      const [first] = parsed.errors;
      throw new AppError(400, first.message, { field: first.field, errors: parsed.errors });
    }
    try {
      return c.json(compute(parsed.data, c.var.services.clock()));
    } catch (err) {
      // What the schema cannot know (e.g. today falls outside the supported tax years).
      if (err instanceof PayrollError) throw new AppError(400, err.message, { field: err.field });
      throw err;
    }
  };
}

export const payrollApi = new Hono<AppEnv>()
  .use('*', requireUser)
  .post('/paye', calculator(payeInputSchema, (input, today) => payeApi(input, today)))
  .post('/uif', calculator(uifInputSchema, (input, today) => uifApi(input, today)))
  .post('/sdl', calculator(sdlInputSchema, (input, today) => sdlApi(input, today)))
  .post('/eti', calculator(etiInputSchema, (input, today) => etiApi(input, today)))
  .post('/payslip', calculator(payslipInputSchema, (input, today) => payslipApi(input, today)))
  .post('/leave', calculator(leaveInputSchema, (input) => leaveApi(input)))
  .post('/overtime', calculator(overtimeInputSchema, (input, today) => overtimeApi(input, today)))
  .post('/notice', calculator(noticeInputSchema, (input) => noticeApi(input)))
  .post('/minimum-wage', calculator(minimumWageInputSchema, (input, today) => minimumWageApi(input, today)));
