// Thin adapters the engines call: the payroll calculator registry and the knowledge service. No I/O of
// their own beyond what the knowledge service does.
import { z } from 'zod';
import { PAYROLL_CALCULATORS, PAYROLL_CALCULATOR_LIST, type PayrollCalculator, PayrollError } from '../payroll';
import type { ItemDTO, SearchResultDTO } from '../knowledge';
import type { SourceDTO, ToolCallDTO } from '../schemas/chat';
import { employeeFactsSchema, MAX_PAYSLIP_TEXT } from '../schemas/payslips';
import { checkPayslip, type EmployeeFacts, type ReadPayslip } from '../payslips';

export const articleHref = (id: string) => `/knowledge/article/${id}`;
/** A markdown link to an article, the form every citation takes in an answer. */
export const articleLink = (s: SourceDTO) => `[${s.title.replace(/[[\]]/g, '')}](${articleHref(s.id)})`;

export function findCalculator(name: string): PayrollCalculator | undefined {
  return Object.hasOwn(PAYROLL_CALCULATORS, name) ? (PAYROLL_CALCULATORS as Record<string, PayrollCalculator>)[name] : undefined;
}

/**
 * Validates `input` with the calculator's own schema and runs it. Never throws for bad input: the
 * refusal comes back as `error`, which an engine can show or hand back to a model.
 */
export function runCalculator(name: string, input: Record<string, unknown>, today: Date): Omit<ToolCallDTO, 'id'> {
  const calc = findCalculator(name);
  if (!calc) return { name, input, error: `Unknown calculator ${name}` };
  const parsed = calc.input.safeParse(input);
  if (!parsed.success) return { name, input, error: parsed.error.issues.map((i) => i.message).join('; ') };
  try {
    const result = calc.run(parsed.data, today) as Record<string, unknown>;
    const working = Array.isArray(result?.working) ? (result.working as string[]) : (calc.explain?.(parsed.data, today) ?? []);
    return { name, input: parsed.data as Record<string, unknown>, result, working };
  } catch (err) {
    if (err instanceof PayrollError) return { name, input, error: err.message };
    throw err;
  }
}

/** The payslip check as a call beside the calculators' (not a calculator: its input is a whole payslip's text). */
export const PAYSLIP_CHECK = 'payslip-check';
export const payslipCheckToolInput = employeeFactsSchema.extend({
  text: z.string().trim().min(1, 'text: paste the payslip').max(MAX_PAYSLIP_TEXT),
});

/**
 * Checks a payslip read from a message: the call's input is what was read (so the card and the document show it),
 * its result the engine's figures and findings. A slip the engine cannot check comes back as `error`.
 */
export function runPayslipCheck(slip: ReadPayslip, facts: Partial<EmployeeFacts>): Omit<ToolCallDTO, 'id'> {
  const cents = (c: number | null | undefined) => (c === null || c === undefined ? undefined : c / 100);
  const input = Object.fromEntries(
    Object.entries({
      payDate: slip.payDate ?? undefined,
      period: slip.period,
      gross: cents(slip.grossCents ?? (slip.earnings.length ? slip.earnings.reduce((s, e) => s + e.cents, 0) : null)),
      paye: cents(slip.deductions.find((d) => d.kind === 'paye')?.cents),
      uifEmployee: cents(slip.deductions.find((d) => d.kind === 'uif')?.cents),
      sdl: cents(slip.employer.find((e) => e.kind === 'sdl')?.cents),
      netPay: cents(slip.netCents),
      ...facts,
    }).filter(([, v]) => v !== undefined),
  );
  try {
    const check = checkPayslip(slip, facts);
    return { name: PAYSLIP_CHECK, input, result: { differences: check.findings.length, ...check }, working: check.working };
  } catch (err) {
    if (err instanceof PayrollError) return { name: PAYSLIP_CHECK, input, error: err.message.replace(/^\w+: /, '') };
    throw err;
  }
}

/** Each calculator as a JSON-schema tool description (for models that call tools). */
export function calculatorToolSpecs(): { name: string; calculator: string; description: string; parameters: Record<string, unknown> }[] {
  return PAYROLL_CALCULATOR_LIST.map((c) => ({
    name: c.name.replace(/[^a-zA-Z0-9_]/g, '_'),
    calculator: c.name,
    description: c.description,
    parameters: z.toJSONSchema(c.input, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>,
  }));
}

export interface KnowledgeTools {
  search(q: string, limit?: number): Promise<SearchResultDTO[]>;
  getArticle(id: string): Promise<ItemDTO | null>;
}

export function knowledgeTools(k: {
  search(q: string, o?: { limit?: number }): Promise<SearchResultDTO[]>;
  findItem(id: string): Promise<ItemDTO | null>;
}): KnowledgeTools {
  return {
    search: (q, limit = 5) => k.search(q, { limit }),
    getArticle: (id) => k.findItem(id),
  };
}
