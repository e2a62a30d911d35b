import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { describe, expect, it } from 'vitest';
import { compression } from '../../../src/http/compression';

describe('compression middleware', () => {
  it('passes a server-sent event stream through unbuffered and uncompressed', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const app = new Hono().use(compression()).get('/sse', (c) =>
      streamSSE(c, async (s) => {
        await s.writeSSE({ data: 'first '.repeat(500) });
        await held; // the stream stays open until the test has read the first event
        await s.writeSSE({ data: 'last' });
      }),
    );
    const res = await app.request('/sse', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.headers.get('content-encoding')).toBeNull();
    const reader = res.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(first).toContain('data: first');
    release();
    let rest = '';
    for (let r = await reader.read(); !r.done; r = await reader.read()) rest += new TextDecoder().decode(r.value);
    expect(rest).toContain('data: last');
  });

  it('leaves types other than HTML and JSON alone', async () => {
    const app = new Hono().use(compression()).get('/csv', (c) => c.body('a,b\n'.repeat(1000), 200, { 'content-type': 'text/csv' }));
    const res = await app.request('/csv', { headers: { 'accept-encoding': 'br' } });
    expect(res.headers.get('content-encoding')).toBeNull();
    expect((await res.text()).length).toBe(4000);
  });
});
