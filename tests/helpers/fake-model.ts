import http from 'node:http';
import type { AddressInfo } from 'node:net';

// A local server speaking the OpenAI chat-completions wire protocol at POST /v1/chat/completions (and
// /chat/completions): streamed SSE chunks, tool calls split across chunks, or a plain JSON completion when
// the request says stream:false. It answers from a script the test supplies and records every request body.

export type Reply =
  /** Text, one SSE chunk per item; `firstDelayMs` before the first token, `delayMs` between tokens. */
  | { kind: 'text'; chunks: string[]; delayMs?: number; firstDelayMs?: number }
  /** Tool calls (finish_reason 'tool_calls'), each sent as id + name + the start of its arguments, then the rest in two chunks. */
  | { kind: 'tools'; calls: { id: string; name: string; args: string }[]; text?: string; firstDelayMs?: number }
  /** An HTTP error with an OpenAI-style JSON body. */
  | { kind: 'error'; status: number; message?: string }
  /** One good chunk, then a data line that is not JSON. */
  | { kind: 'malformed' }
  /** Some text, then the response ends (or, with `destroy`, the socket is cut) without finish_reason or [DONE]. */
  | { kind: 'truncated'; chunks: string[]; destroy?: boolean }
  /** Headers sent, then nothing until the client disconnects. */
  | { kind: 'hang' };

export interface ModelRequest {
  model: string;
  stream?: boolean;
  messages: {
    role: string;
    content: string | null;
    tool_calls?: { id: string; type: string; function: { name: string; arguments: string } }[];
    tool_call_id?: string;
  }[];
  tools?: { type: string; function: { name: string; description?: string; parameters?: Record<string, unknown> } }[];
  tool_choice?: unknown;
}

/** Decides the reply from the request and its number (1 for the first request this server received). */
export type Script = (req: ModelRequest, n: number) => Reply | Promise<Reply>;

export interface FakeModel {
  /** Base URL ending in /v1, for AI_BASE_URL. */
  url: string;
  /** Every request body received, in order. */
  requests: ModelRequest[];
  close(): Promise<void>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const base = { id: 'chatcmpl-fake', created: 0, model: 'fake' };
const sse = (data: unknown) => `data: ${JSON.stringify(data)}\n\n`;
const chunk = (delta: Record<string, unknown>, finish: string | null = null) =>
  sse({ ...base, object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason: finish }] });
const json = (res: http.ServerResponse, status: number, body: unknown) =>
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

async function streamReply(res: http.ServerResponse, reply: Exclude<Reply, { kind: 'error' }>) {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  res.flushHeaders();
  if (reply.kind === 'hang') return;
  if (reply.kind === 'malformed') {
    res.write(chunk({ role: 'assistant', content: 'Half' }));
    res.end('data: {not json\n\n');
    return;
  }
  res.write(chunk({ role: 'assistant', content: '' }));
  if (reply.kind === 'truncated') {
    for (const c of reply.chunks) res.write(chunk({ content: c }));
    if (reply.destroy) setTimeout(() => res.destroy(), 20);
    else res.end();
    return;
  }
  if (reply.firstDelayMs) await sleep(reply.firstDelayMs);
  if (reply.kind === 'text') {
    for (const [i, c] of reply.chunks.entries()) {
      if (res.destroyed) return;
      if (i > 0 && reply.delayMs) await sleep(reply.delayMs);
      res.write(chunk({ content: c }));
    }
    res.end(`${chunk({}, 'stop')}data: [DONE]\n\n`);
    return;
  }
  if (reply.text) res.write(chunk({ content: reply.text }));
  for (const [index, call] of reply.calls.entries()) {
    const third = Math.ceil(call.args.length / 3);
    res.write(
      chunk({
        tool_calls: [{ index, id: call.id, type: 'function', function: { name: call.name, arguments: call.args.slice(0, third) } }],
      }),
    );
    res.write(chunk({ tool_calls: [{ index, function: { arguments: call.args.slice(third, 2 * third) } }] }));
    res.write(chunk({ tool_calls: [{ index, function: { arguments: call.args.slice(2 * third) } }] }));
  }
  res.end(`${chunk({}, 'tool_calls')}data: [DONE]\n\n`);
}

/** stream:false: the same replies as one chat.completion object. */
async function plainReply(res: http.ServerResponse, reply: Exclude<Reply, { kind: 'error' }>) {
  if (reply.kind === 'hang' || reply.kind === 'truncated') {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.flushHeaders();
    if (reply.kind === 'truncated') res.end('{"id":"chatcmpl-fake","choices":[');
    return;
  }
  if (reply.kind === 'malformed') {
    res.writeHead(200, { 'content-type': 'application/json' }).end('{not json');
    return;
  }
  if (reply.firstDelayMs) await sleep(reply.firstDelayMs);
  const message =
    reply.kind === 'text'
      ? { role: 'assistant', content: reply.chunks.join('') }
      : {
          role: 'assistant',
          content: reply.text ?? null,
          tool_calls: reply.calls.map((c) => ({ id: c.id, type: 'function', function: { name: c.name, arguments: c.args } })),
        };
  json(res, 200, {
    ...base,
    object: 'chat.completion',
    choices: [{ index: 0, message, finish_reason: reply.kind === 'text' ? 'stop' : 'tool_calls' }],
  });
}

export async function startFakeModel(script: Script): Promise<FakeModel> {
  const requests: ModelRequest[] = [];
  const open = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    open.add(res);
    res.on('close', () => open.delete(res));
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => {
      void (async () => {
        if (req.method !== 'POST' || !/^(\/v1)?\/chat\/completions$/.test(req.url ?? ''))
          return json(res, 404, { error: { message: 'Not found', type: 'invalid_request_error' } });
        let parsed: ModelRequest;
        try {
          parsed = JSON.parse(body) as ModelRequest;
        } catch {
          return json(res, 400, { error: { message: 'The body is not JSON', type: 'invalid_request_error' } });
        }
        requests.push(parsed);
        const reply = await script(parsed, requests.length);
        if (reply.kind === 'error')
          return json(res, reply.status, { error: { message: reply.message ?? 'The model failed', type: 'server_error' } });
        await (parsed.stream ? streamReply(res, reply) : plainReply(res, reply));
      })().catch((err: unknown) => {
        if (!res.headersSent) json(res, 500, { error: { message: `fake model script failed: ${String(err)}`, type: 'server_error' } });
        else res.destroy();
      });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    async close() {
      // Hanging replies and kept-alive sockets would otherwise hold close() open.
      for (const res of open) res.destroy();
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}
