import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ALLOWED_EXTENSIONS,
  attachmentInfo,
  extensionOf,
  isValidStorageKey,
  matchesMagicBytes,
  newStorageKey,
  storageKeyFromPath,
} from '../../../src/knowledge/files';
import { createCategorySchema, createItemSchema, updateItemSchema } from '../../../src/knowledge/schemas';
import { loadKnowledgeContent, stripLeadingTitle } from '../../../src/knowledge/seed';

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...Buffer.from(p, 'latin1')] : p)));

export const SAMPLES: Record<string, Uint8Array> = {
  pdf: bytes('%PDF-1.7\n%âãÏÓ\n1 0 obj\n'),
  png: bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'rest'),
  jpg: bytes([0xff, 0xd8, 0xff, 0xe0], 'JFIF'),
  jpeg: bytes([0xff, 0xd8, 0xff, 0xdb], 'rest'),
  gif: bytes('GIF89a', [1, 0, 1, 0]),
  webp: bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 '),
  txt: new TextEncoder().encode('Payroll notes — 13th cheque ✓\n'),
  csv: new TextEncoder().encode('name,salary\nThandi,28500\n'),
  docx: bytes([0x50, 0x4b, 0x03, 0x04], '[Content_Types].xml'),
  xlsx: bytes([0x50, 0x4b, 0x03, 0x04], 'xl/workbook.xml'),
};

describe('attachment rules', () => {
  it('recognises every allowed type by its magic bytes', () => {
    for (const ext of ALLOWED_EXTENSIONS) expect(matchesMagicBytes(ext, SAMPLES[ext]), ext).toBe(true);
  });

  it('rejects content that does not match the extension', () => {
    const html = new TextEncoder().encode('<html><script>alert(1)</script></html>');
    expect(matchesMagicBytes('pdf', html)).toBe(false);
    expect(matchesMagicBytes('png', SAMPLES.jpg)).toBe(false);
    expect(matchesMagicBytes('jpg', SAMPLES.png)).toBe(false);
    expect(matchesMagicBytes('gif', SAMPLES.pdf)).toBe(false);
    expect(matchesMagicBytes('webp', bytes('RIFF', [0, 0, 0, 0], 'WAVE'))).toBe(false);
    expect(matchesMagicBytes('docx', SAMPLES.pdf)).toBe(false);
    expect(matchesMagicBytes('txt', bytes('abc', [0], 'def'))).toBe(false); // NUL
    expect(matchesMagicBytes('csv', bytes([0xff, 0xfe, 0x41]))).toBe(false); // not UTF-8
    expect(matchesMagicBytes('txt', SAMPLES.png)).toBe(false);
  });

  it('makes random keys that keep the extension and a readable name', () => {
    const a = newStorageKey('Annual Report (final) É.PDF', 'pdf');
    const b = newStorageKey('Annual Report (final) É.PDF', 'pdf');
    expect(a).not.toBe(b);
    expect(a).toMatch(/^[0-9a-f]{32}-annual-report-final-e\.pdf$/);
    expect(isValidStorageKey(a)).toBe(true);
    expect(newStorageKey('.png', 'png')).toMatch(/^[0-9a-f]{32}\.png$/);
    expect(newStorageKey('日本語.txt', 'txt')).toMatch(/^[0-9a-f]{32}\.txt$/);
    expect(newStorageKey(`${'x'.repeat(300)}.csv`, 'csv').length).toBeLessThanOrEqual(120);
  });

  it('accepts only keys it could have made', () => {
    for (const bad of [
      '../etc/passwd',
      'a.pdf',
      `${'0'.repeat(32)}.svg`,
      `${'0'.repeat(32)}.html`,
      `${'0'.repeat(32)}/x.pdf`,
      `${'0'.repeat(32)}-X.pdf`,
      `${'0'.repeat(32)}..pdf`,
    ]) {
      expect(isValidStorageKey(bad), bad).toBe(false);
    }
    expect(storageKeyFromPath(`/uploads/${'a'.repeat(32)}-x.pdf`)).toBe(`${'a'.repeat(32)}-x.pdf`);
    expect(storageKeyFromPath(`https://evil.example/${'a'.repeat(32)}.pdf`)).toBeNull();
    expect(storageKeyFromPath(`/uploads/../${'a'.repeat(32)}.pdf`)).toBeNull();
  });

  it('describes an attachment for display', () => {
    expect(attachmentInfo(`/uploads/${'a'.repeat(32)}-annual-report.pdf`)).toEqual({
      name: 'annual-report.pdf',
      ext: 'pdf',
      isImage: false,
    });
    expect(attachmentInfo(`/uploads/${'a'.repeat(32)}.PNG`)).toEqual({ name: `${'a'.repeat(32)}.PNG`, ext: 'png', isImage: true });
    expect(attachmentInfo('/uploads/x.webp').isImage).toBe(false); // the spec's viewable images: jpg, jpeg, png, gif
    expect(extensionOf('x.tar.gz')).toBe('gz');
  });
});

