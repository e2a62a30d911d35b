// Final pay when someone leaves: notice pay, severance for a retrenchment, leave paid out, a pro-rata bonus, and
// how each is taxed. Why the job ended is read from the words (retrenched, resigned, dismissed, contract ended).
import { TERMINATION_REASON_WORDS } from '../../lexicon';
import { longestMention } from '../understand/text';
import { amountOf } from '../understand/memory';
import { Builder, convert, rand, round2, setAge, setMedical, setTaxYear, yearLabel } from './shared';
import type { TopicModule } from './types';

type Result = Record<string, number | boolean | string[]>;
const EXAMPLE = 'Retrenchment after 7 years 10 months on R28 000 a month, 12 leave days owed';

/** Why the employment ended, by the most specific words the question uses. */
export function reasonOf(words: string): keyof typeof TERMINATION_REASON_WORDS | undefined {
  let best: keyof typeof TERMINATION_REASON_WORDS | undefined;
  let n = 0;
  for (const [reason, list] of Object.entries(TERMINATION_REASON_WORDS) as [keyof typeof TERMINATION_REASON_WORDS, readonly string[]][]) {
    const m = longestMention(words, list);
    if (m > n) [best, n] = [reason, m];
  }
  return best;
}

export const termination: TopicModule = {
  name: 'termination',
  label: 'the final pay',
  example: EXAMPLE,
  keywords: [
    'retrench',
    'retrenched',
    'retrenchment',
    'severance',
    'final pay',
    'termination',
    'terminate',
    'terminated',
    'resign',
    'resigned',
    'dismissed',
    'fired',
    'leaving',
    'leaves',
    'last day',
    'exit',
    'package',
    'notice pay',
    'pay in lieu',
    'in lieu of notice',
  ],
  uses: [
    'salary',
    'dailyRate',
    'employerRetirement',
    'employerMedical',
    'bonus',
    'monthsEmployed',
    'leaveDays',
    'daysPerWeek',
    'workerType',
    'age',
    'ageBand',
    'taxYear',
  ],
  plan(f, ctx) {
    const b = new Builder(f, ctx);
    const daily = amountOf(f, 'dailyRate');
    const salary = amountOf(f, 'salary');
    if (salary && (salary.period === 'annual' || salary.period === 'fortnightly'))
      b.set('remuneration', convert(salary.value, salary.period, 'monthly'), {});
    else if (salary) b.set('remuneration', salary.value, { from: 'salary', kept: (v) => `pay of ${rand(Number(v))}` });
    else if (daily) b.set('remuneration', daily.value, { from: 'dailyRate', kept: (v) => `${rand(Number(v))} a day` });
    else return { need: 'the pay (a month, a week or a day) and how long the employee worked there', example: EXAMPLE };
    const period = daily && !salary ? 'daily' : salary?.period === 'weekly' ? 'weekly' : 'monthly';
    b.input.period = period;
    if (salary && !salary.period) b.assumed.push(`${rand(salary.value)} is a month's pay`);
    if (f.monthsEmployed === undefined) return { need: 'how long the employee worked there (years and months)', example: EXAMPLE };
    b.input.serviceYears = Math.floor(f.monthsEmployed / 12);
    b.input.serviceMonths = Math.floor(f.monthsEmployed % 12);
    const reason = reasonOf(ctx.words);
    if (!reason)
      return {
        need: 'why the employment ended: retrenchment, resignation, dismissal or the end of a contract (severance is only for a retrenchment)',
        example: EXAMPLE,
      };
    b.input.reason = reason;
    const contrib = round2((amountOf(f, 'employerRetirement')?.value ?? 0) + (amountOf(f, 'employerMedical')?.value ?? 0));
    if (contrib) b.input.employerContributions = contrib;
    b.set('daysPerWeek', f.daysPerWeek, {
      from: 'daysPerWeek',
      kept: (d) => `${d} days a week`,
      assume: { value: 5, words: 'a five-day working week' },
    });
    if (f.workerType) b.input.workerType = f.workerType;
    if (f.leaveDays !== undefined) b.set('leaveDays', f.leaveDays, { from: 'leaveDays', kept: (d) => `${d} leave days owed` });
    else b.assumed.push('no annual leave is owed (tell me the days owed to add the pay-out)');
    const bonus = amountOf(f, 'bonus');
    if (bonus) b.set('proRataBonus', bonus.value, { from: 'bonus', kept: (v) => `a pro-rata bonus of ${rand(Number(v))}` });
    b.assumed.push('the notice is paid instead of worked');
    setAge(b, f);
    setMedical(b, f);
    setTaxYear(b, f, ctx.today);
    return { steps: [{ name: 'termination', input: b.input }], assumed: b.assumed, kept: b.kept };
  },
  describe([call]) {
    const r = call.result as Result;
    const n = (k: string) => Number(r[k]);
    const lines = [
      `**Final pay: ${rand(n('total'))}** before tax (${yearLabel(r.taxYear)}), after ${n('completedYears')} completed year${n('completedYears') === 1 ? '' : 's'} of service`,
      '',
      '| Part | Amount | Tax |',
      '|---|---:|---|',
    ];
    if (n('noticePay') > 0) lines.push(`| Notice pay (${n('noticeWeeks')} weeks) | ${rand(n('noticePay'))} | PAYE as an annual payment |`);
    else lines.push(`| Notice (${n('noticeWeeks')} weeks, worked) | — | ordinary salary |`);
    if (n('severance') > 0)
      lines.push(
        `| Severance (${n('completedYears')} weeks) | ${rand(n('severance'))} | lump-sum table by SARS directive: about ${rand(n('severanceTaxEstimate'))} |`,
      );
    if (n('leavePay') > 0) lines.push(`| Leave pay-out (${n('leaveDays')} days) | ${rand(n('leavePay'))} | PAYE as an annual payment |`);
    if (n('proRataBonus') > 0) lines.push(`| Pro-rata bonus | ${rand(n('proRataBonus'))} | PAYE as an annual payment |`);
    lines.push(
      '',
      `PAYE on the notice pay, leave pay and bonus together: **${rand(n('payeOnAnnualPayments'))}**; UIF on them: ${rand(n('uifEachSide'))} more each side. The employee receives about ${rand(n('netEstimate'))}.`,
    );
    if (n('severance') > 0)
      lines.push(
        '',
        `Severance is a severance benefit: **the employer must get a tax directive from SARS (IRP3(a)) and may not apply the PAYE tables to it**. The ${rand(n('severanceTaxEstimate'))} is an estimate from the lump-sum table (its first R550 000 is taxed at 0% over a lifetime, less earlier lump sums) [VERIFY: the 2027 table is carried unchanged]. Severance is not UIF remuneration and not in the SDL base.`,
      );
    else if (call.input.reason !== 'retrenchment')
      lines.push('', 'No severance is due: it is only for a dismissal for operational requirements (a retrenchment).');
    return lines;
  },
  compared: [
    ['payeOnAnnualPayments', 'PAYE on notice, leave and bonus'],
    ['severanceTaxEstimate', 'Severance tax estimate'],
    ['netEstimate', 'Received after tax'],
  ],
  articles: (calls) => [
    'final pay on termination notice severance leave',
    ...(Number((calls[0]?.result as Result | undefined)?.severance) > 0
      ? ['tax on severance benefits directive']
      : ['leave pay on termination']),
  ],
};
