import { describe, expect, it } from 'vitest';
import { bestPassage, meaningfulWords, worksASum } from '../../../src/assistant/retrieval';

// The words of a question that a passage must hold, and the passage that holds them: pure, no knowledge base.
describe('meaningfulWords', () => {
  it('reads a synonym phrase of several words as its group, the way search does', () => {
    expect(meaningfulWords("who doesn't have to pay uif")).toEqual(['exclud|exempt', 'uif|unemplo']);
    expect(meaningfulWords('what is pay as you earn')).toEqual(['paye|tax']);
  });

  it('drops question words, fillers and negations, and keeps payroll words with the stems an answer may use', () => {
    expect(meaningfulWords("why isn't the bonus taxed?")).toEqual(['bonus|13th', 'tax|paye']);
    expect(meaningfulWords('how many days of sick leave')).toEqual(expect.arrayContaining(['sick', 'leave']));
  });
});

describe('bestPassage', () => {
  const article = [
    '# UIF',
    'Where the employer does not pay during maternity leave, UIF benefits are available to the employee.',
    'These workers are excluded from UIF: public servants, and people who work fewer than 24 hours a month.',
  ].join('\n\n');

  it('answers "who doesn\'t have to pay" from the exclusions, not from a sentence that says "does not pay"', () => {
    const p = bestPassage(article, "Who doesn't have to pay UIF?");
    expect(p.passage).toMatch(/^These workers are excluded/);
    expect(p.coverage).toBe(1);
  });
});

describe('rules, not worked examples', () => {
  it('knows a sum worked in rands from a rule that states a figure', () => {
    expect(worksASum('December PAYE is R2 115.00 (salary) + R4 792.00 (bonus) = R6 907.00.')).toBe(true);
    expect(worksASum('| Does not normally work Sundays; works 3 hours | 3 × R50 × 2 = R300, less than the daily wage | **R400** |')).toBe(
      true,
    );
    expect(worksASum('UIF is 1% of remuneration up to the ceiling of R17 712 a month.')).toBe(false);
  });

  it('answers a general question from the rule ("2×") when asked for rules only, not from the example that works it', () => {
    const article = [
      '# Sunday pay',
      '## The two rates',
      "| Employee's pattern | Minimum pay for each hour worked on a Sunday |\n|---|---|\n| Does not ordinarily work Sundays | Double (2×) the normal wage |",
      '## Worked examples',
      '| Scenario | Calculation | Minimum pay |\n|---|---|---|\n| Works 8 hours on a Sunday | 8 × R50 × 2 = R800 | **R800** |',
    ].join('\n\n');
    expect(bestPassage(article, 'How much is Sunday pay?', { rulesOnly: true }).passage).toMatch(/Double \(2×\)/);
  });
});
