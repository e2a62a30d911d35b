import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerUser, type TestApp, type TestClient } from '../../helpers/app';
import { dbKinds } from '../../helpers/db';

// Every sample question of the shared sample-questions.json (a copy in tests/fixtures) through the served app's /api/chat
// with the built-in engine (no AI_BASE_URL), checked the way the file's `about` says.
interface Case {
  id: string;
  turns: string[];
  figure?: number;
  alsoFigure?: number;
  words?: string;
  citeTitle?: string;
  refuse?: boolean;
}
const file = path.resolve('tests/fixtures/sample-questions.json');
const { cases } = JSON.parse(fs.readFileSync(file, 'utf8')) as { cases: Case[] };

/** Every rand amount written in the answer (R 2 771.25, R2 771.25, R2,771.25, R2771.25, R2 115). */
export function randsIn(text: string): number[] {
  const out: number[] = [];
  for (const m of text.matchAll(/R\s?(\d{1,3}(?:[ ,\u00a0\u202f]\d{3})+|\d+)(?:\.(\d{2}))?(?!\d)/g)) {
    out.push(Number(m[1].replace(/[ ,\u00a0\u202f]/g, '')) + (m[2] ? Number(m[2]) / 100 : 0));
  }
  return out;
}
const has = (text: string, figure: number) => randsIn(text).some((v) => Math.abs(v - figure) < 0.005);

describe.each(dbKinds)('sample questions through POST /api/chat on %s (built-in engine)', (kind) => {
  let t: TestApp;
  let client: TestClient;
  beforeAll(async () => {
    t = await createTestApp(kind, {}, { clock: () => new Date('2026-11-23T10:00:00+02:00') });
    client = (await registerUser(t)).client;
  });
  afterAll(async () => t?.close());

  it.each(cases.map((c) => [c.id, c] as const))('%s', async (_id, c) => {
    let answer: { response: string; sources: { id: string; title: string }[] } | undefined;
    let conversationId: string | undefined;
    for (const [i, turn] of c.turns.entries()) {
      const res = await client.post('/api/chat', i === 0 ? { message: turn, newConversation: true } : { message: turn, conversationId });
      expect(res.status).toBe(200);
      const body = await res.json();
      conversationId = body.conversationId;
      answer = body;
    }
    const { response, sources } = answer!;
    const why = `${c.id} answer:\n${response}\nsources: ${sources.map((s) => s.title).join(' | ')}`;
    if (c.figure !== undefined) expect(has(response, c.figure), why).toBe(true);
    if (c.alsoFigure !== undefined) expect(has(response, c.alsoFigure), why).toBe(true);
    if (c.words) expect(response, why).toMatch(new RegExp(c.words, 'i'));
    if (c.citeTitle) {
      const re = new RegExp(c.citeTitle, 'i');
      expect(
        sources.some((s) => re.test(s.title)),
        why,
      ).toBe(true);
      // Every cited article is also a link in the answer.
      for (const s of sources) expect(response, why).toContain(`/knowledge/article/${s.id}`);
    }
    if (c.refuse) {
      expect(response, why).not.toMatch(/\d/);
      expect(sources, why).toEqual([]);
      expect(response, why).toMatch(/payroll|PAYE|UIF|help/i);
    }
  });
});