describe('knowledge schemas (spec §5 messages)', () => {
  const msg = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

  it('category: every field required, id a slug without spaces', () => {
    expect(msg(createCategorySchema.safeParse({ id: 'x', name: '', description: 'd' }))).toBe('Please fill out all fields.');
    expect(msg(createCategorySchema.safeParse({ name: 'n', description: 'd' }))).toBe('Please fill out all fields.');
    expect(msg(createCategorySchema.safeParse({ id: 'payroll basics', name: 'n', description: 'd' }))).toMatch(
      /no spaces \(e\.g\., payroll-basics\)/,
    );
    expect(msg(createCategorySchema.safeParse({ id: 'a'.repeat(51), name: 'n', description: 'd' }))).toBe(
      'Category ID must be at most 50 characters',
    );
    expect(msg(createCategorySchema.safeParse({ id: 'x', name: 'n'.repeat(101), description: 'd' }))).toBe(
      'Category name must be at most 100 characters',
    );
    expect(createCategorySchema.parse({ id: ' Payroll-Basics ', name: ' N ', description: ' D ' })).toEqual({
      id: 'payroll-basics',
      name: 'N',
      description: 'D',
    });
  });

  it('item: title, content and category required; keywords trimmed, empties dropped, de-duplicated', () => {
    expect(msg(createItemSchema.safeParse({ title: ' ', content: 'c', categoryId: 'tax' }))).toBe('Please fill out all required fields.');
    expect(msg(createItemSchema.safeParse({ title: 't', content: 'c' }))).toBe('Please fill out all required fields.');
    expect(msg(createItemSchema.safeParse({ id: 'not-a-uuid', title: 't', content: 'c', categoryId: 'tax' }))).toBe(
      'Item ID must be a UUID',
    );
    const ok = createItemSchema.parse({
      title: 't',
      content: 'c',
      categoryId: 'tax',
      keywords: ['  PAYE ', '', 'paye', 'UIF  ceiling', ' '],
    });
    expect(ok.keywords).toEqual(['PAYE', 'UIF ceiling']);
    expect(msg(createItemSchema.safeParse({ title: 't', content: 'c', categoryId: 'tax', keywords: ['k'.repeat(61)] }))).toBe(
      'Each keyword must be at most 60 characters',
    );
    expect(msg(createItemSchema.safeParse({ title: 't', content: 'c', categoryId: 'tax', attachments: ['https://x.y/z.pdf'] }))).toMatch(
      /^Attachments must be files uploaded/,
    );
  });

  it('item edit: existingAttachments is a JSON-encoded list; lists may also come as JSON or comma-separated text', () => {
    const p = `/uploads/${'b'.repeat(32)}-a.pdf`;
    expect(updateItemSchema.parse({ existingAttachments: JSON.stringify([p, p]) }).existingAttachments).toEqual([p]);
    expect(updateItemSchema.parse({ existingAttachments: '[]' }).existingAttachments).toEqual([]);
    expect(updateItemSchema.parse({ keywords: '["a"," b "]' }).keywords).toEqual(['a', 'b']);
    expect(updateItemSchema.parse({ keywords: 'a, b,,c' }).keywords).toEqual(['a', 'b', 'c']);
    expect(msg(updateItemSchema.safeParse({ existingAttachments: '[not json' }))).toBe('existingAttachments must be a list of text values');
    expect(msg(updateItemSchema.safeParse({ title: '' }))).toBe('Please fill out all required fields.');
  });
});

