import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { load, login, printLoad, type BenchServer } from '../lib';

interface Wire {
  status: number;
  bytes: number;
  encoding: string;
  body: Buffer;
}

/** One GET as a browser makes it, counting the bytes on the wire (compressed, as sent). */
function get(url: string, headers: Record<string, string> = {}): Promise<Wire> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': 'gzip, deflate, br, zstd', accept: 'text/html,*/*', ...headers } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          resolve({ status: res.statusCode!, bytes: body.length, encoding: String(res.headers['content-encoding'] ?? 'none'), body });
        });
      })
      .on('error', reject);
  });
}

/** What a browser downloads for each page on a first visit: the HTML, its stylesheet and its scripts, compressed. */
export async function transferSizes(s: BenchServer) {
  const { brotliDecompressSync } = await import('node:zlib');
  const demo = await login(s.url);
  const admin = await login(s.url, 'admin');
  const pages: [string, string | undefined][] = [
    ['/', undefined],
    ['/auth', undefined],
    ['/nope', undefined],
    ['/profile', demo],
    ['/chat', demo],
    ['/subscription', demo],
    ['/calculators', demo],
    ['/knowledge', demo],
    ['/knowledge-admin', admin],
  ];
  console.log('  Bytes a browser downloads per page (first visit, Accept-Encoding: br; HTML + CSS + JS as sent):');
  console.log(
    `    ${'page'.padEnd(18)} ${'HTML'.padStart(7)} ${'CSS'.padStart(7)} ${'JS'.padStart(8)} ${'total'.padStart(8)}   (JS uncompressed)`,
  );
  for (const [page, cookie] of pages) {
    const doc = await get(`${s.url}${page}`, cookie ? { cookie } : {});
    const html = (doc.encoding === 'br' ? brotliDecompressSync(doc.body) : doc.body).toString();
    const css = [...html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1]);
    const js = new Set(
      [...html.matchAll(/<script[^>]+src="([^"]+)"/g), ...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1]),
    );
    let cssBytes = 0;
    let jsBytes = 0;
    let jsRaw = 0;
    for (const u of css) cssBytes += (await get(`${s.url}${u}`)).bytes;
    for (const u of js) {
      jsBytes += (await get(`${s.url}${u}`)).bytes;
      jsRaw += (await get(`${s.url}${u}`, { 'accept-encoding': 'identity' })).bytes;
    }
    const total = doc.bytes + cssBytes + jsBytes;
    console.log(
      `    ${`${page} (${doc.status})`.padEnd(18)} ${String(doc.bytes).padStart(7)} ${String(cssBytes).padStart(7)} ${String(jsBytes).padStart(8)} ${String(total).padStart(8)}   (${jsRaw})`,
    );
  }
}

/** GET / with brotli from the app, beside a bare Hono handler that sends the same compressed bytes. */
export async function landingVersusBare(s: BenchServer) {
  const page = await get(`${s.url}/`, { 'accept-encoding': 'br' });
  const bare = new Hono().get('/', (c) => {
    c.header('Content-Type', 'text/html; charset=UTF-8');
    c.header('Content-Encoding', 'br');
    return c.body(new Uint8Array(page.body));
  });
  const server = await new Promise<http.Server>((resolve) => {
    const srv = serve({ fetch: bare.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(srv as http.Server));
  });
  const barePort = (server.address() as AddressInfo).port;
  try {
    const headers = { 'accept-encoding': 'br' };
    const ours = await load(`GET / br, the app [${s.kind}]`, { url: `${s.url}/`, headers });
    const theirs = await load('GET / br, bare Hono, same bytes', { url: `http://127.0.0.1:${barePort}/`, headers });
    printLoad([ours, theirs]);
    console.log(
      `  landing page: ${page.bytes} B brotli; the app serves ${((ours.rps / theirs.rps) * 100).toFixed(0)}% of bare Hono's requests/s`,
    );
  } finally {
    await new Promise((r) => server.close(r));
  }
}
