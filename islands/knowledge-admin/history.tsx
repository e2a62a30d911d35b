import { useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import type { EditorItemDTO, RevisionDTO } from '../../src/knowledge/schemas';
import { attachmentInfo } from '../../src/knowledge/files';
import { call } from '../api';
import { API } from '../endpoints';
import { useBusy, useLatest, type AdminCategory } from './common';
import { ListDiff, TextDiff, type DiffMode } from './diff';
import { saDateTime, saShortDateTime } from './time';

// An article's history: every saved version, newest first; any two compared; any one restored.

const KIND_WORDS: Record<string, string> = {
  created: 'Created',
  edited: 'Edited',
  staged: 'Edit staged',
  published: 'Published',
  restored: 'Restored',
  shipped: 'Shipped with the app',
  'shipped-pending': 'Shipped update not applied (edited here)',
  imported: 'Imported',
};
export const kindWords = (kind: string) => KIND_WORDS[kind] ?? kind.charAt(0).toUpperCase() + kind.slice(1).replace(/-/g, ' ');

/** How many revisions show before "Show all". */
const SHOWN = 10;

type Snapshot = Pick<RevisionDTO, 'title' | 'content' | 'categoryId' | 'keywords' | 'attachments' | 'taxYears' | 'editorNotes'>;
const sameText = (a: Snapshot, b: Snapshot) =>
  a.title === b.title &&
  a.content === b.content &&
  a.categoryId === b.categoryId &&
  a.editorNotes === b.editorNotes &&
  a.keywords.join('\n') === b.keywords.join('\n') &&
  a.attachments.join('\n') === b.attachments.join('\n') &&
  a.taxYears.join('\n') === b.taxYears.join('\n');

/** The pair shown first: the newest against the latest older one whose text differs (else the one before it). */
function defaultPair(revs: RevisionDTO[]): [number, number] | null {
  if (revs.length < 2) return null;
  const newest = revs[0];
  const older = revs.slice(1).find((r) => !sameText(r, newest)) ?? revs[1];
  return [older.number, newest.number];
}

const revisionLabel = (r: RevisionDTO) => `Revision ${r.number} · ${kindWords(r.kind)} · ${saShortDateTime(r.at)}`;

export function History({
  item,
  categories,
  refreshKey,
  onRestored,
}: {
  item: EditorItemDTO;
  categories: AdminCategory[];
  refreshKey: unknown;
  onRestored: () => Promise<void>;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [revs, setRevs] = useState<RevisionDTO[] | null>(null);
  const [loading, latest] = useLatest();
  const [all, setAll] = useState(false);
  const [pair, setPair] = useState<[number, number] | null>(null);
  const [mode, setMode] = useState<DiffMode>('words');
  const [busy, , send] = useBusy();

  const load = () =>
    latest(
      () => call(API.revisions, { params: { id: item.id } }),
      (list) => {
        setRevs(list);
        setPair(defaultPair(list));
      },
    );
  useEffect(() => {
    if (open) void load();
  }, [open, refreshKey]);

  const restore = (r: RevisionDTO) =>
    void send({
      ask: `Restore revision ${r.number} of "${item.title}" (${kindWords(r.kind).toLowerCase()}, ${saDateTime(r.at)})? Readers will see its text at once; the current text stays in History.`,
      request: () =>
        call(API.restoreRevision, { params: { id: item.id, number: r.number }, body: { note: `Restored revision ${r.number}` } }),
      done: { title: 'Revision Restored', description: `Readers now see revision ${r.number} of ${r.title}.` },
      then: onRestored,
    });

  const byNumber = useMemo(() => new Map((revs ?? []).map((r) => [r.number, r])), [revs]);
  const from = pair ? byNumber.get(pair[0]) : undefined;
  const to = pair ? byNumber.get(pair[1]) : undefined;
  const shown = revs ? (all ? revs : revs.slice(0, SHOWN)) : [];

  return (
    <div className="space-y-3">
      <button
        type="button"
        className="btn btn-outline btn-sm"
        aria-expanded={open}
        aria-controls={`${id}-panel`}
        onClick={() => setOpen(!open)}
      >
        {open ? 'Hide history' : 'History'}
      </button>
      <section id={`${id}-panel`} hidden={!open} aria-labelledby={`${id}-h`} className="space-y-4" data-testid="history">
        <h4 id={`${id}-h`} className="font-semibold">
          History
        </h4>
        <p className="text-sm text-muted-foreground" role="status" aria-live="polite">
          {loading && !revs
            ? 'Loading history...'
            : revs
              ? revs.length === 1
                ? '1 version saved.'
                : `${revs.length} versions saved, newest first.`
              : ''}
        </p>
        {revs && revs.length > 0 && (
          <ol className="divide-y divide-border rounded-md border border-border" aria-label="Revisions" aria-busy={loading}>
            {shown.map((r) => (
              <li
                key={r.number}
                className="flex flex-col gap-2 p-3 text-sm sm:flex-row sm:items-start sm:justify-between"
                data-testid="revision"
                data-revision={r.number}
              >
                <div className="min-w-0 space-y-0.5">
                  <p>
                    <span className="font-medium">Revision {r.number}</span> · {kindWords(r.kind)}
                  </p>
                  <p className="text-xs text-muted-foreground">
                    {r.author ? `by ${r.author.username}` : 'by the app'} · <time dateTime={r.at}>{saDateTime(r.at)}</time>
                  </p>
                  {r.note && <p className="break-words">“{r.note}”</p>}
                </div>
                <button
                  type="button"
                  className="btn btn-outline btn-sm shrink-0 self-start"
                  onClick={() => restore(r)}
                  disabled={busy}
                  aria-label={`Restore revision ${r.number}`}
                >
                  Restore
                </button>
              </li>
            ))}
          </ol>
        )}
        {revs && revs.length > SHOWN && (
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => setAll(!all)}>
            {all ? `Show the newest ${SHOWN}` : `Show all ${revs.length} revisions`}
          </button>
        )}
        {revs && revs.length >= 2 && pair && (
          <fieldset className="space-y-3" aria-describedby={`${id}-cmp-hint`}>
            <legend className="font-semibold">Compare two revisions</legend>
            <p id={`${id}-cmp-hint`} className="text-xs text-muted-foreground">
              Removed text is struck through in red, added text underlined in green.
            </p>
            <div className="grid gap-3 sm:grid-cols-2">
              <RevisionSelect label="From" value={pair[0]} revs={revs} onChange={(n) => setPair([n, pair[1]])} />
              <RevisionSelect label="To" value={pair[1]} revs={revs} onChange={(n) => setPair([pair[0], n])} />
            </div>
            <div className="flex flex-wrap gap-x-5 gap-y-1 text-sm" role="radiogroup" aria-label="Show changes by">
              {(['words', 'lines'] as const).map((m) => (
                <label key={m} className="inline-flex min-h-8 items-center gap-2">
                  <input
                    type="radio"
                    className="size-4 accent-primary"
                    name={`${id}-mode`}
                    checked={mode === m}
                    onChange={() => setMode(m)}
                  />
                  {m === 'words' ? 'Word by word' : 'Line by line'}
                </label>
              ))}
            </div>
          </fieldset>
        )}
        {from && to && <Changes from={from} to={to} mode={mode} categories={categories} />}
      </section>
    </div>
  );
}

function RevisionSelect({
  label,
  value,
  revs,
  onChange,
}: {
  label: string;
  value: number;
  revs: RevisionDTO[];
  onChange: (n: number) => void;
}) {
  const id = useId();
  return (
    <div className="min-w-0 space-y-1.5">
      <label htmlFor={id} className="label">
        {label}
      </label>
      <select id={id} className="input" value={value} onChange={(e) => onChange(Number(e.target.value))}>
        {revs.map((r) => (
          <option key={r.number} value={r.number}>
            {revisionLabel(r)}
          </option>
        ))}
      </select>
    </div>
  );
}

/** What changed between two revisions, field by field; fields that did not change are left out. */
function Changes({ from, to, mode, categories }: { from: RevisionDTO; to: RevisionDTO; mode: DiffMode; categories: AdminCategory[] }) {
  const id = useId();
  const category = (c: string) => categories.find((x) => x.id === c)?.name ?? c;
  const files = (l: string[]) => l.map((a) => attachmentInfo(a).name);
  const fields: { key: string; label: string; changed: boolean; body: () => ReactNode }[] = [
    { key: 'title', label: 'Title', changed: from.title !== to.title, body: () => <TextDiff before={from.title} after={to.title} /> },
    {
      key: 'category',
      label: 'Category',
      changed: from.categoryId !== to.categoryId,
      body: () => <TextDiff before={category(from.categoryId)} after={category(to.categoryId)} />,
    },
    {
      key: 'content',
      label: 'Content',
      changed: from.content !== to.content,
      body: () => <TextDiff before={from.content} after={to.content} mode={mode} />,
    },
    {
      key: 'keywords',
      label: 'Keywords',
      changed: from.keywords.join('\n') !== to.keywords.join('\n'),
      body: () => <ListDiff before={from.keywords} after={to.keywords} />,
    },
    {
      key: 'taxYears',
      label: 'Tax years',
      changed: from.taxYears.join('\n') !== to.taxYears.join('\n'),
      body: () => <ListDiff before={from.taxYears} after={to.taxYears} empty="Not tied to a tax year" />,
    },
    {
      key: 'attachments',
      label: 'Attachments',
      changed: from.attachments.join('\n') !== to.attachments.join('\n'),
      body: () => <ListDiff before={files(from.attachments)} after={files(to.attachments)} />,
    },
    {
      key: 'notes',
      label: "Editors' notes (never shown to readers)",
      changed: from.editorNotes !== to.editorNotes,
      body: () => <TextDiff before={from.editorNotes} after={to.editorNotes} mode={mode} />,
    },
  ];
  const changed = fields.filter((f) => f.changed);
  return (
    <section aria-labelledby={`${id}-h`} className="space-y-3 rounded-md border border-border p-3" data-testid="revision-diff">
      <h5 id={`${id}-h`} className="text-sm font-semibold">
        Changes from revision {from.number} to revision {to.number}
      </h5>
      {from.number === to.number ? (
        <p className="text-sm text-muted-foreground">Choose two different revisions to compare.</p>
      ) : changed.length === 0 ? (
        <p className="text-sm text-muted-foreground">These two revisions have the same text.</p>
      ) : (
        <>
          <p className="text-sm text-muted-foreground">
            Changed: {changed.map((f) => f.label.replace(/ \(.*\)$/, '').toLowerCase()).join(', ')}.
          </p>
          {changed.map((f) => (
            <div key={f.key} className="space-y-1">
              <h6 className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">{f.label}</h6>
              {f.body()}
            </div>
          ))}
        </>
      )}
    </section>
  );
}
