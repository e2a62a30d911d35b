import { and, count, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { payslipChecks } from '../../db/schema';
import type { DB } from '../../db/index';
import { AppError } from '../errors';
import { PayrollError } from '../payroll';
import { readFromDto, readToDto } from './dto';
import {
  MAX_SAVED_CHECKS,
  type ReadPayslipDTO,
  type employeeFactsSchema,
  type payslipCheckSchema,
  type saveCheckSchema,
} from '../schemas/payslips';
import { checkPayslip, type PayslipCheck } from './check';
import { pdfText, PayslipPdfError } from './pdf-text';
import { readPayslip } from './read';

type Facts = z.infer<typeof employeeFactsSchema>;
export type CheckAnswer = { read: ReadPayslipDTO } & PayslipCheck;

/** The check of a reading; a reading the engine cannot check (no pay date, no earnings) is a 422 that still carries it. */
function run(read: ReadPayslipDTO, facts: Facts = {}): CheckAnswer {
  try {
    return { read, ...checkPayslip(readFromDto(read), facts) };
  } catch (err) {
    if (err instanceof PayrollError) throw new AppError('unprocessable', err.message.replace(/^\w+: /, ''), { field: err.field, read });
    throw err;
  }
}

export function createPayslipService(deps: { db: DB }) {
  const { db } = deps;
  const toSaved = (r: typeof payslipChecks.$inferSelect) => ({
    id: r.id,
    label: r.label,
    payDate: r.payDate,
    createdAt: r.createdAt.toISOString(),
    read: r.read,
    facts: r.facts,
    result: r.result,
  });
  return {
    /** Pasted text or a corrected reading; nothing is stored. */
    check(input: z.infer<typeof payslipCheckSchema>): CheckAnswer {
      return run(input.read ?? readToDto(readPayslip(input.text ?? '')), input.facts);
    },
    /** A PDF's text, read in memory. */
    async checkPdf(bytes: Uint8Array, facts: Facts = {}): Promise<CheckAnswer> {
      let text: string;
      try {
        text = await pdfText(bytes);
      } catch (err) {
        if (err instanceof PayslipPdfError) throw new AppError('unprocessable', err.message, { field: 'file' });
        throw err;
      }
      return run(readToDto(readPayslip(text)), facts);
    },
    async save(userId: number, input: z.infer<typeof saveCheckSchema>) {
      const result = run(input.read, input.facts);
      const [{ n }] = await db.select({ n: count() }).from(payslipChecks).where(eq(payslipChecks.userId, userId));
      if (n >= MAX_SAVED_CHECKS)
        throw new AppError('conflict', `You can keep up to ${MAX_SAVED_CHECKS} payslip checks. Delete some you no longer need.`);
      const label = input.label || `${input.read.earnings[0]?.label ?? 'Payslip'} paid ${result.read.payDate}`;
      const { read, ...findings } = result;
      const [row] = await db
        .insert(payslipChecks)
        .values({ userId, label, payDate: read.payDate!, read, facts: input.facts, result: findings })
        .returning();
      return toSaved(row);
    },
    async list(userId: number) {
      const rows = await db
        .select()
        .from(payslipChecks)
        .where(eq(payslipChecks.userId, userId))
        .orderBy(desc(payslipChecks.createdAt), desc(payslipChecks.id));
      return rows.map(toSaved);
    },
    async remove(userId: number, id: number) {
      const gone = await db
        .delete(payslipChecks)
        .where(and(eq(payslipChecks.id, id), eq(payslipChecks.userId, userId)))
        .returning({ id: payslipChecks.id });
      if (!gone.length) throw new AppError('not_found', 'Payslip check not found');
    },
  };
}
export type PayslipService = ReturnType<typeof createPayslipService>;
