// Answers from the knowledge base: the passage of the best article that answers the question, quoted and
// cited; and the articles to cite beside a calculation. At most one search per answer on a cold cache.
import type { SourceDTO } from '../../schemas/chat';
import type { ArticleContext } from '../types';
import type { KnowledgeTools } from '../tools';
import { articleLink } from '../tools';
import type { ParsedQuestion, Topic } from '../parse';
import { bestPassage, meaningfulWords, unitsOf, type Scored } from './passages';

// A question that only points at the article it was asked from.
const POINTING = /\b(this|it|that|these|explain|summar\w*|mean|means|simpl\w*|tl;?dr|in short|key points?)\b/i;

export interface Answer {
  text: string;
  sources: SourceDTO[];
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

/** How well an article's title names what the question asks: a title that does is most likely the answer. */
function titleMatch(title: string, words: string[]): number {
  const inTitle = new Set(meaningfulWords(title).map((w) => w.split('|')[0]));
  return words.filter((w) => w.split('|').some((f) => inTitle.has(f))).length;
}

interface Candidate extends Scored {
  article: { id: string; title: string };
}

// "What is COIDA?": an article whose title names everything asked about is the one that explains it.
const DEFINING = /^\s*(what('s| is| are)|define|explain)\b/i;

function judge(article: { id: string; title: string; content: string }, question: string, words: string[], prior: number): Candidate {
  const p = bestPassage(article.content, question, { title: article.title, words });
  const named = titleMatch(article.title, words);
  const defines = DEFINING.test(question) && words.length > 0 && named === words.length ? 1 : 0;
  return { ...p, score: p.score + prior + 0.7 * named + defines, article };
}

export function createKnowledgeAnswers(knowledge: KnowledgeTools) {
  /** The articles to cite for a calculation: the topic's own, and one on the special case the question raises. */
  async function topicSources(topic: Topic, p: ParsedQuestion, input: Record<string, unknown>): Promise<SourceDTO[]> {
    const queries = [topicQuery(topic, p, input), specialQuery(topic, p, input)].filter((q): q is string => !!q);
    const found = await Promise.all(queries.map((q) => knowledge.search(q, 2)));
    const out = new Map<string, SourceDTO>();
    for (const hits of found) if (hits[0]) out.set(hits[0].id, source(hits[0]));
    return [...out.values()];
  }

  /** The passage of the best of the top articles that answers the question, or null when none does. */
  async function factual(question: string): Promise<Answer | null> {
    const hits = await knowledge.search(searchText(question), 3);
    if (!hits.length) return null;
    const words = meaningfulWords(question);
    const articles = await Promise.all(hits.map((h) => knowledge.getArticle(h.id)));
    // Half of what the question asks must be in the passage (three quarters when the article's title shares
    // none of it: "capital" in "capital gains" does not answer a question about capitals).
    const answers = (c: Candidate) => c.passage && c.coverage >= (titleMatch(c.article.title, words) > 0 ? 0.5 : 0.75);
    const candidates = articles.flatMap((a, i) => (a ? [judge({ id: a.id, title: a.title, content: a.content }, question, words, [0.8, 0.4, 0][i] ?? 0)] : [])).filter(answers);
    const chosen = candidates.reduce<Candidate | null>((best, c) => (!best || c.score > best.score ? c : best), null);
    if (!chosen) return null;
    const related = hits.filter((h) => h.id !== chosen.article.id && titleMatch(h.title, words) > 0).slice(0, 2).map(source);
    const lines = [`From ${articleLink(chosen.article)}:`, '', chosen.passage];
    if (related.length) lines.push('', `See also ${related.map(articleLink).join(' and ')}.`);
    return { text: lines.join('\n'), sources: [source(chosen.article), ...related] };
  }

  /**
   * The referenced article's own passage on the question; for a question that only points at it ("what does
   * this mean?") its opening paragraph; else null.
   */
  function fromArticle(article: ArticleContext, question: string): Answer | null {
    const words = meaningfulWords(question);
    const p = bestPassage(article.content, question, { title: article.title, words });
    let passage = p.passage && p.coverage >= 0.34 ? p.passage : '';
    if (!passage && POINTING.test(question)) passage = unitsOf(article.content).find((u) => u.kind === 'para')?.text ?? '';
    return passage ? { text: [`From ${articleLink(article)}:`, '', passage].join('\n'), sources: [source(article)] } : null;
  }

  return { topicSources, factual, fromArticle };
}

function topicQuery(topic: Topic, p: ParsedQuestion, input: Record<string, unknown>): string {
  switch (topic) {
    case 'paye':
      return 'how monthly PAYE is calculated';
    case 'payslip':
      return 'gross pay vs net pay payslip';
    case 'uif':
      return 'UIF contribution ceiling';
    case 'sdl':
      return 'skills development levy SDL';
    case 'eti':
      return 'employment tax incentive ETI';
    case 'overtime':
      return input.publicHolidayHours !== undefined ? 'public holidays working pay' : input.sundayHours !== undefined ? 'Sunday work pay' : 'overtime pay rates';
    case 'leave':
      return p.leaveKind === 'sick' ? 'sick leave entitlement' : p.leaveKind === 'family' ? 'family responsibility leave' : 'annual leave entitlement';
    case 'notice':
      return 'notice periods';
    case 'minimum-wage':
      return 'national minimum wage';
    case 'tax-threshold':
      return 'tax rebates and thresholds by age';
  }
}

/** One more article when the question turns on a special case: seniors, medical aid, a bonus, weekly pay… */
function specialQuery(topic: Topic, p: ParsedQuestion, input: Record<string, unknown>): string | null {
  const f = p.facts;
  if (topic === 'paye' || topic === 'payslip') {
    if (Number(input.age) >= 65) return 'PAYE for employees aged 65 and 75 pensioners';
    if (input.bonus) return 'PAYE on bonuses 13th cheque';
    if (input.medicalMembers) return 'medical scheme fees tax credit';
    if (input.retirementContributions) return 'retirement fund contribution deduction';
    if (input.period === 'weekly' || input.period === 'fortnightly') return 'PAYE weekly fortnightly paid employees';
    if (topic === 'payslip') return 'UIF contribution ceiling';
    return null;
  }
  if (topic === 'uif') {
    if (input.commission) return 'UIF on commission earnings';
    if (f.workerType === 'domestic') return 'UIF for domestic workers';
    if (input.hoursPerMonth !== undefined) return 'UIF part-time casual workers 24 hours';
    return null;
  }
  if (topic === 'overtime' && input.monthlyEarnings !== undefined) return 'BCEA earnings threshold';
  if (topic === 'eti') return 'ETI qualifying rules checklist';
  if (topic === 'tax-threshold' && p.asksRebates) return null;
  if (topic === 'notice' && f.workerType === 'domestic') return null;
  return null;
}

