import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { ACCEPT_ATTRIBUTE, attachmentInfo } from '../../src/knowledge/files';
import { createItemSchema, updateItemSchema, type AdminItemDTO, type EditorItemDTO, type ItemDTO } from '../../src/knowledge/schemas';
import { api } from '../api';
import { toast } from '../toast';
import { Field } from '../ui';
import { CategorySelect, Chip, TextArea, check, useBusy, type AdminCategory } from './common';
import { EditorStatus, LifecycleFields, SaveChoice, StagedNotice, initialPublishAt, initialSaveMode, submitLabel, type LifecycleDraft, type SaveMode } from './editor';
import { History } from './history';
import { ItemStatusBadges } from './status';
import { fromSaInput, saDate, saDateTime } from './time';

// Knowledge items: the new-item form and each item's card, which opens into its editor (the spec's fields, then
// the content lifecycle: tax years, editors' notes, draft / schedule / publish, the staged edit, verification,
// preview and history).

const MARKDOWN_HINT = 'Markdown is supported: # Heading, ## Subheading, **bold**, *italic*, - bullet lists, 1. numbered lists, | tables |, [links](https://…).';

// ---- Upload ---------------------------------------------------------------------------------

/** How long to wait for the server's answer once the whole file is sent. */
const ANSWER_WAIT_MS = 60_000;

class UploadFailed extends Error {}
class UploadNetworkError extends Error {}

/** POST /api/knowledge/upload (multipart, field `file`) with upload progress; resolves to the stored filePath. */
function uploadFile(file: File, onProgress: (percent: number) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/knowledge/upload');
    xhr.withCredentials = true;
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      let body: { filePath?: string; message?: string } | null = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        /* not JSON */
      }
      if (xhr.status >= 200 && xhr.status < 300 && body?.filePath) resolve(body.filePath);
      else reject(new UploadFailed(body?.message ?? ''));
    };
    xhr.onerror = () => reject(new UploadNetworkError());
    xhr.onabort = () => reject(new UploadNetworkError());
    // The server answers within its storage deadline once it has the file; should no answer come (a proxy
    // holding it), give up so the progress bar does not stay put.
    let waiting: ReturnType<typeof setTimeout> | undefined;
    xhr.upload.onload = () => (waiting = setTimeout(() => xhr.abort(), ANSWER_WAIT_MS));
    xhr.onloadend = () => clearTimeout(waiting);
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
}

// ---- Form parts -------------------------------------------------------------------------------

