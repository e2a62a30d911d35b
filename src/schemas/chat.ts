import * as z from 'zod/mini';

// The single contract between the chat island, API clients and the server.

export const MAX_MESSAGE_LENGTH = 4000;
export const BLANK_MESSAGE = 'Please type a message before sending.';
export const TOO_LONG_MESSAGE = `Messages can be at most ${MAX_MESSAGE_LENGTH.toLocaleString('en-ZA')} characters long. Please shorten it or split it into two questions.`;
export const MAX_TITLE_LENGTH = 120;

/** The spec's reference tag: `[ref:<knowledge item id>] ` at the start of a message. */
export const REF_TAG = /^\s*\[ref:([0-9a-fA-F-]{36})\]\s*/;

const id = z.string().check(z.minLength(1), z.maxLength(64), z.regex(/^[A-Za-z0-9-]+$/, 'Unknown id'));

const message = z.string({ error: BLANK_MESSAGE }).check(
  z.refine((s) => s.replace(REF_TAG, '').trim().length > 0, BLANK_MESSAGE),
  z.refine((s) => s.replace(REF_TAG, '').trim().length <= MAX_MESSAGE_LENGTH, TOO_LONG_MESSAGE),
);

/** A client company's id (src/schemas/clients.ts). */
const clientId = z
  .number({ error: 'clientId must be a client company id' })
  .check(z.int(), z.positive('clientId must be a client company id'));

/**
 * POST /api/chat and /api/chat/stream. `retryOf` answers an already stored question again (no new message).
 * `clientId` ties the conversation the question starts to one of the user's client companies.
 */
export const chatRequestSchema = z.union([
  z.object({ message, conversationId: z.optional(id), newConversation: z.optional(z.boolean()), clientId: z.optional(clientId) }),
  z.object({ retryOf: id }),
]);
export type ChatRequest = z.infer<typeof chatRequestSchema>;

export const messagesQuerySchema = z.object({ conversationId: z.optional(id) });
export const idParamSchema = z.object({ id });

export const renameConversationSchema = z.object({
  title: z
    .string({ error: 'Please enter a title' })
    .check(
      z.trim(),
      z.minLength(1, 'Please enter a title'),
      z.maxLength(MAX_TITLE_LENGTH, `Titles can be at most ${MAX_TITLE_LENGTH} characters`),
    ),
});

export const historySearchSchema = z.object({
  q: z
    .string({ error: 'Please enter something to search for' })
    .check(z.trim(), z.minLength(2, 'Please enter at least 2 characters'), z.maxLength(200, 'Search text can be at most 200 characters')),
});

export const feedbackSchema = z.object({
  rating: z.enum(['up', 'down'], { error: 'rating must be "up" or "down"' }),
  comment: z.optional(z.string().check(z.trim(), z.maxLength(2000, 'Comments can be at most 2 000 characters'))),
});

// ── Shapes the server answers with ─────────────────────────────────────────────

export interface SourceDTO {
  id: string;
  title: string;
}

/** One calculator call the assistant made: what went in, what came out, the engine's working. */
export interface ToolCallDTO {
  id: string;
  /** Calculator name from the registry (paye, uif, …) or a knowledge tool (search_knowledge, get_article). */
  name: string;
  input: Record<string, unknown>;
  result?: unknown;
  /** The calculator refused the input (its message). */
  error?: string;
  working?: string[];
}

export type MessageStatus = 'complete' | 'stopped' | 'error' | 'pending';

export interface MessageDTO {
  id: string;
  userId: number;
  role: 'user' | 'assistant';
  content: string;
  timestamp: string;
  conversationId: string;
  sources: SourceDTO[];
  toolCalls: ToolCallDTO[];
  status: MessageStatus;
  /** The referenced article of a question sent with the [ref:…] tag. */
  articleId?: string | null;
  feedback?: 'up' | 'down' | null;
}

export interface ConversationDTO {
  id: string;
  title: string;
  createdAt: string;
  updatedAt: string;
  /** The client company it is tied to (issue 27), if any. */
  clientId?: number | null;
  clientName?: string | null;
}

export interface ChatAnswerDTO {
  id: string;
  response: string;
  conversationId: string;
  sources: SourceDTO[];
  toolCalls: ToolCallDTO[];
  status: MessageStatus;
}

export interface HistoryHitDTO {
  conversationId: string;
  conversationTitle: string;
  messageId: string;
  role: 'user' | 'assistant';
  timestamp: string;
  /** HTML-escaped; its only markup is <mark>…</mark>. */
  snippet: string;
}

/** What the user may do with the assistant now (shown above the input). */
export interface ChatAllowanceDTO {
  limited: boolean;
  /** Questions left today when limited; null when unlimited. */
  remaining: number | null;
  perDay: number | null;
}

/**
 * Server-sent events of POST /api/chat/stream, in order: `start`, then any of `delta` / `tool` / `sources`,
 * then exactly one of `done` or `error`. Each event's data is the JSON below.
 */
export type ChatStreamEvent =
  | {
      event: 'start';
      data: { conversationId: string; conversation: ConversationDTO; question: MessageDTO; messageId: string; allowance: ChatAllowanceDTO };
    }
  | { event: 'delta'; data: { text: string } }
  | { event: 'tool'; data: { call: ToolCallDTO } }
  | { event: 'sources'; data: { sources: SourceDTO[] } }
  | { event: 'done'; data: ChatAnswerDTO }
  | { event: 'error'; data: { message: string; status: number; questionId: string | null } };

/** /chat?c=<conversation>&new=1&article=<knowledge item> */
export const chatPageQuerySchema = z.object({
  c: z.optional(id),
  new: z.optional(z.string()),
  article: z.optional(z.string().check(z.maxLength(64))),
});
