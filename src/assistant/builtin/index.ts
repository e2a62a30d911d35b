// The built-in assistant: offline and zero-config. Calculations go through the one calculator registry, so
// every figure it states comes from the payroll engine; facts come from the knowledge base, quoted and
// cited. It never makes up a number: when it cannot answer, it says so and points to search and calculators.
import { randomUUID } from 'node:crypto';
import { isoDateFromDate, taxYearForDate } from '../../payroll/dates';
import { nmwForDate } from '../../payroll/minimum-wage';
import { formatRand } from '../../payroll/money';
import type { SourceDTO, ToolCallDTO } from '../../schemas/chat';
import { describe, longDate, medicalCreditLine, yearLabel } from './describe';
import { isNeed, planCalculation, rand, type Need, type Plan } from './inputs';
import { createKnowledgeAnswers, type Answer as KnowledgeAnswer } from './knowledge';
import { parseQuestion, THANKS, type ParsedQuestion, type PreviousCall, type Topic } from '../parse';
import { articleLink, runCalculator, type KnowledgeTools } from '../tools';
import type { AssistantEngine, EngineEvent, EngineRequest, EngineTurn } from '../types';

export { searchText } from './knowledge';

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

const WHERE_TO_LOOK =
  'Try the [knowledge base search](/knowledge) for the rule, or the [payroll calculators](/calculators) for PAYE, UIF, SDL, ETI, ' +
  "net pay, overtime, leave and notice. If you give me the amounts (for example a monthly salary and the employee's age), I can work it out for you.";

export const DONT_KNOW_ANSWER = `I don't know the answer to that one, and I won't guess. ${WHERE_TO_LOOK}`;

const KNOWLEDGE_TOOLS = new Set(['search_knowledge', 'get_article']);
// A question that leans on the one before: a pronoun for its subject, or "and…", "what about…".
const LEANING = /^\s*(and|what about|how about|also|but)\b|\b(it|this|that|they|them|those|these|the same|one)\b/i;
const TOPIC_NAMES: Record<Topic, string> = {
  paye: 'PAYE',
  payslip: 'net pay',
  uif: 'UIF',
  sdl: 'SDL',
  eti: 'ETI',
  overtime: 'overtime, Sunday or public holiday pay',
  leave: 'the leave entitlement',
  notice: 'the notice period',
  'minimum-wage': 'the minimum wage check',
  'tax-threshold': 'the tax threshold',
};

interface Answer {
  text: string;
  tools: ToolCallDTO[];
  sources: SourceDTO[];
}

/** The last calculation of the conversation that worked, for a follow-up to change one input of. */
function lastCalculation(history: EngineTurn[]): PreviousCall | null {
  for (let i = history.length - 1; i >= 0; i--) {
    const calls = (history[i].toolCalls ?? []).filter((c) => !KNOWLEDGE_TOOLS.has(c.name) && !c.error);
    // Of two calls in one answer (a year and a month), the last is the pay as the user gave it.
    if (calls.length) return { name: calls[calls.length - 1].name, input: calls[calls.length - 1].input };
  }
  return null;
}

/** The user's question before this one, for a short factual follow-up ("and for domestic workers?"). */
function previousQuestion(history: EngineTurn[]): string | null {
  for (let i = history.length - 1; i >= 0; i--) if (history[i].role === 'user') return history[i].content;
  return null;
}

const callId = () => randomUUID().replace(/-/g, '').slice(0, 12);

