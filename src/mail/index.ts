import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Transporter } from 'nodemailer';
import type { DB } from '../../db';
import { mailOutbox } from '../../db/schema';
import type { Logger } from '../lib/logger';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /** Stores the mail as part of the caller's transaction (a rollback keeps nothing); call deliverSoon() once it has committed. */
  stage(tx: DB, msg: MailMessage): Promise<void>;
  /** Delivers what is due; returns how many were sent. */
  deliverDue(): Promise<number>;
  /** Starts deliverDue() once the request under way has answered, so the answer never waits for, or shows, its work. */
  deliverSoon(): void;
  /** Whether the last delivery attempt reached the transport (true in outbox-only mode). */
  healthy(): boolean;
  /** Waits for any delivery under way (tests and shutdown). */
  idle(): Promise<void>;
  /** The latest mails for admins, without their bodies (they may hold reset codes). */
  recent(limit?: number): Promise<OutboxEntry[]>;
  mode: 'smtp' | 'outbox';
}

export interface OutboxEntry {
  id: number;
  to: string;
  subject: string;
  status: string;
  attempts: number;
  lastError: string | null;
  createdAt: Date;
  sentAt: Date | null;
}

const MAX_ATTEMPTS = 8;
const BATCH = 20;
// Retries wait 15 s, 30 s, 1 min, … up to an hour.
const FIRST_BACKOFF_S = 15;
const MAX_BACKOFF_S = 60 * 60;

/** `logBodies`: without SMTP the kept mail is logged with its text (a development convenience; off in production). */
export async function createMailer(opts: { db: DB; smtpUrl?: string; from: string; logBodies?: boolean; log: Logger; clock: () => Date }): Promise<Mailer> {
  const { db, log, clock } = opts;
  let transport: Transporter | undefined;
  if (opts.smtpUrl) {
    const nodemailer = await import('nodemailer');
    transport = nodemailer.createTransport(opts.smtpUrl, { from: opts.from });
  }
  let lastOk = true;
  let running: Promise<number> | null = null;
  let soon: Promise<void> | null = null;

  async function deliverOnce(): Promise<{ claimed: number; sent: number }> {
    const now = clock();
    // Claim due rows in one statement: rows another process holds are skipped, never sent twice.
    const waiting = db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, now)))
      .orderBy(asc(mailOutbox.id))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    const due = await db
      .update(mailOutbox)
      .set({
        attempts: sql`${mailOutbox.attempts} + 1`,
        nextAttemptAt: sql`${now.toISOString()}::timestamptz + make_interval(secs => least(${MAX_BACKOFF_S}, ${FIRST_BACKOFF_S} * power(2, ${mailOutbox.attempts})))`,
      })
      .where(inArray(mailOutbox.id, waiting))
      .returning();
    due.sort((a, b) => a.id - b.id);
    let sent = 0;
    for (const m of due) {
      if (!transport) {
        log.info('mail (outbox only, no SMTP_URL)', { to: m.to, subject: m.subject, ...(opts.logBodies ? { text: m.text } : {}) });
        await db.update(mailOutbox).set({ status: 'logged', sentAt: clock() }).where(eq(mailOutbox.id, m.id));
        sent++;
        continue;
      }
      try {
        await transport.sendMail({ from: opts.from, to: m.to, subject: m.subject, text: m.text, html: m.html ?? undefined });
        // Delivered: the body (it may hold a reset code) is not kept.
        await db.update(mailOutbox).set({ status: 'sent', sentAt: clock(), lastError: null, text: '', html: null }).where(eq(mailOutbox.id, m.id));
        lastOk = true;
        sent++;
      } catch (err) {
        lastOk = false;
        const attempts = m.attempts;
        log.warn('mail delivery failed; will retry', { id: m.id, attempts, error: String(err) });
        await db
          .update(mailOutbox)
          .set({ lastError: String(err).slice(0, 500), status: attempts >= MAX_ATTEMPTS ? 'failed' : 'pending' })
          .where(eq(mailOutbox.id, m.id));
      }
    }
    return { claimed: due.length, sent };
  }

  /** Batches until nothing due is left unclaimed. */
  async function deliverAll(): Promise<number> {
    let total = 0;
    for (;;) {
      const { claimed, sent } = await deliverOnce();
      total += sent;
      if (claimed < BATCH) return total;
    }
  }

  const mailer: Mailer = {
    mode: transport ? 'smtp' : 'outbox',
    async stage(tx, msg) {
      await tx.insert(mailOutbox).values({ to: msg.to, subject: msg.subject, text: msg.text, nextAttemptAt: clock() });
    },
    deliverSoon() {
      soon ??= new Promise<void>((resolve) => setImmediate(resolve))
        .then(() => {
          soon = null;
          return mailer.deliverDue();
        })
        .then(
          () => {},
          (err) => log.error('mail delivery crashed', { error: String(err) }),
        );
    },
    deliverDue() {
      if (running) return running.then(() => mailer.deliverDue());
      running = deliverAll().finally(() => (running = null));
      return running;
    },
    healthy: () => lastOk,
    recent: (limit = 200) =>
      db
        .select({ id: mailOutbox.id, to: mailOutbox.to, subject: mailOutbox.subject, status: mailOutbox.status, attempts: mailOutbox.attempts, lastError: mailOutbox.lastError, createdAt: mailOutbox.createdAt, sentAt: mailOutbox.sentAt })
        .from(mailOutbox)
        .orderBy(desc(mailOutbox.id))
        .limit(limit),
    async idle() {
      while (soon || running) await (soon ?? running!.catch(() => 0));
    },
  };
  return mailer;
}
