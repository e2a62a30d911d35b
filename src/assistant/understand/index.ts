// Understanding a question: its slots, the classifier's intent and topic, the rule table, a bare number in a
// follow-up read by the role it had before, and the conversation's facts after it. Pure.
import type { Amount, Reading, Role, Slots } from '../reading';
import { joinWords, rand } from '../topics/shared';
import type { EngineTurn } from '../types';
import { taxYearLabel } from '../../payroll';
import { TOPIC_MODULES } from '../topics';
import { shippedClassifier, type Classifier } from './classifier';
import { featuresOf } from './features';
import { EMPTY_MEMORY, remember, type Memory } from './memory';
import { calculationFacts, decide } from './rules';
import { readSlots, type Extras } from './slots';
import { longestMention } from './text';

export interface Understanding {
  reading: Reading;
  extras: Extras;
  /** The question in normalised words. */
  words: string;
  /** The facts known before the question. */
  known: Slots;
}

export interface UnderstandOptions {
  today: Date;
  /** Asked from a knowledge article. */
  article?: boolean;
  classifier?: Classifier;
}

export function understand(question: string, memory: Memory, opts: UnderstandOptions): Understanding {
  const classifier = opts.classifier ?? shippedClassifier();
  const read = readSlots(question, opts.today);
  const features = featuresOf(read, question, { previousIntent: memory.lastIntent, previousTopic: memory.lastTopic });
  const intent = classifier.intent(features);
  const topic = classifier.topic(features);
  // Read as a follow-up would be when there is a turn before, so the rules see "and 66?" as an age.
  const leaning = memory.lastIntent ? inContext(read.slots, read.extras, memory) : read.slots;
  const d = decide({ reading: { ...read, slots: leaning }, memory, intent, topic, article: !!opts.article });
  const slots = d.intent === 'follow-up' ? leaning : { ...read.slots };
  refine(slots, read.extras, d.intent, d.topic);
  const calculating = d.topic !== null && (d.intent === 'calculate' || d.intent === 'follow-up');
  // The topic is sure when the model says so, or when the question names it ("and the net pay?"), or a rule chose it.
  const named = calculating && longestMention(read.normalised, TOPIC_MODULES[d.topic!].keywords) > 0;
  const topicSure = !calculating ? 1 : named || (d.decidedBy !== 'model' && d.topic !== topic.label) ? Math.max(topic.p, 0.9) : topic.p;
  // A calculation and a follow-up that calculates lead to the same answer: the model's doubt between them is no doubt.
  const sameAction = (label: string) => (calculating ? label === 'calculate' || label === 'follow-up' : label === d.intent);
  const intentSure = Math.min(
    1,
    intent.all.filter((g) => sameAction(g.label)).reduce((p, g) => p + g.p, 0),
  );
  const confidence = Math.min(d.decidedBy === 'model' ? intentSure : Math.max(intentSure, 0.5), topicSure);
  const facts = remember(memory.facts, slots, d.intent);
  const topics = calculating && d.topic ? [...memory.topics.filter((t) => t !== d.topic), d.topic] : memory.topics;
  return {
    reading: {
      intent: d.intent,
      topic: d.topic,
      slots,
      facts,
      topics,
      decidedBy: d.decidedBy,
      confidence: Math.round(confidence * 1000) / 1000,
    },
    extras: read.extras,
    words: read.normalised,
    known: memory.facts,
  };
}

/**
 * A follow-up's bare numbers take the role they had before: "and 70?" after an age is an age, "what about R31?"
 * after an hourly rate is the rate, "and 35k?" after a salary the salary.
 */
