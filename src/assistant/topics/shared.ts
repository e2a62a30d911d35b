// What the topics share: filling calculator inputs from the conversation's facts with every default said in
// words, and writing amounts, periods and dates. Amounts are only carried or converted between periods here,
// never worked out.
import { taxYearForDate, taxYearLabel, formatRand, toCents, getTaxYear, isSupportedTaxYear } from '../../payroll';
import { ROLES, type Amount, type Period, type Role, type SlotKey, type Slots } from '../reading';
import { amountOf } from '../understand/memory';
import type { TopicContext } from './types';

export const rand = (rands: number): string => formatRand(toCents(Math.round(rands * 100) / 100, 'amount'));
export const PERIODS_PER_YEAR: Record<Period, number> = { monthly: 12, fortnightly: 26, weekly: 52, annual: 1 };
export const PER_PERIOD: Record<Period, string> = {
  monthly: 'per month',
  fortnightly: 'per fortnight',
  weekly: 'per week',
  annual: 'per year',
};
export const per = (p: unknown) => PER_PERIOD[(p as Period) ?? 'monthly'] ?? 'per month';
export const yearLabel = (y: unknown) => (isSupportedTaxYear(Number(y)) ? getTaxYear(Number(y)).label : taxYearLabel(Number(y)));
export const round2 = (v: number) => Math.round(v * 100) / 100;
/** An amount in another period (a year's pay is twelve months' pay). */
export const convert = (v: number, from: Period, to: Period) => round2((v * PERIODS_PER_YEAR[from]) / PERIODS_PER_YEAR[to]);

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
/** "2026-03-01" → "1 March 2026". */
export function longDate(iso: string): string {
  const [y, m, d] = iso.split('-').map(Number);
  return y && m && d ? `${d} ${MONTHS[m - 1]} ${y}` : iso;
}

/** Builds a calculator's input from the facts: what was said, what was kept from earlier, what was assumed. */
export class Builder {
  readonly input: Record<string, unknown> = {};
  readonly assumed: string[] = [];
  readonly kept: string[] = [];
  constructor(
    readonly facts: Slots,
    readonly ctx: TopicContext,
  ) {}

  /** Whether a fact came from an earlier question rather than this one. */
  private earlier(key: SlotKey | Role): boolean {
    const s = this.ctx.stated;
    if ((ROLES as readonly string[]).includes(key)) return !(s.amounts ?? []).some((a) => a.role === key);
    return (s as Record<string, unknown>)[key] === undefined;
  }

  /** Sets `input[key]`: the fact's value (noted as kept when it came from earlier), else the fallback (noted as assumed). */
  set(
    key: string,
    value: unknown,
    opts: { from?: SlotKey | Role; kept?: (v: unknown) => string; assume?: { value: unknown; words: string } } = {},
  ): unknown {
    if (value !== undefined) {
      this.input[key] = value;
      if (opts.from && opts.kept && this.earlier(opts.from)) this.kept.push(opts.kept(value));
    } else if (opts.assume) {
      if (opts.assume.value !== undefined) this.input[key] = opts.assume.value;
      if (opts.assume.words) this.assumed.push(opts.assume.words);
    }
    return this.input[key];
  }
}

/** The age for the rebates: the age, else a band's lowest age, else under 65 (said). */
export function setAge(b: Builder, f: Slots): void {
  if (f.age === undefined && f.ageBand) {
    b.input.age = { under65: 30, '65to74': 65, '75plus': 75 }[f.ageBand];
    b.assumed.push(`the employee is ${{ under65: 'under 65', '65to74': 'aged 65 to 74', '75plus': 'aged 75 or older' }[f.ageBand]}`);
    return;
  }
  b.set('age', f.age, {
    from: 'age',
    kept: (a) => `age ${a}`,
    assume: { value: 30, words: 'the employee is under 65 (so only the primary rebate)' },
  });
}

/** The tax year: named, else the current one (said). */
export function setTaxYear(b: Builder, f: Slots, today: Date): void {
  b.set('taxYear', f.taxYear, {
    from: 'taxYear',
    kept: (y) => `the ${yearLabel(y)} tax year`,
    assume: { value: undefined, words: `the ${yearLabel(taxYearForDate(today))} tax year (the current one)` },
  });
}

/** The medical scheme members, or none (said). */
export function setMedical(b: Builder, f: Slots): void {
  const members = f.medicalMembers ?? (f.onMedicalAid ? 1 : undefined);
  b.set('medicalMembers', members, {
    from: f.medicalMembers !== undefined ? 'medicalMembers' : 'onMedicalAid',
    kept: (m) => (m ? `${m} on the medical scheme` : 'no medical aid'),
    assume: { value: undefined, words: 'no medical scheme membership' },
  });
  if (f.medicalMembers === undefined && f.onMedicalAid)
    b.assumed.push('only the main member is on the medical scheme (tell me the number of dependants to add their credits)');
  if (!b.input.medicalMembers) delete b.input.medicalMembers;
}

/** The regular pay and its period: a salary, else a package, else an hourly or daily rate worked out to a month is not done here. */
export function payOf(f: Slots): Amount | undefined {
  return amountOf(f, 'salary') ?? amountOf(f, 'ctc') ?? amountOf(f, 'payroll');
}

/** The period of a pay: said, else the one asked about, else monthly (said), a large package a year (said). */
export function periodFor(b: Builder, pay: Amount, f: Slots, ctx: TopicContext): Period {
  if (pay.period) {
    if (b.ctx.stated.amounts?.every((a) => a.role !== pay.role) && f.amounts) b.kept.push(`${rand(pay.value)} ${per(pay.period)}`);
    return pay.period;
  }
  if (pay.value >= 200_000) {
    b.assumed.push(`${rand(pay.value)} is a year's pay`);
    return 'annual';
  }
  const loose = ctx.extras.loosePeriods[0];
  if (loose) return loose;
  b.assumed.push('monthly pay');
  return 'monthly';
}

/** An amount of a role in the pay's period. */
export function inPeriod(f: Slots, role: Role, period: Period): number | undefined {
  const a = amountOf(f, role);
  if (!a) return undefined;
  return a.period && a.period !== period ? convert(a.value, a.period, period) : a.value;
}

export function joinWords(items: string[]): string {
  return items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}