describe('shipped knowledge content (db/knowledge)', () => {
  const content = loadKnowledgeContent(path.resolve('db/knowledge'));

  it('parses every category and article without problems', () => {
    expect(content.problems).toEqual([]);
  });

  it("has the spec's six categories and at least 60 articles, each in a known category, with keywords", () => {
    expect(content.categories.map((c) => c.id)).toEqual(
      expect.arrayContaining(['tax', 'uif', 'leave', 'benefits', 'compliance', 'basic-concepts']),
    );
    expect(content.items.length).toBeGreaterThanOrEqual(60);
    const cats = new Set(content.categories.map((c) => c.id));
    for (const it of content.items) {
      expect(cats.has(it.categoryId), it.file).toBe(true);
      expect(it.keywords.length, it.file).toBeGreaterThan(0);
      expect(it.content.startsWith('# '), `${it.file} still starts with its title`).toBe(false);
    }
  });

  // The topics payroll users ask about (reference §12–19), each in its category, found by the words people type.
  it.each([
    [
      'benefits/travel-allowance-and-reimbursive-rate.md',
      'benefits',
      /^Travel allowance/,
      ['travel allowance', 'car allowance', 'km rate', 'reimbursive'],
    ],
    ['benefits/company-car-fringe-benefit.md', 'benefits', /^Company car/, ['company car', 'fringe benefit']],
    ['benefits/employee-loans-official-interest-rate.md', 'benefits', /^Employee loans/, ['official rate', 'low-interest loan']],
    ['benefits/subsistence-allowances.md', 'benefits', /^Subsistence allowances/, ['S&T', 'per diem']],
    ['tax/commission-earners.md', 'tax', /^Commission earners/, ['commission']],
    ['tax/directors-remuneration.md', 'tax', /^Directors/, ['directors']],
    ['tax/provisional-tax-for-employees.md', 'tax', /^Provisional tax/, ['provisional tax', 'IRP6']],
    ['uif/foreign-nationals-and-uif.md', 'uif', /^Foreign nationals and UIF/, ['foreign nationals', 'work permit']],
  ])('has %s', (file, category, title, keywords) => {
    const item = content.items.find((i) => i.file === file);
    expect(item, file).toBeDefined();
    expect(item!.categoryId).toBe(category);
    expect(item!.title).toMatch(title);
    expect(item!.keywords.map((k) => k.toLowerCase())).toEqual(expect.arrayContaining(keywords.map((k) => k.toLowerCase())));
    expect(item!.content, `${file} cites its sources`).toMatch(/^## Sources$/m);
  });

  it('tells readers plainly that a figure the reference still marks [VERIFY] awaits confirmation, and keeps the detail for editors', () => {
    const item = (file: string) => content.items.find((i) => i.file === file)!;
    const body = (file: string) => item(file).content;
    const caveated = (text: string, figure: string) => {
      const line = text.split('\n').find((l) => l.includes(figure) && /This figure is awaiting official confirmation\./.test(l));
      return Boolean(line);
    };
    expect(item('benefits/travel-allowance-and-reimbursive-rate.md').editorNotes).toMatch(/7182/);
    expect(body('benefits/travel-allowance-and-reimbursive-rate.md')).not.toMatch(/to be verified|whose text was not checked/i);
    expect(caveated(body('benefits/travel-allowance-and-reimbursive-rate.md'), '495 c/km')).toBe(true);
    expect(caveated(body('benefits/subsistence-allowances.md'), 'R595')).toBe(true);
    expect(caveated(body('benefits/subsistence-allowances.md'), 'R184')).toBe(true);
  });

  it('lists no repealed UIF exclusion: foreign nationals contribute since 1 March 2018 (reference §2, §19)', () => {
    const excluded = content.items.find((i) => i.file === 'uif/who-is-excluded-from-uif.md')!.content;
    const section = excluded.split(/^## Employees who are excluded$/m)[1].split(/^## /m)[0];
    const listed = section.split('\n').filter((l) => /^\d+\.\s/.test(l));
    expect(listed.length).toBeGreaterThan(0);
    for (const l of listed) expect(l).not.toMatch(/foreign|repatriat/i);
    expect(excluded).toMatch(/Foreign nationals are \*\*not\*\* excluded/);
    for (const it of content.items) {
      expect(it.content, it.file).not.toMatch(/foreign[^.]*\b(are|is) excluded from UIF/i);
    }
  });

  it('stripLeadingTitle removes only a heading that repeats the title', () => {
    expect(stripLeadingTitle('# What is PAYE?\n\nBody', 'What is PAYE?')).toBe('Body');
    expect(stripLeadingTitle('# Something else\n\nBody', 'What is PAYE?')).toBe('# Something else\n\nBody');
  });
});
