import * as z from 'zod/mini';

// The contract of GET /api/user/export ("Download my data" on /profile): one JSON file holding what PayeWise keeps
// about the signed-in user (docs/data-export.md describes each part). Objects are strict: a column added to a table
// reaches the file only when it is named here and in src/users/export.ts, so a hash or a token cannot slip in.

export const EXPORT_FORMAT = 'payewise-user-export';
export const EXPORT_VERSION = 1;
/** Downloads one user may make per hour: each reads every row the user has. */
export const EXPORTS_PER_HOUR = 5;
export const EXPORT_URL = '/api/user/export';

export const EXPORT_TEXTS = {
  heading: 'Your data',
  intro:
    'Download everything PayeWise keeps about you (your profile, conversations, feedback, payments, reading history and saved payslip checks) as one JSON file.',
  button: 'Download my data',
  busy: 'Preparing...',
  done: 'Your data has been downloaded.',
  failed: 'Failed to download your data',
  tooMany: (minutes: string) => `You can download your data ${EXPORTS_PER_HOUR} times an hour. Please try again in ${minutes}.`,
  /** On /profile beside Delete Account; /privacy says the same at length. */
  deletionKeeps:
    'Deleting your account removes your profile, conversations, feedback and reading history. We keep your payment history and the payment notifications PayFast sent us for your subscription, no longer linked to you, because South African tax law requires financial records to be kept for five years.',
} as const;

/** An ISO 8601 instant or date as stored (the spec keeps some dates as text). */
const when = z.string();
const maybe = <T extends z.core.$ZodType>(t: T) => z.nullable(t);
const sources = z.array(z.strictObject({ id: z.string(), title: z.string() }));

export const exportProfileSchema = z.strictObject({
  id: z.number(),
  username: z.string(),
  email: maybe(z.string()),
  isAdmin: z.boolean(),
  subscriptionStatus: maybe(z.string()),
  trialEndDate: maybe(when),
  nextBillingDate: maybe(when),
  /** A canceled or unpaid subscription keeps full access until then. */
  paidThrough: maybe(when),
  lastLoginAt: maybe(when),
  totalLogins: z.number(),
  totalChatMessages: z.number(),
  createdAt: maybe(when),
  updatedAt: maybe(when),
});

export const exportMessageSchema = z.strictObject({
  id: z.string(),
  role: z.string(),
  content: z.string(),
  timestamp: when,
  status: z.string(),
  /** Answers: the question answered, the engine, sources, calculator runs, what was understood and how it ended. */
  replyTo: maybe(z.string()),
  engine: maybe(z.string()),
  sources,
  toolCalls: z.array(z.record(z.string(), z.unknown())),
  reading: maybe(z.record(z.string(), z.unknown())),
  outcome: maybe(z.string()),
  confidence: maybe(z.number()),
  /** Questions: the knowledge article asked about. */
  articleId: maybe(z.string()),
});

export const exportConversationSchema = z.strictObject({
  id: z.string(),
  title: z.string(),
  /** The client company it is tied to, if any (see `clients`). */
  clientId: maybe(z.number()),
  createdAt: when,
  updatedAt: when,
  messages: z.array(exportMessageSchema),
});

export const exportFeedbackSchema = z.strictObject({
  messageId: z.string(),
  rating: z.string(),
  comment: maybe(z.string()),
  question: z.string(),
  answer: z.string(),
  engine: maybe(z.string()),
  sources,
  createdAt: when,
  updatedAt: when,
});

export const exportPaymentSchema = z.strictObject({
  id: z.number(),
  date: when,
  /** first | renewal | cancel | failed */
  kind: z.string(),
  paymentStatus: z.string(),
  amountCents: maybe(z.number()),
  /** PayFast's payment id (null for a cancellation, which PayFast gives none). */
  pfPaymentId: maybe(z.string()),
  /** Our checkout reference. */
  mPaymentId: maybe(z.string()),
});

