import { type CalendarDeadline, type DeadlineKind, articlePath } from '../../calendar';
import { dayLabel } from '../../payroll';
import { Reminders, type RemindersView } from './Reminders';

// /calendar (issue 27): the statutory dates of this month, next month and the rest of the tax year, each with its
// weekday date, what is due, the caveat and its article; then the private iCalendar feed. Works without JavaScript.

const ABOUT: Record<DeadlineKind, string> = {
  emp201: 'the EMP201',
  'uif-declaration': 'UIF declarations',
  'emp501-interim': 'the EMP501 reconciliation',
  'emp501-annual': 'the EMP501 reconciliation',
  irp5: 'IRP5 and IT3(a) certificates',
  'coida-roe': 'the COIDA Return of Earnings',
  'wsp-atr': 'the Skills Development Levy',
  'pay-day': 'the payroll compliance calendar',
};

export interface FeedView {
  active: boolean;
  createdAt: string | null;
  /** The new address, shown once right after it is created. */
  newUrl?: string;
  /** A line to confirm what was just done. */
  notice?: string;
}

function Deadline({ d }: { d: CalendarDeadline }) {
  const id = `d-${d.kind}-${d.covers.replace(/[^0-9A-Za-z]/g, '-')}${d.clientId ? `-c${d.clientId}` : ''}`;
  return (
    <li className="card space-y-1 p-4" aria-labelledby={id}>
      <p className="text-sm font-semibold text-primary">
        <time dateTime={d.date}>{dayLabel(d.date)}</time>
      </p>
      <h3 id={id} className="font-semibold break-words">
        {d.title}
      </h3>
      <p className="break-words">{d.due}</p>
      {d.caveat && (
        <p className="text-sm text-muted-foreground break-words">
          <strong>Note:</strong> {d.caveat}
        </p>
      )}
      <p className="text-sm">
        <a className="underline" href={articlePath(d.articleSlug)}>
          Read about {ABOUT[d.kind]}
        </a>
      </p>
    </li>
  );
}

function Subscribe({ feed }: { feed: FeedView }) {
  return (
    <section aria-labelledby="subscribe-title" className="card space-y-3 p-4 sm:p-5">
      <h2 id="subscribe-title" className="text-lg font-semibold">
        Subscribe in your calendar
      </h2>
      <p>
        Add these deadlines to Google Calendar, Outlook or Apple Calendar with a private address. Your calendar app keeps them up to date;
        an event that changes is replaced, not duplicated.
      </p>
      {feed.notice && (
        <p role="status" className="font-medium">
          {feed.notice}
        </p>
      )}
      {feed.newUrl ? (
        <div className="space-y-2">
          <label htmlFor="feed-url" className="block font-medium">
            Your calendar address (copy it now: it is shown only once)
          </label>
          <input
            id="feed-url"
            type="text"
            readOnly
            value={feed.newUrl}
            className="input w-full min-w-0 font-mono text-sm"
            aria-describedby="feed-help"
          />
          <p id="feed-help" className="text-sm text-muted-foreground break-words">
            Google Calendar: Other calendars, From URL. Outlook: Add calendar, Subscribe from web. Keep the address private: anyone who has
            it can see these dates.
          </p>
        </div>
      ) : feed.active ? (
        <p>
          Your calendar feed is active{feed.createdAt ? ` since ${dayLabel(feed.createdAt.slice(0, 10))}` : ''}. Its address was shown once
          when you created it; a new address stops the old one.
        </p>
      ) : (
        <p>You have no calendar address yet.</p>
      )}
      <div className="flex flex-wrap gap-2">
        <form method="post" action="/calendar/feed">
          <button type="submit" className="btn btn-primary btn-sm">
            {feed.active ? 'Create a new address' : 'Create my calendar address'}
          </button>
        </form>
        {feed.active && (
          <form method="post" action="/calendar/feed/revoke">
            <button type="submit" className="btn btn-outline btn-sm">
              Stop the feed
            </button>
          </form>
        )}
      </div>
    </section>
  );
}

export function CalendarPage({
  sections,
  feed,
  reminders,
}: {
  sections: { id: string; title: string; items: CalendarDeadline[] }[];
  feed: FeedView;
  reminders?: RemindersView;
}) {
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold">Compliance calendar</h1>
        <p className="text-muted-foreground">
          Every statutory payroll date with its actual day: a date on a weekend or public holiday is moved as its rule says.
        </p>
      </div>
      {sections.map((s) => (
        <section key={s.id} aria-labelledby={`${s.id}-title`} className="space-y-3">
          <h2 id={`${s.id}-title`} className="text-lg font-semibold">
            {s.title}
          </h2>
          {s.items.length ? (
            <ol className="space-y-3" aria-labelledby={`${s.id}-title`}>
              {s.items.map((d) => (
                <Deadline key={`${d.kind}:${d.covers}:${d.clientId ?? ''}`} d={d} />
              ))}
            </ol>
          ) : (
            <p className="text-muted-foreground">Nothing falls due.</p>
          )}
        </section>
      ))}
      <Subscribe feed={feed} />
      {reminders && <Reminders view={reminders} />}
    </div>
  );
}
