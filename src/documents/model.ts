// The neutral document model every download is built from (README.md in this folder): pure data, no I/O.
// Builders (builders.ts) turn an answer, a conversation or a calculation into a Doc; pdf.ts renders any Doc.

export const PRODUCT = 'PayeWise';
/** The landing page's footer text: every document carries it. */
export { DISCLAIMER } from '../ui/legal/texts';

/** A run of text in one style; `link` is an absolute URL or a path of this site. */
export interface Run {
  text: string;
  bold?: boolean;
  italic?: boolean;
  code?: boolean;
  link?: string;
}

/** One labelled figure as shown, e.g. { label: 'PAYE', text: 'R4 210.50' }. */
export interface Figure {
  label: string;
  text: string;
}

export interface Citation {
  title: string;
  /** Labels such as "2026/27"; empty when the article is not tied to a tax year; absent when not known (not shown). */
  taxYears?: string[];
  /** Absolute when the app knows its public address, else the site path. */
  href: string;
}

export interface ListItem {
  runs: Run[];
  /** "1.", "•" … */
  marker: string;
  /** 0 for a top-level item. */
  depth: number;
}

export type Block =
  /** Level 1: a section (a question, a calculation); 2 and 3: headings inside it. */
  | { kind: 'heading'; level: 1 | 2 | 3; text: string }
  /** A calculation's main figure, large. */
  | { kind: 'headline'; label: string; value: string; sub?: string }
  | { kind: 'paragraph'; runs: Run[]; style?: 'quote' | 'muted' | 'note' }
  | { kind: 'list'; items: ListItem[] }
  | { kind: 'code'; text: string }
  | { kind: 'table'; caption?: string; head: string[]; rows: string[][]; align: ('left' | 'right' | 'center')[]; bold?: number[] }
  | { kind: 'figures'; title?: string; rows: Figure[] }
  | { kind: 'citations'; title: string; items: Citation[] }
  | { kind: 'rule' };

export interface Doc {
  title: string;
  /** Lines under the title: [label, value]. */
  meta: [string, string][];
  blocks: Block[];
  /** When the document was made (the PDF's creation date). */
  created: Date;
  /** The footer of every page: product · date · tax year, the page number and DISCLAIMER. */
  footer: { date: string; taxYear: string | null };
}

/** A file to download. */
export interface DownloadFile {
  filename: string;
  contentType: string;
  body: Uint8Array | string;
}
