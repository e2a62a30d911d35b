// "Download my data": everything PayeWise keeps about one user, gathered into the file src/schemas/export.ts
// describes (docs/data-export.md). Each part is selected column by column, so hashes, tokens and raw bodies never
// reach the file.
import { asc, desc, eq, or, sql } from 'drizzle-orm';
import { toClientDTO } from '../clients';
import type { DB } from '../../db';
import {
  adminAuditLog,
  conversations,
  knowledgeItemReaders,
  knowledgeItems,
  knowledgeSearchMisses,
  mailOutbox,
  messageFeedback,
  messages,
  passwordResets,
  calendarFeeds,
  clients,
  payfastCheckouts,
  reminderClients,
  reminderSettings,
  remindersSent,
  payfastItns,
  payments,
  payslipChecks,
  sessions,
  type User,
} from '../../db/schema';
import { limitReached, type RateLimiter } from '../auth';
import { saDate } from '../lib/sa-time';
import { readItn, parseFormBody } from '../billing';
import type { Logger } from '../lib/logger';
import { EXPORT_FORMAT, EXPORT_TEXTS, EXPORT_VERSION, EXPORTS_PER_HOUR, type UserExport } from '../schemas/export';

const HOUR = 3_600_000;

/** payewise-data-<username>-<South African date>.json */
export const exportFileName = (username: string, now: Date) => `payewise-data-${username}-${saDate(now)}.json`;

/**
 * An attachment header for a name that may hold letters beyond ASCII (usernames can): an ASCII fallback for old
 * clients and the exact name in RFC 6266's filename*.
 */
export function attachment(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\%;]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

const iso = (d: Date | string) => (typeof d === 'string' ? d : d.toISOString());
const isoOrNull = (d: Date | string | null) => (d === null ? null : iso(d));
const sourcesOf = (s: { id: string; title: string }[] | null) => (s ?? []).map(({ id, title }) => ({ id, title }));
const detailsOf = (d: unknown): Record<string, unknown> | null =>
  d === null || d === undefined ? null : typeof d === 'object' && !Array.isArray(d) ? (d as Record<string, unknown>) : { value: d };

