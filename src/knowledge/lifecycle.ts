// The rules of the content lifecycle, free of I/O: who sees what, when an article needs checking, how its dates read.
// The service (service.ts) applies them in SQL and at the edges; decision 013 explains the choices.
import type { Status } from './schemas';
import { longDate, saMidnight } from '../lib/sa-time';

/** "Applies to 2025/26 and 2026/27". */
export function appliesTo(taxYears: string[]): string | null {
  if (!taxYears.length) return null;
  const list = taxYears.length === 1 ? taxYears[0] : `${taxYears.slice(0, -1).join(', ')} and ${taxYears[taxYears.length - 1]}`;
  return `Applies to ${list}`;
}

/** What a reader is told when the article is not for the tax year they are in; null when it is. */
export function yearNotice(taxYears: string[], currentTaxYear: string): string | null {
  if (!taxYears.length || taxYears.includes(currentTaxYear)) return null;
  const newest = [...taxYears].sort().at(-1)!;
  const direction = newest < currentTaxYear ? 'an earlier' : 'a later';
  return `This article is for ${taxYears.join(' and ')}, ${direction} tax year than the current one (${currentTaxYear}). Its figures may not apply today.`;
}

/** A draft item whose time has come, or a staged edit whose time has come: the publish job takes both. */
export const isDue = (publishAt: Date | string | null | undefined, now: Date) =>
  publishAt != null && new Date(publishAt).getTime() <= now.getTime();

export interface ReviewFacts {
  status: Status;
  quotesFigures: boolean;
  taxYears: string[];
  /** The staged edit's tax years, when there is one: an edit prepared for the new year counts. */
  stagedTaxYears: string[] | null;
  lastVerifiedAt: Date | string | null;
  reviewReason: string | null;
}

/**
 * Why an article is in the verification queue (empty: it is not). `latest` is the newest tax year the engine has
 * tables for: adding a year queues every article quoting figures that does not yet cover it.
 */
export function reviewReasons(a: ReviewFacts, opts: { latest: string; before?: string }): string[] {
  if (a.status === 'archived') return [];
  const reasons: string[] = [];
  if (!a.lastVerifiedAt) reasons.push('Never verified');
  else if (opts.before && new Date(a.lastVerifiedAt).getTime() < saMidnight(opts.before).getTime())
    reasons.push(`Last verified on ${longDate(a.lastVerifiedAt)}, before ${longDate(`${opts.before}T12:00:00+02:00`)}`);
  if (a.quotesFigures && !a.taxYears.includes(opts.latest) && !(a.stagedTaxYears ?? []).includes(opts.latest))
    reasons.push(`Quotes tax-year figures but does not cover ${opts.latest}, the newest tax year`);
  if (a.reviewReason) reasons.push(a.reviewReason);
  return reasons;
}
