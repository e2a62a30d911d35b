import { useEffect, useId, useState } from 'react';
import type { EditorItemDTO, Status } from '../../src/knowledge/schemas';
import { call } from '../api';
import { API } from '../endpoints';
import { Field } from '../ui';
import { TextArea } from './common';
import { saDate, saDateTime, shiftTaxYear, taxYearOf, toSaInput } from './time';

// The content-lifecycle parts of the item editor: tax years, figures, editors' notes, the change note, when
// readers see the change (now, as a draft, at a time), the staged edit of a published item, verification and
// the preview link.

export interface LifecycleDraft {
  taxYears: string[];
  quotesFigures: boolean;
  editorNotes: string;
  changeNote: string;
}

// ---- Tax years ----------------------------------------------------------------------------------

let knownYears: Promise<{ latest: string; current: string } | null> | null = null;
/** The current and latest tax years, asked of the server once per page (the verification queue carries them). */
function fetchKnownYears() {
  knownYears ??= call(API.reviewQueue)
    .then((r) => ({ latest: r.latestTaxYear, current: r.currentTaxYear }))
    .catch(() => {
      knownYears = null; // ask again next time
      return null;
    });
  return knownYears;
}

/** The years to offer: the one before the current, the current, the latest the app has figures for, and the item's own. */
export function useTaxYearOptions(own: string[]): string[] {
  const [years, setYears] = useState(() => {
    const current = taxYearOf();
    return { latest: current, current };
  });
  useEffect(() => {
    let live = true;
    void fetchKnownYears().then((y) => live && y && setYears(y));
    return () => {
      live = false;
    };
  }, []);
  const all = new Set([shiftTaxYear(years.current, -1), years.current, years.latest, ...own].filter((y): y is string => Boolean(y)));
  return [...all].sort();
}

