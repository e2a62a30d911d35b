import { describe, expect, it } from 'vitest';
import {
  attachmentInfo,
  backUrl,
  categoryHeading,
  kbUrl,
  safeSnippet,
  withoutLeadingTitle,
  type KbState,
} from '../../../src/ui/knowledge/views';

describe('knowledge page helpers', () => {
  it('names category headings by id, else Articles', () => {
    expect(categoryHeading('tax')).toBe('Tax & PAYE');
    expect(categoryHeading('uif')).toBe('UIF');
    expect(categoryHeading('leave')).toBe('Leave Management');
    expect(categoryHeading('benefits')).toBe('Benefits & Allowances');
    expect(categoryHeading('compliance')).toBe('Compliance & Reporting');
    expect(categoryHeading('basic-concepts')).toBe('Basic Concepts');
    expect(categoryHeading('payroll-basics')).toBe('Articles');
  });

  it('builds a URL for every state', () => {
    expect(kbUrl.categories()).toBe('/knowledge');
    expect(kbUrl.categories('uif')).toBe('/knowledge?tab=categories&q=uif');
    expect(kbUrl.search('uif ceiling')).toBe('/knowledge?q=uif+ceiling');
    expect(kbUrl.category('basic-concepts')).toBe('/knowledge/category/basic-concepts');
    expect(kbUrl.category('a/b', 'x')).toBe('/knowledge/category/a%2Fb?q=x');
    expect(kbUrl.article('id1')).toBe('/knowledge/article/id1');
    expect(kbUrl.article('id1', { category: 'tax', q: 'paye' })).toBe('/knowledge/article/id1?category=tax&q=paye');
  });

  it('goes back per the spec', () => {
    const article = (fromCategory: string | null, q: string): KbState => ({
      view: 'article',
      q,
      fromCategory,
      article: null,
      categoryNames: {},
    });
    expect(backUrl(article('tax', ''))).toBe('/knowledge/category/tax');
    expect(backUrl(article('tax', 'paye'))).toBe('/knowledge/category/tax?q=paye');
    expect(backUrl(article(null, 'paye'))).toBe('/knowledge?q=paye');
    expect(backUrl(article(null, ''))).toBe('/knowledge');
    expect(backUrl({ view: 'category', q: '', categoryId: 'tax', category: null, items: null })).toBe('/knowledge');
    expect(backUrl({ view: 'category', q: 'paye', categoryId: 'tax', category: null, items: null })).toBe(
      '/knowledge?tab=categories&q=paye',
    );
    expect(backUrl({ view: 'search', q: 'paye', status: 'ok', results: [], categoryNames: {} })).toBe('/knowledge');
  });

  it('keeps only <mark> from a snippet, balanced', () => {
    expect(safeSnippet('the <mark>UIF</mark> ceiling &amp; more')).toBe('the <mark>UIF</mark> ceiling &amp; more');
    expect(safeSnippet('<script>alert(1)</script> <mark>x')).toBe('&lt;script&gt;alert(1)&lt;/script&gt; <mark>x</mark>');
    expect(safeSnippet('</mark>a<MARK>b</mark></mark>')).toBe('a<mark>b</mark>');
    expect(safeSnippet('<img src=x onerror=alert(1)>')).toBe('&lt;img src=x onerror=alert(1)&gt;');
    expect(safeSnippet('"quoted" & bare')).toBe('&quot;quoted&quot; &amp; bare');
  });

  it('describes attachments: original name, extension, images', () => {
    expect(attachmentInfo(`/uploads/${'a'.repeat(32)}-employer-guide.pdf`)).toEqual({
      href: `/uploads/${'a'.repeat(32)}-employer-guide.pdf`,
      name: 'employer-guide.pdf',
      ext: 'pdf',
      image: false,
    });
    expect(attachmentInfo('/uploads/x.JPG')?.image).toBe(true);
    expect(attachmentInfo('/uploads/x.webp')?.image).toBe(false);
    expect(attachmentInfo('javascript:alert(1)')).toBeNull();
    expect(attachmentInfo('data:image/png;base64,AAAA')).toBeNull();
  });

  it('drops a first heading that repeats the title', () => {
    expect(withoutLeadingTitle('# UIF ceiling\n\nText', 'UIF ceiling')).toBe('Text');
    expect(withoutLeadingTitle('# Other\n\nText', 'UIF ceiling')).toBe('# Other\n\nText');
    expect(withoutLeadingTitle('Intro\n# UIF ceiling', 'UIF ceiling')).toBe('Intro\n# UIF ceiling');
    expect(withoutLeadingTitle('## UIF ceiling\n\nText', 'UIF ceiling')).toBe('## UIF ceiling\n\nText');
  });
});
