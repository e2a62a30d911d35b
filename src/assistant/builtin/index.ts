// The built-in assistant: offline and zero-config. It understands a question (slots, a trained classifier and a
// short rule table, with what the conversation already knows), then calculates through the one calculator
// registry, so every figure it states comes from the payroll engine, or answers from the knowledge base, quoted
// and cited. It never makes up a number: when it cannot answer, it says so and asks for what it needs.
import { randomUUID } from 'node:crypto';
import type { SourceDTO, ToolCallDTO } from '../../schemas/chat';
import type { Outcome, Reading } from '../reading';
import { askOf, createRetriever, type Found } from '../retrieval';
import { articleLink, runCalculator, runPayslipCheck, type KnowledgeTools } from '../tools';
import { isPayslip, readPayslip, type EmployeeFacts, type ReadPayslip } from '../../payslips';
import {
  formatRand,
  dayLabel,
  monthLabel,
  PAYROLL_CALCULATORS,
  type PayrollCalculator,
  isoDateFromDate,
  taxYearForDate,
} from '../../payroll';
import { payslipCheckArticles, payslipCheckLines } from './payslip';
import type { Memory } from '../understand/memory';
import { clientFacts, withClient } from '../client';
import { isNeed, TOPIC_MODULES, type Called, type Need, type TopicContext, type TopicModule } from '../topics';
import { returnNamed } from '../topics/deadline';
import { joinWords, rand, yearLabel } from '../topics/shared';
import { CALCULATE_REQUESTS, COMPARE_WORDS, DUE_WORDS, RELATIVE_MONTHS, THANKS_WORDS } from '../../lexicon';
import { articleIdFor, articlePath, calendarFor } from '../../calendar';
import { longestMention } from '../understand/text';
import type { AssistantEngine, EngineEvent, EngineRequest, EngineTurn } from '../types';
import { describeFacts, memoryFrom, statesFacts, understand, type Understanding } from '../understand';
import type { Classifier } from '../understand/classifier';
import { fromPassage } from './knowledge';

const HELP_TOPICS =
  'PAYE, UIF, SDL and ETI calculations, net pay and payslips, leave, overtime and Sunday or public holiday pay, notice periods, ' +
  'the national minimum wage, and SARS and Department of Employment and Labour deadlines';

export const OFF_TOPIC_ANSWER =
  `I'm PayeWise's payroll assistant, so I can't help with that one. I can help with South African payroll: ${HELP_TOPICS}. ` +
  'Try asking, for example, how much PAYE to deduct on a monthly salary.';

export const GREETING_ANSWER =
  `Hello! I'm PayeWise's payroll assistant. Ask me about ${HELP_TOPICS}. ` +
  "For a calculation, give me the amounts: for example, the monthly salary and the employee's age for PAYE.";

export const THANKS_ANSWER = "You're welcome. Ask me any time about PAYE, UIF, SDL, ETI, payslips, leave or payroll deadlines.";

export const UNKNOWN_ANSWER =
  `I'm not sure what you would like to know. I can work out ${HELP_TOPICS}, and look up the rules in the knowledge base. ` +
  'Tell me what you need, for example "PAYE on R20 000 a month for a 35-year-old" or "When is the EMP201 due?"';

const WHERE_TO_LOOK =
  'Try the [knowledge base search](/knowledge) for the rule, or the [payroll calculators](/calculators) for PAYE, UIF, SDL, ETI, ' +
  "net pay, overtime, leave and notice. If you give me the amounts (for example a monthly salary and the employee's age), I can work it out for you.";

export const DONT_KNOW_ANSWER = `I don't know the answer to that one, and I won't guess. ${WHERE_TO_LOOK}`;

/** Below this confidence the engine says what it understood and asks, instead of calculating on a guess. */
export const ASK_BELOW = 0.5;

interface Answer {
  text: string;
  tools: ToolCallDTO[];
  sources: SourceDTO[];
  outcome: Outcome;
}

const callId = () => randomUUID().replace(/-/g, '').slice(0, 12);

const previousQuestion = (history: EngineTurn[]) => [...history].reverse().find((t) => t.role === 'user')?.content ?? null;

