import fs from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { makeAdmin, registerUser, useTestApp } from '../../helpers/app';
import { dbKinds } from '../../helpers/db';

// createTestApp returns the object `npm start` serves (src/app.ts createApp: static files, compression,
// headers, pages, API, 404): these tests go through all of it.
const decode = async (res: Response) => {
  const bytes = Buffer.from(await res.arrayBuffer());
  const enc = res.headers.get('content-encoding');
  return (enc === 'br' ? brotliDecompressSync(bytes) : enc === 'gzip' ? gunzipSync(bytes) : bytes).toString('utf8');
};

describe.each(dbKinds)('the served app on %s', (kind) => {
  const t = useTestApp(kind);

  it('an unknown page is the designed 404 page, in HTML, compressed for browsers that accept it', async () => {
    for (const url of ['/no/such/page', '/assets/nope.js', '/knowledge-adminx']) {
      const res = await t.client().get(url, { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br' });
      expect(res.status, url).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(res.headers.get('content-encoding')).toBe('br');
      const html = await decode(res);
      expect(html).toContain('404 Page Not Found');
      expect(html).toContain('Did you forget to add the page to the router?');
    }
  });

  it('an unknown /api path is a JSON 404 whatever the method', async () => {
    for (const method of ['GET', 'POST', 'PATCH', 'DELETE']) {
      const res = await t.client().request(method, '/api/x', method === 'GET' ? undefined : {});
      expect(res.status, method).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await res.json()).toEqual({ message: 'Not found' });
    }
  });

  it('the landing page is kept compressed: brotli, gzip or plain by Accept-Encoding, one ETag, 304 when unchanged', async () => {
    const br = await t.client().get('/', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    const gz = await t.client().get('/', { 'accept-encoding': 'gzip' });
    const plain = await t.client().get('/', { 'accept-encoding': 'identity' });
    const preferGzip = await t.client().get('/', { 'accept-encoding': 'br;q=0.5, gzip;q=1' });
    expect([br, gz, plain, preferGzip].map((r) => r.headers.get('content-encoding'))).toEqual(['br', 'gzip', null, 'gzip']);
    for (const r of [br, gz, plain]) expect(r.headers.get('vary')).toMatch(/accept-encoding/i);
    const [a, b, c] = await Promise.all([decode(br), decode(gz), decode(plain)]);
    expect(a).toContain('Sign Up Free');
    expect(a).toBe(c);
    expect(b).toBe(c);
    const brBytes = (await (await t.client().get('/', { 'accept-encoding': 'br' })).arrayBuffer()).byteLength;
    expect(brBytes).toBeLessThan(c.length / 3);
    const etag = br.headers.get('etag')!;
    expect(etag).toMatch(/^"/);
    expect(gz.headers.get('etag')).toBe(etag);
    expect((await t.client().get('/', { 'if-none-match': etag, 'accept-encoding': 'br' })).status).toBe(304);
  });

  it('hashed assets are served precompressed with immutable caching; the bytes are the built file', async () => {
    const html = await decode(await t.client().get('/auth', { 'accept-encoding': 'br' }));
    const scripts = [...html.matchAll(/<script[^>]+src="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]);
    const css = /<link rel="stylesheet" href="(\/assets\/[^"]+\.css)"/.exec(html)![1];
    expect(scripts.length).toBeGreaterThan(0);
    for (const url of [...scripts, css]) {
      const file = fs.readFileSync(path.join('dist/client', url));
      for (const [accept, encoding] of [
        ['br', 'br'],
        ['gzip, deflate', 'gzip'],
        ['', null],
      ] as const) {
        const res = await t.client().get(url, accept ? { 'accept-encoding': accept } : {});
        expect(res.status, url).toBe(200);
        expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
        expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
        if (file.length >= 512) expect(res.headers.get('content-encoding'), `${url} ${accept}`).toBe(encoding);
        expect(Buffer.from(await decode(res))).toEqual(file);
      }
    }
  });

  it('dynamic JSON and HTML above 1 KB are compressed on the fly; small answers are not', async () => {
    const { client } = await registerUser(t);
    const search = await client.get('/api/knowledge/search?q=uif', { 'accept-encoding': 'br' });
    expect(search.status).toBe(200);
    expect(search.headers.get('content-encoding')).toBe('br');
    expect(search.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(JSON.parse(await decode(search)).length).toBeGreaterThan(0);
    const page = await client.get('/knowledge', { 'accept-encoding': 'gzip' });
    expect(page.headers.get('content-encoding')).toBe('gzip');
    expect(await decode(page)).toContain('Knowledge Base');
    const small = await client.get('/api/user', { 'accept-encoding': 'br' });
    expect(small.headers.get('content-encoding')).toBeNull();
    expect((await small.json()).username).toBeTruthy();
  });

  it('a failed page request gets an HTML error page; the same failure on the API is JSON', async () => {
    const { client, user } = await registerUser(t);
    const big = 'x'.repeat(200 * 1024);
    const page = await client.post('/calculators/paye', `remuneration=${big}`, {
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'text/html',
    });
    expect(page.status).toBe(413);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await page.text()).toContain('Request body is too large');
    const api = await client.post('/api/payroll/paye', big);
    expect(api.status).toBe(413);
    expect(await api.json()).toEqual({ message: 'Request body is too large' });
    // A non-admin on the admin pages: the spec's behaviour for each.
    expect((await client.get('/knowledge-admin')).status).toBe(403);
    expect(await (await client.get('/knowledge-admin')).text()).toContain('Access Denied');
    expect((await client.get('/user-management')).headers.get('location')).toBe('/');
    await makeAdmin(t, user.id);
    expect((await client.get('/knowledge-admin')).status).toBe(200);
  });

  it('health answers 200 JSON', async () => {
    const res = await t.client().get('/api/health');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok', database: 'ok', storage: 'ok', mail: 'outbox' });
  });
});
