// Any OpenAI-compatible model (OpenAI, Ollama, vLLM, OpenRouter…) through the openai SDK: streamed answers,
// the payroll calculators and the knowledge base as tools, every figure from our engine.
import OpenAI from 'openai';
import type { ChatCompletionMessageParam, ChatCompletionMessageToolCall, ChatCompletionTool } from 'openai/resources/chat/completions';
import { z } from 'zod';
import { taxYearForDate } from '../payroll';
import type { SourceDTO, ToolCallDTO } from '../schemas/chat';
import type { Slots } from './reading';
import { countsInFigures, createRetriever } from './retrieval';
import {
  articleHref,
  calculatorToolSpecs,
  payslipCheckToolInput,
  PAYSLIP_CHECK,
  runCalculator,
  runPayslipCheck,
  type KnowledgeTools,
} from './tools';
import { readPayslip } from '../payslips';
import type { ClientContext } from '../clients';
import { withClient } from './client';
import { describeFacts, memoryFrom, understand } from './understand';
import {
  AssistantError,
  MODEL_ERROR_MESSAGE,
  type ArticleContext,
  type AssistantEngine,
  type EngineEvent,
  type EngineRequest,
  type EngineTurn,
} from './types';
import { formatSa } from '../lib/sa-time';

export const MAX_TOOL_ROUNDS = 5;
export const HISTORY_TOKEN_BUDGET = 6000;
export const TOO_MANY_ROUNDS =
  '\n\n(I stopped after several rounds of calculations without reaching an answer. Please ask again with the figures you have.)';
/** How much of an article the model reads (the referenced one, or one it fetches): about 1 500 tokens. */
const ARTICLE_CHARS = 6000;
const SEARCH_RESULTS = 5;

export interface OpenAIEngineDeps {
  baseUrl: string;
  apiKey?: string;
  model: string;
  knowledge: KnowledgeTools;
  /** Model requests per answer (each may call tools); default 5. */
  maxToolRounds?: number;
  /** Tokens of earlier turns sent with a question (about 4 characters a token); default 6 000. */
  historyTokenBudget?: number;
}

const searchKnowledgeInput = z.object({
  query: z.string().trim().min(1).describe('What to look for, in a few words (e.g. "UIF ceiling", "maternity leave")'),
});
const getArticleInput = z.object({
  id: z.string().trim().min(1).describe('The article id, as search_knowledge returned it'),
});
const KNOWLEDGE_TOOLS = [
  {
    name: 'search_knowledge',
    description:
      'Search the PayeWise South African payroll knowledge base. Returns the best 5 articles: id, title, link and the passage of each that answers the query best.',
    input: searchKnowledgeInput,
  },
  { name: 'get_article', description: 'Read one knowledge base article (title and content) by its id.', input: getArticleInput },
  {
    name: 'check_payslip',
    description:
      "Check a payslip the user pasted: pass its text exactly as given (and the employee's age, medical scheme members or an SDL-exempt employer if the user said them). " +
      'Returns each statutory figure as shown and as the payroll engine works it out, the differences with their likely reasons, and what was assumed.',
    input: payslipCheckToolInput,
  },
] as const;

const estimateTokens = (s: string) => Math.ceil(s.length / 4);

export function systemPrompt(today: Date, article?: ArticleContext | null, facts: Slots = {}, client?: ClientContext | null): string {
  const ty = taxYearForDate(today);
  const date = formatSa(today, 'longDate');
  const lines = [
    "You are PayeWise's assistant for South African payroll: PAYE, UIF, SDL, ETI, net pay, leave, overtime, notice, the minimum wage and compliance deadlines.",
    `Today is ${date}. The current tax year is ${ty - 1}/${String(ty).slice(2)} (1 March ${ty - 1} to the end of February ${ty}); use it unless the user names another.`,
    'Use the tools for EVERY figure: call a calculator for any amount, rate or threshold, and never compute or recall a tax figure yourself.',
    'When the user pastes a payslip, call check_payslip with its text and report its findings; never check a payslip yourself.',
    'Look facts up with search_knowledge / get_article and cite each article you rely on as a markdown link [Title](/knowledge/article/<id>).',
    'Be concise: the figure first, then the working the calculator gave, then the cited articles. Use short paragraphs, lists or a small table.',
    'Only answer payroll questions; for anything else, politely say what you can help with, without figures or links.',
  ];
  const known = describeFacts(facts);
  // What the user has said so far in the conversation: a follow-up changes one of these and keeps the rest.
  if (known)
    lines.push('', `Facts the user has given in this conversation (use them in calculations unless the user changes them): ${known}.`);
  // A conversation tied to a client company: its facts hold for every answer, and the answer says it used them.
  if (client) {
    lines.push(
      '',
      `This conversation is about the client company "${client.name}": ${Object.values(client.said).join('; ')}.`,
      'Use these facts in every calculation unless the user says otherwise, and list the ones you used under "Assumed".',
    );
  }
  if (article) {
    // The article the user asked from comes first, so the answer is grounded on it before anything searched.
    lines.push(
      '',
      `The user is asking about this knowledge base article: ground the answer on it first and cite it as [${article.title.replace(/[[\]]/g, '')}](${articleHref(article.id)}).`,
      '',
      `# ${article.title} (id ${article.id})`,
      '',
      truncate(article.content, ARTICLE_CHARS),
    );
  }
  return lines.join('\n');
}

