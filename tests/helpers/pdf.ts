// A PDF's text read back the way a reader's viewer extracts it (pdfjs), page by page, with the page size and
// whether its fonts are embedded.
export async function pdfPages(bytes: Uint8Array): Promise<{ pages: string[]; view: number[]; fonts: boolean }> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const pdf = await pdfjs.getDocument({ data: new Uint8Array(bytes), verbosity: 0 }).promise;
  const pages: string[] = [];
  let view: number[] = [];
  for (let i = 1; i <= pdf.numPages; i++) {
    const page = await pdf.getPage(i);
    view = page.view;
    const content = await page.getTextContent();
    pages.push(content.items.map((x) => ('str' in x ? x.str + (x.hasEOL ? '\n' : '') : '')).join(''));
  }
  await pdf.destroy();
  return { pages, view, fonts: Buffer.from(bytes).includes('/FontFile2') };
}
