import { createElement, type ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';

// Finds every island on the page and hydrates it with the props the server rendered it with.
const modules = import.meta.glob<{ default: ComponentType<object> }>('./*.tsx');

for (const el of document.querySelectorAll<HTMLElement>('[data-island]')) {
  const name = el.dataset.island!;
  const load = modules[`./${name}.tsx`];
  if (!load) {
    console.error(`Unknown island ${name}`);
    continue;
  }
  const props = JSON.parse(el.dataset.props ?? '{}');
  load().then((m) => {
    hydrateRoot(el, createElement(m.default, props), { identifierPrefix: el.dataset.ids });
    el.dataset.hydrated = 'true';
  });
}
