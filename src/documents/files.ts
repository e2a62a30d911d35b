// Documents as files to download, and the one way a route sends one.
import type { Context } from 'hono';
import { AppError } from '../errors';
import { PayrollError, compareTaxYears, isoDateFromDate, type PayrollCalculator } from '../payroll';
import type { CalcDef, Outcome, Values } from '../ui/calculators/model';
import type { DownloadFormat } from '../schemas/documents';
import { calculationDocument, documentFilename, type DocContext } from './builders';
import { pageCalculation, registryCalculation, type Calculation } from './calculation';
import { toCsv } from './csv';
import { linkResolver } from './markdown';
import type { Doc, DownloadFile } from './model';
import { renderPdf } from './pdf';

/**
 * The context of a document made now. Links are absolute, as paper needs: to the public address when the app has one,
 * else to the address the request came to (a local or zero-configuration install).
 */
export const documentContext = (s: { clock: () => Date; config: { publicUrl?: string } }, requestUrl: string): DocContext => ({
  now: s.clock(),
  link: linkResolver(s.config.publicUrl ?? new URL(requestUrl).origin),
});

export async function pdfFile(doc: Doc, what: string): Promise<DownloadFile> {
  return { filename: documentFilename(what, doc.created, 'pdf'), contentType: 'application/pdf', body: await renderPdf(doc) };
}

export async function calculationFile(calc: Calculation, format: DownloadFormat, ctx: DocContext): Promise<DownloadFile> {
  if (format === 'pdf') return pdfFile(calculationDocument(calc, ctx), calc.id);
  return {
    filename: documentFilename(calc.id, ctx.now, 'csv'),
    contentType: 'text/csv; charset=utf-8',
    body: toCsv(calc, isoDateFromDate(ctx.now)),
  };
}

/**
 * A registry calculator's result as a file (POST /api/payroll/<name>?format=…): the input the schema validated,
 * the engine's result and working, and the other tax year when `compareWith` is given.
 */
export function registryFile(
  calc: PayrollCalculator,
  input: Record<string, unknown>,
  format: DownloadFormat,
  ctx: DocContext,
  compareWith?: number,
): Promise<DownloadFile> {
  try {
    const comparison = compareWith === undefined ? undefined : compareTaxYears(calc, input, compareWith, ctx.now);
    const result = (comparison?.results[0] ?? calc.run(input, ctx.now)) as Record<string, unknown>;
    const working = Array.isArray(result.working) ? (result.working as string[]) : (calc.explain?.(input, ctx.now) ?? []);
    return calculationFile(registryCalculation(calc, input, result, working, comparison), format, ctx);
  } catch (err) {
    if (err instanceof PayrollError) throw new AppError('bad_request', err.message, { field: err.field });
    throw err;
  }
}

const sentence = (s: string) => (/[.!?]$/.test(s) ? s : `${s}.`);

/** The tax years of a published article, by id (undefined for a link that is not to one). */
export type ArticleYears = (id: string) => Promise<string[] | undefined>;
const ARTICLE_HREF = /^\/knowledge\/article\/([^/?#]+)$/;

/**
 * The result on the /calculators page as a file, its knowledge-base links with the tax years the articles apply to; a
 * form that shows no result has nothing to download (400, saying why).
 */
export async function pageFile(
  def: CalcDef,
  values: Values,
  outcome: Outcome,
  format: DownloadFormat,
  ctx: DocContext,
  articleYears: ArticleYears,
): Promise<DownloadFile> {
  if (outcome.status === 'idle') {
    throw new AppError('bad_request', sentence(`Nothing to download yet: ${outcome.missing.map((e) => e.message).join('; ')}`), {
      field: outcome.missing[0]?.field,
    });
  }
  if (outcome.status === 'invalid') {
    throw new AppError(
      'bad_request',
      sentence(`This calculation cannot be downloaded: ${outcome.errors.map((e) => e.message).join('; ')}`),
      { field: outcome.errors[0]?.field },
    );
  }
  const calc = pageCalculation(def, values, outcome, ctx.now);
  if (format === 'pdf') {
    calc.links = await Promise.all(
      calc.links.map(async (l) => {
        const id = ARTICLE_HREF.exec(l.href)?.[1];
        const taxYears = id ? await articleYears(id) : undefined;
        return taxYears?.length ? { ...l, taxYears } : l;
      }),
    );
  }
  return calculationFile(calc, format, ctx);
}

/** Sends a file as a download that no shared cache keeps. */
export function sendFile(c: Context, file: DownloadFile): Response {
  return c.body(file.body as Uint8Array<ArrayBuffer> | string, 200, {
    'Content-Type': file.contentType,
    'Content-Disposition': `attachment; filename="${file.filename}"`,
    'Cache-Control': 'private, no-store',
    'X-Content-Type-Options': 'nosniff',
  });
}
