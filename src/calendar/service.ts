// The compliance calendar as the app serves it: the pure deadlines (./deadlines.ts) over the app clock, and the
// private iCalendar feed's secret token (only its SHA-256 is stored, as for sessions). The one part of
// src/calendar that touches the database.
import { eq } from 'drizzle-orm';
import type { DB } from '../../db';
import { calendarFeeds } from '../../db/schema';
import { generateToken, hashToken } from '../lib/tokens';
import type { RateLimiter } from '../auth';
import { AppError } from '../errors';
import { isoDateFromDate, taxYearEnd, taxYearForIsoDate, addDays, monthLabel, type IsoDate } from '../payroll';
import { MAX_CALENDAR_DAYS, type CalendarDeadlineDTO } from '../schemas/calendar';
import { articleIdFor } from './articles';
import { calendarFor, type CalendarClient, type CalendarDeadline } from './deadlines';
import { toIcs } from './ics';

/** Feed fetches per client address per minute (calendar apps poll a few times an hour). */
export const FEED_PER_MINUTE = 60;
const MINUTE = 60_000;

/** The first day of the month `n` months after `day`'s (n may be negative). */
function monthStart(day: IsoDate, n: number): IsoDate {
  const total = Number(day.slice(0, 4)) * 12 + Number(day.slice(5, 7)) - 1 + n;
  return `${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, '0')}-01`;
}
/** The last day of the month `n` months after `day`'s. */
const monthEnd = (day: IsoDate, n: number): IsoDate => addDays(monthStart(day, n + 1), -1);
const daysBetween = (a: IsoDate, b: IsoDate) => Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);

export const toDto = (d: CalendarDeadline): CalendarDeadlineDTO => ({
  date: d.date,
  kind: d.kind,
  title: d.title,
  due: d.due,
  articleId: articleIdFor(d.articleSlug),
  ...(d.caveat ? { caveat: d.caveat } : {}),
  ...(d.clientId ? { clientId: d.clientId } : {}),
});

/** The feed's address for a token: `<site>/calendar/feed/<token>.ics`. */
export const feedUrlFor = (baseUrl: string, token: string) => `${baseUrl.replace(/\/+$/, '')}/calendar/feed/${token}.ics`;
export const FEED_TOKEN_RE = /^[A-Za-z0-9_-]{43}$/;

export function createCalendarService(deps: {
  db: DB;
  clock: () => Date;
  limiter: RateLimiter;
  clientsOf?: (userId: number) => Promise<CalendarClient[]>;
}) {
  const { db, clock, limiter } = deps;
  const today = () => isoDateFromDate(clock());
  return {
    today,
    /** The range asked for, with the defaults (this month and next); a backwards or too long one is a 400. */
    range(q: { from?: string; to?: string }): { from: IsoDate; to: IsoDate } {
      const now = today();
      const from = q.from ?? monthStart(now, 0);
      const to = q.to ?? (q.from ? monthEnd(from, 1) : monthEnd(now, 1));
      if (to < from) throw new AppError('bad_request', `to (${to}) must not be before from (${from})`, { field: 'to' });
      if (daysBetween(from, to) > MAX_CALENDAR_DAYS)
        throw new AppError(
          'bad_request',
          `The calendar answers at most ${MAX_CALENDAR_DAYS} days at a time (${from} to ${to} is ${daysBetween(from, to)}): ask for a shorter range`,
          { field: 'to' },
        );
      return { from, to };
    },
    /** The statutory dates, with the given clients' pay days. */
    deadlines(from: IsoDate, to: IsoDate, clients: readonly CalendarClient[] = []): CalendarDeadline[] {
      return calendarFor(from, to, clients);
    },
    /** The /calendar page's lists: this month, next month, then the rest of the tax year next month is in. */
    overview(clients: readonly CalendarClient[] = []): {
      today: IsoDate;
      sections: { id: string; title: string; items: CalendarDeadline[] }[];
    } {
      const now = today();
      const ty = taxYearForIsoDate(monthStart(now, 1));
      const restFrom = monthStart(now, 2);
      const restTo = taxYearEnd(ty);
      return {
        today: now,
        sections: [
          {
            id: 'this-month',
            title: `This month: ${monthLabel(now.slice(0, 7))}`,
            items: calendarFor(monthStart(now, 0), monthEnd(now, 0), clients),
          },
          {
            id: 'next-month',
            title: `Next month: ${monthLabel(monthStart(now, 1).slice(0, 7))}`,
            items: calendarFor(monthStart(now, 1), monthEnd(now, 1), clients),
          },
          {
            id: 'rest-of-year',
            title: `The rest of the ${ty - 1}/${String(ty % 100).padStart(2, '0')} tax year`,
            items: restFrom <= restTo ? calendarFor(restFrom, restTo) : [],
          },
        ],
      };
    },
    async feedStatus(userId: number): Promise<{ active: boolean; createdAt: string | null }> {
      const [row] = await db.select({ createdAt: calendarFeeds.createdAt }).from(calendarFeeds).where(eq(calendarFeeds.userId, userId));
      return { active: !!row, createdAt: row ? row.createdAt.toISOString() : null };
    },
    /** A new secret for the user's feed, replacing (and so revoking) any earlier one. The token is returned once. */
    async createFeed(userId: number): Promise<string> {
      const token = generateToken();
      const values = { userId, tokenHash: hashToken(token), createdAt: clock() };
      await db
        .insert(calendarFeeds)
        .values(values)
        .onConflictDoUpdate({ target: calendarFeeds.userId, set: { tokenHash: values.tokenHash, createdAt: values.createdAt } });
      return token;
    },
    /** Stops the user's feed; true when there was one. */
    async revokeFeed(userId: number): Promise<boolean> {
      const gone = await db.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId)).returning({ userId: calendarFeeds.userId });
      return gone.length > 0;
    },
    /**
     * The feed's text for a token (no session): from the start of last month to the end of the 13th month ahead.
     * An unknown or revoked token is a 404; more than FEED_PER_MINUTE fetches a minute from one address a 429.
     */
    async feed(token: string, client: string, baseUrl: string): Promise<string> {
      const hits = await limiter.hit(`calendar-feed:client:${client}`, MINUTE);
      if (hits.count > FEED_PER_MINUTE) {
        throw new AppError(
          'rate_limited',
          'Too many calendar requests; try again in a minute',
          undefined,
          Math.max(1, Math.ceil((hits.resetAt.getTime() - clock().getTime()) / 1000)),
        );
      }
      const [row] = FEED_TOKEN_RE.test(token)
        ? await db
            .select({ userId: calendarFeeds.userId })
            .from(calendarFeeds)
            .where(eq(calendarFeeds.tokenHash, hashToken(token)))
        : [];
      if (!row) throw new AppError('not_found', 'No such calendar feed');
      const now = today();
      const clients = (await deps.clientsOf?.(row.userId)) ?? [];
      return toIcs(calendarFor(monthStart(now, -1), monthEnd(now, 13), clients), { now: clock(), baseUrl });
    },
  };
}
export type CalendarService = ReturnType<typeof createCalendarService>;
