// Accounts and sign-in: register, log in and out, sessions, profile, deletion, and the password reset. Long
// because sign-in's throttles, the reset's codes and the sessions they end share one set of rules and statements;
// the pure parts are files of their own (password.ts, throttle.ts, rate-limit.ts).
import { and, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { preparedSql, typedPlaceholder as $, type DB } from '../../db';
import { mailOutbox, passwordResets, sessions, users, type User } from '../../db/schema';
import { AppError, causes, pgCode } from '../errors';
import type { Logger } from '../lib/logger';
import type { Mailer, MailState } from '../mail';
import {
  FORGOT_PASSWORD_MESSAGE,
  RESET_DONE_MESSAGE,
  type deleteAccountSchema,
  type forgotPasswordSchema,
  type loginSchema,
  type PublicUser,
  type registerSchema,
  type ResetMailAnswer,
  type resetMailStatusSchema,
  type resetPasswordSchema,
  type updateProfileSchema,
  type verifyResetCodeSchema,
} from '../schemas/auth';
import type { Passwords } from './password';
import { limitReached, type RateLimiter } from './rate-limit';
import { DEFAULT_LIMITS, accountDelayMs, clientKey, type AuthLimits } from './throttle';
import { generateCode, generateToken, hashToken } from '../lib/tokens';
import { QueueFull, createWorkQueue } from '../lib/work-queue';
import { normalizeUsername, usernameKey, usernameProblem } from './username';

export const SESSION_DAYS = 30;
export const TRIAL_DAYS = 7;
export const DEMO_PASSWORD = 'password123';
const DAY = 86_400_000;
const RESET_MINUTES = 15;
const RESET_MAX_TRIES = 5;

/** Who is asking: the client address (for limits) and the session the browser already holds, if any. */
export interface Caller {
  ip: string;
  sessionId?: string | null;
}

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

const TAKEN = { username: 'Username already exists', email: 'Email already registered' } as const;
const TOO_MANY = { login: 'Too many login attempts.', password: 'Too many password attempts.' } as const;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A unique violation as the user's message (the constraint says which field). */
function takenMessage(err: unknown): string | null {
  if (pgCode(err) !== '23505') return null;
  let text = '';
  for (const e of causes(err)) text += ` ${e.constraint_name ?? e.constraint ?? ''} ${e.detail ?? ''}`;
  return text.includes('email') ? TAKEN.email : TAKEN.username;
}

/** Status asks one reset page may make (every 2 s for about 30 s), per reset a client may request. */
const MAIL_STATUS_POLLS = 16;

/**
 * A known reset answers from its mail row (possibly delivered counts as sent; a failed attempt as delayed). An unknown
 * token answers from the outbox at large: delayed when mail is failing, queued while any mail waits for or is in its
 * first attempt (as the row of a known address would be), else sent; so, while mail works, both answer alike.
 */
export function resetMailState(
  row: { known: boolean; status: string | null; failed_once: boolean; busy: boolean; retrying: boolean },
  state: MailState,
): ResetMailAnswer['mail'] {
  if (row.known) {
    if (row.status === 'pending') return row.failed_once || state === 'delayed' ? 'delayed' : 'queued';
    return row.status === 'failed' ? 'delayed' : 'sent'; // sent, logged, uncertain; or no row (an older reset)
  }
  if (state === 'delayed' || row.retrying) return 'delayed';
  return row.busy ? 'queued' : 'sent';
}

function tooMany(message: string, resetAt: Date, now: Date): AppError {
  return limitReached((wait) => `${message} Please try again in ${wait}.`, resetAt, now);
}

export function createAuthService(deps: {
  db: DB;
  mailer: Mailer;
  limiter: RateLimiter;
  passwords: Passwords;
  clock: () => Date;
  log?: Logger;
  limits?: Partial<AuthLimits>;
  appName?: string;
  /** Runs before an account is deleted (after the password check); throwing keeps the account. */
  beforeDelete?: (user: User) => Promise<void>;
}) {
  const { db, mailer, limiter, passwords, clock } = deps;
  const limits: AuthLimits = { ...DEFAULT_LIMITS, ...deps.limits };
  // Every signed-in request runs this: its SQL is built once, and PostgreSQL plans it once per connection.
  const sessionLookup = db
    .select({ user: users, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sql.placeholder('id')), gt(sessions.expiresAt, sql.placeholder('now'))))
    .limit(1)
    .prepare('session_lookup');
  // A burst from one client is turned away before it costs database work or a hash, so it cannot queue
  // ahead of everyone else; the counters in the database still decide what is allowed.
  const inFlight = createWorkQueue({ concurrency: Infinity, maxQueue: 0, perKey: limits.inFlightPerClient });
  const admit = async <T>(caller: Caller, job: (client: string) => Promise<T>): Promise<T> => {
    const client = clientKey(caller.ip);
    try {
      return await inFlight.run(client, () => job(client));
    } catch (err) {
      if (err instanceof QueueFull)
        throw new AppError(
          'rate_limited',
          'Too many attempts at once from your network. Please wait a moment and try again.',
          undefined,
          1,
        );
      throw err;
    }
  };

  /**
   * Checks a password for sign-in, a profile change or an account deletion, on sign-in's counters for the account,
   * so a stolen session cannot guess its way past them. Every attempt is counted before the password is checked, in
   * one statement per counter, so a burst sent at once cannot overtake the limits. A client is refused after too many
   * attempts on one account (or overall); the account itself is only slowed down (its wrong answers come late), so
   * its owner can still sign in from elsewhere. A right password gives the attempt back.
   */
  async function checkPassword(
    user: User | undefined,
    account: string,
    password: string,
    client: string,
    tooManyMessage: string,
  ): Promise<boolean> {
    const keys = { pair: `login:pair:${account}:${client}`, client: `login:client:${client}`, account: `login:account:${account}` };
    const now = clock();
    const [pair, byClient] = await Promise.all([limiter.hit(keys.pair, limits.windowMs), limiter.hit(keys.client, limits.windowMs)]);
    const over = pair.count > limits.loginPerPair ? pair : byClient.count > limits.loginPerClient ? byClient : null;
    if (over) throw tooMany(tooManyMessage, over.resetAt, now);
    const onAccount = await limiter.hit(keys.account, limits.windowMs);

    let ok: boolean;
    try {
      ok = user ? await passwords.verify(user.password, password, client) : await passwords.verifyNobody(password, client);
    } catch (err) {
      // Not checked (the server was busy): the attempt does not count against anyone.
      await Promise.all([limiter.refund(keys.pair), limiter.refund(keys.client), limiter.refund(keys.account)]);
      throw err;
    }
    if (!user || !ok) {
      // A wrong password on an account under attack answers slowly: guessing slows down, the owner's right password does not.
      const delay = accountDelayMs(onAccount.count - 1, limits);
      if (delay) await sleep(delay);
      return false;
    }
    await Promise.all([limiter.reset(keys.pair), limiter.refund(keys.client), limiter.refund(keys.account)]);
    return true;
  }

  // A reset request in one statement, the same for every address so that neither the answer nor its time tells
  // whether the address has an account: both counters are counted; within the limits, the account with that
  // address (if any) gets its reset row and its mail in the outbox, which the mailer delivers after the answer.
  const withinForgotLimits = sql`(select count from by_email) <= ${$('perEmail', 'int')} and (select count from by_client) <= ${$('perClient', 'int')}`;
  const requestReset = preparedSql<{ email_count: number; email_reset: Date | string; client_count: number; client_reset: Date | string }>(
    db,
    'auth_request_reset',
    sql`
    with by_email as (${limiter.countSql($('emailKey', 'text'), $('now', 'timestamptz'), $('windowEnd', 'timestamptz'))}),
    by_client as (${limiter.countSql($('clientKey', 'text'), $('now', 'timestamptz'), $('windowEnd', 'timestamptz'))}),
    account as (
      select id, username, email from ${users} where lower(email) = ${$('email', 'text')} and ${withinForgotLimits} limit 1
    ), mail as (
      insert into ${mailOutbox} ("to", subject, text, next_attempt_at)
      select email, ${$('subject', 'text')}, ${$('greeting', 'text')} || username || ${$('body', 'text')}, ${$('now', 'timestamptz')} from account
      returning id
    ), reset as (
      insert into ${passwordResets} (id, user_id, code_hash, expires_at, mail_id)
      select ${$('id', 'text')}, account.id, ${$('codeHash', 'text')}, ${$('expiresAt', 'timestamptz')}, mail.id from account, mail
    )
    select by_email.count as email_count, by_email.reset_at as email_reset, by_client.count as client_count, by_client.reset_at as client_reset
    from by_email, by_client`,
  );

  // The reset's mail and the outbox at large in one statement, the same for every token, known or not.
  const resetMailOf = preparedSql<{ known: boolean; status: string | null; failed_once: boolean; busy: boolean; retrying: boolean }>(
    db,
    'auth_reset_mail',
    sql`
    select r.id is not null as known, m.status, m.last_error is not null as failed_once,
      exists (select 1 from ${mailOutbox} where status = 'pending' and (next_attempt_at <= ${$('now', 'timestamptz')} or last_error is null)) as busy,
      exists (select 1 from ${mailOutbox} where status = 'pending' and last_error is not null) as retrying
    from (select 1) as one
    left join ${passwordResets} r on r.id = ${$('id', 'text')}
    left join ${mailOutbox} m on m.id = r.mail_id`,
  );

  /** A normalised username that may be used: allowed characters, one script, and not confusable with another account's. */
  async function checkUsername(raw: string, email: string, exceptId?: number): Promise<{ username: string; usernameKey: string }> {
    const username = normalizeUsername(raw);
    const problem = usernameProblem(username);
    if (problem) throw new AppError('bad_request', problem, { field: 'username' });
    const key = usernameKey(username);
    const clash = await db
      .select({ key: users.usernameKey })
      .from(users)
      .where(
        and(sql`(${users.usernameKey} = ${key} or lower(${users.email}) = lower(${email}))`, exceptId ? ne(users.id, exceptId) : undefined),
      )
      .limit(2);
    if (clash.some((u) => u.key === key)) throw new AppError('conflict', TAKEN.username, { field: 'username' });
    if (clash.length) throw new AppError('conflict', TAKEN.email, { field: 'email' });
    return { username, usernameKey: key };
  }

  async function createSession(userId: number, replacing?: string | null): Promise<string> {
    const token = generateToken();
    await db.insert(sessions).values({ id: hashToken(token), userId, expiresAt: new Date(clock().getTime() + SESSION_DAYS * DAY) });
    // Signing in again from the same browser ends the session it held before.
    if (replacing) await db.delete(sessions).where(eq(sessions.id, replacing));
    return token;
  }

  async function findByLogin(name: string): Promise<User | undefined> {
    const [user] = await db
      .select()
      .from(users)
      .where(
        sql`${users.usernameKey} = ${usernameKey(name)} or lower(${users.username}) = lower(${name}) or lower(${users.email}) = lower(${name})`,
      )
      .orderBy(sql`${users.username} = ${name} desc`, users.id)
      .limit(1);
    return user;
  }

  /** Who a reset token and code belong to; wrong codes are counted against the reset, addresses against the client. */
  async function checkResetCode(input: z.output<typeof verifyResetCodeSchema>, client: string, markVerified: boolean) {
    const byClient = await limiter.hit(`reset-verify:client:${client}`, limits.windowMs);
    if (byClient.count > limits.forgotPerClient * 3) throw tooMany('Too many attempts.', byClient.resetAt, clock());
    const id = hashToken(input.resetToken);
    const invalid = new AppError('bad_request', 'Invalid or expired code');
    // Compared and counted in one statement, so guesses sent at once cannot all find tries left. A wrong code uses
    // one of the tries; a right one uses none (both steps, verify and reset, present it).
    const right = sql`${passwordResets.codeHash} = ${hashToken(`${input.resetToken}:${input.code}`)}`;
    const [reset] = await db
      .update(passwordResets)
      .set({ attempts: sql`${passwordResets.attempts} + case when ${right} then 0 else 1 end` })
      .where(
        and(
          eq(passwordResets.id, id),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, clock()),
          lt(passwordResets.attempts, RESET_MAX_TRIES),
        ),
      )
      .returning({ userId: passwordResets.userId, verifiedAt: passwordResets.verifiedAt, right: sql<boolean>`${right}` });
    if (!reset?.right) throw invalid;
    if (markVerified && !reset.verifiedAt) await db.update(passwordResets).set({ verifiedAt: clock() }).where(eq(passwordResets.id, id));
    const [user] = await db.select().from(users).where(eq(users.id, reset.userId));
    if (!user) throw invalid;
    return { userId: user.id, username: user.username, email: user.email };
  }

  return {
    createSession,

    async register(input: z.output<typeof registerSchema>, caller: Caller): Promise<{ user: PublicUser; token: string }> {
      return admit(caller, async (client) => {
        const now = clock();
        const byClient = await limiter.hit(`register:client:${client}`, limits.registerWindowMs);
        if (byClient.count > limits.registerPerClient)
          throw tooMany('Too many accounts have been created from your network.', byClient.resetAt, now);
        const name = await checkUsername(input.username, input.email);
        const password = await passwords.hash(input.password, client);
        try {
          const [user] = await db
            .insert(users)
            .values({
              ...name,
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
          return { user: toPublicUser(user), token: await createSession(user.id, caller.sessionId) };
        } catch (err) {
          const taken = takenMessage(err);
          if (taken) throw new AppError('conflict', taken);
          throw err;
        }
      });
    },

    /** Sign-in by username or e-mail address; the attempt is counted as checkPassword says. */
    async login(input: z.output<typeof loginSchema>, caller: Caller): Promise<{ user: PublicUser; token: string }> {
      return admit(caller, async (client) => {
        const name = normalizeUsername(input.username);
        const user = await findByLogin(name);
        // Username and e-mail address of one account share its counters; unknown names are counted alike.
        const account = user ? `u:${user.id}` : `n:${usernameKey(name)}`;
        const now = clock();
        const ok = await checkPassword(user, account, input.password, client, TOO_MANY.login);
        if (!ok || !user) throw new AppError('unauthenticated', 'Invalid username or password');
        const [updated] = await db
          .update(users)
          .set({ lastLoginAt: now.toISOString(), totalLogins: sql`${users.totalLogins} + 1` })
          .where(eq(users.id, user.id))
          .returning();
        return { user: toPublicUser(updated), token: await createSession(user.id, caller.sessionId) };
      });
    },

    /** The signed-in user for a cookie token, extending the session when it is past half its life. */
    async validateSession(token: string): Promise<{ user: User; sessionId: string; renewed: boolean } | null> {
      const id = hashToken(token);
      const now = clock();
      const [row] = await sessionLookup.execute({ id, now: now.toISOString() });
      if (!row) return null;
      let renewed = false;
      if (row.expiresAt.getTime() - now.getTime() < (SESSION_DAYS / 2) * DAY) {
        await db
          .update(sessions)
          .set({ expiresAt: new Date(now.getTime() + SESSION_DAYS * DAY) })
          .where(eq(sessions.id, id));
        renewed = true;
      }
      return { user: row.user, sessionId: id, renewed };
    },

    async logout(sessionId: string) {
      await db.delete(sessions).where(eq(sessions.id, sessionId));
    },

    async updateProfile(user: User, caller: Caller, input: z.output<typeof updateProfileSchema>): Promise<PublicUser> {
      return admit(caller, async (client) => {
        if (!(await checkPassword(user, `u:${user.id}`, input.currentPassword, client, TOO_MANY.password)))
          throw new AppError('bad_request', 'Current password is incorrect');
        const name = await checkUsername(input.username, input.email, user.id);
        const set: Partial<User> = { ...name, email: input.email, updatedAt: clock().toISOString() };
        if (input.newPassword) set.password = await passwords.hash(input.newPassword, client);
        try {
          const [updated] = await db.transaction(async (tx) => {
            const rows = await tx.update(users).set(set).where(eq(users.id, user.id)).returning();
            if (input.newPassword)
              await tx
                .delete(sessions)
                .where(and(eq(sessions.userId, user.id), caller.sessionId ? ne(sessions.id, caller.sessionId) : undefined));
            return rows;
          });
          return toPublicUser(updated);
        } catch (err) {
          const taken = takenMessage(err);
          if (taken) throw new AppError('conflict', taken);
          throw err;
        }
      });
    },

    async deleteAccount(user: User, caller: Caller, input: z.output<typeof deleteAccountSchema>) {
      return admit(caller, async (client) => {
        if (!(await checkPassword(user, `u:${user.id}`, input.password, client, TOO_MANY.password)))
          throw new AppError('bad_request', 'Incorrect password');
        if (user.isAdmin) {
          const [{ n }] = await db
            .select({ n: sql<number>`count(*)::int` })
            .from(users)
            .where(eq(users.isAdmin, true));
          if (n <= 1) throw new AppError('conflict', 'The last admin cannot delete their account');
        }
        await deps.beforeDelete?.(user);
        // Sessions, messages, reset codes and billing records go with the user (foreign keys cascade).
        await db.delete(users).where(eq(users.id, user.id));
      });
    },

    async forgotPassword(input: z.output<typeof forgotPasswordSchema>, caller: Caller) {
      return admit(caller, async (client) => {
        const email = input.email.toLowerCase();
        const now = clock();
        // Same work and answer whether or not the address is registered; the token of an unknown address simply never verifies.
        const resetToken = generateToken();
        const code = generateCode();
        const [counts] = await requestReset({
          emailKey: `forgot:email:${email}`,
          clientKey: `forgot:client:${client}`,
          now: now.toISOString(),
          windowEnd: new Date(now.getTime() + limits.windowMs).toISOString(),
          perEmail: limits.forgotPerEmail,
          perClient: limits.forgotPerClient,
          email,
          id: hashToken(resetToken),
          codeHash: hashToken(`${resetToken}:${code}`),
          expiresAt: new Date(now.getTime() + RESET_MINUTES * 60_000).toISOString(),
          subject: `Your ${deps.appName ?? 'PayeWise'} password reset code`,
          greeting: 'Hello ',
          body:
            `,\n\nYour password reset code is ${code}.\n\n` +
            `It expires in ${RESET_MINUTES} minutes and can be used once. If you did not ask to reset your password, ignore this e-mail.\n`,
        });
        if (counts.email_count > limits.forgotPerEmail || counts.client_count > limits.forgotPerClient) {
          throw tooMany(
            'Too many reset requests.',
            new Date(counts.email_count > limits.forgotPerEmail ? counts.email_reset : counts.client_reset),
            now,
          );
        }
        mailer.deliverSoon();
        // The mail system as it is now (a hanging server too), not how the last send went; the page asks mail-status after.
        return { resetToken, emailSent: mailer.healthy(), message: FORGOT_PASSWORD_MESSAGE };
      });
    },

    /** Where the mail of a reset is, for the reset page to say; rate-limited per client like the verify step. */
    mailStatus(input: z.output<typeof resetMailStatusSchema>, caller: Caller): Promise<ResetMailAnswer> {
      return admit(caller, async (client) => {
        // Its own count: a page polling while the mail goes out must not use up the tries of the verify step.
        const byClient = await limiter.hit(`reset-mail:client:${client}`, limits.windowMs);
        if (byClient.count > limits.forgotPerClient * MAIL_STATUS_POLLS) throw tooMany('Too many attempts.', byClient.resetAt, clock());
        const [row] = await resetMailOf({ id: hashToken(input.resetToken), now: clock().toISOString() });
        return { mail: resetMailState(row, mailer.state()) };
      });
    },

    verifyResetCode(input: z.output<typeof verifyResetCodeSchema>, caller: Caller) {
      return admit(caller, (client) => checkResetCode(input, client, true));
    },

    resetPassword(input: z.output<typeof resetPasswordSchema>, caller: Caller) {
      return admit(caller, async (client) => {
        const who = await checkResetCode(input, client, false);
        if (who.userId !== input.userId) throw new AppError('bad_request', 'Invalid or expired code');
        const password = await passwords.hash(input.newPassword, client);
        await db.transaction(async (tx) => {
          const used = await tx
            .update(passwordResets)
            .set({ usedAt: clock() })
            .where(and(eq(passwordResets.id, hashToken(input.resetToken)), isNull(passwordResets.usedAt)))
            .returning({ id: passwordResets.id });
          if (!used.length) throw new AppError('bad_request', 'Invalid or expired code');
          await tx.update(users).set({ password, updatedAt: clock().toISOString() }).where(eq(users.id, who.userId));
          await tx.delete(sessions).where(eq(sessions.userId, who.userId));
          await tx.delete(passwordResets).where(and(eq(passwordResets.userId, who.userId), isNull(passwordResets.usedAt)));
        });
        return { message: RESET_DONE_MESSAGE };
      });
    },

    /** Demo user and demo admin (the spec's login hint). Existing accounts are left alone. */
    async seedDemoAccounts() {
      const now = clock();
      const password = await passwords.hash(DEMO_PASSWORD);
      const base = {
        password,
        subscriptionStatus: 'trialing',
        trialEndDate: new Date(now.getTime() + TRIAL_DAYS * DAY).toISOString(),
        createdAt: now.toISOString(),
        updatedAt: now.toISOString(),
      };
      await db
        .insert(users)
        .values([
          { ...base, username: 'demo', usernameKey: usernameKey('demo'), email: 'demo@payewise.test', isAdmin: false },
          { ...base, username: 'admin', usernameKey: usernameKey('admin'), email: 'admin@payewise.test', isAdmin: true },
        ])
        .onConflictDoNothing();
    },

    /**
     * Accounts made before usernames had a comparison key get theirs, and keys made before invisible characters
     * were left out of them are made again (only names with a character beyond ASCII can hold one). A name
     * confusable with another account's keeps the key it had (none, or the old one) and is logged.
     */
    async backfillUsernameKeys() {
      const rows = await db
        .select({ id: users.id, username: users.username, usernameKey: users.usernameKey })
        .from(users)
        .where(sql`${users.usernameKey} is null or octet_length(${users.username}) <> char_length(${users.username})`)
        .orderBy(users.id);
      for (const r of rows) {
        const key = usernameKey(r.username);
        if (key === r.usernameKey) continue;
        try {
          await db.update(users).set({ usernameKey: key }).where(eq(users.id, r.id));
        } catch (err) {
          if (pgCode(err) !== '23505') throw err;
          deps.log?.warn('username is confusable with another account; its key is not updated', { userId: r.id });
        }
      }
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
