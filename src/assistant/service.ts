// The chat service: conversations, storing questions and answers, running an engine in the background so
// an answer is finished and stored even when the browser goes away, Stop, Retry, quotas and feedback.
// Long because a question's whole life is one set of rules: its quota check, saving and the answer's run share one
// SQL statement and one in-memory map of runs, which Stop and Retry read.
import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import { preparedSql, typedPlaceholder as $, type DB } from '../../db';
import { clients, conversations, messageFeedback, messages, users, type Conversation, type Message, type User } from '../../db/schema';
import type { ClientContext } from '../clients';
import type { RateLimiter } from '../auth';
import { assistantAccess } from '../billing';
import { saDay } from '../lib/sa-time';
import { AppError, failedPart } from '../errors';
import { lexemesOf, makeSnippet } from '../knowledge';
import type { Logger } from '../lib/logger';
import {
  REF_TAG,
  type ChatAllowanceDTO,
  type ChatAnswerDTO,
  type ChatRequest,
  type ConversationDTO,
  type HistoryHitDTO,
  type MessageDTO,
  type MessageStatus,
  type SourceDTO,
  type ToolCallDTO,
} from '../schemas/chat';
import type { KnowledgeTools } from './tools';
import type { Reading } from './reading';
import {
  AssistantError,
  DISK_FULL_MESSAGE,
  INTERRUPTED_MESSAGE,
  MODEL_ERROR_MESSAGE,
  MODEL_TIMEOUT_MESSAGE,
  UNAVAILABLE_MESSAGE,
  type AssistantEngine,
  type EngineEvent,
  type EngineTurn,
} from './types';

export const NOT_FOUND = {
  conversation: 'Conversation not found',
  message: 'Message not found',
};
export const ALREADY_ANSWERED = 'This question has already been answered.';
export const STILL_ANSWERING = 'The assistant is still answering this question.';
export const PER_MINUTE_LIMIT = 'You are sending questions very quickly. Please wait a minute and try again.';
export const dailyLimitMessage = (n: number) =>
  `You have used your ${n} free questions for today. Subscribe for unlimited questions, or ask again tomorrow.`;

const HISTORY_TURNS = 20;
const TITLE_LENGTH = 60;

export type ChatUser = Pick<User, 'id' | 'subscriptionStatus' | 'trialEndDate' | 'nextBillingDate' | 'paidThrough'>;

export interface ChatDeps {
  db: DB;
  engine: AssistantEngine;
  knowledge: KnowledgeTools;
  limiter: RateLimiter;
  clock: () => Date;
  log: Logger;
  timeoutMs: number;
  /** Overrides the fair-use questions per minute (the bench). */
  perMinute?: number;
  /** Announcements between processes (Database.subscribe): a Stop reaches the process writing the answer. */
  subscribe?: (channel: string, fn: (payload?: string) => void) => Promise<void>;
  /** A client company's facts for a conversation tied to it (src/clients): null when it is not the user's. */
  clientContext(userId: number, clientId: number): Promise<ClientContext | null>;
}

/** pg_notify channel whose payload is the id of an answer to stop, wherever it is being written. */
const STOP_CHANNEL = 'chat_stop';
/** How long a Stop that landed on another process waits to see the answer stop. */
const REMOTE_STOP_WAIT_MS = 5_000;

/** What a running answer tells whoever listens: the stream events after `start`. */
export type RunEvent =
  | { event: 'delta'; data: { text: string } }
  | { event: 'tool'; data: { call: ToolCallDTO } }
  | { event: 'sources'; data: { sources: SourceDTO[] } }
  | { event: 'done'; data: ChatAnswerDTO }
  | { event: 'error'; data: { message: string; status: number; questionId: string | null } };

/** One answer being produced. Listeners may come and go; the run goes on and stores its result. */
export interface AnswerRun {
  conversation: ConversationDTO;
  question: MessageDTO;
  messageId: string;
  allowance: ChatAllowanceDTO;
  /** Every event so far, then the live ones, until done or error. */
  events(): AsyncIterable<RunEvent>;
  /** Resolves with the stored answer; rejects with AssistantError. */
  result: Promise<ChatAnswerDTO>;
}

