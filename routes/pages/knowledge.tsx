import { Hono } from 'hono';
import { renderToString } from 'react-dom/server';
import { statusOf, type Status } from '../../src/errors';
import { isHtmxFragment, type AppContext, type AppEnv } from '../../src/http/context';
import {
  MAX_QUERY_LENGTH,
  SEARCH_DEFAULT_LIMIT as SEARCH_SHOWN,
  adminItemsQuerySchema,
  idParamSchema,
  type AdminItemsQuery,
  type ItemDTO,
  type SearchResultDTO,
} from '../../src/knowledge';
import { validate } from '../../src/http/validate';
import { longDateTime } from '../../src/lib/sa-time';
import { taxYearForDate, taxYearLabel } from '../../src/payroll';
import { APP_NAME } from '../../src/ui/document';
import { Island } from '../../src/ui/island';
import { FAILURE_TEXT, KnowledgeContent, KnowledgePage, isSearchable, stateTitle, type KbState } from '../../src/ui/knowledge/views';
import { escapeHtml } from '../../src/ui/markdown';
import { hxToast, renderApp } from '../../src/http/render';
import { requireAdmin, requireUser } from '../../src/http/guard';
import { failureStatus } from '../../src/http/failures';

import KnowledgeAdmin, { type KnowledgeAdminProps } from '../../islands/KnowledgeAdmin';

const knowledge = (c: AppContext) => c.get('services').knowledge;
/** The tax year readers are in, by the date (the clock the services run on). */
const currentTaxYear = (c: AppContext) => taxYearLabel(taxYearForDate(c.get('services').clock()));

/** The query as held in the search box: trimmed, capped. */
function queryParam(c: AppContext, name = 'q') {
  return (c.req.query(name) ?? '').trim().slice(0, MAX_QUERY_LENGTH);
}

function respond(c: AppContext, s: KbState, status: 200 | 500 | Status = 200) {
  c.header('Vary', 'HX-Request, HX-History-Restore-Request');
  c.header('Cache-Control', 'private, no-store');
  if (isHtmxFragment(c)) {
    // htmx only swaps 2xx answers, so the failure texts travel with 200 inside a fragment.
    const title = `<title>${escapeHtml(`${stateTitle(s)} · ${APP_NAME}`)}</title>`;
    // HX-Trigger is the id of what was clicked: a tab or the search form keep focus, anything else moves it to the panel.
    const trigger = c.req.header('HX-Trigger') ?? '';
    const focusPanel = !trigger.startsWith('kb-tab-') && trigger !== 'kb-search';
    if (status !== 200) hxToast(c, { title: 'Error', description: FAILURE_TEXT[s.view], variant: 'destructive' });
    return c.html(title + renderToString(<KnowledgeContent s={s} focusPanel={focusPanel} />), 200);
  }
  c.status(status);
  return renderApp(c, { title: stateTitle(s), entries: ['htmx'] }, <KnowledgePage s={s} />);
}

async function categoryNames(c: AppContext): Promise<Record<string, string>> {
  try {
    return Object.fromEntries((await knowledge(c).listCategories()).map((x) => [x.id, x.name]));
  } catch {
    return {};
  }
}

const summary = (i: ItemDTO | SearchResultDTO) => ({ id: i.id, title: i.title, categoryId: i.categoryId, keywords: i.keywords });

