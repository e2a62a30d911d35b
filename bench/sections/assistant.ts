import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import { load, login, printLoad, startBenchServer, type BenchServer } from '../lib';

// Questions in the users' own words: calculations, follow-up-free facts, and one off-topic.
export const QUESTIONS = [
  'What PAYE do I deduct on R20 000 a month for a 33-year-old?',
  'monthly tax on 60k salary, age 45, medical aid for 4 people',
  'What is the employer and employee UIF on R40 000 a month?',
  'SDL on R50 000 monthly payroll, annual payroll R600 000?',
  'Net pay on R22 000 gross monthly, age 30, no medical aid?',
  'How many days of annual leave does an employee get?',
  'When is the EMP201 due?',
  'What is the capital of France?',
];
const pct = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.floor(xs.length * p))];

/** The built-in engine's answer time on the server (question stored, answered, answer stored), run after the knowledge base holds 10 000 articles. */
export async function assistant(s: BenchServer) {
  const { chat } = s.started.services;
  const [demo] = await s.started.database.db.select().from(users).where(eq(users.username, 'demo'));
  const ask = async (message: string) => (await chat.ask(demo, { message, newConversation: true })).result;
  for (const q of QUESTIONS) await ask(q);
  const samples: number[] = [];
  for (let round = 0; round < 15; round++) {
    for (const q of QUESTIONS) {
      const t = performance.now();
      await ask(q);
      samples.push(performance.now() - t);
    }
  }
  samples.sort((a, b) => a - b);
  console.log(
    `  built-in answer, server time [${s.kind}]: p50 ${pct(samples, 0.5).toFixed(1)} ms, p95 ${pct(samples, 0.95).toFixed(1)} ms, max ${samples.at(-1)!.toFixed(1)} ms (${samples.length} answers)`,
  );
  const cookie = await login(s.url);
  printLoad([
    await load(`POST /api/chat, built-in engine [${s.kind}]`, {
      url: `${s.url}/api/chat`,
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json', origin: s.url },
      body: JSON.stringify({ message: QUESTIONS[0] }),
    }),
  ]);
}

/** A local model that streams a few tokens after a pause and notes when it wrote the first one. */
function startTimedModel(): Promise<{ url: string; firstTokenAt: number[]; close(): Promise<void> }> {
  const firstTokenAt: number[] = [];
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      const chunk = (content: string, finish: string | null = null) =>
        `data: ${JSON.stringify({ id: 'c', object: 'chat.completion.chunk', created: 0, model: 'timed', choices: [{ index: 0, delta: { content }, finish_reason: finish }] })}\n\n`;
      setTimeout(() => {
        firstTokenAt.push(performance.now());
        res.write(chunk('The '));
        setTimeout(() => res.end(`${chunk('answer.', 'stop')}data: [DONE]\n\n`), 20);
      }, 30);
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
        firstTokenAt,
        close: () => new Promise((r) => server.close(() => r())),
      }),
    ),
  );
}

/** Time from the model's first token to the first delta event reaching the browser's side of the socket. */
export async function streamingFirstByte() {
  const model = await startTimedModel();
  const s = await startBenchServer('pglite', {}, { AI_BASE_URL: model.url, AI_MODEL: 'timed' });
  try {
    const cookie = await login(s.url);
    const gaps: number[] = [];
    for (let i = 0; i < 40; i++) {
      const res = await fetch(`${s.url}/api/chat/stream`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json', origin: s.url },
        body: JSON.stringify({ message: 'What is UIF?', newConversation: true }),
      });
      const reader = res.body!.getReader();
      const decoder = new TextDecoder();
      let text = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        text += decoder.decode(value, { stream: true });
        if (text.includes('event: delta')) {
          gaps.push(performance.now() - model.firstTokenAt.at(-1)!);
          break;
        }
      }
      await reader.cancel();
    }
    gaps.sort((a, b) => a - b);
    console.log(
      `  model's first token → first SSE delta at the client: p50 ${pct(gaps, 0.5).toFixed(1)} ms, p95 ${pct(gaps, 0.95).toFixed(1)} ms (${gaps.length} answers, OpenAI-compatible engine, local model)`,
    );
  } finally {
    await s.close();
    await model.close();
  }
}
