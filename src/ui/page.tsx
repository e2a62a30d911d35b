import type { ReactNode } from 'react';
import { createHash } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { AppContext, AppEnv } from '../http/context';
import { renderDocument, type PageOptions } from './document';
import { AppShell } from './layout/AppShell';

/** A public page (no shell). */
export function renderPublic(c: AppContext, opts: PageOptions, body: ReactNode, status: 200 | 404 = 200) {
  return c.html(renderDocument(c.var.services.assets, opts, body), status);
}

/** A signed-in page inside the shared layout (sidebar, top bar, toaster). */
export function renderApp(c: AppContext, opts: PageOptions, body: ReactNode) {
  const user = c.var.user!;
  const html = renderDocument(
    c.var.services.assets,
    { ...opts, entries: ['app', ...(opts.entries ?? [])] },
    <AppShell user={user} path={c.req.path} now={c.var.services.clock()}>
      {body}
    </AppShell>,
  );
  c.header('Cache-Control', 'private, no-store');
  return c.html(html);
}

/** Pages that need a signed-in user: anonymous visitors are sent to /auth by the server. */
export const requirePageUser: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!c.var.user) return c.redirect('/auth', 302);
  await next();
};

/** Serves an anonymous page rendered once per app, with an ETag. */
export function cachedHtml(render: (c: AppContext) => string) {
  const perApp = new WeakMap<object, { html: string; etag: string }>();
  return (c: AppContext, status: 200 | 404 = 200) => {
    let cached = perApp.get(c.var.services);
    if (!cached) {
      const html = render(c);
      cached = { html, etag: `"${createHash('sha1').update(html).digest('base64url')}"` };
      perApp.set(c.var.services, cached);
    }
    c.header('ETag', cached.etag);
    c.header('Cache-Control', 'public, max-age=0, must-revalidate');
    if (c.req.header('if-none-match') === cached.etag) return c.body(null, 304);
    return c.html(cached.html, status);
  };
}
