// Deadline reminder e-mails (issue 27): each user's opt-in, the job that sends what is due, and the unsubscribe
// link. The rules (which day, what the mail says) are in ./rules.ts; this is the part that touches the database.
//
// Exactly once, whatever number of processes run the job: each user's settings row is locked FOR UPDATE SKIP
// LOCKED (another process holding it is sending that user's reminders), and each reminder is claimed by inserting
// its row in reminders_sent (unique per user, client, deadline kind and period; ON CONFLICT DO NOTHING). The mail
// is staged in the outbox in the same transaction: a crash before the commit keeps neither, after it both.
import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import { rowsOf, type DB } from '../../db';
import { clients, reminderClients, reminderSettings, remindersSent, users } from '../../db/schema';
import { generateToken, hashToken } from '../lib/tokens';
import { deadlinesBetween, type CalendarDeadline } from '../calendar';
import { CLIENT_NOT_FOUND } from '../clients';
import { AppError } from '../errors';
import type { Logger } from '../lib/logger';
import type { Mailer } from '../mail';
import { isoDateFromDate, addDays, type IsoDate } from '../payroll';
import type { ReminderSettings } from '../schemas/reminders';
import {
  DEFAULT_DAYS_BEFORE,
  isReminderDue,
  lookAheadDays,
  reminderSubject,
  reminderText,
  unsubscribeHeaders,
  unsubscribeUrlFor,
  type ReminderClient,
} from './rules';

export const UNSUBSCRIBE_TOKEN_RE = /^[A-Za-z0-9_-]{43}$/;
export const REMINDER_LINK_NOT_FOUND = 'This unsubscribe link is not known';

/** One reminder the job may send: a deadline for a user, for one of their clients or their own (client null). */
interface Candidate {
  client: (ReminderClient & { payDay: number | 'last' | null }) | null;
  deadline: CalendarDeadline;
}

/** A client's monthly pay day: a day of the month or `last` (its last business day); a weekday gives no date here. */
const monthlyPayDay = (v: string | null): number | 'last' | null =>
  v === 'last' ? 'last' : v && /^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= 31 ? Number(v) : null;