export const exportCheckoutSchema = z.strictObject({
  ref: z.string(),
  amountCents: z.number(),
  recurringCents: z.number(),
  billingDate: z.string(),
  createdAt: when,
  completedAt: maybe(when),
});

/** A notification PayFast sent about the user's payments, with the personal details it carried (never the token). */
export const exportPayfastNotificationSchema = z.strictObject({
  id: z.number(),
  receivedAt: when,
  mPaymentId: maybe(z.string()),
  pfPaymentId: maybe(z.string()),
  paymentStatus: maybe(z.string()),
  /** received | applied | duplicate | ignored | rejected | retry */
  state: z.string(),
  amountCents: maybe(z.number()),
  nameFirst: maybe(z.string()),
  nameLast: maybe(z.string()),
  emailAddress: maybe(z.string()),
});

export const userExportSchema = z.strictObject({
  format: z.literal(EXPORT_FORMAT),
  version: z.literal(EXPORT_VERSION),
  exportedAt: when,
  profile: exportProfileSchema,
  /** Sign-ins on record (the cookie's hash is never included). */
  sessions: z.array(z.strictObject({ createdAt: when, expiresAt: when, current: z.boolean() })),
  conversations: z.array(exportConversationSchema),
  feedback: z.array(exportFeedbackSchema),
  knowledge: z.strictObject({
    /** Articles read, one entry per article and South African day. */
    reads: z.array(z.strictObject({ itemId: z.string(), title: maybe(z.string()), day: z.string() })),
    /** Searches that found nothing (kept for the admins' insights, without your name). */
    searchesWithoutResults: z.array(z.strictObject({ query: z.string(), at: when })),
  }),
  payments: z.array(exportPaymentSchema),
  checkouts: z.array(exportCheckoutSchema),
  payfastNotifications: z.array(exportPayfastNotificationSchema),
  /** Password-reset requests (the code and its hash are never included). */
  passwordResets: z.array(
    z.strictObject({ createdAt: when, expiresAt: when, verifiedAt: maybe(when), usedAt: maybe(when), attempts: z.number() }),
  ),
  /** E-mails to the account's current address, without their text (it can hold reset codes and links). */
  emails: z.array(z.strictObject({ subject: z.string(), status: z.string(), createdAt: when, sentAt: maybe(when) })),
  /** Admin audit log entries made by this user (`actor`) or about this account (`subject`). */
  auditLog: z.array(
    z.strictObject({
      at: when,
      role: z.enum(['actor', 'subject']),
      action: z.string(),
      target: maybe(z.string()),
      details: maybe(z.record(z.string(), z.unknown())),
    }),
  ),
  /** Client companies: the employers' registration facts the user keeps (src/schemas/clients.ts, the API's shape). */
  clients: z.array(z.record(z.string(), z.unknown())),
  /** Deadline reminder e-mails: the settings (never set: enabled false, the rest null) and each reminder sent. */
  reminders: z.strictObject({
    enabled: z.boolean(),
    daysBefore: maybe(z.number()),
    includeOwn: maybe(z.boolean()),
    clientIds: z.array(z.number()),
    sent: z.array(z.strictObject({ clientId: maybe(z.number()), kind: z.string(), covers: z.string(), dueDate: z.string(), sentAt: when })),
  }),
  /** The private calendar feed: whether one is active and since when (its secret address is never stored). */
  calendarFeed: z.strictObject({ active: z.boolean(), createdAt: maybe(when) }),
  /** Saved payslip checks: what was read (as corrected), the facts the form added and the result; never the payslip itself. */
  payslipChecks: z.array(
    z.strictObject({
      id: z.number(),
      label: z.string(),
      payDate: z.string(),
      createdAt: when,
      read: z.record(z.string(), z.unknown()),
      facts: z.record(z.string(), z.unknown()),
      result: z.record(z.string(), z.unknown()),
    }),
  ),
});

export type UserExport = z.infer<typeof userExportSchema>;
