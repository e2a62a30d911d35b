import fs from 'node:fs';
import path from 'node:path';
import matter from 'gray-matter';
import { describe, expect, it } from 'vitest';
import { stripLeadingTitle } from '../../../src/knowledge/seed';
import { taxYearForIsoDate } from '../../../src/payroll/dates';
import { getTaxYear, isSupportedTaxYear, supportedTaxYears } from '../../../src/payroll/years/index';
import { checkArticleFigures, describeMismatch, taxYearOfLabel, type ArticleInput } from '../../helpers/knowledge-figures';

// The tax-table figures the shipped knowledge articles state must be the engine's (src/payroll/years): the same
// rebates, thresholds, brackets, UIF ceiling, SDL threshold, ETI table, minimum wage, medical credits, BCEA threshold,
// rate per km and lump-sum table, for the tax year the article (or the sentence) says they are for. The checker is
// tests/helpers/knowledge-figures.ts; its self-test is below. Readers' text also carries no editors' flags and no
// relative date written as an absolute (the contract for issue 25).

interface ShippedArticle {
  file: string;
  title: string;
  body: string;
  keywords: string[];
  data: Record<string, unknown>;
}

const ROOT = path.resolve('db/knowledge');

function markdownFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return markdownFiles(full);
    return e.isFile() && e.name.endsWith('.md') && !/^readme\.md$/i.test(e.name) ? [full] : [];
  });
}

const ARTICLES: ShippedArticle[] = markdownFiles(ROOT)
  .sort()
  .map((full) => {
    const { data, content } = matter(fs.readFileSync(full, 'utf8'));
    const title = String(data.title ?? '');
    return {
      file: path.relative(ROOT, full).split(path.sep).join('/'),
      title,
      body: stripLeadingTitle(content, title),
      keywords: Array.isArray(data.keywords) ? data.keywords.map(String) : [],
      data,
    };
  });

const isoDate = (v: unknown): string | undefined =>
  v instanceof Date ? v.toISOString().slice(0, 10) : typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : undefined;

/**
 * The years an article's figures are for: its taxYears; for an article not tied to a year (taxYears: []), the tax
 * year in which it was last verified (or updated), i.e. the figures were current then.
 */
function yearsOf(a: ShippedArticle): string[] {
  const labels = Array.isArray(a.data.taxYears) ? a.data.taxYears.map(String) : [];
  if (labels.length) return labels;
  const when = isoDate(a.data.verified) ?? isoDate(a.data.updated);
  const ty = when ? taxYearForIsoDate(when) : Math.max(...supportedTaxYears());
  return [getTaxYear(isSupportedTaxYear(ty) ? ty : Math.max(...supportedTaxYears())).label];
}

const input = (a: ShippedArticle): ArticleInput => ({ file: a.file, title: a.title, body: a.body, taxYears: yearsOf(a) });
const withFigures = ARTICLES.filter((a) => a.data.figures === true);
const checksOf = new Map(ARTICLES.map((a) => [a.file, checkArticleFigures(input(a))]));

describe('knowledge articles state the engine figures for their tax years', () => {
  it('every article says whether it quotes figures and names only tax years the engine has', () => {
    expect(ARTICLES.length).toBeGreaterThanOrEqual(60);
    for (const a of ARTICLES) {
      expect(typeof a.data.figures, `${a.file}: figures: true/false`).toBe('boolean');
      expect(Array.isArray(a.data.taxYears), `${a.file}: taxYears is a list`).toBe(true);
      for (const label of (a.data.taxYears as unknown[]) ?? []) {
        const ty = taxYearOfLabel(String(label));
        expect(
          ty !== undefined && isSupportedTaxYear(ty),
          `${a.file}: taxYears ${JSON.stringify(label)} is a tax year the engine has`,
        ).toBe(true);
      }
    }
  });

  it.each(withFigures.map((a) => [a.file]))('%s', (file) => {
    const failed = checksOf
      .get(file)!
      .filter((c) => !c.ok)
      .map(describeMismatch);
    expect(failed, `${file} states figures that differ from the engine`).toEqual([]);
  });

  it('finds the figures in the articles that are made of them (the check is not vacuous)', () => {
    const count = (file: string) => checksOf.get(file)?.length ?? 0;
    expect(count('tax/income-tax-tables-2026-27.md')).toBeGreaterThanOrEqual(30); // every cell of the table
    expect(count('tax/tax-rebates-and-thresholds-2026-27.md')).toBeGreaterThanOrEqual(15);
    expect(count('tax/paye-2025-26-vs-2026-27-comparison.md')).toBeGreaterThanOrEqual(20); // both year columns
    expect(count('tax/medical-scheme-fees-tax-credit.md')).toBeGreaterThanOrEqual(9);
    expect(count('benefits/employment-tax-incentive-eti.md')).toBeGreaterThanOrEqual(15);
    expect(count('benefits/national-minimum-wage-2026.md')).toBeGreaterThanOrEqual(6);
    expect(count('compliance/bcea-earnings-threshold.md')).toBeGreaterThanOrEqual(3);
    expect(count('benefits/travel-allowance-and-reimbursive-rate.md')).toBeGreaterThanOrEqual(4);
    const total = withFigures.reduce((n, a) => n + count(a.file), 0);
    expect(total).toBeGreaterThanOrEqual(150);
  });

  it('an article that says figures: false states none of the figures the engine holds', () => {
    for (const a of ARTICLES.filter((x) => x.data.figures === false)) {
      expect(
        checksOf.get(a.file)!.map((c) => `${c.kind}: ${c.stated} in "${c.sentence}"`),
        `${a.file} quotes tax-year figures`,
      ).toEqual([]);
    }
  });
});

