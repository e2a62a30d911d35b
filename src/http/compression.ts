import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import { promisify } from 'node:util';
import { createHash } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';

// Hashed assets are compressed at build time (vite.config.ts) and served as they are; pages rendered once
// (landing, 404) keep their compressed forms in memory (`precompress`); everything else dynamic is
// compressed here as it leaves. hono/compress is not used: it has no brotli and, without a
// Content-Length, no size threshold either.

export type Encoding = 'br' | 'gzip';
const THRESHOLD = 1024;
/** Above this the work goes to the thread pool instead of the event loop. */
const SYNC_LIMIT = 64 * 1024;
const COMPRESSIBLE = /^(text\/html|application\/json)\b/i;
const brAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
// Quality 5 is brotli's sweet spot for on-the-fly work: smaller than gzip -6 and about as fast.
const BR_FAST = { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } };

/** The encoding to send: the client's highest q-value among those we offer, brotli on a tie; null for none. */
export function negotiate(c: Context): Encoding | null {
  const header = c.req.header('accept-encoding');
  if (!header) return null;
  const q: Record<string, number> = {};
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const qp = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qp ? Number(qp.slice(2)) : 1;
    if (name) q[name] = Number.isFinite(value) ? value : 0;
  }
  const of = (enc: Encoding) => q[enc] ?? (enc === 'gzip' ? q['x-gzip'] : undefined) ?? q['*'] ?? 0;
  const [br, gzip] = [of('br'), of('gzip')];
  if (br > 0 && br >= gzip) return 'br';
  return gzip > 0 ? 'gzip' : null;
}

const addVary = (c: Context) => {
  const vary = c.res.headers.get('Vary');
  if (!vary) c.res.headers.set('Vary', 'Accept-Encoding');
  else if (vary !== '*' && !/\baccept-encoding\b/i.test(vary)) c.res.headers.set('Vary', `${vary}, Accept-Encoding`);
};

/**
 * On-the-fly compression of HTML and JSON answers above 1 KB. Streams (Transfer-Encoding: chunked, as
 * hono's streaming helpers set, or text/event-stream) are passed through untouched, never buffered.
 */
export function compression(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    // Headers and status only until we know we compress: reading `body` would make the Node adapter build a
    // full Response (its lightweight one is much faster to send).
    const res = c.res;
    if (c.req.method === 'HEAD' || res.status === 204 || res.status === 206 || res.status === 304) return;
    const h = res.headers;
    if (
      !COMPRESSIBLE.test(h.get('Content-Type') ?? '') ||
      h.has('Content-Encoding') ||
      h.has('Transfer-Encoding') ||
      /no-transform/i.test(h.get('Cache-Control') ?? '')
    )
      return;
    addVary(c);
    const encoding = negotiate(c);
    if (!encoding) return;
    const bytes = new Uint8Array(await res.arrayBuffer());
    if (bytes.byteLength === 0) {
      c.res = new Response(null, res);
      return;
    }
    let out: Uint8Array = bytes;
    if (bytes.byteLength >= THRESHOLD) {
      if (bytes.byteLength <= SYNC_LIMIT) out = encoding === 'br' ? brotliCompressSync(bytes, BR_FAST) : gzipSync(bytes);
      else out = encoding === 'br' ? await brAsync(bytes, BR_FAST) : await gzipAsync(bytes);
    }
    const headers = new Headers(res.headers);
    if (out !== bytes) {
      headers.set('Content-Encoding', encoding);
      const etag = headers.get('ETag');
      if (etag && !etag.startsWith('W/')) headers.set('ETag', `W/${etag}`);
    }
    headers.delete('Content-Length');
    c.res = new Response(out as Uint8Array<ArrayBuffer>, { status: res.status, statusText: res.statusText, headers });
  };
}

/** A page rendered once, kept with its ETag and its brotli (best) and gzip forms. */
export interface Precompressed {
  html: string;
  etag: string;
  br: Uint8Array<ArrayBuffer>;
  gzip: Uint8Array<ArrayBuffer>;
}

export function precompress(html: string): Precompressed {
  const bytes = Buffer.from(html);
  return {
    html,
    etag: `"${createHash('sha1').update(bytes).digest('base64url')}"`,
    br: new Uint8Array(
      brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
    ),
    gzip: new Uint8Array(gzipSync(bytes, { level: 9 })),
  };
}

/** Answers with the stored form the client accepts, or 304 when it already holds this version. */
export function sendPrecompressed(c: Context, page: Precompressed, status: 200 | 404 = 200): Response {
  c.header('ETag', page.etag);
  c.header('Cache-Control', 'public, max-age=0, must-revalidate');
  c.header('Vary', 'Accept-Encoding');
  const tags = c.req.header('if-none-match');
  if (tags && tags.split(',').some((t) => t.trim().replace(/^W\//, '') === page.etag)) return c.body(null, 304);
  const encoding = negotiate(c);
  if (!encoding) return c.html(page.html, status);
  c.header('Content-Type', 'text/html; charset=UTF-8');
  c.header('Content-Encoding', encoding);
  return c.body(encoding === 'br' ? page.br : page.gzip, status);
}
