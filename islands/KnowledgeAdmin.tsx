import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent, type RefObject } from 'react';
import { MAX_QUERY_LENGTH } from '../src/knowledge/query';
import {
  CATEGORY_ID_HINT,
  createCategorySchema,
  updateCategorySchema,
  type AdminItemsPageDTO,
  type EditorItemDTO,
  type ItemDTO,
  type Status,
} from '../src/knowledge/schemas';
import { api } from './api';
import { CategorySelect, TextArea, check, fail, useBusy, type AdminCategory } from './knowledge-admin/common';
import { ItemCard, NewItemForm } from './knowledge-admin/items';
import { ReviewQueue } from './knowledge-admin/queue';
import { CategoryStatusBadge, CategoryStatusSelect, StatusFilter, isStatusFilter, type StatusFilterValue } from './knowledge-admin/status';
import { toast } from './toast';
import { Field } from './ui';

// The knowledge admin editor (spec "Knowledge Base Management"): categories and items, each with
// add / inline edit / delete, keyword chips, and attachments uploaded with a progress bar; beyond the spec, the
// content lifecycle (drafts, schedules, staged edits, history, verification: islands/knowledge-admin/).

export type { AdminCategory };
export interface KnowledgeAdminProps {
  categories: AdminCategory[];
  /** The page of items the server chose, as GET /api/knowledge/items/admin answers it. */
  list: AdminItemsPageDTO;
  /** The filter and title search that page was listed with. */
  categoryId: string;
  q: string;
  /** The status filter that page was listed with ('' for all). */
  status?: string;
  /** Open on the Knowledge Items tab. */
  itemsTab?: boolean;
  /** Open on the Needs checking tab. */
  reviewTab?: boolean;
  /** From the insights: open a new item with this title. */
  draftTitle?: string;
  /** From the insights: this item (on the page listed) opens in its edit form. */
  editItem?: ItemDTO | EditorItemDTO;
}

interface ListQuery {
  categoryId: string;
  q: string;
  status: StatusFilterValue;
  page: number;
}

/** This page's address for the tab and the list shown (reloading it comes back here). */
function pageUrl(tab: Tab, shown: ListQuery): string {
  const p = new URLSearchParams();
  if (tab !== 'categories' || shown.categoryId || shown.q || shown.status || shown.page > 1) p.set('tab', tab);
  if (shown.categoryId) p.set('category', shown.categoryId);
  if (shown.q) p.set('q', shown.q);
  if (shown.status) p.set('status', shown.status);
  if (shown.page > 1) p.set('page', String(shown.page));
  const qs = p.toString();
  return `/knowledge-admin${qs ? `?${qs}` : ''}`;
}

// ---- Categories -------------------------------------------------------------------------------

function NewCategoryForm({ onCreated }: { onCreated: () => Promise<void> }) {
  const blank = { id: '', name: '', description: '', status: 'published' as Status };
  const [v, setV] = useState(blank);
  const [busy, run] = useBusy();
  async function submit(e: FormEvent) {
    e.preventDefault();
    const body = check(createCategorySchema.safeParse(v));
    if (!body) return;
    await run(async () => {
      await api('POST', '/api/knowledge/categories', body);
      toast({ title: 'Category Created', description: `${body.name} has been created.` });
      setV(blank);
      await onCreated();
    });
  }
  return (
    <form onSubmit={submit} className="card space-y-4 p-5" aria-label="New category" noValidate>
      <Field label="Category ID" name="id" value={v.id} onChange={(e) => setV({ ...v, id: e.target.value })} hint={CATEGORY_ID_HINT} placeholder="payroll-basics" />
      <Field label="Category Name" name="name" value={v.name} onChange={(e) => setV({ ...v, name: e.target.value })} placeholder="Payroll Basics" />
      <TextArea label="Description" name="description" value={v.description} onChange={(description) => setV({ ...v, description })} rows={3} />
      <CategoryStatusSelect value={v.status} onChange={(status) => setV({ ...v, status })} />
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? 'Creating...' : 'Create Category'}
      </button>
    </form>
  );
}

function CategoryCard({ category, onChanged, onDeleted }: { category: AdminCategory; onChanged: () => Promise<void>; onDeleted: () => Promise<void> }) {
  const [editing, setEditing] = useState(false);
  const saved = () => ({ name: category.name, description: category.description, status: category.status ?? 'published' });
  const [v, setV] = useState(saved);
  const [busy, run] = useBusy();

  async function save(e: FormEvent) {
    e.preventDefault();
    const parsed = check(updateCategorySchema.safeParse({ id: category.id, ...v }));
    if (!parsed) return;
    const body = { id: category.id, name: parsed.name, description: parsed.description, status: v.status };
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
            <button type="button" className="btn btn-destructive btn-sm" onClick={remove} disabled={busy} aria-label={`Delete category ${category.name}`}>
              Delete
            </button>
          </div>
        </div>
      )}
    </li>
  );
}

