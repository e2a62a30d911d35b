import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import type { Assets, Entry } from './assets';
import { IslandCollector, type IslandsOnPage } from './island';

export const APP_NAME = 'PayeWise';

export interface PageOptions {
  title: string;
  description?: string;
  /** Plain scripts the page needs besides its islands. */
  entries?: Entry[];
}

/** Renders a full HTML page; the islands rendered in `body` decide which client code is loaded. */
export function renderDocument(assets: Assets, opts: PageOptions, body: ReactNode): string {
  const page: IslandsOnPage = { names: new Set(), count: 0 };
  const bodyHtml = renderToString(<IslandCollector.Provider value={page}>{body}</IslandCollector.Provider>);
  const islands = page.names;
  const entries = new Set<Entry>(opts.entries ?? []);
  if (islands.size) entries.add('islands');
  const scripts = [...entries].map((e) => assets.entry(e));
  const preload = new Set<string>([...scripts.flatMap((s) => s.preload), ...[...islands].flatMap((n) => assets.island(n))]);
  scripts.forEach((s) => preload.delete(s.src));
  const head = renderToString(
    <>
      <meta charSet="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1, interactive-widget=resizes-content" />
      <title>{opts.title === APP_NAME ? APP_NAME : `${opts.title} · ${APP_NAME}`}</title>
      <meta
        name="description"
        content={opts.description ?? 'South African payroll answers: PAYE, UIF, SDL, ETI and leave, exact to the cent.'}
      />
      <meta name="htmx-config" content='{"includeIndicatorStyles":false,"allowEval":false,"allowScriptTags":false}' />
      <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
      {assets.css.map((href) => (
        <link key={href} rel="stylesheet" href={href} />
      ))}
      {[...preload].map((href) => (
        <link key={href} rel="modulepreload" href={href} />
      ))}
      {scripts.map((s) => (
        <script key={s.src} type="module" src={s.src} />
      ))}
    </>,
  );
  return `<!doctype html><html lang="en-ZA"><head>${head}</head><body>${bodyHtml}</body></html>`;
}