/**
 * Two tax years to set side by side, the later first, when the question asks to compare ("compare 2025/26 and
 * 2026/27", "this year against last year") and the topic's calculator has a tax year.
 */
function comparedYears(u: Understanding, topic: TopicModule, calculator: string | undefined, today: Date): [number, number] | null {
  if (!topic.compared || !calculator || !(PAYROLL_CALCULATORS as Record<string, PayrollCalculator>)[calculator]?.yearly) return null;
  if (!u.extras.otherTaxYear && !longestMention(u.words, COMPARE_WORDS)) return null;
  const current = taxYearForDate(today);
  const named = u.reading.facts.taxYear ?? current;
  const second = u.extras.otherTaxYear ?? (named === current ? current - 1 : current);
  return named === second ? null : [Math.max(named, second), Math.min(named, second)];
}

/** The compared figures of two runs, with this year minus the other. */
function comparisonLines(topic: TopicModule, a: Called, b: Omit<Called, 'id'> & { id: string }, [y1, y2]: [number, number]): string[] {
  if (b.error) return [`I could not work out ${yearLabel(y2)} as well: ${b.error}`];
  const ra = a.result as Record<string, number>;
  const rb = b.result as Record<string, number>;
  const signed = (v: number) => (v === 0 ? 'no change' : `${v > 0 ? '+' : '−'}${rand(Math.abs(v))}`);
  return [
    `**${yearLabel(y1)} compared with ${yearLabel(y2)}** (the same facts in both years)`,
    '',
    `| | ${yearLabel(y1)} | ${yearLabel(y2)} | Difference |`,
    '|---|---:|---:|---:|',
    ...(topic.compared ?? []).map(
      ([k, label]) => `| ${label} | ${rand(ra[k])} | ${rand(rb[k])} | ${signed(Math.round((ra[k] - rb[k]) * 100) / 100)} |`,
    ),
  ];
}

/** The facts that changed a figure, in words. */
function assumptionLines(assumed: string[], kept: string[]): string[] {
  const lines: string[] = [];
  if (kept.length) lines.push('', `From earlier in our conversation I used ${joinWords(kept)}.`);
  if (assumed.length)
    lines.push('', "**Assumed** (tell me if anything is different and I'll work it out again):", '', ...assumed.map((a) => `- ${a}`));
  return lines;
}