function truncate(s: string, max: number): string {
  return s.length <= max ? s : `${s.slice(0, max)}\n\n[…the rest of the article is not shown]`;
}

/** What a turn's calculator calls cost in the prompt (they are replayed so follow-ups can reuse the inputs). */
function replayedCalls(turn: EngineTurn): ToolCallDTO[] {
  if (turn.role !== 'assistant') return [];
  return (turn.toolCalls ?? []).filter((c) => calculatorByName.has(c.name) && c.result !== undefined && !c.error);
}
const compactResult = (result: unknown) => {
  if (!result || typeof result !== 'object' || Array.isArray(result)) return result;
  const { working: _, ...rest } = result as Record<string, unknown>;
  return rest;
};
function turnTokens(turn: EngineTurn): number {
  const calls = replayedCalls(turn);
  return (
    estimateTokens(turn.content) +
    4 +
    (calls.length ? estimateTokens(JSON.stringify(calls.map((c) => [c.input, compactResult(c.result)]))) + 10 * calls.length : 0)
  );
}

/** Earlier turns within the budget, newest kept first: the oldest go first. */
export function trimHistory(history: EngineTurn[], budgetTokens: number): EngineTurn[] {
  const kept: EngineTurn[] = [];
  let used = 0;
  for (let i = history.length - 1; i >= 0; i--) {
    const cost = turnTokens(history[i]);
    if (used + cost > budgetTokens) break;
    used += cost;
    kept.unshift(history[i]);
  }
  return kept;
}

const calculatorSpecs = calculatorToolSpecs();
const calculatorByName = new Map(calculatorSpecs.map((c) => [c.calculator, c]));
const calculatorByTool = new Map(calculatorSpecs.map((c) => [c.name, c]));
/** A tool name as the model may spell it: `minimum-wage` and `minimum_wage` are the same tool. */
const toolKey = (name: string) => name.trim().replace(/[^a-zA-Z0-9_]/g, '_');

/** Some OpenAI-compatible servers refuse a `$schema` key in tool parameters; OpenAI does not need it. */
const parametersOf = ({ $schema: _, ...schema }: Record<string, unknown>) => schema;
const TOOLS: ChatCompletionTool[] = [
  ...calculatorSpecs.map((c) => ({
    type: 'function' as const,
    function: { name: c.name, description: c.description, parameters: parametersOf(c.parameters) },
  })),
  ...KNOWLEDGE_TOOLS.map((k) => ({
    type: 'function' as const,
    function: {
      name: k.name,
      description: k.description,
      parameters: parametersOf(z.toJSONSchema(k.input, { io: 'input' }) as Record<string, unknown>),
    },
  })),
];

/** The turns as chat messages; an answer's calculator calls go before it as tool calls and their results. */
function historyMessages(turns: EngineTurn[]): ChatCompletionMessageParam[] {
  const out: ChatCompletionMessageParam[] = [];
  turns.forEach((turn, i) => {
    const calls = replayedCalls(turn);
    if (calls.length) {
      const ids = calls.map((_, j) => `history_${i}_${j}`);
      out.push({
        role: 'assistant',
        content: null,
        tool_calls: calls.map((c, j) => ({
          id: ids[j],
          type: 'function',
          function: { name: calculatorByName.get(c.name)!.name, arguments: JSON.stringify(c.input) },
        })),
      });
      calls.forEach((c, j) => out.push({ role: 'tool', tool_call_id: ids[j], content: JSON.stringify(compactResult(c.result)) }));
    }
    out.push({ role: turn.role, content: turn.content });
  });
  return out;
}

