import { describe, expect, it } from 'vitest';
import { bestPassage, meaningfulWords } from '../../../src/assistant/retrieval';

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
