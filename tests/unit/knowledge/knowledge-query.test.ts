import { describe, expect, it } from 'vitest';
import {
  atLeast,
  buildSearchQuery,
  editDistance,
  isSearchable,
  normaliseCodes,
  parseQuery,
  pickCorrection,
  titleOnly,
  tokenise,
  withCorrections,
} from '../../../src/knowledge/query';
import { lexemesOf, makeSnippet, markdownToPlain, previewText, wordMatches } from '../../../src/knowledge/snippets';
import { QUESTION_WORDS } from '../../../src/lexicon';

describe('normaliseCodes', () => {
  it.each([
    ['EMP 201', 'EMP201'],
    ['emp-201 return', 'emp201 return'],
    ['EMP201', 'EMP201'],
    ['EMP 501 recon', 'EMP501 recon'],
    ['IRP 5', 'IRP5'],
    ['irp-5 certificates', 'irp5 certificates'],
    ['UI-19', 'UI19'],
    ['UI 19 form', 'UI19 form'],
    ['IT3(a)', 'IT3a'],
    ['IT 3a', 'IT3a'],
    ['it3a', 'IT3a'],
    ['e-filing', 'efiling'],
    ['u-filing', 'ufiling'],
  ])('%s → %s', (input, out) => {
    expect(normaliseCodes(input)).toBe(out);
  });

  it('leaves ordinary words and numbers alone', () => {
    expect(normaliseCodes('temp 201 and it 3 days, ui19x, item 5')).toBe('temp 201 and it 3 days, ui19x, item 5');
  });
});

describe('tokenise', () => {
  it('lower-cases, folds accents, joins codes and drops punctuation and single letters', () => {
    expect(tokenise("Employees' tax on the 13th cheque — EMP 201, UI-19 & Café")).toEqual([
      'employees',
      'tax',
      'on',
      'the',
      '13th',
      'cheque',
      'emp201',
      'ui19',
      'cafe',
    ]);
  });
  it('keeps digits', () => {
    expect(tokenise('R17 712 a month')).toEqual(['r17', '712', 'month']);
  });
  it('reads "S&T" as subsistence (both letters are stop words to PostgreSQL)', () => {
    expect(tokenise('S&T allowance')).toEqual(['subsistence', 'allowance']);
    expect(tokenise('the S & T rates')).toEqual(['the', 'subsistence', 'rates']);
    expect(tokenise('AT&T')).toEqual(['at']);
  });
});

describe('isSearchable (spec: only when the trimmed query is longer than 2 characters)', () => {
  it.each([
    ['', false],
    ['  ', false],
    ['ab', false],
    ['  ab  ', false],
    ['abc', true],
    [' uif ', true],
  ])('%j → %s', (q, ok) => expect(isSearchable(q)).toBe(ok));
});

