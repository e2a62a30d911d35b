// The chat screen: the conversation, the streaming answer and its recovery (poll when the stream is lost), the
// allowance and the client picker. One component because the stream's events change all of them; the message, the
// conversation list and the stream reader are files of their own (chat-*.ts).
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { previewText } from '../src/knowledge/snippets';
// Types only: the schema module's values would bring zod into this bundle.
import type { ChatAllowanceDTO, ConversationDTO, MessageDTO, SourceDTO } from '../src/schemas/chat';
import type { ClientDTO } from '../src/schemas/clients';
import { call, errorMessage, urlOf } from './api';
import { API } from './endpoints';
import { Conversations } from './chat-conversations';
import { MessageItem } from './chat-message';
import { chatStream, StreamError } from './chat-stream';
import { toast } from './toast';

export interface ChatProps {
  /** Newest first. */
  conversations: ConversationDTO[];
  /** The open conversation; null for a new chat. */
  conversationId: string | null;
  /** Of the open conversation, oldest first. */
  messages: MessageDTO[];
  allowance: ChatAllowanceDTO;
  /** From /chat?article=<id>: the next question is asked about it. */
  article: SourceDTO | null;
  /** The server's limit on a question's length (MAX_MESSAGE_LENGTH), handed in by the page. */
  maxLength?: number;
}

const LOST = 'The connection was lost before the answer finished. Reload the page to see it.';
const POLL_MS = 2500;
const fail = (description: string) =>
  toast({ title: 'Error', description: description || 'Failed to send message', variant: 'destructive' });
