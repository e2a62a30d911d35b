import { useState, type FormEvent } from 'react';
import { CATEGORY_ID_HINT, createCategorySchema, updateCategorySchema, type Status } from '../../src/knowledge/schemas';
import { call } from '../api';
import { API } from '../endpoints';
import { Field } from '../ui';
import { TextArea, check, fail, useBusy, type AdminCategory } from './common';
import { CategoryStatusBadge, CategoryStatusSelect } from './status';

// The Categories tab: Add Category, and each category with inline edit and delete.

/** The categories, and loading them again (null when that fails, after the 'Error' toast). */
export function useCategories(initial: AdminCategory[]) {
  const [categories, setCategories] = useState(initial);
  async function loadCategories(): Promise<AdminCategory[] | null> {
    try {
      const list = await call(API.adminCategories);
      setCategories(list);
      return list;
    } catch (err) {
      fail(err);
      return null;
    }
  }
  return [categories, loadCategories] as const;
}

function NewCategoryForm({ onCreated }: { onCreated: () => Promise<void> }) {
  const blank = { id: '', name: '', description: '', status: 'published' as Status };
  const [v, setV] = useState(blank);
  const [busy, , send] = useBusy();
  async function submit(e: FormEvent) {
    e.preventDefault();
    const body = check(createCategorySchema.safeParse(v));
    if (!body) return;
    await send({
      request: () => call(API.createCategory, { body }),
      done: { title: 'Category Created', description: `${body.name} has been created.` },
      then: async () => {
        setV(blank);
        await onCreated();
      },
    });
  }
  return (
    <form onSubmit={submit} className="card space-y-4 p-5" aria-label="New category" noValidate>
      <Field
        label="Category ID"
        name="id"
        value={v.id}
        onChange={(e) => setV({ ...v, id: e.target.value })}
        hint={CATEGORY_ID_HINT}
        placeholder="payroll-basics"
      />
      <Field
        label="Category Name"
        name="name"
        value={v.name}
        onChange={(e) => setV({ ...v, name: e.target.value })}
        placeholder="Payroll Basics"
      />
      <TextArea
        label="Description"
        name="description"
        value={v.description}
        onChange={(description) => setV({ ...v, description })}
        rows={3}
      />
      <CategoryStatusSelect value={v.status} onChange={(status) => setV({ ...v, status })} />
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? 'Creating...' : 'Create Category'}
      </button>
    </form>
  );
}

function CategoryCard({
  category,
  onChanged,
  onDeleted,
}: {
  category: AdminCategory;
  onChanged: () => Promise<void>;
  onDeleted: () => Promise<void>;
}) {
  const [editing, setEditing] = useState(false);
  const saved = () => ({ name: category.name, description: category.description, status: category.status ?? 'published' });
  const [v, setV] = useState(saved);
  const [busy, , send] = useBusy();
  const params = { id: category.id };

  async function save(e: FormEvent) {
    e.preventDefault();
    const parsed = check(updateCategorySchema.safeParse({ id: category.id, ...v }));
    if (!parsed) return;
    const body = { id: category.id, name: parsed.name, description: parsed.description, status: v.status };
    await send({
      request: () => call(API.updateCategory, { params, body }),
      done: { title: 'Category Updated', description: `${body.name} has been updated.` },
      then: async () => {
        setEditing(false);
        await onChanged();
      },
    });
  }

  const remove = () =>
    send({
      ask: `Are you sure you want to delete the category "${category.name}"? All knowledge items in this category will also be deleted.`,
      request: () => call(API.deleteCategory, { params }),
      done: { title: 'Category Deleted', description: 'The category and all its items have been deleted.' },
      then: onDeleted,
    });

  return (
    <li className="card p-5" data-testid="admin-category" data-category-id={category.id}>
      {editing ? (
        <form onSubmit={save} className="space-y-3" aria-label={`Edit category ${category.name}`} noValidate>
          <Field label="Category Name" value={v.name} onChange={(e) => setV({ ...v, name: e.target.value })} autoFocus />
          <TextArea label="Description" value={v.description} onChange={(description) => setV({ ...v, description })} rows={3} />
          <CategoryStatusSelect value={v.status} onChange={(status) => setV({ ...v, status })} />
          <div className="flex gap-2">
            <button type="submit" className="btn btn-primary btn-sm" disabled={busy}>
              {busy ? 'Saving...' : 'Save'}
            </button>
            <button
              type="button"
              className="btn btn-outline btn-sm"
              onClick={() => {
                setEditing(false);
                setV(saved());
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
              <CategoryStatusBadge status={category.status} />
            </div>
            <p className="text-sm text-muted-foreground">{category.description}</p>
          </div>
          <div className="flex shrink-0 gap-2">
            <button
              type="button"
              className="btn btn-outline btn-sm"
              onClick={() => {
                setV(saved());
                setEditing(true);
              }}
              aria-label={`Edit category ${category.name}`}
            >
              Edit
            </button>
            <button
              type="button"
              className="btn btn-destructive btn-sm"
              onClick={remove}
              disabled={busy}
              aria-label={`Delete category ${category.name}`}
            >
              Delete
            </button>
          </div>
        </div>
      )}
    </li>
  );
}

export function CategoriesPanel({
  categories,
  loadCategories,
  onDeleted,
}: {
  categories: AdminCategory[];
  loadCategories: () => Promise<AdminCategory[] | null>;
  onDeleted: () => Promise<void>;
}) {
  const [showNewCategory, setShowNewCategory] = useState(false);
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-xl font-semibold">Categories</h2>
        <button
          type="button"
          className="btn btn-primary btn-sm"
          aria-expanded={showNewCategory}
          onClick={() => setShowNewCategory(!showNewCategory)}
        >
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
            <CategoryCard
              key={`${c.id}:${c.updatedAt ?? ''}:${c.name}:${c.description}:${c.status}`}
              category={c}
              onChanged={async () => void (await loadCategories())}
              onDeleted={onDeleted}
            />
          ))}
        </ul>
      )}
    </>
  );
}
