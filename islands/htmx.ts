import htmx from 'htmx.org';

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
