import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';

const font = createRequire(import.meta.url).resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');

/**
 * A text-based PDF of a payslip as payroll systems print them: each cell of a line (text between runs of 2+ spaces)
 * is placed on its own at the column where it starts, in a proportional font, so the PDF holds separate pieces of
 * text with gaps between them rather than one string with spaces.
 */
export function payslipPdf(text: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 36 });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.font(font).fontSize(8);
    text.split('\n').forEach((line, row) => {
      for (const m of line.matchAll(/\S+(?: \S+)*/g)) doc.text(m[0], 36 + m.index * 5.2, 36 + row * 12, { lineBreak: false });
    });
    doc.end();
  });
}
