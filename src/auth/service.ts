import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DB } from '../../db';
import { passwordResets, sessions, users, type User } from '../../db/schema';
import { AppError } from '../errors';
import type { Mailer } from '../mail';
import {
  FORGOT_PASSWORD_MESSAGE, RESET_DONE_MESSAGE,
  type deleteAccountSchema, type forgotPasswordSchema, type loginSchema, type PublicUser, type registerSchema,
  type resetPasswordSchema, type updateProfileSchema, type verifyResetCodeSchema,
} from '../schemas/auth';
import { dummyHash, hashPassword, verifyPassword } from './password';
import type { RateLimiter } from './rate-limit';
import { generateCode, generateToken, hashToken } from './tokens';

export const SESSION_DAYS = 30;
export const TRIAL_DAYS = 7;
const DAY = 86_400_000;
const RESET_MINUTES = 15;
const RESET_MAX_TRIES = 5;

export interface AuthLimits {
  loginPerAccount: number; // failed logins per account per window
  loginPerIp: number; // failed logins per IP per window
  forgotPerEmail: number;
  forgotPerIp: number;
  windowMs: number;
}
export const DEFAULT_LIMITS: AuthLimits = { loginPerAccount: 10, loginPerIp: 50, forgotPerEmail: 5, forgotPerIp: 20, windowMs: 15 * 60_000 };

export function toPublicUser(u: User): PublicUser {
  return {
    id: u.id,
    username: u.username,
    email: u.email,
    isAdmin: u.isAdmin,
    subscriptionStatus: u.subscriptionStatus,
    trialEndDate: u.trialEndDate,
    nextBillingDate: u.nextBillingDate,
    lastLoginAt: u.lastLoginAt,
    totalLogins: u.totalLogins,
    totalChatMessages: u.totalChatMessages,
    createdAt: u.createdAt,
    updatedAt: u.updatedAt,
  };
}

function isUniqueViolation(err: unknown): string | null {
  for (let e: any = err, d = 0; e && d < 4; e = e.cause, d++) {
    if (e.code === '23505') return String(e.constraint_name ?? e.constraint ?? e.detail ?? '');
  }
  return null;
}

function minutesLeft(resetAt: Date | null, now: Date) {
  return Math.max(1, Math.ceil(((resetAt?.getTime() ?? now.getTime()) - now.getTime()) / 60_000));
}

