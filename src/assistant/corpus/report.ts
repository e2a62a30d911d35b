// The corpus figures `npm run bench` prints and the tests hold to: understanding on each part, and article recall
// through a retriever on the knowledge base. For the bench and the tests only.
import { createRetriever } from '../retrieval';
import type { KnowledgeTools } from '../tools';
import { CORPUS_TODAY } from '../understand/train';
import { evaluateRetrieval, evaluateUnderstanding, type Metrics, type RetrievalMetrics } from './evaluate';
import { articleIds, loadCorpus, type Part } from './load';

export interface PartReport {
  part: Part;
  entries: number;
  understanding: Metrics;
  retrieval: RetrievalMetrics | null;
}

export async function corpusReport(parts: Part[], knowledge?: KnowledgeTools): Promise<PartReport[]> {
  const slugOf = new Map([...articleIds()].map(([slug, id]) => [id, slug]));
  const retriever = knowledge && createRetriever(knowledge);
  const out: PartReport[] = [];
  for (const part of parts) {
    const { entries } = loadCorpus([part]);
    const understanding = evaluateUnderstanding(entries, { today: CORPUS_TODAY }).metrics;
    const retrieval = retriever
      ? (
          await evaluateRetrieval(
            entries,
            async (q, context) => {
              const found = await retriever.rank(q, context ? { context } : {});
              return { ids: found.map((f) => f.article.id), answered: !!found[0]?.answers };
            },
            (id) => slugOf.get(id),
          )
        ).metrics
      : null;
    out.push({ part, entries: entries.length, understanding, retrieval });
  }
  return out;
}

const pct = (v: number) => `${(v * 100).toFixed(1)}%`;

/** The report as a markdown table. */
export function reportTable(reports: PartReport[]): string {
  const rows = [
    '| part | entries | turns | intent | topic | slot keys | whole frames | earlier facts kept | article recall@1 | recall@3 | unanswerable declined |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const r of reports) {
    const u = r.understanding;
    const k = r.retrieval;
    rows.push(
      `| ${r.part} | ${r.entries} | ${u.turns} | ${pct(u.intent)} | ${pct(u.topic)} | ${pct(u.slots)} | ${pct(u.frames)} | ${pct(u.known)} | ` +
        `${k ? `${pct(k.recallAt1)} (${k.questions})` : '—'} | ${k ? pct(k.recallAt3) : '—'} | ${k ? `${pct(k.declined)} (${k.unanswerable})` : '—'} |`,
    );
  }
  return rows.join('\n');
}