type TurnRow = Pick<Message, 'role' | 'content' | 'status' | 'sources' | 'toolCalls' | 'reading'>;
const turnsOf = (rows: TurnRow[]): EngineTurn[] =>
  rows
    .filter((r) => r.role === 'user' || r.status === 'complete' || r.status === 'stopped')
    .map((r) => ({
      role: r.role as 'user' | 'assistant',
      content: r.content,
      toolCalls: r.toolCalls as unknown as ToolCallDTO[],
      sources: r.sources,
      reading: (r.reading as Reading | null) ?? null,
    }));

const iso = (d: Date | string) => (typeof d === 'string' ? d : d.toISOString());

type ConversationRow = Conversation & { clientName?: string | null };
export function toConversationDTO(c: ConversationRow): ConversationDTO {
  return {
    id: c.id,
    title: c.title,
    createdAt: iso(c.createdAt),
    updatedAt: iso(c.updatedAt),
    clientId: c.clientId ?? null,
    clientName: c.clientName ?? null,
  };
}
/** A conversation with its client's name. */
const conversationCols = { ...getTableColumns(conversations), clientName: clients.name };

function titleFrom(question: string): string {
  const flat = question.replace(/\s+/g, ' ').trim();
  if (flat.length <= TITLE_LENGTH) return flat;
  const cut = flat.slice(0, TITLE_LENGTH);
  const space = cut.lastIndexOf(' ');
  return `${(space > 30 ? cut.slice(0, space) : cut).replace(/[\s,.;:!?-]+$/, '')}…`;
}

