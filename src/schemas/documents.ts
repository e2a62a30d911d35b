import * as z from 'zod/mini';

// Downloads (src/documents): which file a calculator's result is wanted as.

export const DOWNLOAD_FORMATS = ['pdf', 'csv'] as const;
export type DownloadFormat = (typeof DOWNLOAD_FORMATS)[number];
export const FORMAT_MESSAGE = 'format must be "pdf" or "csv"';

/** `?format=pdf|csv` on POST /api/payroll/<name> and GET /calculators; other query fields pass through untouched. */
export const downloadQuerySchema = z.object({ format: z.optional(z.enum(DOWNLOAD_FORMATS, { error: FORMAT_MESSAGE })) });