export const knowledgePages = new Hono<AppEnv>()
  .use('/knowledge', requireUser)
  .use('/knowledge/*', requireUser)
  // Categories (/knowledge, or /knowledge?tab=categories&q=… holding a query) and search (/knowledge?q=…).
  .get('/knowledge', async (c) => {
    const q = queryParam(c);
    if (q && c.req.query('tab') !== 'categories') {
      if (!isSearchable(q)) return respond(c, { view: 'search', q, status: 'short', results: [], categoryNames: {} });
      try {
        // The best SEARCH_SHOWN, and how many match in all (the badge), searched as corrected when that finds more.
        const [page, names] = await Promise.all([knowledge(c).searchPage(q, { limit: SEARCH_SHOWN }), categoryNames(c)]);
        const total = page.total ?? page.results.length;
        await c.get('services').insights.searched(c.get('user')!.id, q, total);
        return respond(c, {
          view: 'search',
          q,
          status: 'ok',
          results: page.results,
          total,
          more: total > page.results.length,
          didYouMean: page.didYouMean,
          categoryNames: names,
        });
      } catch (err) {
        return respond(
          c,
          { view: 'search', q, status: 'error', results: [], categoryNames: {} },
          failureStatus(c, err, 'knowledge search failed'),
        );
      }
    }
    try {
      return respond(c, { view: 'categories', q, categories: await knowledge(c).listCategories() });
    } catch (err) {
      return respond(c, { view: 'categories', q, categories: null }, failureStatus(c, err, 'knowledge categories failed'));
    }
  })
  .get('/knowledge/category/:id', validate('param', idParamSchema), async (c) => {
    const categoryId = c.req.valid('param').id;
    const q = queryParam(c);
    const category = await knowledge(c).findCategory(categoryId);
    if (!category) return respond(c, { view: 'category', q, categoryId, category: null, items: null }, statusOf('not_found'));
    const items = (await knowledge(c).listItemsByCategory(categoryId)).map(summary);
    return respond(c, { view: 'category', q, categoryId, category, items });
  })
  // An article remembers where it was opened from: ?category=<id> (a category list) and/or ?q=<query> (a search).
  .get('/knowledge/article/:id', validate('param', idParamSchema), async (c) => {
    const q = queryParam(c);
    const fromCategory = queryParam(c, 'category') || null;
    const article = await knowledge(c).findItem(c.req.valid('param').id);
    if (!article) return respond(c, { view: 'article', q, fromCategory, article: null, categoryNames: {} }, statusOf('not_found'));
    await c.get('services').insights.read(article.id, c.get('user')!.id);
    return respond(c, {
      view: 'article',
      q,
      fromCategory,
      article,
      categoryNames: await categoryNames(c),
      currentTaxYear: currentTaxYear(c),
    });
  })
  // An article as readers will see it once published: its staged edit when it has one. Admins only; never counted as a read.
  .get('/knowledge-admin/preview/:id', requireAdmin({ denied: 'page' }), validate('param', idParamSchema), async (c) => {
    const item = await knowledge(c).findEditorItem(c.req.valid('param').id);
    if (!item) return respond(c, { view: 'article', q: '', fromCategory: null, article: null, categoryNames: {} }, statusOf('not_found'));
    const article = item.draft ? { ...item, ...item.draft, status: item.status, lastVerifiedAt: item.lastVerifiedAt } : item;
    const names = Object.fromEntries((await knowledge(c).listAllCategories()).map((x) => [x.id, x.name]));
    const preview = item.draft
      ? `Preview of the staged edit${item.draft.publishAt ? `, scheduled for ${longDateTime(item.draft.publishAt)}` : ''}: readers still see the published version.`
      : item.status === 'published'
        ? 'Preview: this is the published article as readers see it.'
        : `Preview of a ${item.status} article${item.publishAt ? `, scheduled for ${longDateTime(item.publishAt)}` : ''}: readers cannot see it yet.`;
    return respond(c, {
      view: 'article',
      q: '',
      fromCategory: null,
      article,
      categoryNames: names,
      currentTaxYear: currentTaxYear(c),
      preview,
    });
  })
  // The spec: a non-admin sees 'Access Denied'. The items list is paged: ?tab=items&category=…&q=…&page=…
  // (a bad value is ignored); ?edit=<id> opens that item's page with its form open; ?draft=<title> a new item.
  .get('/knowledge-admin', requireAdmin({ denied: 'page' }), async (c) => {
    const k = knowledge(c);
    const categories = await k.listAllCategories();
    const parsed = adminItemsQuerySchema.safeParse({
      categoryId: c.req.query('category'),
      q: c.req.query('q'),
      page: c.req.query('page'),
      status: c.req.query('status') || undefined,
    });
    let query: AdminItemsQuery = parsed.success ? { ...parsed.data, around: undefined } : {};
    if (query.categoryId && !categories.some((x) => x.id === query.categoryId)) query = { ...query, categoryId: undefined };
    const editId = queryParam(c, 'edit');
    const editItem = editId ? await k.findEditorItem(editId) : null;
    if (editItem) {
      // Its page in the list asked for, or in the whole list when the filter leaves it out.
      if ((await k.adminPageOf(editItem.id, query)) === null) query = {};
      query = { ...query, around: editItem.id };
    }
    const list = await k.listAdminItems(query);
    const tab = c.req.query('tab');
    const itemsTab = tab === 'items' || (tab !== 'categories' && Boolean(query.categoryId || query.q || list.page > 1));
    const props: KnowledgeAdminProps = {
      categories,
      list,
      categoryId: query.categoryId ?? '',
      q: query.q ?? '',
      itemsTab,
      draftTitle: queryParam(c, 'draft') || undefined,
      status: query.status ?? '',
      reviewTab: tab === 'review',
      editItem: editItem ?? undefined,
    };
    return renderApp(
      c,
      { title: 'Knowledge Base Management' },
      <div className="space-y-6">
        <div>
          <h1 className="text-2xl font-bold">Knowledge Base Management</h1>
          <p className="text-muted-foreground">Create and edit the categories, articles and attachments of the knowledge base.</p>
        </div>
        <Island name="KnowledgeAdmin" component={KnowledgeAdmin} props={props} />
      </div>,
    );
  });
