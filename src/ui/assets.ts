import fs from 'node:fs';
import path from 'node:path';

export type Entry = 'app' | 'htmx' | 'public' | 'islands';
const ENTRY_SRC: Record<Entry, string> = {
  app: 'islands/app.ts',
  htmx: 'islands/htmx.ts',
  public: 'islands/public.ts',
  islands: 'islands/client.ts',
};
const CSS_SRC = 'src/ui/styles.css';

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

export interface Assets {
  css: string[];
  /** Script URL and the chunks to preload for an entry. */
  entry(name: Entry): { src: string; preload: string[] };
  /** Chunks an island needs, to preload them next to the loader. */
  island(name: string): string[];
  dev: boolean;
  /** The built client files the app serves itself (production); in development Vite serves them. */
  clientDir?: string;
}

/** Dev: Vite serves sources. Production: hashed files from the build manifest under /assets. */
export function loadAssets(opts: { dev: boolean; clientDir?: string }): Assets {
  if (opts.dev) {
    return {
      dev: true,
      css: [`/${CSS_SRC}`],
      entry: (name) => ({ src: `/${ENTRY_SRC[name]}`, preload: [] }),
      island: () => [],
    };
  }
  const dir = opts.clientDir ?? path.resolve('dist/client');
  const file = path.join(dir, '.vite', 'manifest.json');
  if (!fs.existsSync(file)) throw new Error(`Client build not found at ${file}: run "npm run build" first`);
  const manifest: Manifest = JSON.parse(fs.readFileSync(file, 'utf8'));
  const closure = (key: string, seen = new Set<string>()): string[] => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return [];
    seen.add(key);
    return [`/${chunk.file}`, ...(chunk.imports ?? []).flatMap((k) => closure(k, seen))];
  };
  const css = manifest[CSS_SRC] ? [`/${manifest[CSS_SRC].file}`] : [];
  const cache = new Map<string, string[]>();
  return {
    dev: false,
    clientDir: dir,
    css,
    entry(name) {
      const [src, ...preload] = closure(ENTRY_SRC[name]);
      return { src, preload };
    },
    island(name) {
      let hit = cache.get(name);
      if (!hit) cache.set(name, (hit = closure(`islands/${name}.tsx`)));
      return hit;
    },
  };
}
