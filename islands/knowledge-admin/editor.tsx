import { useEffect, useRef, useState, type FormEvent } from 'react';
import { updateItemSchema, type AdminItemDTO, type EditorItemDTO, type ItemDTO } from '../../src/knowledge/schemas';
import { call } from '../api';
import { API } from '../endpoints';
import { toast, type ToastInput } from '../toast';
import { check, useBusy, type AdminCategory } from './common';
import { History } from './history';
import { ItemFields, cleanKeywords, emptyDraft, lifecycleBody, scheduledAt, toDraft, type ItemDraft } from './item-form';
import { EditorStatus, SaveChoice, StagedNotice, initialPublishAt, initialSaveMode, submitLabel, type SaveMode } from './lifecycle';
import { saDate, saDateTime } from './time';

// An item's editor, opened from its card in the list: the spec's fields, then the content lifecycle (tax years,
// editors' notes, draft / schedule / publish, the staged edit, verification, preview and history).

const isEditorItem = (x: ItemDTO | EditorItemDTO): x is EditorItemDTO => 'draft' in x && 'editorNotes' in x;
/** An item handed over without its editor fields (until the server sends them) shown with empty ones. */
const asEditorItem = (x: ItemDTO | EditorItemDTO): EditorItemDTO =>
  isEditorItem(x)
    ? x
    : {
        publishAt: null,
        editorNotes: '',
        lastVerifiedBy: null,
        reviewReason: null,
        shippedVersion: null,
        draft: null,
        ...x,
        taxYears: x.taxYears ?? [],
        quotesFigures: x.quotesFigures ?? false,
        lastVerifiedAt: x.lastVerifiedAt ?? null,
        status: x.status ?? 'published',
      };

export interface EditorOptions {
  item: AdminItemDTO;
  onChanged: () => Promise<void>;
  /** Open in the editor with this item (from the address, or the verification queue). */
  openWith?: ItemDTO | EditorItemDTO;
  /** …and move focus to its title (opened from elsewhere on the page, whose control is now hidden). */
  focusOnOpen?: boolean;
}

/** An item card's editor: the full item while it is open (null while closed), the form, and what the card's buttons share. */
export function useItemEditor({ item, onChanged, openWith, focusOnOpen = false }: EditorOptions) {
  // The list carries a preview only: the editor edits the full item, loaded when Edit is pressed.
  const [full, setFull] = useState<EditorItemDTO | null>(openWith ? asEditorItem(openWith) : null);
  const [draft, setDraft] = useState<ItemDraft>(() => (openWith ? toDraft(asEditorItem(openWith)) : emptyDraft()));
  const [mode, setMode] = useState<SaveMode>(() => initialSaveMode(openWith ? asEditorItem(openWith) : null));
  const [at, setAt] = useState(() => initialPublishAt(openWith ? asEditorItem(openWith) : null));
  const [revision, setRevision] = useState(0);
  const cardRef = useRef<HTMLLIElement>(null);
  const focusTitle = useRef(false);
  const [busy, run, send] = useBusy();
  const params = { id: item.id };

  function open(f: EditorItemDTO, focus: boolean) {
    setDraft(toDraft(f));
    setMode(initialSaveMode(f));
    setAt(initialPublishAt(f));
    focusTitle.current = focus;
    setFull(f);
  }
  const fetchItem = () => call(API.adminItem, { params });
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

  return {
    item,
    params,
    onChanged,
    full,
    setFull,
    draft,
    setDraft,
    mode,
    setMode,
    at,
    setAt,
    revision,
    cardRef,
    busy,
    run,
    send,
    startEditing,
    reload,
  };
}

export type ItemEditorState = ReturnType<typeof useItemEditor>;

/** The toast once an edit is saved: what readers see now. */
function savedToast(full: EditorItemDTO, mode: SaveMode, publishAt: string | null, title: string): ToastInput {
  if (full.status === 'published') {
    if (mode === 'publish')
      return full.draft
        ? { title: 'Knowledge Item Published', description: `Readers now see your change to ${title}.` }
        : { title: 'Knowledge Item Updated', description: `${title} has been updated.` };
    if (publishAt)
      return {
        title: 'Edit Scheduled',
        description: `Your change to ${title} will be published on ${saDateTime(publishAt)}; until then readers see the current text.`,
      };
    return { title: 'Edit Staged', description: `Readers still see the published ${title} until you publish your change.` };
  }
  if (mode === 'publish') return { title: 'Knowledge Item Published', description: `${title} is published: readers see it now.` };
  if (publishAt) return { title: 'Publication Scheduled', description: `${title} will be published on ${saDateTime(publishAt)}.` };
  return { title: 'Draft Saved', description: `${title} is saved as a draft: readers do not see it.` };
}

/** The open editor: the contents of the item's card while it is open. */
export function ItemEditor({ editor, full, categories }: { editor: ItemEditorState; full: EditorItemDTO; categories: AdminCategory[] }) {
  const { item, params, onChanged, setFull, draft, setDraft, mode, setMode, at, setAt, revision, busy, run, send, reload } = editor;
  const closed = async () => {
    setFull(null);
    await onChanged();
  };

  async function save(e: FormEvent) {
    e.preventDefault();
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
    const patch = (extra: object) => call(API.updateItem, { params, body: { ...body, ...extra } });
    await send({
      request: async () => {
        if (full.status !== 'published') await patch({ status: mode === 'publish' ? 'published' : 'draft', publishAt });
        else if (mode !== 'publish') await patch({ stage: true, publishAt });
        else if (!full.draft) await patch({});
        else {
          // The staged edit, as changed here, goes live.
          await patch({ stage: true, publishAt: null });
          await call(API.publishItem, { params, body: {} });
        }
      },
      done: savedToast(full, mode, publishAt, body.title),
      then: closed,
    });
  }

  const dirty = () => JSON.stringify(draft) !== JSON.stringify(toDraft(full));

  const publishStaged = () =>
    void send({
      ask: dirty() ? 'Publish the staged edit as it was last saved? The changes you have made in the form since will be lost.' : undefined,
      request: async () => {
        await call(API.publishItem, { params, body: {} });
        await reload();
      },
      done: { title: 'Knowledge Item Published', description: `Readers now see the staged edit of ${item.title}.` },
    });
  const discardStaged = () =>
    void send({
      ask: `Discard the staged edit of "${item.title}"? The published version stays as it is.`,
      request: async () => {
        await call(API.discardDraft, { params });
        await reload();
      },
      done: { title: 'Draft Discarded', description: `The staged edit of ${item.title} was discarded.` },
    });
  const verify = () =>
    run(async () => {
      const r = await call(API.verifyItem, { params, body: {} });
      setFull((f) => (f ? { ...f, lastVerifiedAt: r.lastVerifiedAt, lastVerifiedBy: r.lastVerifiedBy, reviewReason: r.reviewReason } : f));
      toast({
        title: 'Marked as Verified',
        description: `Checked on ${saDate(r.lastVerifiedAt)}${r.lastVerifiedBy ? ` by ${r.lastVerifiedBy.username}` : ''}.`,
      });
    });
  const archive = () =>
    void send({
      ask: `Archive "${item.title}"? Readers will no longer see it; you can publish it again later.`,
      request: () => call(API.updateItem, { params, body: { status: 'archived' } }),
      done: { title: 'Knowledge Item Archived', description: `${item.title} is archived: readers no longer see it.` },
      then: closed,
    });

  return (
    <>
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
    </>
  );
}
