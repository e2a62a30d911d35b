import { createContext, useContext, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';

/** The islands a page renders, so the document loads just their code; `count` numbers them. */
export interface IslandsOnPage {
  names: Set<string>;
  count: number;
}
export const IslandCollector = createContext<IslandsOnPage | null>(null);

/**
 * Renders `component` on the server inside a marker the browser hydrates with the same props. The browser hydrates
 * each island as a root of its own, so it is rendered here as one too, under an id prefix the browser is given:
 * otherwise `useId` would number it by its place in the whole page on the server and in the island in the browser.
 */
export function Island<P extends object>({ name, component: C, props }: { name: string; component: ComponentType<P>; props: P }) {
  const page = useContext(IslandCollector);
  page?.names.add(name);
  const prefix = `${name}${page ? page.count++ : 0}-`;
  const html = renderToString(<C {...props} />, { identifierPrefix: prefix });
  return (
    <div
      data-island={name}
      data-props={JSON.stringify(props)}
      data-ids={prefix}
      className="contents"
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
