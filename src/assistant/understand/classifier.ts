// The trained classifier: naive Bayes over the question's features (wink-naive-bayes-text-classifier), one model
// for the intent and one for the topic, trained on the corpus's training part by `npm run train` and shipped as
// model.json. Pure once loaded.
import naiveBayes from 'wink-naive-bayes-text-classifier';
import type { Intent, Topic } from '../reading';
import model from './model.json';

export interface ModelFile {
  /** What the models were trained on, so a stale model is caught (tests compare it with the corpus). */
  trainedOn: { entries: number; turns: number; hash: string };
  config: { considerOnlyPresence: boolean; smoothingFactor: number };
  intent: string;
  topic: string;
  /** Which knowledge article answers a question, by article id (the shipped articles' ids). */
  article: string;
}

export interface Guess<T extends string> {
  label: T;
  /** The label's share of the model's odds, 0–1: near 1 when it stands well above every other label. */
  p: number;
  /** Every label with its probability, best first. */
  all: { label: T; p: number }[];
}

type Model = Pick<ReturnType<typeof naiveBayes>, 'computeOdds'>;

/** The library's own model, for checking the fast one against. */
export function libraryModel(json: string, config: ModelFile['config']): Model {
  const m = naiveBayes();
  m.defineConfig(config);
  m.definePrepTasks([]);
  m.importJSON(json);
  m.consolidate();
  return m;
}

/**
 * The same odds as the library's `computeOdds` (each label's log2 likelihood ratio against all the others, with its
 * additive smoothing and priors), from its exported model, with each word's count over all labels summed once: the
 * library sums them again for every label, which costs 2 ms a question with the 60 articles' labels. A test holds
 * the two equal on every corpus question.
 */
export function loadModel(json: string): Model {
  const [config, samples, count, words, voc] = JSON.parse(json) as [
    { smoothingFactor: number },
    Record<string, number>,
    Record<string, Record<string, number>>,
    Record<string, number>,
    string[],
  ];
  const labels = Object.keys(samples);
  const s = config.smoothingFactor;
  const v = voc.length * s;
  const allWords = labels.reduce((n, l) => n + words[l], 0);
  const allSamples = labels.reduce((n, l) => n + samples[l], 0);
  const total = new Map<string, number>();
  for (const l of labels) for (const [w, c] of Object.entries(count[l])) total.set(w, (total.get(w) ?? 0) + c);
  // Each label's odds summed over the words, with every logarithm taken here once: a word a label never saw adds the
  // same to every label (log2 s, and log2 of its total count), so only the labels that saw it need a correction.
  const logS = Math.log2(s);
  const absent = new Map<string, number>();
  const seenBy = new Map<string, { label: number; lh: number; ilh: number }[]>();
  for (const w of voc) {
    const zero = Math.log2((total.get(w) ?? 0) + s);
    absent.set(w, zero);
    seenBy.set(w, []);
  }
  labels.forEach((l, i) => {
    for (const [w, c] of Object.entries(count[l])) {
      seenBy.get(w)?.push({ label: i, lh: Math.log2(c + s) - logS, ilh: Math.log2((total.get(w) ?? 0) - c + s) - absent.get(w)! });
    }
  });
  const perWord = labels.map((l) => ({ lh: Math.log2(words[l] + v), ilh: Math.log2(allWords - words[l] + v) }));
  const prior = labels.map(
    (l) => Math.log2(samples[l]) - Math.log2(allSamples) - (Math.log2(allSamples - samples[l]) - Math.log2(allSamples)),
  );
  return {
    computeOdds(tokens: string[]): [string, number][] {
      const known = tokens.filter((t) => absent.has(t));
      if (!known.length) return [['unknown', 0]];
      const lh = labels.map(() => 0);
      const ilh = labels.map(() => 0);
      let shared = 0;
      for (const w of known) {
        shared += absent.get(w)!;
        for (const x of seenBy.get(w)!) {
          lh[x.label] += x.lh;
          ilh[x.label] += x.ilh;
        }
      }
      const k = known.length;
      const odds = labels.map((l, i): [string, number] => [
        l,
        lh[i] + k * (logS - perWord[i].lh) - (ilh[i] + shared - k * perWord[i].ilh) + prior[i],
      ]);
      return odds.sort((a, b) => b[1] - a[1]);
    },
  };
}

/**
 * The model's odds (log base 2, each label against the rest) as shares of one: how far the best label stands
 * above the others, which is what deciding needs (the odds themselves are not calibrated probabilities).
 */
function guess<T extends string>(m: Model, features: string[], fallback: T): Guess<T> {
  const odds = m.computeOdds(features);
  // Not one feature the model knows: it answers a lone "unknown".
  if (odds.length < 2) return { label: fallback, p: 0, all: [] };
  const top = odds[0][1];
  const weights = odds.map(([label, o]) => ({ label: label as T, w: 2 ** (o - top) }));
  const sum = weights.reduce((n, x) => n + x.w, 0);
  const all = weights.map(({ label, w }) => ({ label, p: w / sum }));
  return { label: all[0].label, p: all[0].p, all };
}

export interface Classifier {
  intent(features: string[]): Guess<Intent>;
  topic(features: string[]): Guess<Topic>;
  /** The shipped articles most likely to answer, by id. */
  article(features: string[]): Guess<string>;
}

export function classifierFrom(file: ModelFile): Classifier {
  const intent = loadModel(file.intent);
  const topic = loadModel(file.topic);
  const article = file.article ? loadModel(file.article) : null;
  return {
    intent: (f) => guess<Intent>(intent, f, 'unknown'),
    topic: (f) => guess<Topic>(topic, f, 'paye'),
    article: (f) => (article ? guess<string>(article, f, '') : { label: '', p: 0, all: [] }),
  };
}

let shipped: Classifier | null = null;
/** The classifier trained on the corpus and shipped with the app. */
export function shippedClassifier(): Classifier {
  shipped ??= classifierFrom(model as ModelFile);
  return shipped;
}
