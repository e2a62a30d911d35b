import type { ReactNode } from 'react';
import type { FieldIssue } from '../../http/validate';
import { AUDIT_PAGE_SIZE, type AuditEntryDTO, type AuditPageDTO } from '../../schemas/audit';
import { actionLabel, clip, saTime, summarise, targetLabel } from './describe';

// /admin/audit: who did what to what, and when. The filters are a plain GET form and the pages plain links,
// so the page works without JavaScript; below 640 px each entry stacks into a labelled block.

export const AUDIT_FILTERS = ['action', 'actor', 'target', 'from', 'to'] as const;
export type AuditFilters = Partial<Record<(typeof AUDIT_FILTERS)[number], string>>;

/** The page's address for these filters and page (empty filters and page 1 left out). */
export function auditUrl(filters: AuditFilters, page = 1) {
  const p = new URLSearchParams();
  for (const k of AUDIT_FILTERS) if (filters[k]) p.set(k, filters[k]!);
  if (page > 1) p.set('page', String(page));
  const qs = p.toString();
  return qs ? `/admin/audit?${qs}` : '/admin/audit';
}

const LINK = 'font-medium text-primary underline-offset-2 hover:underline';

function Field({
  id,
  label,
  hint,
  error,
  className = '',
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={`space-y-1.5 ${className}`}>
      <label htmlFor={id} className="label">
        {label}
      </label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

/** The attributes tying an input to its hint and error. */
const described = (id: string, hint: boolean, error?: string) => {
  const ids = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ');
  return { id, name: id.replace(/^audit-/, ''), 'aria-describedby': ids || undefined, 'aria-invalid': error ? true : undefined };
};

function Filters({ filters, actions, errors }: { filters: AuditFilters; actions: string[]; errors: FieldIssue[] }) {
  const err = (field: string) => errors.find((e) => e.field === field)?.message;
  // An action typed into the address that the log does not (yet) hold still shows as chosen.
  const options = filters.action && !actions.includes(filters.action) ? [...actions, filters.action] : actions;
  return (
    <form
      method="get"
      action="/admin/audit"
      role="search"
      aria-label="Filter the audit log"
      className="card grid grid-cols-2 gap-4 p-4 sm:p-6 lg:grid-cols-6"
    >
      <Field id="audit-action" label="Action" error={err('action')} className="col-span-2">
        <select {...described('audit-action', false, err('action'))} defaultValue={filters.action ?? ''} className="input">
          <option value="">All actions</option>
          {options.map((a) => (
            <option key={a} value={a}>
              {actionLabel(a)}
            </option>
          ))}
        </select>
      </Field>
      <Field
        id="audit-actor"
        label="Done by"
        hint="Username, exactly"
        error={err('actor')}
        className="col-span-2 sm:col-span-1 lg:col-span-2"
      >
        <input
          {...described('audit-actor', true, err('actor'))}
          type="text"
          defaultValue={filters.actor ?? ''}
          className="input"
          autoComplete="off"
          spellCheck={false}
          maxLength={100}
        />
      </Field>
      <Field
        id="audit-target"
        label="Target"
        hint="Exactly, e.g. user:12 or an article id"
        error={err('target')}
        className="col-span-2 sm:col-span-1 lg:col-span-2"
      >
        <input
          {...described('audit-target', true, err('target'))}
          type="text"
          defaultValue={filters.target ?? ''}
          className="input"
          autoComplete="off"
          spellCheck={false}
          maxLength={300}
        />
      </Field>
      <Field id="audit-from" label="From" error={err('from')} className="col-span-1 lg:col-span-2">
        <input {...described('audit-from', false, err('from'))} type="date" defaultValue={filters.from ?? ''} className="input" />
      </Field>
      <Field id="audit-to" label="To" error={err('to')} className="col-span-1 lg:col-span-2">
        <input {...described('audit-to', false, err('to'))} type="date" defaultValue={filters.to ?? ''} className="input" />
      </Field>
      <div className="col-span-2 flex flex-wrap items-end gap-2 lg:col-span-2">
        <button type="submit" className="btn btn-primary">
          Filter
        </button>
        <a href="/admin/audit" className="btn btn-outline">
          Clear filters
        </a>
      </div>
      <p className="col-span-2 text-xs text-muted-foreground lg:col-span-6">Dates are South African days, both included.</p>
    </form>
  );
}

const COLUMNS = ['When', 'Who', 'Action', 'Target', 'Details'] as const;

/** A cell that, stacked on a narrow screen, shows its column's name beside it (screen readers get the header). */
function Cell({ column, children }: { column: (typeof COLUMNS)[number]; children: ReactNode }) {
  return (
    <td role="cell" className="px-3 py-2 max-sm:flex max-sm:gap-3 max-sm:px-0 max-sm:py-1">
      <span aria-hidden="true" className="w-16 shrink-0 font-medium text-muted-foreground sm:hidden">
        {column}
      </span>
      <div className="min-w-0 max-sm:flex-1">{children}</div>
    </td>
  );
}

function Row({ e, filters }: { e: AuditEntryDTO; filters: AuditFilters }) {
  const label = targetLabel(e);
  return (
    <tr role="row" className="border-b border-border align-top last:border-0 max-sm:block max-sm:py-3" data-testid="audit-entry">
      <Cell column="When">
        <time dateTime={e.at} className="whitespace-nowrap">
          {saTime(e.at)}
        </time>
      </Cell>
      <Cell column="Who">
        {e.actor ? (
          <a href={auditUrl({ ...filters, actor: e.actor.username })} className={`${LINK} wrap-anywhere`}>
            <span className="sr-only">Only entries by </span>
            {e.actor.username}
          </a>
        ) : (
          <span className="text-muted-foreground">System or a deleted user</span>
        )}
      </Cell>
      <Cell column="Action">
        <div>{actionLabel(e.action)}</div>
        <a
          href={auditUrl({ ...filters, action: e.action })}
          className="font-mono text-xs wrap-anywhere text-muted-foreground underline-offset-2 hover:underline"
        >
          <span className="sr-only">Only entries with action </span>
          {e.action}
        </a>
      </Cell>
      <Cell column="Target">
        {label && <div className="wrap-anywhere">{clip(label, 120)}</div>}
        {e.target ? (
          <a
            href={auditUrl({ ...filters, target: e.target })}
            className="font-mono text-xs wrap-anywhere text-muted-foreground underline-offset-2 hover:underline"
          >
            <span className="sr-only">Only entries for target </span>
            {e.target}
          </a>
        ) : (
          !label && '—'
        )}
      </Cell>
      <Cell column="Details">
        <div className="wrap-anywhere">{summarise(e)}</div>
        {e.details && (
          <details className="mt-1">
            <summary className="cursor-pointer text-xs text-primary">
              All details<span className="sr-only"> of this entry</span>
            </summary>
            <pre className="mt-1 max-h-64 overflow-auto rounded bg-muted p-2 text-xs wrap-anywhere whitespace-pre-wrap">
              {JSON.stringify(e.details, null, 2)}
            </pre>
          </details>
        )}
      </Cell>
    </tr>
  );
}

function Pagination({ r, filters }: { r: AuditPageDTO; filters: AuditFilters }) {
  if (r.pages <= 1 && r.page <= 1) return null;
  const step = (label: string, page: number, rel: 'prev' | 'next', enabled: boolean) =>
    enabled ? (
      <a href={auditUrl(filters, page)} rel={rel} className="btn btn-outline btn-sm">
        {label}
      </a>
    ) : (
      <span className="btn btn-outline btn-sm pointer-events-none opacity-50">{label}</span>
    );
  return (
    <nav aria-label="Audit log pages" className="flex flex-wrap items-center justify-between gap-2">
      {step('Previous', Math.min(r.page - 1, r.pages), 'prev', r.page > 1)}
      <p className="text-sm text-muted-foreground">
        Page {r.page} of {r.pages}
      </p>
      {step('Next', r.page + 1, 'next', r.page < r.pages)}
    </nav>
  );
}

function Results({ r, filters }: { r: AuditPageDTO; filters: AuditFilters }) {
  const filtered = AUDIT_FILTERS.some((k) => filters[k]);
  if (!r.entries.length) {
    return (
      <div className="card p-6 text-center" data-testid="audit-empty">
        {r.total > 0 ? (
          <p>
            There is no page {r.page}: {filtered ? 'the matching entries fill' : 'the log fills'}{' '}
            {r.pages === 1 ? '1 page' : `${r.pages} pages`}.{' '}
            <a href={auditUrl(filters, r.pages)} className={LINK}>
              Go to the last page
            </a>
          </p>
        ) : filtered ? (
          <>
            <p className="font-medium">No entries match these filters.</p>
            <p className="mt-1 text-sm text-muted-foreground">
              Widen the dates or{' '}
              <a href="/admin/audit" className={LINK}>
                clear the filters
              </a>
              .
            </p>
          </>
        ) : (
          <>
            <p className="font-medium">No admin actions have been recorded yet.</p>
            <p className="mt-1 text-sm text-muted-foreground">Changes to the knowledge base, admin rights and trials will appear here.</p>
          </>
        )}
      </div>
    );
  }
  const start = (r.page - 1) * AUDIT_PAGE_SIZE + 1;
  return (
    <div className="space-y-4">
      <div className="card overflow-x-auto px-4 sm:px-2">
        <table role="table" className="w-full text-left text-sm max-sm:block">
          <caption className="px-0 py-3 text-left text-sm text-muted-foreground max-sm:block sm:px-3">
            {`Admin actions, newest first: ${start}–${start + r.entries.length - 1} of ${r.total}`}
          </caption>
          <thead role="rowgroup" className="border-b border-border text-muted-foreground max-sm:sr-only">
            <tr role="row">
              {COLUMNS.map((h) => (
                <th key={h} role="columnheader" scope="col" className="px-3 py-2 font-medium">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody role="rowgroup" className="max-sm:block">
            {r.entries.map((e) => (
              <Row key={e.id} e={e} filters={filters} />
            ))}
          </tbody>
        </table>
      </div>
      <Pagination r={r} filters={filters} />
    </div>
  );
}

export function AuditLogPage({
  result,
  filters,
  actions,
  errors,
}: {
  result: AuditPageDTO | null;
  filters: AuditFilters;
  actions: string[];
  errors: FieldIssue[];
}) {
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold">Audit Log</h1>
        <p className="text-muted-foreground">
          Every change an admin made to the knowledge base, admin rights and trials: who, what, to what and when (South African time).
        </p>
      </div>
      {errors.length > 0 && (
        <div role="alert" className="rounded-md border border-destructive bg-red-50 p-4 text-sm" data-testid="audit-errors">
          <p className="font-medium text-destructive">The filters could not be used:</p>
          <ul className="mt-1 list-disc pl-5">
            {errors.map((e) => (
              <li key={`${e.field}:${e.message}`}>
                {AUDIT_FILTERS.includes(e.field as (typeof AUDIT_FILTERS)[number]) ? (
                  <a href={`#audit-${e.field}`} className="underline">
                    {e.message}
                  </a>
                ) : (
                  e.message
                )}
              </li>
            ))}
          </ul>
        </div>
      )}
      <Filters filters={filters} actions={actions} errors={errors} />
      {result && <Results r={result} filters={filters} />}
    </div>
  );
}
