import type { ClipboardPayload } from './clipboard';

/**
 * Puts both flavours on the clipboard: HTML for spreadsheets and rich editors, plain text for everything else.
 * Where ClipboardItem is missing (or refuses HTML) the plain text alone is written; a refusal of that throws.
 */
export async function writeClipboard({ html, text }: ClipboardPayload): Promise<void> {
  if (typeof ClipboardItem !== 'undefined' && navigator.clipboard?.write) {
    try {
      const blob = (data: string, type: string) => new Blob([data], { type });
      await navigator.clipboard.write([
        new ClipboardItem({ 'text/html': blob(html, 'text/html'), 'text/plain': blob(text, 'text/plain') }),
      ]);
      return;
    } catch {
      /* fall back to plain text below */
    }
  }
  await navigator.clipboard.writeText(text);
}
