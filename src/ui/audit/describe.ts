import type { AuditEntryDTO } from '../../schemas/audit';
import { formatSa } from '../../lib/sa-time';
import { plural } from '../../lib/text';

// Audit entries in words: the action, the target and a one-line summary of the details. Actions this table
// does not know (new ones) still read sensibly: their name in words and their details as key: value.

const ACTIONS: Record<string, string> = {
  'user.admin.grant': 'Granted admin rights',
  'user.admin.revoke': 'Removed admin rights',
  'user.trial.extend': 'Extended a trial',
  'knowledge.category.create': 'Created a category',
  'knowledge.category.update': 'Edited a category',
  'knowledge.category.delete': 'Deleted a category',
  'knowledge.item.create': 'Created an article',
  'knowledge.item.update': 'Edited an article',
  'knowledge.item.delete': 'Deleted an article',
  'knowledge.upload': 'Uploaded a file',
  'knowledge.upload.removed': 'Removed an unused upload',
};

/** An action name in words: "Extended a trial" for user.trial.extend; an unknown one as "Knowledge item publish". */
export function actionLabel(action: string): string {
  const known = ACTIONS[action];
  if (known) return known;
  const words = action
    .split(/[._-]+/)
    .filter(Boolean)
    .join(' ');
  return words ? words[0].toUpperCase() + words.slice(1) : action;
}

/** When, in South African time: "27 Nov 2026, 09:14". */
export const saTime = (iso: string) => formatSa(iso, 'shortDateTime');
const saDate = (v: unknown) => {
  if (typeof v !== 'string' || Number.isNaN(Date.parse(v))) return null;
  return formatSa(v, 'shortDate');
};

const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v : null);
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const obj = (v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
export const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

function bytes(n: number) {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(n < 10 * 1024 ? 1 : 0)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}

/** The target in words, where the details name it: "alice" for user:12, the title for an article. */
export function targetLabel(e: Pick<AuditEntryDTO, 'action' | 'target' | 'details'>): string | null {
  const d = e.details ?? {};
  if (e.target?.startsWith('user:')) return str(d.username) ? `User ${d.username}` : `User #${e.target.slice(5)}`;
  if (e.action.startsWith('knowledge.category.')) return str(d.name) ? `Category “${d.name}”` : 'Category';
  if (e.action.startsWith('knowledge.item.')) return str(d.title) ? `Article “${d.title}”` : 'Article';
  if (e.action.startsWith('knowledge.upload')) return str(d.name) ? `File ${d.name}` : 'File';
  return null;
}

function scalar(v: unknown): string {
  if (v === null || v === undefined) return '—';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (Array.isArray(v)) return v.length <= 3 ? v.map(scalar).join(', ') : `${plural(v.length, 'item')}`;
  return JSON.stringify(v);
}

/** Any details as "key: value; key: value" (unknown actions, or known ones with unexpected details). */
function generic(d: Record<string, unknown>): string {
  return Object.entries(d)
    .map(([k, v]) => `${k}: ${scalar(v)}`)
    .join('; ');
}

/** The details in a line a person reads: what changed, from what to what. */
export function summarise(e: Pick<AuditEntryDTO, 'action' | 'details'>): string {
  const d = e.details;
  if (!d || !Object.keys(d).length) return '—';
  const out = ((): string | null => {
    switch (e.action) {
      case 'user.admin.grant':
      case 'user.admin.revoke': {
        const name = str(d.username) ?? 'The user';
        return obj(d.after).isAdmin === true
          ? `${name} is now an admin`
          : obj(d.after).isAdmin === false
            ? `${name} is no longer an admin`
            : null;
      }
      case 'user.trial.extend': {
        const days = num(d.days);
        if (days === null) return null;
        const before = saDate(obj(d.before).trialEndDate);
        const after = saDate(obj(d.after).trialEndDate);
        return [`Trial extended by ${plural(days, 'day')}`, after && `now ends ${after}`, before && `was ${before}`]
          .filter(Boolean)
          .join('; ');
      }
      case 'knowledge.category.create':
      case 'knowledge.category.update':
        return str(d.name) ? `Name: ${d.name}` : null;
      case 'knowledge.category.delete':
        return Array.isArray(d.items)
          ? d.items.length
            ? `Its ${plural(d.items.length, 'article')} deleted with it`
            : 'It held no articles'
          : null;
      case 'knowledge.item.create':
        return str(d.title) ? `“${d.title}”${str(d.categoryId) ? ` in ${d.categoryId}` : ''}` : null;
      case 'knowledge.item.update': {
        if (!Array.isArray(d.fields)) return null;
        const parts = [d.fields.length ? `Changed ${d.fields.map(String).join(', ')}` : 'No fields changed'];
        if (Array.isArray(d.addedAttachments) && d.addedAttachments.length)
          parts.push(`${plural(d.addedAttachments.length, 'attachment')} added`);
        if (Array.isArray(d.removedAttachments) && d.removedAttachments.length)
          parts.push(`${plural(d.removedAttachments.length, 'attachment')} removed`);
        const rest = Object.fromEntries(
          Object.entries(d).filter(([k]) => !['fields', 'addedAttachments', 'removedAttachments'].includes(k)),
        );
        if (Object.keys(rest).length) parts.push(generic(rest));
        return parts.join('; ');
      }
      case 'knowledge.item.delete':
        return str(d.title) ? `“${d.title}”${str(d.categoryId) ? ` from ${d.categoryId}` : ''}` : null;
      case 'knowledge.upload': {
        const size = num(d.size);
        return str(d.name) ? `${d.name}${size !== null ? ` (${bytes(size)})` : ''}` : null;
      }
      case 'knowledge.upload.removed':
        return d.reason === 'never attached' ? 'Never attached to an article' : null;
      default:
        return null;
    }
  })();
  return clip(out ?? generic(d), 300);
}
