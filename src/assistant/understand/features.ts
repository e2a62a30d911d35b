// What the classifier sees of a question: its words with every synonym read as one concept and stemmed, pairs of
// neighbouring words, the shape of what the slot readers found ("an amount that is a salary", "an age", "hours"),
// the kind of question, and where the conversation stands. Pure.
import { SYNONYM_GROUPS } from '../../lexicon';
import type { Intent, Slots, Topic } from '../reading';
import { readSlots, type SlotReading } from './slots';
import { stemmer } from 'stemmer';
import { normalise, tokenize } from './text';

/** Where the conversation stands when a question arrives: what the turn before was. */
export interface TurnContext {
  previousIntent: Intent | null;
  previousTopic: Topic | null;
}

export const NO_CONTEXT: TurnContext = { previousIntent: null, previousTopic: null };

// Words too common to tell anything apart (question words stay: "how", "when" and "is" tell intents apart).
const DROP = new Set([
  'the',
  'a',
  'an',
  'of',
  'to',
  'for',
  'on',
  'in',
  'at',
  'and',
  'or',
  'my',
  'our',
  'your',
  'his',
  'her',
  'their',
  'this',
  'that',
  'it',
  'be',
  'i',
  'we',
  'me',
  'us',
  'please',
  'pls',
  'plz',
]);

const CONCEPTS = SYNONYM_GROUPS.map((g) => ({
  id: `~${g[0].replace(/\W+/g, '_')}`,
  phrases: g.map((p) => tokenize(normalise(p)).map((t) => t.text)).sort((a, b) => b.length - a.length),
}))
  .flatMap((c) => c.phrases.map((p) => ({ id: c.id, p })))
  .sort((a, b) => b.p.length - a.p.length);

/** The question's words as the classifier reads them: concepts for synonym phrases, stems for the rest, no numbers. */
export function wordsOf(reading: SlotReading): string[] {
  const words = reading.tokens.filter((t) => t.kind !== 'punct').map((t) => (t.kind === 'num' ? '#' : t.text));
  const out: string[] = [];
  for (let i = 0; i < words.length;) {
    const hit = CONCEPTS.find((c) => c.p.every((w, k) => words[i + k] === w));
    if (hit) {
      out.push(hit.id);
      i += hit.p.length;
      continue;
    }
    const w = words[i++];
    if (w === '#') out.push('#n');
    else if (!DROP.has(w)) out.push(stemmer(w));
  }
  return out;
}

function shapeOf(s: Slots, reading: SlotReading): string[] {
  const f: string[] = [];
  const amounts = s.amounts ?? [];
  if (amounts.length) f.push('#amt', amounts.length > 1 ? '#amt:many' : '#amt:one');
  for (const a of amounts) f.push(`#amt:${a.role}`, ...(a.period ? [`#period:${a.period}`] : []));
  const keys: (keyof Slots)[] = [
    'age',
    'ageBand',
    'medicalMembers',
    'onMedicalAid',
    'taxYear',
    'hours',
    'hoursPerWeek',
    'hoursPerDay',
    'hoursPerMonth',
    'daysPerWeek',
    'daysWorked',
    'monthsEmployed',
    'monthOfEmployment',
    'headcount',
    'workerType',
    'sunday',
    'publicHoliday',
    'epwp',
    'sdlExempt',
    'month',
    'wantPeriod',
  ];
  for (const k of keys) if (s[k] !== undefined) f.push(`#${k}`);
  if (s.leaveKind) f.push(`#leave:${s.leaveKind}`);
  if (reading.extras.bare.length) f.push('#bare');
  if (reading.extras.loosePeriods.length) f.push('#loose-period');
  return f;
}

function questionShape(words: string[], raw: string): string[] {
  const f = [`#first:${words[0] ?? ''}`];
  const n = raw.split(/\s+/).filter(Boolean).length;
  f.push(n <= 2 ? '#len:1-2' : n <= 5 ? '#len:3-5' : n <= 12 ? '#len:6-12' : '#len:long');
  if (/\?\s*$/.test(raw)) f.push('#ends:?');
  return f;
}

function contextOf(ctx: TurnContext, words: string[]): string[] {
  if (!ctx.previousIntent) return ['#ctx:none'];
  const f = [`#ctx:${ctx.previousIntent === 'follow-up' ? (ctx.previousTopic ? 'calculate' : 'knowledge') : ctx.previousIntent}`];
  if (ctx.previousTopic) f.push(`#ctx:topic:${ctx.previousTopic}`);
  if (
    ['and', 'what', 'how', 'but', 'if', 'same', 'so', 'ok', 'also', 'then', 'with', 'without', 'instead', 'actually'].includes(
      words[0] ?? '',
    )
  )
    f.push(`#ctx:lean:${words[0]}`);
  return f;
}

/**
 * Every feature of a question, for the classifier. Pairs with a number in them are left out and payroll concepts
 * count twice: both measured better in cross-validation on the training part (a concept such as "SDL" is not
 * outweighed by the many words a question shares with questions about another levy).
 */
export function featuresOf(reading: SlotReading, question: string, ctx: TurnContext): string[] {
  const words = wordsOf(reading);
  const pairs = words
    .slice(1)
    .map((w, i) => `${words[i]}_${w}`)
    .filter((p) => !p.includes('#n'));
  const concepts = words.filter((w) => w.startsWith('~'));
  return [...words, ...concepts, ...pairs, ...shapeOf(reading.slots, reading), ...questionShape(words, question), ...contextOf(ctx, words)];
}

/** What the article model sees: the words and concepts of the question (and of the one before, for a follow-up). */
export function articleFeaturesOf(question: string): string[] {
  const words = wordsOf(readSlots(question, new Date(0))).filter((w) => w !== '#n');
  return [...words, ...words.filter((w) => w.startsWith('~'))];
}