export function createChatService(deps: ChatDeps) {
  const { db, engine, knowledge, limiter, clock, log, timeoutMs } = deps;
  const running = new Map<string, { controller: AbortController; run: AnswerRun }>();

  const msgCols = {
    id: messages.id,
    userId: messages.userId,
    conversationId: messages.conversationId,
    role: messages.role,
    content: messages.content,
    timestamp: messages.timestamp,
    replyTo: messages.replyTo,
    status: messages.status,
    engine: messages.engine,
    sources: messages.sources,
    toolCalls: messages.toolCalls,
    articleId: messages.articleId,
    feedback: messageFeedback.rating,
  };
  type Row = Pick<
    Message,
    'id' | 'userId' | 'conversationId' | 'role' | 'content' | 'timestamp' | 'status' | 'sources' | 'toolCalls' | 'articleId'
  > & {
    feedback?: string | null;
  };

  // The database says what is being answered, whichever process writes it: a 'pending' answer younger than a run
  // can last. One left 'pending' by a process that died is shown as failed, so it can be retried.
  const staleAfterMs = timeoutMs + 30_000;
  const staleCutoff = () => new Date(clock().getTime() - staleAfterMs).toISOString();
  const stillAnswering = (r: { id: string; status: string; timestamp: string }) =>
    running.has(r.id) || (r.status === 'pending' && r.timestamp > staleCutoff() && !unstored.has(r.id));

  // Failures that could not be stored (the database was away) are written again each second until they are, so
  // no process takes them for answers still being written; here they are known to be over at once.
  const unstored = new Map<string, string>();
  let repairing: NodeJS.Timeout | null = null;
  const writeFailure = (id: string, message: string) =>
    db
      .update(messages)
      .set({ content: message, status: 'error', engine: engine.name })
      .where(and(eq(messages.id, id), eq(messages.status, 'pending')));
  async function storeFailure(id: string, message: string) {
    try {
      await writeFailure(id, message);
    } catch (err) {
      log.error('storing a failed answer failed; will try again', { error: String(err) });
      unstored.set(id, message);
      repairing ??= setInterval(() => {
        for (const [id, message] of unstored)
          void writeFailure(id, message).then(
            () => unstored.delete(id),
            () => {},
          );
        if (!unstored.size && repairing) {
          clearInterval(repairing);
          repairing = null;
        }
      }, 1000).unref();
    }
  }
  function toDTO(r: Row): MessageDTO {
    let status = r.status as MessageStatus;
    if (status === 'pending' && !stillAnswering(r)) status = 'error';
    return {
      id: r.id,
      userId: r.userId,
      role: r.role as 'user' | 'assistant',
      content: r.content,
      timestamp: r.timestamp,
      conversationId: r.conversationId,
      sources: r.sources ?? [],
      toolCalls: (r.toolCalls ?? []) as unknown as ToolCallDTO[],
      status,
      articleId: r.articleId ?? null,
      feedback: (r.feedback as 'up' | 'down' | null | undefined) ?? null,
    };
  }

  async function ownConversation(userId: number, id: string): Promise<ConversationRow> {
    const [c] = await db
      .select(conversationCols)
      .from(conversations)
      .leftJoin(clients, eq(clients.id, conversations.clientId))
      .where(and(eq(conversations.id, id), eq(conversations.userId, userId)));
    if (!c) throw new AppError('not_found', NOT_FOUND.conversation);
    return c;
  }

  async function latestConversation(userId: number): Promise<ConversationRow | null> {
    const [c] = await db
      .select(conversationCols)
      .from(conversations)
      .leftJoin(clients, eq(clients.id, conversations.clientId))
      .where(eq(conversations.userId, userId))
      .orderBy(desc(conversations.updatedAt), desc(conversations.createdAt))
      .limit(1);
    return c ?? null;
  }

  async function listMessages(conversationId: string): Promise<MessageDTO[]> {
    const rows = await db
      .select(msgCols)
      .from(messages)
      .leftJoin(messageFeedback, eq(messageFeedback.messageId, messages.id))
      .where(eq(messages.conversationId, conversationId))
      .orderBy(asc(messages.seq));
    return rows.map(toDTO);
  }

  async function allowance(user: ChatUser): Promise<ChatAllowanceDTO> {
    const access = assistantAccess(user, clock());
    if (access.kind === 'full') return { limited: false, remaining: null, perDay: null };
    const used = await limiter.peek(dayKey(user.id));
    return { limited: true, remaining: Math.max(0, access.perDay - used), perDay: access.perDay };
  }
  const dayKey = (userId: number) => `chat-day:${userId}:${saDay(clock()).day}`;

  /** The allowance after a question given its counts (from the statement that stores it), or the 429 that refuses it. */
  function verdict(
    user: ChatUser,
    now: Date,
    counts: { minute_count: number; minute_reset: Date | string; day_count: number | null },
  ): ChatAllowanceDTO {
    const access = assistantAccess(user, now);
    if (counts.minute_count > (deps.perMinute ?? access.perMinute)) {
      throw new AppError(
        'rate_limited',
        PER_MINUTE_LIMIT,
        undefined,
        Math.max(1, Math.ceil((new Date(counts.minute_reset).getTime() - now.getTime()) / 1000)),
      );
    }
    if (access.kind === 'full') return { limited: false, remaining: null, perDay: null };
    if (counts.day_count === null || counts.day_count > access.perDay) {
      throw new AppError(
        'rate_limited',
        dailyLimitMessage(access.perDay),
        { remaining: 0 },
        Math.ceil((saDay(now).endsAt.getTime() - now.getTime()) / 1000),
      );
    }
    return { limited: true, remaining: access.perDay - counts.day_count, perDay: access.perDay };
  }

  // Prepared once: the statements every answer runs.
  // A new question, all or nothing in one round trip: the user's counts for the minute and (when limited) the
  // day; if within the limits, the conversation (the one named, else the user's latest when `latest`, else a new
  // one) moved to the top, the question and its pending answer in that order, and the user's count; and the
  // conversation's earlier turns (the statement's snapshot does not hold the rows it inserts).
  const inMinute = sql`(select count from minute) <= ${$('perMinute', 'int')}`;
  const storeQuestion = preparedSql<{
    minute_count: number;
    minute_reset: Date | string;
    day_count: number | null;
    id: string | null;
    title: string;
    created_at: Date | string;
    updated_at: Date | string;
    client_id: number | null;
    history: TurnRow[] | string;
  }>(
    db,
    'chat_store_question',
    sql`
    with minute as (${limiter.countSql($('minuteKey', 'text'), $('now', 'timestamptz'), $('minuteReset', 'timestamptz'))}),
    day as (${limiter.countSql($('dayKey', 'text'), $('now', 'timestamptz'), $('dayReset', 'timestamptz'), sql`${$('limited', 'boolean')} and ${inMinute}`)}),
    conv as (
      insert into ${conversations} (id, user_id, title, client_id, created_at, updated_at)
      select coalesce(${$('named', 'text')},
          case when ${$('latest', 'boolean')} then (select id from ${conversations} where user_id = ${$('userId', 'int')} order by updated_at desc, created_at desc limit 1) end,
          ${$('newId', 'text')}),
        ${$('userId', 'int')}, ${$('title', 'text')}, ${$('clientId', 'int')}, ${$('stamp', 'timestamptz')}, ${$('stamp', 'timestamptz')}
      where ${inMinute} and (not ${$('limited', 'boolean')} or (select count from day) <= ${$('perDay', 'int')})
      on conflict (id) do update set updated_at = excluded.updated_at where ${conversations}.user_id = excluded.user_id
      returning id, title, client_id, created_at, updated_at
    ), asked as (
      insert into ${messages} (id, user_id, conversation_id, role, content, timestamp, article_id, reply_to, status)
      select m.id, ${$('userId', 'int')}, conv.id, m.role, m.content, ${$('stamp', 'text')}, m.article_id, m.reply_to, m.status
      from conv, (values (1, ${$('questionId', 'text')}, 'user', ${$('text', 'text')}, ${$('articleId', 'text')}, null::text, 'complete'),
                         (2, ${$('answerId', 'text')}, 'assistant', '', null, ${$('questionId', 'text')}, 'pending')) m(ord, id, role, content, article_id, reply_to, status)
      order by m.ord
    ), counted as (
      update ${users} set total_chat_messages = total_chat_messages + 1 where id = ${$('userId', 'int')} and exists (select 1 from conv)
    )
    select (select count from minute) as minute_count, (select reset_at from minute) as minute_reset, (select count from day) as day_count, conv.*,
      (select coalesce(json_agg(json_build_object('role', h.role, 'content', h.content, 'status', h.status, 'toolCalls', h.tool_calls, 'sources', h.sources, 'reading', h.reading) order by h.seq), '[]'::json)
       from (select role, content, status, tool_calls, sources, reading, seq from ${messages} where conversation_id = (select id from conv) order by seq desc limit ${HISTORY_TURNS * 2}) h) as history
    from (select 1) one left join conv on true`,
  );
  const earlierTurns = db
    .select({
      id: messages.id,
      role: messages.role,
      content: messages.content,
      status: messages.status,
      toolCalls: messages.toolCalls,
      sources: messages.sources,
      reading: messages.reading,
      seq: messages.seq,
    })
    .from(messages)
    .where(
      and(
        eq(messages.conversationId, sql.placeholder('conversationId')),
        sql`${messages.seq} < (select seq from ${messages} where id = ${sql.placeholder('before')})`,
      ),
    )
    .orderBy(desc(messages.seq))
    .limit(HISTORY_TURNS * 2)
    .prepare('chat_history');
  const storeAnswer = db
    .update(messages)
    .set({
      content: sql`${sql.placeholder('content')}`,
      status: sql`${sql.placeholder('status')}`,
      sources: sql`${sql.placeholder('sources')}::jsonb`,
      toolCalls: sql`${sql.placeholder('toolCalls')}::jsonb`,
      reading: sql`${sql.placeholder('reading')}::jsonb`,
      outcome: sql`${sql.placeholder('outcome')}`,
      confidence: sql`${sql.placeholder('confidence')}::real`,
      engine: engine.name,
    })
    .where(eq(messages.id, sql.placeholder('id')))
    .prepare('chat_store_answer');

  /** Earlier complete turns of the conversation for the engine, oldest first. */
  async function historyFor(conversationId: string, beforeQuestion: string): Promise<EngineTurn[]> {
    return turnsOf((await earlierTurns.execute({ conversationId, before: beforeQuestion })).reverse());
  }

  /** Starts answering a new question, or a stored one again (`retryOf`). Throws AppError before anything starts. */
  async function ask(user: ChatUser, req: ChatRequest): Promise<AnswerRun> {
    let question: MessageDTO;
    let conversation: ConversationDTO;
    let answerId: string;
    let allowanceNow: ChatAllowanceDTO;
    let earlier: EngineTurn[] | undefined;

    if ('retryOf' in req) {
      const [q] = await db
        .select(msgCols)
        .from(messages)
        .leftJoin(messageFeedback, eq(messageFeedback.messageId, messages.id))
        .where(and(eq(messages.id, req.retryOf), eq(messages.userId, user.id), eq(messages.role, 'user')));
      if (!q) throw new AppError('not_found', NOT_FOUND.message);
      conversation = toConversationDTO(await ownConversation(user.id, q.conversationId));
      const [a] = await db
        .select({ id: messages.id, status: messages.status, timestamp: messages.timestamp })
        .from(messages)
        .where(eq(messages.replyTo, q.id));
      if (a && stillAnswering(a)) throw new AppError('conflict', STILL_ANSWERING);
      if (a && unstored.has(a.id)) {
        await writeFailure(a.id, unstored.get(a.id)!);
        unstored.delete(a.id);
      }
      if (a && (a.status === 'complete' || a.status === 'stopped')) throw new AppError('conflict', ALREADY_ANSWERED);
      const now = clock().toISOString();
      answerId = a?.id ?? randomUUID();
      // Claim the answer row: only one retry wins when two arrive together.
      const claimed = a
        ? await db
            .update(messages)
            .set({
              status: 'pending',
              content: '',
              sources: [],
              toolCalls: [],
              reading: null,
              outcome: null,
              confidence: null,
              timestamp: now,
            })
            .where(
              and(
                eq(messages.id, a.id),
                sql`(${messages.status} = 'error' or (${messages.status} = 'pending' and ${messages.timestamp} <= ${staleCutoff()}))`,
              ),
            )
            .returning({ id: messages.id })
        : await db
            .insert(messages)
            .values({
              id: answerId,
              userId: user.id,
              conversationId: q.conversationId,
              role: 'assistant',
              content: '',
              timestamp: now,
              replyTo: q.id,
              status: 'pending',
            })
            .onConflictDoNothing()
            .returning({ id: messages.id });
      if (claimed.length === 0 || running.has(answerId)) throw new AppError('conflict', STILL_ANSWERING);
      question = toDTO(q);
      allowanceNow = await allowance(user);
    } else {
      const ref = REF_TAG.exec(req.message);
      const text = req.message.replace(REF_TAG, '').trim();
      const articleId = ref ? ((await knowledge.getArticle(ref[1]))?.id ?? null) : null;
      const named = req.conversationId && !req.newConversation ? await ownConversation(user.id, req.conversationId) : null;
      if (req.clientId !== undefined && named)
        throw new AppError('bad_request', 'clientId ties a new conversation: leave out conversationId, or set newConversation', {
          field: 'clientId',
        });
      const client = req.clientId === undefined ? null : await deps.clientContext(user.id, req.clientId);
      if (req.clientId !== undefined && !client) throw new AppError('not_found', 'Client not found');
      const now = clock();
      const access = assistantAccess(user, now);
      const stamp = now.toISOString();
      const questionId = randomUUID();
      answerId = randomUUID();
      const [row] = await storeQuestion({
        userId: user.id,
        now: stamp,
        perMinute: deps.perMinute ?? access.perMinute,
        minuteKey: `chat-min:${user.id}`,
        minuteReset: new Date(now.getTime() + 60_000).toISOString(),
        limited: access.kind === 'limited',
        perDay: access.kind === 'limited' ? access.perDay : 0,
        dayKey: dayKey(user.id),
        dayReset: saDay(now).endsAt.toISOString(),
        named: named?.id ?? null,
        latest: !named && !req.newConversation && req.clientId === undefined,
        newId: randomUUID(),
        title: titleFrom(text),
        stamp,
        clientId: req.clientId ?? null,
        questionId,
        answerId,
        text,
        articleId,
      });
      allowanceNow = verdict(user, now, row);
      if (!row.id) throw new AppError('not_found', NOT_FOUND.conversation);
      const tied = row.client_id === null ? null : (client ?? (await deps.clientContext(user.id, row.client_id)));
      conversation = {
        id: row.id,
        title: row.title,
        createdAt: iso(row.created_at),
        updatedAt: iso(row.updated_at),
        clientId: row.client_id,
        clientName: tied?.name ?? null,
      };
      question = {
        id: questionId,
        userId: user.id,
        role: 'user',
        content: text,
        timestamp: stamp,
        conversationId: conversation.id,
        sources: [],
        toolCalls: [],
        status: 'complete',
        articleId,
        feedback: null,
      };
      earlier = turnsOf(typeof row.history === 'string' ? JSON.parse(row.history) : row.history);
    }
    return start(conversation, question, answerId, allowanceNow, earlier);
  }

  /** `earlier`: the conversation's turns before the question, when the caller has read them already. */
  function start(
    conversation: ConversationDTO,
    question: MessageDTO,
    answerId: string,
    allowanceNow: ChatAllowanceDTO,
    earlier?: EngineTurn[],
  ): AnswerRun {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort('timeout'), timeoutMs);
    const log_: RunEvent[] = [];
    const waiters = new Set<() => void>();
    let finished = false;
    const emit = (e: RunEvent) => {
      log_.push(e);
      for (const w of waiters) w();
    };

    async function produce(): Promise<ChatAnswerDTO> {
      let text = '';
      const tools: ToolCallDTO[] = [];
      const sources = new Map<string, SourceDTO>();
      let reading: Reading | null = null;
      try {
        const article = question.articleId ? await knowledge.getArticle(question.articleId) : null;
        const history = earlier ?? (await historyFor(conversation.id, question.id));
        const client = conversation.clientId ? await deps.clientContext(question.userId, conversation.clientId) : null;
        const stream = engine.answer({
          question: question.content,
          history,
          client,
          article: article && {
            id: article.id,
            title: article.title,
            categoryId: article.categoryId,
            keywords: article.keywords,
            content: article.content,
          },
          today: clock(),
          signal: controller.signal,
        });
        for await (const e of stream as AsyncIterable<EngineEvent>) {
          if (controller.signal.aborted) break;
          if (e.type === 'delta') {
            text += e.text;
            emit({ event: 'delta', data: { text: e.text } });
          } else if (e.type === 'tool') {
            tools.push(e.call);
            emit({ event: 'tool', data: { call: e.call } });
          } else if (e.type === 'sources') {
            for (const s of e.sources) sources.set(s.id, s);
            emit({ event: 'sources', data: { sources: [...sources.values()] } });
          } else if (e.type === 'reading') reading = e.reading;
        }
        if (controller.signal.aborted && controller.signal.reason === 'timeout')
          throw new AssistantError('upstream_timeout', MODEL_TIMEOUT_MESSAGE);
        const status: MessageStatus = controller.signal.aborted ? 'stopped' : 'complete';
        const answer: ChatAnswerDTO = {
          id: answerId,
          response: text,
          conversationId: conversation.id,
          sources: [...sources.values()],
          toolCalls: tools,
          status,
        };
        await storeAnswer.execute({
          id: answerId,
          content: text,
          status,
          sources: JSON.stringify(answer.sources),
          toolCalls: JSON.stringify(tools),
          reading: reading && JSON.stringify(reading),
          outcome: reading?.outcome ?? null,
          confidence: reading?.confidence ?? null,
        });
        emit({ event: 'done', data: answer });
        return answer;
      } catch (err) {
        const failure =
          err instanceof AssistantError
            ? err
            : controller.signal.reason === 'timeout'
              ? new AssistantError('upstream_timeout', MODEL_TIMEOUT_MESSAGE)
              : failedPart(err) === 'database'
                ? new AssistantError('unavailable', UNAVAILABLE_MESSAGE)
                : failedPart(err) === 'disk'
                  ? new AssistantError('out_of_space', DISK_FULL_MESSAGE)
                  : new AssistantError('upstream_failed', MODEL_ERROR_MESSAGE);
        log.error('assistant failed', {
          engine: engine.name,
          status: failure.status,
          part: failedPart(err) ?? 'model',
          error: String(err),
          cause: err instanceof Error && err.cause ? String(err.cause) : undefined,
        });
        await storeFailure(answerId, failure.message);
        emit({ event: 'error', data: { message: failure.message, status: failure.status, questionId: question.id } });
        throw failure;
      } finally {
        clearTimeout(timer);
        finished = true;
        running.delete(answerId);
        for (const w of waiters) w();
      }
    }

    const run: AnswerRun = {
      conversation,
      question,
      messageId: answerId,
      allowance: allowanceNow,
      async *events() {
        let i = 0;
        for (;;) {
          while (i < log_.length) yield log_[i++];
          if (finished) return;
          await new Promise<void>((resolve) => {
            const wake = () => {
              waiters.delete(wake);
              resolve();
            };
            waiters.add(wake);
          });
        }
      },
      result: null as unknown as Promise<ChatAnswerDTO>,
    };
    running.set(answerId, { controller, run });
    run.result = produce();
    run.result.catch(() => {}); // listeners read failures from the events; nobody may be awaiting the promise
    return run;
  }

  // A Stop that landed on another process: the run here is aborted as if it had landed here.
  deps
    .subscribe?.(STOP_CHANNEL, (id) => {
      if (id) running.get(id)?.controller.abort('stop');
    })
    .catch((err) => log.warn('Stop reaches only answers written by the process asked: no announcements', { error: String(err) }));
  const announceStop = (ids: string[]) => Promise.all(ids.map((id) => db.execute(sql`select pg_notify(${STOP_CHANNEL}, ${id})`)));

  async function ownMessage(userId: number, id: string) {
    const [m] = await db
      .select(msgCols)
      .from(messages)
      .leftJoin(messageFeedback, eq(messageFeedback.messageId, messages.id))
      .where(and(eq(messages.id, id), eq(messages.userId, userId)));
    if (!m) throw new AppError('not_found', NOT_FOUND.message);
    return m;
  }

  return {
    ask,
    allowance,

    /** The messages of one conversation, or of the latest when no id is given (the spec's one list). */
    async messages(userId: number, conversationId?: string): Promise<MessageDTO[]> {
      const c = conversationId ? await ownConversation(userId, conversationId) : await latestConversation(userId);
      return c ? listMessages(c.id) : [];
    },

    /** The page's starting point: the given conversation, the latest, or none for a new chat. */
    async openConversation(
      userId: number,
      id: string | undefined,
      fresh: boolean,
    ): Promise<{ conversation: ConversationDTO | null; messages: MessageDTO[] }> {
      if (fresh) return { conversation: null, messages: [] };
      const c = id ? await ownConversation(userId, id) : await latestConversation(userId);
      return c ? { conversation: toConversationDTO(c), messages: await listMessages(c.id) } : { conversation: null, messages: [] };
    },

    /** One answer with its question (given either's id), in the user's own conversation: what a download of an answer holds. */
    async exchange(
      userId: number,
      messageId: string,
    ): Promise<{ conversation: ConversationDTO; question: MessageDTO | null; answer: MessageDTO | null }> {
      const m = await ownMessage(userId, messageId);
      const conversation = toConversationDTO(await ownConversation(userId, m.conversationId));
      const other = m.role === 'user' ? eq(messages.replyTo, m.id) : m.replyTo ? eq(messages.id, m.replyTo) : undefined;
      const [o] = other
        ? await db
            .select(msgCols)
            .from(messages)
            .leftJoin(messageFeedback, eq(messageFeedback.messageId, messages.id))
            .where(and(other, eq(messages.userId, userId)))
        : [];
      const [question, answer] = m.role === 'user' ? [m, o] : [o, m];
      return { conversation, question: question ? toDTO(question) : null, answer: answer ? toDTO(answer) : null };
    },

    async conversations(userId: number): Promise<ConversationDTO[]> {
      const rows = await db
        .select(conversationCols)
        .from(conversations)
        .leftJoin(clients, eq(clients.id, conversations.clientId))
        .where(eq(conversations.userId, userId))
        .orderBy(desc(conversations.updatedAt), desc(conversations.createdAt))
        .limit(200);
      return rows.map(toConversationDTO);
    },

    async rename(userId: number, id: string, title: string): Promise<ConversationDTO> {
      const { clientName } = await ownConversation(userId, id);
      const [c] = await db.update(conversations).set({ title }).where(eq(conversations.id, id)).returning();
      return toConversationDTO({ ...c, clientName });
    },

    async remove(userId: number, id: string): Promise<void> {
      await ownConversation(userId, id);
      for (const r of running.values()) if (r.run.conversation.id === id) r.controller.abort('stop');
      const elsewhere = await db
        .select({ id: messages.id })
        .from(messages)
        .where(and(eq(messages.conversationId, id), eq(messages.status, 'pending'), sql`${messages.timestamp} > ${staleCutoff()}`));
      await announceStop(elsewhere.map((m) => m.id).filter((m) => !running.has(m)));
      await db.delete(conversations).where(and(eq(conversations.id, id), eq(conversations.userId, userId)));
    },

    /** Full-text search over the user's own messages, best first. */
    async searchHistory(userId: number, q: string): Promise<HistoryHitDTO[]> {
      const query = sql`websearch_to_tsquery('english', ${q})`;
      const rows = await db
        .select({
          id: messages.id,
          role: messages.role,
          content: messages.content,
          timestamp: messages.timestamp,
          conversationId: messages.conversationId,
          title: conversations.title,
          lexemes: sql<string>`${query}::text`,
        })
        .from(messages)
        .innerJoin(conversations, eq(conversations.id, messages.conversationId))
        .where(and(eq(messages.userId, userId), sql`${messages.search} @@ ${query}`))
        .orderBy(sql`ts_rank(${messages.search}, ${query}) desc`, desc(messages.seq))
        .limit(20);
      return rows.map((r) => ({
        conversationId: r.conversationId,
        conversationTitle: r.title,
        messageId: r.id,
        role: r.role as 'user' | 'assistant',
        timestamp: r.timestamp,
        snippet: makeSnippet(r.content, lexemesOf(r.lexemes ?? ''), 160),
      }));
    },

    /** Stops an answer being produced; what was said so far is kept and marked as stopped. */
    async stop(userId: number, messageId: string): Promise<{ stopped: boolean }> {
      const m = await ownMessage(userId, messageId);
      const r = running.get(messageId);
      if (r) {
        r.controller.abort('stop');
        await r.run.result.catch(() => {});
        return { stopped: true };
      }
      if (!stillAnswering(m)) return { stopped: false };
      // Being written by another process: it hears the announcement, stops, and stores what was said so far.
      await announceStop([messageId]);
      const until = Date.now() + REMOTE_STOP_WAIT_MS;
      while (Date.now() < until) {
        const [row] = await db.select({ status: messages.status }).from(messages).where(eq(messages.id, messageId));
        if (!row || row.status !== 'pending') return { stopped: row?.status === 'stopped' };
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return { stopped: false };
    },

    async feedback(userId: number, messageId: string, rating: 'up' | 'down', comment?: string): Promise<{ rating: 'up' | 'down' }> {
      const m = await ownMessage(userId, messageId);
      if (m.role !== 'assistant') throw new AppError('bad_request', 'Feedback can only be given on answers');
      const [q] = m.replyTo ? await db.select({ content: messages.content }).from(messages).where(eq(messages.id, m.replyTo)) : [];
      const values = {
        messageId,
        userId,
        rating,
        comment: comment || null,
        question: q?.content ?? '',
        answer: m.content,
        engine: m.engine,
        sources: m.sources ?? [],
        updatedAt: clock(),
      };
      await db
        .insert(messageFeedback)
        .values({ ...values, createdAt: clock() })
        .onConflictDoUpdate({ target: messageFeedback.messageId, set: values });
      return { rating };
    },

    /**
     * Answers a process left 'pending' when it died (a crash, a kill): stored as failed, with the question kept, so
     * Retry answers them. Only those older than any run can last, which no live process can still be writing.
     */
    async failInterrupted(): Promise<number> {
      const failed = await db
        .update(messages)
        .set({ content: INTERRUPTED_MESSAGE, status: 'error', engine: engine.name })
        .where(and(eq(messages.status, 'pending'), sql`${messages.timestamp} <= ${staleCutoff()}`))
        .returning({ id: messages.id });
      if (failed.length) log.warn('answers interrupted by a stopped process marked failed', { count: failed.length });
      return failed.length;
    },

    /** Answers still being produced (shutdown waits for them). */
    inFlight: () => [...running.values()].map((r) => r.run.result.catch(() => {})),
  };
}

export type ChatService = ReturnType<typeof createChatService>;