/** The articles an answer cites: the referenced one, then those it links to in order, if a tool returned them. */
function citedSources(text: string, known: Map<string, SourceDTO>, article: ArticleContext | null): SourceDTO[] {
  const cited = new Map<string, SourceDTO>();
  if (article) cited.set(article.id, { id: article.id, title: article.title });
  for (const m of text.matchAll(/\/knowledge\/article\/([0-9a-fA-F-]{36})/g)) {
    const s = known.get(m[1].toLowerCase());
    if (s && !cited.has(s.id)) cited.set(s.id, s);
  }
  return [...cited.values()];
}

interface PendingCall {
  id: string;
  name: string;
  args: string;
}

export function createOpenAIEngine(deps: OpenAIEngineDeps): AssistantEngine {
  // No retries (a retry is the user's choice, and the caller's timeout covers the whole answer); failures are
  // reported through AssistantError's cause, not the SDK's own console logging.
  const client = new OpenAI({ baseURL: deps.baseUrl, apiKey: deps.apiKey || 'none', maxRetries: 0, logLevel: 'off' });
  const maxRounds = Math.max(1, deps.maxToolRounds ?? MAX_TOOL_ROUNDS);
  const budget = deps.historyTokenBudget ?? HISTORY_TOKEN_BUDGET;
  const retriever = createRetriever(deps.knowledge);

  /** Runs one tool call. Bad input comes back as an error the model reads; only unexpected failures throw. */
  async function runTool(call: PendingCall, today: Date, known: Map<string, SourceDTO>): Promise<{ call: ToolCallDTO; content: string }> {
    const name = toolKey(call.name);
    const refuse = (input: Record<string, unknown>, error: string) => ({
      call: { id: call.id, name, input, error },
      content: JSON.stringify({ error }),
    });
    let input: Record<string, unknown>;
    try {
      const parsed: unknown = JSON.parse(call.args.trim() || '{}');
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return refuse({}, 'The arguments must be a JSON object');
      input = parsed as Record<string, unknown>;
    } catch {
      return refuse({}, 'The arguments were not valid JSON');
    }

    if (name === 'search_knowledge') {
      const q = searchKnowledgeInput.safeParse(input);
      if (!q.success) return refuse(input, 'search_knowledge needs a query');
      // The same passages the built-in engine answers from.
      const found = (await retriever.rank(q.data.query, { limit: SEARCH_RESULTS })).slice(0, SEARCH_RESULTS);
      for (const f of found) known.set(f.article.id, f.article);
      const result = found.map((f) => ({
        id: f.article.id,
        title: f.article.title,
        link: articleHref(f.article.id),
        passage: countsInFigures(f.passage),
      }));
      return {
        call: { id: call.id, name, input: q.data, result },
        content: JSON.stringify(result.length ? result : { result: 'No articles found' }),
      };
    }
    if (name === 'get_article') {
      const q = getArticleInput.safeParse(input);
      const a = q.success ? await deps.knowledge.getArticle(q.data.id) : null;
      if (!a) return refuse(input, 'No article with that id: use an id search_knowledge returned');
      known.set(a.id, { id: a.id, title: a.title });
      return {
        call: { id: call.id, name, input: { id: a.id }, result: { id: a.id, title: a.title } },
        content: JSON.stringify({ id: a.id, title: a.title, link: articleHref(a.id), content: truncate(a.content, ARTICLE_CHARS) }),
      };
    }
    if (name === 'check_payslip') {
      const q = payslipCheckToolInput.safeParse(input);
      if (!q.success) return refuse(input, q.error.issues.map((i) => i.message).join('; '));
      const { text, ...facts } = q.data;
      const done = runPayslipCheck(readPayslip(text), facts);
      const { working: _, ...result } = (done.result ?? {}) as Record<string, unknown>;
      return {
        call: { id: call.id, ...done, name: PAYSLIP_CHECK },
        content: JSON.stringify(done.error ? { error: done.error } : { read: done.input, ...result }),
      };
    }
    const done = runCalculator(calculatorByTool.get(name)?.calculator ?? name, input, today);
    return { call: { id: call.id, ...done }, content: JSON.stringify(done.error ? { error: done.error } : done.result) };
  }

  return {
    name: `openai:${deps.model}`,
    async *answer(req: EngineRequest): AsyncIterable<EngineEvent> {
      const { signal } = req;
      // Titles the answer may cite: what the tools return, plus what earlier answers cited and the article.
      const known = new Map<string, SourceDTO>();
      for (const turn of req.history) for (const s of turn.sources ?? []) known.set(s.id, s);
      // The conversation's facts after this question, read the way the built-in engine reads them.
      const understood = understand(req.question, withClient(memoryFrom(req.history, req.today), req.client), {
        today: req.today,
        article: !!req.article,
      });
      const messages: ChatCompletionMessageParam[] = [
        { role: 'system', content: systemPrompt(req.today, req.article, understood.reading.facts, req.client) },
        ...historyMessages(trimHistory(req.history, budget)),
        { role: 'user', content: req.question },
      ];

      let text = '';
      const calculatorsRun = new Set<string>();
      for (let round = 1; ; round++) {
        if (signal.aborted) return;
        const last = round === maxRounds;
        const calls: PendingCall[] = [];
        const byIndex = new Map<number, PendingCall>();
        let roundText = '';
        let finished = false;
        try {
          const stream = await client.chat.completions.create(
            // On the last round the model must answer with what it has.
            { model: deps.model, messages, tools: TOOLS, stream: true, ...(last && round > 1 ? { tool_choice: 'none' as const } : {}) },
            { signal },
          );
          for await (const chunk of stream) {
            const choice = chunk.choices?.[0];
            if (!choice) continue;
            if (choice.delta?.content) {
              roundText += choice.delta.content;
              yield { type: 'delta', text: choice.delta.content };
            }
            // Tool calls arrive in pieces: id and name first, the arguments' JSON spread over later chunks.
            for (const tc of choice.delta?.tool_calls ?? []) {
              let cur = byIndex.get(tc.index ?? 0);
              if (!cur || (tc.id && cur.id && tc.id !== cur.id)) {
                cur = { id: '', name: '', args: '' };
                byIndex.set(tc.index ?? 0, cur);
                calls.push(cur);
              }
              if (tc.id) cur.id = tc.id;
              const name = tc.function?.name;
              if (name && name !== cur.name) cur.name += name;
              if (tc.function?.arguments) cur.args += tc.function.arguments;
            }
            if (choice.finish_reason) finished = true;
          }
        } catch (err) {
          if (signal.aborted) return;
          throw new AssistantError('upstream_failed', MODEL_ERROR_MESSAGE, err);
        }
        if (signal.aborted) return;
        if (!finished)
          throw new AssistantError('upstream_failed', MODEL_ERROR_MESSAGE, new Error('The model stream ended without a finish_reason'));
        text += roundText;
        if (calls.length === 0) break;
        if (last) {
          const note = text ? TOO_MANY_ROUNDS : TOO_MANY_ROUNDS.trimStart();
          text += note;
          yield { type: 'delta', text: note };
          break;
        }

        calls.forEach((c, i) => (c.id ||= `call_${round}_${i}`));
        const assistantCalls: ChatCompletionMessageToolCall[] = calls.map((c) => ({
          id: c.id,
          type: 'function',
          function: { name: c.name, arguments: c.args || '{}' },
        }));
        messages.push({ role: 'assistant', content: roundText || null, tool_calls: assistantCalls });
        for (const c of calls) {
          const { call, content } = await runTool(c, req.today, known);
          if (!call.error && calculatorByName.has(call.name)) calculatorsRun.add(call.name);
          if (signal.aborted) return;
          yield { type: 'tool', call };
          messages.push({ role: 'tool', tool_call_id: c.id, content });
        }
      }
      const sources = citedSources(text, known, req.article);
      if (sources.length) yield { type: 'sources', sources };
      const calculated = calculatorsRun.size > 0;
      yield {
        type: 'reading',
        reading: {
          ...understood.reading,
          decidedBy: `${understood.reading.decidedBy}; answered by ${deps.model}`,
          outcome: calculated ? 'calculated' : sources.length ? 'answered' : 'dont-know',
          articles: sources.map((s) => s.id),
        },
      };
    },
  };
}