export function createBuiltinEngine(deps: { knowledge: KnowledgeTools; classifier?: Classifier }): AssistantEngine {
  const retriever = createRetriever(deps.knowledge, deps.classifier);

  function ask(label: string, need: Need): string {
    return `To work out ${label} I need ${need.need}. For example: "${need.example}".`;
  }

  async function calculation(u: Understanding, req: EngineRequest): Promise<Answer> {
    const r = u.reading;
    const topic = TOPIC_MODULES[r.topic!];
    const ctx: TopicContext = { today: req.today, stated: r.slots, extras: u.extras, words: u.words };
    // The client's pay period fills amounts said without one; what of the client was used is said under "Assumed".
    const client = clientFacts(r.facts, r.slots, topic, req.client);
    r.facts = client.facts;
    const plan = topic.plan(r.facts, ctx);
    if (isNeed(plan)) {
      // Asked in general ("how much is Sunday pay?"): the rule from the knowledge base (never a sum worked for
      // someone else), and what a calculation needs. Asked to calculate ("work out my SDL"): what it needs.
      const general = !statesFacts(r.slots) && !longestMention(u.words, CALCULATE_REQUESTS);
      const rule = general ? await knowledgeAnswer(u, req, { rulesOnly: true }) : null;
      if (rule) return { ...rule, text: `${rule.text}\n\n${ask(`${topic.label} for an employee`, plan)}` };
      const sources = await retriever.forQueries(topic.articles([], r.facts).slice(0, 1));
      const lines = [ask(topic.label, plan)];
      if (sources.length) lines.push('', `Meanwhile, the rules are in ${sources.map(articleLink).join(' and ')}.`);
      return { text: lines.join('\n'), tools: [], sources, outcome: 'asked' };
    }
    const years = comparedYears(u, topic, plan.steps[0]?.name, req.today);
    if (years) for (const s of plan.steps) s.input = { ...s.input, taxYear: years[0] };
    const calls: Called[] = plan.steps.map((s) => ({
      id: callId(),
      ...runCalculator(s.name, s.input, req.today),
      label: s.label,
      period: s.period,
    }));
    const failed = calls.find((c) => c.error);
    if (failed) {
      return {
        text: `I couldn't work out ${topic.label}: the calculator says ${failed.error}. Please check the figures, or enter them one by one in the [calculators](/calculators).`,
        tools: [strip(failed)],
        sources: [],
        outcome: 'asked',
      };
    }
    const lines = topic.describe(calls, r.facts, ctx);
    const other = years ? { id: callId(), ...runCalculator(calls[0].name, { ...calls[0].input, taxYear: years[1] }, req.today) } : null;
    if (years && other) lines.push('', ...comparisonLines(topic, calls[0], other, years));
    const working = calls[0].working ?? [];
    if (working.length) lines.push('', '**How it is worked out**', '', ...working.map((w) => `- ${w}`));
    lines.push(...assumptionLines([...client.used, ...plan.assumed], plan.kept));
    const sources = await retriever.forQueries(topic.articles(calls, r.facts));
    if (sources.length) lines.push('', `Read more: ${sources.map(articleLink).join('; ')}.`);
    return {
      text: lines.join('\n'),
      tools: [...calls, ...(other && !other.error ? [other] : [])].map(strip),
      sources,
      outcome: 'calculated',
    };
  }

  /** A date the question asks for, worked out by the deadline calculator: the answer's first line. */
  function dateLead(u: Understanding, req: EngineRequest): { line: string; call: ToolCallDTO; queries: string[] } | null {
    if (askOf(req.question) !== 'when' || !returnNamed(u.words, req.today)) return null;
    const topic = TOPIC_MODULES.deadline;
    const ctx: TopicContext = { today: req.today, stated: u.reading.slots, extras: u.extras, words: u.words };
    const plan = topic.plan(u.reading.facts, ctx);
    if (isNeed(plan)) return null;
    const call: Called = { id: callId(), ...runCalculator(plan.steps[0].name, plan.steps[0].input, req.today) };
    if (call.error) return null;
    const [line, ...rest] = topic.describe([call], u.reading.facts, ctx);
    return { line: [line, ...rest].join(' '), call: strip(call), queries: topic.articles([call], u.reading.facts) };
  }

  /**
   * "What's due this month?": every statutory date of the month asked about (named, or this or next month), from the
   * compliance calendar, when the question names no one return (that is the deadline calculator's).
   */
  async function dueThisMonth(u: Understanding, req: EngineRequest): Promise<Answer | null> {
    if (!longestMention(u.words, DUE_WORDS) || returnNamed(u.words, req.today)) return null;
    const relative = RELATIVE_MONTHS.filter(([p]) => longestMention(u.words, [p])).map(([, n]) => n)[0];
    const [ty, tm] = isoDateFromDate(req.today).split('-').map(Number);
    const month =
      u.reading.slots.month ?? (relative === undefined ? null : new Date(Date.UTC(ty, tm - 1 + relative, 1)).toISOString().slice(0, 7));
    if (!month) return null;
    const [y, m] = month.split('-').map(Number);
    const last = new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
    const due = calendarFor(`${month}-01`, last, req.client ? [{ id: 0, name: req.client.name, payDay: req.client.payDay ?? null }] : []);
    const named = monthLabel(month);
    const lines = due.length
      ? [
          `**Due in ${named}${req.client ? ` for ${req.client.name}` : ''}:**`,
          '',
          ...due.map(
            (d) =>
              `- **${dayLabel(d.date)}**: ${d.title}. ${d.due}${d.caveat ? ` (${d.caveat})` : ''} [Read more](${articlePath(d.articleSlug)})`,
          ),
        ]
      : [`Nothing statutory falls due in ${named}.`];
    lines.push('', 'All the dates, and a feed for your own calendar app, are on the [compliance calendar](/calendar).');
    const cited = await Promise.all([...new Set(due.map((d) => articleIdFor(d.articleSlug)))].map((id) => deps.knowledge.getArticle(id)));
    const sources = cited.flatMap((a) => (a ? [{ id: a.id, title: a.title }] : []));
    return { text: lines.join('\n'), tools: [], sources, outcome: 'answered' };
  }

  async function knowledgeAnswer(u: Understanding, req: EngineRequest, opts: { rulesOnly?: boolean } = {}): Promise<Answer | null> {
    const followUp = u.reading.intent === 'follow-up';
    const before = followUp ? previousQuestion(req.history) : null;
    const found = await retriever.rank(req.question, { ...(before ? { context: before } : {}), rulesOnly: opts.rulesOnly });
    const best = found.find((f) => f.answers);
    const date = dateLead(u, req);
    if (!best && !date) return null;
    const tools = date ? [date.call] : [];
    if (!best && date) {
      const sources = await retriever.forQueries(date.queries);
      return {
        text: [date.line, ...(sources.length ? ['', `Read more: ${sources.map(articleLink).join('; ')}.`] : [])].join('\n'),
        tools,
        sources,
        outcome: 'answered',
      };
    }
    const chosen = best as Found;
    const related = found.filter((f) => f !== chosen && f.answers && f.article.id !== chosen.article.id).slice(0, 2);
    const lines = [date ? `${date.line}\n\n${fromPassage(chosen, req.question, { lead: false })}` : fromPassage(chosen, req.question)];
    if (related.length) lines.push('', `See also ${related.map((f) => articleLink(f.article)).join(' and ')}.`);
    return { text: lines.join('\n'), tools, sources: [chosen.article, ...related.map((f) => f.article)], outcome: 'answered' };
  }

  /** A question asked from an article: that article grounds the answer and is always cited, first. */
  function grounded(req: EngineRequest, answer: Answer | null): Answer | null {
    const a = req.article;
    if (!a) return answer;
    const cite = { id: a.id, title: a.title };
    if (answer?.sources.some((s) => s.id === a.id)) return { ...answer, sources: [cite, ...answer.sources.filter((s) => s.id !== a.id)] };
    if (answer?.tools.length && answer.outcome === 'calculated')
      return {
        ...answer,
        text: `${answer.text}\n\nYou asked from ${articleLink(cite)}, which explains the rules.`,
        sources: [cite, ...answer.sources],
      };
    const own = retriever.inArticle(a, req.question);
    if (own) return { text: fromPassage(own, req.question), tools: [], sources: [cite], outcome: 'answered' };
    if (answer)
      return {
        ...answer,
        text: `${articleLink(cite)} does not answer that directly; here is what I found elsewhere.\n\n${answer.text}`,
        sources: [cite, ...answer.sources.filter((s) => s.id !== a.id)],
      };
    return {
      text: `I couldn't find the answer to that in ${articleLink(cite)}, and I won't guess. ${WHERE_TO_LOOK}`,
      tools: [],
      sources: [cite],
      outcome: 'dont-know',
    };
  }

  /**
   * A pasted payslip, checked with the engine. The facts a slip cannot show (age, medical members, an SDL-exempt
   * employer) come from the words around it or from earlier in the conversation.
   */
  async function payslipCheck(slip: ReadPayslip, u: Understanding, memory: Memory): Promise<Answer> {
    const said = { ...memory.facts, ...u.reading.slots };
    const facts: Partial<EmployeeFacts> = {};
    if (said.age !== undefined && said.age >= 14 && said.age <= 120) facts.age = said.age;
    if (said.medicalMembers !== undefined && said.medicalMembers <= 20) facts.medicalMembers = said.medicalMembers;
    if (said.sdlExempt) facts.sdlExempt = true;
    const call = { id: callId(), ...runPayslipCheck(slip, facts) };
    const line = (l: { label: string; cents: number }) => `${l.label} ${formatRand(l.cents)}`;
    const text = payslipCheckLines(call, {
      earnings: slip.earnings.map(line),
      deductions: slip.deductions.map(line),
      employer: slip.employer.map(line),
      unread: slip.unread,
    });
    const sources = await retriever.forQueries(payslipCheckArticles(call));
    if (sources.length) text.push('', `Read more: ${sources.map(articleLink).join('; ')}.`);
    return { text: text.join('\n'), tools: [call], sources, outcome: call.error ? 'asked' : 'calculated' };
  }

  async function respond(req: EngineRequest): Promise<{ answer: Answer; reading: Reading }> {
    const memory = withClient(memoryFrom(req.history, req.today, deps.classifier), req.client);
    const u = understand(req.question, memory, { today: req.today, article: !!req.article, classifier: deps.classifier });
    const r = u.reading;
    const slip = readPayslip(req.question);
    if (isPayslip(slip)) {
      // The slip's amounts are not facts of the conversation: the next question starts from what was known before.
      const answer = await payslipCheck(slip, u, memory);
      const reading: Reading = {
        ...r,
        intent: 'calculate',
        topic: 'payslip',
        slots: {},
        facts: memory.facts,
        decidedBy: 'document:payslip',
        confidence: 1,
      };
      return { answer, reading: { ...reading, outcome: answer.outcome, articles: answer.sources.map((s) => s.id) } };
    }
    const calculating = r.topic !== null && (r.intent === 'calculate' || r.intent === 'follow-up');
    let answer: Answer | null;
    if (r.intent === 'greeting' && !req.article)
      answer = {
        text: (u.words.match(/[a-z']+/g) ?? []).some((w) => THANKS_WORDS.has(w)) ? THANKS_ANSWER : GREETING_ANSWER,
        tools: [],
        sources: [],
        outcome: 'greeted',
      };
    else if (r.intent === 'off-topic') {
      // Asked from an article, the article may still speak to it; otherwise it is declined as anywhere else.
      const own = req.article && retriever.inArticle(req.article, req.question);
      answer =
        own && own.coverage > 0
          ? { text: fromPassage(own, req.question), tools: [], sources: [own.article], outcome: 'answered' }
          : { text: OFF_TOPIC_ANSWER, tools: [], sources: [], outcome: 'refused' };
      return { answer, reading: { ...r, outcome: answer.outcome, articles: answer.sources.map((s) => s.id) } };
    } else if (r.intent === 'unknown' && !req.article) answer = { text: UNKNOWN_ANSWER, tools: [], sources: [], outcome: 'asked' };
    else if (calculating && r.confidence < ASK_BELOW) answer = { text: unsure(u), tools: [], sources: [], outcome: 'asked' };
    else if (calculating) answer = await calculation(u, req);
    else answer = (await dueThisMonth(u, req)) ?? (await knowledgeAnswer(u, req));
    answer = grounded(req, answer) ?? { text: DONT_KNOW_ANSWER, tools: [], sources: [], outcome: 'dont-know' };
    return { answer, reading: { ...r, outcome: answer.outcome, articles: answer.sources.map((s) => s.id) } };
  }

  return {
    name: 'builtin',
    async *answer(req: EngineRequest): AsyncIterable<EngineEvent> {
      const { answer: a, reading } = await respond(req);
      if (req.signal.aborted) return;
      for (const call of a.tools) yield { type: 'tool', call };
      // Line by line, so the page shows the answer as it comes, like any model's.
      for (const line of a.text.split(/(?<=\n)/)) {
        if (req.signal.aborted) return;
        yield { type: 'delta', text: line };
      }
      if (a.sources.length) yield { type: 'sources', sources: a.sources };
      yield { type: 'reading', reading };
    },
  };
}

/** A call as stored and sent: without the step's label and period. */
const strip = ({ label: _l, period: _p, ...call }: Called): ToolCallDTO => call;

/** What the engine understood, when it is not sure enough to calculate on it. */
function unsure(u: Understanding): string {
  const r = u.reading;
  const topic = TOPIC_MODULES[r.topic!];
  const facts = describeFacts(r.slots);
  return [
    `I'm not sure I understood. I read this as a question about ${topic.label}${facts ? ` with ${facts}` : ''}.`,
    `If that is right, ask it with the figures, for example "${topic.example}"; if you meant a rule, ask how it works and I'll look it up.`,
  ].join(' ');
}
