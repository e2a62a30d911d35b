import { useEffect, useId, useState, type FormEvent, type MouseEvent } from 'react';
import type { ReviewDTO } from '../../src/knowledge/schemas';
import { call } from '../api';
import { API } from '../endpoints';
import { toast } from '../toast';
import { useBusy, useLatest, type AdminCategory } from './common';
import { ItemStatusBadges } from './status';
import { saDate, saToday } from './time';

// The "Needs checking" tab: articles to check against the reference (GET /api/knowledge/review), with why, and
// a link to each one's editor.

type ReviewItem = ReviewDTO['items'][number];

export const editorHref = (id: string) => `/knowledge-admin?edit=${encodeURIComponent(id)}`;

export function ReviewQueue({
  active,
  categories,
  onOpen,
}: {
  active: boolean;
  categories: AdminCategory[];
  onOpen: (id: string) => void;
}) {
  const id = useId();
  const [before, setBefore] = useState('');
  const [applied, setApplied] = useState('');
  const [data, setData] = useState<ReviewDTO | null>(null);
  const [loading, latest] = useLatest();

  const load = (date = applied) =>
    latest(
      () => call(API.reviewQueue, { query: { before: date } }),
      (next) => {
        setData(next);
        setApplied(date);
      },
    );
  // Asked again each time the tab is shown: edits elsewhere change the queue.
  useEffect(() => {
    if (active) void load();
  }, [active]);

  function submit(e: FormEvent) {
    e.preventDefault();
    if (before && !/^\d{4}-\d{2}-\d{2}$/.test(before)) {
      toast({ title: 'Error', description: 'Enter the date as YYYY-MM-DD.', variant: 'destructive' });
      return;
    }
    void load(before);
  }

  const count = data?.items.length ?? 0;
  const status =
    loading && !data
      ? 'Loading the articles to check...'
      : !data
        ? ''
        : count === 0
          ? applied
            ? `No articles last checked before ${saDate(applied)} need checking.`
            : 'Nothing needs checking.'
          : `${count} ${count === 1 ? 'article needs' : 'articles need'} checking${applied ? ` (last checked before ${saDate(applied)})` : ''}.`;

  return (
    <div className="space-y-4">
      <div className="space-y-1">
        <h2 className="text-xl font-semibold">Needs checking</h2>
        <p className="text-sm text-muted-foreground">
          Articles whose figures or facts are due to be checked
          {data ? ` (current tax year ${data.currentTaxYear}; latest with figures ${data.latestTaxYear})` : ''}. Open one, check it against
          the reference, then mark it as verified.
        </p>
      </div>
      <form onSubmit={submit} className="flex flex-wrap items-end gap-2" aria-label="Filter the articles to check" noValidate>
        <div className="space-y-1.5">
          <label htmlFor={`${id}-before`} className="label">
            Verified before
          </label>
          <input
            id={`${id}-before`}
            type="date"
            className="input w-auto"
            value={before}
            max={saToday()}
            onChange={(e) => setBefore(e.target.value)}
            aria-describedby={`${id}-before-hint`}
          />
        </div>
        <button type="submit" className="btn btn-outline" disabled={loading}>
          Show
        </button>
        {applied && (
          <button
            type="button"
            className="btn btn-ghost"
            onClick={() => {
              setBefore('');
              void load('');
            }}
          >
            Clear date
          </button>
        )}
        <p id={`${id}-before-hint`} className="basis-full text-xs text-muted-foreground">
          Also list the articles last checked before this date (or never).
        </p>
      </form>
      <p className="text-sm text-muted-foreground" role="status" aria-live="polite" data-testid="review-status">
        {status}
      </p>
      {data && data.items.length > 0 && (
        <ul className="space-y-3" aria-label="Articles that need checking" aria-busy={loading}>
          {data.items.map((item) => (
            <ReviewRow key={item.id} item={item} categories={categories} onOpen={onOpen} onVerified={() => load()} />
          ))}
        </ul>
      )}
    </div>
  );
}

function ReviewRow({
  item,
  categories,
  onOpen,
  onVerified,
}: {
  item: ReviewItem;
  categories: AdminCategory[];
  onOpen: (id: string) => void;
  onVerified: () => Promise<void>;
}) {
  const [busy, , send] = useBusy();
  const categoryName = categories.find((c) => c.id === item.categoryId)?.name ?? item.categoryId;
  // A plain click opens the editor in place; a new tab or window (modifier keys, middle click) follows the link.
  const open = (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    onOpen(item.id);
  };
  const verify = () =>
    send({
      request: () => call(API.verifyItem, { params: { id: item.id }, body: {} }),
      done: { title: 'Marked as Verified', description: `${item.title} was checked today.` },
      then: onVerified,
    });
  return (
    <li className="card space-y-2 p-4" data-testid="review-item" data-item-id={item.id}>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 space-y-1">
          <h3 className="font-semibold break-words">
            <a href={editorHref(item.id)} onClick={open} className="text-primary underline-offset-2 hover:underline">
              {item.title}
            </a>
          </h3>
          <div className="flex flex-wrap items-center gap-1.5">
            <span className="badge bg-blue-50 text-blue-800">{categoryName}</span>
            <ItemStatusBadges item={{ status: item.status, hasDraft: false, publishAt: null }} />
            {item.taxYears.map((y) => (
              <span key={y} className="badge bg-muted text-slate-700">
                {y}
              </span>
            ))}
            {item.quotesFigures && <span className="badge bg-muted text-slate-700">Quotes figures</span>}
          </div>
        </div>
        <button
          type="button"
          className="btn btn-outline btn-sm shrink-0 self-start"
          onClick={verify}
          disabled={busy}
          aria-label={`Mark ${item.title} as verified`}
        >
          Mark as verified
        </button>
      </div>
      <p className="text-sm">{item.lastVerifiedAt ? `Last checked on ${saDate(item.lastVerifiedAt)}.` : 'Never checked.'}</p>
      {item.reasons.length > 0 && (
        <ul className="list-disc space-y-0.5 pl-5 text-sm text-amber-950" aria-label={`Why ${item.title} needs checking`}>
          {item.reasons.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
      )}
    </li>
  );
}
