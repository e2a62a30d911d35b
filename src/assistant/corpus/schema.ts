// The labelled corpus: questions as people type them, each turn labelled with what it asks. See README.md.
import { z } from 'zod';
import { INTENTS, slotsSchema, TOPICS } from '../reading';

/** An article by its file under db/knowledge, without `.md`: `uif/uif-contribution-ceiling`. */
const articleSlug = z.string().regex(/^[a-z0-9-]+\/[a-z0-9-]+$/, 'an article slug such as uif/uif-contribution-ceiling');

export const turnSchema = z
  .strictObject({
    q: z.string().min(1).max(1000),
    intent: z.enum(INTENTS),
    /** The calculator whose result answers it (calculate, and follow-ups of a calculation); null otherwise. */
    topic: z.enum(TOPICS).nullable(),
    /** What this turn states (or, in a follow-up, changes). */
    slots: slotsSchema,
    /** Knowledge questions: the articles that answer, best first; [] when none does. */
    articles: z.array(articleSlug).optional(),
    /** Later turns: facts from earlier turns the answer must still use (a subset of what is known). */
    known: slotsSchema.optional(),
  })
  .superRefine((t, ctx) => {
    if (t.intent === 'calculate' && !t.topic) ctx.addIssue({ code: 'custom', path: ['topic'], message: 'a calculation names its topic' });
    if (['knowledge', 'greeting', 'off-topic', 'unknown'].includes(t.intent) && t.topic)
      ctx.addIssue({ code: 'custom', path: ['topic'], message: `${t.intent} has no topic (null)` });
    if (t.intent === 'knowledge' && !t.articles)
      ctx.addIssue({ code: 'custom', path: ['articles'], message: 'a knowledge question lists its articles ([] when none answers)' });
  });

export const entrySchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9-]+$/),
  turns: z.array(turnSchema).min(1).max(6),
  note: z.string().optional(),
});
export type CorpusTurn = z.infer<typeof turnSchema>;
export type CorpusEntry = z.infer<typeof entrySchema>;
