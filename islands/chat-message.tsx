import { useState } from 'react';
import type { MessageDTO, ToolCallDTO } from '../src/schemas/chat';
import { markdownTokens, renderAnswer } from '../src/ui/markdown';
import { Amounts } from './amounts';
import { call, errorMessage, urlOf } from './api';
import { API } from './endpoints';
import { clipboardHtml, tokensToText } from './clipboard';
import { writeClipboard } from './copy';
import { FIGURE_KINDS, figureLabel, formatFigure } from './figures';
import { toast } from './toast';
import { formatSa } from '../src/lib/sa-time';

// One message of the chat: the question or the answer with its working, sources, copy and feedback.

const KNOWLEDGE_TOOLS = new Set(['search_knowledge', 'get_article']);
const time = (iso: string) => formatSa(iso, 'time');
const day = (iso: string) => formatSa(iso, 'numericDate');
const TOOL_LABELS: Record<string, string> = {
  paye: 'PAYE',
  uif: 'UIF',
  sdl: 'SDL',
  eti: 'ETI',
  payslip: 'Net pay',
  leave: 'Leave',
  overtime: 'Overtime',
  notice: 'Notice',
  'minimum-wage': 'Minimum wage',
  'tax-threshold': 'Tax thresholds',
  'payslip-check': 'Payslip check',
};

