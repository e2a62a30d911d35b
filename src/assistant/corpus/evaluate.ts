// How well the engine understands the corpus: intent, topic, slots and what a follow-up still knows, turn by turn
// with the engine's own memory (never the labels of earlier turns), and, given a retriever, article recall.
import type { Amount, Slots } from '../reading';
import type { Classifier } from '../understand/classifier';
import { understand } from '../understand';
import { EMPTY_MEMORY, type Memory } from '../understand/memory';
import type { LoadedEntry } from './load';
import type { CorpusTurn } from './schema';

export interface TurnResult {
  id: string;
  index: number;
  turn: CorpusTurn;
  intent: string;
  topic: string | null;
  slots: Slots;
  facts: Slots;
  intentRight: boolean;
  topicRight: boolean;
  /** Slot keys compared (labelled or read) and how many were right. */
  slotKeys: number;
  slotsRight: number;
  /** Earlier facts the answer must use: how many, and how many the memory had. */
  knownKeys: number;
  knownRight: number;
}

export interface Metrics {
  turns: number;
  intent: number;
  /** Over turns labelled with a topic. */
  topic: number;
  /** Share of slot keys right, over the keys labelled or read. */
  slots: number;
  /** Share of turns whose slots are all right. */
  frames: number;
  /** Share of earlier facts a later turn still had. */
  known: number;
}

const amountKey = (a: Amount) => `${a.role}:${a.value}:${a.period ?? ''}`;
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Slot keys compared and right: amounts as a set of role, value and period. */
export function compareSlots(want: Slots, got: Slots): { keys: number; right: number; wrong: string[] } {
  const keys = new Set([...Object.keys(want), ...Object.keys(got)]) as Set<keyof Slots>;
  let right = 0;
  const wrong: string[] = [];
  for (const k of keys) {
    const ok =
      k === 'amounts' ? same((want.amounts ?? []).map(amountKey).sort(), (got.amounts ?? []).map(amountKey).sort()) : same(want[k], got[k]);
    if (ok) right++;
    else wrong.push(k);
  }
  return { keys: keys.size, right, wrong };
}

/** Of the facts a label says must still be known, how many the conversation's facts hold. */
function compareKnown(want: Slots, facts: Slots): { keys: number; right: number } {
  let keys = 0;
  let right = 0;
  for (const k of Object.keys(want) as (keyof Slots)[]) {
    if (k === 'amounts') {
      for (const a of want.amounts ?? []) {
        keys++;
        if ((facts.amounts ?? []).some((f) => f.role === a.role && f.value === a.value)) right++;
      }
    } else {
      keys++;
      if (same(want[k], facts[k])) right++;
    }
  }
  return { keys, right };
}

export function evaluateUnderstanding(
  entries: LoadedEntry[],
  opts: { today: Date; classifier?: Classifier },
): { results: TurnResult[]; metrics: Metrics } {
  const results: TurnResult[] = [];
  for (const e of entries) {
    let memory: Memory = EMPTY_MEMORY;
    e.turns.forEach((turn, index) => {
      const u = understand(turn.q, memory, { today: opts.today, classifier: opts.classifier });
      const r = u.reading;
      const slots = compareSlots(turn.slots, r.slots);
      const known = compareKnown(turn.known ?? {}, r.facts);
      results.push({
        id: e.id,
        index,
        turn,
        intent: r.intent,
        topic: r.topic,
        slots: r.slots,
        facts: r.facts,
        intentRight: r.intent === turn.intent,
        topicRight: r.topic === turn.topic,
        slotKeys: slots.keys,
        slotsRight: slots.right,
        knownKeys: known.keys,
        knownRight: known.right,
      });
      memory = { facts: r.facts, topics: r.topics, lastIntent: r.intent, lastTopic: r.topic };
    });
  }
  return { results, metrics: metricsOf(results) };
}

export function metricsOf(results: TurnResult[]): Metrics {
  const share = (a: number, b: number) => (b === 0 ? 1 : a / b);
  const withTopic = results.filter((r) => r.turn.topic !== null);
  const sum = (f: (r: TurnResult) => number) => results.reduce((n, r) => n + f(r), 0);
  return {
    turns: results.length,
    intent: share(results.filter((r) => r.intentRight).length, results.length),
    topic: share(withTopic.filter((r) => r.topicRight).length, withTopic.length),
    slots: share(
      sum((r) => r.slotsRight),
      sum((r) => r.slotKeys),
    ),
    frames: share(results.filter((r) => r.slotsRight === r.slotKeys).length, results.length),
    known: share(
      sum((r) => r.knownRight),
      sum((r) => r.knownKeys),
    ),
  };
}

export interface RetrievalMetrics {
  /** Knowledge turns with an answering article. */
  questions: number;
  /** Share whose first article is one that answers. */
  recallAt1: number;
  /** Share with an answering article among the first three. */
  recallAt3: number;
  /** Turns no article answers, and the share the engine left unanswered ("I don't know"). */
  unanswerable: number;
  declined: number;
}

export interface RetrievalResult {
  id: string;
  q: string;
  want: string[];
  got: string[];
  /** Whether the first article was judged to answer (else the engine says it does not know). */
  answered: boolean;
}

/**
 * Article recall over the knowledge turns: `rank` gives the articles for a question (with the question before, for
 * a follow-up), best first, and whether the best answers; `slugOf` turns an article id into its file slug.
 */
export async function evaluateRetrieval(
  entries: LoadedEntry[],
  rank: (question: string, context: string | null) => Promise<{ ids: string[]; answered: boolean }>,
  slugOf: (id: string) => string | undefined,
): Promise<{ results: RetrievalResult[]; metrics: RetrievalMetrics }> {
  const results: RetrievalResult[] = [];
  for (const e of entries) {
    for (let i = 0; i < e.turns.length; i++) {
      const t = e.turns[i];
      if (!t.articles || (t.intent !== 'knowledge' && !(t.intent === 'follow-up' && t.topic === null))) continue;
      const context = t.intent === 'follow-up' && i > 0 ? e.turns[i - 1].q : null;
      const r = await rank(t.q, context);
      results.push({ id: e.id, q: t.q, want: t.articles, got: r.ids.map((id) => slugOf(id) ?? id), answered: r.answered });
    }
  }
  const answerable = results.filter((r) => r.want.length);
  const unanswerable = results.filter((r) => !r.want.length);
  const share = (n: number, d: number) => (d ? n / d : 1);
  return {
    results,
    metrics: {
      questions: answerable.length,
      recallAt1: share(answerable.filter((r) => r.want.includes(r.got[0] ?? '')).length, answerable.length),
      recallAt3: share(answerable.filter((r) => r.got.slice(0, 3).some((g) => r.want.includes(g))).length, answerable.length),
      unanswerable: unanswerable.length,
      declined: share(unanswerable.filter((r) => !r.answered).length, unanswerable.length),
    },
  };
}
