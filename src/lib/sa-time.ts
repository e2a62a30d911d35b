// South African time, once for the whole app: UTC+2 all year (no daylight saving). Calendar days are 'yyyy-mm-dd'
// strings; instants are shown in the formats the screens use. Pure, and safe in the browser (islands use it too).
export const SA_TIME_ZONE = 'Africa/Johannesburg';
const SA_OFFSET_MS = 2 * 3_600_000;
const DAY_MS = 86_400_000;

/** The South African calendar day of an instant. */
export const saDate = (at: Date): string => new Date(at.getTime() + SA_OFFSET_MS).toISOString().slice(0, 10);

/** The instant a South African day starts. */
export const saMidnight = (day: string): Date => new Date(Date.parse(`${day}T00:00:00+02:00`));

/** The calendar day in South Africa and the moment it ends. */
export function saDay(now: Date): { day: string; endsAt: Date } {
  const day = saDate(now);
  return { day, endsAt: new Date(saMidnight(day).getTime() + DAY_MS) };
}

/** The South African day of a stored date (an ISO instant or a bare day), or null when unreadable. */
export function dayOf(stored: string | null | undefined): string | null {
  if (!stored) return null;
  if (/^\d{4}-\d{2}-\d{2}$/.test(stored)) return stored;
  const t = Date.parse(stored);
  return Number.isNaN(t) ? null : saDate(new Date(t));
}

/** ISO 8601 in South African time without milliseconds: "2026-11-27T19:05:00+02:00". */
export const saTimestamp = (at: Date): string => `${new Date(at.getTime() + SA_OFFSET_MS).toISOString().slice(0, 19)}+02:00`;

const zoned = (locale: string, options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat(locale, { timeZone: SA_TIME_ZONE, ...options });
const FORMATS = {
  /** "27 November 2026" */
  longDate: zoned('en-GB', { day: 'numeric', month: 'long', year: 'numeric' }),
  /** "27 November 2026 at 19:05" (longDateTime below says it with a comma) */
  longDateTime: zoned('en-GB', { day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }),
  /** "27 Nov 2026" */
  shortDate: zoned('en-ZA', { day: 'numeric', month: 'short', year: 'numeric' }),
  /** "27 Nov 2026, 19:05" */
  shortDateTime: zoned('en-ZA', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }),
  /** "2026/11/27" */
  numericDate: zoned('en-ZA', {}),
  /** "19:05" */
  time: zoned('en-ZA', { hour: '2-digit', minute: '2-digit' }),
} as const;
export type SaFormat = keyof typeof FORMATS;

/** An instant (Date, ISO string or epoch ms) in South African time, in one of the app's formats. */
export const formatSa = (at: Date | string | number, format: SaFormat): string => FORMATS[format].format(new Date(at));

/** "1 March 2027, 00:00" in South African time. */
/** "27 November 2026" */
export const longDate = (at: Date | string) => formatSa(at, 'longDate');

export const longDateTime = (at: Date | string) => formatSa(at, 'longDateTime').replace(' at ', ', ');

/** en-ZA date, e.g. 2026/11/28. Empty for missing or unreadable dates. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return formatSa(d, 'numericDate');
}
