// Every table of the app, in one file on purpose: drizzle-kit reads it to write the migrations (db/migrations), and
// the tables' foreign keys point at each other, so one file is the whole picture of the data.
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

// Spec entities keep the spec's field names (camelCase in JSON, snake_case in SQL) and text dates.
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull().unique(),
    // NFKC, case-folded TR39 skeleton of the username (src/auth/username.ts): look-alike names collide here.
    usernameKey: text('username_key'),
    email: text('email'),
    password: text('password').notNull(),
    isAdmin: boolean('is_admin').notNull().default(false),
    subscriptionStatus: text('subscription_status').default('trialing'),
    // PayFast's subscription token (the handle for its API); never sent to a browser.
    payfastToken: text('payfast_token'),
    trialEndDate: text('trial_end_date'),
    nextBillingDate: text('next_billing_date'),
    // Canceled or pending: full access until this instant.
    paidThrough: text('paid_through'),
    // When an overdue renewal was last looked up at PayFast.
    renewalCheckedAt: timestamp('renewal_checked_at', { withTimezone: true }),
    lastLoginAt: text('last_login_at'),
    totalLogins: integer('total_logins').notNull().default(0),
    totalChatMessages: integer('total_chat_messages').notNull().default(0),
    createdAt: text('created_at'),
    updatedAt: text('updated_at'),
  },
  (t) => [
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    uniqueIndex('users_username_key_idx').on(t.usernameKey),
    uniqueIndex('users_payfast_token_idx').on(t.payfastToken),
  ],
);

/** A chat thread (beyond the spec, which keeps one list per user). Titled from its first question. */
export const conversations = pgTable(
  'conversations',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    // The client company the conversation is about (issue 27); deleting the client keeps the conversation, untied.
    clientId: integer('client_id').references((): AnyPgColumn => clients.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('conversations_user_idx').on(t.userId, t.updatedAt)],
);

// A bookkeeper's client companies (issue 27): the employer's registration facts the assistant applies to every answer
// in a conversation tied to it.
export const clients = pgTable(
  'clients',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    payeRegistered: boolean('paye_registered').notNull().default(true),
    uifRegistered: boolean('uif_registered').notNull().default(true),
    sdlRegistered: boolean('sdl_registered').notNull().default(true),
    annualPayrollCents: bigint('annual_payroll_cents', { mode: 'number' }),
    payrollUnder500k: boolean('payroll_under_500k').notNull().default(false),
    payFrequency: text('pay_frequency').notNull().default('monthly'),
    /** 1–31, 'last', or a weekday. */
    payDay: text('pay_day'),
    sector: text('sector'),
    bargainingCouncil: text('bargaining_council'),
    etiEligible: boolean('eti_eligible').notNull().default(false),
    specialEconomicZone: boolean('special_economic_zone').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('clients_user_idx').on(t.userId, t.name)],
);

