import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { createItemSchema, type EditorItemDTO } from '../../src/knowledge/schemas';
import { call } from '../api';
import { API } from '../endpoints';
import { toast } from '../toast';
import { Field } from '../ui';
import { AttachmentsEditor } from './attachments';
import { CategorySelect, Chip, TextArea, check, useBusy, type AdminCategory } from './common';
import { LifecycleFields, SaveChoice, submitLabel, type LifecycleDraft, type SaveMode } from './lifecycle';
import { fromSaInput, saDateTime } from './time';

// An item's form: the spec's fields (category, title, content, keywords, attachments), then the content
// lifecycle's; the draft it edits and what a save sends; and the new-item form.

const MARKDOWN_HINT =
  'Markdown is supported: # Heading, ## Subheading, **bold**, *italic*, - bullet lists, 1. numbered lists, | tables |, [links](https://…).';

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
        <input
          id={id}
          className="input"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={onKey}
          placeholder="Type a keyword and press Enter"
        />
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

export interface ItemDraft extends LifecycleDraft {
  title: string;
  categoryId: string;
  content: string;
  keywords: string[];
  attachments: string[];
}
export const emptyDraft = (categoryId = ''): ItemDraft => ({
  title: '',
  categoryId,
  content: '',
  keywords: [],
  attachments: [],
  taxYears: [],
  quotesFigures: false,
  editorNotes: '',
  changeNote: '',
});

/** The text the editor edits: a published item's staged edit when it has one, else the item. */
export function toDraft(f: EditorItemDTO): ItemDraft {
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

export function ItemFields({
  draft,
  setDraft,
  categories,
}: {
  draft: ItemDraft;
  setDraft: (d: ItemDraft) => void;
  categories: AdminCategory[];
}) {
  return (
    <>
      <CategorySelect
        label="Category"
        name="categoryId"
        value={draft.categoryId}
        onChange={(categoryId) => setDraft({ ...draft, categoryId })}
        categories={categories}
        placeholder="Select a category"
      />
      <Field label="Title" name="title" value={draft.title} onChange={(e) => setDraft({ ...draft, title: e.target.value })} />
      <TextArea
        label="Content"
        name="content"
        value={draft.content}
        onChange={(content) => setDraft({ ...draft, content })}
        rows={12}
        hint={MARKDOWN_HINT}
      />
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

export const cleanKeywords = (k: string[]) => k.map((x) => x.trim()).filter(Boolean);

/** The lifecycle part of a save's body (the change note only when written). */
export const lifecycleBody = (d: ItemDraft) => ({
  taxYears: d.taxYears,
  quotesFigures: d.quotesFigures,
  editorNotes: d.editorNotes,
  ...(d.changeNote.trim() ? { changeNote: d.changeNote.trim() } : {}),
});

/** The time chosen for "Schedule…", as an ISO instant: null when not scheduling, false (after a toast) when unusable. */
export function scheduledAt(mode: SaveMode, at: string): string | null | false {
  if (mode !== 'schedule') return null;
  const iso = fromSaInput(at);
  if (!iso) {
    toast({
      title: 'Missing Information',
      description: 'Choose the date and time to publish it (South African time).',
      variant: 'destructive',
    });
    return false;
  }
  if (Date.parse(iso) <= Date.now()) {
    toast({ title: 'Error', description: 'Choose a time in the future to schedule it.', variant: 'destructive' });
    return false;
  }
  return iso;
}

// ---- A new item -------------------------------------------------------------------------------

export function NewItemForm({
  categories,
  defaultCategory,
  title = '',
  onCreated,
}: {
  categories: AdminCategory[];
  defaultCategory: string;
  title?: string;
  onCreated: (id: string) => Promise<void>;
}) {
  const [draft, setDraft] = useState<ItemDraft>(() => ({ ...emptyDraft(defaultCategory), title }));
  const [mode, setMode] = useState<SaveMode>('publish');
  const [at, setAt] = useState('');
  const [busy, , send] = useBusy();
  async function submit(e: FormEvent) {
    e.preventDefault();
    const input = {
      id: newId(),
      title: draft.title,
      content: draft.content,
      categoryId: draft.categoryId,
      keywords: draft.keywords,
      attachments: draft.attachments,
      ...lifecycleBody(draft),
    };
    if (!check(createItemSchema.safeParse(input))) return;
    const publishAt = scheduledAt(mode, at);
    if (publishAt === false) return;
    const body = {
      ...input,
      title: input.title.trim(),
      keywords: cleanKeywords(input.keywords),
      ...(mode === 'publish' ? {} : { status: 'draft' as const }),
      ...(publishAt ? { publishAt } : {}),
    };
    await send({
      request: () => call(API.createItem, { body }),
      done:
        mode === 'publish'
          ? { title: 'Knowledge Item Created', description: `${body.title} has been created.` }
          : mode === 'draft'
            ? { title: 'Draft Created', description: `${body.title} is saved as a draft: readers do not see it yet.` }
            : { title: 'Publication Scheduled', description: `${body.title} will be published on ${saDateTime(publishAt)}.` },
      then: async () => {
        setDraft(emptyDraft(draft.categoryId));
        setMode('publish');
        setAt('');
        await onCreated(body.id);
      },
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
