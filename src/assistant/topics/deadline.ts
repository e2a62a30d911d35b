// A return's due date for the month or tax year asked about (the next one due when none is named).
import { RETURN_NAMES } from '../../lexicon';
import { monthLabel, RETURNS, type ReturnKind } from '../../payroll';
import { longestMention } from '../understand/text';
import { Builder } from './shared';
import type { TopicModule } from './types';

/** The return a question names (the most specific phrase first) that has a due date to work out. */
export function returnNamed(words: string, today: Date): ReturnKind | null {
  const found = RETURN_NAMES.map((r) => ({ name: r.name, n: longestMention(words, r.phrases) }))
    .filter((r) => r.n > 0)
    .sort((a, b) => b.n - a.n)[0];
  // "Provisional tax" alone: the payment due next (the first at the end of August, the second at the end of February).
  if (found?.name === 'provisional') return new Date(today.getTime() + 2 * 3600_000).getUTCMonth() >= 8 ? 'provisional-2' : 'provisional-1';
  return found && (RETURNS as readonly string[]).includes(found.name) ? (found.name as ReturnKind) : null;
}

export const deadline: TopicModule = {
  name: 'deadline',
  label: 'the due date',
  example: 'When is the EMP201 for November due?',
  keywords: ['due', 'deadline', 'due date', 'when', 'by when', 'submit', 'submission'],
  uses: ['month', 'taxYear'],
  plan(f, ctx) {
    const b = new Builder(f, ctx);
    const kind = returnNamed(ctx.words, ctx.today);
    if (!kind)
      return {
        need: 'which return you mean (the EMP201, the EMP501, IRP5 certificates or provisional tax)',
        example: 'When is the EMP201 for November due?',
      };
    b.input.return = kind;
    if (kind === 'emp201' || kind === 'uif-declaration') b.set('month', f.month, { from: 'month', kept: (m) => `the month ${m}` });
    else b.set('taxYear', f.taxYear, { from: 'taxYear', kept: (y) => `the ${y} tax year` });
    return { steps: [{ name: 'deadline', input: b.input }], assumed: b.assumed, kept: b.kept };
  },
  describe([call]) {
    const r = call.result as {
      return: string;
      covers: string;
      dueLabel: string;
      dueDate: string;
      nominal: string;
      rule: string;
      caveat?: string;
    };
    const what: Record<string, string> = {
      emp201: 'The EMP201',
      'uif-declaration': 'The UIF declaration',
      'emp501-interim': 'The interim EMP501',
      'emp501-annual': 'The annual EMP501',
      irp5: 'IRP5 and IT3(a) certificates',
      'provisional-1': 'The first provisional tax payment',
      'provisional-2': 'The second provisional tax payment',
    };
    const covers = /^\d{4}-\d\d$/.test(r.covers) ? ` for ${monthLabel(r.covers)}` : ` for ${r.covers}`;
    const lines = [
      `**${what[r.return] ?? 'It'}${covers} ${r.return === 'irp5' ? 'are' : 'is'} due ${r.return === 'irp5' ? 'by' : 'on'} ${r.dueLabel}.**`,
      r.rule,
    ];
    if (r.nominal !== r.dueDate) lines.push(`(The 7th is not a business day, so the date moves back.)`);
    if (r.caveat) lines.push(`[VERIFY] ${r.caveat}`);
    return lines;
  },
  articles(calls) {
    const kind = String(calls[0]?.input.return ?? 'emp201');
    return [
      kind.startsWith('emp501')
        ? 'EMP501 reconciliation'
        : kind === 'irp5'
          ? 'IRP5 IT3(a) certificates deadlines'
          : kind === 'uif-declaration'
            ? 'UIF declarations uFiling UI-19'
            : kind.startsWith('provisional')
              ? 'provisional tax'
              : 'EMP201 monthly return deadline',
    ];
  },
};