export function createBuiltinEngine(deps: { knowledge: KnowledgeTools }): AssistantEngine {
  const kb = createKnowledgeAnswers(deps.knowledge);

  async function calculation(p: ParsedQuestion, req: EngineRequest, previous: PreviousCall | null): Promise<Answer> {
    const plan = planCalculation(p, previous, req.today);
    if (isNeed(plan)) return askFor(p, plan);
    const calls = plan.steps.map((s) => ({ id: callId(), ...runCalculator(s.name, s.input, req.today) }) as ToolCallDTO);
    const failed = calls.find((c) => c.error);
    if (failed) {
      return {
        text: `I couldn't work out ${TOPIC_NAMES[p.topic as Topic]}: the calculator says ${failed.error}. Please check the figures, or enter them one by one in the [calculators](/calculators).`,
        tools: [failed],
        sources: [],
      };
    }
    const taxYear = Number(calls[0].input.taxYear ?? taxYearForDate(req.today));
    const lines = describe(calls, p, { taxYear, sdlPeriod: plan.steps[0].period });
    const working = calls[0].working ?? [];
    if (working.length) lines.push('', '**How it is worked out**', '', ...working.map((w) => `- ${w}`));
    lines.push(...assumptionLines(plan));
    const sources = await kb.topicSources(p.topic as Topic, p, calls[calls.length - 1].input);
    if (sources.length) lines.push('', `Read more: ${sources.map(articleLink).join(', ')}.`);
    return { text: lines.join('\n'), tools: calls, sources };
  }

  async function askFor(p: ParsedQuestion, need: Need): Promise<Answer> {
    const sources = await kb.topicSources(p.topic as Topic, p, {});
    const lines = [`To work out ${TOPIC_NAMES[p.topic as Topic]} I need ${need.need}. For example: "${need.example}".`];
    if (sources.length) lines.push('', `Meanwhile, the rules are in ${sources.map(articleLink).join(' and ')}.`);
    return { text: lines.join('\n'), tools: [], sources };
  }

  /** Medical scheme fees tax credit: the amounts from the tax tables, and for a number of people the engine's credit. */
  async function medicalCredit(p: ParsedQuestion, req: EngineRequest): Promise<Answer | null> {
    const year = p.facts.taxYear ?? taxYearForDate(req.today) + (p.facts.taxYearOffset ?? 0);
    const amounts = medicalCreditLine(year);
    if (!amounts) return null;
    const lines = [`**Medical scheme fees tax credit for ${yearLabel(year)}: ${amounts}.**`];
    const tools: ToolCallDTO[] = [];
    const members = p.facts.medicalMembers;
    if (members) {
      const call = { id: callId(), ...runCalculator('paye', { taxYear: year, period: 'monthly', remuneration: 0, age: 30, medicalMembers: members }, req.today) } as ToolCallDTO;
      const r = call.result as Record<string, number> | undefined;
      if (r && !call.error) {
        tools.push(call);
        lines.unshift(`**Medical tax credit for ${members} ${members === 1 ? 'person' : 'people'} on the scheme: ${rand(r.medicalCreditMonthly)} a month** (${rand(r.medicalCreditAnnual)} a year, ${yearLabel(year)}).`, '');
      }
    }
    lines.push('', 'The credit is taken off the tax after the rebates, every month, and cannot make PAYE negative.');
    const more = await kb.factual(req.question);
    const sources = more?.sources.slice(0, 2) ?? [];
    if (sources.length) lines.push('', `Read more: ${sources.map(articleLink).join(', ')}.`);
    return { text: lines.join('\n'), tools, sources };
  }

  /** The national minimum wage on a date: the rate from the tables, its weekly and monthly equivalents from the calculator. */
  async function minimumWage(p: ParsedQuestion, req: EngineRequest): Promise<Answer | null> {
    const f = p.facts;
    const year = f.calendarYear ?? (f.taxYear !== undefined ? f.taxYear - 1 : undefined);
    const date = year !== undefined && year !== req.today.getFullYear() ? `${year}-06-01` : isoDateFromDate(req.today);
    let nmw: ReturnType<typeof nmwForDate>;
    try {
      nmw = nmwForDate(date);
    } catch {
      return null;
    }
    const rate = (f.epwp ? nmw.epwpHourlyCents : nmw.generalHourlyCents) / 100;
    const call = { id: callId(), ...runCalculator('minimum-wage', { hourlyRate: rate, date, ...(f.epwp ? { category: 'epwp' } : {}) }, req.today) } as ToolCallDTO;
    if (call.error) return null;
    const r = call.result as Record<string, number | string>;
    const lines = [
      `**National minimum wage${f.epwp ? ' (EPWP)' : ''}: ${rand(Number(r.nmwHourly))} an hour** from ${longDate(String(r.effectiveFrom))}${f.epwp ? '' : ` (the Expanded Public Works Programme rate is ${formatRand(nmw.epwpHourlyCents)})`}.`,
      `At 45 ordinary hours a week that is at least ${rand(Number(r.weeklyMinimum))} a week, or ${rand(Number(r.monthlyMinimum))} a month (4.333 weeks a month).`,
    ];
    if (f.workerType) lines.push(`It applies in full to ${f.workerType} workers: there is no lower rate for them.`);
    lines.push('', 'Only the wage for ordinary hours counts towards it: allowances, payments in kind, tips and bonuses do not.');
    const sources = await kb.topicSources('minimum-wage', p, {});
    if (sources.length) lines.push('', `Read more: ${sources.map(articleLink).join(', ')}.`);
    return { text: lines.join('\n'), tools: [call], sources };
  }

  async function knowledgeAnswer(p: ParsedQuestion, req: EngineRequest): Promise<Answer | null> {
    if (p.asksMedicalCredit && !p.facts.salary) return medicalCredit(p, req);
    if (p.topic === 'minimum-wage' && /\b(what is|what's|what was|how much|current|new|rate|per hour|hourly|monthly|weekly|a month|a week|per month|per week)\b/i.test(req.question)) {
      const nmw = await minimumWage(p, req);
      if (nmw) return nmw;
    }
    // A short follow-up to a factual question ("is it paid?", "and the annual one?") is read with the question before.
    const before = previousQuestion(req.history);
    const leaning = before !== null && req.question.split(/\s+/).length <= 8 && LEANING.test(req.question);
    let found: KnowledgeAnswer | null = await kb.factual(leaning ? `${before} ${req.question}` : req.question);
    if (!found && before && !leaning && req.question.split(/\s+/).length <= 8) found = await kb.factual(`${before} ${req.question}`);
    if (!found) return null;
    const lines = [found.text];
    if (p.topic && p.topic !== 'tax-threshold' && p.topic !== 'leave') lines.push('', `To work out ${TOPIC_NAMES[p.topic]} for an employee, give me the amounts, or use the [calculators](/calculators).`);
    return { text: lines.join('\n'), tools: [], sources: found.sources };
  }

  /** A question asked from an article: that article grounds the answer and is always cited, first. */
  function grounded(req: EngineRequest, answer: Answer | null, offTopic: boolean): Answer | null {
    const a = req.article;
    if (!a) return answer;
    const cite = { id: a.id, title: a.title };
    if (answer?.sources.some((s) => s.id === a.id)) return { ...answer, sources: [cite, ...answer.sources.filter((s) => s.id !== a.id)] };
    if (answer?.tools.length) return { ...answer, text: `${answer.text}\n\nYou asked from ${articleLink(cite)}, which explains the rules.`, sources: [cite, ...answer.sources] };
    const own = kb.fromArticle(a, req.question);
    if (answer) {
      const intro = own ? own.text : `${articleLink(cite)} does not answer that directly; here is what I found elsewhere.`;
      return { text: `${intro}\n\n${answer.text}`, tools: [], sources: [cite, ...answer.sources.filter((s) => s.id !== a.id)] };
    }
    if (own) return { ...own, tools: [] };
    // Nothing to say about it: an unrelated question is declined as anywhere else.
    if (offTopic) return null;
    return { text: `I couldn't find the answer to that in ${articleLink(cite)}, and I won't guess. ${WHERE_TO_LOOK}`, tools: [], sources: [cite] };
  }

  async function respond(req: EngineRequest): Promise<Answer> {
    const previous = lastCalculation(req.history);
    const p = parseQuestion(req.question, previous);
    if (p.intent === 'greeting' && !req.article) return { text: THANKS.test(req.question.trim().toLowerCase()) ? THANKS_ANSWER : GREETING_ANSWER, tools: [], sources: [] };
    // "What about foreign nationals?" after a payroll question is about payroll too.
    const before = previousQuestion(req.history);
    if (p.intent === 'off-topic' && before && LEANING.test(req.question) && parseQuestion(before).payroll) p.intent = 'knowledge';
    const offTopic = p.intent === 'off-topic';
    if (offTopic && !req.article) return { text: OFF_TOPIC_ANSWER, tools: [], sources: [] };
    let answer: Answer | null = null;
    // "And for domestic workers?" after the minimum wage itself: the rate again, not a check of a rate.
    if (p.intent === 'calculate' && p.topic === 'minimum-wage' && p.facts.hourlyRate === undefined && p.facts.salary === undefined) answer = await minimumWage(p, req);
    // "And a 4-day week?" after a sick leave question is still about sick leave.
    if (p.topic === 'leave' && !p.leaveKind && p.followUp) p.leaveKind = parseQuestion(previousQuestion(req.history) ?? '').leaveKind;
    if (!answer && p.intent === 'calculate') answer = await calculation(p, req, previous);
    if (!answer && (p.intent === 'knowledge' || (req.article && !offTopic))) answer = await knowledgeAnswer(p, req);
    answer = grounded(req, answer, offTopic);
    return answer ?? { text: offTopic ? OFF_TOPIC_ANSWER : DONT_KNOW_ANSWER, tools: [], sources: [] };
  }

  return {
    name: 'builtin',
    async *answer(req: EngineRequest): AsyncIterable<EngineEvent> {
      const a = await respond(req);
      if (req.signal.aborted) return;
      for (const call of a.tools) yield { type: 'tool', call };
      // Line by line, so the page shows the answer as it comes, like any model's.
      for (const line of a.text.split(/(?<=\n)/)) {
        if (req.signal.aborted) return;
        yield { type: 'delta', text: line };
      }
      if (a.sources.length) yield { type: 'sources', sources: a.sources };
    },
  };
}

/** Assumptions and what a follow-up kept, in words. */
function assumptionLines(plan: Plan): string[] {
  const lines: string[] = [];
  if (plan.kept.length) lines.push('', `From your earlier question I kept ${joinWords(plan.kept)}.`);
  if (plan.assumed.length) lines.push('', "**Assumed** (tell me if anything is different and I'll work it out again):", '', ...plan.assumed.map((a) => `- ${a}`));
  return lines;
}

function joinWords(items: string[]): string {
  return items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

