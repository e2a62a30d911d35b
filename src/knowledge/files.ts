// Attachment rules (GUIDE §3), pure and browser-safe: the upload route and the admin island share them.

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const UPLOAD_PREFIX = '/uploads/';

export const ALLOWED_EXTENSIONS = ['pdf', 'png', 'jpg', 'jpeg', 'gif', 'webp', 'txt', 'csv', 'docx', 'xlsx'] as const;
export type AllowedExtension = (typeof ALLOWED_EXTENSIONS)[number];

/** Shown inline when served; everything else is a download. */
export const IMAGE_EXTENSIONS: readonly AllowedExtension[] = ['png', 'jpg', 'jpeg', 'gif', 'webp'];

export const CONTENT_TYPES: Record<AllowedExtension, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  txt: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** The `accept` attribute for the file input. */
export const ACCEPT_ATTRIBUTE = ALLOWED_EXTENSIONS.map((e) => `.${e}`).join(',');

export const UPLOAD_MESSAGES = {
  missing: 'Please choose a file to upload',
  empty: 'The file is empty',
  tooLarge: 'File is too large. The maximum size is 10 MB.',
  type: `This file type is not allowed. Allowed types: ${ALLOWED_EXTENSIONS.join(', ')}`,
  content: 'The file content does not match its extension',
} as const;

export function extensionOf(name: string): string {
  const m = /\.([A-Za-z0-9]{1,8})$/.exec(name.trim());
  return m ? m[1].toLowerCase() : '';
}

export function isAllowedExtension(ext: string): ext is AllowedExtension {
  return (ALLOWED_EXTENSIONS as readonly string[]).includes(ext);
}

const startsWith = (bytes: Uint8Array, sig: number[], at = 0) =>
  bytes.length >= at + sig.length && sig.every((b, i) => bytes[at + i] === b);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/** True when the bytes really are what the extension claims. */
export function matchesMagicBytes(ext: AllowedExtension, bytes: Uint8Array): boolean {
  switch (ext) {
    case 'pdf':
      return startsWith(bytes, ascii('%PDF-'));
    case 'png':
      return startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    case 'jpg':
    case 'jpeg':
      return startsWith(bytes, [0xff, 0xd8, 0xff]);
    case 'gif':
      return startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'));
    case 'webp':
      return startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8);
    case 'docx':
    case 'xlsx':
      return startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]); // a ZIP container (OOXML)
    case 'txt':
    case 'csv':
      if (bytes.includes(0)) return false;
      try {
        new TextDecoder('utf-8', { fatal: true }).decode(bytes);
        return true;
      } catch {
        return false;
      }
  }
}

const KEY_RE = new RegExp(`^[0-9a-f]{32}(?:-[a-z0-9]+(?:-[a-z0-9]+)*)?\\.(?:${ALLOWED_EXTENSIONS.join('|')})$`);

/** A storage key we could have produced: random hex, an optional readable slug, an allowed extension. */
export function isValidStorageKey(key: string): boolean {
  return key.length <= 120 && KEY_RE.test(key);
}

/** `/uploads/<key>` → key, or null when it is not one of ours. */
export function storageKeyFromPath(filePath: string): string | null {
  if (!filePath.startsWith(UPLOAD_PREFIX)) return null;
  const key = filePath.slice(UPLOAD_PREFIX.length);
  return isValidStorageKey(key) ? key : null;
}

function slug(stem: string): string {
  return stem
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
}

/** A fresh random key that keeps the extension and a readable form of the original name. */
export function newStorageKey(originalName: string, ext: AllowedExtension): string {
  const rnd = new Uint8Array(16);
  crypto.getRandomValues(rnd);
  const hex = Array.from(rnd, (b) => b.toString(16).padStart(2, '0')).join('');
  const s = slug(originalName.replace(/\.[^.]*$/, ''));
  return `${hex}${s ? `-${s}` : ''}.${ext}`;
}

/**
 * What to show for an attachment: `{ name, ext, isImage }`. For `/uploads/<hex>-annual-report.pdf` the
 * name is `annual-report.pdf`; for anything else, the last path segment.
 */
export function attachmentInfo(filePath: string): { name: string; ext: string; isImage: boolean } {
  const raw = filePath.split(/[?#]/)[0].split('/').pop() || filePath;
  let last = raw;
  try {
    last = decodeURIComponent(raw);
  } catch {
    // keep it as written
  }
  const m = /^[0-9a-f]{32}-(.+)$/.exec(last);
  const name = m ? m[1] : last;
  const ext = extensionOf(name);
  return { name, ext, isImage: ['jpg', 'jpeg', 'png', 'gif'].includes(ext) };
}
