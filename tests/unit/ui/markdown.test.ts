import { describe, expect, it } from 'vitest';
import { escapeHtml, renderMarkdown, safeUrl } from '../../../src/ui/markdown';

const ALLOWED_TAGS = new Set([
  'p',
  'h1',
  'h2',
  'h3',
  'ul',
  'ol',
  'li',
  'strong',
  'em',
  'a',
  'img',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'blockquote',
  'code',
  'pre',
  'br',
  'hr',
  'del',
  'input',
]);
const ALLOWED_ATTRS = new Set([
  'href',
  'src',
  'alt',
  'title',
  'target',
  'rel',
  'loading',
  'align',
  'class',
  'type',
  'checked',
  'disabled',
  'start',
]);

/** No executable markup may survive: only the tags and attributes we make, no script URLs. */
function assertInert(html: string) {
  for (const m of html.matchAll(/<\/?([a-zA-Z][a-zA-Z0-9-]*)([^>]*)>/g)) {
    const [, name, attrs] = m;
    expect(ALLOWED_TAGS.has(name.toLowerCase()), `tag <${name}> in ${html}`).toBe(true);
    for (const a of attrs.matchAll(/([^\s=/]+)(?:\s*=\s*("[^"]*"|'[^']*'|[^\s>]+))?/g)) {
      const attr = a[1].toLowerCase();
      expect(ALLOWED_ATTRS.has(attr), `attribute ${attr} in ${html}`).toBe(true);
      if (attr === 'href' || attr === 'src') {
        const v = (a[2] ?? '')
          .replace(/^["']|["']$/g, '')
          .replace(/&#(x?[0-9a-f]+);?/gi, (_s, n: string) =>
            String.fromCodePoint(n[0] === 'x' ? parseInt(n.slice(1), 16) : parseInt(n, 10)),
          );
        expect(v.replace(/[\u0000-\u0020]/g, '')).not.toMatch(/^(javascript|vbscript|data|file):/i);
      }
    }
  }
  expect(html).not.toMatch(/<script/i);
}

describe('renderMarkdown: the subset', () => {
  it('renders headings 1 to 3 and clamps deeper ones to h3', () => {
    const html = renderMarkdown('# One\n\n## Two\n\n### Three\n\n#### Four\n\n###### Six');
    expect(html).toContain('<h1>One</h1>');
    expect(html).toContain('<h2>Two</h2>');
    expect(html).toContain('<h3>Three</h3>');
    expect(html).toContain('<h3>Four</h3>');
    expect(html).toContain('<h3>Six</h3>');
    expect(html).not.toMatch(/<h[4-6]/);
  });

  it('renders bulleted and numbered lists, bold, italic and paragraphs', () => {
    const html = renderMarkdown('Intro with **bold** and *italic* and _also italic_.\n\n- a\n- b\n\n1. first\n2. second');
    expect(html).toContain('<p>Intro with <strong>bold</strong> and <em>italic</em> and <em>also italic</em>.</p>');
    expect(html).toMatch(/<ul>\s*<li>a<\/li>\s*<li>b<\/li>\s*<\/ul>/);
    expect(html).toMatch(/<ol>\s*<li>first<\/li>\s*<li>second<\/li>\s*<\/ol>/);
  });

  it('renders tables and blockquotes', () => {
    const html = renderMarkdown('| Band | Rate |\n|---|---:|\n| R0 – R245 100 | 18% |\n\n> Note: monthly ceiling R17 712');
    expect(html).toContain('<table>');
    expect(html).toContain('<th>Band</th>');
    expect(html).toMatch(/<td[^>]*>18%<\/td>/);
    expect(html).toContain('<blockquote>');
    expect(html).toContain('Note: monthly ceiling R17 712');
  });

  it('gives links rel=noopener noreferrer, and external ones target=_blank', () => {
    const ext = renderMarkdown('[SARS](https://www.sars.gov.za/types-of-tax/pay-as-you-earn/)');
    expect(ext).toContain(
      '<a href="https://www.sars.gov.za/types-of-tax/pay-as-you-earn/" target="_blank" rel="noopener noreferrer">SARS</a>',
    );
    const rel = renderMarkdown('[UIF](/knowledge/category/uif)');
    expect(rel).toContain('<a href="/knowledge/category/uif" rel="noopener noreferrer">UIF</a>');
    const mail = renderMarkdown('[mail us](mailto:help@payewise.co.za)');
    expect(mail).toContain('href="mailto:help@payewise.co.za"');
    const auto = renderMarkdown('See https://www.labour.gov.za for more.');
    expect(auto).toContain('<a href="https://www.labour.gov.za" target="_blank" rel="noopener noreferrer">');
  });

  it('escapes quotes in link titles and URLs', () => {
    const html = renderMarkdown('[x](https://example.com/a"b "t\\"itle")');
    assertInert(html);
    expect(html).not.toMatch(/title="t"itle"/);
  });

  it('keeps ampersands and special characters in text escaped', () => {
    expect(renderMarkdown('Tax & PAYE < 5 > 3')).toContain('Tax &amp; PAYE &lt; 5 &gt; 3');
  });

  it('handles empty input', () => {
    expect(renderMarkdown('')).toBe('');
  });
});

describe('renderMarkdown: XSS', () => {
  it.each([
    ['script tag', '<script>alert(1)</script>'],
    ['script inline', 'Hello <script>alert(1)</script> world'],
    ['img onerror', '<img src=x onerror="alert(1)">'],
    ['img onerror inline', 'text <img src=x onerror=alert(1)> text'],
    ['raw html block', '<div onclick="alert(1)">\n\n**bold inside**\n\n</div>'],
    ['iframe', '<iframe src="javascript:alert(1)"></iframe>'],
    ['svg onload', '<svg onload=alert(1)>'],
    ['style', '<style>body{display:none}</style>'],
    ['javascript link', '[x](javascript:alert(1))'],
    ['JavaScript link mixed case', '[x](JaVaScRiPt:alert(1))'],
    ['javascript link with entity', '[x](&#106;avascript:alert(1))'],
    ['javascript link with hex entity', '[x](&#x6A;avascript&#x3A;alert(1))'],
    ['javascript link with tab', '[x](java\tscript:alert(1))'],
    ['javascript link with leading space', '[x]( javascript:alert(1))'],
    ['javascript link with named colon', '[x](javascript&colon;alert(1))'],
    ['javascript autolink', '<javascript:alert(1)>'],
    ['vbscript link', '[x](vbscript:msgbox(1))'],
    ['data link', '[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)'],
    ['javascript reference link', '[x][1]\n\n[1]: javascript:alert(1)'],
    ['javascript image', '![x](javascript:alert(1))'],
    ['data image', '![x](data:image/svg+xml;base64,PHN2Zz4=)'],
    ['image alt breaking out', '![x" onerror="alert(1)](/a.png)'],
    ['html in link text', '[<img src=x onerror=alert(1)>](https://example.com)'],
    ['html in heading', '# <script>alert(1)</script>'],
    ['html in table', '| a |\n|---|\n| <img src=x onerror=alert(1)> |'],
    ['html comment', '<!-- <script>alert(1)</script> -->'],
    ['code span', '`<script>alert(1)</script>`'],
    ['fenced code', '```html\n<script>alert(1)</script>\n```'],
  ])('neutralises %s', (_name, md) => {
    const html = renderMarkdown(md);
    assertInert(html);
  });

  it('shows raw HTML as visible text instead of dropping it', () => {
    const html = renderMarkdown('<script>alert(1)</script>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(renderMarkdown('a <b>b</b> c')).toContain('a &lt;b&gt;b&lt;/b&gt; c');
  });

  it('keeps the link text when it drops an unsafe link', () => {
    const html = renderMarkdown('[click me](javascript:alert(1))');
    expect(html).toContain('click me');
    expect(html).not.toContain('<a');
  });

  it('renders safe images with a relative or https source', () => {
    expect(renderMarkdown('![chart](/api/knowledge/files/a.png)')).toContain(
      '<img src="/api/knowledge/files/a.png" alt="chart" loading="lazy">',
    );
  });
});

describe('safeUrl', () => {
  it.each([
    ['https://sars.gov.za', true],
    ['http://sars.gov.za', true],
    ['//cdn.example.com/x', true],
    ['/knowledge', false],
    ['relative/path', false],
    ['#anchor', false],
    ['?q=uif', false],
    ['mailto:a@b.co.za', false],
  ])('allows %s (external: %s)', (url, external) => {
    expect(safeUrl(url)).toEqual({ url, external });
  });

  it.each([
    'javascript:alert(1)',
    ' JAVASCRIPT:alert(1)',
    'java\nscript:alert(1)',
    '\u0001javascript:alert(1)',
    'data:text/html,x',
    'file:///etc/passwd',
    'vbscript:x',
    '&#106;avascript:alert(1)',
  ])('refuses %j', (url) => {
    expect(safeUrl(url)).toBeNull();
  });

  it('refuses mailto for images', () => {
    expect(safeUrl('mailto:a@b.co.za', { mailto: false })).toBeNull();
  });

  it('escapes html', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
});