const local = (prefix: string) => `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;

export default function Chat(props: ChatProps) {
  // An answer still being written when the page loaded (the user came back mid-answer): shown as pending, polled.
  const resumed = props.messages.filter((m) => m.role === 'assistant' && m.status === 'pending').at(-1)?.id ?? null;
  const [messages, setMessages] = useState<MessageDTO[]>(props.messages);
  const [conversations, setConversations] = useState(props.conversations);
  const [conversationId, setConversationId] = useState(props.conversationId);
  const [allowance, setAllowance] = useState(props.allowance);
  const [article, setArticle] = useState(props.article);
  const [input, setInput] = useState('');
  const [busy, setBusy] = useState(resumed !== null);
  const [answering, setAnswering] = useState<string | null>(resumed);
  const [announce, setAnnounce] = useState('');
  const [showList, setShowList] = useState(false);
  // The user's client companies, for a new conversation's picker; the chosen one's id ('' for none).
  const [clients, setClients] = useState<Pick<ClientDTO, 'id' | 'name'>[]>([]);
  const [clientId, setClientId] = useState('');
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const drawerRef = useRef<HTMLElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  // Follow the newest message unless the user has scrolled up to read.
  const stick = useRef(true);

  useEffect(() => {
    const target = location.hash.startsWith('#m-') ? document.getElementById(location.hash.slice(1)) : null;
    if (target) {
      stick.current = false;
      target.scrollIntoView({ block: 'start' });
    }
  }, []);

  useEffect(() => {
    const el = listRef.current;
    if (el && stick.current) el.scrollTop = el.scrollHeight;
  }, [messages]);

  useEffect(() => {
    if (!resumed || !props.conversationId) return;
    const timer = setInterval(async () => {
      try {
        const list = await call(API.messages, { query: { conversationId: props.conversationId } });
        const answer = list.find((m) => m.id === resumed);
        if (answer?.status === 'pending') return;
        clearInterval(timer);
        setMessages(list);
        finish();
        if (answer) setAnnounce(`The assistant answered: ${answer.content.slice(0, 300)}`);
      } catch {
        /* try again on the next tick */
      }
    }, POLL_MS);
    return () => clearInterval(timer);
  }, []); // Once, for the answer the page was rendered with.

  useEffect(() => {
    if (props.conversationId) return; // an open conversation keeps the client it was started with
    call(API.clients).then(
      (list) => setClients(list.map((c) => ({ id: c.id, name: c.name }))),
      () => undefined, // no picker then: the question is asked without a client
    );
  }, []);

  useEffect(() => {
    if (showList) drawerRef.current?.querySelector<HTMLElement>('a, button, input')?.focus();
  }, [showList]);

  const patch = (id: string, f: (m: MessageDTO) => MessageDTO) => setMessages((all) => all.map((m) => (m.id === id ? f(m) : m)));
  const usedUp = allowance.limited && allowance.remaining === 0;

  function finish() {
    setBusy(false);
    setAnswering(null);
  }

  /** Asks a new question (`optimistic` is shown at once) or answers a stored one again (`retryId`: its answer), reading the stream. */
  async function run(body: Record<string, unknown>, optimistic?: MessageDTO, retryId?: string) {
    setBusy(true);
    stick.current = true;
    const placeholderId = retryId ?? local('answer');
    let answerId = placeholderId;
    let started = retryId !== undefined;
    let ended = false;
    if (optimistic) {
      const placeholder: MessageDTO = {
        ...optimistic,
        id: placeholderId,
        role: 'assistant',
        content: '',
        status: 'pending',
        articleId: null,
      };
      setMessages((all) => [...all, optimistic, placeholder]);
    }
    try {
      for await (const e of chatStream(body)) {
        if (e.event === 'start') {
          const { question, messageId, conversation } = e.data;
          started = true;
          answerId = messageId;
          setAnswering(messageId);
          setAllowance(e.data.allowance);
          setConversationId(conversation.id);
          setConversations((list) => [conversation, ...list.filter((c) => c.id !== conversation.id)]);
          history.replaceState(null, '', `/chat?c=${conversation.id}`);
          setMessages((all) =>
            all.map((m) =>
              m.id === optimistic?.id ? question : m.id === placeholderId ? { ...m, id: messageId, conversationId: conversation.id } : m,
            ),
          );
        } else if (e.event === 'delta') {
          patch(answerId, (m) => ({ ...m, content: m.content + e.data.text }));
        } else if (e.event === 'tool') {
          patch(answerId, (m) => ({ ...m, toolCalls: [...m.toolCalls, e.data.call] }));
        } else if (e.event === 'sources') {
          patch(answerId, (m) => ({ ...m, sources: e.data.sources }));
        } else if (e.event === 'done') {
          const d = e.data;
          ended = true;
          patch(answerId, (m) => ({ ...m, content: d.response, sources: d.sources, toolCalls: d.toolCalls, status: d.status }));
          setAnnounce(`The assistant answered${d.status === 'stopped' ? ' (stopped)' : ''}: ${previewText(d.response, 300)}`);
        } else if (e.event === 'error') {
          ended = true;
          patch(answerId, (m) => ({ ...m, content: e.data.message, status: 'error' }));
          setAnnounce(`Error: ${e.data.message}`);
          fail(e.data.message);
        }
      }
      if (!ended) throw new Error(LOST);
    } catch (err) {
      const message = err instanceof StreamError ? err.message : !started ? '' : err instanceof TypeError ? LOST : errorMessage(err, LOST);
      const questionId = err instanceof StreamError ? err.questionId : null;
      if (started || questionId) {
        // The question is stored: the error stays under it, with Retry.
        setMessages((all) =>
          all.map((m) =>
            m.id === optimistic?.id && questionId
              ? { ...m, id: questionId }
              : m.id === answerId
                ? { ...m, status: 'error', content: message || 'Failed to send message' }
                : m,
          ),
        );
      } else {
        // Refused before anything was stored: the text goes back into the box.
        setMessages((all) => all.filter((m) => m.id !== placeholderId && m.id !== optimistic?.id));
        if (optimistic) setInput((cur) => cur || optimistic.content);
      }
      if (err instanceof StreamError && err.status === 429 && allowance.limited && /today/i.test(message))
        setAllowance((a) => ({ ...a, remaining: 0 }));
      setAnnounce(`Error: ${message || 'Failed to send message'}`);
      fail(message);
    } finally {
      finish();
      inputRef.current?.focus();
    }
  }

  function send(e?: FormEvent) {
    e?.preventDefault();
    const text = input.trim();
    if (!text || busy || usedUp) return;
    const optimistic: MessageDTO = {
      id: local('question'),
      userId: 0,
      role: 'user',
      content: text,
      timestamp: new Date().toISOString(),
      conversationId: conversationId ?? '',
      sources: [],
      toolCalls: [],
      status: 'complete',
      articleId: article?.id ?? null,
    };
    // The server strips the reference tag and grounds the answer on that article.
    const message = article ? `[ref:${article.id}] ${text}` : text;
    setInput('');
    setArticle(null);
    inputRef.current?.focus();
    const client = clients.some((c) => String(c.id) === clientId) ? { clientId: Number(clientId) } : {};
    void run(conversationId ? { message, conversationId } : { message, newConversation: true, ...client }, optimistic);
  }

  function onKey(e: KeyboardEvent<HTMLTextAreaElement>) {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      send();
    }
  }

  async function stop() {
    if (!answering) return;
    try {
      await call(API.stopAnswer, { params: { id: answering } });
    } catch (err) {
      toast({ title: 'Error', description: errorMessage(err, 'Could not stop the answer'), variant: 'destructive' });
    }
    inputRef.current?.focus();
  }

  function retry(answerId: string) {
    const i = messages.findIndex((m) => m.id === answerId);
    const question = messages[i - 1];
    if (!question || question.role !== 'user') return;
    patch(answerId, (m) => ({ ...m, status: 'pending', content: '', sources: [], toolCalls: [] }));
    void run({ retryOf: question.id }, undefined, answerId);
  }

  function closeList() {
    setShowList(false);
    toggleRef.current?.focus();
  }

  const blank = input.trim().length === 0;
  const clientName = conversations.find((c) => c.id === conversationId)?.clientName;
  return (
    <div className="flex h-[calc(100dvh-5.5rem)] gap-4 sm:h-[calc(100dvh-6.5rem)]">
      <aside
        ref={drawerRef}
        id="chat-conversations"
        className={`${showList ? 'fixed inset-x-0 top-14 bottom-0 z-30 flex flex-col bg-white p-4' : 'hidden'} w-full shrink-0 md:static md:block md:w-64 md:p-0`}
        onKeyDown={(e) => e.key === 'Escape' && showList && closeList()}
      >
        <Conversations list={conversations} setList={setConversations} current={conversationId} />
        {showList && (
          <button type="button" className="btn btn-outline mt-3 w-full md:hidden" onClick={closeList}>
            Close
          </button>
        )}
      </aside>
      <section className="card flex min-w-0 flex-1 flex-col" aria-labelledby="chat-title">
        <header className="flex items-start justify-between gap-2 border-b border-border p-3 sm:p-4">
          <div>
            <h1 id="chat-title" className="text-lg font-bold sm:text-xl">
              PayeWise AI Assistant
            </h1>
            {clientName ? (
              <p className="text-sm font-medium text-primary break-words" data-testid="conversation-client">
                Client: {clientName}
              </p>
            ) : (
              <p className="text-xs text-muted-foreground sm:text-sm">
                Ask about PAYE, UIF, SDL, ETI, leave and payroll compliance. Answers show their working and cite the knowledge base.
              </p>
            )}
          </div>
          <div className="flex shrink-0 flex-wrap justify-end gap-2">
            {/* The whole conversation as a PDF, once it holds an answer. */}
            {conversationId && messages.some((m) => m.role === 'assistant' && (m.status === 'complete' || m.status === 'stopped')) && (
              <a
                href={urlOf(API.conversationPdf, { params: { id: conversationId } })}
                download
                className="btn btn-outline btn-sm"
                aria-label="Download this conversation as PDF"
              >
                Download PDF
              </a>
            )}
            <button
              ref={toggleRef}
              type="button"
              className="btn btn-outline btn-sm md:hidden"
              aria-expanded={showList}
              aria-controls="chat-conversations"
              onClick={() => setShowList(true)}
            >
              Chats
            </button>
          </div>
        </header>
        <ol
          ref={listRef}
          className="min-h-0 flex-1 space-y-4 overflow-y-auto p-3 sm:p-4"
          aria-label="Messages"
          onScroll={(e) => {
            const el = e.currentTarget;
            stick.current = el.scrollHeight - el.scrollTop - el.clientHeight < 80;
          }}
        >
          {messages.length === 0 && (
            <li className="mx-auto max-w-md py-8 text-center text-sm text-muted-foreground">
              Ask a payroll question in your own words, for example “What PAYE do I deduct on R20 000 a month for a 33-year-old?” or “When
              is the EMP201 due?”
            </li>
          )}
          {messages.map((m) => (
            <MessageItem key={m.id} m={m} busy={busy} onRetry={retry} onChange={(n) => patch(n.id, () => n)} />
          ))}
        </ol>
        <div className="sr-only" aria-live="polite" role="status">
          {announce}
        </div>
        <form onSubmit={send} className="border-t border-border p-3 sm:p-4">
          {allowance.limited && (
            <p className="mb-2 text-sm" data-testid="allowance">
              {allowance.remaining === 1 ? '1 question left today' : `${allowance.remaining ?? 0} questions left today`}{' '}
              <a href="/subscription" className="font-medium text-primary underline">
                Upgrade
              </a>
            </p>
          )}
          {article && (
            <p
              className="mb-2 inline-flex max-w-full items-center gap-2 rounded-full border border-border bg-muted px-3 py-1 text-sm"
              data-testid="article-chip"
            >
              <span className="truncate">About: {article.title}</span>
              <button
                type="button"
                className="rounded-full px-1 hover:bg-white"
                aria-label={`Remove the article ${article.title}`}
                onClick={() => setArticle(null)}
              >
                <span aria-hidden="true">×</span>
              </button>
            </p>
          )}
          {!conversationId && clients.length > 0 && (
            <div className="mb-2 flex flex-wrap items-center gap-2">
              <label htmlFor="chat-client" className="label">
                Client
              </label>
              <select
                id="chat-client"
                className="input h-9 w-auto min-w-0 flex-1 sm:max-w-xs"
                value={clientId}
                aria-describedby="chat-client-hint"
                onChange={(e) => setClientId(e.target.value)}
              >
                <option value="">No client</option>
                {clients.map((c) => (
                  <option key={c.id} value={String(c.id)}>
                    {c.name}
                  </option>
                ))}
              </select>
              <span id="chat-client-hint" className="w-full text-xs text-muted-foreground sm:w-auto">
                Answers use its facts.{' '}
                <a href="/clients" className="underline">
                  Clients
                </a>
              </span>
            </div>
          )}
          <div className="flex items-end gap-2">
            <label htmlFor="chat-input" className="sr-only">
              Your question
            </label>
            <textarea
              id="chat-input"
              ref={inputRef}
              rows={2}
              maxLength={props.maxLength}
              className="input min-h-[2.75rem] flex-1 resize-none"
              placeholder={usedUp ? 'No questions left today' : 'Ask a payroll question…'}
              aria-describedby="chat-keys"
              value={input}
              disabled={usedUp}
              onChange={(e) => setInput(e.target.value)}
              onKeyDown={onKey}
            />
            {answering ? (
              <button type="button" className="btn btn-outline" onClick={stop}>
                Stop
              </button>
            ) : (
              <button type="submit" className="btn btn-primary" disabled={blank || busy || usedUp}>
                Send
              </button>
            )}
          </div>
          <p id="chat-keys" className="sr-only">
            Enter sends, Shift+Enter starts a new line.
          </p>
          <p className="mt-2 text-xs text-muted-foreground">
            PayeWise AI can make mistakes. Please verify important tax and compliance details with SARS or a registered tax practitioner.
          </p>
        </form>
      </section>
    </div>
  );
}
