/**
 * What is paid when employment ends, and how each part is taxed (sa-payroll-facts.md §23–§27):
 * notice pay (s37/s38), severance (s41, operational requirements only), leave pay-out (s40), a pro-rata bonus
 * the contract provides. Rates per s35 on GN 691 remuneration (employer contributions count). Notice pay, leave
 * pay and the bonus are annual payments (PAYE by the difference method); severance is a lump sum SARS taxes by
 * directive on the lump-sum table, which is only estimated here.
 */
import { leavePay, noticePeriodWeeks, type WorkerType } from './bcea.js';
import { PayrollError, assertCents } from './errors.js';
import { divRoundHalfUp, formatRand, SCALE } from './money.js';
import { calculatePaye } from './tax.js';
import { getTaxYear, type CompiledBrackets } from './years/index.js';

export const TERMINATION_REASONS = ['resignation', 'dismissal', 'retrenchment', 'end-of-contract'] as const;
export type TerminationReason = (typeof TERMINATION_REASONS)[number];
const REASON_WORDS: Record<TerminationReason, string> = {
  resignation: 'resignation',
  dismissal: 'dismissal',
  retrenchment: 'retrenchment (operational requirements)',
  'end-of-contract': 'the end of a fixed-term contract',
};

/** Tax on a lump sum by the table, scaled cents (exact). */
function lumpSumScaled(t: CompiledBrackets, cents: number): number {
  if (cents <= 0) return 0;
  let i = t.lowerCents.length - 1;
  while (i > 0 && cents <= t.lowerCents[i]) i--;
  return t.baseCents[i] * SCALE + t.rateBp[i] * (cents - t.lowerCents[i]);
}

/** The estimate of tax on a severance benefit: tax(this + earlier lump sums) − tax(earlier), on the lump-sum table. */
export function severanceTaxEstimateCents(taxYear: number, severanceCents: number, earlierLumpSumsCents = 0): number {
  const t = getTaxYear(taxYear).lumpSum;
  return divRoundHalfUp(lumpSumScaled(t, severanceCents + earlierLumpSumsCents) - lumpSumScaled(t, earlierLumpSumsCents), SCALE);
}

export interface TerminationParams {
  taxYear: number;
  /** Pay for one period (monthly, weekly or daily), cents. */
  remunerationCents: number;
  period: 'monthly' | 'weekly' | 'daily';
  /** Employer contributions (pension, provident, medical) for the same period: remuneration under GN 691. */
  employerContributionsCents?: number;
  daysPerWeek: number;
  monthsEmployed: number;
  reason: TerminationReason;
  workerType?: WorkerType;
  /** Notice paid instead of worked (s38); worked notice is ordinary pay. */
  noticePaidInLieu?: boolean;
  /** Annual leave due and not taken, hundredths of a day. */
  leaveDaysHundredths?: number;
  /** A pro-rata bonus or 13th cheque the contract provides, cents. */
  proRataBonusCents?: number;
  /** Age on the last day of the tax year (rebates, and 55+ makes any termination payment a severance benefit). */
  age: number;
  medicalMembers?: number;
  /** Retirement, withdrawal and severance lump sums received before (they use up the table's 0% band). */
  earlierLumpSumsCents?: number;
}

export interface TerminationResult {
  taxYear: number;
  weeklyCents: number;
  dailyCents: number;
  completedYears: number;
  noticeWeeks: number;
  noticePayCents: number;
  severanceCents: number;
  leaveDays: number;
  leavePayCents: number;
  proRataBonusCents: number;
  /** Notice pay + leave pay + pro-rata bonus: annual payments for PAYE. */
  annualPaymentsCents: number;
  /** PAYE on the annual payments (difference method on the regular pay's annual equivalent). */
  annualPaymentsPayeCents: number;
  severanceIsBenefit: boolean;
  /** The lump-sum table estimate; SARS's directive decides. */
  severanceTaxEstimateCents: number;
  /** UIF each side that the annual payments add to a full month's pay (ceiling on the month's total). */
  uifEachSideCents: number;
  totalCents: number;
  /** What the employee receives after the PAYE and the severance tax estimate (and the UIF above). */
  netEstimateCents: number;
  working: string[];
  notes: string[];
}

