// Any Doc (model.ts) as an A4 PDF, written with pdfkit: the DejaVu fonts embedded (subsets), text that wraps and
// flows over pages, tables whose rows never split and whose header repeats, and on every page the product, the
// date, the tax year, "Page n of m" and the disclaimer. One file because the layout's measures (margins, fonts,
// the running page footer) are shared by every block it draws.
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { DISCLAIMER, PRODUCT, type Block, type Citation, type Doc, type Figure, type ListItem, type Run } from './model';

// node_modules stays outside the server bundle: the font files are found where the package is installed.
const require = createRequire(import.meta.url);
const FONTS = {
  body: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
  bold: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
  italic: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Oblique.ttf'),
  boldItalic: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-BoldOblique.ttf'),
  mono: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSansMono.ttf'),
};

const MARGIN = { top: 60, bottom: 84, left: 56, right: 56 };
const INK = '#0f172a';
const MUTED = '#64748b';
const BRAND = '#047857';
const LINK = '#1d4ed8';
const NOTE = '#92400e';
const LINE = '#cbd5e1';
const FILL = '#f1f5f9';
const BODY = 10;
const GAP = 2;

type Pdf = PDFKit.PDFDocument;
type Align = 'left' | 'right' | 'center';

/** A grouped number ("R69 312.00", "1 234 days") never breaks at its thousands spaces. */
const keep = (s: string) => s.replace(/(?<=\d) (?=\d{3}(?!\d))/g, '\u00a0');

const fontOf = (r: Omit<Run, 'text'>) =>
  r.code ? FONTS.mono : r.bold && r.italic ? FONTS.boldItalic : r.bold ? FONTS.bold : r.italic ? FONTS.italic : FONTS.body;

/** Writes a document; one instance per PDF. */
class Writer {
  readonly width: number;
  constructor(readonly pdf: Pdf) {
    this.width = pdf.page.width - MARGIN.left - MARGIN.right;
  }

  get bottom() {
    return this.pdf.page.height - MARGIN.bottom;
  }

  /** A new page unless `height` more points fit on this one. */
  ensure(height: number) {
    if (this.pdf.y + height > this.bottom) this.pdf.addPage();
  }

  space(points: number) {
    // Space at the top of a page is lost: nothing to separate from.
    if (this.pdf.y > MARGIN.top + 1) this.pdf.y = Math.min(this.pdf.y + points, this.bottom);
  }

  lineHeight(size: number, font = FONTS.body) {
    return this.pdf.font(font).fontSize(size).currentLineHeight(true) + GAP;
  }

  /** Styled runs as one wrapped paragraph from (x, current y). */
  runs(runs: Run[], opts: { x?: number; width?: number; size?: number; color?: string; base?: Omit<Run, 'text'> } = {}) {
    const { x = MARGIN.left, width = this.pdf.page.width - MARGIN.right - x, size = BODY, color = INK, base = {} } = opts;
    const parts = runs.filter((r) => r.text.length > 0);
    if (!parts.length) return;
    this.ensure(this.lineHeight(size));
    parts.forEach((r, i) => {
      const style = { ...base, ...r };
      this.pdf
        .font(fontOf(style))
        .fontSize(style.code ? size - 0.5 : size)
        .fillColor(r.link ? LINK : color);
      // Every option is given each time: pdfkit carries a continued paragraph's options over to the next run.
      const o = { continued: i < parts.length - 1, width, lineGap: GAP, link: r.link ?? undefined, underline: !!r.link };
      if (i === 0) this.pdf.text(keep(r.text), x, this.pdf.y, o);
      else this.pdf.text(keep(r.text), o);
    });
    this.pdf.fillColor(INK);
  }

  text(text: string, opts: { x?: number; width?: number; size?: number; color?: string; font?: string; align?: Align } = {}) {
    const {
      x = MARGIN.left,
      width = this.pdf.page.width - MARGIN.right - x,
      size = BODY,
      color = INK,
      font = FONTS.body,
      align = 'left',
    } = opts;
    this.ensure(this.lineHeight(size, font));
    this.pdf.font(font).fontSize(size).fillColor(color).text(keep(text), x, this.pdf.y, { width, lineGap: GAP, align });
    this.pdf.fillColor(INK);
  }

