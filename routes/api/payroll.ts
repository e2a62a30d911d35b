import { Hono } from 'hono';
import { AppError } from '../../src/errors';
import type { AppEnv } from '../../src/http/context';
import { requireUser } from '../../src/http/guard';
import { validate } from '../../src/http/validate';
import { documentContext, registryFile, sendFile } from '../../src/documents';
import { downloadQuerySchema } from '../../src/schemas/documents';
import { PAYROLL_CALCULATOR_LIST, PayrollError, compareTaxYears, taxYearField } from '../../src/payroll';

// Payroll calculators over HTTP: POST /api/payroll/<name> for every calculator in the registry. JSON in,
// JSON out, rands as numbers with at most 2 decimals; the request date is the app's clock. Every input
// problem is a 400 `{ message, field, errors }` naming the field. `?format=pdf|csv` answers with a file instead.
export const payrollApi = new Hono<AppEnv>().use('*', requireUser);

for (const calc of PAYROLL_CALCULATOR_LIST) {
  payrollApi.post(`/${calc.name}`, validate('query', downloadQuerySchema), validate('json', calc.input), async (c) => {
    try {
      const today = c.get('services').clock();
      const input = c.req.valid('json') as Record<string, unknown>;
      // ?compareWith=2026: the same input in another tax year, side by side, for calculators with a tax year.
      const other = c.req.query('compareWith');
      let compareWith: number | undefined;
      if (other !== undefined) {
        if (!calc.yearly)
          throw new AppError('bad_request', `compareWith is only for calculators with a tax year; ${calc.name} has none`, {
            field: 'compareWith',
          });
        const year = taxYearField.safeParse(other);
        if (!year.success)
          throw new AppError('bad_request', year.error.issues[0].message.replace(/^taxYear/, 'compareWith'), { field: 'compareWith' });
        compareWith = year.data;
      }
      // ?format=pdf|csv: the same calculation as a file to download.
      const { format } = c.req.valid('query');
      if (format) return sendFile(c, await registryFile(calc, input, format, documentContext(c.get('services'), c.req.url), compareWith));
      if (compareWith !== undefined) return c.json(compareTaxYears(calc, input, compareWith, today));
      return c.json(calc.run(input, today) as object);
    } catch (err) {
      // What the schema cannot know (e.g. today falls outside the supported tax years).
      if (err instanceof PayrollError) throw new AppError('bad_request', err.message, { field: err.field });
      throw err;
    }
  });
}
