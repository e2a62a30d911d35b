/**
 * The deadlines as an iCalendar feed (RFC 5545), written by ical-generator: one all-day event per deadline, a UID
 * made of its kind and period (so a calendar app's re-fetch replaces an event instead of adding another), CRLF
 * lines folded at 75 octets and escaped text. Pure: `now` (DTSTAMP) and the site's address are arguments.
 */
import ical from 'ical-generator';
import { dayLabel } from '../payroll';
import { articlePath } from './articles';
import type { CalendarDeadline } from './deadlines';

export const ICS_CONTENT_TYPE = 'text/calendar; charset=utf-8';
export const CALENDAR_NAME = 'PayeWise: payroll deadlines';

/** "emp201-2026-11@payewise" ("pay-day-2026-11-client-7@payewise" for a client's): the same deadline always has the same UID. */
export const eventUid = (d: Pick<CalendarDeadline, 'kind' | 'covers' | 'clientId'>) =>
  `${d.kind}-${d.covers.replace(/[^0-9A-Za-z-]/g, '-')}${d.clientId ? `-client-${d.clientId}` : ''}@payewise`;

const utcMidnight = (iso: string) => new Date(`${iso}T00:00:00Z`);

/** The feed's text. `baseUrl` is the site's origin (PUBLIC_URL or the request's), for the articles' absolute links. */
export function toIcs(deadlines: readonly CalendarDeadline[], opts: { now: Date; baseUrl: string }): string {
  const base = opts.baseUrl.replace(/\/+$/, '');
  const cal = ical({
    name: CALENDAR_NAME,
    prodId: { company: 'PayeWise', product: 'Compliance calendar', language: 'EN' },
    scale: 'GREGORIAN',
  });
  for (const d of deadlines) {
    const start = utcMidnight(d.date);
    const lines = [
      d.due,
      `Due ${dayLabel(d.date)}.`,
      ...(d.caveat ? [`Note: ${d.caveat}`] : []),
      `Read more: ${base}${articlePath(d.articleSlug)}`,
    ];
    cal.createEvent({
      id: eventUid(d),
      start,
      end: new Date(start.getTime() + 86_400_000),
      allDay: true,
      stamp: opts.now,
      summary: d.title,
      description: lines.join('\n'),
      url: `${base}${articlePath(d.articleSlug)}`,
    });
  }
  return `${cal.toString()}\r\n`;
}
