// `npx tsx src/assistant/corpus/check.ts [file…]`: checks corpus files and prints counts and problems by id and
// field only (never the questions, so the held-out part can be checked without being read).
import path from 'node:path';
import { loadCorpus } from './load';

const files = process.argv.slice(2).map((f) => path.resolve(f));
const { entries, problems } = loadCorpus(['train', 'held-out'], files.length ? files : undefined);
const turns = entries.reduce((n, e) => n + e.turns.length, 0);
const byPart = (p: string) => entries.filter((e) => e.part === p).length;
console.log(`${entries.length} entries (${turns} turns): train ${byPart('train')}, held-out ${byPart('held-out')}`);
for (const p of problems) console.log(`${p.file}:${p.line}${p.id ? ` ${p.id}` : ''}: ${p.message}`);
process.exit(problems.length ? 1 : 0);
