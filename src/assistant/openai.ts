// Any OpenAI-compatible model (OpenAI, Ollama, vLLM, OpenRouter…) through the openai SDK: streamed answers,
// the payroll calculators and the knowledge base as tools, every figure from our engine.
import OpenAI from 'openai';
import type { ChatCompletionMessageParam, ChatCompletionTool } from 'openai/resources/chat/completions';
import { taxYearForDate } from '../payroll/dates';
import type { SourceDTO, ToolCallDTO } from '../schemas/chat';
import { articleHref, calculatorToolSpecs, runCalculator, type KnowledgeTools } from './tools';
import { AssistantError, MODEL_ERROR_MESSAGE, type AssistantEngine, type EngineEvent, type EngineRequest, type EngineTurn } from './types';

export const MAX_TOOL_ROUNDS = 5;
export const TOO_MANY_ROUNDS = '\n\n(I stopped after several rounds of calculations without reaching an answer. Please ask again with the figures you have.)';
const ARTICLE_CHARS = 6000;

export interface OpenAIEngineDeps {
  baseUrl: string;
  apiKey?: string;
  model: string;
  knowledge: KnowledgeTools;
  maxToolRounds?: number;
  /** Tokens of earlier turns sent with a question (about 4 characters a token). */
  historyTokenBudget?: number;
}

export function systemPrompt(today: Date): string {
  const ty = taxYearForDate(today);
  const date = today.toLocaleDateString('en-ZA', { timeZone: 'Africa/Johannesburg', day: 'numeric', month: 'long', year: 'numeric' });
  return [
    "You are PayeWise's assistant for South African payroll: PAYE, UIF, SDL, ETI, net pay, leave, overtime, notice, the minimum wage and compliance deadlines.",
    `Today is ${date}. The current tax year is ${ty - 1}/${String(ty).slice(2)} (1 March ${ty - 1} to the end of February ${ty}); use it unless the user names another.`,
    'Use the tools for EVERY figure: call a calculator for any amount, rate or threshold, and never compute or recall a tax figure yourself.',
    'Look facts up with search_knowledge / get_article and cite each article you rely on as a markdown link [Title](/knowledge/article/<id>).',
    'Answer with the figure first, then the working the calculator gave, then the cited articles. Be concise.',
    'Only answer payroll questions; for anything else, politely say what you can help with, without figures or links.',
  ].join('\n');
}

/** Earlier turns, newest kept first, within the budget; the oldest go first. */
export function trimHistory(history: EngineTurn[], budgetTokens: number): EngineTurn[] {
  const kept: EngineTurn[] = [];
  let used = 0;
  for (let i = history.length - 1; i >= 0; i--) {
    const cost = Math.ceil(history[i].content.length / 4) + 4;
    if (used + cost > budgetTokens) break;
    used += cost;
    kept.unshift(history[i]);
  }
  return kept;
}

const toolName = (name: string) => name.replace(/[^a-zA-Z0-9_]/g, '_');