export function createAuthService(deps: { db: DB; mailer: Mailer; limiter: RateLimiter; clock: () => Date; limits?: AuthLimits; appName?: string }) {
  const { db, mailer, limiter, clock } = deps;
  const limits = deps.limits ?? DEFAULT_LIMITS;

  async function assertAvailable(username: string, email: string, exceptId?: number) {
    const clash = await db
      .select({ id: users.id, username: users.username, email: users.email })
      .from(users)
      .where(
        and(
          sql`(lower(${users.username}) = lower(${username}) or lower(${users.email}) = lower(${email}))`,
          exceptId ? ne(users.id, exceptId) : undefined,
        ),
      )
      .limit(2);
    if (clash.some((u) => u.username.toLowerCase() === username.toLowerCase())) throw new AppError(409, 'Username already exists');
    if (clash.length) throw new AppError(409, 'Email already registered');
  }

  async function createSession(userId: number): Promise<string> {
    const token = generateToken();
    await db.insert(sessions).values({ id: hashToken(token), userId, expiresAt: new Date(clock().getTime() + SESSION_DAYS * DAY) });
    return token;
  }

  async function endOtherSessions(userId: number, keepSessionId?: string) {
    await db.delete(sessions).where(and(eq(sessions.userId, userId), keepSessionId ? ne(sessions.id, keepSessionId) : undefined));
  }

  return {
    createSession,

    async register(input: z.output<typeof registerSchema>): Promise<{ user: PublicUser; token: string }> {
      await assertAvailable(input.username, input.email);
      const now = clock();
      const password = await hashPassword(input.password);
      try {
        const [user] = await db
          .insert(users)
          .values({
            username: input.username,
            email: input.email,
            password,
            subscriptionStatus: 'trialing',
            trialEndDate: new Date(now.getTime() + TRIAL_DAYS * DAY).toISOString(),
            lastLoginAt: now.toISOString(),
            totalLogins: 1,
            createdAt: now.toISOString(),
            updatedAt: now.toISOString(),
          })
          .returning();
        return { user: toPublicUser(user), token: await createSession(user.id) };
      } catch (err) {
        const c = isUniqueViolation(err);
        if (c !== null) throw new AppError(409, c.includes('email') ? 'Email already registered' : 'Username already exists');
        throw err;
      }
    },

    async login(input: z.output<typeof loginSchema>, ip: string): Promise<{ user: PublicUser; token: string }> {
      const accountKey = `login:acct:${input.username.toLowerCase()}`;
      const ipKey = `login:ip:${ip}`;
      const now = clock();
      const [acct, byIp] = await Promise.all([limiter.peek(accountKey), limiter.peek(ipKey)]);
      const blocked = acct.count >= limits.loginPerAccount ? acct : byIp.count >= limits.loginPerIp ? byIp : null;
      if (blocked) {
        const mins = minutesLeft(blocked.resetAt, now);
        throw new AppError(429, `Too many login attempts. Please try again in ${mins} minute${mins === 1 ? '' : 's'}.`);
      }
      // Username or e-mail address both sign in.
      const [user] = await db
        .select()
        .from(users)
        .where(sql`lower(${users.username}) = lower(${input.username}) or lower(${users.email}) = lower(${input.username})`)
        .limit(1);
      const ok = await verifyPassword(user?.password ?? (await dummyHash()), input.password);
      if (!user || !ok) {
        await Promise.all([limiter.hit(accountKey, limits.windowMs), limiter.hit(ipKey, limits.windowMs)]);
        throw new AppError(401, 'Invalid username or password');
      }
      if (acct.count) await limiter.reset(accountKey);
      const [updated] = await db
        .update(users)
        .set({ lastLoginAt: now.toISOString(), totalLogins: sql`${users.totalLogins} + 1` })
        .where(eq(users.id, user.id))
        .returning();
      return { user: toPublicUser(updated), token: await createSession(user.id) };
    },

    /** The signed-in user for a cookie token, extending the session when it is past half its life. */
    async validateSession(token: string): Promise<{ user: User; sessionId: string; renewed: boolean } | null> {
      const id = hashToken(token);
      const now = clock();
      const [row] = await db
        .select({ user: users, expiresAt: sessions.expiresAt })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(eq(sessions.id, id), gt(sessions.expiresAt, now)))
        .limit(1);
      if (!row) return null;
      let renewed = false;
      if (row.expiresAt.getTime() - now.getTime() < (SESSION_DAYS / 2) * DAY) {
        await db.update(sessions).set({ expiresAt: new Date(now.getTime() + SESSION_DAYS * DAY) }).where(eq(sessions.id, id));
        renewed = true;
      }
      return { user: row.user, sessionId: id, renewed };
    },

    async logout(sessionId: string) {
      await db.delete(sessions).where(eq(sessions.id, sessionId));
    },

    async updateProfile(user: User, sessionId: string, input: z.output<typeof updateProfileSchema>): Promise<PublicUser> {
      if (!(await verifyPassword(user.password, input.currentPassword))) throw new AppError(400, 'Current password is incorrect');
      await assertAvailable(input.username, input.email, user.id);
      const set: Partial<User> = { username: input.username, email: input.email, updatedAt: clock().toISOString() };
      if (input.newPassword) set.password = await hashPassword(input.newPassword);
      try {
        const [updated] = await db.transaction(async (tx) => {
          const rows = await tx.update(users).set(set).where(eq(users.id, user.id)).returning();
          if (input.newPassword) await tx.delete(sessions).where(and(eq(sessions.userId, user.id), ne(sessions.id, sessionId)));
          return rows;
        });
        return toPublicUser(updated);
      } catch (err) {
        const c = isUniqueViolation(err);
        if (c !== null) throw new AppError(409, c.includes('email') ? 'Email already registered' : 'Username already exists');
        throw err;
      }
    },

    async deleteAccount(user: User, input: z.output<typeof deleteAccountSchema>) {
      if (!(await verifyPassword(user.password, input.password))) throw new AppError(400, 'Incorrect password');
      if (user.isAdmin) {
        const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(users).where(eq(users.isAdmin, true));
        if (n <= 1) throw new AppError(409, 'The last admin cannot delete their account');
      }
      // Sessions, messages and reset codes go with the user (foreign keys cascade).
      await db.delete(users).where(eq(users.id, user.id));
    },

    async forgotPassword(input: z.output<typeof forgotPasswordSchema>, ip: string) {
      const email = input.email.toLowerCase();
      const [byEmail, byIp] = await Promise.all([
        limiter.hit(`forgot:email:${email}`, limits.windowMs),
        limiter.hit(`forgot:ip:${ip}`, limits.windowMs),
      ]);
      if (byEmail > limits.forgotPerEmail || byIp > limits.forgotPerIp) {
        throw new AppError(429, 'Too many reset requests. Please wait a few minutes and try again.');
      }
      // Same answer whether or not the address is registered; the token of an unknown address simply never verifies.
      const resetToken = generateToken();
      const [user] = await db.select().from(users).where(sql`lower(${users.email}) = ${email}`).limit(1);
      if (user) {
        const code = generateCode();
        await db.insert(passwordResets).values({
          id: hashToken(resetToken),
          userId: user.id,
          codeHash: hashToken(`${resetToken}:${code}`),
          expiresAt: new Date(clock().getTime() + RESET_MINUTES * 60_000),
        });
        await mailer.enqueue({
          to: user.email!,
          subject: `Your ${deps.appName ?? 'PayeWise'} password reset code`,
          text:
            `Hello ${user.username},\n\nYour password reset code is ${code}.\n\n` +
            `It expires in ${RESET_MINUTES} minutes and can be used once. If you did not ask to reset your password, ignore this e-mail.\n`,
        });
      }
      return { resetToken, emailSent: mailer.healthy(), message: FORGOT_PASSWORD_MESSAGE };
    },

    async verifyResetCode(input: z.output<typeof verifyResetCodeSchema>, ip: string, markVerified = true) {
      const byIp = await limiter.hit(`reset-verify:ip:${ip}`, limits.windowMs);
      if (byIp > limits.forgotPerIp * 3) throw new AppError(429, 'Too many attempts. Please wait a few minutes and try again.');
      const id = hashToken(input.resetToken);
      const invalid = new AppError(400, 'Invalid or expired code');
      const [reset] = await db
        .select()
        .from(passwordResets)
        .where(and(eq(passwordResets.id, id), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, clock())))
        .limit(1);
      if (!reset || reset.attempts >= RESET_MAX_TRIES) throw invalid;
      if (reset.codeHash !== hashToken(`${input.resetToken}:${input.code}`)) {
        await db.update(passwordResets).set({ attempts: sql`${passwordResets.attempts} + 1` }).where(eq(passwordResets.id, id));
        throw invalid;
      }
      if (markVerified && !reset.verifiedAt) await db.update(passwordResets).set({ verifiedAt: clock() }).where(eq(passwordResets.id, id));
      const [user] = await db.select().from(users).where(eq(users.id, reset.userId));
      if (!user) throw invalid;
      return { userId: user.id, username: user.username, email: user.email };
    },

    async resetPassword(input: z.output<typeof resetPasswordSchema>, ip: string) {
      const who = await this.verifyResetCode(input, ip, false);
      if (who.userId !== input.userId) throw new AppError(400, 'Invalid or expired code');
      const password = await hashPassword(input.newPassword);
      await db.transaction(async (tx) => {
        const used = await tx
          .update(passwordResets)
          .set({ usedAt: clock() })
          .where(and(eq(passwordResets.id, hashToken(input.resetToken)), isNull(passwordResets.usedAt)))
          .returning({ id: passwordResets.id });
        if (!used.length) throw new AppError(400, 'Invalid or expired code');
        await tx.update(users).set({ password, updatedAt: clock().toISOString() }).where(eq(users.id, who.userId));
        await tx.delete(sessions).where(eq(sessions.userId, who.userId));
        await tx.delete(passwordResets).where(and(eq(passwordResets.userId, who.userId), isNull(passwordResets.usedAt)));
      });
      return { message: RESET_DONE_MESSAGE };
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
