import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBuiltinEngine } from '../../../src/assistant/builtin';
import { articleIds } from '../../../src/assistant/corpus/load';
import { knowledgeTools } from '../../../src/assistant/tools';
import type { EngineEvent } from '../../../src/assistant/types';
import { createTestApp, type TestApp } from '../../helpers/app';

// Questions about every shipped article, written from its title and content in other words
// (tests/fixtures/article-questions.json): each article is cited for at least one of its questions, and most
// questions cite theirs. The share is a measured figure, raised as retrieval improves.
const MIN_SHARE = 0.85;
const { questions } = JSON.parse(fs.readFileSync(path.resolve('tests/fixtures/article-questions.json'), 'utf8')) as {
  questions: { article: string; q: string }[];
};
const ids = articleIds();

describe('every article answers questions asked in other words', () => {
  let t: TestApp;
  const results: { article: string; q: string; cited: boolean; linked: boolean; text: string }[] = [];
  beforeAll(async () => {
    t = await createTestApp('pglite');
    const engine = createBuiltinEngine({ knowledge: knowledgeTools(t.services.knowledge) });
    for (const { article, q } of questions) {
      let text = '';
      const cited: string[] = [];
      for await (const e of engine.answer({
        question: q,
        history: [],
        article: null,
        today: new Date('2026-11-25T10:00:00+02:00'),
        signal: new AbortController().signal,
      }) as AsyncIterable<EngineEvent>) {
        if (e.type === 'delta') text += e.text;
        if (e.type === 'sources') cited.push(...e.sources.map((s) => s.id));
      }
      const id = ids.get(article)!;
      results.push({ article, q, cited: cited.includes(id), linked: text.includes(`/knowledge/article/${id}`), text });
    }
  });
  afterAll(async () => t?.close());

  it('asks about every article', () => {
    for (const slug of ids.keys())
      expect(
        questions.some((q) => q.article === slug),
        slug,
      ).toBe(true);
  });

  it('cites each article for at least one of its questions, with a link in the answer', () => {
    for (const slug of ids.keys()) {
      const own = results.filter((r) => r.article === slug);
      expect(
        own.some((r) => r.cited && r.linked),
        `${slug} not cited for:\n${own.map((r) => `${r.q}\n${r.text.slice(0, 300)}`).join('\n\n')}`,
      ).toBe(true);
    }
  });

  it(`cites the article for at least ${MIN_SHARE * 100}% of the questions`, () => {
    const missed = results.filter((r) => !r.cited);
    expect(1 - missed.length / results.length, missed.map((r) => `${r.article}: ${r.q}`).join('\n')).toBeGreaterThanOrEqual(MIN_SHARE);
  });
});
