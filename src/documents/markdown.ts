// An answer's markdown as document blocks: the same parser as the chat (marked, GFM), read as tokens so the
// PDF gets real headings, lists and tables instead of HTML. Raw HTML stays text, as on screen.
import { Lexer, type Token, type Tokens } from 'marked';
import { safeUrl } from '../ui/markdown';
import type { Block, ListItem, Run } from './model';

type Style = Omit<Run, 'text'>;

/** Where a link in the text points in the document: absolute, or undefined for a link a PDF cannot follow. */
export type LinkResolver = (href: string) => string | undefined;

/** An http(s) link as it is; a path of this site under `base` when there is one (else not a link). */
export function linkResolver(base: string | undefined): LinkResolver {
  return (href) => {
    const safe = safeUrl(href, { mailto: true });
    if (!safe) return undefined;
    if (/^(https?|mailto):/i.test(safe.url)) return safe.url;
    if (safe.url.startsWith('//')) return `https:${safe.url}`;
    return base && safe.url.startsWith('/') ? `${base.replace(/\/+$/, '')}${safe.url}` : undefined;
  };
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: '\u00a0' };
// marked keeps a few characters escaped as entities in its text tokens.
const decode = (s: string) => s.replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_m, e: string) => ENTITIES[e]);

function inline(tokens: Token[] | undefined, style: Style, link: LinkResolver): Run[] {
  const out: Run[] = [];
  for (const t of tokens ?? []) {
    switch (t.type) {
      case 'strong':
        out.push(...inline((t as Tokens.Strong).tokens, { ...style, bold: true }, link));
        break;
      case 'em':
        out.push(...inline((t as Tokens.Em).tokens, { ...style, italic: true }, link));
        break;
      case 'del':
        out.push(...inline((t as Tokens.Del).tokens, style, link));
        break;
      case 'codespan':
        out.push({ ...style, code: true, text: decode((t as Tokens.Codespan).text) });
        break;
      case 'link': {
        const href = link((t as Tokens.Link).href);
        out.push(...inline((t as Tokens.Link).tokens, href ? { ...style, link: href } : style, link));
        break;
      }
      case 'image':
        out.push({ ...style, text: (t as Tokens.Image).text });
        break;
      case 'br':
        out.push({ ...style, text: '\n' });
        break;
      case 'text':
        if ((t as Tokens.Text).tokens?.length) out.push(...inline((t as Tokens.Text).tokens, style, link));
        else out.push({ ...style, text: decode((t as Tokens.Text).text) });
        break;
      default:
        // escape, html and anything newer: its text as written
        out.push({ ...style, text: decode(String((t as Tokens.Generic).text ?? t.raw)) });
    }
  }
  // Neighbours in the same style read as one run (fewer font switches in the PDF).
  return out.reduce<Run[]>((acc, r) => {
    const last = acc[acc.length - 1];
    if (last && last.bold === r.bold && last.italic === r.italic && last.code === r.code && last.link === r.link) last.text += r.text;
    else if (r.text) acc.push({ ...r });
    return acc;
  }, []);
}

/** A table cell as plain text (tables are laid out as a grid of plain text). */
const cellText = (tokens: Token[], link: LinkResolver) =>
  inline(tokens, {}, link)
    .map((r) => r.text)
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
const allBold = (cells: Tokens.TableCell[], link: LinkResolver) =>
  cells.some((c) => c.text.trim()) &&
  cells.every((c) => !c.text.trim() || inline(c.tokens, {}, link).every((r) => r.bold || !r.text.trim()));

function listItems(list: Tokens.List, depth: number, link: LinkResolver): { items: ListItem[]; rest: Block[] } {
  const items: ListItem[] = [];
  const rest: Block[] = [];
  const start = typeof list.start === 'number' ? list.start : 1;
  list.items.forEach((item, i) => {
    const marker = list.ordered ? `${start + i}.` : depth === 0 ? '•' : '◦';
    const runs: Run[] = [];
    const nested: ListItem[] = [];
    for (const t of item.tokens) {
      if (t.type === 'list') nested.push(...listItems(t as Tokens.List, depth + 1, link).items);
      else if (t.type === 'text' || t.type === 'paragraph') {
        if (runs.length) runs.push({ text: '\n' });
        runs.push(
          ...inline((t as Tokens.Text).tokens ?? [{ type: 'text', raw: t.raw, text: (t as Tokens.Text).text } as Tokens.Text], {}, link),
        );
      } else if (t.type !== 'space') {
        // A table or code inside a list item follows the list.
        rest.push(...blocksOf([t], link));
      }
    }
    const task = item.task ? [{ text: item.checked ? '☑ ' : '☐ ' }] : [];
    items.push({ marker, depth, runs: [...task, ...runs] }, ...nested);
  });
  return { items, rest };
}

function blocksOf(tokens: Token[], link: LinkResolver): Block[] {
  const out: Block[] = [];
  for (const t of tokens) {
    switch (t.type) {
      case 'heading': {
        const h = t as Tokens.Heading;
        out.push({
          kind: 'heading',
          level: h.depth <= 2 ? 2 : 3,
          text: inline(h.tokens, {}, link)
            .map((r) => r.text)
            .join(''),
        });
        break;
      }
      case 'paragraph':
        out.push({ kind: 'paragraph', runs: inline((t as Tokens.Paragraph).tokens, {}, link) });
        break;
      case 'text':
        out.push({ kind: 'paragraph', runs: inline((t as Tokens.Text).tokens ?? [t], {}, link) });
        break;
      case 'list': {
        const { items, rest } = listItems(t as Tokens.List, 0, link);
        out.push({ kind: 'list', items }, ...rest);
        break;
      }
      case 'table': {
        const tb = t as Tokens.Table;
        out.push({
          kind: 'table',
          head: tb.header.map((c) => cellText(c.tokens, link)),
          rows: tb.rows.map((r) => r.map((c) => cellText(c.tokens, link))),
          align: tb.align.map((a) => a ?? 'left'),
          bold: tb.rows.flatMap((r, i) => (allBold(r, link) ? [i] : [])),
        });
        break;
      }
      case 'code':
        out.push({ kind: 'code', text: (t as Tokens.Code).text });
        break;
      case 'blockquote':
        for (const b of blocksOf((t as Tokens.Blockquote).tokens, link)) out.push(b.kind === 'paragraph' ? { ...b, style: 'quote' } : b);
        break;
      case 'hr':
        out.push({ kind: 'rule' });
        break;
      case 'html':
        out.push({ kind: 'paragraph', runs: [{ text: (t as Tokens.HTML).text.trim() }] });
        break;
      case 'space':
      case 'def':
        break;
      default:
        if (t.raw.trim()) out.push({ kind: 'paragraph', runs: [{ text: t.raw.trim() }] });
    }
  }
  return out;
}

/** The blocks of a markdown text (an assistant's answer). */
export function markdownBlocks(md: string, link: LinkResolver = linkResolver(undefined)): Block[] {
  return blocksOf(new Lexer({ gfm: true, breaks: false }).lex(md), link);
}

/** The text of runs, for tests and plain-text uses. */
export const plainText = (runs: Run[]) => runs.map((r) => r.text).join('');