export function createReminderService(deps: { db: DB; mailer: Mailer; clock: () => Date; log?: Logger; baseUrl: string }) {
  const { db, mailer, clock, log } = deps;
  const baseUrl = deps.baseUrl.replace(/\/+$/, '');

  /** The reminders due on `today` for one user's targets, in date order. */
  function candidates(today: IsoDate, daysBefore: number, includeOwn: boolean, cs: Candidate['client'][]): Candidate[] {
    const until = addDays(today, lookAheadDays(daysBefore));
    const out: Candidate[] = [];
    const targets = [...(includeOwn ? [null] : []), ...cs];
    for (const client of targets) {
      const payDay = client?.payDay ?? undefined;
      for (const deadline of deadlinesBetween(today, until, { payDay })) {
        if (isReminderDue(deadline.date, daysBefore, today)) out.push({ client, deadline });
      }
    }
    return out;
  }

  return {
    async get(userId: number): Promise<ReminderSettings> {
      const [row] = await db.select().from(reminderSettings).where(eq(reminderSettings.userId, userId));
      const chosen = await db
        .select({ clientId: reminderClients.clientId })
        .from(reminderClients)
        .where(eq(reminderClients.userId, userId))
        .orderBy(reminderClients.clientId);
      return {
        enabled: row?.enabled ?? false,
        daysBefore: row?.daysBefore ?? DEFAULT_DAYS_BEFORE,
        includeOwn: row?.includeOwn ?? true,
        clientIds: chosen.map((r) => r.clientId),
      };
    },

    /** Replaces the user's settings; a client id that is not one of theirs is a 404 (and nothing changes). */
    async put(userId: number, s: ReminderSettings): Promise<ReminderSettings> {
      const ids = [...new Set(s.clientIds)].sort((a, b) => a - b);
      await db.transaction(async (tx) => {
        if (ids.length) {
          const mine = await tx
            .select({ id: clients.id })
            .from(clients)
            .where(and(eq(clients.userId, userId), inArray(clients.id, ids)));
          if (mine.length !== ids.length) throw new AppError('not_found', CLIENT_NOT_FOUND, { field: 'clientIds' });
        }
        const values = { enabled: s.enabled, daysBefore: s.daysBefore, includeOwn: s.includeOwn, updatedAt: clock() };
        await tx
          .insert(reminderSettings)
          .values({ userId, ...values })
          .onConflictDoUpdate({ target: reminderSettings.userId, set: values });
        await tx.delete(reminderClients).where(eq(reminderClients.userId, userId));
        if (ids.length) await tx.insert(reminderClients).values(ids.map((clientId) => ({ userId, clientId })));
      });
      return { enabled: s.enabled, daysBefore: s.daysBefore, includeOwn: s.includeOwn, clientIds: ids };
    },

    /**
     * Sends every reminder whose day has come (its reminder day ≤ today in South Africa ≤ its due date) and has not
     * been sent, to every user who turned reminders on; returns how many were staged. Safe to run at once in
     * several processes, and as often as wished.
     */
    async sendDueReminders(now: Date = clock()): Promise<number> {
      const today = isoDateFromDate(now);
      const settings = await db
        .select({
          userId: reminderSettings.userId,
          daysBefore: reminderSettings.daysBefore,
          includeOwn: reminderSettings.includeOwn,
          email: users.email,
        })
        .from(reminderSettings)
        .innerJoin(users, eq(users.id, reminderSettings.userId))
        .where(and(eq(reminderSettings.enabled, true), sql`${users.email} is not null and ${users.email} <> ''`));
      if (!settings.length) return 0;
      const userIds = settings.map((s) => s.userId);
      const chosen = await db
        .select({ userId: reminderClients.userId, id: clients.id, name: clients.name, payDay: clients.payDay })
        .from(reminderClients)
        .innerJoin(clients, and(eq(clients.id, reminderClients.clientId), eq(clients.userId, reminderClients.userId)))
        .where(inArray(reminderClients.userId, userIds));
      // What was already sent for deadlines not yet past: those users are left alone without a transaction.
      const sent = await db
        .select({
          userId: remindersSent.userId,
          clientKey: remindersSent.clientKey,
          kind: remindersSent.kind,
          covers: remindersSent.covers,
        })
        .from(remindersSent)
        .where(and(inArray(remindersSent.userId, userIds), gte(remindersSent.dueDate, today)));
      const key = (userId: number, clientKey: number, kind: string, covers: string) => `${userId}|${clientKey}|${kind}|${covers}`;
      const done = new Set(sent.map((r) => key(r.userId, r.clientKey, r.kind, r.covers)));

      let staged = 0;
      for (const s of settings) {
        const cs = chosen.filter((c) => c.userId === s.userId).map((c) => ({ id: c.id, name: c.name, payDay: monthlyPayDay(c.payDay) }));
        const due = candidates(today, s.daysBefore, s.includeOwn, cs).filter(
          (c) => !done.has(key(s.userId, c.client?.id ?? 0, c.deadline.kind, c.deadline.covers)),
        );
        if (!due.length) continue;
        try {
          staged += await db.transaction(async (tx) => {
            // Another process holding this row is sending this user's reminders; a user who just turned them off gets none.
            const [row] = rowsOf<{ enabled: boolean; days_before: number }>(
              await tx.execute(sql`select enabled, days_before from reminder_settings where user_id = ${s.userId} for update skip locked`),
            );
            if (!row?.enabled || row.days_before !== s.daysBefore) return 0;
            let n = 0;
            for (const { client, deadline } of due) {
              const token = generateToken();
              const [claimed] = await tx
                .insert(remindersSent)
                .values({
                  userId: s.userId,
                  clientKey: client?.id ?? 0,
                  kind: deadline.kind,
                  covers: deadline.covers,
                  dueDate: deadline.date,
                  unsubscribeHash: hashToken(token),
                  sentAt: now,
                })
                .onConflictDoNothing({ target: [remindersSent.userId, remindersSent.clientKey, remindersSent.kind, remindersSent.covers] })
                .returning({ id: remindersSent.id });
              if (!claimed) continue;
              const c = client ? { id: client.id, name: client.name } : null;
              const unsubscribeUrl = unsubscribeUrlFor(baseUrl, token);
              await mailer.stage(tx, {
                to: s.email!,
                subject: reminderSubject(deadline, c),
                text: reminderText(deadline, { client: c, today, baseUrl, unsubscribeUrl }),
                headers: unsubscribeHeaders(unsubscribeUrl),
              });
              n++;
            }
            return n;
          });
        } catch (err) {
          // One user's failure does not hold the others' reminders; the next run tries again.
          log?.error('deadline reminders failed for a user', { userId: s.userId, error: String(err) });
        }
      }
      if (staged) {
        mailer.deliverSoon();
        log?.info('deadline reminders staged', { count: staged });
      }
      return staged;
    },

    /** Whether an unsubscribe link is known (the page asks before showing its button); an unknown one is a 404. */
    async checkUnsubscribe(token: string): Promise<{ enabled: boolean }> {
      const [row] = UNSUBSCRIBE_TOKEN_RE.test(token)
        ? await db
            .select({ enabled: reminderSettings.enabled })
            .from(remindersSent)
            .leftJoin(reminderSettings, eq(reminderSettings.userId, remindersSent.userId))
            .where(eq(remindersSent.unsubscribeHash, hashToken(token)))
        : [];
      if (!row) throw new AppError('not_found', REMINDER_LINK_NOT_FOUND);
      return { enabled: row.enabled ?? false };
    },

    /** Turns off every reminder of the link's user (no session: the link's secret is the proof). */
    async unsubscribe(token: string): Promise<void> {
      const [row] = UNSUBSCRIBE_TOKEN_RE.test(token)
        ? await db
            .select({ userId: remindersSent.userId })
            .from(remindersSent)
            .where(eq(remindersSent.unsubscribeHash, hashToken(token)))
        : [];
      if (!row) throw new AppError('not_found', REMINDER_LINK_NOT_FOUND);
      await db.update(reminderSettings).set({ enabled: false, updatedAt: clock() }).where(eq(reminderSettings.userId, row.userId));
      log?.info('deadline reminders turned off by unsubscribe link', { userId: row.userId });
    },
  };
}
export type ReminderService = ReturnType<typeof createReminderService>;
