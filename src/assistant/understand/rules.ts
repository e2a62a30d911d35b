// What the classifier is not left to decide alone: a short, ordered table of named rules, each with its reason.
// A rule sees the model's guesses, the slots and the conversation, and may change the intent or the topic.
import { FILLER_WORDS, GREETING_WORDS, LEANING_STARTS, LEANING_WORDS, PAYROLL_WORDS, QUESTION_WORDS } from '../../lexicon';
import { TOPICS, type Intent, type SlotKey, type Slots, type Topic } from '../reading';
import { TOPIC_MODULES } from '../topics';
import type { Guess } from './classifier';
import type { Memory } from './memory';
import type { SlotReading } from './slots';
import { longestMention } from './text';

export interface Decision {
  intent: Intent;
  topic: Topic | null;
  decidedBy: string;
}

export interface RuleInput {
  reading: SlotReading;
  memory: Memory;
  intent: Guess<Intent>;
  topic: Guess<Topic>;
  /** Asked from a knowledge article ("Ask the assistant about this article"). */
  article: boolean;
}

export interface Rule {
  name: string;
  reason: string;
  /** The new decision, or null when the rule does not apply. */
  apply(d: Decision, x: RuleInput): Pick<Decision, 'intent' | 'topic'> | null;
}

const words = (r: SlotReading) => r.tokens.filter((t) => t.kind === 'word').map((t) => t.text);
const hasNumbers = (r: SlotReading) => r.tokens.some((t) => t.kind === 'num');
const CIRCUMSTANCES: readonly string[] = ['month', 'leaveKind', 'workerType', 'taxYear', 'sunday', 'publicHoliday', 'sdlExempt', 'epwp'];
/** Facts that feed a calculation (an amount, an age, hours…), as opposed to a month or a kind of leave. */
export const calculationFacts = (s: Slots) => Object.keys(s).filter((k) => !CIRCUMSTANCES.includes(k)) as SlotKey[];
/** The facts a turn states, as the keys a topic lists in `uses` (amount roles for amounts). */
const statedKeys = (s: Slots) => [
  ...calculationFacts(s).filter((k) => k !== 'amounts'),
  ...(s.amounts ?? []).filter((a) => a.role !== 'other').map((a) => a.role),
];
/** Whether a message leans on the one before: by its words ("and for her?", "what about that?"), or by having no subject of its own ("since when?"). */
const leans = (r: SlotReading) => {
  const w = words(r);
  const text = ` ${w.join(' ')} `;
  if (LEANING_STARTS.some((p) => text.startsWith(` ${p} `)) || LEANING_WORDS.some((p) => text.includes(` ${p} `))) return true;
  return w.every((x) => QUESTION_WORDS.has(x.replace(/'s$/, '')) || FILLER_WORDS.has(x));
};
const uses = (topic: Topic, key: string) => (TOPIC_MODULES[topic].uses as readonly string[]).includes(key);

export const RULES: Rule[] = [
  {
    name: 'greeting-words',
    reason: 'A hello or a thank-you alone is too few words for the model to weigh; the lexicon lists them.',
    apply: (_d, { reading }) => {
      const w = words(reading);
      return w.length > 0 && w.length <= 8 && !hasNumbers(reading) && w.every((x) => GREETING_WORDS.has(x))
        ? { intent: 'greeting', topic: null }
        : null;
    },
  },
  {
    name: 'nothing-to-follow',
    reason:
      'A first message cannot lean on one before it: it is a calculation when it states facts for one, else a question for the knowledge base.',
    apply: (d, { memory, reading, topic }) => {
      if (d.intent !== 'follow-up' || memory.lastIntent) return null;
      if (calculationFacts(reading.slots).length && topic.p >= 0.5) return { intent: 'calculate', topic: topic.label };
      return words(reading).some((w) => PAYROLL_WORDS.has(w)) ? { intent: 'knowledge', topic: null } : { intent: 'unknown', topic: null };
    },
  },
  {
    name: 'payroll-is-not-off-topic',
    reason:
      'Refusing a payroll question is worse than an honest "I don\'t know": with payroll words or an amount in it, retrieval decides.',
    apply: (d, { reading }) =>
      d.intent === 'off-topic' && (words(reading).some((w) => PAYROLL_WORDS.has(w)) || reading.slots.amounts?.length)
        ? { intent: 'knowledge', topic: null }
        : null,
  },
  {
    name: 'no-payroll-is-off-topic',
    reason:
      '"Unknown" is for payroll messages too vague to act on, and a follow-up leans on the turn before; a message with no payroll word, no figure and nothing it leans on ("and for her?") is not about payroll, and is declined politely.',
    apply: (d, { reading }) => {
      if (d.intent !== 'unknown' && d.intent !== 'follow-up') return null;
      if (
        words(reading).some((w) => PAYROLL_WORDS.has(w)) ||
        hasNumbers(reading) ||
        Object.keys(reading.slots).length ||
        reading.extras.loosePeriods.length
      )
        return null;
      return leans(reading) ? null : { intent: 'off-topic', topic: null };
    },
  },
  {
    name: 'follow-up-of-a-rule',
    reason:
      'After a knowledge answer, a follow-up with no figures asks about the same rule ("and for domestic workers?"), not for a calculation.',
    apply: (d, { memory, reading }) =>
      d.intent === 'follow-up' && memory.lastTopic === null && memory.lastIntent !== null && !statedKeys(reading.slots).length
        ? { intent: 'follow-up', topic: null }
        : null,
  },
  {
    name: 'follow-up-keeps-its-topic',
    reason:
      'A follow-up stays on the calculation before unless it names another one by its words ("and the UIF?"); the model weighs words of every topic and is not needed for that.',
    apply: (d, { memory, reading }) => {
      if (d.intent !== 'follow-up' || !d.topic || !memory.lastTopic) return null;
      const named = TOPICS.map((t) => ({ t, n: longestMention(reading.normalised, TOPIC_MODULES[t].keywords) }))
        .filter((x) => x.n > 0)
        .sort((a, b) => b.n - a.n);
      if (!named.length) return { intent: 'follow-up', topic: memory.lastTopic };
      const longest = named.filter((x) => x.n === named[0].n).map((x) => x.t);
      if (longest.includes(memory.lastTopic)) return { intent: 'follow-up', topic: memory.lastTopic };
      return longest.includes(d.topic) ? null : { intent: 'follow-up', topic: longest[0] };
    },
  },
  {
    name: 'fact-goes-to-its-topic',
    reason:
      'A follow-up that only changes a fact the last calculation does not take (an age after a leave question) changes the calculation that does take it.',
    apply: (d, { memory, reading }) => {
      if (d.intent !== 'follow-up' || !d.topic) return null;
      const stated = statedKeys(reading.slots);
      if (!stated.length || stated.some((k) => uses(d.topic!, k))) return null;
      const earlier = [...memory.topics].reverse().find((t) => stated.every((k) => uses(t, k)));
      return earlier && earlier !== d.topic ? { intent: 'follow-up', topic: earlier } : null;
    },
  },
  {
    name: 'several-deductions-are-a-payslip',
    reason:
      'A calculation that names two or more of PAYE, UIF and SDL ("what PAYE and UIF must I deduct?") wants them all on one pay: the payslip has every one.',
    apply: (d, { reading }) => {
      if (!d.topic || (d.intent !== 'calculate' && d.intent !== 'follow-up') || d.topic === 'payslip') return null;
      const named = (['paye', 'uif', 'sdl'] as const).filter((t) => longestMention(reading.normalised, TOPIC_MODULES[t].keywords) > 0);
      return named.length >= 2 && reading.slots.amounts?.length ? { intent: d.intent, topic: 'payslip' } : null;
    },
  },
  {
    name: 'asked-from-an-article',
    reason: 'A question asked from an article is about that article unless it asks for a calculation.',
    apply: (d, { article }) =>
      article && (d.intent === 'unknown' || (d.intent === 'follow-up' && !d.topic)) ? { intent: 'knowledge', topic: null } : null,
  },
];

/** The model's decision after the rule table: each rule that applies changes it, the last one to do so is named. */
export function decide(x: RuleInput): Decision {
  const needsTopic = (i: Intent) => i === 'calculate' || i === 'follow-up';
  let d: Decision = { intent: x.intent.label, topic: needsTopic(x.intent.label) ? x.topic.label : null, decidedBy: 'model' };
  for (const rule of RULES) {
    const next = rule.apply(d, x);
    if (next && (next.intent !== d.intent || next.topic !== d.topic)) d = { ...next, decidedBy: `rule:${rule.name}` };
  }
  return d;
}
