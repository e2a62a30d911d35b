import { sql } from 'drizzle-orm';
import type { DB } from './index';
import { users } from './schema';
import { hashPassword } from '../src/auth/password';

export const DEMO_PASSWORD = 'password123';
const DAY = 86_400_000;

/** Demo user and demo admin (never in production unless DEMO_ACCOUNTS=true). Existing accounts are left alone. */
export async function seedDemoAccounts(db: DB, now: Date) {
  const password = await hashPassword(DEMO_PASSWORD);
  const base = {
    password,
    subscriptionStatus: 'trialing',
    trialEndDate: new Date(now.getTime() + 7 * DAY).toISOString(),
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
  };
  await db
    .insert(users)
    .values([
      { ...base, username: 'demo', email: 'demo@payewise.test', isAdmin: false },
      { ...base, username: 'admin', email: 'admin@payewise.test', isAdmin: true },
    ])
    .onConflictDoNothing({ target: users.username });
  return db.select({ n: sql<number>`count(*)::int` }).from(users);
}
