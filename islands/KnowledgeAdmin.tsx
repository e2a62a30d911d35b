import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { ACCEPT_ATTRIBUTE, attachmentInfo } from '../src/knowledge/files';
import { MAX_QUERY_LENGTH } from '../src/knowledge/query';
import {
  CATEGORY_ID_HINT,
  MISSING_CATEGORY_FIELDS,
  MISSING_ITEM_FIELDS,
  createCategorySchema,
  createItemSchema,
  updateCategorySchema,
  updateItemSchema,
  type AdminItemDTO,
  type AdminItemsPageDTO,
  type CategoryDTO,
  type ItemDTO,
} from '../src/knowledge/schemas';
import { api, errorMessage } from './api';
import { toast } from './toast';
import { Field } from './ui';

// The knowledge admin editor (spec "Knowledge Base Management"): categories and items, each with
// add / inline edit / delete, keyword chips, and attachments uploaded with a progress bar.

export type AdminCategory = CategoryDTO;
export interface KnowledgeAdminProps {
  categories: AdminCategory[];
  /** The page of items the server chose, as GET /api/knowledge/items/admin answers it. */
  list: AdminItemsPageDTO;
  /** The filter and title search that page was listed with. */
  categoryId: string;
  q: string;
  /** Open on the Knowledge Items tab. */
  itemsTab?: boolean;
  /** From the insights: open a new item with this title. */
  draftTitle?: string;
  /** From the insights: this item (on the page listed) opens in its edit form. */
  editItem?: ItemDTO;
}

interface ListQuery {
  categoryId: string;
  q: string;
  page: number;
}

const MARKDOWN_HINT = 'Markdown is supported: # Heading, ## Subheading, **bold**, *italic*, - bullet lists, 1. numbered lists, | tables |, [links](https://…).';

const fail = (err: unknown, fallback = 'An error occurred. Please try again.') => toast({ title: 'Error', description: errorMessage(err, fallback), variant: 'destructive' });

/** `busy` while an action runs; a failure becomes the spec's 'Error' toast with the server's message. */
function useBusy() {
  const [busy, setBusy] = useState(false);
  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    try {
      await action();
    } catch (err) {
      fail(err);
    } finally {
      setBusy(false);
    }
  };
  return [busy, run] as const;
}

/** Checks a form with the API's own schema: the spec's 'Missing Information' toast, or 'Error' with the rule broken. */
function check<T>(result: { success: true; data: T } | { success: false; error: { issues: { message: string }[] } }): T | null {
  if (result.success) return result.data;
  const messages = result.error.issues.map((i) => i.message);
  const missingText = messages.find((m) => m === MISSING_CATEGORY_FIELDS || m === MISSING_ITEM_FIELDS);
  if (missingText) toast({ title: 'Missing Information', description: missingText, variant: 'destructive' });
  else toast({ title: 'Error', description: messages[0] ?? 'Please check the form.', variant: 'destructive' });
  return null;
}

/** This page's address for the tab and the list shown (reloading it comes back here). */
function pageUrl(tab: Tab, shown: ListQuery): string {
  const p = new URLSearchParams();
  if (tab === 'items' || shown.categoryId || shown.q || shown.page > 1) p.set('tab', tab);
  if (shown.categoryId) p.set('category', shown.categoryId);
  if (shown.q) p.set('q', shown.q);
  if (shown.page > 1) p.set('page', String(shown.page));
  const qs = p.toString();
  return `/knowledge-admin${qs ? `?${qs}` : ''}`;
}

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

// ---- Small form parts -------------------------------------------------------------------------

function TextArea({ label, hint, value, onChange, rows = 4, name }: { label: string; hint?: string; value: string; onChange: (v: string) => void; rows?: number; name?: string }) {
  const id = useId();
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="label">
        {label}
      </label>
      <textarea
        id={id}
        name={name}
        rows={rows}
        className="w-full rounded-md border border-border bg-white px-3 py-2 text-sm placeholder:text-slate-400"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-describedby={hint ? `${id}-hint` : undefined}
      />
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
    </div>
  );
}

function CategorySelect({ label, value, onChange, categories, placeholder, name }: { label: string; value: string; onChange: (v: string) => void; categories: AdminCategory[]; placeholder: string; name?: string }) {
  const id = useId();
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="label">
        {label}
      </label>
      <select id={id} name={name} className="input" value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{placeholder}</option>
        {categories.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </select>
    </div>
  );
}

