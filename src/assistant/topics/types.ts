// What a topic is: one calculator of the registry, what it needs, how its result reads, and its articles.
import type { ToolCallDTO } from '../../schemas/chat';
import type { Period, SlotKey, Slots, Topic, Role } from '../reading';
import type { Extras } from '../understand/slots';

export interface TopicContext {
  today: Date;
  /** What this question said (the rest of the facts came from earlier in the conversation). */
  stated: Slots;
  extras: Extras;
  /** The question in normalised words (for the few choices made by wording: "net pay" or "cost"). */
  words: string;
}

export interface Step {
  /** A calculator of the registry. */
  name: string;
  input: Record<string, unknown>;
  /** The period an SDL amount is for (the levy's own input has none). */
  period?: Period;
  /** Whose figure it is, when a question is about several people ("R8 000", "R15 500"). */
  label?: string;
}

export interface Plan {
  /** The calls to make, the one whose figure leads first. */
  steps: Step[];
  /** What was assumed because nobody said, each changing a figure. */
  assumed: string[];
  /** Facts from earlier in the conversation that this answer used. */
  kept: string[];
}

/** What is missing, in words, with an example of a question that has it. */
export interface Need {
  need: string;
  example: string;
}

export const isNeed = (x: Plan | Need): x is Need => 'need' in x;

/** A calculation made, with what its step said of it. */
export type Called = ToolCallDTO & Pick<Step, 'label' | 'period'>;

export interface TopicModule {
  name: Topic;
  /** How the answer names it: "To work out PAYE I need…". */
  label: string;
  /** A question it answers, as the answer suggests one when it asks for facts. */
  example: string;
  /** Words that name it: a follow-up that names none stays on the topic before. */
  keywords: readonly string[];
  /** The facts it takes: a follow-up changing one of these stays on this topic. */
  uses: readonly (SlotKey | Role)[];
  plan(facts: Slots, ctx: TopicContext): Plan | Need;
  /** The answer's lines for the calls made (already run), figure first. */
  describe(calls: Called[], facts: Slots, ctx: TopicContext): string[];
  /**
   * Searches for the articles to cite: the topic's own first, then one on the special case the calculation met
   * (`calls` is empty when the engine asks for a missing fact instead).
   */
  articles(calls: Called[], facts: Slots): string[];
  /** The figures a comparison of two tax years shows, by result field, with their labels. */
  compared?: readonly (readonly [field: string, label: string])[];
}