/** Everything kept about `user`, as of `now`. `sessionId`: the session asking, marked `current`. */
export async function gatherUserData(db: DB, user: User, now: Date, sessionId: string | null): Promise<UserExport> {
  const id = user.id;
  const [
    sessionRows,
    conversationRows,
    messageRows,
    feedbackRows,
    readRows,
    missRows,
    paymentRows,
    checkoutRows,
    itnRows,
    resetRows,
    mailRows,
    auditRows,
    checkRows,
    clientRows,
    reminderRows,
    reminderClientRows,
    sentRows,
    feedRows,
  ] = await Promise.all([
    db
      .select({ id: sessions.id, createdAt: sessions.createdAt, expiresAt: sessions.expiresAt })
      .from(sessions)
      .where(eq(sessions.userId, id))
      .orderBy(asc(sessions.createdAt)),
    db.select().from(conversations).where(eq(conversations.userId, id)).orderBy(asc(conversations.createdAt), asc(conversations.id)),
    db
      .select({
        id: messages.id,
        conversationId: messages.conversationId,
        role: messages.role,
        content: messages.content,
        timestamp: messages.timestamp,
        status: messages.status,
        replyTo: messages.replyTo,
        engine: messages.engine,
        sources: messages.sources,
        toolCalls: messages.toolCalls,
        reading: messages.reading,
        outcome: messages.outcome,
        confidence: messages.confidence,
        articleId: messages.articleId,
      })
      .from(messages)
      .where(eq(messages.userId, id))
      .orderBy(asc(messages.seq)),
    db.select().from(messageFeedback).where(eq(messageFeedback.userId, id)).orderBy(asc(messageFeedback.createdAt)),
    db
      .select({ itemId: knowledgeItemReaders.itemId, day: knowledgeItemReaders.day, title: knowledgeItems.title })
      .from(knowledgeItemReaders)
      .leftJoin(knowledgeItems, eq(knowledgeItems.id, knowledgeItemReaders.itemId))
      .where(eq(knowledgeItemReaders.userId, id))
      .orderBy(asc(knowledgeItemReaders.day), asc(knowledgeItemReaders.itemId)),
    db
      .select({ query: knowledgeSearchMisses.query, at: knowledgeSearchMisses.at })
      .from(knowledgeSearchMisses)
      .where(eq(knowledgeSearchMisses.userId, id))
      .orderBy(asc(knowledgeSearchMisses.at)),
    db.select().from(payments).where(eq(payments.userId, id)).orderBy(asc(payments.createdAt), asc(payments.id)),
    db.select().from(payfastCheckouts).where(eq(payfastCheckouts.userId, id)).orderBy(asc(payfastCheckouts.createdAt)),
    db
      .select({ id: payfastItns.id, receivedAt: payfastItns.receivedAt, rawBody: payfastItns.rawBody, state: payfastItns.state })
      .from(payfastItns)
      .where(eq(payfastItns.userId, id))
      .orderBy(asc(payfastItns.id)),
    db
      .select({
        createdAt: passwordResets.createdAt,
        expiresAt: passwordResets.expiresAt,
        verifiedAt: passwordResets.verifiedAt,
        usedAt: passwordResets.usedAt,
        attempts: passwordResets.attempts,
      })
      .from(passwordResets)
      .where(eq(passwordResets.userId, id))
      .orderBy(asc(passwordResets.createdAt)),
    user.email
      ? db
          .select({ subject: mailOutbox.subject, status: mailOutbox.status, createdAt: mailOutbox.createdAt, sentAt: mailOutbox.sentAt })
          .from(mailOutbox)
          .where(sql`lower(${mailOutbox.to}) = lower(${user.email})`)
          .orderBy(asc(mailOutbox.id))
      : Promise.resolve([]),
    db
      .select()
      .from(adminAuditLog)
      .where(or(eq(adminAuditLog.actorId, id), eq(adminAuditLog.target, `user:${id}`)))
      .orderBy(desc(adminAuditLog.at), desc(adminAuditLog.id)),
    db.select().from(payslipChecks).where(eq(payslipChecks.userId, id)).orderBy(asc(payslipChecks.createdAt), asc(payslipChecks.id)),
    db.select().from(clients).where(eq(clients.userId, id)).orderBy(asc(clients.id)),
    db.select().from(reminderSettings).where(eq(reminderSettings.userId, id)),
    db
      .select({ clientId: reminderClients.clientId })
      .from(reminderClients)
      .where(eq(reminderClients.userId, id))
      .orderBy(asc(reminderClients.clientId)),
    db.select().from(remindersSent).where(eq(remindersSent.userId, id)).orderBy(asc(remindersSent.id)),
    db.select({ createdAt: calendarFeeds.createdAt }).from(calendarFeeds).where(eq(calendarFeeds.userId, id)),
  ]);

  const byConversation = new Map<string, UserExport['conversations'][number]['messages']>();
  for (const m of messageRows) {
    const list = byConversation.get(m.conversationId) ?? [];
    list.push({
      id: m.id,
      role: m.role,
      content: m.content,
      timestamp: m.timestamp,
      status: m.status,
      replyTo: m.replyTo,
      engine: m.engine,
      sources: sourcesOf(m.sources),
      toolCalls: m.toolCalls ?? [],
      reading: m.reading ?? null,
      outcome: m.outcome,
      confidence: m.confidence,
      articleId: m.articleId,
    });
    byConversation.set(m.conversationId, list);
  }

  return {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exportedAt: now.toISOString(),
    profile: {
      id: user.id,
      username: user.username,
      email: user.email,
      isAdmin: user.isAdmin,
      subscriptionStatus: user.subscriptionStatus,
      trialEndDate: user.trialEndDate,
      nextBillingDate: user.nextBillingDate,
      paidThrough: user.paidThrough,
      lastLoginAt: user.lastLoginAt,
      totalLogins: user.totalLogins,
      totalChatMessages: user.totalChatMessages,
      createdAt: user.createdAt,
      updatedAt: user.updatedAt,
    },
    sessions: sessionRows.map((s) => ({ createdAt: iso(s.createdAt), expiresAt: iso(s.expiresAt), current: s.id === sessionId })),
    conversations: conversationRows.map((c) => ({
      id: c.id,
      title: c.title,
      clientId: c.clientId,
      createdAt: iso(c.createdAt),
      updatedAt: iso(c.updatedAt),
      messages: byConversation.get(c.id) ?? [],
    })),
    feedback: feedbackRows.map((f) => ({
      messageId: f.messageId,
      rating: f.rating,
      comment: f.comment,
      question: f.question,
      answer: f.answer,
      engine: f.engine,
      sources: sourcesOf(f.sources),
      createdAt: iso(f.createdAt),
      updatedAt: iso(f.updatedAt),
    })),
    knowledge: {
      reads: readRows.map((r) => ({ itemId: r.itemId, title: r.title, day: r.day })),
      searchesWithoutResults: missRows.map((m) => ({ query: m.query, at: iso(m.at) })),
    },
    payments: paymentRows.map((p) => ({
      id: p.id,
      date: iso(p.createdAt),
      kind: p.kind,
      paymentStatus: p.paymentStatus,
      amountCents: p.amountCents,
      // A cancellation is keyed by the subscription token, which stays on the server.
      pfPaymentId: p.pfPaymentId.startsWith('token:') ? null : p.pfPaymentId,
      mPaymentId: p.mPaymentId,
    })),
    checkouts: checkoutRows.map((c) => ({
      ref: c.ref,
      amountCents: c.amountCents,
      recurringCents: c.recurringCents,
      billingDate: c.billingDate,
      createdAt: iso(c.createdAt),
      completedAt: isoOrNull(c.completedAt),
    })),
    payfastNotifications: itnRows.map((n) => {
      const posted = parseFormBody(n.rawBody);
      const f = readItn(posted);
      const get = (k: string) => posted.find(([key]) => key === k)?.[1].trim() || null;
      return {
        id: n.id,
        receivedAt: iso(n.receivedAt),
        mPaymentId: f.mPaymentId || null,
        pfPaymentId: f.pfPaymentId || null,
        paymentStatus: f.paymentStatus || null,
        state: n.state,
        amountCents: f.amountCents,
        nameFirst: get('name_first'),
        nameLast: get('name_last'),
        emailAddress: get('email_address'),
      };
    }),
    passwordResets: resetRows.map((r) => ({
      createdAt: iso(r.createdAt),
      expiresAt: iso(r.expiresAt),
      verifiedAt: isoOrNull(r.verifiedAt),
      usedAt: isoOrNull(r.usedAt),
      attempts: r.attempts,
    })),
    emails: mailRows.map((m) => ({ subject: m.subject, status: m.status, createdAt: iso(m.createdAt), sentAt: isoOrNull(m.sentAt) })),
    auditLog: auditRows.map((a) => ({
      at: iso(a.at),
      role: a.actorId === id ? ('actor' as const) : ('subject' as const),
      action: a.action,
      target: a.target,
      details: detailsOf(a.details),
    })),
    clients: clientRows.map((c) => ({ ...toClientDTO(c) })),
    reminders: {
      enabled: reminderRows[0]?.enabled ?? false,
      daysBefore: reminderRows[0]?.daysBefore ?? null,
      includeOwn: reminderRows[0]?.includeOwn ?? null,
      clientIds: reminderClientRows.map((r) => r.clientId),
      sent: sentRows.map((r) => ({
        clientId: r.clientKey || null,
        kind: r.kind,
        covers: r.covers,
        dueDate: r.dueDate,
        sentAt: iso(r.sentAt),
      })),
    },
    calendarFeed: { active: feedRows.length > 0, createdAt: feedRows[0] ? iso(feedRows[0].createdAt) : null },
    payslipChecks: checkRows.map((c) => ({
      id: c.id,
      label: c.label,
      payDate: c.payDate,
      createdAt: iso(c.createdAt),
      read: c.read,
      facts: c.facts,
      result: c.result,
    })),
  };
}

export function createDataExportService(deps: { db: DB; limiter: RateLimiter; clock: () => Date; log: Logger }) {
  const { db, limiter, clock, log } = deps;
  return {
    /** The user's file, counted against EXPORTS_PER_HOUR (a failed export gives its count back). */
    async download(user: User, sessionId: string | null): Promise<{ filename: string; json: string }> {
      const now = clock();
      const key = `export:user:${user.id}`;
      const count = await limiter.hit(key, HOUR);
      if (count.count > EXPORTS_PER_HOUR) {
        throw limitReached(EXPORT_TEXTS.tooMany, count.resetAt, now);
      }
      let json: string;
      try {
        json = JSON.stringify(await gatherUserData(db, user, now, sessionId), null, 2);
      } catch (err) {
        await limiter.refund(key).catch(() => {});
        throw err;
      }
      log.info('data export', { userId: user.id, bytes: Buffer.byteLength(json) });
      return { filename: exportFileName(user.username, now), json };
    },
  };
}

export type DataExportService = ReturnType<typeof createDataExportService>;
