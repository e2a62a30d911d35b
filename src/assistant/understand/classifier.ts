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

type Model = ReturnType<typeof naiveBayes>;

export function loadModel(json: string, config: ModelFile['config']): Model {
  const m = naiveBayes();
  m.defineConfig(config);
  m.definePrepTasks([]);
  m.importJSON(json);
  m.consolidate();
  return m;
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
  const intent = loadModel(file.intent, file.config);
  const topic = loadModel(file.topic, file.config);
  const article = file.article ? loadModel(file.article, file.config) : null;
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
