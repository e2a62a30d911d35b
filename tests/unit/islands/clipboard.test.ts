import { describe, expect, it } from 'vitest';
import { clipboardHtml, plainNumber, tablesForClipboard, tokensToText, toTsv } from '../../../islands/clipboard';
import { amountSegments, keepAmountsWhole, markdownTokens, renderAnswer, renderMarkdown } from '../../../src/ui/markdown';

// What Copy puts on the clipboard (issue 26): tables paste into a spreadsheet as cells with numbers as numbers,
// prose stays readable; and on the page a rand amount never breaks at its thousands space.

// An answer as the built-in assistant writes a payslip (src/assistant/topics/payslip.ts).
const PAYSLIP = [
  '**Net pay: R18 243.30 a month**',
  '(gross R22 000.00 a month, tax year 2026/27, age 30, no medical aid)',
  '',
  '| | Amount |',
  '|---|---:|',
  '| Gross pay | R22 000.00 |',
  '| PAYE | −R3 536.70 |',
  '| UIF (employee) | −R220.00 |',
  '| **Net pay** | **R18 243.30** |',
  '',
  'On top of the gross pay the employer pays UIF of R220.00 and SDL of R220.00, so the employee costs the employer R22 440.00 a month.',
].join('\n');

const copyText = (md: string) => tokensToText(markdownTokens(md));

describe('plainNumber: a table cell as a spreadsheet reads it', () => {
  it.each([
    ['R13 230.00', '13230.00'],
    ['R2 115.00', '2115.00'],
    ['R0.00', '0.00'],
    ['R500', '500'],
    ['R1 878 600', '1878600'],
    ['−R3 536.70', '-3536.70'],
    ['-R220.00', '-220.00'],
    ['R-5.00', '-5.00'],
    ['+R1 200.00', '1200.00'],
    ['(R1 234.56)', '-1234.56'],
    ['R\u00a013\u00a0230.00', '13230.00'],
    [' R13 230.00 ', '13230.00'],
    ['12 000', '12000'],
    ['−1 500.5', '-1500.5'],
  ])('%s → %s', (cell, number) => {
    expect(plainNumber(cell)).toBe(number);
  });

  it('keeps percentages as percentages (spreadsheets read "18%" as 0.18 shown as 18%)', () => {
    expect(plainNumber('18%')).toBe('18%');
    expect(plainNumber('27.5 %')).toBe('27.5%');
    expect(plainNumber('−1%')).toBe('-1%');
  });

  it.each([
    'no change',
    'Gross pay',
    'R0 – R245 100',
    'R44 118 + 26% of the amount above R245 100',
    '2026/27',
    '15 days',
    '1500',
    '(12)',
    'R1 2345',
    '--R5',
    '(−R5)',
    '',
  ])('leaves text alone: %j', (cell) => {
    expect(plainNumber(cell)).toBe(cell);
  });
});

describe('the plain text of an answer', () => {
  it('turns its table into tab-separated rows with bare numbers, and keeps the prose and its amounts as written', () => {
    expect(copyText(PAYSLIP)).toBe(
      [
        'Net pay: R18 243.30 a month',
        '(gross R22 000.00 a month, tax year 2026/27, age 30, no medical aid)',
        '',
        '\tAmount',
        'Gross pay\t22000.00',
        'PAYE\t-3536.70',
        'UIF (employee)\t-220.00',
        'Net pay\t18243.30',
        '',
        'On top of the gross pay the employer pays UIF of R220.00 and SDL of R220.00, so the employee costs the employer R22 440.00 a month.',
      ].join('\n'),
    );
  });

  it('a comparison table keeps its year headers, its "no change" and the sign of a difference', () => {
    const md = [
      '| | 2026/27 | 2025/26 | Difference |',
      '|---|---:|---:|---:|',
      '| PAYE | R2 115.00 | R2 166.00 | −R51.00 |',
      '| UIF | R177.12 | R177.12 | no change |',
    ].join('\n');
    expect(copyText(md)).toBe(
      ['\t2026/27\t2025/26\tDifference', 'PAYE\t2115.00\t2166.00\t-51.00', 'UIF\t177.12\t177.12\tno change'].join('\n'),
    );
  });

  it('reads like text: no markdown marks, lists with their markers, links with their address, escapes undone', () => {
    const md = [
      '## When to pay',
      '',
      'Pay the **EMP201** by the *7th*; see [SARS](https://www.sars.gov.za/) or [our article](/knowledge/article/a1) & `EMP201`.',
      '',
      '- PAYE',
      '- UIF and SDL',
      '  1. first',
      '  2. second',
      '',
      '> A note',
    ].join('\n');
    expect(copyText(md)).toBe(
      [
        'When to pay',
        '',
        'Pay the EMP201 by the 7th; see SARS (https://www.sars.gov.za/) or our article & EMP201.',
        '',
        '- PAYE',
        '- UIF and SDL',
        '  1. first',
        '  2. second',
        '',
        'A note',
      ].join('\n'),
    );
  });

  it('keeps a tab or a line break in a cell from splitting the row', () => {
    expect(
      toTsv([
        ['a\tb', 'c\nd'],
        ['R1 000', 'x'],
      ]),
    ).toBe('a b\tc d\nR1 000\tx');
  });
});

