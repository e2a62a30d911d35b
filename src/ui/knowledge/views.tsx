// The knowledge base pages' views: categories, search, a category and an article, and the URLs and titles they
// use. One file because the four panels share the tabs, the back links and the failure states.
import type { ReactNode } from 'react';
import { attachmentInfo as describeAttachment, MIN_QUERY_LENGTH, isSearchable, appliesTo, yearNotice } from '../../knowledge';
import { formatDate, longDate } from '../../lib/sa-time';
import { escapeHtml, renderMarkdown, safeUrl } from '../markdown';

export { MIN_QUERY_LENGTH, isSearchable };

// The /knowledge screen as pure views: the route loads the data, these render it.
// Every state has its own URL; links carry hx-get so htmx swaps #kb-root and pushes the URL,
// and work as ordinary links without JavaScript.

export interface CategoryView {
  id: string;
  name: string;
  description: string;
}
export interface ItemSummary {
  id: string;
  title: string;
  categoryId: string;
  keywords: string[];
}
export interface SearchHit extends ItemSummary {
  /** The backend's snippet: HTML-escaped text whose only markup is <mark>…</mark>. */
  snippet?: string | null;
}
export interface ArticleView extends ItemSummary {
  content: string;
  attachments: string[];
  updatedAt?: string | null;
  createdAt?: string | null;
  /** Tax years it is for ("2026/27") and when it was last checked. */
  taxYears?: string[];
  lastVerifiedAt?: string | null;
}

export type KbState =
  | { view: 'categories'; q: string; categories: CategoryView[] | null }
  | {
      view: 'search';
      q: string;
      status: 'short' | 'ok' | 'error';
      /** The best matches, best first (the page lists up to 20). */
      results: SearchHit[];
      /** How many articles match in all (the badge); the number listed when not given. */
      total?: number;
      more?: boolean;
      /** The query with its misspelt words corrected, when that is what was searched. */
      didYouMean?: string;
      categoryNames: Record<string, string>;
    }
  | { view: 'category'; q: string; categoryId: string; category: CategoryView | null; items: ItemSummary[] | null }
  | {
      view: 'article';
      q: string;
      fromCategory: string | null;
      article: ArticleView | null;
      categoryNames: Record<string, string>;
      /** The tax year readers are in ("2026/27"): an article for another year says so. */
      currentTaxYear?: string;
      /** An admin's preview: what the banner says. */
      preview?: string;
    };

/** The spec's failure text of each view: the panel's title and the toast's description. */
export const FAILURE_TEXT: Record<KbState['view'], string> = {
  categories: 'Failed to load knowledge items',
  category: 'Failed to load knowledge items',
  search: 'Error searching the knowledge base',
  article: 'Failed to load knowledge item',
};

export const SEARCH_KEYWORDS = 5;
export const CATEGORY_KEYWORDS = 4;
export const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif'];

const CATEGORY_HEADINGS: Record<string, string> = {
  tax: 'Tax & PAYE',
  uif: 'UIF',
  leave: 'Leave Management',
  benefits: 'Benefits & Allowances',
  compliance: 'Compliance & Reporting',
  'basic-concepts': 'Basic Concepts',
};
/** The spec's heading for a category view, by id. */
export function categoryHeading(id: string): string {
  return CATEGORY_HEADINGS[id] ?? 'Articles';
}

// ---- URLs ---------------------------------------------------------------------------------

function withParams(path: string, params: Record<string, string | null | undefined>): string {
  const sp = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v) sp.set(k, v);
  const s = sp.toString();
  return s ? `${path}?${s}` : path;
}
const seg = (s: string) => encodeURIComponent(s);

export const kbUrl = {
  /** Categories; a held query keeps the Search tab enabled. */
  categories: (q = '') => (q ? withParams('/knowledge', { tab: 'categories', q }) : '/knowledge'),
  search: (q: string) => withParams('/knowledge', { q }),
  category: (id: string, q = '') => withParams(`/knowledge/category/${seg(id)}`, { q }),
  /** An article remembers where it was opened from: a category (?category=) and/or a search (?q=). */
  article: (id: string, opts: { q?: string; category?: string | null } = {}) =>
    withParams(`/knowledge/article/${seg(id)}`, { category: opts.category, q: opts.q }),
};

