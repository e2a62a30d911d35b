import { createContext, useContext, type ComponentType } from 'react';

/** Collects the islands a page renders so the document can load just their code. */
export const IslandCollector = createContext<Set<string> | null>(null);

/** Renders `component` on the server inside a marker the browser hydrates with the same props. */
export function Island<P extends object>({ name, component: C, props }: { name: string; component: ComponentType<P>; props: P }) {
  useContext(IslandCollector)?.add(name);
  return (
    <div data-island={name} data-props={JSON.stringify(props)} className="contents">
      <C {...props} />
    </div>
  );
}
