import { eq, sql } from 'drizzle-orm';
import type { DB } from '../../db';
import { rateLimits } from '../../db/schema';

export interface Count {
  count: number;
  resetAt: Date;
}

/**
 * Fixed-window counters kept in the database, so every app process sees the same numbers. `hit` is one
 * statement that increments and returns the new count, so concurrent requests can never both see room.
 */
export function createRateLimiter(db: DB, clock: () => Date) {
  // Prepared once: the statement every sign-in and question runs.
  const expired = sql`${rateLimits.resetAt} <= ${sql.placeholder('now')}::timestamptz`;
  const hitStatement = db
    .insert(rateLimits)
    .values({ key: sql.placeholder('key'), count: 1, resetAt: sql`${sql.placeholder('reset')}::timestamptz` })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${expired} then 1 else ${rateLimits.count} + 1 end`,
        resetAt: sql`case when ${expired} then ${sql.placeholder('reset')}::timestamptz else ${rateLimits.resetAt} end`,
      },
    })
    .returning({ count: rateLimits.count, resetAt: rateLimits.resetAt })
    .prepare('rate_limit_hit');
  return {
    async hit(key: string, windowMs: number): Promise<Count> {
      const at = clock();
      const [row] = await hitStatement.execute({ key, now: at.toISOString(), reset: new Date(at.getTime() + windowMs).toISOString() });
      return row;
    },
    /** Takes back one counted attempt (it turned out to be a success). */
    async refund(key: string): Promise<void> {
      await db.update(rateLimits).set({ count: sql`greatest(${rateLimits.count} - 1, 0)` }).where(eq(rateLimits.key, key));
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
