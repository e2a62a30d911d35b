// Passage retrieval over the knowledge base, the same for both engines: the articles search finds for a question and
// the ones the corpus-trained article model expects, each judged by the passage of it that answers best, ranked. At most one search and a few article reads on a cold cache.
import type { SourceDTO } from '../../schemas/chat';
import type { KnowledgeTools } from '../tools';
import type { ArticleContext } from '../types';
import { COMMON_PAY_WORDS, POINTING_WORDS } from '../../lexicon';
import { shippedClassifier, type Classifier } from '../understand/classifier';
import { articleFeaturesOf } from '../understand/features';
import { normalise } from '../understand/text';
import { bestPassage, meaningfulWords, stem, unitsOf, type Scored } from './passages';

export { askOf, bestPassage, countsInFigures, meaningfulWords, stem, unitsOf, worksASum } from './passages';

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
const PRIOR = [0.8, 0.4, 0];
/** How much the corpus-trained article model adds to a candidate (times its share), and the least share that counts (cross-validated on the training part). */
export const PRIOR_WEIGHT = 1.5;
const PRIOR_FLOOR = 0.15;
/** A candidate this strong answers even when its passage holds less of the question's words (measured on the training part). */
const SURE_SCORE = 3.5;

function judge(
  article: { id: string; title: string; content: string },
  question: string,
  words: string[],
  prior: number,
  rulesOnly = false,
): Found {
  const p = bestPassage(article.content, question, { title: article.title, words, rulesOnly });
  const named = titleMatch(article.title, words);
  const defines = DEFINING.test(question) && words.length > 0 && named === words.length ? 1 : 0;
  // Two fifths of what the question asks must be in the passage (three fifths when the title shares none of it:
  // "capital" in "capital gains" does not answer a question about capitals).
  // A high score alone also answers: the title, the corpus's article model and the passage all point at it.
  const score = p.score + prior + 0.7 * named + defines;
  // And something beyond the words every pay question has: "pay" and "worker" do not answer a question about bitcoin.
  const answers = !!p.passage && p.coreCoverage > 0 && (p.coverage >= (named > 0 ? 0.4 : 0.6) || score >= SURE_SCORE);
  return { ...p, score, article: source(article), answers };
}

export function createRetriever(knowledge: KnowledgeTools, classifier: Classifier = shippedClassifier()) {
  /**
   * The articles that may answer a question, best first, each with its best passage. `context` is the question
   * before, read with a short follow-up ("and for domestic workers?").
   */
  async function rank(question: string, opts: { context?: string; limit?: number; rulesOnly?: boolean } = {}): Promise<Found[]> {
    const raw = opts.context ? `${opts.context} ${question}` : question;
    // In English words (Afrikaans read as its English), as the articles are written.
    const asked = normalise(raw);
    const prior = classifier.article(articleFeaturesOf(raw)).all;
    const text = searchText(asked);
    // Also without the words every pay question has, which can bury the article on what is special in it.
    const core = text
      .split(/\s+/)
      .filter((w) => !COMMON_PAY_WORDS.has(w.replace(/[^a-z0-9']/g, '').replace(/'s$/, '')))
      .join(' ');
    const limit = opts.limit ?? 3;
    const [hits, more] = await Promise.all([
      knowledge.search(text, limit),
      core !== text && core.trim().length >= 3 ? knowledge.search(core, limit) : [],
    ]);
    const ranked = new Map<string, number>();
    hits.forEach((h, i) => ranked.set(h.id, PRIOR[i] ?? 0));
    more.forEach((h, i) => ranked.set(h.id, Math.max(ranked.get(h.id) ?? 0, (PRIOR[i] ?? 0) * 0.8)));
    // The articles the corpus says answer questions like this one.
    for (const a of prior.filter((x) => x.p >= PRIOR_FLOOR).slice(0, 3))
      ranked.set(a.label, (ranked.get(a.label) ?? 0) + PRIOR_WEIGHT * a.p);
    if (!ranked.size) return [];
    const words = meaningfulWords(asked);
    const articles = await Promise.all([...ranked.keys()].map((id) => knowledge.getArticle(id)));
    return articles
      .flatMap((a) => (a ? [judge(a, asked, words, ranked.get(a.id) ?? 0, opts.rulesOnly)] : []))
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
    const words = meaningfulWords(question).filter((w) => !POINTING_STEMS.has(w.split('|')[0]));
    const opening = unitsOf(article.content).find((u) => u.kind === 'para')?.text;
    const whole = opening ? { passage: opening, score: 0, coverage: 0, coreCoverage: 0, article: source(article), answers: true } : null;
    if (!words.length) return whole;
    const p = bestPassage(article.content, question, { title: article.title, words });
    if (p.passage && p.coverage >= 0.34) return { ...p, article: source(article), answers: true };
    return POINTING.test(question) ? whole : null;
  }

  return { rank, forQueries, inArticle };
}

const POINTING_STEMS = new Set(POINTING_WORDS.map(stem));
// A question that only points at the article it was asked from.
const POINTING = /\b(this|it|that|these|explain|summar\w*|mean|means|simpl\w*|tl;?dr|in short|key points?|about)\b/i;