export const messages = pgTable(
  'messages',
  {
    id: text('id').primaryKey(),
    // Insertion order: a question and its answer can share a millisecond.
    seq: serial('seq').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    conversationId: text('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    content: text('content').notNull(),
    timestamp: text('timestamp').notNull(),
    // Answers only: the question answered, how it ended, what it cited and which calculators it ran.
    replyTo: text('reply_to'),
    status: text('status').notNull().default('complete'), // complete | stopped | error | pending
    engine: text('engine'),
    sources: jsonb('sources')
      .$type<{ id: string; title: string }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    toolCalls: jsonb('tool_calls')
      .$type<Record<string, unknown>[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    // Questions only: the article of a [ref:…] tag.
    articleId: text('article_id'),
    // Answers only: what the engine understood (intent, topic, slots, the conversation's facts, what decided,
    // confidence) and how the answer ended: calculated | answered | asked | dont-know | refused | greeted.
    reading: jsonb('reading').$type<Record<string, unknown>>(),
    outcome: text('outcome'),
    confidence: real('confidence'),
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs(sql`to_tsvector('english'::regconfig, left(content, 20000))`),
  },
  (t) => [
    index('messages_user_idx').on(t.userId, t.timestamp),
    index('messages_conversation_idx').on(t.conversationId, t.seq),
    uniqueIndex('messages_reply_to_idx').on(t.replyTo),
    index('messages_search_idx').using('gin', t.search),
    // Answers the assistant did not understand, or not surely, for the admin insights (src/insights/service.ts says the same).
    // Answers still being written, or left so by a process that died (the sweep in src/assistant/service.ts).
    index('messages_pending_idx')
      .on(t.timestamp)
      .where(sql`status = 'pending'`),
    index('messages_not_understood_idx')
      .on(t.timestamp)
      .where(sql`outcome in ('dont-know', 'asked') or confidence < 0.7`),
  ],
);

/** Thumbs up/down on an answer, kept with what was asked and answered for the admin insights. */
export const messageFeedback = pgTable('message_feedback', {
  messageId: text('message_id')
    .primaryKey()
    .references(() => messages.id, { onDelete: 'cascade' }),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  rating: text('rating').notNull(), // up | down
  comment: text('comment'),
  question: text('question').notNull(),
  answer: text('answer').notNull(),
  engine: text('engine'),
  sources: jsonb('sources')
    .$type<{ id: string; title: string }[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const knowledgeCategories = pgTable('knowledge_categories', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  createdAt: text('created_at'),
  updatedAt: text('updated_at'),
  // 'draft' | 'published' | 'archived': readers see published categories only (src/knowledge/lifecycle.ts).
  status: text('status').notNull().default('published'),
  publishAt: timestamp('publish_at', { withTimezone: true }),
});

export const knowledgeItems = pgTable(
  'knowledge_items',
  {
    id: text('id').primaryKey(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    categoryId: text('category_id')
      .notNull()
      .references(() => knowledgeCategories.id, { onDelete: 'cascade' }),
    keywords: text('keywords')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    attachments: text('attachments')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: text('created_at'),
    updatedAt: text('updated_at'),
    // Lifecycle (src/knowledge/lifecycle.ts): readers see published items only; a draft item goes live at publish_at.
    status: text('status').notNull().default('published'),
    publishAt: timestamp('publish_at', { withTimezone: true }),
    // Tax years the text applies to, as labels ('2026/27'); empty when it is not tied to a year.
    taxYears: text('tax_years')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    // Quotes tax-year figures: re-verified whenever a tax year is added.
    quotesFigures: boolean('quotes_figures').notNull().default(false),
    lastVerifiedAt: timestamp('last_verified_at', { withTimezone: true }),
    lastVerifiedBy: integer('last_verified_by').references(() => users.id, { onDelete: 'set null' }),
    // Sources, [VERIFY] flags and the like: shown in /knowledge-admin only.
    editorNotes: text('editor_notes').notNull().default(''),
    // The shipped version (db/knowledge front matter) this row last took, and whether an admin changed it since.
    shippedVersion: integer('shipped_version'),
    editedHere: boolean('edited_here').notNull().default(false),
    // Why the article waits in the verification queue beyond its dates (a shipped update it could not take).
    reviewReason: text('review_reason'),
    // Weighted full-text vector (title A, keywords B, content C), kept by PostgreSQL itself. The function is
    // created in migration 0001_knowledge_search; never select these vectors unless you need them.
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs(sql`knowledge_search_vector(title, keywords, content)`),
    // Title (A) and keywords (B) only: small enough to rank thousands of rows fast (migration 0002).
    searchHead: tsvector('search_head')
      .notNull()
      .generatedAlwaysAs(sql`knowledge_head_vector(title, keywords)`),
  },
  (t) => [
    index('knowledge_items_category_idx').on(t.categoryId),
    // fastupdate off: PGlite has no autovacuum to flush a GIN pending list, and every search would scan it.
    index('knowledge_items_search_idx').using('gin', t.search).with({ fastupdate: false }),
    index('knowledge_items_search_head_idx').using('gin', t.searchHead).with({ fastupdate: false }),
  ],
);

/**
 * A knowledge search by a signed-in user that found nothing (admin insights): one row per user and query, `at`
 * the last time, so the insights count people, and repeating a search adds nothing.
 */
export const knowledgeSearchMisses = pgTable(
  'knowledge_search_misses',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    query: text('query').notNull(), // trimmed, lower case
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('knowledge_search_misses_at_idx').on(t.at), uniqueIndex('knowledge_search_misses_user_query_idx').on(t.userId, t.query)],
);

/** Who read an article on a South African day (admin insights: most-read articles, counted in readers). */
export const knowledgeItemReaders = pgTable(
  'knowledge_item_readers',
  {
    itemId: text('item_id')
      .notNull()
      .references(() => knowledgeItems.id, { onDelete: 'cascade' }),
    day: text('day').notNull(), // yyyy-mm-dd
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.itemId, t.day, t.userId] }), index('knowledge_item_readers_day_idx').on(t.day)],
);

/**
 * An edit of a published item staged for later: the live row is untouched until it is published (by hand, or by
 * the publish job at publish_at).
 */
export const knowledgeDrafts = pgTable(
  'knowledge_drafts',
  {
    itemId: text('item_id')
      .primaryKey()
      .references(() => knowledgeItems.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    content: text('content').notNull(),
    categoryId: text('category_id')
      .notNull()
      .references(() => knowledgeCategories.id, { onDelete: 'cascade' }),
    keywords: text('keywords')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    attachments: text('attachments')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    taxYears: text('tax_years')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    quotesFigures: boolean('quotes_figures').notNull().default(false),
    editorNotes: text('editor_notes').notNull().default(''),
    note: text('note').notNull().default(''),
    publishAt: timestamp('publish_at', { withTimezone: true }),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('knowledge_drafts_publish_at_idx').on(t.publishAt)],
);

/** Every save of an item, in full: history, diff and restore in /knowledge-admin. */
export const knowledgeRevisions = pgTable(
  'knowledge_revisions',
  {
    id: serial('id').primaryKey(),
    itemId: text('item_id')
      .notNull()
      .references(() => knowledgeItems.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    // created | edited | staged | published | restored | shipped | shipped-pending
    kind: text('kind').notNull(),
    note: text('note').notNull().default(''),
    title: text('title').notNull(),
    content: text('content').notNull(),
    categoryId: text('category_id').notNull(),
    keywords: text('keywords')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    attachments: text('attachments')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    taxYears: text('tax_years')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    editorNotes: text('editor_notes').notNull().default(''),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('knowledge_revisions_item_number_idx').on(t.itemId, t.number)],
);

/**
 * The vocabulary of the published articles for the knowledge search's spelling corrections ("cieling" → "ceiling",
 * src/knowledge/search.ts): every English stem in their search vectors (titles, keywords, text) and a word the
 * articles write it as. Kept by triggers on knowledge_items (migration 0012_knowledge_spelling): a stem no
 * published article holds any more is deleted.
 */
export const knowledgeWords = pgTable(
  'knowledge_words',
  {
    lexeme: text('lexeme').primaryKey(),
    word: text('word').notNull(),
  },
  // Trigram index for `word % query word` (similar words) and `word like 'ceilin%'` (a word being typed).
  (t) => [index('knowledge_words_word_trgm_idx').using('gin', t.word.op('gin_trgm_ops')).with({ fastupdate: false })],
);

/** Ids of knowledge rows the seed has inserted once; an admin's later delete is not undone by the next start. */
export const knowledgeSeeded = pgTable('knowledge_seeded', {
  id: text('id').primaryKey(), // 'category:<id>' or 'item:<uuid>'
  seededAt: timestamp('seeded_at', { withTimezone: true }).notNull().defaultNow(),
});

// Server-side tables the spec does not show.
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(), // SHA-256 of the cookie token, hex
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    id: text('id').primaryKey(), // random token identifying the reset attempt
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    usedAt: timestamp('used_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    // The mail that carries the code, so the reset page can say whether it went out.
    mailId: integer('mail_id').references(() => mailOutbox.id, { onDelete: 'set null' }),
  },
  (t) => [index('password_resets_user_idx').on(t.userId)],
);

export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    headers: jsonb('headers').$type<Record<string, string>>(),
    // pending | sent | failed | logged (no SMTP) | uncertain (the server had the whole message but never answered: not resent)
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt)],
);

