// Admin insights: knowledge searches that found nothing, answers rated down, questions the assistant did not
// understand (from the reading stored with each answer), the most-read articles and the mail outbox, each counted
// over the last 7 and 30 days.
import { and, desc, eq, gte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DB } from '../../db';
import { knowledgeItemReaders, knowledgeItems, knowledgeSearchMisses, mailOutbox, messageFeedback, messages } from '../../db/schema';
import { saDate } from '../lib/sa-time';
import type { Logger } from '../lib/logger';
import type { Mailer, OutboxEntry } from '../mail';

const DAY = 86_400_000;
const ROWS = 50;
/** Answers below this confidence are listed as not surely understood (the partial index messages_not_understood_idx says the same). */
export const LOW_CONFIDENCE = 0.7;

/** A query as it is counted: trimmed, single-spaced, lower case, bounded. */
export const missKey = (q: string) => q.trim().replace(/\s+/g, ' ').toLowerCase().slice(0, 200);

const counts = (since7: Date, at: unknown) => ({
  last7: sql<number>`count(*) filter (where ${at} >= ${since7.toISOString()})`.mapWith(Number),
  last30: sql<number>`count(*)`.mapWith(Number),
});
const iso = (d: Date | string) => (typeof d === 'string' ? d : d.toISOString());
/** The latest of a timestamptz column, as ISO text whatever the driver does with dates. */
const latest = (col: unknown) => sql<string>`to_char(max(${col}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

export interface WindowCounts {
  last7: number;
  last30: number;
}

export interface SearchMissDTO extends WindowCounts {
  query: string;
  lastSeen: string;
}

export interface DownRatedDTO {
  messageId: string;
  question: string;
  answer: string;
  engine: string | null;
  comment: string | null;
  sources: { id: string; title: string }[];
  at: string;
}

/** What the engine understood of a question, as the insights show it. */
export interface ReadingSummaryDTO {
  intent: string;
  topic: string | null;
  decidedBy: string;
  confidence: number;
  slots: Record<string, unknown>;
}

export interface UnansweredDTO extends WindowCounts {
  question: string;
  lastAsked: string;
  /** The latest answer's outcome: dont-know, asked, or how a low-confidence answer ended. */
  outcome: string | null;
  reading: ReadingSummaryDTO | null;
}

export interface MostReadDTO extends WindowCounts {
  id: string;
  title: string;
}

export interface InsightsDTO {
  generatedAt: string;
  searchMisses: { total: WindowCounts; rows: SearchMissDTO[] };
  downRated: { total: WindowCounts; rows: DownRatedDTO[] };
  unanswered: { total: WindowCounts; rows: UnansweredDTO[] };
  mostRead: { total: WindowCounts; rows: MostReadDTO[] };
  outbox: { byStatus: Record<string, WindowCounts>; rows: OutboxEntry[] };
}

export function createInsightsService(deps: { db: DB; clock: () => Date; log: Logger; mailer: Mailer }) {
  const { db, clock, log, mailer } = deps;

  // Recording never fails the search or the read that caused it.
  const quietly = async (what: string, work: () => Promise<unknown>) => {
    try {
      await work();
    } catch (err) {
      log.warn(`insights: could not record ${what}`, { error: err instanceof Error ? err.message : String(err) });
    }
  };

  // Both count people, not requests: one user repeating a search or a read cannot fill the lists.
  /** A user's knowledge search: kept only when it found nothing, once per user and query (the latest time). */
  const searched = (userId: number, q: string, found: number) =>
    found > 0 || !missKey(q)
      ? Promise.resolve()
      : quietly('a search', () =>
          db
            .insert(knowledgeSearchMisses)
            .values({ userId, query: missKey(q), at: clock() })
            .onConflictDoUpdate({ target: [knowledgeSearchMisses.userId, knowledgeSearchMisses.query], set: { at: sql`excluded.at` } }),
        );

  /** An article read by a user: once per user and day. */
  const read = (itemId: string, userId: number) =>
    quietly('a read', () =>
      db
        .insert(knowledgeItemReaders)
        .values({ itemId, day: saDate(clock()), userId })
        .onConflictDoNothing(),
    );

  async function report(): Promise<InsightsDTO> {
    const now = clock();
    const since7 = new Date(now.getTime() - 7 * DAY);
    const since30 = new Date(now.getTime() - 30 * DAY);
    const day7 = saDate(since7);
    const day30 = saDate(since30);

    const m = knowledgeSearchMisses;
    const missWhere = gte(m.at, since30);
    const missRows = db
      .select({ query: m.query, ...counts(since7, m.at), lastSeen: latest(m.at) })
      .from(m)
      .where(missWhere)
      .groupBy(m.query)
      .orderBy(desc(sql`count(*)`), desc(sql`max(${m.at})`))
      .limit(ROWS);
    const missTotal = db.select(counts(since7, m.at)).from(m).where(missWhere);

    const f = messageFeedback;
    const downWhere = and(eq(f.rating, 'down'), gte(f.updatedAt, since30));
    const downRows = db
      .select({
        messageId: f.messageId,
        question: f.question,
        answer: f.answer,
        engine: f.engine,
        comment: f.comment,
        sources: f.sources,
        at: f.updatedAt,
      })
      .from(f)
      .where(downWhere)
      .orderBy(desc(f.updatedAt))
      .limit(ROWS);
    const downTotal = db.select(counts(since7, f.updatedAt)).from(f).where(downWhere);

    // Answers and their questions are both messages; message timestamps are ISO text.
    const a = alias(messages, 'answer');
    const q = alias(messages, 'question');
    // Literals, not parameters, so PostgreSQL can use the partial index messages_not_understood_idx (migration 0007).
    const dontKnow = and(
      sql`(${a.outcome} in ('dont-know', 'asked') or ${a.confidence} < ${sql.raw(String(LOW_CONFIDENCE))})`,
      eq(a.role, 'assistant'),
      gte(a.timestamp, since30.toISOString()),
    );
    const questionKey = sql<string>`lower(btrim(${q.content}))`;
    const unansweredRows = db
      .select({
        question: sql<string>`min(${q.content})`,
        ...counts(since7, a.timestamp),
        lastAsked: sql<string>`max(${a.timestamp})`,
        outcome: sql<string | null>`(array_agg(${a.outcome} order by ${a.timestamp} desc))[1]`,
        reading: sql<Record<string, unknown> | string | null>`(array_agg(${a.reading} order by ${a.timestamp} desc))[1]`,
      })
      .from(a)
      .innerJoin(q, eq(q.id, a.replyTo))
      .where(dontKnow)
      .groupBy(questionKey)
      .orderBy(desc(sql`count(*)`), desc(sql`max(${a.timestamp})`))
      .limit(ROWS);
    const unansweredTotal = db.select(counts(since7, a.timestamp)).from(a).where(dontKnow);

    const v = knowledgeItemReaders;
    // Readers of an article in each window (a reader on several days counts once); the total sums them over articles.
    const sum7 = sql<number>`count(distinct ${v.userId}) filter (where ${v.day} >= ${day7})`.mapWith(Number);
    const sum30 = sql<number>`count(distinct ${v.userId})`.mapWith(Number);
    const pair = sql`(${v.itemId}, ${v.userId})`;
    const pairs7 = sql<number>`count(distinct ${pair}) filter (where ${v.day} >= ${day7})`.mapWith(Number);
    const pairs30 = sql<number>`count(distinct ${pair})`.mapWith(Number);
    const readRows = db
      .select({ id: knowledgeItems.id, title: knowledgeItems.title, last7: sum7, last30: sum30 })
      .from(v)
      .innerJoin(knowledgeItems, eq(knowledgeItems.id, v.itemId))
      .where(gte(v.day, day30))
      .groupBy(knowledgeItems.id, knowledgeItems.title)
      .orderBy(desc(sum30), desc(sum7), knowledgeItems.title)
      .limit(ROWS);
    const readTotal = db.select({ last7: pairs7, last30: pairs30 }).from(v).where(gte(v.day, day30));

    const o = mailOutbox;
    const outboxRows = mailer.recent(ROWS);
    const outboxByStatus = db
      .select({ status: o.status, ...counts(since7, o.createdAt) })
      .from(o)
      .where(gte(o.createdAt, since30))
      .groupBy(o.status);

    const [misses, [missT], down, [downT], unanswered, [unansweredT], reads, [readT], outbox, byStatus] = await Promise.all([
      missRows,
      missTotal,
      downRows,
      downTotal,
      unansweredRows,
      unansweredTotal,
      readRows,
      readTotal,
      outboxRows,
      outboxByStatus,
    ]);
    const total = (t: WindowCounts | undefined): WindowCounts => ({ last7: t?.last7 ?? 0, last30: t?.last30 ?? 0 });
    return {
      generatedAt: now.toISOString(),
      searchMisses: { total: total(missT), rows: misses },
      downRated: { total: total(downT), rows: down.map((r) => ({ ...r, at: iso(r.at) })) },
      unanswered: { total: total(unansweredT), rows: unanswered.map((u) => ({ ...u, reading: summary(u.reading) })) },
      mostRead: { total: total(readT), rows: reads },
      outbox: {
        byStatus: Object.fromEntries(byStatus.map((s) => [s.status, { last7: s.last7, last30: s.last30 }])),
        rows: outbox,
      },
    };
  }

  return { searched, read, report };
}

export type InsightsService = ReturnType<typeof createInsightsService>;

/** The parts of a stored reading the insights show. */
function summary(raw: Record<string, unknown> | string | null): ReadingSummaryDTO | null {
  const r = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Record<string, unknown> | null;
  if (!r || typeof r.intent !== 'string') return null;
  return {
    intent: r.intent,
    topic: (r.topic as string | null) ?? null,
    decidedBy: String(r.decidedBy ?? ''),
    confidence: Number(r.confidence ?? 0),
    slots: (r.slots as Record<string, unknown>) ?? {},
  };
}