/** Where Back goes from each state (spec: article → its category, else search; category → categories; search → categories, query cleared). */
export function backUrl(s: KbState): string {
  switch (s.view) {
    case 'article':
      if (s.fromCategory) return kbUrl.category(s.fromCategory, s.q);
      if (s.q) return kbUrl.search(s.q);
      return kbUrl.categories();
    case 'category':
      return kbUrl.categories(s.q);
    case 'search':
      return kbUrl.categories();
    default:
      return kbUrl.categories(s.q);
  }
}

/** The page title for a state (htmx updates document.title from the fragment's <title>). */
export function stateTitle(s: KbState): string {
  if (s.view === 'article' && s.article) return `${s.article.title} · Knowledge Base`;
  if (s.view === 'category' && s.category) return `${categoryHeading(s.categoryId)} · Knowledge Base`;
  if (s.view === 'search' && s.q) return `Search: ${s.q} · Knowledge Base`;
  return 'Knowledge Base';
}

// ---- Snippets -----------------------------------------------------------------------------

/**
 * The backend's snippet made safe whatever it contains: it promises escaped text with only <mark> tags, and
 * this keeps exactly that: every other `<`, `>` or quote is escaped and the marks are balanced.
 */
export function safeSnippet(snippet: string): string {
  let out = '';
  let open = false;
  for (const part of snippet.split(/(<\/?mark>)/i)) {
    const tag = part.toLowerCase();
    if (tag === '<mark>') {
      if (!open) out += '<mark>';
      open = true;
    } else if (tag === '</mark>') {
      if (open) out += '</mark>';
      open = false;
    } else {
      out += part.replace(/[<>"']/g, (ch) => escapeHtml(ch)).replace(/&(?!(?:[a-z]+|#[0-9]+|#x[0-9a-f]+);)/gi, '&amp;');
    }
  }
  if (open) out += '</mark>';
  return out;
}

/** Drops a first-line `# Title` that only repeats the article title shown above the content. */
export function withoutLeadingTitle(content: string, title: string): string {
  const m = /^\s*#[ \t]+(.+?)[ \t#]*(?:\r?\n|$)/.exec(content);
  if (!m) return content;
  const norm = (x: string) => x.replace(/\s+/g, ' ').trim().toLowerCase();
  return norm(m[1]) === norm(title) ? content.slice(m[0].length).replace(/^\s*\n/, '') : content;
}

// ---- Attachments --------------------------------------------------------------------------

export interface AttachmentInfo {
  href: string;
  name: string;
  ext: string;
  image: boolean;
}

/** Name (original name for our uploads), extension and kind of an attachment; null when the path is not a safe URL. */
export function attachmentInfo(path: string): AttachmentInfo | null {
  const safe = safeUrl(path, { mailto: false });
  if (!safe) return null;
  const { name, ext, isImage } = describeAttachment(safe.url);
  return { href: safe.url, name, ext, image: isImage && IMAGE_EXTENSIONS.includes(ext) };
}

// ---- Components ---------------------------------------------------------------------------

/** A link that htmx follows into #kb-root (pushing the URL); a plain link without JavaScript. */
function Go({ href, className, children, ...rest }: { href: string; className?: string; children: ReactNode; [attr: string]: unknown }) {
  return (
    <a href={href} hx-get={href} className={className} {...rest}>
      {children}
    </a>
  );
}

function Keywords({ keywords, max }: { keywords: string[]; max: number }) {
  if (!keywords.length) return <span className="text-xs text-muted-foreground">No keywords</span>;
  const more = keywords.length - max;
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label="Keywords">
      {keywords.slice(0, max).map((k) => (
        <li key={k} className="badge bg-muted text-slate-700 font-medium">
          {k}
        </li>
      ))}
      {more > 0 && <li className="badge bg-muted text-muted-foreground font-medium">{`+${more} more`}</li>}
    </ul>
  );
}

function BackButton({ href, label = 'Back' }: { href: string; label?: string }) {
  return (
    <Go href={href} className="btn btn-ghost btn-sm -ml-2" data-testid="kb-back">
      <span aria-hidden="true">←</span>
      {label}
    </Go>
  );
}

function Problem({ title, text, action }: { title: string; text?: string; action?: ReactNode }) {
  return (
    <div className="card p-8 text-center" role="alert">
      <p className="text-lg font-semibold">{title}</p>
      {text && <p className="mt-1 text-sm text-muted-foreground">{text}</p>}
      {action && <div className="mt-4">{action}</div>}
    </div>
  );
}

type TabId = 'categories' | 'search' | 'category' | 'article';

function Tabs({ s }: { s: KbState }) {
  const q = s.q;
  const categoryId = s.view === 'category' ? s.categoryId : s.view === 'article' ? s.fromCategory : null;
  const tabs: { id: TabId; label: string; href: string | null }[] = [
    { id: 'categories', label: 'Categories', href: kbUrl.categories(q) },
    { id: 'search', label: 'Search', href: q ? kbUrl.search(q) : null },
    { id: 'category', label: 'Category', href: categoryId ? kbUrl.category(categoryId, q) : null },
    {
      id: 'article',
      label: 'Article',
      href: s.view === 'article' ? kbUrl.article(s.article?.id ?? '', { q, category: s.fromCategory }) : null,
    },
  ];
  if (s.view === 'article' && !s.article) tabs[3].href = null;
  return (
    <div role="tablist" aria-label="Knowledge base views" className="tablist overflow-x-auto">
      {tabs.map((t) => {
        const selected = t.id === s.view;
        const common = {
          role: 'tab',
          id: `kb-tab-${t.id}`,
          'aria-selected': selected,
          'aria-controls': selected ? 'kb-panel' : undefined,
          className: 'tab whitespace-nowrap',
        };
        if (selected) {
          // The current view: selected, reachable, nothing to load.
          return t.href ? (
            <Go key={t.id} href={t.href} {...common} aria-current="page">
              {t.label}
            </Go>
          ) : (
            <span key={t.id} {...common} tabIndex={0}>
              {t.label}
            </span>
          );
        }
        if (!t.href && t.id === 'search') {
          // Enabled by the page's script as soon as the search box holds text (it then submits the search).
          return (
            <a key={t.id} {...common} aria-disabled="true" data-search-tab="">
              {t.label}
            </a>
          );
        }
        if (!t.href) {
          return (
            <span key={t.id} {...common} aria-disabled="true">
              {t.label}
            </span>
          );
        }
        return (
          <Go key={t.id} href={t.href} {...common}>
            {t.label}
          </Go>
        );
      })}
    </div>
  );
}

function CategoriesPanel({ s }: { s: Extract<KbState, { view: 'categories' }> }) {
  if (!s.categories) return <Problem title={FAILURE_TEXT.categories} />;
  if (!s.categories.length) return <Problem title="No categories yet" />;
  return (
    <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {s.categories.map((c) => (
        <li key={c.id} className="card flex flex-col p-5" data-testid="kb-category-card">
          <h2 className="text-lg font-semibold">{c.name}</h2>
          <p className="mt-1 flex-1 text-sm text-muted-foreground">{c.description}</p>
          <Go href={kbUrl.category(c.id, s.q)} className="btn btn-outline btn-sm mt-4 self-start" aria-label={`Browse Articles: ${c.name}`}>
            Browse Articles
          </Go>
        </li>
      ))}
    </ul>
  );
}

/** 12345 → "12 345" (a no-break space between groups of three, as South Africa writes numbers). */
const groupDigits = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0');

function SearchPanel({ s }: { s: Extract<KbState, { view: 'search' }> }) {
  const back = <BackButton href={backUrl(s)} />;
  if (s.status === 'short') {
    return (
      <div className="space-y-3">
        {back}
        <p className="text-sm text-muted-foreground" role="status">
          {`Type at least ${MIN_QUERY_LENGTH} characters to search.`}
        </p>
      </div>
    );
  }
  if (s.status === 'error') {
    return (
      <div className="space-y-3">
        {back}
        <Problem title={FAILURE_TEXT.search} />
      </div>
    );
  }
  const n = s.results.length;
  const total = Math.max(s.total ?? n, n);
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        {back}
        <span className="badge bg-primary-soft text-primary" data-testid="kb-result-count" role="status">
          {total === 1 ? '1 result' : `${groupDigits(total)} results`}
        </span>
      </div>
      {s.didYouMean && (
        <p className="text-sm" data-testid="kb-did-you-mean">
          Did you mean{' '}
          <Go href={kbUrl.search(s.didYouMean)} className="font-semibold text-primary hover:underline">
            {s.didYouMean}
          </Go>
          ? <span className="text-muted-foreground">Showing results for it.</span>
        </p>
      )}
      {(s.more || total > n) && (
        <p className="text-sm text-muted-foreground" data-testid="kb-more">
          Showing the {n} best matches. Add a word to your search to narrow it down.
        </p>
      )}
      {n === 0 ? (
        <Problem title="No results found" text="Try different keywords or browse by category" />
      ) : (
        <ul className="space-y-3">
          {s.results.map((r) => (
            <li key={r.id} className="card p-4" data-testid="kb-search-result">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <h2 className="text-base font-semibold">
                  <Go href={kbUrl.article(r.id, { q: s.q })} className="hover:underline">
                    {r.title}
                  </Go>
                </h2>
                <span className="badge bg-blue-50 text-blue-800">{s.categoryNames[r.categoryId] ?? categoryHeading(r.categoryId)}</span>
              </div>
              {r.snippet && (
                <p
                  className="mt-2 text-sm text-muted-foreground [&_mark]:bg-amber-100 [&_mark]:text-foreground [&_mark]:rounded-sm [&_mark]:px-0.5"
                  dangerouslySetInnerHTML={{ __html: safeSnippet(r.snippet) }}
                />
              )}
              <div className="mt-3">
                <Keywords keywords={r.keywords} max={SEARCH_KEYWORDS} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function CategoryPanel({ s }: { s: Extract<KbState, { view: 'category' }> }) {
  const back = <BackButton href={backUrl(s)} />;
  if (!s.category || !s.items) {
    return (
      <Problem
        title={FAILURE_TEXT.category}
        action={
          <Go href={backUrl(s)} className="btn btn-outline btn-sm">
            Back to Categories
          </Go>
        }
      />
    );
  }
  return (
    <div className="space-y-4">
      {back}
      <div>
        <h2 className="text-xl font-semibold">{categoryHeading(s.categoryId)}</h2>
        {s.category.description && <p className="text-sm text-muted-foreground">{s.category.description}</p>}
      </div>
      {s.items.length === 0 ? (
        <Problem title="No items found in this category" />
      ) : (
        <ul className="divide-y divide-border card">
          {s.items.map((item) => (
            <li key={item.id} data-testid="kb-category-item">
              <Go href={kbUrl.article(item.id, { q: s.q, category: s.categoryId })} className="block p-4 hover:bg-muted">
                <span className="block font-medium">{item.title}</span>
                <span className="block text-xs text-muted-foreground mt-1">
                  {item.keywords.length ? item.keywords.slice(0, CATEGORY_KEYWORDS).join(', ') : 'No keywords'}
                </span>
              </Go>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function Attachments({ paths }: { paths: string[] }) {
  const files = paths.map(attachmentInfo).filter((f): f is AttachmentInfo => f !== null);
  if (!files.length) return null;
  return (
    <section aria-labelledby="kb-attachments" className="border-t border-border pt-6">
      <h3 id="kb-attachments" className="mb-3 text-lg font-semibold">
        Attachments
      </h3>
      <ul className="grid gap-4 grid-cols-1 sm:grid-cols-2 lg:grid-cols-3">
        {files.map((f) => (
          <li key={f.href} className="card flex flex-col overflow-hidden" data-testid="kb-attachment">
            {f.image && <img src={f.href} alt={f.name} loading="lazy" className="h-36 w-full bg-muted object-cover" />}
            <div className="flex flex-1 flex-col gap-2 p-3">
              <div className="flex items-start justify-between gap-2">
                <span className="break-all text-sm font-medium">{f.name}</span>
                {f.ext && <span className="badge bg-muted text-slate-700">{f.ext.toUpperCase()}</span>}
              </div>
              <a
                href={f.href}
                target="_blank"
                rel="noopener noreferrer"
                className="btn btn-outline btn-sm mt-auto"
                aria-label={`${f.image ? 'View' : 'Download'} ${f.name}`}
              >
                {f.image ? 'View' : 'Download'}
              </a>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

function ArticlePanel({ s }: { s: Extract<KbState, { view: 'article' }> }) {
  const back = backUrl(s);
  const a = s.article;
  if (!a) {
    return (
      <Problem
        title={FAILURE_TEXT.article}
        action={
          <Go href={back} className="btn btn-outline btn-sm">
            Go Back
          </Go>
        }
      />
    );
  }
  const updated = formatDate(a.updatedAt ?? a.createdAt ?? null);
  const applies = appliesTo(a.taxYears ?? []);
  const notice = s.currentTaxYear ? yearNotice(a.taxYears ?? [], s.currentTaxYear) : null;
  return (
    <article className="space-y-5" aria-labelledby="kb-article-title">
      {s.preview && (
        <p role="note" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="kb-preview">
          {s.preview}
        </p>
      )}
      {!s.preview && <BackButton href={back} />}
      <header className="space-y-3">
        <h2 id="kb-article-title" className="text-2xl font-bold break-words">
          {a.title}
        </h2>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-muted-foreground">
          <span className="badge bg-blue-50 text-blue-800">{s.categoryNames[a.categoryId] ?? categoryHeading(a.categoryId)}</span>
          {applies && (
            <span className="badge bg-emerald-50 text-emerald-800" data-testid="kb-tax-years">
              {applies}
            </span>
          )}
          {a.lastVerifiedAt && <span data-testid="kb-verified">{`Checked on ${longDate(a.lastVerifiedAt)}`}</span>}
          {updated && <span data-testid="kb-updated">{`Last updated: ${updated}`}</span>}
        </div>
        {notice && (
          <p
            role="note"
            className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900"
            data-testid="kb-year-notice"
          >
            {notice}
          </p>
        )}
        <Keywords keywords={a.keywords} max={Number.POSITIVE_INFINITY} />
      </header>
      <div
        className="prose-pw max-w-none overflow-x-auto break-words"
        dangerouslySetInnerHTML={{ __html: renderMarkdown(withoutLeadingTitle(a.content, a.title)) }}
      />
      <Attachments paths={a.attachments} />
      <div className="border-t border-border pt-4">
        <a href={`/chat?article=${encodeURIComponent(a.id)}`} className="btn btn-primary">
          Ask the assistant about this article
        </a>
      </div>
    </article>
  );
}

function Panel({ s }: { s: KbState }) {
  switch (s.view) {
    case 'categories':
      return <CategoriesPanel s={s} />;
    case 'search':
      return <SearchPanel s={s} />;
    case 'category':
      return <CategoryPanel s={s} />;
    case 'article':
      return <ArticlePanel s={s} />;
  }
}

/**
 * What htmx swaps into #kb-root: search form, tabs and the current panel. `focusPanel` (htmx answers to a
 * link in the panel) moves focus to the new panel, since the link that had it is gone (without scrolling: the
 * page stays at its top, title, search box and tabs in view); tabs and the search
 * box keep their focus through htmx's own id matching.
 */
export function KnowledgeContent({ s, focusPanel = false }: { s: KbState; focusPanel?: boolean }) {
  return (
    <>
      <form
        id="kb-search"
        action="/knowledge"
        method="get"
        role="search"
        hx-get="/knowledge"
        className="flex gap-2"
        aria-label="Search the knowledge base"
      >
        <label htmlFor="kb-q" className="sr-only">
          Search
        </label>
        <input
          id="kb-q"
          name="q"
          type="search"
          className="input"
          placeholder="Search for payroll information..."
          defaultValue={s.q}
          autoComplete="off"
          enterKeyHint="search"
        />
        <button type="submit" className="btn btn-primary shrink-0">
          Search
        </button>
      </form>
      <Tabs s={s} />
      <div
        role="tabpanel"
        id="kb-panel"
        aria-labelledby={`kb-tab-${s.view}`}
        tabIndex={-1}
        data-view={s.view}
        data-focus-panel={focusPanel ? '' : undefined}
        className="outline-none"
      >
        <Panel s={s} />
      </div>
    </>
  );
}

const FAILED_STATES: KbState[] = [
  { view: 'categories', q: '', categories: null },
  { view: 'search', q: '', status: 'error', results: [], categoryNames: {} },
  { view: 'category', q: '', categoryId: '', category: null, items: null },
  { view: 'article', q: '', fromCategory: null, article: null, categoryNames: {} },
];

/**
 * Each view's failure panel, for when no answer comes back to swap in (the network is down, a proxy answers
 * 5xx): islands/htmx.ts puts the one asked for into the panel, so a failure never leaves the page unchanged.
 */
function FailurePanels() {
  return (
    <>
      {FAILED_STATES.map((f) => (
        <template key={f.view} data-kb-failure={f.view} data-text={FAILURE_TEXT[f.view]}>
          <Panel s={f} />
        </template>
      ))}
    </>
  );
}

/** The whole page body; #kb-root is the htmx target and the history element. */
export function KnowledgePage({ s }: { s: KbState }) {
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold">Knowledge Base</h1>
        <p className="text-muted-foreground">South African Payroll Information</p>
      </div>
      <div id="kb-root" className="space-y-6" hx-target="this" hx-swap="innerHTML show:window:top" hx-push-url="true" hx-history-elt="">
        <KnowledgeContent s={s} />
      </div>
      <FailurePanels />
    </div>
  );
}
