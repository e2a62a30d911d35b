import { describe, expect, it } from 'vitest';
import { figureLabel, formatFigure } from '../../../islands/figures';
import { runCalculator } from '../../../src/assistant/tools';
import {
  answerDocument,
  calculationDocument,
  conversationDocument,
  documentFilename,
  exchangesOf,
  type DocContext,
} from '../../../src/documents/builders';
import { pageCalculation, registryCalculation } from '../../../src/documents/calculation';
import { CSV_HEADER, csvField, csvValue, toCsv } from '../../../src/documents/csv';
import { linkResolver, markdownBlocks, plainText } from '../../../src/documents/markdown';
import { DISCLAIMER, type Block, type Doc } from '../../../src/documents/model';
import { renderPdf } from '../../../src/documents/pdf';
import { PAYROLL_CALCULATORS, compareTaxYears, formatRand, type PayrollCalculator } from '../../../src/payroll/index';
import { pdfPages } from '../../helpers/pdf';
import { CALCULATORS, formValues, type CalcDef, type Outcome } from '../../../src/ui/calculators/model';
import type { MessageDTO, ToolCallDTO } from '../../../src/schemas/chat';
import { csvRows } from '../../helpers/csv';

// The document builders, the CSV and the PDF writer, on the engine's real results: every figure a document shows
// must be one the engine returned, formatted as the app shows it.
const now = new Date('2026-11-27T10:00:00+02:00');
const ctx: DocContext = { now, link: linkResolver('https://payewise.example') };

const flat = (s: string) => s.replace(/\s+/g, ' ');

function message(over: Partial<MessageDTO>): MessageDTO {
  return {
    id: 'm',
    userId: 1,
    role: 'assistant',
    content: '',
    timestamp: now.toISOString(),
    conversationId: 'c',
    sources: [],
    toolCalls: [],
    status: 'complete',
    ...over,
  };
}
const call = (name: string, input: Record<string, unknown>): ToolCallDTO => ({ id: `t-${name}`, ...runCalculator(name, input, now) });

describe('markdown as blocks', () => {
  const blocks = markdownBlocks(
    [
      '**PAYE is R4 210.50 a month.**',
      '',
      '## How it is worked out',
      '',
      '- Annual equivalent',
      '  - nested, see [the article](/knowledge/article/abc)',
      '',
      '| Figure | 2026/27 | Difference |',
      '|:--|--:|--:|',
      '| PAYE | R4 210.50 | −R89.50 |',
      '| **Total** | **R1.00** | **R2.00** |',
      '',
      '<script>alert(1)</script> and [bad](javascript:alert(1))',
    ].join('\n'),
    ctx.link,
  );
  const of = <K extends Block['kind']>(kind: K) => blocks.filter((b): b is Extract<Block, { kind: K }> => b.kind === kind);

  it('keeps bold, headings and nested lists', () => {
    expect(of('paragraph')[0].runs).toEqual([{ text: 'PAYE is R4 210.50 a month.', bold: true }]);
    expect(of('heading')[0]).toEqual({ kind: 'heading', level: 2, text: 'How it is worked out' });
    const items = of('list')[0].items;
    expect(items.map((i) => [i.depth, i.marker, plainText(i.runs)])).toEqual([
      [0, '•', 'Annual equivalent'],
      [1, '◦', 'nested, see the article'],
    ]);
    expect(items[1].runs.find((r) => r.text === 'the article')?.link).toBe('https://payewise.example/knowledge/article/abc');
  });

  it('turns a markdown table into a table with its alignment and bold total row', () => {
    expect(of('table')[0]).toMatchObject({
      head: ['Figure', '2026/27', 'Difference'],
      rows: [
        ['PAYE', 'R4 210.50', '−R89.50'],
        ['Total', 'R1.00', 'R2.00'],
      ],
      align: ['left', 'right', 'right'],
      bold: [1],
    });
  });

  it('shows raw HTML as text and follows only safe links; a site path is a link only with a public address', () => {
    const last = of('paragraph').at(-1)!;
    expect(plainText(last.runs)).toContain('<script>alert(1)</script>');
    expect(last.runs.some((r) => r.link)).toBe(false);
    expect(markdownBlocks('[a](/knowledge/article/x)', linkResolver(undefined))[0]).toEqual({ kind: 'paragraph', runs: [{ text: 'a' }] });
  });
});