function Chip({ children, onRemove, removeLabel }: { children: ReactNode; onRemove?: () => void; removeLabel?: string }) {
  return (
    <li className="badge gap-1 bg-muted font-medium text-slate-700">
      <span className="break-all">{children}</span>
      {onRemove && (
        <button type="button" onClick={onRemove} aria-label={removeLabel} className="-mr-1 rounded-full px-1 leading-none text-slate-500 hover:bg-slate-200 hover:text-foreground">
          ×
        </button>
      )}
    </li>
  );
}

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

// ---- Categories -------------------------------------------------------------------------------

function NewCategoryForm({ onCreated }: { onCreated: () => Promise<void> }) {
  const [v, setV] = useState({ id: '', name: '', description: '' });
  const [busy, run] = useBusy();
  async function submit(e: FormEvent) {
    e.preventDefault();
    const body = check(createCategorySchema.safeParse(v));
    if (!body) return;
    await run(async () => {
      await api('POST', '/api/knowledge/categories', body);
      toast({ title: 'Category Created', description: `${body.name} has been created.` });
      setV({ id: '', name: '', description: '' });
      await onCreated();
    });
  }
  return (
    <form onSubmit={submit} className="card space-y-4 p-5" aria-label="New category" noValidate>
      <Field label="Category ID" name="id" value={v.id} onChange={(e) => setV({ ...v, id: e.target.value })} hint={CATEGORY_ID_HINT} placeholder="payroll-basics" />
      <Field label="Category Name" name="name" value={v.name} onChange={(e) => setV({ ...v, name: e.target.value })} placeholder="Payroll Basics" />
      <TextArea label="Description" name="description" value={v.description} onChange={(description) => setV({ ...v, description })} rows={3} />
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? 'Creating...' : 'Create Category'}
      </button>
    </form>
  );
}

function CategoryCard({ category, onChanged, onDeleted }: { category: AdminCategory; onChanged: () => Promise<void>; onDeleted: () => Promise<void> }) {
  const [editing, setEditing] = useState(false);
  const [v, setV] = useState({ name: category.name, description: category.description });
  const [busy, run] = useBusy();

  async function save(e: FormEvent) {
    e.preventDefault();
    const parsed = check(updateCategorySchema.safeParse({ id: category.id, ...v }));
    if (!parsed) return;
    const body = { id: category.id, name: parsed.name, description: parsed.description };
    await run(async () => {
      await api('PATCH', `/api/knowledge/categories/${encodeURIComponent(category.id)}`, body);
      toast({ title: 'Category Updated', description: `${body.name} has been updated.` });
      setEditing(false);
      await onChanged();
    });
  }

  async function remove() {
    if (!window.confirm(`Are you sure you want to delete the category "${category.name}"? All knowledge items in this category will also be deleted.`)) return;
    await run(async () => {
      await api('DELETE', `/api/knowledge/categories/${encodeURIComponent(category.id)}`);
      toast({ title: 'Category Deleted', description: 'The category and all its items have been deleted.' });
      await onDeleted();
    });
  }

  return (
    <li className="card p-5" data-testid="admin-category" data-category-id={category.id}>
      {editing ? (
        <form onSubmit={save} className="space-y-3" aria-label={`Edit category ${category.name}`} noValidate>
          <Field label="Category Name" value={v.name} onChange={(e) => setV({ ...v, name: e.target.value })} autoFocus />
          <TextArea label="Description" value={v.description} onChange={(description) => setV({ ...v, description })} rows={3} />
          <div className="flex gap-2">
            <button type="submit" className="btn btn-primary btn-sm" disabled={busy}>
              {busy ? 'Saving...' : 'Save'}
            </button>
            <button
              type="button"
              className="btn btn-outline btn-sm"
              onClick={() => {
                setEditing(false);
                setV({ name: category.name, description: category.description });
              }}
            >
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
          <div className="min-w-0 space-y-1">
            <div className="flex flex-wrap items-center gap-2">
              <h3 className="font-semibold">{category.name}</h3>
              <span className="badge bg-muted font-mono text-slate-700">{category.id}</span>
            </div>
            <p className="text-sm text-muted-foreground">{category.description}</p>
          </div>
          <div className="flex shrink-0 gap-2">
            <button
              type="button"
              className="btn btn-outline btn-sm"
              onClick={() => {
                setV({ name: category.name, description: category.description });
                setEditing(true);
              }}
              aria-label={`Edit category ${category.name}`}
            >
              Edit
            </button>
            <button type="button" className="btn btn-destructive btn-sm" onClick={remove} disabled={busy} aria-label={`Delete category ${category.name}`}>
              Delete
            </button>
          </div>
        </div>
      )}
    </li>
  );
}

