import htmx from 'htmx.org';
import { toast } from './toast';
import './calc-copy';

// Loaded only by pages that use hx-* attributes (knowledge base, calculators).
(window as unknown as { htmx: typeof htmx }).htmx = htmx;

// Knowledge base: the Search tab is enabled while the search box holds text (spec), and choosing it submits the search.
document.addEventListener('input', (e) => {
  const box = e.target as HTMLInputElement;
  const tab = document.querySelector<HTMLAnchorElement>('[data-search-tab]');
  if (box.id !== 'kb-q' || !tab) return;
  const q = box.value.trim();
  if (q) {
    tab.removeAttribute('aria-disabled');
    tab.href = `/knowledge?${new URLSearchParams({ q })}`;
  } else {
    tab.setAttribute('aria-disabled', 'true');
    tab.removeAttribute('href');
  }
});
document.addEventListener('click', (e) => {
  const tab = (e.target as Element).closest?.('[data-search-tab]');
  if (!tab || tab.hasAttribute('aria-disabled')) return;
  e.preventDefault();
  document.querySelector<HTMLFormElement>('#kb-search')?.requestSubmit();
});

// After a knowledge-base swap from a link in the panel: focus goes to the new panel without scrolling it under
// the header (htmx has already brought the page's top, with the title, search box and tabs, into view).
document.addEventListener('htmx:afterSettle', () => {
  const panel = document.querySelector<HTMLElement>('#kb-panel[data-focus-panel]');
  if (!panel) return;
  panel.removeAttribute('data-focus-panel');
  panel.focus({ preventScroll: true });
});

// Knowledge base: a request that gets no answer to swap (the network is down, a proxy or the server answers 5xx)
// shows the failure panel of the view asked for, with the same toast as the server's own failure answer.
type HxFailure = CustomEvent<{ target?: Element; pathInfo?: { finalRequestPath?: string } }>;
function kbViewOf(requested: string): string {
  const url = new URL(requested, location.href);
  if (url.pathname.startsWith('/knowledge/article/')) return 'article';
  if (url.pathname.startsWith('/knowledge/category/')) return 'category';
  return url.searchParams.get('q')?.trim() && url.searchParams.get('tab') !== 'categories' ? 'search' : 'categories';
}
function showKbFailure(e: Event) {
  const { target, pathInfo } = (e as HxFailure).detail;
  const root = document.getElementById('kb-root');
  const panel = document.getElementById('kb-panel');
  if (!root || !panel || target !== root) return;
  const view = kbViewOf(pathInfo?.finalRequestPath ?? '');
  const failure = document.querySelector<HTMLTemplateElement>(`template[data-kb-failure="${view}"]`);
  if (!failure) return;
  panel.replaceChildren(failure.content.cloneNode(true));
  // The address bar still shows the view the user came from: an article's Go Back returns there.
  if (view === 'article') {
    const here = location.pathname + location.search;
    for (const a of panel.querySelectorAll('a[hx-get]')) {
      a.setAttribute('href', here);
      a.setAttribute('hx-get', here);
    }
  }
  htmx.process(panel);
  panel.dataset.view = view;
  panel.setAttribute('aria-labelledby', `kb-tab-${view}`);
  for (const tab of root.querySelectorAll('[role="tab"]')) {
    const selected = tab.id === `kb-tab-${view}`;
    tab.setAttribute('aria-selected', String(selected));
    if (selected) tab.setAttribute('aria-controls', 'kb-panel');
    else tab.removeAttribute('aria-controls');
  }
  toast({ title: 'Error', description: failure.dataset.text, variant: 'destructive' });
}
document.addEventListener('htmx:responseError', showKbFailure);
document.addEventListener('htmx:sendError', showKbFailure);
document.addEventListener('htmx:timeout', showKbFailure);

// Calculators below 1024 px: the summary bar shows the result's main figure (its headline) whenever there is one.
function syncResultSummary() {
  for (const bar of document.querySelectorAll<HTMLElement>('[data-result-summary]')) {
    const amount = document.getElementById(bar.dataset.resultSummary!)?.querySelector('[data-testid="result-amount"]');
    bar.hidden = !amount;
    bar.querySelector('[data-summary-label]')!.textContent = amount?.previousElementSibling?.textContent ?? '';
    bar.querySelector('[data-summary-value]')!.textContent = amount?.textContent ?? '';
  }
}
document.addEventListener('htmx:afterSettle', syncResultSummary);
syncResultSummary();
