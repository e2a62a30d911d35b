import { z } from 'zod';
import { isIsoDate } from '../payroll';

// The compliance calendar's contract (issue 27): GET /api/calendar?from=&to= and the private feed's address.

/** The longest range GET /api/calendar answers, in days. */
export const MAX_CALENDAR_DAYS = 400;

const day = (field: string) =>
  z
    .string({ error: `${field} must be a date written yyyy-mm-dd` })
    .refine((s) => isIsoDate(s), `${field} must be a calendar date written yyyy-mm-dd (e.g. 2026-11-01)`);

/** Both optional: from defaults to the first day of this month, to to the last day of next month. */
export const calendarQuerySchema = z.object({
  from: day('from').optional(),
  to: day('to').optional(),
  /** One client company's calendar: the statutory dates and its pay day. */
  clientId: z.coerce
    .number({ error: 'clientId must be a client company id' })
    .int('clientId must be a client company id')
    .positive('clientId must be a client company id')
    .optional(),
});

export interface CalendarDeadlineDTO {
  date: string;
  kind: string;
  title: string;
  /** What is due, in a sentence. */
  due: string;
  /** The knowledge article: /knowledge/article/<articleId>. */
  articleId: string;
  caveat?: string;
  /** A client company's own date (its pay day). */
  clientId?: number;
}

export interface CalendarDTO {
  from: string;
  to: string;
  deadlines: CalendarDeadlineDTO[];
  /**
   * The private feed's address. Only a hash of its secret is kept, so it is answered once, by POST
   * /api/calendar/feed; here it is null, and `feed` says whether one is active.
   */
  feedUrl: string | null;
  feed: { active: boolean; createdAt: string | null };
}
