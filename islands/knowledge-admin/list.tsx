import { useId, useState, type RefObject } from 'react';
import { MAX_QUERY_LENGTH } from '../../src/knowledge/query';
import type { AdminItemsPageDTO } from '../../src/knowledge/schemas';
import { CategorySelect, type AdminCategory } from './common';
import { NewItemForm } from './item-form';
import { ItemCard } from './items';
import type { ItemList, ListQuery, PagerButtons } from './list-state';
import { StatusFilter, type StatusFilterValue } from './status';

// The Knowledge Items tab: Add Item, the title search and the filters, the count, the page of items (each a
// card that opens into its editor) and the pagers. Its state: ./list-state.

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
    if (shown.status)
      return `No ${itemsNoun(shown.status, false, true)}${shown.categoryId ? ' in this category' : ''}${shown.q ? ` match “${shown.q}”` : ''}.`;
    if (shown.q)
      return shown.categoryId ? `No knowledge items in this category match “${shown.q}”.` : `No knowledge items match “${shown.q}”.`;
    return shown.categoryId ? 'No knowledge items found in this category.' : 'No knowledge items found. Create one to get started.';
  }
  const count = `${list.total.toLocaleString('en-ZA')} ${itemsNoun(shown.status, list.total === 1)}${shown.q ? ` matching “${shown.q}”` : ''}`;
  return list.pages > 1 ? `${count} · Page ${list.page} of ${list.pages}` : count;
}

function Pager({
  buttons,
  position,
  page,
  pages,
  onPage,
}: {
  buttons?: RefObject<PagerButtons>;
  position: 'top' | 'bottom';
  page: number;
  pages: number;
  onPage: (which: 'prev' | 'next') => void;
}) {
  return (
    <nav
      aria-label={position === 'top' ? 'Item pages' : 'Item pages, end of list'}
      className={`flex items-center gap-2 ${position === 'bottom' ? 'justify-between' : ''}`}
    >
      <button
        ref={(b) => void (buttons && (buttons.current.prev = b))}
        type="button"
        className="btn btn-outline btn-sm"
        disabled={page <= 1}
        onClick={() => onPage('prev')}
      >
        Previous
      </button>
      {position === 'bottom' && (
        <span className="text-sm text-muted-foreground">
          Page {page} of {pages}
        </span>
      )}
      <button
        ref={(b) => void (buttons && (buttons.current.next = b))}
        type="button"
        className="btn btn-outline btn-sm"
        disabled={page >= pages}
        onClick={() => onPage('next')}
      >
        Next
      </button>
    </nav>
  );
}

// ---- The tab -----------------------------------------------------------------------------------

export function ItemsPanel({ items, categories, draftTitle }: { items: ItemList; categories: AdminCategory[]; draftTitle?: string }) {
  const {
    list,
    shown,
    filter,
    statusFilter,
    q,
    loading,
    openWith,
    focusOpened,
    topPager,
    loadItems,
    onFilter,
    onStatus,
    goTo,
    search,
    clearSearch,
  } = items;
  const [showNewItem, setShowNewItem] = useState(Boolean(draftTitle));
  const searchId = useId();
  return (
    <>
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
          title={draftTitle}
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
            onChange={(e) => search(e.target.value)}
          />
        </div>
        <CategorySelect
          label="Filter by Category"
          value={filter}
          onChange={onFilter}
          categories={categories}
          placeholder="All Categories"
        />
        <StatusFilter value={statusFilter} onChange={onStatus} />
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground" role="status" aria-live="polite" data-testid="admin-items-status">
          {loading ? 'Loading items...' : statusText(list, shown)}
        </p>
        {list.pages > 1 && <Pager buttons={topPager} position="top" page={list.page} pages={list.pages} onPage={goTo} />}
      </div>
      {list.total === 0 && shown.q && (
        <button type="button" className="btn btn-outline btn-sm" onClick={clearSearch}>
          Clear search
        </button>
      )}
      {list.items.length > 0 && (
        <ul className="space-y-3" aria-label="Knowledge items" aria-busy={loading}>
          {list.items.map((item) => (
            // Keyed by id alone: an editor left open (a restore, a verification) stays open as the list reloads.
            <ItemCard
              key={item.id}
              item={item}
              categories={categories}
              onChanged={() => loadItems()}
              openWith={openWith?.id === item.id ? openWith : undefined}
              focusOnOpen={focusOpened}
            />
          ))}
        </ul>
      )}
      {list.pages > 1 && list.items.length > 0 && <Pager position="bottom" page={list.page} pages={list.pages} onPage={goTo} />}
    </>
  );
}
