import type { Token, Tokens } from 'marked';

// What Copy puts on the clipboard, as pure functions (no DOM, no clipboard): an HTML flavour and a plain-text
// flavour. Spreadsheets (Excel, Google Sheets) take the HTML flavour when there is one and the text otherwise, so
// in both a table's amount cells hold bare numbers ("R13 230.00" → 13230.00) and every other text stays as written.
// No runtime imports: the calculators page loads this without the markdown renderer.

export interface ClipboardPayload {
  html: string;
  text: string;
}

/** A table as read off the page: caption, header rows and body rows of cell texts. */
export interface PlainTable {
  caption?: string;
  head: string[][];
  body: string[][];
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch]);
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };
const decodeEntities = (s: string) =>
  s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, ref: string) => {
    if (ref[0] !== '#') return ENTITIES[ref.toLowerCase()] ?? m;
    const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : m;
  });

const SPACES = /[\s\u00a0\u202f\u2009]+/g;
// "R13 230.00", "−R2 000.00", "+R1 200.00", "R-5.00", "(R1 234.56)", "13 230", "-1 500.5"
const AMOUNT = /^(\()?([+\-−])?(R ?)?([+\-−])?(\d{1,3}(?: \d{3})+|\d+)(\.\d+)?(\))?$/;
const PERCENT = /^([+\-−])?(\d+(?:\.\d+)?) ?%$/;
const minus = (sign: string | undefined) => (sign === '-' || sign === '−' ? '-' : '');

/**
 * A table cell as a spreadsheet should read it: a rand amount or a number as a bare number with a plain minus
 * ("−R2 000.00" → "-2000.00", "(R1 234.56)" → "-1234.56"), a percentage as "18%" (which spreadsheets read as 0.18
 * shown as 18%), anything else (words, ranges, "R44 118 + 26%") exactly as it was.
 */
export function plainNumber(cell: string): string {
  const s = cell.replace(SPACES, ' ').trim();
  const pct = PERCENT.exec(s);
  if (pct) return `${minus(pct[1])}${pct[2]}%`;
  const m = AMOUNT.exec(s);
  if (!m) return cell;
  const [, open, before, rand, after, whole, decimals = '', close] = m;
  // One sign at most, and brackets (an accountant's negative) only around an unsigned rand amount.
  if (!open !== !close || (before && after) || (open && (before || after || !rand))) return cell;
  // A bare number without thousands spaces is already plain.
  if (!rand && !open && !before && !after && !whole.includes(' ')) return cell;
  return `${open ? '-' : minus(before ?? after)}${whole.replace(/ /g, '')}${decimals}`;
}

/** Cell text for tab-separated values: no tabs or line breaks inside a cell. */
const tsvCell = (s: string) => s.replace(/[\t\r\n]+/g, ' ').trim();

/** Rows as tab-separated lines. */
export function toTsv(rows: string[][]): string {
  return rows.map((r) => r.map(tsvCell).join('\t')).join('\n');
}

/** Tables read off the page (the calculators' results) as HTML and tab-separated text, amounts as numbers. */
export function tablesForClipboard(tables: PlainTable[]): ClipboardPayload {
  const body = (t: PlainTable) => t.body.map((r) => r.map(plainNumber));
  const text = tables.map((t) => [...(t.caption ? [tsvCell(t.caption)] : []), toTsv([...t.head, ...body(t)])].join('\n')).join('\n\n');
  const row = (cells: string[], tag: 'th' | 'td') => `<tr>${cells.map((c) => `<${tag}>${escapeHtml(c)}</${tag}>`).join('')}</tr>`;
  const html = tables
    .map((t) => {
      const caption = t.caption ? `<caption>${escapeHtml(t.caption)}</caption>` : '';
      const head = t.head.length ? `<thead>${t.head.map((r) => row(r, 'th')).join('')}</thead>` : '';
      return `<table>${caption}${head}<tbody>${body(t)
        .map((r) => row(r, 'td'))
        .join('')}</tbody></table>`;
    })
    .join('\n');
  return { html, text };
}

/**
 * The rendered answer's HTML for the clipboard: the same markup, with the page-only amount spans dropped, table
 * data cells holding bare numbers (their bold kept) and relative links made absolute against `origin`.
 */
