import http from 'node:http';
import type { AddressInfo } from 'node:net';

// A local server speaking the OpenAI chat-completions wire protocol (streamed SSE chunks, tool calls split
// across chunks), answering from a script the test supplies. It records every request body.

export type Reply =
  | { kind: 'text'; chunks: string[]; delayMs?: number; firstDelayMs?: number }
  | { kind: 'tools'; calls: { id: string; name: string; args: string }[]; text?: string }
  | { kind: 'error'; status: number; message?: string }
  | { kind: 'malformed' }
  | { kind: 'hang' };

export interface ModelRequest {
  model: string;
  stream?: boolean;
  messages: { role: string; content: string | null; tool_calls?: unknown[]; tool_call_id?: string }[];
  tools?: { function: { name: string } }[];
}

export interface FakeModel {
  /** Base URL ending in /v1, for AI_BASE_URL. */
  url: string;
  requests: ModelRequest[];
  close(): Promise<void>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const chunk = (delta: Record<string, unknown>, finish: string | null = null) =>
  `data: ${JSON.stringify({ id: 'chatcmpl-fake', object: 'chat.completion.chunk', created: 0, model: 'fake', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;

export async function startFakeModel(script: (req: ModelRequest, n: number) => Reply): Promise<FakeModel> {
  const requests: ModelRequest[] = [];
  const open = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', async () => {
      if (req.method !== 'POST' || !/\/chat\/completions$/.test(req.url ?? '')) {
        res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"message":"not found"}}');
        return;
      }
      const parsed = JSON.parse(body) as ModelRequest;
      requests.push(parsed);
      const reply = script(parsed, requests.length);
      if (reply.kind === 'error') {
        res.writeHead(reply.status, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: reply.message ?? 'model failed', type: 'server_error' } }));
        return;
      }
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      open.add(res);
      res.on('close', () => open.delete(res));
      if (reply.kind === 'hang') return;
      if (reply.kind === 'malformed') {
        res.write(chunk({ role: 'assistant', content: 'Half' }));
        res.end('data: {not json\n\n');
        return;
      }
      res.write(chunk({ role: 'assistant', content: '' }));
      if (reply.kind === 'text') {
        if (reply.firstDelayMs) await sleep(reply.firstDelayMs);
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
        // The name and the start of the arguments first, the rest of the arguments in two more chunks.
        const third = Math.ceil(call.args.length / 3);
        res.write(chunk({ tool_calls: [{ index, id: call.id, type: 'function', function: { name: call.name, arguments: call.args.slice(0, third) } }] }));
        res.write(chunk({ tool_calls: [{ index, function: { arguments: call.args.slice(third, 2 * third) } }] }));
        res.write(chunk({ tool_calls: [{ index, function: { arguments: call.args.slice(2 * third) } }] }));
      }
      res.end(`${chunk({}, 'tool_calls')}data: [DONE]\n\n`);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    async close() {
      for (const res of open) res.destroy();
      await new Promise((r) => server.close(r));
    },
  };
}