  rule(color = LINE) {
    const y = this.pdf.y;
    this.pdf
      .save()
      .moveTo(MARGIN.left, y)
      .lineTo(MARGIN.left + this.width, y)
      .lineWidth(0.5)
      .strokeColor(color)
      .stroke()
      .restore();
  }

  heading(level: 1 | 2 | 3, text: string) {
    const size = level === 1 ? 13 : level === 2 ? 11 : 10;
    this.space(level === 1 ? 14 : level === 2 ? 10 : 6);
    // A heading keeps at least a few lines of what follows on its page.
    this.ensure(this.lineHeight(size, FONTS.bold) + 3 * this.lineHeight(BODY));
    if (level === 1) this.pdf.outline.addItem(text);
    this.text(text, { size, font: FONTS.bold, color: level === 1 ? BRAND : INK });
    if (level === 1) {
      this.pdf.y += 1;
      this.rule();
    }
    this.pdf.y += level === 1 ? 6 : 3;
  }

  headline(label: string, value: string, sub?: string) {
    this.space(6);
    this.ensure(this.lineHeight(9) + this.lineHeight(18, FONTS.bold) + (sub ? this.lineHeight(9) : 0));
    this.text(label, { size: 9, color: MUTED });
    this.text(value, { size: 18, font: FONTS.bold });
    if (sub) this.text(sub, { size: 9, color: MUTED });
    this.pdf.y += 4;
  }

  list(items: ListItem[]) {
    for (const item of items) {
      const x = MARGIN.left + item.depth * 16;
      this.ensure(this.lineHeight(BODY));
      const y = this.pdf.y;
      this.pdf.font(FONTS.body).fontSize(BODY).fillColor(INK).text(item.marker, x, y, { width: 14, align: 'right', lineBreak: false });
      this.pdf.y = y;
      this.runs(item.runs.length ? item.runs : [{ text: ' ' }], { x: x + 18 });
      this.pdf.y += 1.5;
    }
  }

  /** Column widths that fit the page: each column its natural width when all fit, else shares by need (never below its longest word when possible). */
  private columns(cells: string[][], head: string[], size: number, most: number): number[] {
    const n = Math.max(head.length, ...cells.map((r) => r.length));
    const pad = 10;
    const measure = (s: string, font: string) => this.pdf.font(font).fontSize(size).widthOfString(s);
    const natural: number[] = [];
    const least: number[] = [];
    for (let j = 0; j < n; j++) {
      const col = [...(head[j] !== undefined ? [[head[j], FONTS.bold]] : []), ...cells.map((r) => [r[j] ?? '', FONTS.body])] as [
        string,
        string,
      ][];
      natural[j] = Math.max(24, ...col.flatMap(([s, f]) => s.split('\n').map((l) => measure(l, f)))) + pad;
      least[j] =
        Math.max(
          24,
          ...col.flatMap(([s, f]) =>
            keep(s)
              .split(/[ \t\r\n]+/)
              .map((w) => measure(w, f)),
          ),
        ) + pad;
    }
    const sum = (a: number[]) => a.reduce((s, v) => s + v, 0);
    const total = Math.min(this.width, Math.max(most, sum(natural)));
    if (sum(natural) <= total) return natural.map((w) => w + ((total - sum(natural)) * w) / sum(natural));
    if (sum(least) >= total) return least.map((w) => (w * total) / sum(least));
    const spare = total - sum(least);
    const want = natural.map((w, j) => w - least[j]);
    return least.map((w, j) => w + (spare * want[j]) / sum(want));
  }

