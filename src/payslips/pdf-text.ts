/**
 * The text of a text-based PDF payslip, laid out as lines the reader understands: pieces of text on one baseline
 * make a line, left to right, and a gap wider than two characters becomes a column break (three spaces). In memory
 * only; a scanned slip (no text) is refused with a message, not guessed at.
 */
import { getDocument, type PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';

export const MAX_PAYSLIP_PAGES = 5;

export class PayslipPdfError extends Error {}

interface Piece {
  x: number;
  y: number;
  width: number;
  text: string;
  height: number;
}

export async function pdfText(bytes: Uint8Array): Promise<string> {
  let doc: PDFDocumentProxy;
  try {
    doc = await getDocument({ data: bytes.slice(), isEvalSupported: false, useSystemFonts: false, stopAtErrors: true, verbosity: 0 })
      .promise;
  } catch {
    throw new PayslipPdfError('This PDF could not be read. Upload the payslip as your payroll system saved it, or paste its text.');
  }
  try {
    if (doc.numPages > MAX_PAYSLIP_PAGES)
      throw new PayslipPdfError(`A payslip PDF has at most ${MAX_PAYSLIP_PAGES} pages; this one has ${doc.numPages}.`);
    const pages: string[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const content = await page.getTextContent();
      const pieces: Piece[] = [];
      for (const item of content.items) {
        if (!('str' in item) || !item.str.trim()) continue;
        pieces.push({
          x: item.transform[4],
          y: item.transform[5],
          width: item.width,
          text: item.str,
          height: Math.abs(item.transform[3]) || 10,
        });
      }
      pages.push(linesOf(pieces).join('\n'));
    }
    const text = pages.join('\n');
    if (!text.trim())
      throw new PayslipPdfError(
        "This PDF has no text in it (it may be a scan). Paste the payslip's text or type its figures into the form.",
      );
    return text;
  } finally {
    await doc.destroy();
  }
}

function linesOf(pieces: Piece[]): string[] {
  const rows: Piece[][] = [];
  for (const p of [...pieces].sort((a, b) => b.y - a.y || a.x - b.x)) {
    const row = rows.find((r) => Math.abs(r[0].y - p.y) <= r[0].height * 0.4);
    if (row) row.push(p);
    else rows.push([p]);
  }
  return rows.map((row) => {
    row.sort((a, b) => a.x - b.x);
    let line = '';
    let end = -Infinity;
    for (const p of row) {
      const charWidth = p.text.length ? p.width / p.text.length : p.height / 2;
      const gap = p.x - end;
      line += line === '' ? '' : gap > charWidth * 2 ? '   ' : gap > charWidth * 0.25 ? ' ' : '';
      line += p.text;
      end = p.x + p.width;
    }
    return line;
  });
}
