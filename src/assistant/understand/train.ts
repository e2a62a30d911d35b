// Training the classifier on the corpus's training part: `npm run train` writes model.json. Deterministic, so a
// test can check the shipped model is the one the corpus gives. Not used by the server.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import naiveBayes from 'wink-naive-bayes-text-classifier';
import { articleIds, loadCorpus, type LoadedEntry } from '../corpus/load';
import type { Intent, Topic } from '../reading';
import { classifierFrom, type ModelFile } from './classifier';
import { articleFeaturesOf, featuresOf, NO_CONTEXT, type TurnContext } from './features';
import { readSlots } from './slots';

/** The corpus is labelled as of this day (see corpus/README.md). */
export const CORPUS_TODAY = new Date('2026-11-25T10:00:00+02:00');
/** Smoothing factors tried by cross-validation on the training part. */
const SMOOTHING = [0.05, 0.1, 0.2, 0.5];
const FOLDS = 5;

export interface Row {
  features: string[];
  intent: Intent;
  topic: Topic | null;
  /** Knowledge turns: the ids of the articles that answer, and the features they are read with. */
  articles: string[];
  articleFeatures: string[];
}

/** Every turn as classifier features, each later turn with the labels of the turn before as its context. */
export function rowsOf(entries: LoadedEntry[]): Row[] {
  const ids = articleIds();
  const rows: Row[] = [];
  for (const e of entries) {
    let ctx: TurnContext = NO_CONTEXT;
    let before = '';
    for (const t of e.turns) {
      const articles = (t.articles ?? []).map((a) => ids.get(a)!).filter(Boolean);
      // A knowledge follow-up ("and for domestic workers?") is read with the question before, as the engine reads it.
      const asked = t.intent === 'follow-up' && before ? `${before} ${t.q}` : t.q;
      const features = featuresOf(readSlots(t.q, CORPUS_TODAY), t.q, ctx);
      rows.push({ features, intent: t.intent, topic: t.topic, articles, articleFeatures: articles.length ? articleFeaturesOf(asked) : [] });
      ctx = { previousIntent: t.intent, previousTopic: t.topic };
      before = t.q;
    }
  }
  return rows;
}

function fit(rows: Row[], config: ModelFile['config']) {
  const intent = naiveBayes();
  const topic = naiveBayes();
  const article = naiveBayes();
  for (const m of [intent, topic, article]) {
    m.defineConfig(config);
    m.definePrepTasks([]);
  }
  for (const r of rows) {
    intent.learn(r.features, r.intent);
    if (r.topic) topic.learn(r.features, r.topic);
    for (const id of r.articles) article.learn(r.articleFeatures, id);
  }
  return { intent: intent.exportJSON(), topic: topic.exportJSON(), article: article.exportJSON() };
}

/** Share of intents and topics right when each fold is held out in turn: picks the smoothing. */
function crossValidate(rows: Row[], config: ModelFile['config']): number {
  let right = 0;
  for (let k = 0; k < FOLDS; k++) {
    const train = rows.filter((_, i) => i % FOLDS !== k);
    const test = rows.filter((_, i) => i % FOLDS === k);
    const c = classifierFrom({ ...fit(train, config), config, trainedOn: { entries: 0, turns: 0, hash: '' } });
    for (const r of test) {
      if (c.intent(r.features).label === r.intent) right++;
      if (r.topic && c.topic(r.features).label === r.topic) right++;
    }
  }
  return right;
}

export function hashOf(entries: LoadedEntry[]): string {
  return createHash('sha256')
    .update(JSON.stringify(entries.map((e) => e.turns)))
    .digest('hex')
    .slice(0, 16);
}

/** The model for the given training entries; `smoothing` skips the cross-validation. */
export function train(entries: LoadedEntry[], smoothing?: number): ModelFile {
  const rows = rowsOf(entries);
  const pick =
    smoothing ??
    SMOOTHING.map((s) => ({ s, score: crossValidate(rows, { considerOnlyPresence: true, smoothingFactor: s }) })).sort(
      (a, b) => b.score - a.score,
    )[0].s;
  const config = { considerOnlyPresence: true, smoothingFactor: pick };
  return { trainedOn: { entries: entries.length, turns: rows.length, hash: hashOf(entries) }, config, ...fit(rows, config) };
}

export const MODEL_PATH = path.join(path.dirname(fileURLToPath(import.meta.url)), 'model.json');

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const { entries, problems } = loadCorpus(['train']);
  if (problems.length) {
    console.error(`The corpus has ${problems.length} problems: run src/assistant/corpus/check.ts`);
    process.exit(1);
  }
  const model = train(entries);
  fs.writeFileSync(MODEL_PATH, `${JSON.stringify(model)}\n`);
  console.log(
    `trained on ${model.trainedOn.entries} entries (${model.trainedOn.turns} turns), smoothing ${model.config.smoothingFactor}: ${path.relative(process.cwd(), MODEL_PATH)}`,
  );
}