export function calculateTermination(p: TerminationParams): TerminationResult {
  const year = getTaxYear(p.taxYear);
  assertCents(p.remunerationCents, 'remuneration');
  const contrib = p.employerContributionsCents ?? 0;
  assertCents(contrib, 'employerContributions');
  const bonus = p.proRataBonusCents ?? 0;
  assertCents(bonus, 'proRataBonus');
  if (!(p.monthsEmployed >= 0)) throw new PayrollError('monthsEmployed', 'monthsEmployed must not be negative');
  const workerType = p.workerType ?? 'general';
  const pay = p.remunerationCents + contrib;
  const working: string[] = [];
  const notes: string[] = [];
  const inLieu = p.noticePaidInLieu !== false;

  // The s35 week as an exact fraction of cents, from GN 691 remuneration.
  const [num, den] = p.period === 'monthly' ? [pay * 12, 52] : p.period === 'weekly' ? [pay, 1] : [pay * p.daysPerWeek, 1];
  const weekly = divRoundHalfUp(num, den);
  const daily = divRoundHalfUp(num, den * p.daysPerWeek);
  const payWords =
    contrib > 0
      ? `${formatRand(p.remunerationCents)} + employer contributions ${formatRand(contrib)} = ${formatRand(pay)}`
      : formatRand(pay);
  const per = p.period === 'monthly' ? 'a month' : p.period === 'weekly' ? 'a week' : 'a day';
  working.push(
    `Remuneration (s35, GN 691): ${payWords} ${per}; a week's pay = ${p.period === 'monthly' ? `${formatRand(pay)} × 12 / 52 = ` : p.period === 'daily' ? `${formatRand(pay)} × ${p.daysPerWeek} days = ` : ''}${formatRand(weekly)}`,
  );

  const years = Math.floor(p.monthsEmployed / 12);
  const months = Math.floor(p.monthsEmployed - years * 12);
  working.push(
    `Service: ${years} year${years === 1 ? '' : 's'} ${months} month${months === 1 ? '' : 's'}, ended by ${REASON_WORDS[p.reason]}`,
  );

  const noticeWeeks = noticePeriodWeeks(p.monthsEmployed, workerType);
  const noticePay = inLieu ? divRoundHalfUp(num * noticeWeeks, den) : 0;
  working.push(
    inLieu
      ? `Notice (s37): ${noticeWeeks} week${noticeWeeks === 1 ? '' : 's'}; paid instead of worked (s38): ${noticeWeeks} × ${formatRand(weekly)} = ${formatRand(noticePay)}`
      : `Notice (s37): ${noticeWeeks} week${noticeWeeks === 1 ? '' : 's'}, worked and paid as ordinary salary (not a termination payment)`,
  );

  const severance = p.reason === 'retrenchment' ? divRoundHalfUp(num * years, den) : 0;
  working.push(
    p.reason === 'retrenchment'
      ? `Severance (s41): at least 1 week per completed year: ${years} × ${formatRand(weekly)} = ${formatRand(severance)}`
      : `Severance (s41): not payable: it is due only on dismissal for operational requirements`,
  );
  if (p.reason === 'retrenchment')
    notes.push('Severance is not payable if the employee unreasonably refuses an offer of alternative employment (s41(4))');

  let leaveDays = 0;
  let leavePayCents = 0;
  if (p.leaveDaysHundredths !== undefined && p.leaveDaysHundredths > 0) {
    const l = leavePay({
      remunerationCents: pay,
      period: p.period,
      daysPerWeek: p.daysPerWeek,
      leaveDaysHundredths: p.leaveDaysHundredths,
    });
    leaveDays = l.days;
    leavePayCents = l.valueCents;
    working.push(`Leave pay-out (s40): ${l.days} days × ${formatRand(l.dailyCents)} a day = ${formatRand(l.valueCents)}`);
  } else working.push('Leave pay-out (s40): no leave days given');
  if (bonus > 0) working.push(`Pro-rata bonus per the contract: ${formatRand(bonus)}`);

  // PAYE on the annual payments: the regular pay (salary only) annualised, the payments as a bonus.
  const annualPayments = noticePay + leavePayCents + bonus;
  const [period, regular] =
    p.period === 'monthly'
      ? (['monthly', p.remunerationCents] as const)
      : (['weekly', p.period === 'weekly' ? p.remunerationCents : p.remunerationCents * p.daysPerWeek] as const);
  const paye = calculatePaye({
    taxYear: p.taxYear,
    period,
    remunerationCents: regular,
    age: p.age,
    medicalMembers: p.medicalMembers,
    bonusCents: annualPayments,
  });
  if (annualPayments > 0) {
    working.push(
      `Notice pay, leave pay and bonus (${formatRand(annualPayments)}) are annual payments (IRP5 code 3605): tax on ${formatRand(paye.annualEquivalentCents)} + ${formatRand(annualPayments)} ` +
        `= ${formatRand(paye.bonusTaxAfterRebatesCents)} − tax on ${formatRand(paye.annualEquivalentCents)} = ${formatRand(paye.taxAfterRebatesCents)} → PAYE ${formatRand(paye.bonusPayeCents)}`,
    );
  }

  const severanceIsBenefit = severance > 0 || p.age >= 55;
  const sevTax = severance > 0 ? severanceTaxEstimateCents(p.taxYear, severance, p.earlierLumpSumsCents ?? 0) : 0;
  if (severance > 0) {
    const earlier = p.earlierLumpSumsCents ?? 0;
    working.push(
      `Severance benefit (IRP5 code 3901): estimate on the lump-sum table${earlier > 0 ? ` after ${formatRand(earlier)} of earlier lump sums` : ''} = ${formatRand(sevTax)} [VERIFY: the 2027 table is carried unchanged]`,
    );
    notes.push(
      'The employer must apply to SARS for a tax directive (IRP3(a)) before paying severance and withhold what the directive says; the PAYE tables may not be applied to it. The table is cumulative over earlier retirement, withdrawal and severance lump sums.',
    );
  }

  // UIF: the annual payments are remuneration; the ceiling applies to the month's total (salary assumed in full).
  const ceiling = year.uif.ceilingMonthlyCents;
  const monthly = p.period === 'monthly' ? p.remunerationCents : divRoundHalfUp(regular * 52, 12);
  const uifExtra =
    annualPayments === 0
      ? 0
      : divRoundHalfUp((Math.min(ceiling, monthly + annualPayments) - Math.min(ceiling, monthly)) * year.uif.employeeRateBp, 10_000);
  working.push(
    annualPayments === 0
      ? 'UIF: severance is not UIF remuneration and not in the SDL base'
      : `UIF: the annual payments are remuneration; with a full month's pay of ${formatRand(monthly)} the ${formatRand(ceiling)} ceiling leaves ${formatRand(uifExtra)} more each side. Severance is not UIF remuneration and not in the SDL base`,
  );
  if (noticePay > 0) notes.push('Whether pay in lieu of notice is remuneration for UIF and SDL is not settled in our reference [VERIFY]');
  notes.push('The IRP5 is due within 14 days after the employee leaves.');

  const total = noticePay + severance + leavePayCents + bonus;
  const net = total - paye.bonusPayeCents - sevTax - uifExtra;
  working.push(
    `Total: ${formatRand(total)}; after PAYE ${formatRand(paye.bonusPayeCents)}${sevTax ? `, severance tax ${formatRand(sevTax)}` : ''} and UIF ${formatRand(uifExtra)} ≈ ${formatRand(net)}`,
  );
  return {
    taxYear: p.taxYear,
    weeklyCents: weekly,
    dailyCents: daily,
    completedYears: years,
    noticeWeeks,
    noticePayCents: noticePay,
    severanceCents: severance,
    leaveDays,
    leavePayCents,
    proRataBonusCents: bonus,
    annualPaymentsCents: annualPayments,
    annualPaymentsPayeCents: paye.bonusPayeCents,
    severanceIsBenefit,
    severanceTaxEstimateCents: sevTax,
    uifEachSideCents: uifExtra,
    totalCents: total,
    netEstimateCents: net,
    working,
    notes,
  };
}