describe('CSV', () => {
  it('reads the figures the app writes as plain numbers with units', () => {
    expect(csvValue('R28 500.00')).toEqual({ value: '28500.00', unit: 'ZAR' });
    expect(csvValue('−R1 234 567.05')).toEqual({ value: '-1234567.05', unit: 'ZAR' });
    expect(csvValue('+R12.50')).toEqual({ value: '12.50', unit: 'ZAR' });
    expect(csvValue('1.25 days')).toEqual({ value: '1.25', unit: 'days' });
    expect(csvValue('1 day')).toEqual({ value: '1', unit: 'days' });
    expect(csvValue('7.75%')).toEqual({ value: '7.75', unit: '%' });
    expect(csvValue('35 years')).toEqual({ value: '35', unit: 'years' });
    expect(csvValue('1 234')).toEqual({ value: '1234', unit: '' });
    for (const text of ['monthly', '2026/27', '27 November 2026', 'R 12', 'R12.5', 'Enter days worked'])
      expect(csvValue(text)).toEqual({ value: text, unit: '' });
  });

  it('quotes fields as RFC 4180 says and defuses formulas in text', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a, b')).toBe('"a, b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvField('-12.50', true)).toBe('-12.50');
  });

  it('writes an API calculation with a header row, its inputs and the engine’s figures', () => {
    const calc = PAYROLL_CALCULATORS.paye as PayrollCalculator;
    const input = calc.input.parse({ period: 'monthly', remuneration: 28500, age: 67, medicalMembers: 3 }) as Record<string, unknown>;
    const result = calc.run(input, now) as Record<string, unknown>;
    const text = toCsv(registryCalculation(calc, input, result, result.working as string[]), '2026-11-27');
    expect(text.startsWith('\uFEFFSection,Item,Detail,Value,Unit\r\n')).toBe(true);
    expect(text.endsWith('\r\n')).toBe(true);
    const rows = csvRows(text.slice(1));
    expect(rows[0]).toEqual([...CSV_HEADER]);
    expect(rows.every((r) => r.length === 5)).toBe(true);
    const find = (section: string, item: string) => rows.find((r) => r[0] === section && r[1] === item);
    expect(find('Calculation', 'Tax year')?.[3]).toBe('2026/27');
    expect(find('Calculation', 'Date')?.[3]).toBe('2026-11-27');
    expect(find('Input', 'Remuneration')?.slice(3)).toEqual(['28500.00', 'ZAR']);
    expect(find('Input', 'Age')?.slice(3)).toEqual(['67', 'years']);
    for (const key of ['paye', 'annualTax', 'rebate', 'medicalCredit']) {
      expect(find('Result', figureLabel(key))?.slice(3)).toEqual([(result[key] as number).toFixed(2), 'ZAR']);
    }
    expect(rows.filter((r) => r[0] === 'Working').map((r) => r[3])).toEqual(result.working);
  });

  it('writes one row per table cell: a payroll run from the page, employee by employee', () => {
    const def = CALCULATORS['payroll-run'] as CalcDef;
    const values = formValues(def, { month: '2026-11', employees: 'Thandi, 6000, 24, 3\nSipho, 8000, 31' }, now);
    const outcome = def.run(values, now) as Extract<Outcome, { status: 'ok' }>;
    expect(outcome.status).toBe('ok');
    const rows = csvRows(toCsv(pageCalculation(def, values, outcome, now), '2026-11-27').slice(1));
    const api = PAYROLL_CALCULATORS['payroll-run'].run(
      PAYROLL_CALCULATORS['payroll-run'].input.parse({ month: '2026-11', employees: values.employees }),
      now,
    );
    const thandi = api.employees.find((e) => e.name === 'Thandi')!;
    expect(rows.find((r) => r[0] === 'Result: Per employee' && r[1] === 'Thandi' && r[2] === 'PAYE')?.slice(3)).toEqual([
      thandi.paye.toFixed(2),
      'ZAR',
    ]);
    expect(rows.find((r) => r[0] === 'Result: Per employee' && r[1] === 'Total' && r[2] === 'Net pay')?.slice(3)).toEqual([
      api.totals.netPay.toFixed(2),
      'ZAR',
    ]);
    expect(rows.find((r) => r[0] === 'Result' && r[1].startsWith('EMP201'))?.slice(3)).toEqual([api.emp201.toFixed(2), 'ZAR']);
    expect(rows.find((r) => r[0] === 'Input' && r[1] === 'Employees')?.[3]).toBe('Thandi, 6000, 24, 3\nSipho, 8000, 31');
  });
});

