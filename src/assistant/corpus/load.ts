// Reads the corpus files (JSON Lines) and checks every entry against the schema and the shipped articles.
// For tests, the bench and training only: the server never reads the corpus.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { entrySchema, type CorpusEntry } from './schema';

export const CORPUS_DIR = path.dirname(fileURLToPath(import.meta.url));
const KNOWLEDGE_DIR = path.resolve(CORPUS_DIR, '../../../db/knowledge');

export type Part = 'train' | 'held-out';

export interface LoadedEntry extends CorpusEntry {
  part: Part;
  file: string;
}

export interface CorpusProblem {
  file: string;
  line: number;
  id?: string;
  message: string;
}

export function corpusFiles(part: Part): string[] {
  const dir = path.join(CORPUS_DIR, part);
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.jsonl'))
    .sort()
    .map((f) => path.join(dir, f));
}

const partOf = (file: string): Part => (path.basename(path.dirname(file)) === 'held-out' ? 'held-out' : 'train');

/** Every entry of the given parts (or files), and every problem found (bad JSON, schema, unknown article, repeated id). */
export function loadCorpus(parts: Part[] = ['train', 'held-out'], files?: string[]): { entries: LoadedEntry[]; problems: CorpusProblem[] } {
  const entries: LoadedEntry[] = [];
  const problems: CorpusProblem[] = [];
  const seen = new Map<string, string>();
  for (const file of files ?? parts.flatMap(corpusFiles)) {
    const part = partOf(file);
    const rel = path.relative(CORPUS_DIR, file);
    fs.readFileSync(file, 'utf8')
      .split('\n')
      .forEach((raw, i) => {
        const line = raw.trim();
        if (!line) return;
        let json: unknown;
        try {
          json = JSON.parse(line);
        } catch {
          problems.push({ file: rel, line: i + 1, message: 'not valid JSON' });
          return;
        }
        const parsed = entrySchema.safeParse(json);
        const id = typeof (json as { id?: unknown })?.id === 'string' ? (json as { id: string }).id : undefined;
        if (!parsed.success) {
          for (const issue of parsed.error.issues)
            problems.push({ file: rel, line: i + 1, id, message: `${issue.path.join('.')}: ${issue.message}` });
          return;
        }
        const e = parsed.data;
        if (seen.has(e.id)) problems.push({ file: rel, line: i + 1, id: e.id, message: `id also used in ${seen.get(e.id)}` });
        seen.set(e.id, rel);
        e.turns.forEach((t, k) => {
          for (const slug of t.articles ?? []) {
            if (!fs.existsSync(path.join(KNOWLEDGE_DIR, `${slug}.md`)))
              problems.push({ file: rel, line: i + 1, id: e.id, message: `turns.${k}.articles: no article ${slug}` });
          }
        });
        entries.push({ ...e, part, file: rel });
      });
  }
  return { entries, problems };
}

/** The shipped articles' ids by slug (`uif/uif-contribution-ceiling`), from their front matter. */
export function articleIds(): Map<string, string> {
  const out = new Map<string, string>();
  for (const cat of fs.readdirSync(KNOWLEDGE_DIR)) {
    const dir = path.join(KNOWLEDGE_DIR, cat);
    if (!fs.statSync(dir).isDirectory()) continue;
    for (const f of fs.readdirSync(dir)) {
      const id = /^id:\s*(\S+)/m.exec(fs.readFileSync(path.join(dir, f), 'utf8'))?.[1];
      if (id) out.set(`${cat}/${f.replace(/\.md$/, '')}`, id);
    }
  }
  return out;
}
