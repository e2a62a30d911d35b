import { useEffect, useRef, useState } from 'react';
import type { AdminItemsPageDTO, EditorItemDTO, ItemDTO } from '../../src/knowledge/schemas';
import { call } from '../api';
import { API } from '../endpoints';
import { fail, useLatest, type AdminCategory } from './common';
import { isStatusFilter, type StatusFilterValue } from './status';

// The list of knowledge items: the page shown, the search, filters and page asked for, and what changes them
// (typing, the filters, paging, an item opened from the verification queue, a category deleted).

export interface ListQuery {
  categoryId: string;
  q: string;
  status: StatusFilterValue;
  page: number;
}

export type PagerButtons = { prev: HTMLButtonElement | null; next: HTMLButtonElement | null };

/** What the list opens with (the island's props). */
export interface ListStart {
  /** The page of items the server chose, as GET /api/knowledge/items/admin answers it. */
  list: AdminItemsPageDTO;
  /** The filter and title search that page was listed with. */
  categoryId: string;
  q: string;
  /** The status filter that page was listed with ('' for all). */
  status?: string;
  /** From the insights: this item (on the page listed) opens in its edit form. */
  editItem?: ItemDTO | EditorItemDTO;
}

export function useItemList(start: ListStart) {
  const [list, setList] = useState(start.list);
  // What the list shows, and what the controls hold (the search box runs ahead of the list while typing).
  const initialStatus = isStatusFilter(start.status) ? start.status : '';
  const [shown, setShown] = useState<ListQuery>({ categoryId: start.categoryId, q: start.q, status: initialStatus, page: start.list.page });
  const [filter, setFilter] = useState(start.categoryId);
  const [statusFilter, setStatusFilter] = useState<StatusFilterValue>(initialStatus);
  const [q, setQ] = useState(start.q);
  const [loading, latest] = useLatest();
  const [openWith, setOpenWith] = useState(start.editItem);
  const [focusOpened, setFocusOpened] = useState(false);
  const wanted = useRef<ListQuery>(shown);
  const paged = useRef<{ which: 'prev' | 'next' } | null>(null);
  const topPager = useRef<PagerButtons>({ prev: null, next: null });
  // Typing in the search waits for a pause; the first render is the server's.
  const typed = useRef(false);

  /** Loads a page of items (by default the one shown again); the last request wins. */
  async function loadItems(change: Partial<ListQuery> = {}, around?: string) {
    const want = { ...wanted.current, ...change, q: (change.q ?? wanted.current.q).trim() };
    wanted.current = want;
    await latest(
      () => {
        const { categoryId, q, status, page } = want;
        return call(API.adminItems, { query: { categoryId, q, status, page: page > 1 ? page : undefined, around } });
      },
      (next) => {
        wanted.current = { ...want, page: next.page };
        setList(next);
        setShown(wanted.current);
        setOpenWith(undefined);
      },
    );
  }
  async function onFilter(categoryId: string) {
    setFilter(categoryId);
    await loadItems({ categoryId, page: 1 });
  }
  async function onStatus(status: StatusFilterValue) {
    setStatusFilter(status);
    await loadItems({ status, page: 1 });
  }
  /** From the verification queue: the item's editor, in the whole list (`show` brings the list's tab up). */
  async function openItem(id: string, show: () => void) {
    try {
      const item = await call(API.adminItem, { params: { id } });
      typed.current = false;
      setQ('');
      setFilter('');
      setStatusFilter('');
      await loadItems({ categoryId: '', q: '', status: '', page: 1 }, id);
      show();
      setFocusOpened(true);
      setOpenWith(item);
    } catch (err) {
      fail(err);
    }
  }
  /** A category was deleted, and its items with it: the page again, without a filter that pointed at it. */
  async function afterCategoryDeleted(cats: AdminCategory[] | null) {
    const gone = cats && wanted.current.categoryId && !cats.some((c) => c.id === wanted.current.categoryId);
    await (gone ? onFilter('') : loadItems());
  }
  const goTo = (which: 'prev' | 'next') => {
    paged.current = { which };
    void loadItems({ page: wanted.current.page + (which === 'next' ? 1 : -1) });
  };
  const search = (text: string) => {
    typed.current = true;
    setQ(text);
  };
  const clearSearch = () => {
    typed.current = false;
    setQ('');
    void loadItems({ q: '', page: 1 });
  };

  // A status in the address the server did not list by (when its page route does not know it).
  useEffect(() => {
    const status = new URLSearchParams(location.search).get('status');
    if (isStatusFilter(status) && status && status !== wanted.current.status) void onStatus(status);
  }, []);
  useEffect(() => {
    if (!typed.current) return;
    const t = setTimeout(() => void loadItems({ q, page: 1 }), 250);
    return () => clearTimeout(t);
  }, [q]);

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

  return {
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
    openItem,
    afterCategoryDeleted,
    goTo,
    search,
    clearSearch,
  };
}

export type ItemList = ReturnType<typeof useItemList>;