describe('the HTML of an answer on the clipboard', () => {
  const html = clipboardHtml(renderAnswer(PAYSLIP), 'https://payewise.example');

  it('is the rendered answer with tables as <table> and bare numbers in the amount cells (bold kept)', () => {
    expect(html).toContain('<table>');
    expect(html).toContain('<td align="right">22000.00</td>');
    expect(html).toContain('<td align="right">-3536.70</td>');
    expect(html).toContain('<td align="right"><strong>18243.30</strong></td>');
    expect(html).toContain('<td>UIF (employee)</td>');
    expect(html).toContain('<th align="right">Amount</th>');
  });

  it('keeps the prose and its amounts as written, without the page-only spans', () => {
    expect(html).toContain('<p><strong>Net pay: R18 243.30 a month</strong>');
    expect(html).toContain('so the employee costs the employer R22 440.00 a month.');
    expect(html).not.toContain('class="amount"');
  });

  it('makes relative links absolute, so they work where the answer is pasted', () => {
    const linked = clipboardHtml(
      renderAnswer('See [the article](/knowledge/article/a1) and [SARS](https://www.sars.gov.za/).'),
      'https://payewise.example',
    );
    expect(linked).toContain('href="https://payewise.example/knowledge/article/a1"');
    expect(linked).toContain('href="https://www.sars.gov.za/"');
  });

  it('leaves text cells, escaped characters and percentages alone', () => {
    const out = clipboardHtml(renderAnswer('| Band | Rate |\n|---|---:|\n| R0 – R245 100 & up | 18% |'));
    expect(out).toContain('R0 – R245 100 &amp; up</td>');
    expect(out).toContain('>18%</td>');
  });
});

describe('tables read off a calculator result', () => {
  it('become one HTML table each and tab-separated text, amounts as numbers, captions and headers as written', () => {
    const { html, text } = tablesForClipboard([
      {
        caption: 'Payroll for March <2027>',
        head: [['Employee', 'Gross', 'PAYE', 'Net pay']],
        body: [
          ['Thandi Mokoena', 'R6 000.00', 'R0.00', 'R5 940.00'],
          ['Total', 'R31 000.00', '−R2 115.00', 'R28 575.00'],
        ],
      },
      { head: [['Figure', 'Value']], body: [['Annual leave a cycle', '15 days']] },
    ]);
    expect(text).toBe(
      [
        'Payroll for March <2027>',
        'Employee\tGross\tPAYE\tNet pay',
        'Thandi Mokoena\t6000.00\t0.00\t5940.00',
        'Total\t31000.00\t-2115.00\t28575.00',
        '',
        'Figure\tValue',
        'Annual leave a cycle\t15 days',
      ].join('\n'),
    );
    expect(html).toBe(
      '<table><caption>Payroll for March &lt;2027&gt;</caption><thead><tr><th>Employee</th><th>Gross</th><th>PAYE</th><th>Net pay</th></tr></thead>' +
        '<tbody><tr><td>Thandi Mokoena</td><td>6000.00</td><td>0.00</td><td>5940.00</td></tr><tr><td>Total</td><td>31000.00</td><td>-2115.00</td><td>28575.00</td></tr></tbody></table>\n' +
        '<table><thead><tr><th>Figure</th><th>Value</th></tr></thead><tbody><tr><td>Annual leave a cycle</td><td>15 days</td></tr></tbody></table>',
    );
  });
});

describe('rand amounts on the page never break at their thousands space', () => {
  it('wraps each amount with a space or a sign in a no-wrap span, the text unchanged', () => {
    expect(keepAmountsWhole('<p>PAYE of R13 230.00 on −R1 500.00, not R500.</p>')).toBe(
      '<p>PAYE of <span class="amount">R13 230.00</span> on <span class="amount">−R1 500.00</span>, not R500.</p>',
    );
  });

  it('wraps every amount of a range and a table cell, and only whole amounts', () => {
    const html = renderAnswer(
      '| Band | Tax |\n|---|---|\n| R245 101 – R383 100 | R44 118 + 26% |\n\nThe ceiling is R17 712 a month (R212 544 a year).',
    );
    expect(html).toContain('<span class="amount">R245 101</span> – <span class="amount">R383 100</span>');
    expect(html).toContain('<span class="amount">R44 118</span> + 26%');
    expect(html).toContain('The ceiling is <span class="amount">R17 712</span> a month (<span class="amount">R212 544</span> a year).');
  });

  it('leaves tags, attributes, words and other numbers alone', () => {
    const html = renderAnswer('[R1 000 guide](https://example.com/R1%20000 "R2 000") BR1 000 and 245 101 employees');
    expect(html).toContain('href="https://example.com/R1%20000" title="R2 000"');
    expect(html).toContain('><span class="amount">R1 000</span> guide</a>');
    expect(html).toContain('BR1 000 and 245 101 employees');
  });

  it('cuts plain text (a line of working) into runs, marking the amounts to keep whole', () => {
    expect(amountSegments('Cost to employer: R20 000.00 + SDL R200.00 = R20 377.12')).toEqual([
      { text: 'Cost to employer: ', amount: false },
      { text: 'R20 000.00', amount: true },
      { text: ' + SDL R200.00 = ', amount: false },
      { text: 'R20 377.12', amount: true },
    ]);
    expect(amountSegments('no amounts here')).toEqual([{ text: 'no amounts here', amount: false }]);
  });

  it('changes nothing but the spans (the answer reads the same)', () => {
    const strip = (h: string) => h.replace(/<\/?span[^>]*>/g, '');
    expect(strip(renderAnswer(PAYSLIP))).toBe(renderMarkdown(PAYSLIP));
  });
});