describe('the figure checker itself', () => {
  const check = (body: string, taxYears = ['2026/27'], title = 'Made-up article') =>
    checkArticleFigures({ file: 'made-up.md', title, body, taxYears });
  const failures = (body: string, taxYears?: string[]) => check(body, taxYears).filter((c) => !c.ok);

  it('flags a wrong rebate and passes the right one', () => {
    const wrong = failures('For 2026/27 the primary rebate is R17 000.');
    expect(wrong).toHaveLength(1);
    expect(wrong[0]).toMatchObject({ kind: 'primary rebate', stated: 'R17 000', year: '2026/27' });
    expect(wrong[0].expected).toMatch(/^R17 820\b/);
    const message = describeMismatch(wrong[0]);
    expect(message).toContain('made-up.md');
    expect(message).toContain('For 2026/27 the primary rebate is R17 000.');
    expect(message).toMatch(/states R17 000.*engine has R17 820/);

    const right = check('For 2026/27 the primary rebate is R17 820.');
    expect(right.map((c) => c.ok)).toEqual([true]);
  });

  it("takes the year named next to the figure over the article's", () => {
    expect(check('The primary rebate is R17 235 for 2025/26 and R17 820 for 2026/27.').map((c) => [c.stated, c.year, c.ok])).toEqual([
      ['R17 235', '2025/26', true],
    ]);
    expect(failures('The primary rebate is R17 820 for 2025/26.')).toHaveLength(1);
    expect(failures('In 2026/27 the primary rebate is R17 820, up from R17 235 in 2025/26.')).toEqual([]);
    // Not tied to a year in the text: any of the article's years.
    expect(failures('The UIF ceiling is R17 712 a month.', ['2025/26', '2026/27'])).toEqual([]);
    expect(failures('The UIF ceiling is R17 000 a month.', ['2025/26', '2026/27'])).toHaveLength(1);
  });

  it('reads the many ways a figure is written', () => {
    const ok = (body: string, n = 1) => {
      const checks = check(body);
      expect(
        checks.filter((c) => c.ok),
        body,
      ).toHaveLength(n);
      expect(
        checks.filter((c) => !c.ok),
        body,
      ).toEqual([]);
    };
    ok('Less the R17 820 primary rebate = R25 380 a year.');
    ok('The UIF ceiling is R17,712 a month (R212 544 a year), so no employee pays more than that.');
    ok('UIF is capped by the ceiling: maximum R177.12 each side.');
    ok('The SARS prescribed rate per km is 495 c/km.');
    ok('With the 2026/27 prescribed rate of R4.95 a reimbursement is tax-free.');
    ok('The national minimum wage is R30.23 an hour from 1 March 2026.');
    ok('Employers expecting leviable pay (for SDL) of R500 000 or less are exempt.');
    ok('In 2026/27: R376 for each of the first two members and R254 for each additional dependant of the medical scheme credit.', 2);
    ok('The 45% rate starts above R1 878 600, and the first bracket runs up to R245 100.', 2);
    ok('The tax threshold (R99 000 under 65; R153 250 for 65 to 74) applies.');
    ok('The secondary rebate is worth R813.75 a month.');
  });

  it('flags each of those written wrongly', () => {
    for (const body of [
      'Less the R17 830 primary rebate = R25 380 a year.',
      'The UIF ceiling is R17,713 a month, so no employee pays more than that.',
      'UIF is capped by the ceiling: maximum R177.00 each side.',
      'The SARS prescribed rate per km is 476 c/km.',
      'The national minimum wage is R28.79 an hour from 1 March 2026.',
      'Employers expecting leviable pay (for SDL) of R550 000 or less are exempt.',
      'The medical credit for each additional dependant is R246.',
      'The 45% bracket starts above R1 817 000.',
      'The tax threshold at 65 to 74 is R148 217.',
      'The secondary rebate is worth R800 a month.',
    ]) {
      expect(failures(body), body).toHaveLength(1);
    }
  });

  it('uses the date for dated figures: minimum wage, BCEA threshold, ETI', () => {
    expect(failures('From 1 March 2025 the national minimum wage was R28.79 an hour.')).toEqual([]);
    expect(failures('From 1 March 2025 the national minimum wage was R30.23 an hour.')).toHaveLength(1);
    expect(failures('The BCEA earnings threshold is R254 371.67 a year from 1 April 2024.')).toEqual([]);
    expect(failures('The BCEA earnings threshold is R254 371.67 a year from 1 April 2025.')).toHaveLength(1);
    // The date in the other clause belongs to the other amount.
    expect(failures('For ETI the floor is R2 500 for 160 hours (R2 000 before 1 April 2025).')).toEqual([]);
  });

  it('checks table cells against the year in their column or row', () => {
    const table = (a: string, b: string) =>
      `| Item | 2025/26 (2026 tax year) | 2026/27 (2027 tax year) |\n|---|---|---|\n| Primary rebate | ${a} | ${b} |\n| Tax threshold under 65 | R95 750 | R99 000 |\n| Top of 18% bracket | R237 100 | R245 100 |\n`;
    expect(failures(table('R17 235', 'R17 820'), ['2025/26', '2026/27'])).toEqual([]);
    expect(check(table('R17 235', 'R17 820'), ['2025/26', '2026/27']).filter((c) => c.ok)).toHaveLength(6);
    const swapped = failures(table('R17 820', 'R17 235'), ['2025/26', '2026/27']);
    expect(swapped.map((c) => [c.stated, c.year])).toEqual([
      ['R17 820', '2025/26'],
      ['R17 235', '2026/27'],
    ]);

    const medical =
      '## Monthly credit amounts\n\n| Tax year | Main member | Main member + 1 dependant | Each additional dependant |\n|---|---|---|---|\n| 2026/27 | R376 | R752 | R254 |\n| 2025/26 | R364 | R728 | R254 |\n';
    expect(failures(medical).map((c) => [c.kind, c.stated, c.year])).toEqual([
      ['medical credit, each additional dependant', 'R254', '2025/26'],
    ]);
  });

  it('checks every cell of a tax table and of the ETI table', () => {
    const brackets = (base: string) =>
      `## The 2026/27 table\n\n| Taxable income (R) | Tax payable |\n|---|---|\n| 1 – 245 100 | 18% of taxable income |\n| 245 101 – 383 100 | ${base} + 26% of the amount above R245 100 |\n| 383 101 – 530 200 | R79 998 + 31% of the amount above R383 100 |\n`;
    expect(failures(brackets('R44 118'))).toEqual([]);
    expect(failures(brackets('R44 181')).map((c) => [c.kind, c.stated])).toEqual([['income tax table bracket 2 base', 'R44 181']]);

    const eti = (flat: string) =>
      `## The table from 1 April 2025\n\n| Monthly remuneration | ETI per month, first 12 qualifying months | ETI per month, next 12 qualifying months |\n|---|---|---|\n| R0 – R2 499.99 | 60% of remuneration | 30% of remuneration |\n| R2 500 – R5 499.99 | ${flat} | R750 |\n| R7 500 and above | Nil | Nil |\n`;
    expect(failures(eti('R1 500'))).toEqual([]);
    expect(failures(eti('R1 000')).map((c) => c.stated)).toEqual(['R1 000']);
  });

  it('leaves alone figures quoted as wrong, old or arithmetic', () => {
    for (const body of [
      'Some sites still use the old R14 872 UIF ceiling.',
      'A table claiming a primary rebate of R19 095 would imply a threshold of R106 083.33.',
      'One summary put the start of the 45% bracket at R1 817 000 rather than R1 878 600.',
      '## Common mistakes\n\n- Using a primary rebate of R17 235 for 2026/27.',
      'Since R20 000 is above the ceiling, UIF is 1% × R17 712 = R177.12.',
      'R245 100 × 18% = R44 118, which is the starting figure for the 26% bracket.',
      '## Sources\n- Government Gazette 54075 (3 Feb 2026), national minimum wage R30.23',
    ]) {
      expect(failures(body), body).toEqual([]);
    }
  });
});

describe("readers' text", () => {
  const RELATIVE_AS_ABSOLUTE = [/today \(/i, /at the time of writing/i, /as of today/i];
  const EDITORS_FLAGS = [/\(to be verified/i, /\(single source/i, /\[VERIFY\]/i, /whose text was not checked/i];

  it.each(ARTICLES.map((a) => [a.file]))("%s has no relative date written as an absolute and no editors' flags", (file) => {
    const a = ARTICLES.find((x) => x.file === file)!;
    const reader = [a.title, ...a.keywords, a.body].join('\n');
    const lines = (re: RegExp) => reader.split('\n').filter((l) => re.test(l));
    for (const re of RELATIVE_AS_ABSOLUTE) expect(lines(re), `${file}: ${re}`).toEqual([]);
    for (const re of EDITORS_FLAGS) expect(lines(re), `${file}: ${re} belongs in notes`).toEqual([]);
  });
});