/** Keywords with an Add button or Enter; trimmed, empty and duplicate ones ignored; chips removable. */
function KeywordsEditor({ keywords, onChange }: { keywords: string[]; onChange: (k: string[]) => void }) {
  const id = useId();
  const [draft, setDraft] = useState('');
  const add = () => {
    const k = draft.trim();
    setDraft('');
    if (!k || keywords.some((x) => x.toLowerCase() === k.toLowerCase())) return;
    onChange([...keywords, k]);
  };
  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      add();
    }
  };
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="label">
        Keywords
      </label>
      <div className="flex gap-2">
        <input id={id} className="input" value={draft} onChange={(e) => setDraft(e.target.value)} onKeyDown={onKey} placeholder="Type a keyword and press Enter" />
        <button type="button" className="btn btn-outline shrink-0" onClick={add}>
          Add
        </button>
      </div>
      {keywords.length > 0 && (
        <ul className="flex flex-wrap gap-1.5 pt-1" aria-label="Keywords added">
          {keywords.map((k) => (
            <Chip key={k} onRemove={() => onChange(keywords.filter((x) => x !== k))} removeLabel={`Remove keyword ${k}`}>
              {k}
            </Chip>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Upload File with a progress bar, and the attached files, each removable. */
function AttachmentsEditor({ attachments, onChange }: { attachments: string[]; onChange: (a: string[]) => void }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const current = useRef(attachments);
  current.current = attachments;

  async function onFile(file: File | undefined) {
    if (!file) return;
    setProgress(0);
    try {
      const filePath = await uploadFile(file, setProgress);
      onChange([...current.current, filePath]);
      toast({ title: 'File Uploaded', description: 'File has been uploaded successfully' });
    } catch (err) {
      if (err instanceof UploadFailed) toast({ title: 'Upload Failed', description: err.message ? `Failed to upload file: ${err.message}` : 'Failed to upload file', variant: 'destructive' });
      else toast({ title: 'Upload Error', description: 'An error occurred during file upload', variant: 'destructive' });
    } finally {
      setProgress(null);
      if (input.current) input.current.value = '';
    }
  }

  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="label">
        Upload File
      </label>
      <input
        id={id}
        ref={input}
        type="file"
        accept={ACCEPT_ATTRIBUTE}
        disabled={progress !== null}
        onChange={(e) => onFile(e.target.files?.[0])}
        className="block w-full text-sm file:mr-3 file:rounded-md file:border file:border-border file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium hover:file:bg-muted"
        aria-describedby={`${id}-hint`}
      />
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        PDF, images, text, CSV, Word or Excel files up to 10 MB.
      </p>
      {progress !== null && (
        <div className="flex items-center gap-2" data-testid="upload-progress">
          <div role="progressbar" aria-label="Upload progress" aria-valuemin={0} aria-valuemax={100} aria-valuenow={progress} className="h-2 flex-1 overflow-hidden rounded-full bg-muted">
            <div className="h-full bg-primary transition-[width]" style={{ width: `${progress}%` }} />
          </div>
          <span className="w-10 text-right text-xs tabular-nums text-muted-foreground">{progress}%</span>
        </div>
      )}
      {attachments.length > 0 && (
        <ul className="space-y-1 pt-1" aria-label="Attached files">
          {attachments.map((a) => {
            const info = attachmentInfo(a);
            return (
              <li key={a} className="flex items-center justify-between gap-2 rounded-md border border-border px-3 py-1.5 text-sm">
                <span className="min-w-0 break-all">
                  {info.name}
                  {info.ext && <span className="ml-2 badge bg-muted text-slate-700">{info.ext.toUpperCase()}</span>}
                </span>
                <button type="button" className="btn btn-ghost btn-sm shrink-0" onClick={() => onChange(attachments.filter((x) => x !== a))} aria-label={`Remove ${info.name}`}>
                  Remove
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

interface ItemDraft extends LifecycleDraft {
  title: string;
  categoryId: string;
  content: string;
  keywords: string[];
  attachments: string[];
}
const emptyDraft = (categoryId = ''): ItemDraft => ({ title: '', categoryId, content: '', keywords: [], attachments: [], taxYears: [], quotesFigures: false, editorNotes: '', changeNote: '' });

/** The text the editor edits: a published item's staged edit when it has one, else the item. */
function toDraft(f: EditorItemDTO): ItemDraft {
  const s = f.draft ?? f;
  return {
    title: s.title,
    categoryId: s.categoryId,
    content: s.content,
    keywords: [...s.keywords],
    attachments: [...s.attachments],
    taxYears: [...(s.taxYears ?? [])],
    quotesFigures: Boolean(s.quotesFigures),
    editorNotes: s.editorNotes ?? '',
    changeNote: '',
  };
}

function ItemFields({ draft, setDraft, categories }: { draft: ItemDraft; setDraft: (d: ItemDraft) => void; categories: AdminCategory[] }) {
  return (
    <>
      <CategorySelect label="Category" name="categoryId" value={draft.categoryId} onChange={(categoryId) => setDraft({ ...draft, categoryId })} categories={categories} placeholder="Select a category" />
      <Field label="Title" name="title" value={draft.title} onChange={(e) => setDraft({ ...draft, title: e.target.value })} />
      <TextArea label="Content" name="content" value={draft.content} onChange={(content) => setDraft({ ...draft, content })} rows={12} hint={MARKDOWN_HINT} />
      <KeywordsEditor keywords={draft.keywords} onChange={(keywords) => setDraft({ ...draft, keywords })} />
      <AttachmentsEditor attachments={draft.attachments} onChange={(attachments) => setDraft({ ...draft, attachments })} />
      <LifecycleFields value={draft} onChange={(l) => setDraft({ ...draft, ...l })} />
    </>
  );
}

/** A random UUID (crypto.randomUUID needs a secure context; fall back to getRandomValues). */
function newId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

const cleanKeywords = (k: string[]) => k.map((x) => x.trim()).filter(Boolean);

/** The lifecycle part of a save's body (the change note only when written). */
const lifecycleBody = (d: ItemDraft) => ({ taxYears: d.taxYears, quotesFigures: d.quotesFigures, editorNotes: d.editorNotes, ...(d.changeNote.trim() ? { changeNote: d.changeNote.trim() } : {}) });

/** The time chosen for "Schedule…", as an ISO instant: null when not scheduling, false (after a toast) when unusable. */
function scheduledAt(mode: SaveMode, at: string): string | null | false {
  if (mode !== 'schedule') return null;
  const iso = fromSaInput(at);
  if (!iso) {
    toast({ title: 'Missing Information', description: 'Choose the date and time to publish it (South African time).', variant: 'destructive' });
    return false;
  }
  if (Date.parse(iso) <= Date.now()) {
    toast({ title: 'Error', description: 'Choose a time in the future to schedule it.', variant: 'destructive' });
    return false;
  }
  return iso;
}

export function NewItemForm({ categories, defaultCategory, title = '', onCreated }: { categories: AdminCategory[]; defaultCategory: string; title?: string; onCreated: (id: string) => Promise<void> }) {
  const [draft, setDraft] = useState<ItemDraft>(() => ({ ...emptyDraft(defaultCategory), title }));
  const [mode, setMode] = useState<SaveMode>('publish');
  const [at, setAt] = useState('');
  const [busy, run] = useBusy();
  async function submit(e: FormEvent) {
    e.preventDefault();
    const input = { id: newId(), title: draft.title, content: draft.content, categoryId: draft.categoryId, keywords: draft.keywords, attachments: draft.attachments, ...lifecycleBody(draft) };
    if (!check(createItemSchema.safeParse(input))) return;
    const publishAt = scheduledAt(mode, at);
    if (publishAt === false) return;
    const body = { ...input, title: input.title.trim(), keywords: cleanKeywords(input.keywords), ...(mode === 'publish' ? {} : { status: 'draft' as const }), ...(publishAt ? { publishAt } : {}) };
    await run(async () => {
      await api('POST', '/api/knowledge/items', body);
      if (mode === 'publish') toast({ title: 'Knowledge Item Created', description: `${body.title} has been created.` });
      else if (mode === 'draft') toast({ title: 'Draft Created', description: `${body.title} is saved as a draft: readers do not see it yet.` });
      else toast({ title: 'Publication Scheduled', description: `${body.title} will be published on ${saDateTime(publishAt)}.` });
      setDraft(emptyDraft(draft.categoryId));
      setMode('publish');
      setAt('');
      await onCreated(body.id);
    });
  }
  return (
    <form onSubmit={submit} className="card space-y-4 p-5" aria-label="New knowledge item" noValidate>
      <ItemFields draft={draft} setDraft={setDraft} categories={categories} />
      <SaveChoice kind="new" mode={mode} onMode={setMode} at={at} onAt={setAt} />
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {submitLabel('new', mode, busy)}
      </button>
    </form>
  );
}

const isEditorItem = (x: ItemDTO | EditorItemDTO): x is EditorItemDTO => 'draft' in x && 'editorNotes' in x;
/** An item handed over without its editor fields (until the server sends them) shown with empty ones. */
const asEditorItem = (x: ItemDTO | EditorItemDTO): EditorItemDTO =>
  isEditorItem(x)
    ? x
    : { publishAt: null, editorNotes: '', lastVerifiedBy: null, reviewReason: null, shippedVersion: null, draft: null, ...x, taxYears: x.taxYears ?? [], quotesFigures: x.quotesFigures ?? false, lastVerifiedAt: x.lastVerifiedAt ?? null, status: x.status ?? 'published' };

export function ItemCard({ item, categories, onChanged, openWith, focusOnOpen = false }: {
  item: AdminItemDTO;
  categories: AdminCategory[];
  onChanged: () => Promise<void>;
  /** Open in the editor with this item (from the address, or the verification queue). */
  openWith?: ItemDTO | EditorItemDTO;
  /** …and move focus to its title (opened from elsewhere on the page, whose control is now hidden). */
  focusOnOpen?: boolean;
}) {
  // The list carries a preview only: the editor edits the full item, loaded when Edit is pressed.
  const [full, setFull] = useState<EditorItemDTO | null>(openWith ? asEditorItem(openWith) : null);
  const [draft, setDraft] = useState<ItemDraft>(() => (openWith ? toDraft(asEditorItem(openWith)) : emptyDraft()));
  const [mode, setMode] = useState<SaveMode>(() => initialSaveMode(openWith ? asEditorItem(openWith) : null));
  const [at, setAt] = useState(() => initialPublishAt(openWith ? asEditorItem(openWith) : null));
  const [revision, setRevision] = useState(0);
  const cardRef = useRef<HTMLLIElement>(null);
  const focusTitle = useRef(false);
  const [busy, run] = useBusy();
  const categoryName = categories.find((c) => c.id === item.categoryId)?.name ?? item.categoryId;
  const enc = encodeURIComponent(item.id);

  function open(f: EditorItemDTO, focus: boolean) {
    setDraft(toDraft(f));
    setMode(initialSaveMode(f));
    setAt(initialPublishAt(f));
    focusTitle.current = focus;
    setFull(f);
  }
  const fetchItem = () => api<EditorItemDTO>('GET', `/api/knowledge/items/admin/${enc}`);
  const startEditing = (focus = true) => run(async () => open(await fetchItem(), focus));
  /** After an action on the open editor: the item again (the form too), its history, and the list's badges. */
  async function reload() {
    open(await fetchItem(), false);
    setRevision((r) => r + 1);
    await onChanged();
  }

  // Opened from the address (?edit=) or the verification queue: scroll to it; load its editor fields when they
  // did not come with it; from the queue, focus its title.
  const first = useRef(true);
  useEffect(() => {
    const initial = first.current;
    first.current = false;
    if (!openWith) return;
    cardRef.current?.scrollIntoView({ block: 'start' });
    if (!initial) open(asEditorItem(openWith), focusOnOpen);
    else if (focusOnOpen) cardRef.current?.querySelector<HTMLInputElement>('input[name="title"]')?.focus();
    if (!isEditorItem(openWith)) void startEditing(focusOnOpen);
  }, [openWith]);
  useEffect(() => {
    if (full && focusTitle.current) cardRef.current?.querySelector<HTMLInputElement>('input[name="title"]')?.focus();
    focusTitle.current = false;
  }, [full]);

  async function save(e: FormEvent) {
    e.preventDefault();
    if (!full) return;
    // The spec's PATCH: the files kept go as existingAttachments (a JSON-encoded list); files uploaded while editing as attachments.
    const before = (full.draft ?? full).attachments;
    const kept = draft.attachments.filter((a) => before.includes(a));
    const added = draft.attachments.filter((a) => !before.includes(a));
    const body = {
      title: draft.title.trim(),
      content: draft.content,
      categoryId: draft.categoryId,
      keywords: cleanKeywords(draft.keywords),
      existingAttachments: JSON.stringify(kept),
      attachments: added,
      ...lifecycleBody(draft),
    };
    if (!check(updateItemSchema.safeParse(body))) return;
    const publishAt = scheduledAt(mode, at);
    if (publishAt === false) return;
    const patch = (extra: object) => api<EditorItemDTO>('PATCH', `/api/knowledge/items/${enc}`, { ...body, ...extra });
    await run(async () => {
      if (full.status === 'published') {
        if (mode === 'publish' && !full.draft) {
          await patch({});
          toast({ title: 'Knowledge Item Updated', description: `${body.title} has been updated.` });
        } else if (mode === 'publish') {
          // The staged edit, as changed here, goes live.
          await patch({ stage: true, publishAt: null });
          await api('POST', `/api/knowledge/items/${enc}/publish`, {});
          toast({ title: 'Knowledge Item Published', description: `Readers now see your change to ${body.title}.` });
        } else {
          await patch({ stage: true, publishAt });
          if (publishAt) toast({ title: 'Edit Scheduled', description: `Your change to ${body.title} will be published on ${saDateTime(publishAt)}; until then readers see the current text.` });
          else toast({ title: 'Edit Staged', description: `Readers still see the published ${body.title} until you publish your change.` });
        }
      } else {
        await patch({ status: mode === 'publish' ? 'published' : 'draft', publishAt });
        if (mode === 'publish') toast({ title: 'Knowledge Item Published', description: `${body.title} is published: readers see it now.` });
        else if (publishAt) toast({ title: 'Publication Scheduled', description: `${body.title} will be published on ${saDateTime(publishAt)}.` });
        else toast({ title: 'Draft Saved', description: `${body.title} is saved as a draft: readers do not see it.` });
      }
      setFull(null);
      await onChanged();
    });
  }

  const dirty = () => full !== null && JSON.stringify(draft) !== JSON.stringify(toDraft(full));

  const publishStaged = () => {
    if (dirty() && !window.confirm('Publish the staged edit as it was last saved? The changes you have made in the form since will be lost.')) return;
    void run(async () => {
      await api('POST', `/api/knowledge/items/${enc}/publish`, {});
      await reload();
      toast({ title: 'Knowledge Item Published', description: `Readers now see the staged edit of ${item.title}.` });
    });
  };
  const discardStaged = () => {
    if (!window.confirm(`Discard the staged edit of "${item.title}"? The published version stays as it is.`)) return;
    void run(async () => {
      await api('DELETE', `/api/knowledge/items/${enc}/draft`);
      await reload();
      toast({ title: 'Draft Discarded', description: `The staged edit of ${item.title} was discarded.` });
    });
  };
  const verify = () =>
    run(async () => {
      const r = await api<EditorItemDTO>('POST', `/api/knowledge/items/${enc}/verify`, {});
      setFull((f) => (f ? { ...f, lastVerifiedAt: r.lastVerifiedAt, lastVerifiedBy: r.lastVerifiedBy, reviewReason: r.reviewReason } : f));
      toast({ title: 'Marked as Verified', description: `Checked on ${saDate(r.lastVerifiedAt)}${r.lastVerifiedBy ? ` by ${r.lastVerifiedBy.username}` : ''}.` });
    });
  const archive = () => {
    if (!window.confirm(`Archive "${item.title}"? Readers will no longer see it; you can publish it again later.`)) return;
    void run(async () => {
      await api('PATCH', `/api/knowledge/items/${enc}`, { status: 'archived' });
      toast({ title: 'Knowledge Item Archived', description: `${item.title} is archived: readers no longer see it.` });
      setFull(null);
      await onChanged();
    });
  };

  async function remove() {
    if (!window.confirm(`Are you sure you want to delete "${item.title}"? This cannot be undone.`)) return;
    await run(async () => {
      await api('DELETE', `/api/knowledge/items/${enc}`);
      toast({ title: 'Knowledge Item Deleted', description: `${item.title} has been deleted.` });
      await onChanged();
    });
  }

  if (full) {
    return (
      <li ref={cardRef} className="card space-y-4 p-5" data-testid="admin-item" data-item-id={item.id}>
        <EditorStatus item={full} busy={busy} onVerify={verify} onArchive={archive} />
        <StagedNotice item={full} busy={busy} onPublish={publishStaged} onDiscard={discardStaged} />
        <form onSubmit={save} className="space-y-4" aria-label={`Edit ${item.title}`} noValidate>
          <ItemFields draft={draft} setDraft={setDraft} categories={categories} />
          <SaveChoice kind={full.status} mode={mode} onMode={setMode} at={at} onAt={setAt} />
          <div className="flex flex-wrap gap-2">
            <button type="submit" className="btn btn-primary btn-sm" disabled={busy}>
              {submitLabel(full.status, mode, busy)}
            </button>
            <button type="button" className="btn btn-outline btn-sm" onClick={() => setFull(null)}>
              Cancel
            </button>
          </div>
        </form>
        <div className="border-t border-border pt-4">
          <History item={full} categories={categories} refreshKey={revision} onRestored={reload} />
        </div>
      </li>
    );
  }

  return (
    <li ref={cardRef} className="card space-y-3 p-5" data-testid="admin-item" data-item-id={item.id}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 space-y-1">
          <h3 className="font-semibold break-words">{item.title}</h3>
          <div className="flex flex-wrap items-center gap-1.5">
            <span className="badge bg-blue-50 text-blue-800">{categoryName}</span>
            <ItemStatusBadges item={item} />
            {item.taxYears?.map((y) => (
              <span key={y} className="badge bg-muted font-medium text-slate-700">
                {y}
              </span>
            ))}
          </div>
        </div>
        <div className="flex shrink-0 gap-2">
          <button type="button" className="btn btn-outline btn-sm" onClick={() => !busy && void startEditing()} aria-label={`Edit ${item.title}`}>
            Edit
          </button>
          <button type="button" className="btn btn-destructive btn-sm" onClick={remove} disabled={busy} aria-label={`Delete ${item.title}`}>
            Delete
          </button>
        </div>
      </div>
      <p className="break-words text-sm text-muted-foreground" data-testid="admin-item-preview">
        {item.preview}
      </p>
      {item.keywords.length > 0 && (
        <ul className="flex flex-wrap gap-1.5" aria-label="Keywords">
          {item.keywords.map((k) => (
            <Chip key={k}>{k}</Chip>
          ))}
        </ul>
      )}
      {item.attachments.length > 0 && (
        <div className="text-sm">
          <span className="font-medium">
            {item.attachments.length === 1 ? '1 attachment' : `${item.attachments.length} attachments`}:
          </span>{' '}
          <span className="break-all text-muted-foreground">{item.attachments.map((a) => attachmentInfo(a).name).join(', ')}</span>
        </div>
      )}
    </li>
  );
}