  /** `most`: the width a table is stretched to when its columns need less (a figures table stays narrow enough to read across). */
  table(t: {
    caption?: string;
    head: string[];
    rows: string[][];
    align: Align[];
    bold?: number[];
    size?: number;
    shade?: boolean;
    most?: number;
  }) {
    const size = t.size ?? 8.5;
    const padX = 5;
    const padY = 3;
    const widths = this.columns(t.rows, t.head, size, t.most ?? this.width);
    const span = widths.reduce((s, w) => s + w, 0);
    const rule = (color = LINE) => {
      const y = this.pdf.y;
      this.pdf
        .save()
        .moveTo(MARGIN.left, y)
        .lineTo(MARGIN.left + span, y)
        .lineWidth(0.5)
        .strokeColor(color)
        .stroke()
        .restore();
    };
    const heightOf = (row: string[], font: string) =>
      Math.max(
        ...widths.map((w, j) =>
          this.pdf
            .font(font)
            .fontSize(size)
            .heightOfString(keep(row[j] || ' '), { width: w - 2 * padX, lineGap: 1 }),
        ),
      ) +
      2 * padY;
    const draw = (row: string[], font: string, h: number, fill?: string) => {
      const y = this.pdf.y;
      if (fill) this.pdf.save().rect(MARGIN.left, y, span, h).fill(fill).restore();
      let x = MARGIN.left;
      widths.forEach((w, j) => {
        this.pdf
          .font(font)
          .fontSize(size)
          .fillColor(INK)
          .text(keep(row[j] ?? ''), x + padX, y + padY, { width: w - 2 * padX, align: t.align[j] ?? 'left', lineGap: 1 });
        x += w;
      });
      this.pdf.y = y + h;
    };
    const header = () => {
      if (!t.head.length) return;
      draw(t.head, FONTS.bold, heightOf(t.head, FONTS.bold), FILL);
      rule('#94a3b8');
    };
    this.space(4);
    const firstRow = t.rows.length ? heightOf(t.rows[0], FONTS.body) : 0;
    const headHeight = t.head.length ? heightOf(t.head, FONTS.bold) : 0;
    // The caption, the header and the first row stay together.
    this.ensure((t.caption ? this.lineHeight(9, FONTS.bold) : 0) + headHeight + firstRow);
    if (t.caption) this.text(t.caption, { size: 9, font: FONTS.bold });
    header();
    const page = this.bottom - MARGIN.top;
    t.rows.forEach((row, i) => {
      const font = t.bold?.includes(i) ? FONTS.bold : FONTS.body;
      const h = heightOf(row, font);
      if (h > page) {
        // A row taller than a page cannot stay whole: its cells follow one another as text.
        row.forEach((cell, j) => this.runs([{ text: t.head[j] ? `${t.head[j]}: ` : '', bold: true }, { text: cell }], { size }));
        rule();
        return;
      }
      if (this.pdf.y + h > this.bottom) {
        this.pdf.addPage();
        header();
      }
      draw(row, font, h, t.shade && i % 2 === 1 ? '#f8fafc' : undefined);
      rule();
    });
    this.pdf.y += 6;
  }

  figures(title: string | undefined, rows: Figure[]) {
    this.table({
      caption: title,
      head: [],
      rows: rows.map((f) => [f.label, f.text]),
      align: ['left', 'right'],
      size: 9,
      shade: true,
      most: 340,
    });
  }

  citations(title: string, items: Citation[]) {
    this.heading(2, title);
    items.forEach((c, i) => {
      const absolute = /^https?:/i.test(c.href);
      this.ensure(3 * this.lineHeight(BODY));
      const y = this.pdf.y;
      this.pdf
        .font(FONTS.body)
        .fontSize(BODY)
        .fillColor(INK)
        .text(`${i + 1}.`, MARGIN.left, y, { width: 14, align: 'right', lineBreak: false });
      this.pdf.y = y;
      const x = MARGIN.left + 18;
      this.runs([{ text: c.title, bold: true, link: absolute ? c.href : undefined }], { x });
      if (c.taxYears)
        this.text(
          c.taxYears.length ? `Tax year${c.taxYears.length === 1 ? '' : 's'}: ${c.taxYears.join(', ')}` : 'Not tied to a tax year',
          { x, size: 8.5, color: MUTED },
        );
      this.runs([{ text: c.href, link: absolute ? c.href : undefined }], { x, size: 8.5, color: MUTED });
      this.pdf.y += 3;
    });
  }

