// Knowledge answers that answer: the sentence that answers first (a yes or no for a yes/no question), then the
// passage it comes from and the citation. Pure.
import { NEGATIVE_WORDS, YES_NO_STARTS } from '../../lexicon';
import { askOf, countsInFigures, meaningfulWords, stem, worksASum, type Found } from '../retrieval';
import { articleLink } from '../tools';
import { tokenize, normalise } from '../understand/text';

/** Sentences of a passage, without list marks; tables and headings are not sentences. */
function sentencesOf(passage: string): string[] {
  return passage
    .split('\n')
    .filter((l) => l.trim() && !l.trim().startsWith('|') && !l.trim().startsWith('#'))
    .map((l) =>
      l
        .replace(/^\s*(?:[-*+]|\d+\.)\s+/, '')
        .replace(/^>\s*/, '')
        .trim(),
    )
    .flatMap((l) => l.split(/(?<=[.!?])\s+(?=[A-Z*(])/))
    .map((s) => s.trim())
    .filter((s) => s.length >= 20);
}

const stemsOf = (text: string) =>
  new Set(
    tokenize(normalise(text.replace(/\*\*/g, '')))
      .filter((t) => t.kind !== 'punct')
      .map((t) => stem(t.text)),
  );

/** How much of the question a sentence holds, 0–1. */
function cover(sentence: string, words: string[]): number {
  if (!words.length) return 0;
  const s = stemsOf(sentence);
  return words.filter((w) => w.split('|').some((f) => s.has(f))).length / words.length;
}

const DATE_OR_FIGURE =
  /R\s?\d|\d\s?%|\b\d{1,2}(st|nd|rd|th)?\s+(January|February|March|April|May|June|July|August|September|October|November|December)\b|\b\d+(\.\d+)?\*{0,2}\s+(days?|weeks?|months?|years?|hours?)\b|\b(one|two|three|four|five|six|ten|twelve)\s+(consecutive |working |paid )?(days?|weeks?|months?)\b/i;

// Sentences that illustrate rather than state: a worked example, a scenario (a sum in rands is one too).
const ILLUSTRATES = /^(\*\*)?(for example|example|e\.g\.|consider|scenario|say|suppose|imagine|worked example)\b/i;

/**
 * The sentence of a passage that answers the question best: most of its words, and a date or figure when it asks
 * for one. Null when no sentence holds half of what is asked (the passage then speaks for itself).
 */
export function leadOf(passage: string, question: string): { sentence: string; coverage: number } | null {
  const words = meaningfulWords(question);
  const ask = askOf(question);
  const all = sentencesOf(passage).filter((s) => !ILLUSTRATES.test(s) && !worksASum(s));
  const wantsFigure = ask === 'when' || ask === 'amount';
  const withFigure = all.filter((s) => DATE_OR_FIGURE.test(s));
  const pool = wantsFigure && withFigure.length ? withFigure : all;
  let best: { sentence: string; coverage: number; score: number } | null = null;
  pool.forEach((sentence, i) => {
    const c = cover(sentence, words);
    const score = c - i * 0.02;
    if (!best || score > best.score) best = { sentence, coverage: c, score };
  });
  const b = best as { sentence: string; coverage: number } | null;
  return b && b.coverage >= 0.5 ? { sentence: b.sentence, coverage: b.coverage } : null;
}

const words = (text: string) =>
  tokenize(normalise(text.replace(/\*\*/g, '')))
    .filter((t) => t.kind === 'word')
    .map((t) => t.text);
const negative = (text: string) => {
  const w = ` ${words(text).join(' ')} `;
  return NEGATIVE_WORDS.some((n) => w.includes(` ${n} `));
};

/**
 * Yes or No for a yes/no question, from the sentence that answers it: the same polarity as the question is a
 * yes ("Must I register…?" / "…must register"), the opposite a no ("Are foreigners excluded?" / "…must
 * contribute"). Null when the question is not yes/no or the sentence does not hold enough of it to say.
 */
export function yesNo(question: string, lead: { sentence: string; coverage: number }): 'Yes' | 'No' | null {
  const first = words(question)[0] ?? '';
  if (!YES_NO_STARTS.has(first) || lead.coverage < 0.6 || /\b(or|which|how much|how many)\b/i.test(question)) return null;
  return negative(question) === negative(lead.sentence) ? 'Yes' : 'No';
}

/** The answer from a passage: the answering sentence first (unless the caller leads), then the passage with its citation. */
export function fromPassage(found: Found, question: string, opts: { lead?: boolean } = {}): string {
  const passage = countsInFigures(found.passage);
  // The answering sentence is the passage's own, else one of the article's next best passages (a table of
  // examples is best read after the rule it applies).
  const first = opts.lead === false ? null : (leadOf(passage, question) ?? leadOf((found.nearby ?? []).join('\n'), question));
  const answer = yesNo(question, first ?? { sentence: '', coverage: 0 });
  const opening = first ? `${answer ? `${answer}. ` : ''}${first.sentence.replace(/\*\*/g, '')}` : null;
  const lines: string[] = [];
  if (opening) lines.push(`**${opening.replace(/\s+$/, '')}**`, '');
  const same = first && passage.replace(/\*\*/g, '').trim() === first.sentence.replace(/\*\*/g, '').trim();
  if (same) lines.push(`Source: ${articleLink(found.article)}.`);
  else lines.push(`From ${articleLink(found.article)}:`, '', passage);
  return lines.join('\n');
}
