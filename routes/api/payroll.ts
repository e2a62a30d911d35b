import { Hono } from 'hono';
import { AppError } from '../../src/errors';
import type { AppEnv } from '../../src/http/context';
import { requireUser } from '../../src/http/guard';
import { validate } from '../../src/http/validate';
import { PAYROLL_CALCULATOR_LIST, PayrollError } from '../../src/payroll/index';

// Payroll calculators over HTTP: POST /api/payroll/<name> for every calculator in the registry. JSON in,
// JSON out, rands as numbers with at most 2 decimals; the request date is the app's clock. Every input
// problem is a 400 `{ message, field, errors }` naming the field.
export const payrollApi = new Hono<AppEnv>().use('*', requireUser);

for (const calc of PAYROLL_CALCULATOR_LIST) {
  payrollApi.post(`/${calc.name}`, validate('json', calc.input), (c) => {
    try {
      return c.json(calc.run(c.req.valid('json'), c.get('services').clock()) as object);
    } catch (err) {
      // What the schema cannot know (e.g. today falls outside the supported tax years).
      if (err instanceof PayrollError) throw new AppError(400, err.message, { field: err.field });
      throw err;
    }
  });
}