  block(b: Block) {
    switch (b.kind) {
      case 'heading':
        return this.heading(b.level, b.text);
      case 'headline':
        return this.headline(b.label, b.value, b.sub);
      case 'paragraph': {
        this.space(3);
        if (b.style === 'quote') this.runs(b.runs, { x: MARGIN.left + 14, color: MUTED, base: { italic: true } });
        else if (b.style === 'muted') this.runs(b.runs, { size: 8.5, color: MUTED });
        else if (b.style === 'note') this.runs(b.runs, { size: 9, color: NOTE });
        else this.runs(b.runs);
        this.pdf.y += 3;
        return;
      }
      case 'list':
        this.space(2);
        this.list(b.items);
        this.pdf.y += 3;
        return;
      case 'code':
        this.space(3);
        this.text(b.text, { x: MARGIN.left + 10, size: 8.5, font: FONTS.mono });
        this.pdf.y += 3;
        return;
      case 'table':
        return this.table(b);
      case 'figures':
        return this.figures(b.title, b.rows);
      case 'citations':
        return this.citations(b.title, b.items);
      case 'rule':
        this.space(10);
        this.rule('#94a3b8');
        this.pdf.y += 4;
        return;
    }
  }

  titleBlock(doc: Doc) {
    this.text(PRODUCT, { size: 10, font: FONTS.bold, color: BRAND });
    this.pdf.y += 2;
    this.text(doc.title, { size: 18, font: FONTS.bold });
    this.pdf.y += 4;
    for (const [label, value] of doc.meta) this.runs([{ text: `${label}: `, bold: true }, { text: value }], { size: 9, color: MUTED });
    this.pdf.y += 6;
    this.rule('#94a3b8');
    this.pdf.y += 4;
  }

  /** The running header (after page 1) and the footer of every page, once the page count is known. */
  furniture(doc: Doc) {
    const range = this.pdf.bufferedPageRange();
    const footer = [PRODUCT, doc.footer.date, doc.footer.taxYear && `Tax year ${doc.footer.taxYear}`].filter(Boolean).join(' · ');
    for (let i = range.start; i < range.start + range.count; i++) {
      this.pdf.switchToPage(i);
      const { height } = this.pdf.page;
      // Writing in the margins must not start new pages.
      this.pdf.page.margins.bottom = 0;
      const at = (text: string, y: number, o: { size: number; color: string; align?: Align; font?: string; width?: number }) =>
        this.pdf
          .font(o.font ?? FONTS.body)
          .fontSize(o.size)
          .fillColor(o.color)
          .text(text, MARGIN.left, y, { width: o.width ?? this.width, align: o.align ?? 'left', lineGap: 1 });
      if (i > range.start) at(`${PRODUCT} · ${doc.title}`.slice(0, 110), 32, { size: 7.5, color: MUTED });
      this.pdf
        .save()
        .moveTo(MARGIN.left, height - 76)
        .lineTo(MARGIN.left + this.width, height - 76)
        .lineWidth(0.5)
        .strokeColor(LINE)
        .stroke()
        .restore();
      at(DISCLAIMER, height - 70, { size: 7, color: MUTED });
      at(footer, height - 42, { size: 8, color: INK, width: this.width - 80 });
      at(`Page ${i - range.start + 1} of ${range.count}`, height - 42, { size: 8, color: INK, align: 'right' });
      this.pdf.page.margins.bottom = MARGIN.bottom;
    }
  }
}

/** The document as an A4 PDF with its fonts embedded. */
export function renderPdf(doc: Doc): Promise<Buffer> {
  const pdf = new PDFDocument({
    size: 'A4',
    margins: MARGIN,
    bufferPages: true,
    font: FONTS.body,
    lang: 'en-ZA',
    displayTitle: true,
    info: { Title: doc.title, Author: PRODUCT, Creator: PRODUCT, Subject: `${doc.title} (${PRODUCT})`, CreationDate: doc.created },
  });
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    pdf.on('data', (c: Buffer) => chunks.push(c));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
    try {
      const w = new Writer(pdf);
      w.titleBlock(doc);
      for (const b of doc.blocks) w.block(b);
      w.furniture(doc);
      pdf.end();
    } catch (err) {
      reject(err);
    }
  });
}
