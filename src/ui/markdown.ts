import { Marked, type Token, type Tokens } from 'marked';

// The one safe markdown renderer (GUIDE §3): knowledge articles and assistant answers.
// Raw HTML in the source is shown as text, never passed through; links and images only
// keep http, https, mailto (links) or relative URLs; headings deeper than 3 render as h3.

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (ch) => ESCAPES[ch]);
}

const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  colon: ':',
  tab: '\t',
  newline: '\n',
  sol: '/',
  lpar: '(',
  rpar: ')',
  nbsp: '\u00a0',
};

/** Decodes character references the way a browser would inside an attribute, so the check sees what the browser sees. */
function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);?/gi, (m, ref: string) => {
    if (ref[0] === '#') {
      const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    }
    return NAMED[ref.toLowerCase()] ?? m;
  });
}

export type SafeUrl = { url: string; external: boolean } | null;

/**
 * Returns the URL when it is safe to put in an href/src: http(s), mailto (when allowed) or relative.
 * Anything with another scheme (javascript:, data:, vbscript:, file:…), however obfuscated, is refused.
 */
export function safeUrl(raw: string | null | undefined, opts: { mailto?: boolean } = {}): SafeUrl {
  if (raw == null) return null;
  const url = decodeEntities(String(raw)).trim();
  // Browsers ignore tabs/newlines and leading control characters when they read a scheme.
  const probe = url.replace(/[\u0000-\u0020\u007f-\u009f]/g, '').toLowerCase();
  const scheme = /^([a-z][a-z0-9+.-]*):/.exec(probe);
  if (scheme) {
    const s = scheme[1];
    if (s === 'http' || s === 'https') return { url, external: true };
    if (s === 'mailto' && opts.mailto !== false) return { url, external: false };
    return null;
  }
  // A colon before any / ? # would still be read as a scheme by some parsers: refuse it.
  const firstColon = probe.indexOf(':');
  if (firstColon !== -1 && !/[/?#]/.test(probe.slice(0, firstColon))) return null;
  if (probe.startsWith('//') || probe.startsWith('\\\\') || probe.startsWith('/\\')) return { url, external: true };
  return { url, external: false };
}

const marked = new Marked({
  gfm: true,
  breaks: false,
  async: false,
  renderer: {
    html(token: Tokens.HTML | Tokens.Tag) {
      const text = escapeHtml(token.text);
      return 'block' in token && token.block ? `<p>${text.trim()}</p>\n` : text;
    },
    heading({ tokens, depth }: Tokens.Heading) {
      const level = Math.min(Math.max(depth, 1), 3);
      return `<h${level}>${this.parser.parseInline(tokens)}</h${level}>\n`;
    },
    link({ href, title, tokens }: Tokens.Link) {
      const inner = this.parser.parseInline(tokens);
      const safe = safeUrl(href);
      if (!safe) return inner;
      const t = title ? ` title="${escapeHtml(title)}"` : '';
      const target = safe.external ? ' target="_blank"' : '';
      return `<a href="${escapeHtml(safe.url)}"${t}${target} rel="noopener noreferrer">${inner}</a>`;
    },
    image({ href, title, text }: Tokens.Image) {
      const safe = safeUrl(href, { mailto: false });
      if (!safe) return escapeHtml(text);
      const t = title ? ` title="${escapeHtml(title)}"` : '';
      return `<img src="${escapeHtml(safe.url)}" alt="${escapeHtml(text)}"${t} loading="lazy">`;
    },
  },
});

/** Renders markdown to HTML that is safe to insert into a page (see the file comment). */
export function renderMarkdown(md: string): string {
  return marked.parse(md ?? '', { async: false }) as string;
}

/** The block tokens of markdown as the renderer reads them (for the plain-text copy of an answer). */
export function markdownTokens(md: string): Token[] {
  return marked.lexer(md ?? '');
}

// A rand amount, signed or not ("R13 230.00", "−R1 500.00", "+R12.50"): only those with a space or a sign can break.
const RAND = /(?<![\w.])(?:[−+-])?R ?\d{1,3}(?:[ \u00a0\u202f]\d{3})*(?:\.\d+)?(?![\d.]*\d)/g;

/** Plain text cut into runs, `amount` marking each rand amount a line could otherwise break inside. */
export function amountSegments(text: string): { text: string; amount: boolean }[] {
  const out: { text: string; amount: boolean }[] = [];
  let at = 0;
  for (const m of text.matchAll(RAND)) {
    if (!/[\s−+-]/.test(m[0])) continue;
    if (m.index > at) out.push({ text: text.slice(at, m.index), amount: false });
    out.push({ text: m[0], amount: true });
    at = m.index + m[0].length;
  }
  if (at < text.length) out.push({ text: text.slice(at), amount: false });
  return out;
}

/**
 * Wraps each rand amount in the HTML's text in <span class="amount"> (white-space: nowrap in styles.css), so
 * "R13 230.00" never splits at its thousands space; the text itself is unchanged. Tags and attributes are left alone.
 */
export function keepAmountsWhole(html: string): string {
  return html
    .split(/(<[^>]*>)/)
    .map((part, i) =>
      i % 2
        ? part
        : amountSegments(part)
            .map((s) => (s.amount ? `<span class="amount">${s.text}</span>` : s.text))
            .join(''),
    )
    .join('');
}

/** An answer's HTML: renderMarkdown with rand amounts kept whole. */
export const renderAnswer = (md: string): string => keepAmountsWhole(renderMarkdown(md));
