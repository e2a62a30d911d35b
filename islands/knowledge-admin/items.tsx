import type { AdminItemDTO } from '../../src/knowledge/schemas';
import { call } from '../api';
import { API } from '../endpoints';
import { AttachmentsSummary } from './attachments';
import { Chip, type AdminCategory } from './common';
import { ItemEditor, useItemEditor, type EditorOptions } from './editor';
import { ItemStatusBadges } from './status';

// A knowledge item in the list: its card (title, category, status, preview, keywords, files) with Edit, which
// opens the card into the item's editor (./editor), and Delete.

export function ItemCard({ categories, ...options }: EditorOptions & { categories: AdminCategory[] }) {
  const editor = useItemEditor(options);
  const { item, full, cardRef, busy, send, startEditing } = editor;

  const remove = () =>
    send({
      ask: `Are you sure you want to delete "${item.title}"? This cannot be undone.`,
      request: () => call(API.deleteItem, { params: editor.params }),
      done: { title: 'Knowledge Item Deleted', description: `${item.title} has been deleted.` },
      then: options.onChanged,
    });

  // One <li>, open or closed: the editor's contents or the card's.
  return (
    <li ref={cardRef} className={`card ${full ? 'space-y-4' : 'space-y-3'} p-5`} data-testid="admin-item" data-item-id={item.id}>
      {full ? (
        <ItemEditor editor={editor} full={full} categories={categories} />
      ) : (
        <ItemSummary item={item} categories={categories} busy={busy} onEdit={() => !busy && void startEditing()} onDelete={remove} />
      )}
    </li>
  );
}

/** The closed card's contents. */
function ItemSummary({
  item,
  categories,
  busy,
  onEdit,
  onDelete,
}: {
  item: AdminItemDTO;
  categories: AdminCategory[];
  busy: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const categoryName = categories.find((c) => c.id === item.categoryId)?.name ?? item.categoryId;
  return (
    <>
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
          <button type="button" className="btn btn-outline btn-sm" onClick={onEdit} aria-label={`Edit ${item.title}`}>
            Edit
          </button>
          <button
            type="button"
            className="btn btn-destructive btn-sm"
            onClick={onDelete}
            disabled={busy}
            aria-label={`Delete ${item.title}`}
          >
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
      <AttachmentsSummary attachments={item.attachments} />
    </>
  );
}