describe('buildSearchQuery', () => {
  it('ANDs the words and prefix-matches the last one', () => {
    expect(buildSearchQuery('overtime limits')).toEqual({
      all: '(overtime | (time & and & half)) & limits:*',
      loose: '(overtime | (time & and & half)) & (limits:* | limi:*)',
      any: '(overtime | (time & and & half)) | limits:*',
      phrase: 'overtime limits',
      terms: ['(overtime | (time & and & half))', 'limits:*'],
      looseTerms: ['(overtime | (time & and & half))', '(limits:* | limi:*)'],
      leads: ['overtime', 'time and half', 'limits'],
      words: [{ word: 'limits', typing: true }],
    });
    expect(buildSearchQuery('tax tables')!.all).toBe('tax & tables:*');
  });

  it('leaves out question words, unless nothing else is left', () => {
    expect(buildSearchQuery('how many weeks of maternity leave are employees entitled to')!.terms).toEqual([
      'weeks',
      '(maternity | (pregnancy & leave))',
    ]);
    expect(buildSearchQuery('what is paye')!.all).toBe('(paye | (pay & as & you & earn) | (employee & tax))');
    expect(buildSearchQuery('what is it')!.all).toBe('what & is & it');
    expect(buildSearchQuery('how long')!.all).toBe('how & long:*');
    expect(buildSearchQuery('employer')!.all).toBe('employer:*');
  });

  it.each([
    ['how many annual leave days', ['annual leave', 'days']],
    ['when is the EMP501 interim reconciliation due', ['emp501', 'interim', 'reconciliation', 'due']],
    ['what is the tax threshold for someone aged 65', ['tax threshold', 'aged', '65']],
    ['how long is parental leave', ['parental leave']],
    ['how much do I pay my domestic worker', ['pay', 'domestic', 'worker']],
    ['what does the employer pay for UIF', ['pay', 'uif']],
    ['sick leave days per cycle', ['sick leave', 'days', 'cycle']],
    ['what are the rules after 6 months', ['rules', '6', 'months']],
  ])('keeps only the meaningful words of %j', (q, words) => {
    const terms = parseQuery(q).map((t) => (t.kind === 'word' ? t.word : t.phrases[0].words.join(' ')));
    expect(terms).toEqual(words);
  });

  it('drops every PostgreSQL English stop word, so each term can match', () => {
    for (const w of ['after', 'over', 'not', 'between', 'most', 'only', 'own', 'same', 'few', 'because'])
      expect(QUESTION_WORDS.has(w), w).toBe(true);
    for (const w of ['pay', 'tax', 'due', 'leave', 'days', 'rate', 'month', 'weeks', 'deadline', 'may'])
      expect(QUESTION_WORDS.has(w), w).toBe(false);
  });

  it('names each term by its phrases, to find the titles that start with one', () => {
    expect(buildSearchQuery('how many weeks of maternity leave')!.leads).toEqual(['weeks', 'maternity', 'pregnancy leave']);
    // One term: the title must start with what was typed, so "What is PAYE?" is not outranked by "PAYE for …".
    expect(buildSearchQuery('pay as you earn')!.leads).toEqual(['pay as you earn']);
    for (const q of ['uif & ceiling', "x' | yy", 'ab%cd_ef', 'pension (fund) [x]*'])
      for (const l of buildSearchQuery(q)!.leads) expect(l).toMatch(/^[a-z0-9 ]+$/);
  });

  it('loosens only a half-typed word of five letters or more', () => {
    expect(buildSearchQuery('uif ceilin')!.loose).toBe('(uif | (unemployment & insurance)) & (ceilin:* | ceil:*)');
    expect(buildSearchQuery('uif ceilin')!.looseTerms).toEqual(['(uif | (unemployment & insurance))', '(ceilin:* | ceil:*)']);
    expect(buildSearchQuery('uif ceiling?')!.looseTerms).toEqual(buildSearchQuery('uif ceiling?')!.terms);
    expect(buildSearchQuery('uif tax')!.loose).toBe(buildSearchQuery('uif tax')!.all);
    expect(buildSearchQuery('EMP 201')!.loose).toBe(buildSearchQuery('EMP 201')!.all);
  });

  it('does not prefix-match a one- or two-letter last word', () => {
    expect(buildSearchQuery('leave 10')!.all).toBe('leave & 10');
  });

  it('treats every spelling of a form code alike', () => {
    const forms = ['EMP 201 deadline', 'EMP201 deadline', 'emp-201 deadline'].map((q) => buildSearchQuery(q)!.all);
    expect(new Set(forms).size).toBe(1);
    expect(forms[0]).toContain('emp201');
    expect(buildSearchQuery('UI-19')!.all).toBe(buildSearchQuery('ui19')!.all);
    expect(buildSearchQuery('IRP 5')!.all).toBe(buildSearchQuery('irp5')!.all);
    expect(buildSearchQuery('EMP 501')!.all).toBe(buildSearchQuery('EMP501')!.all);
  });

  it('expands synonyms both ways', () => {
    for (const q of ['13th cheque', 'thirteenth cheque', 'bonus']) {
      const all = buildSearchQuery(q)!.all;
      expect(all).toContain('bonus');
      expect(all).toContain('(13th & cheque)');
      expect(all).toContain('(thirteenth & cheque)');
    }
    expect(buildSearchQuery('PAYE')!.all).toBe(buildSearchQuery('pay as you earn')!.all);
    expect(buildSearchQuery('paye')!.all).toContain('(pay & as & you & earn)');
    expect(buildSearchQuery('unemployment insurance fund')!.all).toBe(buildSearchQuery('uif')!.all);
    expect(buildSearchQuery('uif')!.all).toContain('(unemployment & insurance)');
    expect(buildSearchQuery('UI-19')!.all).toContain('(uif & declaration)');
  });

  it.each([
    ['car allowance', 'travel allowance'],
    ['km rate', 'rate per km'],
    ['S&T', 'subsistence allowance'],
    ['official interest rate', 'official rate of interest'],
    ['staff loan', 'employee loans'],
    ['company directors', 'director'],
    ['commission earners', 'commission'],
    ['IRP 6', 'provisional tax'],
    ['foreigners', 'foreign nationals'],
    ['pregnancy leave', 'maternity leave'],
    ['period of notice', 'notice period'],
    ['retrenched', 'retrenchment'],
    ['redundancy', 'retrenchment'],
  ])('treats %j and %j as one term', (a, b) => {
    expect(buildSearchQuery(a)!.terms).toHaveLength(1);
    expect(buildSearchQuery(a)!.all).toBe(buildSearchQuery(b)!.all);
  });

  it('leaves out phrases another phrase of the group already covers', () => {
    // "maternity leave" and "maternity benefits" both contain "maternity"; "foreign nationals" stems as "foreign national".
    expect(buildSearchQuery('maternity leave')!.all).toBe('(maternity | (pregnancy & leave))');
    expect(buildSearchQuery('foreigners')!.all).not.toContain('nationals');
    expect(buildSearchQuery('foreigners')!.all).toContain('(foreign & national)');
  });

  it('prefers the longest phrase and does not repeat a group', () => {
    const terms = parseQuery('unemployment insurance fund uif');
    expect(terms).toHaveLength(1);
    expect(terms[0].kind).toBe('group');
  });

  it('never lets tsquery syntax through', () => {
    const built = buildSearchQuery("uif' | !ceiling & (x:* <-> y) \\ 'drop")!;
    expect(built.all).toMatch(/^[a-z0-9 &|():*]+$/);
    expect(built.all).not.toContain("'");
    expect(built.all).not.toContain('!');
    expect(built.all).not.toContain('<->');
  });

  it('returns null when nothing searchable is left', () => {
    expect(buildSearchQuery('!!! ???')).toBeNull();
    expect(buildSearchQuery('a b c')).toBeNull();
  });

  it('caps the number of terms', () => {
    const q = Array.from({ length: 40 }, (_, i) => `word${i}`).join(' ');
    expect(buildSearchQuery(q)!.all.split('&')).toHaveLength(12);
  });
});

