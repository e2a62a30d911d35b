import * as z from 'zod/mini';

// The contract between /api/admin/audit, the /admin/audit page and the audit log reader. One schema reads the
// API's query and the page's plain GET form, so an empty field (the form sends every field) means "any".

export const AUDIT_PAGE_SIZE = 50;

/** One admin action as the log shows it. The actor is null for the system's own actions and for deleted users. */
export interface AuditEntryDTO {
  id: number;
  /** ISO 8601, UTC. */
  at: string;
  actor: { id: number; username: string } | null;
  action: string;
  target: string | null;
  details: Record<string, unknown> | null;
}

export interface AuditPageDTO {
  entries: AuditEntryDTO[];
  /** Entries matching the filters. */
  total: number;
  page: number;
  /** At least 1, even when nothing matches. */
  pages: number;
  /** Every action name in the log, for the filter. */
  actions: string[];
}

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
/** A real calendar date written YYYY-MM-DD (2026-02-30 is not one). */
export const isCalendarDate = (s: string) =>
  DATE_RE.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().slice(0, 10) === s;

const blank = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

const text = (label: string, max: number, ...checks: z.core.$ZodCheck<string>[]) =>
  z.pipe(
    z.transform(blank),
    z.optional(
      z
        .string({ error: `${label} must be given once, as text` })
        .check(z.trim(), z.maxLength(max, `${label} must be at most ${max} characters`), ...checks),
    ),
  );

const date = (label: string) => {
  const message = `${label} must be a date written YYYY-MM-DD, e.g. 2026-11-27`;
  return z.pipe(z.transform(blank), z.optional(z.string({ error: message }).check(z.trim(), z.refine(isCalendarDate, message))));
};

const PAGE_MESSAGE = 'page must be a whole number from 1';

export const AUDIT_TEXTS = {
  badRange: 'The "to" date must be on or after the "from" date',
} as const;

export const auditQuerySchema = z
  .object({
    action: text('action', 100, z.regex(/^[a-z0-9._-]+$/i, 'action must be an action name such as user.trial.extend')),
    /** The actor's username, exactly (any case). */
    actor: text('actor', 100),
    /** The target, exactly (any case): user:12, a category id, an article id. */
    target: text('target', 300),
    /** South African days, both included. */
    from: date('from'),
    to: date('to'),
    page: z.pipe(
      z.transform(blank),
      z.optional(
        z.coerce
          .number({ error: PAGE_MESSAGE })
          .check(z.refine(Number.isInteger, PAGE_MESSAGE), z.gte(1, PAGE_MESSAGE), z.lte(1_000_000, PAGE_MESSAGE)),
      ),
    ),
  })
  .check(z.refine((q) => !q.from || !q.to || q.from <= q.to, { message: AUDIT_TEXTS.badRange, path: ['to'] }));

export type AuditQuery = z.output<typeof auditQuerySchema>;
