// The one interface both assistant engines implement (built-in and OpenAI-compatible).
import type { SourceDTO, ToolCallDTO } from '../schemas/chat';
import type { Reading } from './reading';
import type { ClientContext } from '../clients';
import { AppError, PART_FAILURES } from '../errors';

export interface EngineTurn {
  role: 'user' | 'assistant';
  content: string;
  /** Calculator calls the assistant made in that turn (follow-ups reuse their inputs). */
  toolCalls?: ToolCallDTO[];
  sources?: SourceDTO[];
  /** Answers: what the engine understood of the question before (the conversation's memory). */
  reading?: Reading | null;
}

export interface ArticleContext {
  id: string;
  title: string;
  categoryId: string;
  keywords: string[];
  content: string;
}

export interface EngineRequest {
  /** The user's question, without any [ref:…] tag. */
  question: string;
  /** Earlier turns of this conversation, oldest first, not including the question. */
  history: EngineTurn[];
  /** The article the question was asked about (reference tag), to ground the answer on first and cite. */
  article: ArticleContext | null;
  /** The client company the conversation is tied to: its facts hold unless the conversation says otherwise. */
  client?: ClientContext | null;
  today: Date;
  /** Aborted on Stop or timeout: stop generating and return. */
  signal: AbortSignal;
}

export type EngineEvent =
  | { type: 'delta'; text: string }
  | { type: 'tool'; call: ToolCallDTO }
  /** The articles this answer cites (may be sent more than once; the union counts). */
  | { type: 'sources'; sources: SourceDTO[] }
  /** What the engine understood and how the answer ended, stored with the answer (once, last). */
  | { type: 'reading'; reading: Reading };

export interface AssistantEngine {
  /** 'builtin' or 'openai:<model>' (stored with each answer). */
  readonly name: string;
  /** Streams the answer. Throws AssistantError for a model failure. */
  answer(req: EngineRequest): AsyncIterable<EngineEvent>;
}

/**
 * A failure while answering that a person can read: upstream_failed for a model error, unavailable when the
 * database went away mid-answer, upstream_timeout for a timeout, out_of_space when the server's disk is full.
 */
export class AssistantError extends AppError {
  constructor(code: 'upstream_failed' | 'unavailable' | 'upstream_timeout' | 'out_of_space', message: string, cause?: unknown) {
    // The database's or the disk's wait, as for any request that lost them.
    super(
      code,
      message,
      undefined,
      code === 'unavailable' ? PART_FAILURES.database.retryAfter : code === 'out_of_space' ? PART_FAILURES.disk.retryAfter : undefined,
    );
    this.cause = cause;
    this.name = 'AssistantError';
  }
}

export const MODEL_ERROR_MESSAGE =
  'The assistant could not answer just now (the AI model returned an error). Your question is saved: please try again.';
export const UNAVAILABLE_MESSAGE =
  'The assistant could not finish its answer just now (the database is temporarily unavailable). Your question is saved: please try again in a moment.';
export const DISK_FULL_MESSAGE =
  'The assistant could not store its answer (the server is out of storage space). Your question is saved: please try again later.';
export const INTERRUPTED_MESSAGE =
  'The assistant could not finish its answer (the server restarted while it was writing). Your question is saved: please try again.';
export const MODEL_TIMEOUT_MESSAGE = 'The assistant took too long to answer. Your question is saved: please try again.';
