import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { MAX_MESSAGE_LENGTH, type ChatAllowanceDTO, type ConversationDTO, type HistoryHitDTO, type MessageDTO, type SourceDTO, type ToolCallDTO } from '../src/schemas/chat';
import { renderMarkdown } from '../src/ui/markdown';
import { api, errorMessage } from './api';
import { chatStream, StreamError } from './chat-stream';
import { toast } from './toast';

export interface ChatProps {
  conversations: ConversationDTO[];
  conversationId: string | null;
  messages: MessageDTO[];
  allowance: ChatAllowanceDTO;
  article: SourceDTO | null;
}

const KNOWLEDGE_TOOLS = new Set(['search_knowledge', 'get_article']);
const time = (iso: string) => new Date(iso).toLocaleTimeString('en-ZA', { timeZone: 'Africa/Johannesburg', hour: '2-digit', minute: '2-digit' });
const day = (iso: string) => new Date(iso).toLocaleDateString('en-ZA', { timeZone: 'Africa/Johannesburg' });
const label = (name: string) => ({ paye: 'PAYE', uif: 'UIF', sdl: 'SDL', eti: 'ETI', payslip: 'Net pay', leave: 'Leave', overtime: 'Overtime', notice: 'Notice', 'minimum-wage': 'Minimum wage', 'tax-threshold': 'Tax thresholds' })[name] ?? name;
const show = (v: unknown) => (typeof v === 'number' ? v.toLocaleString('en-ZA', { maximumFractionDigits: 2 }) : typeof v === 'object' ? JSON.stringify(v) : String(v));

function ToolCard({ call }: { call: ToolCallDTO }) {
  const result = (call.result ?? {}) as Record<string, unknown>;
  const figures = Object.entries(result).filter(([k, v]) => k !== 'working' && (typeof v === 'number' || typeof v === 'boolean'));
  return (
    <details className="mt-2 rounded-md border border-border bg-muted/40 text-sm" data-testid="tool-card">
      <summary className="cursor-pointer px-3 py-2 font-medium">
        Calculation: {label(call.name)}
        {call.error ? ' (refused)' : ''}
      </summary>
      <div className="space-y-2 px-3 pb-3">
        <div>
          <h4 className="font-semibold">Inputs</h4>
          <ul className="list-disc pl-5">
            {Object.entries(call.input).map(([k, v]) => (
              <li key={k}>
                {k}: {show(v)}
              </li>
            ))}
          </ul>
        </div>
        {call.error ? (
          <p className="text-destructive">{call.error}</p>
        ) : (
          <div>
            <h4 className="font-semibold">Result</h4>
            <ul className="list-disc pl-5">
              {figures.slice(0, 12).map(([k, v]) => (
                <li key={k}>
                  {k}: {show(v)}
                </li>
              ))}
            </ul>
          </div>
        )}
        {call.working && call.working.length > 0 && (
          <div>
            <h4 className="font-semibold">Working</h4>
            <ol className="list-decimal pl-5">
              {call.working.map((w, i) => (
                <li key={i}>{w}</li>
              ))}
            </ol>
          </div>
        )}
      </div>
    </details>
  );
}