describe('atLeast', () => {
  it('writes "at least m of n" as an OR of ANDs', () => {
    expect(atLeast(['a', 'b', 'c'], 2)).toBe('(a & b) | (a & c) | (b & c)');
    expect(atLeast(['a', 'b', 'c'], 3)).toBe('a & b & c');
    expect(atLeast(['a', 'b', 'c'], 1)).toBe('a | b | c');
    expect(atLeast(['a'], 1)).toBe('a');
  });
  it('settles for any term when the combinations would be too many', () => {
    const terms = Array.from({ length: 12 }, (_, i) => `w${i}`);
    expect(atLeast(terms, 6)).toBe(terms.join(' | '));
    expect(atLeast(terms, 11)).toBe(terms.join(' | '));
  });
});

describe('titleOnly', () => {
  it('restricts every operand to weight A', () => {
    expect(titleOnly('(uif | (unemployment & insurance)) & ceiling:*')).toBe('(uif:A | (unemployment:A & insurance:A)) & ceiling:*A');
  });
});

describe('lexemesOf / wordMatches', () => {
  it('reads lexemes and prefix flags from a printed tsquery', () => {
    expect(lexemesOf("( 'uif' | 'unemploy' & 'insur' ) & 'ceil':* & 'uif'")).toEqual([
      { lexeme: 'uif', prefix: false },
      { lexeme: 'unemploy', prefix: false },
      { lexeme: 'insur', prefix: false },
      { lexeme: 'ceil', prefix: true },
    ]);
  });

  it('matches the forms of a stemmed word, not unrelated longer words', () => {
    const pay = { lexeme: 'pay', prefix: false };
    expect(wordMatches('pay', pay)).toBe(true);
    expect(wordMatches('pays', pay)).toBe(true);
    expect(wordMatches('paying', pay)).toBe(true);
    expect(wordMatches('payroll', pay)).toBe(false);
    expect(wordMatches('company', { lexeme: 'compani', prefix: false })).toBe(true);
    expect(wordMatches('companies', { lexeme: 'compani', prefix: false })).toBe(true);
    expect(wordMatches('insurance', { lexeme: 'insur', prefix: false })).toBe(true);
    expect(wordMatches('ceilings', { lexeme: 'ceil', prefix: true })).toBe(true);
  });
});