// ---- Paging ------------------------------------------------------------------------------------

/** "draft items", "items with an edit staged": what a status filter lists. */
function itemsNoun(status: StatusFilterValue, one: boolean, knowledge = false): string {
  const items = `${knowledge ? 'knowledge ' : ''}${one ? 'item' : 'items'}`;
  if (!status) return items;
  return status === 'staged' ? `${items} with an edit staged` : `${status} ${items}`;
}

/** The count and page, or the spec's empty texts (and one for a search that matches nothing). */
function statusText(list: AdminItemsPageDTO, shown: ListQuery): string {
  if (list.total === 0) {
    if (shown.status) return `No ${itemsNoun(shown.status, false, true)}${shown.categoryId ? ' in this category' : ''}${shown.q ? ` match “${shown.q}”` : ''}.`;
    if (shown.q) return shown.categoryId ? `No knowledge items in this category match “${shown.q}”.` : `No knowledge items match “${shown.q}”.`;
    return shown.categoryId ? 'No knowledge items found in this category.' : 'No knowledge items found. Create one to get started.';
  }
  const count = `${list.total.toLocaleString('en-ZA')} ${itemsNoun(shown.status, list.total === 1)}${shown.q ? ` matching “${shown.q}”` : ''}`;
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

type Tab = 'categories' | 'items' | 'review';

export default function KnowledgeAdmin(props: KnowledgeAdminProps) {
  const [tab, setTab] = useState<Tab>(props.reviewTab ? 'review' : props.itemsTab || props.draftTitle || props.editItem ? 'items' : 'categories');
  const [categories, setCategories] = useState(props.categories);
  const [list, setList] = useState(props.list);
  // What the list shows, and what the controls hold (the search box runs ahead of the list while typing).
  const initialStatus = isStatusFilter(props.status) ? props.status : '';
  const [shown, setShown] = useState<ListQuery>({ categoryId: props.categoryId, q: props.q, status: initialStatus, page: props.list.page });
  const [filter, setFilter] = useState(props.categoryId);
  const [statusFilter, setStatusFilter] = useState<StatusFilterValue>(initialStatus);
  const [q, setQ] = useState(props.q);
  const [loading, setLoading] = useState(false);
  const [openWith, setOpenWith] = useState(props.editItem);
  const [focusOpened, setFocusOpened] = useState(false);
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
      if (want.status) p.set('status', want.status);
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
  async function onStatus(status: StatusFilterValue) {
    setStatusFilter(status);
    await loadItems({ status, page: 1 });
  }
  /** From the verification queue: the item's editor, in the whole list. */
  async function openItem(id: string) {
    try {
      const item = await api<EditorItemDTO>('GET', `/api/knowledge/items/admin/${encodeURIComponent(id)}`);
      typed.current = false;
      setQ('');
      setFilter('');
      setStatusFilter('');
      await loadItems({ categoryId: '', q: '', status: '', page: 1 }, id);
      setTab('items');
      setFocusOpened(true);
      setOpenWith(item);
    } catch (err) {
      fail(err);
    }
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
  // An address the server did not list by (?tab=review, ?status=…, when its page route does not know them).
  useEffect(() => {
    const u = new URLSearchParams(location.search);
    if (u.get('tab') === 'review' && !props.reviewTab) setTab('review');
    const status = u.get('status');
    if (isStatusFilter(status) && status && status !== wanted.current.status) void onStatus(status);
  }, []);
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
    { id: 'review', label: 'Needs checking' },
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
      <div role="tablist" aria-label="Knowledge base management" className="tablist kb-admin-tablist sm:max-w-xl">
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
              <CategoryCard key={`${c.id}:${c.updatedAt ?? ''}:${c.name}:${c.description}:${c.status}`} category={c} onChanged={async () => void (await loadCategories())} onDeleted={afterCategoryDeleted} />
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
        <div className="grid gap-3 sm:grid-cols-2 lg:max-w-4xl lg:grid-cols-3">
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
          <StatusFilter value={statusFilter} onChange={onStatus} />
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
              // Keyed by id alone: an editor left open (a restore, a verification) stays open as the list reloads.
              <ItemCard key={item.id} item={item} categories={categories} onChanged={() => loadItems()} openWith={openWith?.id === item.id ? openWith : undefined} focusOnOpen={focusOpened} />
            ))}
          </ul>
        )}
        {list.pages > 1 && list.items.length > 0 && <Pager position="bottom" page={list.page} pages={list.pages} onPage={goTo} />}
      </section>

      <section role="tabpanel" id="kba-panel-review" aria-labelledby="kba-tab-review" hidden={tab !== 'review'}>
        <ReviewQueue active={tab === 'review'} categories={categories} onOpen={(id) => void openItem(id)} />
      </section>
    </div>
  );
}