function Feedback({ message, onChange }: { message: MessageDTO; onChange: (m: MessageDTO) => void }) {
  const [comment, setComment] = useState('');
  const [asking, setAsking] = useState(false);
  async function rate(rating: 'up' | 'down', text?: string) {
    try {
      await api('POST', `/api/messages/${message.id}/feedback`, text ? { rating, comment: text } : { rating });
      onChange({ ...message, feedback: rating });
      if (rating === 'down' && text === undefined) setAsking(true);
      else {
        setAsking(false);
        if (text) toast({ title: 'Thank you', description: 'Your feedback was sent.' });
      }
    } catch (err) {
      toast({ title: 'Error', description: errorMessage(err, 'Failed to send feedback'), variant: 'destructive' });
    }
  }
  return (
    <>
      <button type="button" className={`btn btn-ghost btn-sm ${message.feedback === 'up' ? 'text-primary' : ''}`} aria-pressed={message.feedback === 'up'} aria-label="Good answer" onClick={() => rate('up')}>
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round"><path d="M7 10v12" /><path d="M15 5.88 14 10h5.83a2 2 0 0 1 1.92 2.56l-2.33 8A2 2 0 0 1 17.5 22H4a2 2 0 0 1-2-2v-8a2 2 0 0 1 2-2h2.76a2 2 0 0 0 1.79-1.11L12 2a3.13 3.13 0 0 1 3 3.88Z" /></svg>
      </button>
      <button type="button" className={`btn btn-ghost btn-sm ${message.feedback === 'down' ? 'text-destructive' : ''}`} aria-pressed={message.feedback === 'down'} aria-label="Bad answer" onClick={() => rate('down')}>
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4 rotate-180" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round"><path d="M7 10v12" /><path d="M15 5.88 14 10h5.83a2 2 0 0 1 1.92 2.56l-2.33 8A2 2 0 0 1 17.5 22H4a2 2 0 0 1-2-2v-8a2 2 0 0 1 2-2h2.76a2 2 0 0 0 1.79-1.11L12 2a3.13 3.13 0 0 1 3 3.88Z" /></svg>
      </button>
      {asking && (
        <form
          className="mt-2 flex w-full gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            rate('down', comment.trim());
          }}
        >
          <label className="sr-only" htmlFor={`fb-${message.id}`}>
            What was wrong? (optional)
          </label>
          <input id={`fb-${message.id}`} className="input h-8" placeholder="What was wrong? (optional)" value={comment} maxLength={2000} onChange={(e) => setComment(e.target.value)} />
          <button type="submit" className="btn btn-outline btn-sm">
            Send
          </button>
        </form>
      )}
    </>
  );
}

function Bubble({ m, onRetry, onChange, busy }: { m: MessageDTO; onRetry: (answerId: string) => void; onChange: (m: MessageDTO) => void; busy: boolean }) {
  const [copied, setCopied] = useState(false);
  const mine = m.role === 'user';
  const calls = m.toolCalls.filter((c) => !KNOWLEDGE_TOOLS.has(c.name));
  return (
    <li className={`flex ${mine ? 'justify-end' : 'justify-start'}`} data-testid={`message-${m.role}`} data-status={m.status}>
      <article className={`max-w-[92%] rounded-lg px-4 py-3 sm:max-w-[80%] ${mine ? 'bg-primary text-primary-foreground' : 'border border-border bg-white'}`} aria-label={mine ? 'You' : 'Assistant'}>
        <header className={`mb-1 flex items-center gap-2 text-xs ${mine ? 'text-emerald-100' : 'text-muted-foreground'}`}>
          <span className="font-semibold">{mine ? 'You' : 'Assistant'}</span>
          <time dateTime={m.timestamp} title={day(m.timestamp)}>
            {time(m.timestamp)}
          </time>
          {m.status === 'stopped' && <span className="badge bg-amber-100 text-amber-900">Stopped</span>}
        </header>
        {mine ? (
          <p className="whitespace-pre-wrap break-words">{m.content}</p>
        ) : m.status === 'error' ? (
          <div role="alert" className="space-y-2 text-sm">
            <p className="text-destructive">{m.content || 'The assistant could not answer.'}</p>
            <button type="button" className="btn btn-outline btn-sm" disabled={busy} onClick={() => onRetry(m.id)}>
              Retry
            </button>
          </div>
        ) : m.status === 'pending' && !m.content ? (
          <p className="text-sm text-muted-foreground" data-testid="typing">
            <span className="typing-dots" aria-hidden="true">
              <span>.</span>
              <span>.</span>
              <span>.</span>
            </span>{' '}
            PayeWise AI is thinking
          </p>
        ) : (
          <div className="prose-pw max-w-none overflow-x-auto break-words text-sm" dangerouslySetInnerHTML={{ __html: renderMarkdown(m.content) }} />
        )}
        {calls.map((c) => (
          <ToolCard key={c.id} call={c} />
        ))}
        {m.sources.length > 0 && (
          <div className="mt-3 flex flex-wrap gap-2" aria-label="Sources">
            {m.sources.map((s) => (
              <a key={s.id} href={`/knowledge/article/${s.id}`} className="badge border border-border bg-muted text-foreground hover:bg-emerald-50" data-testid="source-chip">
                {s.title}
              </a>
            ))}
          </div>
        )}
        {!mine && m.status !== 'pending' && m.status !== 'error' && m.content && (
          <div className="mt-2 flex flex-wrap items-center gap-1">
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              onClick={async () => {
                try {
                  await navigator.clipboard.writeText(m.content);
                  setCopied(true);
                  setTimeout(() => setCopied(false), 2000);
                } catch {
                  toast({ title: 'Error', description: 'Could not copy to the clipboard', variant: 'destructive' });
                }
              }}
            >
              {copied ? 'Copied' : 'Copy'}
            </button>
            <Feedback message={m} onChange={onChange} />
          </div>
        )}
      </article>
    </li>
  );
}