// ---- Items ------------------------------------------------------------------------------------

interface ItemDraft {
  title: string;
  categoryId: string;
  content: string;
  keywords: string[];
  attachments: string[];
}
const emptyDraft = (categoryId = ''): ItemDraft => ({ title: '', categoryId, content: '', keywords: [], attachments: [] });

function ItemFields({ draft, setDraft, categories }: { draft: ItemDraft; setDraft: (d: ItemDraft) => void; categories: AdminCategory[] }) {
  return (
    <>
      <CategorySelect label="Category" name="categoryId" value={draft.categoryId} onChange={(categoryId) => setDraft({ ...draft, categoryId })} categories={categories} placeholder="Select a category" />
      <Field label="Title" name="title" value={draft.title} onChange={(e) => setDraft({ ...draft, title: e.target.value })} />
      <TextArea label="Content" name="content" value={draft.content} onChange={(content) => setDraft({ ...draft, content })} rows={12} hint={MARKDOWN_HINT} />
      <KeywordsEditor keywords={draft.keywords} onChange={(keywords) => setDraft({ ...draft, keywords })} />
      <AttachmentsEditor attachments={draft.attachments} onChange={(attachments) => setDraft({ ...draft, attachments })} />
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

function NewItemForm({ categories, defaultCategory, title = '', onCreated }: { categories: AdminCategory[]; defaultCategory: string; title?: string; onCreated: (id: string) => Promise<void> }) {
  const [draft, setDraft] = useState<ItemDraft>(() => ({ ...emptyDraft(defaultCategory), title }));
  const [busy, run] = useBusy();
  async function submit(e: FormEvent) {
    e.preventDefault();
    const input = { id: newId(), title: draft.title, content: draft.content, categoryId: draft.categoryId, keywords: draft.keywords, attachments: draft.attachments };
    if (!check(createItemSchema.safeParse(input))) return;
    const body = { ...input, title: input.title.trim(), keywords: cleanKeywords(input.keywords) };
    await run(async () => {
      await api('POST', '/api/knowledge/items', body);
      toast({ title: 'Knowledge Item Created', description: `${body.title} has been created.` });
      setDraft(emptyDraft(draft.categoryId));
      await onCreated(body.id);
    });
  }
  return (
    <form onSubmit={submit} className="card space-y-4 p-5" aria-label="New knowledge item" noValidate>
      <ItemFields draft={draft} setDraft={setDraft} categories={categories} />
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? 'Creating...' : 'Create Item'}
      </button>
    </form>
  );
}

function ItemCard({ item, categories, onChanged, openWith }: { item: AdminItemDTO; categories: AdminCategory[]; onChanged: () => Promise<void>; openWith?: ItemDTO }) {
  // The list carries a preview only: the form edits the full item, loaded when Edit is pressed.
  const [full, setFull] = useState<ItemDTO | null>(openWith ?? null);
  const cardRef = useRef<HTMLLIElement>(null);
  const focusTitle = useRef(false);
  useEffect(() => {
    if (openWith) cardRef.current?.scrollIntoView({ block: 'start' });
  }, [openWith]);
  useEffect(() => {
    if (full && focusTitle.current) cardRef.current?.querySelector<HTMLInputElement>('input[name="title"]')?.focus();
    focusTitle.current = false;
  }, [full]);
  const toDraft = (f: ItemDTO): ItemDraft => ({ title: f.title, categoryId: f.categoryId, content: f.content, keywords: [...f.keywords], attachments: [...f.attachments] });
  const [draft, setDraft] = useState<ItemDraft>(() => (openWith ? toDraft(openWith) : emptyDraft()));
  const [busy, run] = useBusy();
  const categoryName = categories.find((c) => c.id === item.categoryId)?.name ?? item.categoryId;

  const startEditing = () =>
    run(async () => {
      const f = await api<ItemDTO>('GET', `/api/knowledge/items/admin/${encodeURIComponent(item.id)}`);
      setDraft(toDraft(f));
      focusTitle.current = true;
      setFull(f);
    });

  async function save(e: FormEvent) {
    e.preventDefault();
    // The spec's PATCH: the files kept go as existingAttachments (a JSON-encoded list); files uploaded while editing as attachments.
    const before = full?.attachments ?? item.attachments;
    const kept = draft.attachments.filter((a) => before.includes(a));
    const added = draft.attachments.filter((a) => !before.includes(a));
    const body = {
      title: draft.title.trim(),
      content: draft.content,
      categoryId: draft.categoryId,
      keywords: cleanKeywords(draft.keywords),
      existingAttachments: JSON.stringify(kept),
      attachments: added,
    };
    if (!check(updateItemSchema.safeParse(body))) return;
    await run(async () => {
      await api('PATCH', `/api/knowledge/items/${encodeURIComponent(item.id)}`, body);
      toast({ title: 'Knowledge Item Updated', description: `${body.title} has been updated.` });
      setFull(null);
      await onChanged();
    });
  }

  async function remove() {
    if (!window.confirm(`Are you sure you want to delete "${item.title}"? This cannot be undone.`)) return;
    await run(async () => {
      await api('DELETE', `/api/knowledge/items/${encodeURIComponent(item.id)}`);
      toast({ title: 'Knowledge Item Deleted', description: `${item.title} has been deleted.` });
      await onChanged();
    });
  }

  if (full) {
    return (
      <li ref={cardRef} className="card p-5" data-testid="admin-item" data-item-id={item.id}>
        <form onSubmit={save} className="space-y-4" aria-label={`Edit ${item.title}`} noValidate>
          <ItemFields draft={draft} setDraft={setDraft} categories={categories} />
          <div className="flex gap-2">
            <button type="submit" className="btn btn-primary btn-sm" disabled={busy}>
              {busy ? 'Saving...' : 'Save'}
            </button>
            <button
              type="button"
              className="btn btn-outline btn-sm"
              onClick={() => setFull(null)}
            >
              Cancel
            </button>
          </div>
        </form>
      </li>
    );
  }

  return (
    <li className="card space-y-3 p-5" data-testid="admin-item" data-item-id={item.id}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 space-y-1">
          <h3 className="font-semibold break-words">{item.title}</h3>
          <span className="badge bg-blue-50 text-blue-800">{categoryName}</span>
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

// ---- Paging ------------------------------------------------------------------------------------

/** The count and page, or the spec's empty texts (and one for a search that matches nothing). */
function statusText(list: AdminItemsPageDTO, shown: ListQuery): string {
  if (list.total === 0) {
    if (shown.q) return shown.categoryId ? `No knowledge items in this category match “${shown.q}”.` : `No knowledge items match “${shown.q}”.`;
    return shown.categoryId ? 'No knowledge items found in this category.' : 'No knowledge items found. Create one to get started.';
  }
  const count = `${list.total.toLocaleString('en-ZA')} ${list.total === 1 ? 'item' : 'items'}${shown.q ? ` matching “${shown.q}”` : ''}`;
  return list.pages > 1 ? `${count} · Page ${list.page} of ${list.pages}` : count;
}

type PagerButtons = { prev: HTMLButtonElement | null; next: HTMLButtonElement | null };

function Pager({ buttons, position, page, pages, onPage }: { buttons?: RefObject<PagerButtons>; position: 'top' | 'bottom'; page: number; pages: number; onPage: (which: 'prev' | 'next') => void }) {
  return (
    <nav aria-label={position === 'top' ? 'Item pages' : 'Item pages, end of list'} className={`flex items-center gap-2 ${position === 'bottom' ? 'justify-between' : ''}`}>
      <button ref={(b) => void (buttons && (buttons.current.prev = b))} type="button" className="btn btn-outline btn-sm" disabled={page <= 1} onClick={() => onPage('prev')}>
        Previous
      </button>
      {position === 'bottom' && (
        <span className="text-sm text-muted-foreground">
          Page {page} of {pages}
        </span>
      )}
      <button ref={(b) => void (buttons && (buttons.current.next = b))} type="button" className="btn btn-outline btn-sm" disabled={page >= pages} onClick={() => onPage('next')}>
        Next
      </button>
    </nav>
  );
}

// ---- The island -------------------------------------------------------------------------------

type Tab = 'categories' | 'items';

export default function KnowledgeAdmin(props: KnowledgeAdminProps) {
  const [tab, setTab] = useState<Tab>(props.itemsTab || props.draftTitle || props.editItem ? 'items' : 'categories');
  const [categories, setCategories] = useState(props.categories);
  const [list, setList] = useState(props.list);
  // What the list shows, and what the controls hold (the search box runs ahead of the list while typing).
  const [shown, setShown] = useState<ListQuery>({ categoryId: props.categoryId, q: props.q, page: props.list.page });
  const [filter, setFilter] = useState(props.categoryId);
  const [q, setQ] = useState(props.q);
  const [loading, setLoading] = useState(false);
  const [openWith, setOpenWith] = useState(props.editItem);
  const [showNewCategory, setShowNewCategory] = useState(false);
  const [showNewItem, setShowNewItem] = useState(Boolean(props.draftTitle));
  const wanted = useRef<ListQuery>(shown);
  const request = useRef(0);
  const paged = useRef<{ which: 'prev' | 'next' } | null>(null);
  const searchId = useId();
  const topPager = useRef<PagerButtons>({ prev: null, next: null });

  async function loadCategories(): Promise<AdminCategory[] | null> {
    try {
      const list = await api<AdminCategory[]>('GET', '/api/knowledge/categories/admin');
      setCategories(list);
      return list;
    } catch (err) {
      fail(err);
      return null;
    }
  }
  /** Loads a page of items (by default the one shown again); the last request wins. */
  async function loadItems(change: Partial<ListQuery> = {}, around?: string) {
    const want = { ...wanted.current, ...change, q: (change.q ?? wanted.current.q).trim() };
    wanted.current = want;
    const mine = ++request.current;
    setLoading(true);
    try {
      const p = new URLSearchParams();
      if (want.categoryId) p.set('categoryId', want.categoryId);
      if (want.q) p.set('q', want.q);
      if (want.page > 1) p.set('page', String(want.page));
      if (around) p.set('around', around);
      const next = await api<AdminItemsPageDTO>('GET', `/api/knowledge/items/admin?${p}`);
      if (mine !== request.current) return;
      wanted.current = { ...want, page: next.page };
      setList(next);
      setShown(wanted.current);
      setOpenWith(undefined);
    } catch (err) {
      if (mine === request.current) fail(err);
    } finally {
      if (mine === request.current) setLoading(false);
    }
  }
  async function onFilter(categoryId: string) {
    setFilter(categoryId);
    await loadItems({ categoryId, page: 1 });
  }
  async function afterCategoryDeleted() {
    const cats = await loadCategories();
    // Its items went with it; drop a filter that pointed at it.
    const gone = cats && wanted.current.categoryId && !cats.some((c) => c.id === wanted.current.categoryId);
    await (gone ? onFilter('') : loadItems());
  }
  const goTo = (which: 'prev' | 'next') => {
    paged.current = { which };
    void loadItems({ page: wanted.current.page + (which === 'next' ? 1 : -1) });
  };

  // Typing in the search waits for a pause; the first render is the server's.
  const typed = useRef(false);
  useEffect(() => {
    if (!typed.current) return;
    const t = setTimeout(() => void loadItems({ q, page: 1 }), 250);
    return () => clearTimeout(t);
  }, [q]);

  // The address follows the tab and the list shown, so a reload comes back to the same place.
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    history.replaceState(history.state, '', pageUrl(tab, shown));
  }, [tab, shown]);

  // After paging, focus stays on (or, from the bottom, moves up to) the top pager's button; when that button is
  // now disabled, on the other one.
  useEffect(() => {
    const from = paged.current;
    paged.current = null;
    if (!from) return;
    const same = topPager.current[from.which];
    const target = same && !same.disabled ? same : topPager.current[from.which === 'prev' ? 'next' : 'prev'];
    if (target && document.activeElement !== target) target.focus();
  }, [list]);

  const tabs: { id: Tab; label: string }[] = [
    { id: 'categories', label: 'Categories' },
    { id: 'items', label: 'Knowledge Items' },
  ];
  const onTabKey = (e: KeyboardEvent<HTMLButtonElement>) => {
    if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft' && e.key !== 'Home' && e.key !== 'End') return;
    e.preventDefault();
    const i = tabs.findIndex((t) => t.id === tab);
    const next = e.key === 'Home' ? 0 : e.key === 'End' ? tabs.length - 1 : (i + (e.key === 'ArrowRight' ? 1 : -1) + tabs.length) % tabs.length;
    setTab(tabs[next].id);
    document.getElementById(`kba-tab-${tabs[next].id}`)?.focus();
  };

  return (
    <div className="space-y-6">
      <div role="tablist" aria-label="Knowledge base management" className="tablist sm:max-w-md">
        {tabs.map((t) => (
          <button
            key={t.id}
            type="button"
            role="tab"
            id={`kba-tab-${t.id}`}
            aria-selected={tab === t.id}
            aria-controls={`kba-panel-${t.id}`}
            tabIndex={tab === t.id ? 0 : -1}
            className="tab"
            onClick={() => setTab(t.id)}
            onKeyDown={onTabKey}
          >
            {t.label}
          </button>
        ))}
      </div>

      <section role="tabpanel" id="kba-panel-categories" aria-labelledby="kba-tab-categories" hidden={tab !== 'categories'} className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 className="text-xl font-semibold">Categories</h2>
          <button type="button" className="btn btn-primary btn-sm" aria-expanded={showNewCategory} onClick={() => setShowNewCategory(!showNewCategory)}>
            {showNewCategory ? 'Cancel' : 'Add Category'}
          </button>
        </div>
        {showNewCategory && (
          <NewCategoryForm
            onCreated={async () => {
              setShowNewCategory(false);
              await loadCategories();
            }}
          />
        )}
        {categories.length === 0 ? (
          <p className="text-sm text-muted-foreground">No categories found. Create one to get started.</p>
        ) : (
          <ul className="space-y-3">
            {categories.map((c) => (
              <CategoryCard key={`${c.id}:${c.updatedAt ?? ''}:${c.name}:${c.description}`} category={c} onChanged={async () => void (await loadCategories())} onDeleted={afterCategoryDeleted} />
            ))}
          </ul>
        )}
      </section>

      <section role="tabpanel" id="kba-panel-items" aria-labelledby="kba-tab-items" hidden={tab !== 'items'} className="space-y-4">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h2 className="text-xl font-semibold">Knowledge Items</h2>
          <button type="button" className="btn btn-primary btn-sm" aria-expanded={showNewItem} onClick={() => setShowNewItem(!showNewItem)}>
            {showNewItem ? 'Cancel' : 'Add Item'}
          </button>
        </div>
        {showNewItem && (
          <NewItemForm
            categories={categories}
            defaultCategory={filter}
            title={props.draftTitle}
            onCreated={async (id) => {
              setShowNewItem(false);
              await loadItems({}, id);
            }}
          />
        )}
        <div className="grid gap-3 sm:grid-cols-2 lg:max-w-2xl">
          <div className="space-y-1.5">
            <label htmlFor={searchId} className="label">
              Search titles
            </label>
            <input
              id={searchId}
              type="search"
              className="input"
              value={q}
              maxLength={MAX_QUERY_LENGTH}
              autoComplete="off"
              onChange={(e) => {
                typed.current = true;
                setQ(e.target.value);
              }}
            />
          </div>
          <CategorySelect label="Filter by Category" value={filter} onChange={onFilter} categories={categories} placeholder="All Categories" />
        </div>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm text-muted-foreground" role="status" aria-live="polite" data-testid="admin-items-status">
            {loading ? 'Loading items...' : statusText(list, shown)}
          </p>
          {list.pages > 1 && <Pager buttons={topPager} position="top" page={list.page} pages={list.pages} onPage={goTo} />}
        </div>
        {list.total === 0 && shown.q && (
          <button
            type="button"
            className="btn btn-outline btn-sm"
            onClick={() => {
              typed.current = false;
              setQ('');
              void loadItems({ q: '', page: 1 });
            }}
          >
            Clear search
          </button>
        )}
        {list.items.length > 0 && (
          <ul className="space-y-3" aria-label="Knowledge items" aria-busy={loading}>
            {list.items.map((item) => (
              <ItemCard key={`${item.id}:${item.updatedAt ?? ''}`} item={item} categories={categories} onChanged={() => loadItems()} openWith={openWith?.id === item.id ? openWith : undefined} />
            ))}
          </ul>
        )}
        {list.pages > 1 && list.items.length > 0 && <Pager position="bottom" page={list.page} pages={list.pages} onPage={goTo} />}
      </section>
    </div>
  );
}