describe('calculation documents', () => {
  it('show the page’s inputs by their labels and its headline, figures and working', () => {
    const def = CALCULATORS.paye as CalcDef;
    const values = formValues(def, { remuneration: 'R28 500', age: '35', medicalMembers: '2', compareWith: '2026' }, now);
    const outcome = def.run(values, now) as Extract<Outcome, { status: 'ok' }>;
    const doc = calculationDocument(pageCalculation(def, values, outcome, now), ctx);
    expect(doc.title).toBe('PAYE calculator');
    expect(doc.meta).toContainEqual(['Tax year', '2026/27']);
    const figures = doc.blocks.filter((b) => b.kind === 'figures').flatMap((b) => b.rows);
    expect(figures).toContainEqual({ label: 'Remuneration', text: 'R28 500.00' });
    expect(figures).toContainEqual({ label: 'People on the medical scheme', text: '2' });
    expect(figures).toContainEqual({ label: 'Tax year', text: '2026/27' });
    const r = outcome.result as unknown as { paye: number; working: string[] };
    expect(doc.blocks).toContainEqual({
      kind: 'headline',
      label: 'PAYE per month · tax year 2026/27',
      value: formatRand(Math.round(r.paye * 100)),
      sub: undefined,
    });
    expect(doc.blocks).toContainEqual({
      kind: 'list',
      items: r.working.map((w, i) => ({ marker: `${i + 1}.`, depth: 0, runs: [{ text: w }] })),
    });
    // The comparison the page shows, row by row.
    const table = doc.blocks.find((b) => b.kind === 'table' && b.head[0] === 'Figure') as Extract<Block, { kind: 'table' }>;
    expect(table.rows).toEqual(outcome.comparison!.rows.map((x) => [x.label, x.a, x.b, x.difference]));
    // The page's knowledge-base links, absolute.
    expect(doc.blocks.find((b) => b.kind === 'citations')).toMatchObject({
      items: expect.arrayContaining([
        { title: 'How monthly PAYE is calculated', href: expect.stringMatching(/^https:\/\/payewise\.example\/knowledge\/article\//) },
      ]),
    });
  });

  it('compare two tax years through the API with the engine’s differences', () => {
    const calc = PAYROLL_CALCULATORS.paye as PayrollCalculator;
    const input = { period: 'monthly', remuneration: 28500, age: 35 };
    const c = compareTaxYears(calc, input, 2026, now);
    const doc = calculationDocument(registryCalculation(calc, input, c.results[0] as Record<string, unknown>, [], c), ctx);
    const table = doc.blocks.find((b) => b.kind === 'table' && b.head[0] === 'Figure') as Extract<Block, { kind: 'table' }>;
    expect(table.head).toEqual(['Figure', '2026/27', '2025/26', 'Difference']);
    expect(table.rows.find((r) => r[0] === 'PAYE')).toEqual([
      'PAYE',
      formatFigure('paye', (c.results[0] as { paye: number }).paye),
      formatFigure('paye', (c.results[1] as { paye: number }).paye),
      expect.stringContaining(formatFigure('paye', Math.abs(c.difference.paye)).slice(1)),
    ]);
  });
});

describe('answer and conversation documents', () => {
  const paye = call('paye', { period: 'monthly', remuneration: 28500, age: 35 });
  const question = message({ id: 'q1', role: 'user', content: 'How much PAYE on R28 500 a month?' });
  const answer = message({
    id: 'a1',
    content: `PAYE is **${formatFigure('paye', (paye.result as { paye: number }).paye)}** a month.\n\n${paye.working!.map((w) => `- ${w}`).join('\n')}`,
    toolCalls: [{ id: 's', name: 'search_knowledge', input: { q: 'paye' } }, paye],
    sources: [{ id: 'art-1', title: 'How monthly PAYE is calculated' }],
  });
  const citations = [
    { title: 'How monthly PAYE is calculated', taxYears: ['2025/26', '2026/27'], href: 'https://payewise.example/knowledge/article/art-1' },
  ];

  it('hold the question, the answer, each calculation’s inputs and figures, and the sources', () => {
    const doc = answerDocument({ question, answer, citations }, { title: 'PAYE' }, ctx);
    expect(doc.footer).toEqual({ date: '27 November 2026', taxYear: '2026/27' });
    const headings = doc.blocks.filter((b) => b.kind === 'heading').map((b) => b.text);
    expect(headings).toEqual(['Question', 'Answer', 'Calculation: PAYE']);
    const figures = doc.blocks.filter((b) => b.kind === 'figures');
    expect(figures.find((b) => b.title === 'Inputs')!.rows).toEqual([
      { label: 'Period', text: 'monthly' },
      { label: 'Remuneration', text: 'R28 500.00' },
      { label: 'Age', text: '35 years' },
    ]);
    expect(figures.find((b) => b.title === 'Result')!.rows).toContainEqual({
      label: 'PAYE',
      text: formatFigure('paye', (paye.result as { paye: number }).paye),
    });
    // Noughts are left out beside an answer, as in the chat's calculation card (no medical aid: no credit rows).
    expect((paye.result as { medicalCredit: number }).medicalCredit).toBe(0);
    expect(figures.find((b) => b.title === 'Result')!.rows.map((r) => r.text)).not.toContain('R0.00');
    // The answer spells out the working already: it is not repeated.
    expect(doc.blocks.filter((b) => b.kind === 'heading' && b.text === 'Working')).toEqual([]);
    expect(doc.blocks.at(-1)).toEqual({ kind: 'citations', title: 'Source', items: citations });
  });

  it('show a stored calculation in the engine’s order, whatever order the database kept its keys in', () => {
    const shuffled = {
      ...paye,
      result: Object.fromEntries(Object.entries(paye.result as Record<string, unknown>).reverse()),
      input: { age: 35, remuneration: 28500, period: 'monthly' },
    };
    const doc = answerDocument({ question, answer: { ...answer, toolCalls: [shuffled] }, citations: [] }, { title: 'PAYE' }, ctx);
    const [inputs, result] = doc.blocks.filter((b) => b.kind === 'figures').map((b) => b.rows.map((r) => r.label));
    expect(inputs).toEqual(['Period', 'Remuneration', 'Age']);
    expect(result.slice(0, 4)).toEqual(['Tax year', 'Period', 'PAYE', 'Annual tax']);
  });

  it('pair questions with their answers and number them; a refused calculation says so', () => {
    const refused = call('paye', { period: 'monthly', remuneration: -5, age: 35 });
    expect(refused.error).toBeTruthy();
    const messages = [
      question,
      answer,
      message({ id: 'q2', role: 'user', content: 'And for R-5?' }),
      message({ id: 'a2', content: 'That amount cannot be used.', toolCalls: [refused] }),
      message({ id: 'q3', role: 'user', content: 'Still there?' }),
      message({ id: 'a3', content: 'Half an ans', status: 'stopped' }),
    ];
    const pairs = exchangesOf(messages);
    expect(pairs.map((p) => [p.question?.id, p.answer?.id])).toEqual([
      ['q1', 'a1'],
      ['q2', 'a2'],
      ['q3', 'a3'],
    ]);
    const doc = conversationDocument(
      { id: 'c', title: 'PAYE questions', createdAt: now.toISOString(), updatedAt: now.toISOString() },
      pairs.map((p) => ({ ...p, citations: [] })),
      ctx,
    );
    expect(doc.title).toBe('PAYE questions');
    expect(doc.meta[0]).toEqual(['Conversation', '3 questions, started 27 November 2026, 10:00']);
    const headings = doc.blocks
      .filter((b) => b.kind === 'heading')
      .filter((b) => b.level === 1)
      .map((b) => b.text);
    expect(headings).toEqual(['Question 1', 'Answer 1', 'Question 2', 'Answer 2', 'Question 3', 'Answer 3']);
    const notes = doc.blocks
      .filter((b) => b.kind === 'paragraph')
      .filter((b) => b.style === 'note')
      .map((b) => plainText(b.runs));
    expect(notes).toEqual([`The calculator refused these inputs: ${refused.error}`, 'This answer was stopped before it was finished.']);
  });

  it('are named for the product, what they hold and the South African day', () => {
    expect(documentFilename('paye', new Date('2026-11-27T23:30:00Z'), 'pdf')).toBe('payewise-paye-2026-11-28.pdf');
    expect(documentFilename('Leave Accrual', now, 'csv')).toBe('payewise-leave-accrual-2026-11-27.csv');
  });
});

describe('the PDF', () => {
  it('is A4 with its fonts embedded, and every page has the footer, its number and the disclaimer', async () => {
    const lines = Array.from({ length: 160 }, (_, i) => `- Line ${i + 1} of the working: ${formatRand((i + 1) * 12345)}`);
    const doc: Doc = {
      title: 'A long answer',
      meta: [['Tax year', '2026/27']],
      blocks: [
        ...markdownBlocks(
          `**Über-long** answer — with “quotes”, −R5.00 and ☑.\n\n${lines.join('\n')}\n\n| A | B |\n|--|--:|\n${Array.from({ length: 80 }, (_, i) => `| row ${i + 1} | R${i + 1}.00 |`).join('\n')}`,
        ),
      ],
      created: now,
      footer: { date: '27 November 2026', taxYear: '2026/27' },
    };
    const pdf = await renderPdf(doc);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const { pages, view, fonts } = await pdfPages(pdf);
    expect(view).toEqual([0, 0, 595.28, 841.89]);
    expect(fonts).toBe(true);
    expect(Buffer.from(pdf).includes('/Helvetica')).toBe(false);
    expect(pages.length).toBeGreaterThan(2);
    const all = flat(pages.join(' '));
    expect(all).toContain('Über-long answer — with “quotes”, −R5.00 and ☑.');
    // Nothing is lost over the page breaks: every line and every table row is there, in order.
    for (let i = 1; i <= 160; i++) expect(all).toContain(`Line ${i} of the working: ${formatRand(i * 12345)}`);
    for (let i = 1; i <= 80; i++) expect(all).toContain(`row ${i} R${i}.00`);
    pages.forEach((p, i) => {
      expect(flat(p)).toContain(flat(DISCLAIMER));
      expect(p).toContain('PayeWise · 27 November 2026 · Tax year 2026/27');
      expect(p).toContain(`Page ${i + 1} of ${pages.length}`);
    });
  });
});