function Conversations({ list, current, onRename, onDelete }: { list: ConversationDTO[]; current: string | null; onRename: (c: ConversationDTO) => void; onDelete: (c: ConversationDTO) => void }) {
  const [q, setQ] = useState('');
  const [hits, setHits] = useState<HistoryHitDTO[] | null>(null);
  async function search(e: FormEvent) {
    e.preventDefault();
    if (q.trim().length < 2) return setHits(null);
    try {
      setHits(await api<HistoryHitDTO[]>('GET', `/api/conversations/search?q=${encodeURIComponent(q.trim())}`));
    } catch (err) {
      toast({ title: 'Error', description: errorMessage(err, 'Search failed'), variant: 'destructive' });
    }
  }
  return (
    <nav aria-label="Conversations" className="flex h-full flex-col gap-3">
      <a href="/chat?new=1" className="btn btn-primary w-full">
        New chat
      </a>
      <form role="search" onSubmit={search} className="flex gap-2">
        <label htmlFor="history-search" className="sr-only">
          Search your chats
        </label>
        <input id="history-search" className="input h-9" type="search" placeholder="Search your chats" value={q} onChange={(e) => setQ(e.target.value)} />
        <button type="submit" className="btn btn-outline btn-sm h-9">
          Search
        </button>
      </form>
      {hits && (
        <div aria-live="polite">
          <p className="text-xs text-muted-foreground">{hits.length === 1 ? '1 result' : `${hits.length} results`}</p>
          <ul className="space-y-1">
            {hits.map((h) => (
              <li key={h.messageId}>
                <a href={`/chat?c=${h.conversationId}#m-${h.messageId}`} className="block rounded-md p-2 text-sm hover:bg-muted" data-testid="history-hit">
                  <span className="block font-medium">{h.conversationTitle}</span>
                  <span className="block text-xs text-muted-foreground" dangerouslySetInnerHTML={{ __html: h.snippet }} />
                </a>
              </li>
            ))}
          </ul>
        </div>
      )}
      <ul className="min-h-0 flex-1 space-y-1 overflow-y-auto" data-testid="conversation-list">
        {list.length === 0 && <li className="text-sm text-muted-foreground">No conversations yet.</li>}
        {list.map((c) => (
          <li key={c.id} className={`group flex items-center gap-1 rounded-md ${c.id === current ? 'bg-emerald-50' : 'hover:bg-muted'}`}>
            <a href={`/chat?c=${c.id}`} className="min-w-0 flex-1 truncate px-2 py-2 text-sm" aria-current={c.id === current ? 'page' : undefined} title={c.title}>
              {c.title}
            </a>
            <button type="button" className="btn btn-ghost btn-sm px-2" aria-label={`Rename ${c.title}`} onClick={() => onRename(c)}>
              ✎
            </button>
            <button type="button" className="btn btn-ghost btn-sm px-2" aria-label={`Delete ${c.title}`} onClick={() => onDelete(c)}>
              ×
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export default function Chat(props: ChatProps) {
  const [messages, setMessages] = useState<MessageDTO[]>(props.messages);
  const [conversations, setConversations] = useState(props.conversations);
  const [conversationId, setConversationId] = useState<string | null>(props.conversationId);
  const [allowance, setAllowance] = useState(props.allowance);
  const [article, setArticle] = useState<SourceDTO | null>(props.article);
  const [input, setInput] = useState('');
  const [busy, setBusy] = useState(false);
  const [answering, setAnswering] = useState<string | null>(null);
  const [announce, setAnnounce] = useState('');
  const [showList, setShowList] = useState(false);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const stick = useRef(true);

  useEffect(() => {
    const el = listRef.current;
    if (el && stick.current) el.scrollTop = el.scrollHeight;
  }, [messages]);

  const patch = (id: string, f: (m: MessageDTO) => MessageDTO) => setMessages((all) => all.map((m) => (m.id === id ? f(m) : m)));
  const usedUp = allowance.limited && allowance.remaining === 0;

  /** Sends a question (with its optimistic copy) or answers a stored one again (`existing` answer id), reading the stream. */
  async function run(body: Record<string, unknown>, optimistic?: MessageDTO, existing?: string) {
    setBusy(true);
    stick.current = true;
    let answerId = existing ?? `pending-${Date.now()}`;
    if (!existing) {
      const placeholder: MessageDTO = { id: answerId, userId: 0, role: 'assistant', content: '', timestamp: new Date().toISOString(), conversationId: conversationId ?? '', sources: [], toolCalls: [], status: 'pending' };
      setMessages((all) => [...all, ...(optimistic ? [optimistic] : []), placeholder]);
    }
    const placeholderId = answerId;
    try {
      for await (const e of chatStream(body)) {
        if (e.event === 'start') {
          const { question, messageId, conversation, allowance: a } = e.data;
          answerId = messageId;
          setAnswering(messageId);
          setAllowance(a);
          setConversationId(conversation.id);
          setConversations((list) => [conversation, ...list.filter((c) => c.id !== conversation.id)]);
          history.replaceState(null, '', `/chat?c=${conversation.id}`);
          setMessages((all) =>
            all.map((m) => (optimistic && m.id === optimistic.id ? question : m.id === placeholderId ? { ...m, id: messageId, conversationId: conversation.id } : m)),
          );
        } else if (e.event === 'delta') {
          patch(answerId, (m) => ({ ...m, content: m.content + e.data.text }));
        } else if (e.event === 'tool') {
          patch(answerId, (m) => ({ ...m, toolCalls: [...m.toolCalls, e.data.call] }));
        } else if (e.event === 'sources') {
          patch(answerId, (m) => ({ ...m, sources: e.data.sources }));
        } else if (e.event === 'done') {
          const d = e.data;
          patch(answerId, (m) => ({ ...m, content: d.response, sources: d.sources, toolCalls: d.toolCalls, status: d.status }));
          setAnnounce(`The assistant answered${d.status === 'stopped' ? ' (stopped)' : ''}: ${d.response.slice(0, 300)}`);
        } else if (e.event === 'error') {
          patch(answerId, (m) => ({ ...m, content: e.data.message, status: 'error' }));
          setAnnounce(`Error: ${e.data.message}`);
          toast({ title: 'Error', description: e.data.message || 'Failed to send message', variant: 'destructive' });
        }
      }
    } catch (err) {
      const message = err instanceof StreamError ? err.message : errorMessage(err, '');
      if (existing) patch(existing, (m) => ({ ...m, status: 'error', content: message || 'Failed to send message' }));
      else {
        // Refused before anything was stored: the text goes back into the box.
        setMessages((all) => all.filter((m) => m.id !== placeholderId && m.id !== optimistic?.id));
        if (optimistic) setInput((cur) => cur || optimistic.content);
      }
      if (err instanceof StreamError && err.status === 429 && /today/.test(message)) setAllowance((a) => ({ ...a, remaining: 0 }));
      toast({ title: 'Error', description: message || 'Failed to send message', variant: 'destructive' });
    } finally {
      setBusy(false);
      setAnswering(null);
      inputRef.current?.focus();
    }
  }

  function send(e?: FormEvent) {
    e?.preventDefault();
    const text = input.trim();
    if (!text || busy || usedUp) return;
    const message = article ? `[ref:${article.id}] ${text}` : text;
    const optimistic: MessageDTO = { id: `local-${Date.now()}`, userId: 0, role: 'user', content: text, timestamp: new Date().toISOString(), conversationId: conversationId ?? '', sources: [], toolCalls: [], status: 'complete', articleId: article?.id ?? null };
    setInput('');
    setArticle(null);
    void run(conversationId ? { message, conversationId } : { message, newConversation: true }, optimistic);
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
      await api('POST', `/api/messages/${answering}/stop`);
    } catch (err) {
      toast({ title: 'Error', description: errorMessage(err, 'Could not stop the answer'), variant: 'destructive' });
    }
  }

  function retry(answerId: string) {
    const i = messages.findIndex((m) => m.id === answerId);
    const question = i > 0 ? messages[i - 1] : null;
    if (!question || question.role !== 'user') return;
    patch(answerId, (m) => ({ ...m, status: 'pending', content: '', sources: [], toolCalls: [] }));
    void run({ retryOf: question.id }, undefined, answerId);
  }

  async function rename(c: ConversationDTO) {
    const title = window.prompt('Rename conversation', c.title)?.trim();
    if (!title || title === c.title) return;
    try {
      const updated = await api<ConversationDTO>('PATCH', `/api/conversations/${c.id}`, { title });
      setConversations((list) => list.map((x) => (x.id === c.id ? updated : x)));
    } catch (err) {
      toast({ title: 'Error', description: errorMessage(err, 'Failed to rename the conversation'), variant: 'destructive' });
    }
  }

  async function remove(c: ConversationDTO) {
    if (!window.confirm(`Delete the conversation "${c.title}"? Its messages are deleted too. This cannot be undone.`)) return;
    try {
      await api('DELETE', `/api/conversations/${c.id}`);
      setConversations((list) => list.filter((x) => x.id !== c.id));
      if (c.id === conversationId) window.location.href = '/chat?new=1';
      else toast({ title: 'Conversation deleted' });
    } catch (err) {
      toast({ title: 'Error', description: errorMessage(err, 'Failed to delete the conversation'), variant: 'destructive' });
    }
  }

  const blank = input.trim().length === 0;
  return (
    <div className="flex h-[calc(100dvh-5.5rem)] gap-4 sm:h-[calc(100dvh-7rem)]">
      <aside className={`${showList ? 'fixed inset-x-0 top-14 bottom-0 z-30 bg-white p-4' : 'hidden'} w-full shrink-0 md:static md:block md:w-64 md:p-0`} id="chat-conversations">
        <Conversations list={conversations} current={conversationId} onRename={rename} onDelete={remove} />
        {showList && (
          <button type="button" className="btn btn-outline mt-3 w-full md:hidden" onClick={() => setShowList(false)}>
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
            <p className="text-xs text-muted-foreground sm:text-sm">Ask about PAYE, UIF, SDL, ETI, leave and payroll compliance. Answers show their working and cite the knowledge base.</p>
          </div>
          <button type="button" className="btn btn-outline btn-sm md:hidden" aria-expanded={showList} aria-controls="chat-conversations" onClick={() => setShowList(true)}>
            Chats
          </button>
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
              Ask a payroll question in your own words, for example “What PAYE do I deduct on R20 000 a month for a 33-year-old?” or “When is the EMP201 due?”
            </li>
          )}
          {messages.map((m) => (
            <Bubble key={m.id} m={m} busy={busy} onRetry={retry} onChange={(n) => patch(n.id, () => n)} />
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
            <p className="mb-2 inline-flex max-w-full items-center gap-2 rounded-full border border-border bg-muted px-3 py-1 text-sm" data-testid="article-chip">
              <span className="truncate">About: {article.title}</span>
              <button type="button" className="rounded-full px-1 hover:bg-white" aria-label={`Remove the article ${article.title}`} onClick={() => setArticle(null)}>
                ×
              </button>
            </p>
          )}
          <div className="flex items-end gap-2">
            <label htmlFor="chat-input" className="sr-only">
              Your question
            </label>
            <textarea
              id="chat-input"
              ref={inputRef}
              rows={2}
              maxLength={MAX_MESSAGE_LENGTH}
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