/** A PayFast checkout a user started (m_payment_id): what was asked, and the token its first ITN brought. */
export const payfastCheckouts = pgTable(
  'payfast_checkouts',
  {
    ref: text('ref').primaryKey(), // m_payment_id
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    recurringCents: integer('recurring_cents').notNull(),
    billingDate: text('billing_date').notNull(), // yyyy-mm-dd, South Africa
    token: text('token'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [index('payfast_checkouts_user_idx').on(t.userId, t.createdAt)],
);

/**
 * Every ITN as it arrived (stored before it is answered), with what the checks found. Processed from here:
 * received → applied | duplicate | ignored | rejected, or retry (PayFast's validate endpoint did not
 * answer) until confirmed or failed.
 */
export const payfastItns = pgTable(
  'payfast_itns',
  {
    id: serial('id').primaryKey(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    sourceIp: text('source_ip').notNull(),
    rawBody: text('raw_body').notNull(),
    mPaymentId: text('m_payment_id'),
    pfPaymentId: text('pf_payment_id'),
    paymentStatus: text('payment_status'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    state: text('state').notNull().default('received'),
    checks: jsonb('checks')
      .$type<Record<string, string>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    reason: text('reason'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (t) => [index('payfast_itns_due_idx').on(t.state, t.nextAttemptAt), index('payfast_itns_received_idx').on(t.receivedAt)],
);

/** What PayFast did to a subscription, applied once per (pf_payment_id, payment_status): the payment history. */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    // Kept when the account is deleted (an accounting record the law requires), without its link to the person.
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    itnId: integer('itn_id').references(() => payfastItns.id, { onDelete: 'set null' }),
    pfPaymentId: text('pf_payment_id').notNull(),
    paymentStatus: text('payment_status').notNull(),
    kind: text('kind').notNull(), // first | renewal | cancel | failed
    mPaymentId: text('m_payment_id'),
    amountCents: integer('amount_cents'),
    feeCents: integer('fee_cents'),
    netCents: integer('net_cents'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payments_once_idx').on(t.pfPaymentId, t.paymentStatus), index('payments_user_idx').on(t.userId, t.createdAt)],
);

export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});

export const adminAuditLog = pgTable('admin_audit_log', {
  id: serial('id').primaryKey(),
  actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
  action: text('action').notNull(),
  target: text('target'),
  details: jsonb('details'),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
});

export type User = typeof users.$inferSelect;
export type KnowledgeCategory = typeof knowledgeCategories.$inferSelect;
export type KnowledgeItem = typeof knowledgeItems.$inferSelect;
export type Message = typeof messages.$inferSelect;
export type Conversation = typeof conversations.$inferSelect;
export type PayfastCheckout = typeof payfastCheckouts.$inferSelect;
export type PayfastItn = typeof payfastItns.$inferSelect;
export type Payment = typeof payments.$inferSelect;

// A payslip check the user chose to keep (issue 26): what was read (as corrected in the form), the facts the form
// added and the engine's result. The payslip's own text or file is never stored.
export const payslipChecks = pgTable(
  'payslip_checks',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    payDate: text('pay_date').notNull(),
    read: jsonb('read').$type<Record<string, unknown>>().notNull(),
    facts: jsonb('facts').$type<Record<string, unknown>>().notNull(),
    result: jsonb('result').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payslip_checks_user_idx').on(t.userId, t.createdAt)],
);

// A user's private calendar feed (issue 27): GET /calendar/feed/<token>.ics answers the compliance calendar with no
// session. One per user; only the token's SHA-256 (hex) is kept, so a new token replaces (revokes) the old one.
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('calendar_feeds_token_idx').on(t.tokenHash)],
);

// Deadline reminder e-mails (issue 27): each user's opt-in (off by default) and which of their clients it covers.
export const reminderSettings = pgTable('reminder_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  enabled: boolean('enabled').notNull().default(false),
  /** Business days before the due date (1–10). */
  daysBefore: integer('days_before').notNull().default(3),
  /** The user's own reminders, for no client (no pay day). */
  includeOwn: boolean('include_own').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const reminderClients = pgTable(
  'reminder_clients',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.clientId] })],
);

/**
 * One row per reminder sent: the unique index is the claim (exactly one e-mail per user, client, deadline kind and
 * period, however many processes run the job). client_key is the client's id, 0 for the user's own. Each mail's
 * unsubscribe link carries its own secret, kept here only as its SHA-256.
 */
export const remindersSent = pgTable(
  'reminders_sent',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientKey: integer('client_key').notNull(),
    kind: text('kind').notNull(),
    covers: text('covers').notNull(),
    dueDate: text('due_date').notNull(),
    unsubscribeHash: text('unsubscribe_hash').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reminders_sent_once_idx').on(t.userId, t.clientKey, t.kind, t.covers),
    uniqueIndex('reminders_sent_unsubscribe_idx').on(t.unsubscribeHash),
  ],
);
