// Deadline reminder e-mails (issue 27), the rules free of I/O: when a reminder is due and what it says. The service
// (service.ts) finds who gets which, claims each once in SQL and stages the mail in the outbox.
import { articlePath, type CalendarDeadline } from '../calendar';
import { addDays, dayLabel, isBusinessDay, type IsoDate } from '../payroll';

export const DEFAULT_DAYS_BEFORE = 3;

/** The day `daysBefore` business days before `due` (weekends and public holidays skipped); 0 is the day itself. */
export function reminderDate(due: IsoDate, daysBefore: number): IsoDate {
  if (!Number.isInteger(daysBefore) || daysBefore < 0) throw new RangeError('daysBefore must be a whole number of business days');
  let day = due;
  for (let n = 0; n < daysBefore;) {
    day = addDays(day, -1);
    if (isBusinessDay(day)) n++;
  }
  return day;
}

/** Whether the reminder for a deadline due on `due` is to be sent on `today`: its day has come and the deadline has not passed. */
export const isReminderDue = (due: IsoDate, daysBefore: number, today: IsoDate) => reminderDate(due, daysBefore) <= today && today <= due;

/**
 * Calendar days ahead the job must look for deadlines whose reminder may be due today: `daysBefore` business days
 * is never more than this many calendar days (a week has 5 business days; public holidays add a few).
 */
export const lookAheadDays = (daysBefore: number) => Math.ceil(daysBefore / 5) * 7 + 7;

/** The client a reminder is for (none: the user's own). */
export interface ReminderClient {
  id: number;
  name: string;
}

/** "Due Monday 7 December 2026: EMP201 for November 2026 — Acme (Pty) Ltd". */
export const reminderSubject = (d: CalendarDeadline, client?: ReminderClient | null) =>
  `Due ${dayLabel(d.date)}: ${d.title}${client ? ` — ${client.name}` : ''}`;

/** The plain-text mail: what is due and when, the caveat, the article's and the unsubscribe link. `baseUrl` has no trailing slash. */
export function reminderText(
  d: CalendarDeadline,
  opts: { client?: ReminderClient | null; today: IsoDate; baseUrl: string; unsubscribeUrl: string },
): string {
  const when = opts.today === d.date ? 'today' : `on ${dayLabel(d.date)}`;
  return [
    `${d.title}${opts.client ? ` for ${opts.client.name}` : ''} is due ${when}.`,
    '',
    d.due,
    ...(d.caveat ? ['', `Please note: ${d.caveat}`] : []),
    '',
    `What to do and how: ${opts.baseUrl}${articlePath(d.articleSlug)}`,
    `Your compliance calendar: ${opts.baseUrl}/calendar`,
    '',
    '--',
    'You receive this because you turned on deadline reminders in PayeWise. Change them on your calendar page, or stop them all:',
    opts.unsubscribeUrl,
    '',
  ].join('\n');
}

export const unsubscribeUrlFor = (baseUrl: string, token: string) => `${baseUrl}/reminders/unsubscribe/${token}`;

/** RFC 2369 and RFC 8058: mail programs offer their own unsubscribe button, which POSTs to the link (one click). */
export const unsubscribeHeaders = (unsubscribeUrl: string) => ({
  'List-Unsubscribe': `<${unsubscribeUrl}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
});
