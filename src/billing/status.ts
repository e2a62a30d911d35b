// Pure helpers for showing a subscription; the PayFast state machine lives beside them.
const DAY = 86_400_000;

/** Days until the trial end, rounded up, never below 0 (spec §2). */
export function trialDaysLeft(trialEndDate: string | null | undefined, now: Date): number {
  if (!trialEndDate) return 0;
  const end = Date.parse(trialEndDate);
  if (Number.isNaN(end)) return 0;
  return Math.max(0, Math.ceil((end - now.getTime()) / DAY));
}

export interface StatusBadge {
  label: string;
  tone: 'green' | 'blue' | 'red' | 'yellow' | 'gray';
}

/** The badge colours, for the server's pages and the islands alike. */
export const BADGE_TONES: Record<StatusBadge['tone'], string> = {
  green: 'bg-green-100 text-green-800',
  blue: 'bg-blue-100 text-blue-800',
  red: 'bg-red-100 text-red-800',
  yellow: 'bg-yellow-100 text-yellow-800',
  gray: 'bg-slate-100 text-slate-700',
};

/** Spec §4: active green 'Active', trialing blue 'Trial', canceled red, pending yellow, missing 'Unknown', other as-is. */
export function statusBadge(status: string | null | undefined): StatusBadge {
  switch (status) {
    case 'active':
      return { label: 'Active', tone: 'green' };
    case 'trialing':
      return { label: 'Trial', tone: 'blue' };
    case 'canceled':
      return { label: 'Canceled', tone: 'red' };
    case 'pending':
      return { label: 'Pending', tone: 'yellow' };
    case null:
    case undefined:
    case '':
      return { label: 'Unknown', tone: 'gray' };
    default:
      return { label: status, tone: 'gray' };
  }
}
