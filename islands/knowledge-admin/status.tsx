import { useId } from 'react';
import type { AdminItemDTO, Status } from '../../src/knowledge/schemas';
import { saShortDateTime } from './time';

// Where an article or category is in its life: draft, scheduled, published (with an edit staged), archived.

const BADGE = {
  draft: 'bg-slate-200 text-slate-800',
  scheduled: 'bg-violet-100 text-violet-900',
  archived: 'bg-zinc-200 text-zinc-800',
  staged: 'bg-amber-100 text-amber-900',
  published: 'bg-emerald-50 text-emerald-900',
} as const;

/** The list row's badges: Draft, Scheduled <date>, Archived, Edit staged (nothing for a plain published item). */
export function ItemStatusBadges({ item }: { item: Pick<AdminItemDTO, 'status' | 'hasDraft' | 'publishAt'> }) {
  const scheduled = item.publishAt && (item.status === 'draft' || item.hasDraft) ? saShortDateTime(item.publishAt) : '';
  return (
    <>
      {item.status === 'draft' && !scheduled && (
        <span className={`badge ${BADGE.draft}`} data-testid="status-badge">
          Draft
        </span>
      )}
      {item.status === 'archived' && (
        <span className={`badge ${BADGE.archived}`} data-testid="status-badge">
          Archived
        </span>
      )}
      {item.status === 'published' && item.hasDraft && (
        <span className={`badge ${BADGE.staged}`} data-testid="status-badge">
          Edit staged
        </span>
      )}
      {scheduled && (
        <span className={`badge ${BADGE.scheduled}`} data-testid="status-badge">
          Scheduled {scheduled}
        </span>
      )}
    </>
  );
}

export function CategoryStatusBadge({ status }: { status: Status | undefined }) {
  if (!status || status === 'published') return null;
  return <span className={`badge ${BADGE[status]}`}>{STATUS_WORDS[status]}</span>;
}

export const STATUS_WORDS: Record<Status, string> = { draft: 'Draft', published: 'Published', archived: 'Archived' };

/** The list's status filter, as GET /api/knowledge/items/admin?status= takes it. */
export const STATUS_FILTERS = [
  { value: '', label: 'All statuses' },
  { value: 'published', label: 'Published' },
  { value: 'staged', label: 'Published, edit staged' },
  { value: 'draft', label: 'Draft' },
  { value: 'scheduled', label: 'Scheduled' },
  { value: 'archived', label: 'Archived' },
] as const;
export type StatusFilterValue = (typeof STATUS_FILTERS)[number]['value'];
export const isStatusFilter = (v: unknown): v is StatusFilterValue => STATUS_FILTERS.some((f) => f.value === v);

export function StatusFilter({ value, onChange }: { value: string; onChange: (v: StatusFilterValue) => void }) {
  const id = useId();
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="label">
        Filter by status
      </label>
      <select id={id} className="input" value={value} onChange={(e) => onChange(isStatusFilter(e.target.value) ? e.target.value : '')}>
        {STATUS_FILTERS.map((f) => (
          <option key={f.value} value={f.value}>
            {f.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** What the list says when a status filter leaves nothing. */
export function noItemsWithStatus(status: string): string {
  const label = STATUS_FILTERS.find((f) => f.value === status)?.label.toLowerCase() ?? status;
  return `No knowledge items are ${status === 'staged' ? 'published with an edit staged' : label}.`;
}

/** The category form's status select. */
export function CategoryStatusSelect({ value, onChange }: { value: Status; onChange: (v: Status) => void }) {
  const id = useId();
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="label">
        Status
      </label>
      <select
        id={id}
        name="status"
        className="input"
        value={value}
        onChange={(e) => onChange(e.target.value as Status)}
        aria-describedby={`${id}-hint`}
      >
        <option value="published">Published</option>
        <option value="draft">Draft</option>
        <option value="archived">Archived</option>
      </select>
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        Readers see a category, and the articles in it, only while it is published.
      </p>
    </div>
  );
}
