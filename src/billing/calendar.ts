// A subscription's calendar: monthly charge days from an anchor day. The South African day helpers are
// src/lib/sa-time.ts's.
const DAY_MS = 86_400_000;

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