export function clipboardHtml(html: string, origin?: string): string {
  let out = html.replace(/<span class="amount">([^<]*)<\/span>/g, '$1');
  out = out.replace(/<td([^>]*)>([\s\S]*?)<\/td>/g, (cell, attrs: string, inner: string) => {
    const parts = inner.split(/(<[^>]*>)/);
    const texts = parts.map((p, i) => (i % 2 === 0 && p.trim() ? i : -1)).filter((i) => i >= 0);
    if (texts.length !== 1) return cell;
    const value = decodeEntities(parts[texts[0]]);
    const plain = plainNumber(value);
    if (plain === value) return cell;
    parts[texts[0]] = escapeHtml(plain);
    return `<td${attrs}>${parts.join('')}</td>`;
  });
  if (origin)
    out = out.replace(
      /(<(?:a|img) [^>]*?(?:href|src)=")(\/(?!\/)[^"]*)"/g,
      (_m, start: string, path: string) => `${start}${origin}${path}"`,
    );
  return out;
}

// ---- Markdown tokens → readable plain text -------------------------------------------------------

function inline(tokens: Token[] | undefined): string {
  return (tokens ?? []).map(inlineToken).join('');
}

function inlineToken(t: Token): string {
  switch (t.type) {
    case 'text':
      return 'tokens' in t && t.tokens ? inline(t.tokens) : decodeEntities(t.text);
    case 'strong':
    case 'em':
    case 'del':
      return inline((t as Tokens.Strong).tokens);
    case 'codespan':
      return decodeEntities((t as Tokens.Codespan).text);
    case 'br':
      return '\n';
    case 'link': {
      const link = t as Tokens.Link;
      const text = inline(link.tokens);
      // A web address worth keeping goes in brackets after its words (an autolink already is its words).
      return /^(https?:|mailto:)/i.test(link.href) && text !== link.href && `mailto:${text}` !== link.href
        ? `${text} (${link.href})`
        : text;
    }
    case 'image':
      return (t as Tokens.Image).text;
    case 'escape':
    case 'html':
      return (t as Tokens.Escape).text;
    default:
      return 'tokens' in t && Array.isArray(t.tokens)
        ? inline(t.tokens)
        : 'text' in t && typeof t.text === 'string'
          ? decodeEntities(t.text)
          : '';
  }
}

function listText(list: Tokens.List, indent: string): string {
  const start = typeof list.start === 'number' ? list.start : 1;
  return list.items
    .map((item, i) => {
      const marker = list.ordered ? `${start + i}. ` : '- ';
      const pad = indent + ' '.repeat(marker.length);
      const [first = '', ...rest] = item.tokens
        .map((b) => (b.type === 'list' ? listText(b as Tokens.List, pad) : blockText(b)))
        .filter((s) => s !== '');
      const body = first.split('\n').join(`\n${pad}`);
      return [
        `${indent}${marker}${body}`,
        ...rest.map((r) =>
          r.startsWith(pad)
            ? r
            : r
                .split('\n')
                .map((l) => pad + l)
                .join('\n'),
        ),
      ].join('\n');
    })
    .join('\n');
}

function blockText(t: Token): string {
  switch (t.type) {
    case 'space':
    case 'hr':
      return '';
    case 'paragraph':
    case 'heading':
      return inline((t as Tokens.Paragraph).tokens);
    case 'text':
      return inlineToken(t);
    case 'list':
      return listText(t as Tokens.List, '');
    case 'table': {
      const table = t as Tokens.Table;
      const head = table.header.map((c) => inline(c.tokens));
      const rows = table.rows.map((r) => r.map((c) => plainNumber(inline(c.tokens))));
      return toTsv(head.some((h) => h.trim()) ? [head, ...rows] : rows);
    }
    case 'blockquote':
      return blocksText((t as Tokens.Blockquote).tokens);
    case 'code':
      return (t as Tokens.Code).text;
    case 'html':
      return (t as Tokens.HTML).text.trim();
    default:
      return 'tokens' in t && Array.isArray(t.tokens) ? inline(t.tokens) : 'text' in t && typeof t.text === 'string' ? t.text : '';
  }
}

function blocksText(tokens: Token[]): string {
  return tokens
    .map(blockText)
    .filter((s) => s !== '')
    .join('\n\n');
}

/**
 * An answer's markdown (its lexer tokens) as plain text a person reads or a spreadsheet takes: no markdown marks,
 * links as "words (address)", lists with "- " or "1. ", and each table as tab-separated rows with amounts as numbers.
 */
export function tokensToText(tokens: Token[]): string {
  return blocksText(tokens);
}
