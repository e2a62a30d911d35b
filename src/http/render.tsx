import type { ReactNode } from 'react';
import { renderDocument, type PageOptions } from '../ui/document';
import { AppShell } from '../ui/layout/AppShell';
import { precompress, sendPrecompressed, type Precompressed } from './compression';
import type { AppContext } from './context';
import { TOAST_EVENT, type ToastInput } from '../../islands/toast';

// Pages as HTTP answers: the React trees in src/ui rendered into a response.

/** A public page (no shell). */
export function renderPublic(
  c: AppContext,
  opts: PageOptions,
  body: ReactNode,
  status: 200 | 400 | 403 | 404 | 413 | 429 | 500 | 503 = 200,
) {
  return c.html(renderDocument(c.get('services').assets, opts, body), status);
}

/** A signed-in page inside the shared layout (sidebar, top bar, toaster). */
export function renderApp(c: AppContext, opts: PageOptions, body: ReactNode) {
  const user = c.get('user')!;
  const html = renderDocument(
    c.get('services').assets,
    { ...opts, entries: ['app', ...(opts.entries ?? [])] },
    <AppShell user={user} path={c.req.path} now={c.get('services').clock()}>
      {body}
    </AppShell>,
  );
  c.header('Cache-Control', 'private, no-store');
  return c.html(html);
}

/** An anonymous page rendered once per app and kept compressed, served with an ETag. */
export function cachedHtml(render: (c: AppContext) => string) {
  const perApp = new WeakMap<object, Precompressed>();
  return (c: AppContext, status: 200 | 404 = 200) => {
    let page = perApp.get(c.get('services'));
    if (!page) perApp.set(c.get('services'), (page = precompress(render(c))));
    return sendPrecompressed(c, page, status);
  };
}

/** Raises a toast from an htmx response: htmx fires the HX-Trigger event and the toaster shows it. */
export function hxToast(c: AppContext, toast: ToastInput) {
  c.header('HX-Trigger', JSON.stringify({ [TOAST_EVENT]: toast }));
}
