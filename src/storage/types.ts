/** A stored file as read back: a stream of its bytes, its type and size when known. */
export interface StoredObject {
  body: ReadableStream<Uint8Array>;
  contentType: string;
  size?: number;
}

/**
 * Where attachments live. Keys are flat names such as `<hex>-name.pdf` (see src/knowledge/files.ts); the
 * implementations refuse anything else so a key can never climb out of its folder or bucket.
 *
 * A store that fails or does not answer in time throws `PartFailure('storage')` (a 503 naming attachments);
 * a full local disk throws `PartFailure('disk')` (507). A missing key is not a failure: `get` answers null.
 */
export interface Storage {
  kind: 'local' | 's3';
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  get(key: string): Promise<StoredObject | null>;
  /** Removing a key that does not exist is not an error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** True when the store answers and can be written to; false (never a throw) within about two seconds otherwise. */
  check(): Promise<boolean>;
}

export const SAFE_KEY = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;
export function assertSafeKey(key: string) {
  if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
}
