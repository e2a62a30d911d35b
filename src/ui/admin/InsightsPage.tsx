import type { ReactNode } from 'react';
import type { InsightsDTO, ReadingSummaryDTO, WindowCounts } from '../../insights';
import { previewText } from '../../knowledge';
import { formatSa } from '../../lib/sa-time';

// /admin/insights (beyond the spec): searches that found nothing, questions the assistant did not understand,
// answers rated down, the most-read articles and the mail outbox, each a table with links to write or edit an
// article.

const when = (at: string | Date | null) => (at ? formatSa(at, 'shortDateTime') : '—');
const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);
const draftLink = (title: string) => `/knowledge-admin?draft=${encodeURIComponent(clip(title.trim(), 200))}`;
const editLink = (id: string) => `/knowledge-admin?edit=${encodeURIComponent(id)}`;

function Section({
  id,
  title,
  description,
  counts,
  children,
}: {
  id: string;
  title: string;
  description: string;
  counts?: WindowCounts;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="card space-y-3 p-4 sm:p-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={id} className="text-lg font-semibold">
          {title}
        </h2>
        {counts && (
          <p className="text-sm text-muted-foreground" data-testid={`${id}-counts`}>
            Last 7 days: <strong className="text-foreground">{counts.last7}</strong> · Last 30 days:{' '}
            <strong className="text-foreground">{counts.last30}</strong>
          </p>
        )}
      </div>
      <p className="text-sm text-muted-foreground">{description}</p>
      {children}
    </section>
  );
}

