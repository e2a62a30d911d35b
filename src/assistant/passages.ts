// Picking the passage of an article that answers a question. Pure.

const STOP = new Set(
  'a an the of to for on in at by and or is are was were be been do does did can could should would will i we my our you your me it its this that there what whats when where which who whom how many much long please tell about get give need have has with from as per if into than then them they their employee employees employer employers entitled entitlement'.split(' '),
);

/** Rough stem, enough to match "deadlines" with "deadline" and "reconciliations" with "reconciliation". */
const stem = (w: string) => w.replace(/(ies|es|s|ed|ing)$/, '').slice(0, 7);

// Words that say nothing about which passage answers (every article is about payroll).
const GENERIC = new Set(['payroll', 'rule', 'rules', 'law', 'south', 'africa', 'african', 'sa']);
// Ways an article says what a question asks: "do they pay UIF" → "they contribute".
const ALSO: Record<string, string[]> = { pay: ['contrib', 'deduct'], paid: ['pay'], due: ['deadlin'], deadlin: ['due'], get: ['entitl'] };

/** The words of a question that carry its meaning, stemmed; `a|b` where an article may say it another way. */
export function meaningfulWords(question: string): string[] {
  const words = question
    .toLowerCase()
    .replace(/\b(emp|irp|ui)\s*-?\s*(\d+)/g, '$1$2')
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 1 && !STOP.has(w) && !GENERIC.has(w));
  return [...new Set(words.map(stem))].map((w) => [w, ...(ALSO[w] ?? [])].join('|'));
}

interface Block {
  text: string;
  heading: string;
}

/** Paragraphs, list runs and tables of a markdown article with the heading they sit under; the Sources section dropped. */
function blocks(markdown: string): Block[] {
  const out: Block[] = [];
  let heading = '';
  const body = markdown.replace(/^---[\s\S]*?---\s*/, '').split(/^#{1,6}\s*sources?\b/im)[0];
  for (const chunk of body.split(/\n\s*\n/)) {
    const text = chunk.trim();
    if (!text) continue;
    const h = /^(#{1,6})\s+(.*)$/.exec(text);
    if (h && !text.includes('\n')) {
      heading = h[2];
      if (h[1].length > 1) continue;
      continue;
    }
    out.push({ text, heading });
  }
  return out;
}

const SPELLED: Record<string, string> = { one: '1', two: '2', three: '3', four: '4', five: '5', six: '6', seven: '7', eight: '8', nine: '9', ten: '10', twelve: '12' };

/** "four consecutive months" → "4 consecutive months": counts of days, weeks and months in figures. */
export function countsInFigures(text: string): string {
  return text.replace(/\b(one|two|three|four|five|six|seven|eight|nine|ten|twelve)(\s+(?:\*\*)?(?:consecutive |working |calendar |paid |unpaid )?(?:days?|weeks?|months?|years?)\b)/gi, (_m, n: string, rest: string) => SPELLED[n.toLowerCase()] + rest);
}

/**
 * The block that shares most meaningful words with the question (its heading counts half), preferring
 * blocks with figures or dates when the question asks for one. Returns the block with its heading as context.
 */
export function bestPassage(markdown: string, words: string[], wantsFact: boolean): { passage: string; score: number; matched: number } {
  let best: { passage: string; score: number; matched: number } = { passage: '', score: 0, matched: 0 };
  const all = blocks(markdown);
  for (const [i, b] of all.entries()) {
    const inText = new Set(b.text.toLowerCase().replace(/\b(emp|irp|ui)\s*-?\s*(\d+)/g, '$1$2').split(/[^a-z0-9]+/).map(stem));
    const inHeading = new Set(b.heading.toLowerCase().split(/[^a-z0-9]+/).map(stem));
    let matched = 0;
    for (const word of words) {
      const forms = word.split('|');
      matched += forms.some((f) => inText.has(f)) ? 1 : forms.some((f) => inHeading.has(f)) ? 0.5 : 0;
    }
    let score = matched;
    if (wantsFact && /\d/.test(b.text)) score += 0.4;
    // Earlier blocks state the rule; later ones its details.
    score -= i * 0.01;
    if (score > best.score) {
      let passage = countsInFigures(b.text);
      // A lead-in line ending in ':' needs the list after it.
      if (/:\s*$/.test(passage) && all[i + 1]) passage += `\n\n${countsInFigures(all[i + 1].text)}`;
      best = { passage, score, matched };
    }
  }
  return best;
}