describe('makeSnippet', () => {
  const md = [
    '# Heading',
    '',
    'Intro text that says nothing in particular about anything at all, really, and goes on for a while so that the',
    'window has to move. More filler words here to push things along and along and along and along and along.',
    '',
    '| Pay | UIF |',
    '|---|---|',
    '| R10 000 | R100 |',
    '',
    'The **UIF ceiling** is R17 712 a month (pay < R20 000 & "more"); see [the gazette](https://example.gov.za/x). <script>alert(1)</script>',
    '',
    '## Sources',
    '- UIF ceiling gazette UIF ceiling UIF ceiling',
  ].join('\n');
  const lx = lexemesOf("'uif' & 'ceil':*");

  it('centres on the query words, marks them and escapes everything else', () => {
    const s = makeSnippet(md, lx);
    expect(s).toContain('<mark>UIF ceiling</mark>');
    expect(s).toContain('the gazette');
    expect(s).not.toContain('https://');
    expect(s).not.toContain('<script>');
    expect(s).toContain('(pay &lt; R20 000 &amp; &quot;more&quot;)');
    expect(s.startsWith('… ')).toBe(true);
    expect(s.replace(/<\/?mark>/g, '')).not.toMatch(/[<>]/);
  });

  it('never starts inside a link or emphasis and so shows no markdown', () => {
    const answer = `${'Some words before the link. '.repeat(6)}Try the [payroll calculators](/calculators/paye-and-uif-and-more-tools) for **overtime** pay.`;
    const s = makeSnippet(answer, lexemesOf("'overtim'"), 160);
    expect(s).toContain('<mark>overtime</mark>');
    expect(s).not.toMatch(/\]\(|\*\*|\/calculators/);
  });

  it('does not take its text from the Sources section', () => {
    expect(makeSnippet(md, lx)).not.toContain('gazette UIF ceiling UIF');
  });

  it('falls back to the beginning when no query word is in the text', () => {
    const s = makeSnippet('Plain words only, nothing to find.', lexemesOf("'bonus'"));
    expect(s).toBe('Plain words only, nothing to find.');
  });

  it('keeps to about 220 characters', () => {
    const long = Array.from({ length: 400 }, (_, i) => (i === 200 ? 'bonus' : 'word')).join(' ');
    const s = makeSnippet(long, lexemesOf("'bonus'"));
    expect(s.replace(/<\/?mark>/g, '').length).toBeLessThan(240);
    expect(s).toContain('<mark>bonus</mark>');
  });
});

describe('markdownToPlain', () => {
  it('drops marks, link targets and table rules', () => {
    expect(markdownToPlain('## Title\n\n**bold** _it_ [link](http://x.y) \n|a|b|\n|---|:---:|\n')).toBe('Title bold it link a b');
  });
});

describe('previewText', () => {
  it('reads as plain sentences: headings, list items and table rows end as sentences, marks and link targets go', () => {
    const md =
      '# Quokka overtime\n\nPay **one and a half** times, see [the guide](https://x.y/g).\n\n- Sundays double\n2. Holidays *triple*\n\n| Day | Rate |\n|---|---:|\n| Sun | 2 |\n\n> a `quote` with __strong__ and ~~gone~~ text';
    expect(previewText(md)).toBe(
      'Quokka overtime. Pay one and a half times, see the guide. Sundays double. Holidays triple. Day, Rate. Sun, 2. a quote with strong and gone text',
    );
  });

  it('keeps words with underscores and escaped characters, drops code blocks, HTML and the Sources section', () => {
    expect(
      previewText(
        'snake_case_name costs 5 \\* 3 <b>now</b>\n\n```\nconst x = 1;\n```\nafter\n\n---\n\n## Sources\n- https://www.sars.gov.za/',
      ),
    ).toBe('snake_case_name costs 5 * 3 now after');
  });

  it('is at most 300 characters, cut at a word with an ellipsis', () => {
    const p = previewText('word '.repeat(100));
    expect(p.length).toBeLessThanOrEqual(300);
    expect(p).toMatch(/word…$/);
    expect(previewText('x'.repeat(400))).toBe(`${'x'.repeat(299)}…`);
    expect(previewText('short')).toBe('short');
    expect(previewText('a b c d', 5)).toBe('a b…');
  });
});