export function createOpenAIEngine(deps: OpenAIEngineDeps): AssistantEngine {
  const client = new OpenAI({ baseURL: deps.baseUrl, apiKey: deps.apiKey || 'none', maxRetries: 0 });
  const maxRounds = deps.maxToolRounds ?? MAX_TOOL_ROUNDS;
  const budget = deps.historyTokenBudget ?? 6000;
  const calculators = calculatorToolSpecs();
  const byToolName = new Map(calculators.map((c) => [c.name, c]));
  const tools: ChatCompletionTool[] = [
    ...calculators.map((c) => ({ type: 'function' as const, function: { name: c.name, description: c.description, parameters: c.parameters } })),
    {
      type: 'function',
      function: {
        name: 'search_knowledge',
        description: 'Search the PayeWise payroll knowledge base. Returns the best articles with id, title and a snippet.',
        parameters: { type: 'object', properties: { query: { type: 'string', description: 'What to look for, in a few words' } }, required: ['query'] },
      },
    },
    {
      type: 'function',
      function: {
        name: 'get_article',
        description: 'Read one knowledge base article in full by its id.',
        parameters: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
      },
    },
  ];

  /** Runs one tool call; the result goes back to the model as text. */
  async function runTool(name: string, args: string, today: Date, seen: Map<string, SourceDTO>): Promise<{ call: ToolCallDTO; content: string }> {
    let input: Record<string, unknown>;
    try {
      const parsed = JSON.parse(args || '{}');
      input = parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? parsed : {};
    } catch {
      const call = { id: '', name, input: {}, error: 'The arguments were not valid JSON' };
      return { call, content: JSON.stringify({ error: call.error }) };
    }
    if (name === 'search_knowledge') {
      const hits = await deps.knowledge.search(String(input.query ?? ''), 5);
      for (const h of hits) seen.set(h.id, { id: h.id, title: h.title });
      const result = hits.map((h) => ({ id: h.id, title: h.title, link: articleHref(h.id), snippet: h.snippet.replace(/<\/?mark>/g, '') }));
      return { call: { id: '', name, input, result }, content: JSON.stringify(result) };
    }
    if (name === 'get_article') {
      const a = await deps.knowledge.getArticle(String(input.id ?? ''));
      if (!a) return { call: { id: '', name, input, error: 'No article with that id' }, content: JSON.stringify({ error: 'No article with that id' }) };
      seen.set(a.id, { id: a.id, title: a.title });
      const result = { id: a.id, title: a.title, link: articleHref(a.id), content: a.content.slice(0, ARTICLE_CHARS) };
      return { call: { id: '', name, input, result: { id: a.id, title: a.title } }, content: JSON.stringify(result) };
    }
    const done = runCalculator(byToolName.get(name)?.calculator ?? name, input, today);
    const call: ToolCallDTO = { id: '', ...done };
    return { call, content: JSON.stringify(done.error ? { error: done.error } : done.result) };
  }

  return {
    name: `openai:${deps.model}`,
    async *answer(req: EngineRequest): AsyncIterable<EngineEvent> {
      const seen = new Map<string, SourceDTO>();
      const messages: ChatCompletionMessageParam[] = [{ role: 'system', content: systemPrompt(req.today) }];
      if (req.article) {
        seen.set(req.article.id, { id: req.article.id, title: req.article.title });
        messages.push({
          role: 'system',
          content: `The user is asking about this knowledge base article; ground the answer on it first and cite it as [${req.article.title}](${articleHref(req.article.id)}).\n\n# ${req.article.title}\n\n${req.article.content.slice(0, ARTICLE_CHARS)}`,
        });
      }
      for (const turn of trimHistory(req.history, budget)) messages.push({ role: turn.role, content: turn.content });
      messages.push({ role: 'user', content: req.question });

      let text = '';
      for (let round = 0; ; round++) {
        if (round >= maxRounds) {
          text += TOO_MANY_ROUNDS;
          yield { type: 'delta', text: TOO_MANY_ROUNDS };
          break;
        }
        const calls = new Map<number, { id: string; name: string; args: string }>();
        let roundText = '';
        try {
          const stream = await client.chat.completions.create({ model: deps.model, messages, tools, stream: true }, { signal: req.signal });
          for await (const chunk of stream) {
            const delta = chunk.choices?.[0]?.delta;
            if (!delta) continue;
            if (delta.content) {
              roundText += delta.content;
              yield { type: 'delta', text: delta.content };
            }
            for (const tc of delta.tool_calls ?? []) {
              const cur = calls.get(tc.index) ?? { id: '', name: '', args: '' };
              if (tc.id) cur.id = tc.id;
              if (tc.function?.name) cur.name += tc.function.name;
              if (tc.function?.arguments) cur.args += tc.function.arguments;
              calls.set(tc.index, cur);
            }
          }
        } catch (err) {
          if (req.signal.aborted) return;
          throw new AssistantError(502, MODEL_ERROR_MESSAGE, err);
        }
        if (req.signal.aborted) return;
        text += roundText;
        if (calls.size === 0) break;
        const ordered = [...calls.entries()].sort((a, b) => a[0] - b[0]).map(([, c]) => c);
        messages.push({
          role: 'assistant',
          content: roundText || null,
          tool_calls: ordered.map((c) => ({ id: c.id, type: 'function' as const, function: { name: c.name, arguments: c.args || '{}' } })),
        });
        for (const c of ordered) {
          const { call, content } = await runTool(toolName(c.name), c.args, req.today, seen);
          yield { type: 'tool', call: { ...call, id: c.id || call.id } };
          messages.push({ role: 'tool', tool_call_id: c.id, content });
        }
      }
      // Sources: the articles the tools returned that the answer links to, and the article asked about.
      const cited = [...seen.values()].filter((s) => text.includes(articleHref(s.id)) || s.id === req.article?.id);
      if (cited.length) yield { type: 'sources', sources: cited };
    },
  };
}
