// The tax thresholds and rebates of a tax year, by age.
import { formatRand, getTaxYear, isSupportedTaxYear } from '../../payroll';
import { Builder, rand, setTaxYear, yearLabel } from './shared';
import type { TopicModule } from './types';

/** The rebates of a tax year, read from its table. */
export function rebateLine(taxYear: number): string {
  if (!isSupportedTaxYear(taxYear)) return '';
  const rb = getTaxYear(taxYear).rebates;
  return `primary ${formatRand(rb.primaryCents)}, secondary (65 and older) ${formatRand(rb.secondaryCents)}, tertiary (75 and older) ${formatRand(rb.tertiaryCents)}`;
}

export const taxThreshold: TopicModule = {
  name: 'tax-threshold',
  label: 'the tax threshold',
  example: 'What is the tax threshold for a 70-year-old?',
  keywords: ['threshold', 'tax threshold', 'rebate', 'rebates', 'tax free', 'tax-free', 'before paying tax'],
  uses: ['age', 'ageBand', 'taxYear'],
  plan(f, ctx) {
    const b = new Builder(f, ctx);
    const band = f.ageBand === '65to74' ? 65 : f.ageBand === '75plus' ? 75 : undefined;
    b.set('age', f.age ?? band, { from: f.age !== undefined ? 'age' : 'ageBand', kept: (a) => `age ${a}` });
    setTaxYear(b, f, ctx.today);
    b.assumed.length = 0; // the year is named in the answer's first line
    return { steps: [{ name: 'tax-threshold', input: b.input }], assumed: b.assumed, kept: b.kept };
  },
  describe([call], f, ctx) {
    const r = call.result as Record<string, number | null>;
    const y = yearLabel(r.taxYear);
    const rebates = rebateLine(Number(r.taxYear));
    const asksRebates = /\brebates?\b/.test(ctx.words);
    const lines: string[] = [];
    if (asksRebates && rebates) lines.push(`**Tax rebates for ${y}: ${rebates}.**`);
    const a = Number(call.input.age);
    if (r.threshold !== null)
      lines.push(
        `**Tax threshold for ${y}, someone ${a >= 75 ? 'aged 75 and older' : a >= 65 ? 'aged 65 to 74' : 'younger than 65'}: ${rand(Number(r.threshold))} a year.** Below it no income tax is due.`,
      );
    else if (f.ageBand === 'under65')
      lines.push(`**Tax threshold for ${y}, someone younger than 65: ${rand(Number(r.under65))} a year.** Below it no income tax is due.`);
    else if (!asksRebates) lines.push(`**Tax thresholds for ${y}** (below them no income tax is due):`);
    lines.push(
      '',
      `- Under 65: ${rand(Number(r.under65))}`,
      `- 65 to 74: ${rand(Number(r.from65to74))}`,
      `- 75 and older: ${rand(Number(r.from75))}`,
    );
    if (rebates && !asksRebates) lines.push('', `They follow from the rebates: ${rebates}.`);
    return lines;
  },
  articles: () => ['tax rebates and thresholds by age'],
};