function inContext(said: Slots, extras: Extras, memory: Memory): Slots {
  const s: Slots = { ...said, ...(said.amounts ? { amounts: [...said.amounts] } : {}) };
  const known = memory.facts;
  const hourly = known.amounts?.find((a) => a.role === 'hourlyRate');
  // A small amount after an hourly rate is the new rate.
  if (hourly && s.amounts) {
    s.amounts = s.amounts.map((a): Amount =>
      a.role === 'salary' && !a.period && a.value < 1000 ? { role: 'hourlyRate', value: a.value } : a,
    );
  }
  // "and weekly?" pays the same amount weekly; "and annually?" asks for the year's figure on the same pay.
  const pay = known.amounts?.find((a) => a.role === 'salary' || a.role === 'ctc');
  const period = extras.loosePeriods[0];
  if (pay && period && !s.amounts?.length) {
    if (period === 'annual' && pay.period !== 'annual') s.wantPeriod ??= 'annual';
    else if (period !== pay.period) s.amounts = [{ ...pay, period }];
  }
  // "and if it was 12 days?" after leave owed: the days of leave.
  if (known.leaveDays !== undefined && s.leaveDays === undefined && s.daysWorked === undefined && extras.looseDays !== undefined)
    s.leaveDays = extras.looseDays;
  for (const t of extras.bare) {
    const v = t.value!;
    if (
      !t.money &&
      Number.isInteger(v) &&
      v >= 15 &&
      v <= 110 &&
      s.age === undefined &&
      (known.age !== undefined || known.ageBand !== undefined || usesAge(memory))
    )
      s.age = v;
    else if (hourly && v >= 10 && v < 1000 && !s.amounts?.some((a) => a.role === 'hourlyRate'))
      s.amounts = [...(s.amounts ?? []), { role: 'hourlyRate', value: v }];
    else if (known.hours !== undefined && v > 0 && v <= 24 && s.hours === undefined) s.hours = v;
    else if (known.monthsEmployed !== undefined && v > 0 && v <= 600 && s.monthsEmployed === undefined) s.monthsEmployed = v;
  }
  return s;
}

const usesAge = (m: Memory) => m.lastTopic !== null && (TOPIC_MODULES[m.lastTopic].uses as readonly string[]).includes('age');

/** What a topic makes of a calendar year or a lone period word. */
function refine(s: Slots, extras: Extras, intent: Reading['intent'], topic: Reading['topic']): void {
  if (extras.calendarYear !== undefined && s.taxYear === undefined && topic) {
    // The minimum wage changes on 1 March: "in 2025" is the year from March 2025, the 2026 tax year.
    s.taxYear = topic === 'minimum-wage' ? extras.calendarYear + 1 : extras.calendarYear;
  }
  const calculating = intent === 'calculate' || intent === 'follow-up';
  if (
    calculating &&
    topic &&
    !s.wantPeriod &&
    extras.loosePeriods.length &&
    !s.amounts?.some((a) => a.role === 'salary' || a.role === 'ctc' || a.role === 'payroll')
  ) {
    s.wantPeriod = extras.loosePeriods[0];
  }
}

/**
 * What the conversation knows: the reading stored with the last answer. Conversations from before readings were
 * kept are read once from their questions.
 */
export function memoryFrom(history: EngineTurn[], today: Date, classifier?: Classifier): Memory {
  for (let i = history.length - 1; i >= 0; i--) {
    const r = history[i].reading;
    if (history[i].role === 'assistant' && r) return { facts: r.facts, topics: r.topics ?? [], lastIntent: r.intent, lastTopic: r.topic };
  }
  let memory = EMPTY_MEMORY;
  for (const turn of history) {
    if (turn.role !== 'user') continue;
    const r = understand(turn.content, memory, { today, classifier }).reading;
    memory = { facts: r.facts, topics: r.topics, lastIntent: r.intent, lastTopic: r.topic };
  }
  return memory;
}

const ROLE_WORDS: Record<Role, string> = {
  salary: 'pay',
  bonus: 'a bonus of',
  commission: 'commission of',
  travelAllowance: 'a travel allowance of',
  allowance: 'an allowance of',
  retirement: 'retirement contributions of',
  employerRetirement: "the employer's retirement contribution of",
  employerMedical: "the employer's medical aid contribution of",
  ctc: 'a cost-to-company package of',
  payroll: 'a payroll of',
  hourlyRate: 'an hourly rate of',
  dailyRate: 'a daily rate of',
  other: 'an amount of',
};

/** The facts of a reading in words, for saying what was understood. */
export function describeFacts(s: Reading['slots']): string {
  const parts: string[] = [];
  for (const a of s.amounts ?? []) parts.push(`${ROLE_WORDS[a.role]} ${rand(a.value)}${a.period ? ` ${a.period}` : ''}`);
  if (s.age !== undefined) parts.push(`age ${s.age}`);
  if (s.medicalMembers !== undefined) parts.push(s.medicalMembers ? `${s.medicalMembers} on medical aid` : 'no medical aid');
  if (s.hours !== undefined) parts.push(`${s.hours} hours`);
  if (s.monthsEmployed !== undefined) parts.push(`${s.monthsEmployed} months' service`);
  if (s.taxYear !== undefined) parts.push(`tax year ${taxYearLabel(s.taxYear)}`);
  return joinWords(parts);
}

/** Whether a question states facts a calculation uses (an amount, an age, hours…), beyond a month or a kind of leave. */
export function statesFacts(s: Slots): boolean {
  return calculationFacts(s).some((k) => k !== 'wantPeriod');
}