export function LifecycleFields({ value, onChange }: { value: LifecycleDraft; onChange: (v: LifecycleDraft) => void }) {
  const id = useId();
  const years = useTaxYearOptions(value.taxYears);
  const toggleYear = (y: string, on: boolean) =>
    onChange({ ...value, taxYears: on ? [...value.taxYears, y].sort() : value.taxYears.filter((x) => x !== y) });
  return (
    <>
      <fieldset className="space-y-2" aria-describedby={`${id}-years-hint`}>
        <legend className="label">Tax years</legend>
        <p id={`${id}-years-hint`} className="text-xs text-muted-foreground">
          The tax years this article&apos;s figures and rules are for. Leave them all unticked when it is not tied to a year.
        </p>
        <div className="flex flex-wrap gap-x-5 gap-y-2">
          {years.map((y) => (
            <label key={y} className="inline-flex min-h-8 items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="size-4 accent-primary"
                name="taxYears"
                value={y}
                checked={value.taxYears.includes(y)}
                onChange={(e) => toggleYear(y, e.target.checked)}
              />
              {y}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="space-y-1">
        <label className="inline-flex min-h-8 items-center gap-2 text-sm font-medium">
          <input
            type="checkbox"
            className="size-4 accent-primary"
            name="quotesFigures"
            checked={value.quotesFigures}
            onChange={(e) => onChange({ ...value, quotesFigures: e.target.checked })}
            aria-describedby={`${id}-figures-hint`}
          />
          Quotes tax-year figures
        </label>
        <p id={`${id}-figures-hint`} className="text-xs text-muted-foreground">
          Tick when the article quotes figures that change each tax year (rebates, thresholds, the UIF ceiling, ETI bands…): it comes up for
          checking when a new tax year is added.
        </p>
      </div>
      <div className="kb-editor-notes rounded-md border border-dashed border-slate-300 bg-slate-50 p-3">
        <TextArea
          label={
            <>
              Editors&apos; notes <span className="font-normal text-muted-foreground">(never shown to readers)</span>
            </>
          }
          name="editorNotes"
          value={value.editorNotes}
          onChange={(editorNotes) => onChange({ ...value, editorNotes })}
          rows={4}
          hint="Sources, figures still to confirm, remarks for other editors. Only editors see these notes, here in Knowledge Base Management."
        />
      </div>
      <Field
        label="Change note"
        name="changeNote"
        value={value.changeNote}
        maxLength={500}
        onChange={(e) => onChange({ ...value, changeNote: e.target.value })}
        hint="Optional: what you changed and why. It is kept with this version in History."
        placeholder="e.g. 2026/27 UIF ceiling confirmed"
      />
    </>
  );
}

// ---- When readers see it ------------------------------------------------------------------------

export type SaveMode = 'publish' | 'draft' | 'schedule';
/** What is being saved: a new article, or one with this status (and a published one's staged edit). */
export type EditorKind = 'new' | Status;

/** The choice an editor opens with: a draft stays a draft and a staged edit stays staged; otherwise the spec's "live at once". */
export function initialSaveMode(item: EditorItemDTO | null): SaveMode {
  if (!item) return 'publish';
  if (item.draft) return item.draft.publishAt ? 'schedule' : 'draft';
  if (item.status === 'published') return 'publish';
  return item.status === 'draft' && item.publishAt ? 'schedule' : 'draft';
}
export const initialPublishAt = (item: EditorItemDTO | null) =>
  toSaInput(item?.draft?.publishAt ?? (item?.status === 'draft' ? item.publishAt : null));

const SAVE_HINTS: Record<SaveMode, Record<EditorKind, string>> = {
  publish: {
    new: 'Readers see it as soon as you create it.',
    published: 'Readers see your change as soon as you save it.',
    draft: 'Readers see it as soon as you save it.',
    archived: 'It comes back: readers see it as soon as you save it.',
  },
  draft: {
    new: 'Readers do not see it until it is published.',
    published: 'Readers keep seeing the published text; your change waits, staged, until you publish it.',
    draft: 'It stays a draft: readers do not see it.',
    archived: 'It becomes a draft: readers do not see it.',
  },
  schedule: {
    new: 'It is published at the time you choose; until then readers do not see it.',
    published: 'Your change is published at the time you choose; until then readers see the current text.',
    draft: 'It is published at the time you choose; until then readers do not see it.',
    archived: 'It is published at the time you choose; until then readers do not see it.',
  },
};

export function submitLabel(kind: EditorKind, mode: SaveMode, busy: boolean): string {
  if (busy) return kind === 'new' ? 'Creating...' : 'Saving...';
  if (kind === 'new') return mode === 'publish' ? 'Create Item' : mode === 'draft' ? 'Create draft' : 'Create and schedule';
  if (mode === 'draft') return 'Save draft';
  if (mode === 'schedule') return 'Save and schedule';
  return kind === 'published' ? 'Save' : 'Save and publish';
}

export function SaveChoice({
  kind,
  mode,
  onMode,
  at,
  onAt,
}: {
  kind: EditorKind;
  mode: SaveMode;
  onMode: (m: SaveMode) => void;
  at: string;
  onAt: (v: string) => void;
}) {
  const id = useId();
  const options: { value: SaveMode; label: string }[] = [
    { value: 'publish', label: 'Publish now' },
    { value: 'draft', label: 'Save as draft' },
    { value: 'schedule', label: 'Schedule…' },
  ];
  return (
    <fieldset className="space-y-2">
      <legend className="label">When readers see it</legend>
      <div className="grid gap-2 sm:grid-cols-3">
        {options.map((o) => (
          <label
            key={o.value}
            className="flex cursor-pointer gap-2 rounded-md border border-border p-3 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary-soft"
          >
            <input
              type="radio"
              className="mt-0.5 size-4 shrink-0 accent-primary"
              name={`${id}-mode`}
              value={o.value}
              checked={mode === o.value}
              onChange={() => onMode(o.value)}
              aria-describedby={`${id}-${o.value}`}
            />
            <span className="space-y-0.5">
              <span className="block font-medium">{o.label}</span>
              {/* Read as the radio's description, not as part of its name. */}
              <span id={`${id}-${o.value}`} className="block text-xs text-muted-foreground" aria-hidden="true">
                {SAVE_HINTS[o.value][kind]}
              </span>
            </span>
          </label>
        ))}
      </div>
      {mode === 'schedule' && (
        <div className="space-y-1.5 sm:max-w-xs">
          <label htmlFor={`${id}-at`} className="label">
            Publish on (South African time)
          </label>
          <input
            id={`${id}-at`}
            type="datetime-local"
            name="publishAt"
            className="input"
            value={at}
            min={toSaInput(Date.now())}
            onChange={(e) => onAt(e.target.value)}
          />
        </div>
      )}
    </fieldset>
  );
}

// ---- Status, verification, preview, the staged edit ----------------------------------------------

/** "Published", "Draft", "Scheduled for …", "Archived": where the article is, in a sentence. */
export function statusSentence(item: EditorItemDTO): string {
  if (item.status === 'archived') return 'Archived: readers do not see it.';
  if (item.status === 'draft')
    return item.publishAt ? `Scheduled: published on ${saDateTime(item.publishAt)}.` : 'Draft: readers do not see it.';
  return 'Published: readers see it.';
}

export function verifiedSentence(item: Pick<EditorItemDTO, 'lastVerifiedAt' | 'lastVerifiedBy'>): string {
  if (!item.lastVerifiedAt) return 'Not checked yet.';
  return `Checked on ${saDate(item.lastVerifiedAt)}${item.lastVerifiedBy ? ` by ${item.lastVerifiedBy.username}` : ''}.`;
}

export function PreviewLink({ id }: { id: string }) {
  return (
    <a
      href={`/knowledge-admin/preview/${encodeURIComponent(id)}`}
      target="_blank"
      rel="noopener noreferrer"
      className="btn btn-outline btn-sm"
    >
      Preview<span className="sr-only"> as readers will see it (opens in a new tab)</span>
    </a>
  );
}

export function EditorStatus({
  item,
  busy,
  onVerify,
  onArchive,
}: {
  item: EditorItemDTO;
  busy: boolean;
  onVerify: () => void;
  onArchive: () => void;
}) {
  return (
    <div
      className="flex flex-col gap-3 rounded-md bg-muted/60 p-3 text-sm sm:flex-row sm:items-start sm:justify-between"
      data-testid="editor-status"
    >
      <div className="min-w-0 space-y-1">
        <p>
          <span className="font-medium">Status:</span> {statusSentence(item)}
        </p>
        <p data-testid="verified">{verifiedSentence(item)}</p>
        {item.reviewReason && (
          <p className="text-amber-900">
            <span className="font-medium">Needs checking:</span> {item.reviewReason}
          </p>
        )}
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        <button type="button" className="btn btn-outline btn-sm" onClick={onVerify} disabled={busy}>
          Mark as verified
        </button>
        <PreviewLink id={item.id} />
        {item.status !== 'archived' && (
          <button type="button" className="btn btn-outline btn-sm" onClick={onArchive} disabled={busy}>
            Archive
          </button>
        )}
      </div>
    </div>
  );
}

export function StagedNotice({
  item,
  busy,
  onPublish,
  onDiscard,
}: {
  item: EditorItemDTO;
  busy: boolean;
  onPublish: () => void;
  onDiscard: () => void;
}) {
  const d = item.draft;
  if (!d) return null;
  return (
    <section
      className="space-y-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm"
      aria-label="Staged edit"
      data-testid="staged-draft"
    >
      <p className="font-semibold text-amber-950">An edit is staged</p>
      <p>
        Readers still see the published version. Staged on {saDateTime(d.updatedAt)}
        {d.author ? ` by ${d.author.username}` : ''}.{' '}
        {d.publishAt ? `It will be published on ${saDateTime(d.publishAt)}.` : 'It waits until you publish it.'}
      </p>
      {d.note && <p>Note: “{d.note}”</p>}
      <p className="text-xs text-muted-foreground">The form below edits the staged text.</p>
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn btn-primary btn-sm" onClick={onPublish} disabled={busy}>
          Publish now
        </button>
        <button type="button" className="btn btn-outline btn-sm" onClick={onDiscard} disabled={busy}>
          Discard draft
        </button>
      </div>
    </section>
  );
}
