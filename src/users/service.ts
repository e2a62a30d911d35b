// User management for admins: the list (filtered, sorted and paged by the database), admin rights and trial
// extensions. Every change is audited in its own transaction.
import { asc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { DB } from '../../db';
import { users, type User } from '../../db/schema';
import { toPublicUser } from '../auth';
import { statusBadge } from '../billing';
import { formatDate } from '../lib/sa-time';
import { AppError } from '../errors';
import { writeAudit } from '../lib/audit';
import {
  USERS_DEFAULT_PAGE_SIZE,
  USERS_TEXTS,
  type AdminUserDTO,
  type UserChangeDTO,
  type UsersPageDTO,
  type UsersQuery,
  type UsersSummaryDTO,
} from '../schemas/users';
import { normalizeQuery, type SortColumn } from './listing';

const DAY = 86_400_000;
const NOT_FOUND = 'User not found';

export const toAdminUser = (u: User): AdminUserDTO => ({ ...toPublicUser(u), messageCount: u.totalChatMessages });

// Empty values (no e-mail, never signed in) sort last in both directions.
const ORDER: Record<SortColumn, SQL> = {
  username: sql`lower(${users.username})`,
  email: sql`lower(nullif(${users.email}, ''))`,
  lastLoginAt: sql`nullif(${users.lastLoginAt}, '')`,
  totalLogins: sql`${users.totalLogins}`,
  messageCount: sql`${users.totalChatMessages}`,
};

// What the list shows: never the password hash or the PayFast token.
const LIST_COLUMNS = {
  id: users.id,
  username: users.username,
  email: users.email,
  isAdmin: users.isAdmin,
  subscriptionStatus: users.subscriptionStatus,
  trialEndDate: users.trialEndDate,
  nextBillingDate: users.nextBillingDate,
  lastLoginAt: users.lastLoginAt,
  totalLogins: users.totalLogins,
  totalChatMessages: users.totalChatMessages,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
};

const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

export function createUsersService(deps: { db: DB; clock: () => Date }) {
  const { db, clock } = deps;

  async function list(query: UsersQuery = {}): Promise<{ users: AdminUserDTO[]; total: number; page: number; pageSize: number }> {
    const q = normalizeQuery(query.q);
    const page = query.page ?? 1;
    const pageSize = query.pageSize ?? USERS_DEFAULT_PAGE_SIZE;
    const where = q ? or(ilike(users.username, likePattern(q)), ilike(users.email, likePattern(q))) : undefined;
    const column = query.sort ? ORDER[query.sort] : null;
    const order = column
      ? [query.dir === 'desc' ? sql`${column} desc nulls last` : sql`${column} asc nulls last`, asc(users.id)]
      : [asc(users.id)];
    // The page and the count are two small queries: a window count would make the database build every row.
    const [rows, total] = await Promise.all([
      db
        .select(LIST_COLUMNS)
        .from(users)
        .where(where)
        .orderBy(...order)
        .limit(pageSize)
        .offset((page - 1) * pageSize),
      db.$count(users, where),
    ]);
    return { users: rows.map((r) => ({ ...r, messageCount: r.totalChatMessages })), total, page, pageSize };
  }

  async function summary(): Promise<UsersSummaryDTO> {
    const [row] = await db
      .select({
        totalUsers: sql<number>`count(*)`.mapWith(Number),
        activeSubscriptions: sql<number>`count(*) filter (where ${users.subscriptionStatus} = 'active')`.mapWith(Number),
        trialUsers: sql<number>`count(*) filter (where ${users.subscriptionStatus} = 'trialing')`.mapWith(Number),
      })
      .from(users);
    return row;
  }

  async function pageOf(query: UsersQuery = {}): Promise<UsersPageDTO> {
    const [l, s] = await Promise.all([list(query), summary()]);
    return { ...l, summary: s };
  }

  async function toggleAdmin(actor: { id: number }, userId: number, makeAdmin: boolean): Promise<UserChangeDTO> {
    if (userId === actor.id) throw new AppError('bad_request', USERS_TEXTS.ownStatus);
    return db.transaction(async (tx) => {
      // Lock every admin row: two admins demoting each other at once cannot both pass the last-admin check.
      const admins = await tx.select({ id: users.id }).from(users).where(eq(users.isAdmin, true)).for('update');
      const [target] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
      if (!target) throw new AppError('not_found', NOT_FOUND);
      if (target.isAdmin === makeAdmin) {
        return { message: `User ${target.username} ${makeAdmin ? 'is already an admin' : 'is not an admin'}`, user: toAdminUser(target) };
      }
      if (!makeAdmin && admins.length <= 1) throw new AppError('conflict', USERS_TEXTS.lastAdmin);
      const at = clock();
      const [updated] = await tx
        .update(users)
        .set({ isAdmin: makeAdmin, updatedAt: at.toISOString() })
        .where(eq(users.id, userId))
        .returning();
      await writeAudit(tx, {
        actorId: actor.id,
        action: makeAdmin ? 'user.admin.grant' : 'user.admin.revoke',
        target: `user:${userId}`,
        details: { username: target.username, before: { isAdmin: target.isAdmin }, after: { isAdmin: makeAdmin } },
        at,
      });
      return { message: `User ${target.username} ${makeAdmin ? 'is now an admin' : 'is no longer an admin'}`, user: toAdminUser(updated) };
    });
  }

  async function extendTrial(actor: { id: number }, userId: number, days: number): Promise<UserChangeDTO> {
    return db.transaction(async (tx) => {
      const [target] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
      if (!target) throw new AppError('not_found', NOT_FOUND);
      if (target.subscriptionStatus !== 'trialing') {
        throw new AppError(
          'bad_request',
          `User ${target.username} is not on a trial (subscription: ${statusBadge(target.subscriptionStatus).label}), so there is no trial to extend`,
        );
      }
      const at = clock();
      const current = Date.parse(target.trialEndDate ?? '');
      // From the later of now and the current end: an expired trial restarts today, a running one grows.
      const from = Number.isNaN(current) ? at.getTime() : Math.max(at.getTime(), current);
      const trialEndDate = new Date(from + days * DAY).toISOString();
      const [updated] = await tx.update(users).set({ trialEndDate, updatedAt: at.toISOString() }).where(eq(users.id, userId)).returning();
      await writeAudit(tx, {
        actorId: actor.id,
        action: 'user.trial.extend',
        target: `user:${userId}`,
        details: { username: target.username, days, before: { trialEndDate: target.trialEndDate }, after: { trialEndDate } },
        at,
      });
      return {
        message: `Trial extended for user ${target.username} by ${days} ${days === 1 ? 'day' : 'days'}, to ${formatDate(trialEndDate)}`,
        user: toAdminUser(updated),
      };
    });
  }

  return { list, summary, pageOf, toggleAdmin, extendTrial };
}

export type UsersService = ReturnType<typeof createUsersService>;
