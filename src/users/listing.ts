// Pure helpers of the user-management table, shared by the server (defaults, bounds) and the island.
import { SORT_COLUMNS, type SortColumn } from '../schemas/users';

export { SORT_COLUMNS, type SortColumn };
export type SortDir = 'asc' | 'desc';
export interface SortState {
  column: SortColumn | null;
  dir: SortDir;
}

/** Spec: clicking the sorted column flips its direction; another column starts ascending. */
export function nextSort(current: SortState, column: SortColumn): SortState {
  if (current.column === column) return { column, dir: current.dir === 'asc' ? 'desc' : 'asc' };
  return { column, dir: 'asc' };
}

export const ariaSort = (s: SortState, column: SortColumn): 'ascending' | 'descending' | 'none' =>
  s.column !== column ? 'none' : s.dir === 'asc' ? 'ascending' : 'descending';

const UNITS: [limit: number, seconds: number, name: string][] = [
  [60, 1, 'second'],
  [3600, 60, 'minute'],
  [86_400, 3600, 'hour'],
  [2_592_000, 86_400, 'day'],
  [31_536_000, 2_592_000, 'month'],
  [Infinity, 31_536_000, 'year'],
];

/** Spec: last login as relative time ('3 days ago'), 'Never' when absent, 'Invalid date' when unreadable. */
export function relativeTime(value: string | null | undefined, now: Date): string {
  if (value === null || value === undefined || value === '') return 'Never';
  const t = Date.parse(value);
  if (Number.isNaN(t)) return 'Invalid date';
  const diff = Math.round((now.getTime() - t) / 1000);
  const abs = Math.abs(diff);
  if (abs < 45) return diff >= 0 ? 'just now' : 'in a moment';
  const [, unit, name] = UNITS.find(([limit]) => abs < limit)!;
  const n = Math.max(1, Math.round(abs / unit));
  const phrase = `${n} ${name}${n === 1 ? '' : 's'}`;
  return diff >= 0 ? `${phrase} ago` : `in ${phrase}`;
}

/** A search filters when it holds something besides spaces. */
export const normalizeQuery = (q: string | null | undefined) => (q ?? '').trim().slice(0, 100);
