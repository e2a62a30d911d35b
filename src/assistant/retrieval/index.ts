// Passage retrieval over the knowledge base, the same for both engines: the articles search finds for a question,
// each judged by the passage of it that answers best, ranked. At most one search and a few article reads on a cold cache.
import type { SourceDTO } from '../../schemas/chat';
import type { KnowledgeTools } from '../tools';
import type { ArticleContext } from '../types';
import { bestPassage, meaningfulWords, unitsOf, type Scored } from './passages';

export { askOf, bestPassage, countsInFigures, meaningfulWords, stem, unitsOf } from './passages';

export interface Found extends Scored {
  article: SourceDTO;
  /** Whether the passage covers enough of the question to answer it. */
  answers: boolean;
}

const source = (a: { id: string; title: string }): SourceDTO => ({ id: a.id, title: a.title });

/** The question as a search: amounts, percentages and years say nothing about which article answers. */
export function searchText(question: string): string {
  const q = question
    .replace(/\bR\s?\d[\d\s,.]*(k|m)?\b/gi, ' ')
    .replace(/\b\d+(\.\d+)?\s?%/g, ' ')
    .replace(/\b(19|20)\d\d\s*[/-]\s*\d{2,4}\b/g, ' ')
    // "IRP5s", "EMP201s": the form, as articles name it.
    .replace(/\b(irp\s?5|emp\s?201|emp\s?501|it3\(?a\)?|ui-?19)'?s\b/gi, '$1')
    .replace(/\s+/g, ' ')
    .trim();
  return q.length >= 3 ? q : question;
}

/** How many of the question's words an article's title names: a title that names what is asked is most likely the answer. */
export function titleMatch(title: string, words: string[]): number {
  const inTitle = new Set(meaningfulWords(title).map((w) => w.split('|')[0]));
  return words.filter((w) => w.split('|').some((f) => inTitle.has(f))).length;
}

// "What is COIDA?": an article whose title names everything asked about is the one that explains it.
const DEFINING = /^\s*(what('s| is| are)|define|explain)\b/i;
const PRIOR = [0.8, 0.5, 0.3, 0.15, 0.05, 0];

function judge(article: { id: string; title: string; content: string }, question: string, words: string[], prior: number): Found {
  const p = bestPassage(article.content, question, { title: article.title, words });
  const named = titleMatch(article.title, words);
  const defines = DEFINING.test(question) && words.length > 0 && named === words.length ? 1 : 0;
  // Half of what the question asks must be in the passage (three quarters when the title shares none of it:
  // "capital" in "capital gains" does not answer a question about capitals).
  const answers = !!p.passage && p.coverage >= (named > 0 ? 0.5 : 0.75);
  return { ...p, score: p.score + prior + 0.7 * named + defines, article: source(article), answers };
}

export function createRetriever(knowledge: KnowledgeTools) {
  /**
   * The articles that may answer a question, best first, each with its best passage. `context` is the question
   * before, read with a short follow-up ("and for domestic workers?").
   */
  async function rank(question: string, opts: { context?: string; limit?: number } = {}): Promise<Found[]> {
    const asked = opts.context ? `${opts.context} ${question}` : question;
    const hits = await knowledge.search(searchText(asked), opts.limit ?? 6);
    if (!hits.length) return [];
    const words = meaningfulWords(asked);
    const articles = await Promise.all(hits.map((h) => knowledge.getArticle(h.id)));
    return articles
      .flatMap((a, i) => (a ? [judge(a, asked, words, PRIOR[i] ?? 0)] : []))
      .sort((a, b) => Number(b.answers) - Number(a.answers) || b.score - a.score);
  }

  /** The first article each search finds: the articles to cite beside a calculation. */
  async function forQueries(queries: string[]): Promise<SourceDTO[]> {
    const found = await Promise.all(queries.map((q) => knowledge.search(q, 1)));
    const out = new Map<string, SourceDTO>();
    for (const hits of found) if (hits[0]) out.set(hits[0].id, source(hits[0]));
    return [...out.values()];
  }

  /**
   * The referenced article's own passage on the question; for a question that only points at it ("what does
   * this mean?") its opening paragraph; else null.
   */
  function inArticle(article: ArticleContext, question: string): Found | null {
    const words = meaningfulWords(question);
    const p = bestPassage(article.content, question, { title: article.title, words });
    if (p.passage && p.coverage >= 0.34) return { ...p, article: source(article), answers: true };
    const opening = unitsOf(article.content).find((u) => u.kind === 'para')?.text;
    return opening && (!words.length || POINTING.test(question)) ? { passage: opening, score: 0, coverage: 0, article: source(article), answers: true } : null;
  }

  return { rank, forQueries, inArticle };
}

// A question that only points at the article it was asked from.
const POINTING = /\b(this|it|that|these|explain|summar\w*|mean|means|simpl\w*|tl;?dr|in short|key points?|about)\b/i;

export type Retriever = ReturnType<typeof createRetriever>;
