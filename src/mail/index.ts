// Mail through the outbox: a mail is staged in the caller's transaction and delivered after it commits, retried
// with backoff, and its state shown to the user. One file because staging, delivery and the state read one table
// together.
import { and, asc, desc, eq, inArray, lte, min, sql } from 'drizzle-orm';
import type { SMTPConnectionAuth, SMTPConnectionOptions } from 'nodemailer/lib/smtp-connection';
import { performance } from 'node:perf_hooks';
import type { DB } from '../../db';
import { mailOutbox } from '../../db/schema';
import type { Logger } from '../lib/logger';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** Extra header fields (List-Unsubscribe on reminders); kept with the mail in the outbox. */
  headers?: Record<string, string>;
}

/** `outbox`: no SMTP, mail is kept on purpose; `delayed`: the server is failing or hanging, or mail waits too long. */
export type MailState = 'ok' | 'delayed' | 'outbox';

export interface Mailer {
  /** Stores the mail as part of the caller's transaction (a rollback keeps nothing); call deliverSoon() once it has committed. */
  stage(tx: DB, msg: MailMessage): Promise<void>;
  /** Delivers what is due, up to `concurrency` at once; returns how many were sent. */
  deliverDue(): Promise<number>;
  /** Starts deliverDue() once the request under way has answered, so the answer never waits for, or shows, its work. */
  deliverSoon(): void;
  /**
   * 'delayed' when the last attempt failed, a send has been under way longer than the connect timeout (a hung
   * server) or a due mail has waited over a minute unclaimed; 'outbox' without SMTP.
   */
  state(): MailState;
  /** state() !== 'delayed'. */
  healthy(): boolean;
  /** Waits for any delivery under way (tests). */
  idle(): Promise<void>;
  /**
   * Shutdown: claims nothing more, lets sends under way finish for at most `waitMs`, then aborts the rest; their
   * rows stay pending (or uncertain, if the server had the whole message) for the next process.
   */
  stop(waitMs?: number): Promise<void>;
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

export interface MailerOptions {
  db: DB;
  smtpUrl?: string;
  from: string;
  /** Without SMTP the kept mail is logged with its text (a development convenience; off in production). */
  logBodies?: boolean;
  log: Logger;
  clock: () => Date;
  /** To connect and be greeted. */
  connectTimeoutMs?: number;
  /** For one message, start to end (and the longest silence on its connection). */
  sendTimeoutMs?: number;
  /** Messages sent at once by this process. */
  concurrency?: number;
  /** How long stop() lets sends under way finish. */
  shutdownWaitMs?: number;
}

const MAX_ATTEMPTS = 8;
// Retries wait 15 s, 30 s, 1 min, … up to an hour, counted from the end of the attempt's deadline.
const FIRST_BACKOFF_S = 15;
const MAX_BACKOFF_S = 60 * 60;
/** A due mail nobody has claimed for this long means mail is not keeping up. */
const BACKLOG_DELAYED_MS = 60_000;

/** A failed send; `maybeDelivered`: the whole message had been handed to the server, whose final answer never came. */
class SendFailure extends Error {
  constructor(
    readonly error: Error,
    readonly maybeDelivered: boolean,
    readonly aborted: boolean,
  ) {
    super(error.message);
  }
}

/** The error as kept in last_error; a timeout says so first, whatever the library called it. */
function describeFailure(err: Error & { code?: unknown; timeoutType?: unknown }): string {
  const text = `${typeof err.code === 'string' ? `${err.code}: ` : ''}${err.message}`;
  return (err.code === 'ETIMEDOUT' || err.timeoutType ? `Timed out: ${text}` : text).slice(0, 400);
}

type SmtpSend = (
  msg: { to: string; subject: string; text: string; html?: string; headers?: Record<string, string> },
  signal: AbortSignal,
) => Promise<void>;

/**
 * One message on its own connection, bounded: connecting and the greeting by `connectTimeoutMs`, the whole send by
 * `sendTimeoutMs` (after which the connection is dropped), so a hung server holds one message, never the others.
 * nodemailer's SMTPConnection is used directly (not its transport) to see when the message has been handed over:
 * its data stream pulls our message stream to the end only after the server accepted DATA, and writes the closing
 * dot after that. So "our stream ended" is true before the server can have the whole message, and a failure
 * without a server answer from then on may have been delivered.
 */
async function createSmtpSend(url: string, from: string, connectTimeoutMs: number, sendTimeoutMs: number): Promise<SmtpSend> {
  const [{ default: SMTPConnection }, { default: MailComposer }, { parseConnectionUrl }] = await Promise.all([
    import('nodemailer/lib/smtp-connection'),
    import('nodemailer/lib/mail-composer'),
    import('nodemailer/lib/shared'),
  ]);
  const { auth, ...fromUrl } = parseConnectionUrl(url) as SMTPConnectionOptions & { auth?: SMTPConnectionAuth };
  const options: SMTPConnectionOptions = {
    ...fromUrl,
    connectionTimeout: connectTimeoutMs,
    greetingTimeout: connectTimeoutMs,
    socketTimeout: sendTimeoutMs,
    // A dropped connection is destroyed at once: a hung peer would never close its side.
    socketCloseTimeout: 0,
    logger: false,
  };
  return (msg, signal) =>
    new Promise<void>((resolve, reject) => {
      const conn = new SMTPConnection(options);
      let handedOver = false;
      let settled = false;
      const finish = (err?: Error, aborted = false) => {
        if (settled) return;
        settled = true;
        clearTimeout(deadline);
        signal.removeEventListener('abort', onAbort);
        if (!err) {
          conn.quit();
          // A server that never answers QUIT keeps nothing open for long.
          setTimeout(() => conn.close(), connectTimeoutMs).unref();
          return resolve();
        }
        conn.close();
        // A server that answered (4xx/5xx) said what happened; silence after the hand-over may hide a delivery.
        const answered = typeof (err as { responseCode?: unknown }).responseCode === 'number';
        reject(new SendFailure(err, handedOver && !answered, aborted));
      };
      const deadline = setTimeout(
        () => finish(Object.assign(new Error(`the message was not sent within ${sendTimeoutMs} ms`), { code: 'ETIMEDOUT' })),
        sendTimeoutMs,
      );
      const onAbort = () => finish(new Error('Aborted: the process stopped before the server answered'), true);
      if (signal.aborted) return onAbort();
      signal.addEventListener('abort', onAbort, { once: true });
      conn.on('error', (err: Error) => finish(err));
      conn.connect((err) => {
        if (err) return finish(err);
        const send = () => {
          try {
            const mime = new MailComposer({
              from,
              to: msg.to,
              subject: msg.subject,
              text: msg.text,
              html: msg.html,
              headers: msg.headers,
            }).compile();
            const stream = mime.createReadStream();
            stream.once('end', () => (handedOver = true));
            conn.send(mime.getEnvelope(), stream, (err) => finish(err ?? undefined));
          } catch (err) {
            finish(err as Error);
          }
        };
        if (auth && conn.allowsAuth) conn.login(auth, (err) => (err ? finish(err) : send()));
        else send();
      });
    });
}

export async function createMailer(opts: MailerOptions): Promise<Mailer> {
  const { db, log, clock } = opts;
  const connectTimeoutMs = opts.connectTimeoutMs ?? 5_000;
  const sendTimeoutMs = opts.sendTimeoutMs ?? 30_000;
  const concurrency = Math.max(1, opts.concurrency ?? 4);
  const shutdownWaitMs = opts.shutdownWaitMs ?? 5_000;
  const smtpSend = opts.smtpUrl ? await createSmtpSend(opts.smtpUrl, opts.from, connectTimeoutMs, sendTimeoutMs) : undefined;

  let lastOk = true;
  /** When the oldest due mail nobody had claimed became due, as last seen (null: none). */
  let oldestDue: Date | null = null;
  const flights = new Map<number, { startedAt: number; abort: AbortController; done: Promise<void> }>();
  let stopping = false;
  /** deliverDue() was asked for since the last claim. */
  let wanted = false;
  let wake: (() => void) | null = null;
  let running: Promise<number> | null = null;
  let soon: Promise<void> | null = null;

  // The claim moves next_attempt_at past this attempt's deadline: no process claims a row while it is being sent.
  const leaseS = Math.ceil(sendTimeoutMs / 1000);
  /** Claims up to `n` due rows in one statement: rows another process holds are skipped, never sent twice. */
  async function claim(n: number) {
    const now = clock();
    const waiting = db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, now)))
      .orderBy(asc(mailOutbox.id))
      .limit(n)
      .for('update', { skipLocked: true });
    const rows = await db
      .update(mailOutbox)
      .set({
        attempts: sql`${mailOutbox.attempts} + 1`,
        nextAttemptAt: sql`${now.toISOString()}::timestamptz + make_interval(secs => ${leaseS} + least(${MAX_BACKOFF_S}, ${FIRST_BACKOFF_S} * power(2, ${mailOutbox.attempts})))`,
      })
      .where(inArray(mailOutbox.id, waiting))
      .returning();
    return rows.sort((a, b) => a.id - b.id);
  }

  /** Notes whether due mail is left unclaimed (slots full, or more due than claimed), for state(). */
  async function noteBacklog() {
    const [row] = await db
      .select({ at: min(mailOutbox.nextAttemptAt) })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, clock())));
    oldestDue = row?.at ? new Date(row.at) : null;
  }

  async function deliver(m: typeof mailOutbox.$inferSelect, signal: AbortSignal): Promise<boolean> {
    if (!smtpSend) {
      log.info('mail (outbox only, no SMTP_URL)', { to: m.to, subject: m.subject, ...(opts.logBodies ? { text: m.text } : {}) });
      await db.update(mailOutbox).set({ status: 'logged', sentAt: clock() }).where(eq(mailOutbox.id, m.id));
      return true;
    }
    try {
      await smtpSend({ to: m.to, subject: m.subject, text: m.text, html: m.html ?? undefined, headers: m.headers ?? undefined }, signal);
    } catch (err) {
      const f = err instanceof SendFailure ? err : new SendFailure(err as Error, false, false);
      if (!f.aborted) lastOk = false;
      const error = describeFailure(f.error);
      if (f.maybeDelivered) {
        // Not sent again: a second reset code would confuse more than a missing one, which the user can ask for again.
        log.warn('mail possibly delivered: the server had the whole message but never answered; not resending', { id: m.id, error });
        await db
          .update(mailOutbox)
          .set({
            status: 'uncertain',
            lastError: `Possibly delivered, not resent: the server received the whole message but never answered (${error})`,
            text: '',
            html: null,
            headers: null,
          })
          .where(eq(mailOutbox.id, m.id));
      } else {
        const status = !f.aborted && m.attempts >= MAX_ATTEMPTS ? 'failed' : 'pending';
        log.warn(status === 'failed' ? 'mail delivery failed; giving up' : 'mail delivery failed; will retry', {
          id: m.id,
          attempts: m.attempts,
          error,
        });
        await db.update(mailOutbox).set({ lastError: error, status }).where(eq(mailOutbox.id, m.id));
      }
      return false;
    }
    lastOk = true;
    // Delivered: the body (it may hold a reset code) is not kept.
    await db
      .update(mailOutbox)
      .set({ status: 'sent', sentAt: clock(), lastError: null, text: '', html: null, headers: null })
      .where(eq(mailOutbox.id, m.id));
    return true;
  }

  const flightsDone = () => Promise.all([...flights.values()].map((f) => f.done));

  /**
   * Keeps up to `concurrency` sends under way, claiming as slots free up and whenever deliverDue() asks again, until
   * nothing due is left and every send has ended (or stop() was called).
   */
  async function pump(): Promise<number> {
    await null; // `running` is set before this can return
    let sent = 0;
    try {
      for (;;) {
        if (stopping) {
          await flightsDone(); // stop() bounds them
          return sent;
        }
        const free = concurrency - flights.size;
        if (wanted && free > 0) {
          wanted = false;
          const rows = await claim(free);
          if (stopping) continue; // claimed, not started: they stay pending and are retried after their next_attempt_at
          for (const m of rows) {
            const abort = new AbortController();
            const done = deliver(m, abort.signal)
              .then(
                (ok) => void (ok && sent++),
                (err) => log.error('mail delivery crashed', { id: m.id, error: String(err) }),
              )
              .finally(() => {
                flights.delete(m.id);
                wake?.();
              });
            flights.set(m.id, { startedAt: performance.now(), abort, done });
          }
          // Slots all taken: more may be due.
          if (rows.length === free) wanted = true;
          if (rows.length < free) oldestDue = null;
        }
        if (wanted && flights.size >= concurrency) await noteBacklog();
        if (!flights.size && !wanted) return sent;
        if (wanted && flights.size < concurrency) continue;
        await new Promise<void>((resolve) => (wake = resolve));
        wake = null;
      }
    } finally {
      running = null;
    }
  }

  const mailer: Mailer = {
    mode: smtpSend ? 'smtp' : 'outbox',
    async stage(tx, msg) {
      await tx
        .insert(mailOutbox)
        .values({ to: msg.to, subject: msg.subject, text: msg.text, headers: msg.headers ?? null, nextAttemptAt: clock() });
    },
    deliverSoon() {
      if (stopping) return;
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
      if (stopping) return Promise.resolve(0);
      wanted = true;
      wake?.();
      return (running ??= pump());
    },
    state() {
      if (!smtpSend) return 'outbox';
      if (!lastOk) return 'delayed';
      const now = performance.now();
      for (const f of flights.values()) if (now - f.startedAt > connectTimeoutMs) return 'delayed';
      if (oldestDue && clock().getTime() - oldestDue.getTime() > BACKLOG_DELAYED_MS) return 'delayed';
      return 'ok';
    },
    healthy: () => mailer.state() !== 'delayed',
    recent: (limit = 200) =>
      db
        .select({
          id: mailOutbox.id,
          to: mailOutbox.to,
          subject: mailOutbox.subject,
          status: mailOutbox.status,
          attempts: mailOutbox.attempts,
          lastError: mailOutbox.lastError,
          createdAt: mailOutbox.createdAt,
          sentAt: mailOutbox.sentAt,
        })
        .from(mailOutbox)
        .orderBy(desc(mailOutbox.id))
        .limit(limit),
    async idle() {
      while (soon || running || flights.size) {
        if (soon) await soon;
        else if (running) await running.catch(() => 0);
        else await flightsDone();
      }
    },
    async stop(waitMs = shutdownWaitMs) {
      stopping = true;
      wake?.();
      let timer: NodeJS.Timeout | undefined;
      const finished = await Promise.race([
        flightsDone().then(() => true),
        new Promise<boolean>((resolve) => (timer = setTimeout(resolve, waitMs, false))),
      ]);
      clearTimeout(timer);
      if (!finished) {
        log.warn('mail: stopping with sends under way; they are aborted and retried by the next process', { count: flights.size });
        for (const f of flights.values()) f.abort.abort();
        await flightsDone();
      }
      // A claim under way ends before the database closes.
      await soon;
      await running?.catch(() => 0);
    },
  };
  return mailer;
}
