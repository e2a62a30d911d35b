import { useState, type FormEvent } from 'react';
import type { ConversationDTO, HistoryHitDTO } from '../src/schemas/chat';
import { call, errorMessage } from './api';
import { API } from './endpoints';
import { toast } from './toast';

// The user's conversations: New chat, search over the history, open, rename, delete.
// Opening one is a full page load of /chat?c=<id>: the server renders its history.

const fail = (err: unknown, fallback: string) =>
  toast({ title: 'Error', description: errorMessage(err, fallback), variant: 'destructive' });

function HistorySearch() {
  const [q, setQ] = useState('');
  const [hits, setHits] = useState<HistoryHitDTO[] | null>(null);
  async function search(e: FormEvent) {
    e.preventDefault();
    if (q.trim().length < 2) return setHits(null);
    try {
      setHits(await call(API.searchHistory, { query: { q: q.trim() } }));
    } catch (err) {
      fail(err, 'Search failed');
    }
  }
  return (
    <>
      <form role="search" onSubmit={search} className="flex gap-2">
        <label htmlFor="history-search" className="sr-only">
          Search your chats
        </label>
        <input
          id="history-search"
          className="input h-9"
          type="search"
          placeholder="Search your chats"
          value={q}
          onChange={(e) => setQ(e.target.value)}
        />
        <button type="submit" className="btn btn-outline btn-sm h-9">
          Search
        </button>
      </form>
      <div aria-live="polite">
        {hits && (
          <>
            <p className="text-xs text-muted-foreground">{hits.length === 1 ? '1 result' : `${hits.length} results`}</p>
            <ul className="max-h-64 space-y-1 overflow-y-auto">
              {hits.map((h) => (
                <li key={h.messageId}>
                  <a
                    href={`/chat?c=${h.conversationId}#m-${h.messageId}`}
                    className="block rounded-md p-2 text-sm hover:bg-muted"
                    data-testid="history-hit"
                  >
                    <span className="block font-medium">{h.conversationTitle}</span>
                    {/* The server escapes the snippet; its only markup is <mark>. */}
                    <span className="block text-xs text-muted-foreground" dangerouslySetInnerHTML={{ __html: h.snippet }} />
                  </a>
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    </>
  );
}

export function Conversations({
  list,
  setList,
  current,
}: {
  list: ConversationDTO[];
  setList: (f: (l: ConversationDTO[]) => ConversationDTO[]) => void;
  current: string | null;
}) {
  async function rename(c: ConversationDTO) {
    const title = window.prompt('Rename conversation', c.title)?.trim();
    if (!title || title === c.title) return;
    try {
      const updated = await call(API.renameConversation, { params: { id: c.id }, body: { title } });
      setList((l) => l.map((x) => (x.id === c.id ? updated : x)));
    } catch (err) {
      fail(err, 'Failed to rename the conversation');
    }
  }

  async function remove(c: ConversationDTO) {
    if (!window.confirm(`Delete the conversation "${c.title}"? Its messages are deleted too. This cannot be undone.`)) return;
    try {
      await call(API.deleteConversation, { params: { id: c.id } });
      if (c.id === current) window.location.assign('/chat?new=1');
      else {
        setList((l) => l.filter((x) => x.id !== c.id));
        toast({ title: 'Conversation deleted' });
      }
    } catch (err) {
      fail(err, 'Failed to delete the conversation');
    }
  }

  return (
    <nav aria-label="Conversations" className="flex h-full flex-col gap-3">
      <a href="/chat?new=1" className="btn btn-primary w-full">
        New chat
      </a>
      <HistorySearch />
      <ul className="min-h-0 flex-1 space-y-1 overflow-y-auto" data-testid="conversation-list">
        {list.length === 0 && <li className="text-sm text-muted-foreground">No conversations yet.</li>}
        {list.map((c) => (
          <li key={c.id} className={`flex items-center gap-1 rounded-md ${c.id === current ? 'bg-emerald-50' : 'hover:bg-muted'}`}>
            <a
              href={`/chat?c=${c.id}`}
              className="min-w-0 flex-1 px-2 py-2 text-sm"
              aria-current={c.id === current ? 'page' : undefined}
              title={c.clientName ? `${c.title} (${c.clientName})` : c.title}
            >
              <span className="block truncate">{c.title}</span>
              {c.clientName && (
                <span className="block truncate text-xs text-muted-foreground" data-testid="conversation-client-name">
                  {c.clientName}
                </span>
              )}
            </a>
            <button type="button" className="btn btn-ghost btn-sm px-2" aria-label={`Rename ${c.title}`} onClick={() => rename(c)}>
              <span aria-hidden="true">✎</span>
            </button>
            <button type="button" className="btn btn-ghost btn-sm px-2" aria-label={`Delete ${c.title}`} onClick={() => remove(c)}>
              <span aria-hidden="true">×</span>
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
