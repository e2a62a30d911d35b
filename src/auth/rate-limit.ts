import { eq, sql, type SQL } from 'drizzle-orm';
import { preparedSql, type DB } from '../../db';
import { rateLimits } from '../../db/schema';
import { AppError } from '../errors';
import { plural } from '../lib/text';
import { minutesUntil } from './throttle';

export interface Count {
  count: number;
  resetAt: Date;
}

/**
 * Fixed-window counters kept in the database, so every app process sees the same numbers. `hit` is one
 * statement that increments and returns the new count, so concurrent requests can never both see room.
 */
export function createRateLimiter(db: DB, clock: () => Date) {
  /**
   * The counting upsert for `key`, returning `count` and `reset_at`; `when` makes it conditional (nothing is
   * counted when false). The chat folds it into the statement that stores a question.
   */
  function countSql(key: SQL, now: SQL, resetAt: SQL, when?: SQL): SQL {
    const expired = sql`${rateLimits.resetAt} <= ${now}`;
    return sql`insert into ${rateLimits} (key, count, reset_at) select ${key}, 1, ${resetAt} ${when ? sql`where ${when}` : sql``}
      on conflict (key) do update set count = case when ${expired} then 1 else ${rateLimits.count} + 1 end,
        reset_at = case when ${expired} then excluded.reset_at else ${rateLimits.resetAt} end
      returning count, reset_at`;
  }
  // Prepared once: the statement every sign-in runs.
  const hitStatement = preparedSql<{ count: number; reset_at: Date | string }>(
    db,
    'rate_limit_hit',
    countSql(
      sql`${sql.placeholder('key')}::text`,
      sql`${sql.placeholder('now')}::timestamptz`,
      sql`${sql.placeholder('reset')}::timestamptz`,
    ),
  );
  return {
    countSql,
    async hit(key: string, windowMs: number): Promise<Count> {
      const at = clock();
      const [row] = await hitStatement({ key, now: at.toISOString(), reset: new Date(at.getTime() + windowMs).toISOString() });
      return { count: row.count, resetAt: new Date(row.reset_at) };
    },
    /** Takes back one counted attempt (it turned out to be a success). */
    async refund(key: string): Promise<void> {
      await db
        .update(rateLimits)
        .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
        .where(eq(rateLimits.key, key));
    },
    /** The current count without counting (0 when the window has ended). */
    async peek(key: string): Promise<number> {
      const [row] = await db
        .select({ count: rateLimits.count })
        .from(rateLimits)
        .where(sql`${rateLimits.key} = ${key} and ${rateLimits.resetAt} > ${clock().toISOString()}::timestamptz`);
      return row?.count ?? 0;
    },
    async reset(key: string): Promise<void> {
      await db.delete(rateLimits).where(eq(rateLimits.key, key));
    },
    /** Drops windows that have ended (housekeeping; counting works without it). */
    async sweep(): Promise<void> {
      await db.delete(rateLimits).where(sql`${rateLimits.resetAt} <= ${clock().toISOString()}::timestamptz`);
    },
  };
}
export type RateLimiter = ReturnType<typeof createRateLimiter>;

/** The answer to a caller over a limit: `text` gets the wait in words, and Retry-After is the same whole minutes. */
export function limitReached(text: (wait: string) => string, resetAt: Date, now: Date): AppError {
  const mins = minutesUntil(resetAt, now);
  return new AppError('rate_limited', text(plural(mins, 'minute')), undefined, mins * 60);
}
