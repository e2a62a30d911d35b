import { eq, sql } from 'drizzle-orm';
import type { DB } from '../../db';
import { rateLimits } from '../../db/schema';

/** Fixed-window counters kept in the database, so every app process sees the same numbers. */
export function createRateLimiter(db: DB, clock: () => Date) {
  return {
    /** Count one event for `key`; returns the count in the current window. */
    async hit(key: string, windowMs: number): Promise<number> {
      const now = clock();
      const reset = new Date(now.getTime() + windowMs);
      const [row] = await db
        .insert(rateLimits)
        .values({ key, count: 1, resetAt: reset })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            count: sql`case when ${rateLimits.resetAt} <= ${now.toISOString()}::timestamptz then 1 else ${rateLimits.count} + 1 end`,
            resetAt: sql`case when ${rateLimits.resetAt} <= ${now.toISOString()}::timestamptz then ${reset.toISOString()}::timestamptz else ${rateLimits.resetAt} end`,
          },
        })
        .returning({ count: rateLimits.count });
      return row.count;
    },
    /** The count in the current window and when it ends. */
    async peek(key: string): Promise<{ count: number; resetAt: Date | null }> {
      const [row] = await db.select().from(rateLimits).where(eq(rateLimits.key, key));
      if (!row || row.resetAt <= clock()) return { count: 0, resetAt: null };
      return { count: row.count, resetAt: row.resetAt };
    },
    async reset(key: string): Promise<void> {
      await db.delete(rateLimits).where(eq(rateLimits.key, key));
    },
  };
}
export type RateLimiter = ReturnType<typeof createRateLimiter>;