function Figures({ title, entries }: { title: string; entries: [string, unknown][] }) {
  if (entries.length === 0) return null;
  return (
    <div>
      <h4 className="font-semibold">{title}</h4>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3">
        {entries.map(([k, v]) => (
          <div key={k} className="contents">
            <dt className="text-muted-foreground">{figureLabel(k)}</dt>
            {/* A rand amount never breaks at its thousands space ("R342 / 000.00" on a phone). */}
            <dd className={FIGURE_KINDS[k] === 'rands' ? 'whitespace-nowrap' : 'break-words'}>{formatFigure(k, v)}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

function ToolCard({ call }: { call: ToolCallDTO }) {
  const result = (call.result ?? {}) as Record<string, unknown>;
  // The main figures: the numbers and yes/no answers at the top of the result, noughts left out.
  const main = Object.entries(result).filter(([, v]) => (typeof v === 'number' && v !== 0) || typeof v === 'boolean');
  return (
    <details className="mt-2 rounded-md border border-border bg-muted/40 text-sm" data-testid="tool-card">
      <summary className="cursor-pointer px-3 py-2 font-medium">
        Calculation: {TOOL_LABELS[call.name] ?? call.name}
        {call.error ? ' (refused)' : ''}
      </summary>
      <div className="space-y-2 px-3 pb-3">
        <Figures title="Inputs" entries={Object.entries(call.input)} />
        {call.error ? <p className="text-destructive">{call.error}</p> : <Figures title="Result" entries={main} />}
        {call.working && call.working.length > 0 && (
          <div>
            <h4 className="font-semibold">Working</h4>
            <ol className="list-decimal pl-5">
              {call.working.map((w, i) => (
                <li key={i}>
                  <Amounts text={w} />
                </li>
              ))}
            </ol>
          </div>
        )}
      </div>
    </details>
  );
}

const THUMB =
  'M7 10v12M15 5.88 14 10h5.83a2 2 0 0 1 1.92 2.56l-2.33 8A2 2 0 0 1 17.5 22H4a2 2 0 0 1-2-2v-8a2 2 0 0 1 2-2h2.76a2 2 0 0 0 1.79-1.11L12 2a3.13 3.13 0 0 1 3 3.88Z';
const Thumb = ({ down }: { down?: boolean }) => (
  <svg
    aria-hidden="true"
    viewBox="0 0 24 24"
    className={`h-4 w-4 ${down ? 'rotate-180' : ''}`}
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    strokeLinecap="round"
    strokeLinejoin="round"
  >
    <path d={THUMB} />
  </svg>
);

function Feedback({ message, onChange }: { message: MessageDTO; onChange: (m: MessageDTO) => void }) {
  const [comment, setComment] = useState('');
  const [asking, setAsking] = useState(false);
  async function rate(rating: 'up' | 'down', text?: string) {
    try {
      await call(API.feedback, { params: { id: message.id }, body: text ? { rating, comment: text } : { rating } });
      onChange({ ...message, feedback: rating });
      // A thumbs down first records the rating, then offers the optional comment.
      setAsking(rating === 'down' && text === undefined);
      if (text) toast({ title: 'Thank you', description: 'Your feedback was sent.' });
    } catch (err) {
      toast({ title: 'Error', description: errorMessage(err, 'Failed to send feedback'), variant: 'destructive' });
    }
  }
  return (
    <>
      <button
        type="button"
        className={`btn btn-ghost btn-sm ${message.feedback === 'up' ? 'text-primary' : ''}`}
        aria-pressed={message.feedback === 'up'}
        aria-label="Good answer"
        onClick={() => rate('up')}
      >
        <Thumb />
      </button>
      <button
        type="button"
        className={`btn btn-ghost btn-sm ${message.feedback === 'down' ? 'text-destructive' : ''}`}
        aria-pressed={message.feedback === 'down'}
        aria-label="Bad answer"
        onClick={() => rate('down')}
      >
        <Thumb down />
      </button>
      {asking && (
        <form
          className="mt-2 flex w-full gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            void rate('down', comment.trim());
          }}
        >
          <label className="sr-only" htmlFor={`fb-${message.id}`}>
            What was wrong? (optional)
          </label>
          <input
            id={`fb-${message.id}`}
            className="input h-8"
            placeholder="What was wrong? (optional)"
            value={comment}
            maxLength={2000}
            onChange={(e) => setComment(e.target.value)}
            autoFocus
          />
          <button type="submit" className="btn btn-outline btn-sm">
            Send
          </button>
        </form>
      )}
    </>
  );
}

/** Copies the answer (its markdown in `text`) as HTML and plain text: its tables paste into a spreadsheet as cells. */
function CopyButton({ text }: { text: string }) {
  const [copied, setCopied] = useState(false);
  async function copy() {
    try {
      await writeClipboard({ html: clipboardHtml(renderAnswer(text), location.origin), text: tokensToText(markdownTokens(text)) });
      toast({ title: 'Copied', description: 'The answer is on the clipboard.' });
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      toast({ title: 'Error', description: 'Could not copy to the clipboard', variant: 'destructive' });
    }
  }
  return (
    <button type="button" className="btn btn-ghost btn-sm" aria-label={copied ? 'Copied' : 'Copy answer'} onClick={copy}>
      {copied ? 'Copied' : 'Copy'}
    </button>
  );
}

function Typing() {
  return (
    <p className="text-sm text-muted-foreground" data-testid="typing">
      <span className="typing-dots" aria-hidden="true">
        <span>.</span>
        <span>.</span>
        <span>.</span>
      </span>{' '}
      PayeWise AI is thinking
    </p>
  );
}

export function MessageItem({
  m,
  busy,
  onRetry,
  onChange,
}: {
  m: MessageDTO;
  busy: boolean;
  onRetry: (answerId: string) => void;
  onChange: (m: MessageDTO) => void;
}) {
  const mine = m.role === 'user';
  const calls = m.toolCalls.filter((c) => !KNOWLEDGE_TOOLS.has(c.name));
  const finished = !mine && (m.status === 'complete' || m.status === 'stopped') && m.content.length > 0;
  return (
    <li
      id={`m-${m.id}`}
      className={`flex scroll-mt-4 ${mine ? 'justify-end' : 'justify-start'}`}
      data-testid={`message-${m.role}`}
      data-status={m.status}
    >
      <article
        className={`max-w-[92%] min-w-0 rounded-lg px-4 py-3 sm:max-w-[80%] ${mine ? 'bg-primary text-primary-foreground' : 'border border-border bg-white'}`}
        aria-label={mine ? 'You' : 'Assistant'}
      >
        <header className={`mb-1 flex items-center gap-2 text-xs ${mine ? 'text-emerald-100' : 'text-muted-foreground'}`}>
          <span className="font-semibold">{mine ? 'You' : 'Assistant'}</span>
          <time dateTime={m.timestamp} title={day(m.timestamp)}>
            {time(m.timestamp)}
          </time>
          {m.status === 'stopped' && <span className="badge bg-amber-100 text-amber-900">Stopped</span>}
        </header>
        {mine ? (
          <p className="whitespace-pre-wrap break-words">
            <Amounts text={m.content} />
          </p>
        ) : m.status === 'error' ? (
          <div role="alert" className="space-y-2 text-sm">
            <p className="text-destructive">{m.content || 'The assistant could not answer.'}</p>
            <button type="button" className="btn btn-outline btn-sm" disabled={busy} onClick={() => onRetry(m.id)}>
              Retry
            </button>
          </div>
        ) : m.status === 'pending' && !m.content ? (
          <Typing />
        ) : (
          <div
            className="prose-pw max-w-none overflow-x-auto break-words text-sm"
            dangerouslySetInnerHTML={{ __html: renderAnswer(m.content) }}
          />
        )}
        {calls.map((c) => (
          <ToolCard key={c.id} call={c} />
        ))}
        {m.sources.length > 0 && (
          <ul className="mt-3 flex flex-wrap gap-2" aria-label="Sources">
            {m.sources.map((s) => (
              <li key={s.id}>
                <a
                  href={`/knowledge/article/${s.id}`}
                  className="badge border border-border bg-muted text-foreground hover:bg-emerald-50"
                  data-testid="source-chip"
                >
                  {s.title}
                </a>
              </li>
            ))}
          </ul>
        )}
        {finished && (
          <div className="mt-2 flex flex-wrap items-center gap-1">
            <CopyButton text={m.content} />
            <a
              href={urlOf(API.answerPdf, { params: { id: m.id } })}
              download
              className="btn btn-ghost btn-sm"
              aria-label="Download this answer as PDF"
            >
              Download PDF
            </a>
            <Feedback message={m} onChange={onChange} />
          </div>
        )}
      </article>
    </li>
  );
}