describe('spelling corrections', () => {
  it('counts a swap of neighbours as one edit', () => {
    expect(editDistance('cieling', 'ceiling')).toBe(1);
    expect(editDistance('overtme', 'overtime')).toBe(1);
    expect(editDistance('matternity', 'maternity')).toBe(1);
    expect(editDistance('sikc', 'sick')).toBe(1);
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('same', 'same')).toBe(0);
  });

  it('lists the plain words of the query, the last one being typed', () => {
    expect(buildSearchQuery('uif cieling')!.words).toEqual([{ word: 'cieling', typing: true }]);
    expect(buildSearchQuery('matternity leave?')!.words).toEqual([
      { word: 'matternity', typing: false },
      { word: 'leave', typing: false },
    ]);
    // Words of a synonym phrase are not checked: the phrase is known.
    expect(buildSearchQuery('pay as you earn')!.words).toEqual([]);
  });

  const c = (word: string, similarity: number) => ({ word, similarity });
  it('takes the candidate fewest edits away, within the edits allowed for the length', () => {
    expect(pickCorrection({ word: 'cieling', typing: false }, [c('ceilings', 0.4), c('ceiling', 0.33), c('filing', 0.25)])).toBe('ceiling');
    expect(pickCorrection({ word: 'matternity', typing: false }, [c('maternity', 0.75), c('paternity', 0.5)])).toBe('maternity');
    // Too far: "sick" is 3 edits from "stock".
    expect(pickCorrection({ word: 'stock', typing: false }, [c('sick', 0.3)])).toBeNull();
    // Short words: one edit only, and nothing under 4 letters.
    expect(pickCorrection({ word: 'laeve', typing: false }, [c('leave', 0.3)])).toBe('leave');
    expect(pickCorrection({ word: 'lvae', typing: false }, [c('leave', 0.3)])).toBeNull();
    expect(pickCorrection({ word: 'tac', typing: false }, [c('tax', 0.5)])).toBeNull();
    // Numbers are not words to correct.
    expect(pickCorrection({ word: '2026', typing: false }, [c('2025', 0.5)])).toBeNull();
  });

  it('breaks ties by the first letter, then likeness, then the alphabet', () => {
    expect(pickCorrection({ word: 'anual', typing: false }, [c('manual', 0.5), c('annual', 0.4)])).toBe('annual');
    expect(pickCorrection({ word: 'leavw', typing: false }, [c('leave', 0.3), c('leavy', 0.4)])).toBe('leavy');
    expect(pickCorrection({ word: 'leavw', typing: false }, [c('leavy', 0.3), c('leave', 0.3)])).toBe('leave');
  });

  it('lets a word being typed be the start of its correction', () => {
    expect(pickCorrection({ word: 'overtm', typing: true }, [c('overtime', 0.4)])).toBe('overtime');
    expect(pickCorrection({ word: 'matern', typing: true }, [c('maternity', 0.5)])).toBe('maternity');
    expect(pickCorrection({ word: 'ovretim', typing: true }, [c('overtime', 0.3)])).toBe('overtime');
  });

  it('writes the corrected query as the reader typed it, case kept', () => {
    const fixes = new Map([
      ['cieling', 'ceiling'],
      ['overtme', 'overtime'],
    ]);
    expect(withCorrections('uif cieling', fixes)).toBe('uif ceiling');
    expect(withCorrections('  What is the UIF Cieling? ', fixes)).toBe('What is the UIF Ceiling?');
    expect(withCorrections('UIF CIELING and overtme', fixes)).toBe('UIF CEILING and overtime');
    // A word that cannot be found as typed: the query's words instead.
    expect(withCorrections('EMP 2011 deadline', new Map([['emp2011', 'emp201']]))).toBe('emp201 deadline');
  });
});
