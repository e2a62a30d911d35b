// Dates and times in the knowledge admin are South African (SAST, UTC+2 all year: no daylight saving), whatever
// the browser's own zone. Formatted by hand, not with Intl, so the server's render and the browser's agree.

const SA_OFFSET_MS = 2 * 60 * 60 * 1000;
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const pad = (n: number) => String(n).padStart(2, '0');

/** The wall-clock parts of an instant in South Africa. */
function saParts(at: string | number | Date) {
  const t = typeof at === 'number' ? at : typeof at === 'string' ? Date.parse(at) : at.getTime();
  if (Number.isNaN(t)) return null;
  const d = new Date(t + SA_OFFSET_MS);
  return { y: d.getUTCFullYear(), m: d.getUTCMonth(), d: d.getUTCDate(), h: d.getUTCHours(), min: d.getUTCMinutes() };
}

/** "12 November 2026" */
export function saDate(at: string | null | undefined): string {
  const p = at ? saParts(at) : null;
  return p ? `${p.d} ${MONTHS[p.m]} ${p.y}` : '';
}

/** "12 Nov 2026" */
export function saShortDate(at: string | null | undefined): string {
  const p = at ? saParts(at) : null;
  return p ? `${p.d} ${MONTHS[p.m].slice(0, 3)} ${p.y}` : '';
}

/** "12 November 2026, 14:05" */
export function saDateTime(at: string | null | undefined): string {
  const p = at ? saParts(at) : null;
  return p ? `${p.d} ${MONTHS[p.m]} ${p.y}, ${pad(p.h)}:${pad(p.min)}` : '';
}

/** "2026-11-12T14:05" (an <input type="datetime-local"> value, in South African time). */
export function toSaInput(at: string | number | null | undefined): string {
  const p = at == null ? null : saParts(at);
  return p ? `${p.y}-${pad(p.m + 1)}-${pad(p.d)}T${pad(p.h)}:${pad(p.min)}` : '';
}

/** An <input type="datetime-local"> value read as South African time, as an ISO instant; null when not a time. */
export function fromSaInput(value: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?/.exec(value.trim());
  if (!m) return null;
  const t = Date.parse(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6] ?? '00'}+02:00`);
  return Number.isNaN(t) ? null : new Date(t).toISOString();
}

/** Today in South Africa, "2026-11-12" (an <input type="date"> value). */
export function saToday(now = Date.now()): string {
  return toSaInput(now).slice(0, 10);
}

/** "2026/27" for a moment in the tax year from 1 March 2026 to 28 February 2027. */
export function taxYearOf(at = Date.now()): string {
  const p = saParts(at)!;
  const start = p.m >= 2 ? p.y : p.y - 1;
  return `${start}/${pad((start + 1) % 100)}`;
}

/** "2026/27" → "2025/26" (and +1 → "2027/28"). */
export function shiftTaxYear(label: string, by: number): string | null {
  const m = /^(\d{4})\/\d{2}$/.exec(label);
  if (!m) return null;
  const start = Number(m[1]) + by;
  return `${start}/${pad((start + 1) % 100)}`;
}

/** "13 Nov 2026, 08:00" */
export function saShortDateTime(at: string | null | undefined): string {
  const p = at ? saParts(at) : null;
  return p ? `${p.d} ${MONTHS[p.m].slice(0, 3)} ${p.y}, ${pad(p.h)}:${pad(p.min)}` : '';
}