function Table({ label, head, rows, empty }: { label: string; head: string[]; rows: ReactNode[][]; empty: string }) {
  if (!rows.length) return <p className="py-4 text-sm text-muted-foreground">{empty}</p>;
  return (
    <div className="-mx-4 overflow-x-auto sm:mx-0" tabIndex={0} role="region" aria-label={label}>
      <table className="w-full min-w-[40rem] text-left text-sm">
        <thead className="border-b text-muted-foreground">
          <tr>
            {head.map((h) => (
              <th key={h} scope="col" className="px-3 py-2 font-medium">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((cells, i) => (
            <tr key={i} className="border-b align-top last:border-0">
              {cells.map((cell, j) => (
                <td key={j} className="px-3 py-2">
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const A = ({ href, children }: { href: string; children: ReactNode }) => (
  <a href={href} className="font-medium text-primary underline-offset-2 hover:underline">
    {children}
  </a>
);

const OUTCOMES: Record<string, string> = {
  'dont-know': "Didn't know",
  asked: 'Asked back',
  calculated: 'Calculated',
  answered: 'Answered from an article',
  refused: 'Declined',
  greeted: 'Greeted',
};

/** A stored reading in a few words: intent and topic, what decided, the confidence and the facts read. */
function ReadingCell({ r }: { r: ReadingSummaryDTO | null }) {
  if (!r) return <span className="text-muted-foreground">Not recorded</span>;
  const facts = Object.entries(r.slots).map(
    ([k, v]) =>
      `${k}: ${Array.isArray(v) ? v.map((a: { role: string; value: number; period?: string }) => `${a.role} R${a.value}${a.period ? ` ${a.period}` : ''}`).join(', ') : String(v)}`,
  );
  return (
    <div className="space-y-1 text-xs" data-testid="reading">
      <div>
        <strong className="text-foreground">{r.intent}</strong>
        {` · ${[r.topic, `${Math.round(r.confidence * 100)}%`, r.decidedBy].filter(Boolean).join(' · ')}`}
      </div>
      <div className="text-muted-foreground">{facts.length ? facts.join('; ') : 'no facts read'}</div>
    </div>
  );
}

/** /admin/insights: what users looked for and did not find, what they read, and the mail the product sent. */
export function InsightsPage({ r }: { r: InsightsDTO }) {
  const statuses = Object.entries(r.outbox.byStatus);
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold">Insights</h1>
        <p className="text-muted-foreground">
          What users looked for and did not find, what they read, and the mail the product sent. Counts cover the last 7 and 30 days;
          searches and reads count people, not repeats.
        </p>
      </div>

      <Section
        id="misses"
        title="Searches that found nothing"
        description="Knowledge base searches with no result, counted in people who searched: candidates for a new article or more keywords."
        counts={r.searchMisses.total}
      >
        <Table
          label="Searches that found nothing"
          head={['Search', 'Last 7 days', 'Last 30 days', 'Last seen', '']}
          empty="No empty searches in the last 30 days."
          rows={r.searchMisses.rows.map((m) => [
            m.query,
            m.last7,
            m.last30,
            when(m.lastSeen),
            <A href={draftLink(m.query)}>Write an article</A>,
          ])}
        />
      </Section>

      <Section
        id="unanswered"
        title="Questions the assistant did not understand"
        description="Questions the assistant answered with “I don't know”, asked back about, or read with low confidence, with what it understood: gaps in the knowledge base or in the assistant's corpus."
        counts={r.unanswered.total}
      >
        <Table
          label="Questions the assistant did not understand"
          head={['Question', 'What it understood', 'Outcome', 'Last 7 days', 'Last 30 days', 'Last asked', '']}
          empty="Every question in the last 30 days was understood and answered."
          rows={r.unanswered.rows.map((u) => [
            clip(u.question, 300),
            <ReadingCell r={u.reading} />,
            OUTCOMES[u.outcome ?? ''] ?? '—',
            u.last7,
            u.last30,
            when(u.lastAsked),
            // A misread calculation is a gap in the assistant's corpus, and a declined question is not about payroll: no article to write.
            u.reading?.topic || u.reading?.intent === 'off-topic' ? '—' : <A href={draftLink(u.question)}>Write an article</A>,
          ])}
        />
      </Section>

      <Section
        id="down"
        title="Answers rated down"
        description="Answers a user marked as unhelpful, with their comment and the articles the answer cited."
        counts={r.downRated.total}
      >
        <Table
          label="Answers rated down"
          head={['Question', 'Answer', 'Engine', 'Comment', 'Sources', 'When']}
          empty="No answers were rated down in the last 30 days."
          rows={r.downRated.rows.map((d) => [
            <>
              {clip(d.question, 200)}
              <div className="mt-1">
                <A href={draftLink(d.question)}>Write an article</A>
              </div>
            </>,
            previewText(d.answer, 400),
            d.engine ?? '—',
            d.comment ?? '—',
            d.sources.length ? (
              <ul className="space-y-1">
                {d.sources.map((s) => (
                  <li key={s.id}>
                    <A href={editLink(s.id)}>Edit “{s.title}”</A>
                  </li>
                ))}
              </ul>
            ) : (
              'None'
            ),
            when(d.at),
          ])}
        />
      </Section>

      <Section
        id="read"
        title="Most-read articles"
        description="Articles by how many people read them, on the knowledge base and through the API."
        counts={r.mostRead.total}
      >
        <Table
          label="Most-read articles"
          head={['Article', 'Last 7 days', 'Last 30 days', '']}
          empty="No articles were read in the last 30 days."
          rows={r.mostRead.rows.map((a) => [
            <A href={`/knowledge/article/${encodeURIComponent(a.id)}`}>{a.title}</A>,
            a.last7,
            a.last30,
            <A href={editLink(a.id)}>Edit</A>,
          ])}
        />
      </Section>

      <Section id="outbox" title="Mail outbox" description="The most recent mail and whether it was delivered (bodies are not shown).">
        {statuses.length > 0 && (
          <p className="text-sm text-muted-foreground" data-testid="outbox-counts">
            {statuses.map(([s, c]) => `${s}: ${c.last7} in 7 days, ${c.last30} in 30 days`).join(' · ')}
          </p>
        )}
        <Table
          label="Mail outbox"
          head={['To', 'Subject', 'State', 'Attempts', 'Last error', 'Created', 'Sent']}
          empty="No mail has been sent."
          rows={r.outbox.rows.map((m) => [m.to, m.subject, m.status, m.attempts, m.lastError ?? '—', when(m.createdAt), when(m.sentAt)])}
        />
      </Section>
    </div>
  );
}
