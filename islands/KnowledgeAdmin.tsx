import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { CategoriesPanel, useCategories } from './knowledge-admin/categories';
import type { AdminCategory } from './knowledge-admin/common';
import { ItemsPanel } from './knowledge-admin/list';
import { useItemList, type ListQuery, type ListStart } from './knowledge-admin/list-state';
import { ReviewQueue } from './knowledge-admin/queue';

// The knowledge admin editor (spec "Knowledge Base Management"): categories and items, each with
// add / inline edit / delete, keyword chips, and attachments uploaded with a progress bar; beyond the spec, the
// content lifecycle (drafts, schedules, staged edits, history, verification). This is the island: its three
// tabs, each in islands/knowledge-admin/ (categories.tsx; list.tsx, whose cards open into editor.tsx; queue.tsx).

export type { AdminCategory };
/** The categories, the tab to open on and a new item's title; the list's page, filters and open item (ListStart). */
export interface KnowledgeAdminProps extends ListStart {
  categories: AdminCategory[];
  /** Open on the Knowledge Items tab. */
  itemsTab?: boolean;
  /** Open on the Needs checking tab. */
  reviewTab?: boolean;
  /** From the insights: open a new item with this title. */
  draftTitle?: string;
}

type Tab = 'categories' | 'items' | 'review';

const TABS: { id: Tab; label: string }[] = [
  { id: 'categories', label: 'Categories' },
  { id: 'items', label: 'Knowledge Items' },
  { id: 'review', label: 'Needs checking' },
];

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

export default function KnowledgeAdmin(props: KnowledgeAdminProps) {
  const [tab, setTab] = useState<Tab>(
    props.reviewTab ? 'review' : props.itemsTab || props.draftTitle || props.editItem ? 'items' : 'categories',
  );
  const [categories, loadCategories] = useCategories(props.categories);
  const items = useItemList(props);

  async function afterCategoryDeleted() {
    // Its items went with it.
    await items.afterCategoryDeleted(await loadCategories());
  }

  // ?tab=review, when the page route did not open on it.
  useEffect(() => {
    if (new URLSearchParams(location.search).get('tab') === 'review' && !props.reviewTab) setTab('review');
  }, []);

  // The address follows the tab and the list shown, so a reload comes back to the same place.
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    history.replaceState(history.state, '', pageUrl(tab, items.shown));
  }, [tab, items.shown]);

  const onTabKey = (e: KeyboardEvent<HTMLButtonElement>) => {
    if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft' && e.key !== 'Home' && e.key !== 'End') return;
    e.preventDefault();
    const i = TABS.findIndex((t) => t.id === tab);
    const next =
      e.key === 'Home' ? 0 : e.key === 'End' ? TABS.length - 1 : (i + (e.key === 'ArrowRight' ? 1 : -1) + TABS.length) % TABS.length;
    setTab(TABS[next].id);
    document.getElementById(`kba-tab-${TABS[next].id}`)?.focus();
  };

  return (
    <div className="space-y-6">
      <div role="tablist" aria-label="Knowledge base management" className="tablist kb-admin-tablist sm:max-w-xl">
        {TABS.map((t) => (
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

      <section
        role="tabpanel"
        id="kba-panel-categories"
        aria-labelledby="kba-tab-categories"
        hidden={tab !== 'categories'}
        className="space-y-4"
      >
        <CategoriesPanel categories={categories} loadCategories={loadCategories} onDeleted={afterCategoryDeleted} />
      </section>

      <section role="tabpanel" id="kba-panel-items" aria-labelledby="kba-tab-items" hidden={tab !== 'items'} className="space-y-4">
        <ItemsPanel items={items} categories={categories} draftTitle={props.draftTitle} />
      </section>

      <section role="tabpanel" id="kba-panel-review" aria-labelledby="kba-tab-review" hidden={tab !== 'review'}>
        <ReviewQueue active={tab === 'review'} categories={categories} onOpen={(id) => void items.openItem(id, () => setTab('items'))} />
      </section>
    </div>
  );
}
