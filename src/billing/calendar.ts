// Calendar days in South Africa (UTC+2 all year, no daylight saving) as 'yyyy-mm-dd' strings. Pure.
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

const daysInMonth = (year: number, month0: number) => new Date(Date.UTC(year, month0 + 1, 0)).getUTCDate();

/** `months` after `anchor` on the anchor's day of the month, or the month's last day when it is shorter (31 Jan + 1 → 28 Feb). */
export function addMonths(anchor: string, months: number): string {
  const [y, m, d] = anchor.split('-').map(Number);
  const total = y * 12 + (m - 1) + months;
  const year = Math.floor(total / 12);
  const month0 = total % 12;
  const day = Math.min(d, daysInMonth(year, month0));
  return `${String(year).padStart(4, '0')}-${String(month0 + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The first monthly charge day of a subscription anchored on `anchor` that falls after `after`. */
export function nextChargeAfter(anchor: string, after: string): string {
  const [ay, am] = anchor.split('-').map(Number);
  const [by, bm] = after.split('-').map(Number);
  // Start a month before the whole-month distance and step: at most a few iterations.
  for (let k = Math.max(1, (by - ay) * 12 + (bm - am) - 1); ; k++) {
    const day = addMonths(anchor, k);
    if (day > after) return day;
  }
}

/** Whole days from `from` to `to` (both 'yyyy-mm-dd'). */
export const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS);
