// The built-in assistant: offline and zero-config. Calculations go through the one calculator registry
// (every figure it states comes from the payroll engine); facts come from the knowledge base, quoted and
// cited. It never makes up a number.
import { randomUUID } from 'node:crypto';
import { formatRand, toCents } from '../payroll/money';
import { taxYearForDate } from '../payroll/dates';
import { getTaxYear, isSupportedTaxYear } from '../payroll/years/index';
import type { SearchResultDTO } from '../knowledge/schemas';
import type { SourceDTO, ToolCallDTO } from '../schemas/chat';
import { parseQuestion, type Facts, type ParsedQuestion, type Topic } from './parse';
import { bestPassage, meaningfulWords } from './passages';
import { articleLink, runCalculator, type KnowledgeTools } from './tools';
import type { AssistantEngine, EngineEvent, EngineRequest, EngineTurn } from './types';

const R = (rands: number) => formatRand(toCents(rands, 'amount'));
const PERIOD_WORD: Record<string, string> = { monthly: 'per month', weekly: 'per week', fortnightly: 'per fortnight', annual: 'per year' };
const KNOWLEDGE_TOOLS = new Set(['search_knowledge', 'get_article']);

export const OFF_TOPIC_ANSWER =
  "I'm PayeWise's payroll assistant, so I can't help with that one. I can help with South African payroll: " +
  'PAYE, UIF, SDL and ETI calculations, net pay and payslips, leave, overtime, notice periods, the national minimum wage, ' +
  'and SARS and Department of Employment and Labour deadlines. Try asking, for example, how much PAYE to deduct on a monthly salary.';

// The article to cite beside a calculation, found by a search on its topic.
const TOPIC_QUERY: Record<Topic, string> = {
  paye: 'how monthly PAYE is calculated',
  payslip: 'gross vs net pay',
  uif: 'UIF contribution ceiling',
  sdl: 'skills development levy SDL',
  eti: 'employment tax incentive ETI',
  overtime: 'overtime pay',
  leave: 'annual leave entitlement',
  notice: 'notice periods',
  'minimum-wage': 'national minimum wage',
  'tax-threshold': 'tax rebates and thresholds',
};

interface Answer {
  text: string;
  tools: ToolCallDTO[];
  sources: SourceDTO[];
}

/** The last calculation of the conversation, to change one input of in a follow-up. */
function lastCalculation(history: EngineTurn[]): ToolCallDTO | null {
  for (let i = history.length - 1; i >= 0; i--) {
    const call = [...(history[i].toolCalls ?? [])].reverse().find((c) => !KNOWLEDGE_TOOLS.has(c.name) && !c.error);
    if (call) return call;
  }
  return null;
}

/** The calculator input for a topic from what the question says, with what was assumed in words. */
function inputFor(topic: Topic, f: Facts, question: string, today: Date, base: Record<string, unknown> = {}): { input: Record<string, unknown>; assumed: string[] } | null {
  const assumed: string[] = [];
  const input: Record<string, unknown> = {};
  const carry = (key: string, value: unknown) => {
    if (value !== undefined) input[key] = value;
    else if (base[key] !== undefined) input[key] = base[key];
  };
  let taxYear = f.taxYear;
  if (taxYear === -1) taxYear = taxYearForDate(today) - 1;
  if (taxYear !== undefined && isSupportedTaxYear(taxYear)) input.taxYear = taxYear;
  else if (base.taxYear !== undefined) input.taxYear = base.taxYear;

  let salary = f.salary;
  let period = f.period;
  // "R450 000 a year … how much per month": the monthly figure on a twelfth of it.
  if (salary !== undefined && period === 'annual' && /\b(per|a|each|every) month|monthly\b/i.test(question) && (topic === 'paye' || topic === 'payslip' || topic === 'uif')) {
    salary = Math.round((salary / 12) * 100) / 100;
    period = 'monthly';
    assumed.push(`a twelfth of the annual ${R(f.salary!)}, i.e. ${R(salary)} per month`);
  }

  switch (topic) {
    case 'paye':
    case 'payslip': {
      carry('remuneration', salary);
      if (input.remuneration === undefined) return null;
      carry('period', period);
      if (input.period === undefined) {
        input.period = 'monthly';
        assumed.push('monthly pay');
      }
      carry('age', f.age);
      if (input.age === undefined) {
        input.age = 30;
        assumed.push('the employee is under 65 (only the primary rebate)');
      }
      carry('medicalMembers', f.medicalMembers);
      if (input.medicalMembers === undefined) assumed.push('no medical scheme membership');
      carry('bonus', f.bonus);
      carry('retirementContributions', f.retirement);
      if (topic === 'payslip') {
        carry('commission', f.commission);
        carry('annualPayroll', f.annualPayroll);
      }
      return { input, assumed };
    }
    case 'uif': {
      carry('remuneration', salary);
      if (input.remuneration === undefined) return null;
      carry('period', period);
      carry('commission', f.commission);
      if (input.period === undefined) assumed.push('monthly pay');
      return { input, assumed };
    }
    case 'sdl': {
      carry('remuneration', salary);
      if (input.remuneration === undefined) return null;
      carry('annualPayroll', f.annualPayroll);
      if (input.annualPayroll === undefined) {
        const periods = period === 'weekly' ? 52 : period === 'fortnightly' ? 26 : period === 'annual' ? 1 : 12;
        input.annualPayroll = Math.round((input.remuneration as number) * periods * 100) / 100;
        assumed.push(`an annual payroll of ${R(input.annualPayroll as number)} (this pay × ${periods})`);
      }
      return { input, assumed };
    }
    case 'eti': {
      carry('remuneration', salary);
      if (input.remuneration === undefined) return null;
      carry('age', f.age);
      if (input.age === undefined) return null;
      const month = f.monthsEmployed !== undefined ? Math.max(1, Math.min(24, Math.ceil(f.monthsEmployed))) : (base.monthOfEmployment as number | undefined);
      input.monthOfEmployment = month ?? 1;
      if (month === undefined) assumed.push('the first year of employment (months 1 to 12)');
      carry('hoursWorked', f.hours);
      return { input, assumed };
    }
    case 'overtime': {
      carry('hourlyWage', f.hourlyRate ?? (salary !== undefined && salary < 2000 ? salary : undefined));
      if (input.hourlyWage === undefined) return null;
      const hours = f.hours ?? (base.overtimeHours as number | undefined) ?? (base.sundayHours as number | undefined);
      if (hours === undefined) return null;
      if (f.publicHoliday) return null; // needs the ordinary daily wage: answered from the knowledge base
      if (f.sunday) {
        input.sundayHours = hours;
        input.ordinarilyWorksSunday = /\b(usually|normally|ordinarily|regularly) works? (on )?sundays?\b/i.test(question);
      } else input.overtimeHours = hours;
      return { input, assumed };
    }
    case 'leave': {
      carry('daysPerWeek', f.daysPerWeek);
      if (input.daysPerWeek === undefined) {
        input.daysPerWeek = 5;
        assumed.push('a five-day working week');
      }
      carry('monthsEmployed', f.monthsEmployed);
      if (input.monthsEmployed === undefined && /\bfamily|compassionate|bereavement/i.test(question)) {
        input.monthsEmployed = 12;
        assumed.push('employment of more than four months');
      }
      return { input, assumed };
    }
    case 'notice': {
      carry('monthsEmployed', f.monthsEmployed);
      if (input.monthsEmployed === undefined) return null;
      carry('workerType', f.workerType);
      return { input, assumed };
    }
    case 'minimum-wage': {
      carry('hourlyRate', f.hourlyRate);
      if (input.hourlyRate === undefined && salary !== undefined && f.hours !== undefined) {
        input.remuneration = salary;
        input.hours = f.hours;
      }
      if (input.hourlyRate === undefined && input.remuneration === undefined) input.hourlyRate = 0;
      return { input, assumed };
    }
    case 'tax-threshold': {
      carry('age', f.age);
      return { input, assumed };
    }
  }
}

type Result = Record<string, number | string | boolean | null | unknown[]>;

/** The main figure, then what it is made of, in markdown. */
function describe(call: ToolCallDTO, question: string): string[] {
  const r = call.result as Result;
  const i = call.input;
  const per = PERIOD_WORD[(i.period as string) ?? 'monthly'] ?? 'per month';
  const ty = (y: unknown) => `${Number(y) - 1}/${String(y).slice(2)}`;
  switch (call.name) {
    case 'paye': {
      const lines = [`**PAYE to deduct: ${R(r.paye as number)} ${per}** (tax year ${ty(r.taxYear)}, age ${i.age}).`];
      if ((r.bonusPaye as number) > 0) lines.push(`That is ${R(r.regularPaye as number)} on the regular pay plus ${R(r.bonusPaye as number)} on the bonus.`);
      if ((r.medicalCredit as number) > 0) lines.push(`It already takes off the medical scheme fees tax credit of ${R(r.medicalCredit as number)} ${per}.`);
      return lines;
    }
    case 'payslip': {
      const lines = [
        `**Net pay: ${R(r.netPay as number)} ${per}** on gross pay of ${R(r.gross as number)} (tax year ${ty(r.taxYear)}, age ${i.age}).`,
        '',
        '| | Amount |',
        '|---|---:|',
        `| Gross pay | ${R(r.gross as number)} |`,
        `| PAYE | ${R(r.paye as number)} |`,
        `| UIF (employee, 1%) | ${R(r.uifEmployee as number)} |`,
      ];
      if ((r.retirementContributions as number) > 0) lines.push(`| Retirement contributions | ${R(r.retirementContributions as number)} |`);
      lines.push(`| Total deductions | ${R(r.totalDeductions as number)} |`, `| **Net pay** | **${R(r.netPay as number)}** |`, '');
      lines.push(`On top of that the employer pays UIF of ${R(r.uifEmployer as number)}${r.sdlExempt ? '' : ` and SDL of ${R(r.sdl as number)}`}: a total cost to the employer of ${R(r.employerCost as number)}.`);
      return lines;
    }
    case 'uif':
      return [
        `**UIF: ${R(r.employee as number)} from the employee and ${R(r.employer as number)} from the employer, ${R(r.total as number)} in total ${PERIOD_WORD[(i.period as string) ?? 'monthly']}.**`,
        `Each side pays 1% of remuneration up to the UIF ceiling${(i.commission as number) > 0 ? '; commission is left out' : ''}.`,
      ];
    case 'sdl':
      return r.exempt
        ? [`**SDL: ${R(r.sdl as number)}.** An employer whose annual payroll is not more than R500 000 does not pay the Skills Development Levy.`]
        : [`**SDL: ${R(r.sdl as number)}** for this pay (1% of leviable remuneration, paid by the employer only, not deducted from the employee).`];
    case 'eti':
      return [`**ETI the employer may claim: ${R(r.eti as number)}** for this month of employment (month ${i.monthOfEmployment}).`];
    case 'overtime': {
      const lines = [`**${i.sundayHours !== undefined ? 'Pay for the Sunday work' : 'Overtime pay'}: ${R(r.total as number)}.**`];
      for (const w of (r.warnings as string[]) ?? []) lines.push(`Note: ${w}`);
      return lines;
    }
    case 'notice':
      return [`**Minimum notice: ${r.noticeWeeks} week${r.noticeWeeks === 1 ? '' : 's'}** under the BCEA (section 37).`];
    case 'leave': {
      const sick = /\bsick\b/i.test(question);
      const family = /\bfamily|compassionate|bereavement\b/i.test(question);
      const annual = `**Annual leave: ${r.annualLeaveDays} working days** per 12-month cycle for a ${i.daysPerWeek}-day week (21 consecutive days).`;
      const sickLine = `**Sick leave: ${r.sickLeaveDaysPerCycle} days** of paid sick leave per ${r.sickLeaveCycleMonths}-month cycle${r.sickLeaveFirstSixMonths !== null ? ` (in the first six months: ${r.sickLeaveFirstSixMonths} days)` : ''}.`;
      const fam = r.familyResponsibilityDays !== null ? `**Family responsibility leave: ${r.familyResponsibilityDays} days** a year.` : '';
      const order = sick ? [sickLine, annual, fam] : family ? [fam, annual, sickLine] : [annual, sickLine, fam];
      return order.filter(Boolean);
    }
    case 'minimum-wage': {
      const lines = [`**National minimum wage: ${R(r.nmwHourly as number)} per hour** from ${r.effectiveFrom}.`];
      if ((r.hourlyRatePaid as number) > 0) {
        lines.push(
          r.belowMinimum
            ? `${R(r.hourlyRatePaid as number)} an hour is **below** the minimum by ${R(r.shortfallPerHour as number)} an hour${r.shortfall ? ` (${R(r.shortfall as number)} for the hours given)` : ''}.`
            : `${R(r.hourlyRatePaid as number)} an hour meets the minimum.`,
        );
      }
      lines.push(`For a 45-hour week that is at least ${R(r.weeklyMinimum as number)}; a month is at least ${R(r.monthlyMinimum as number)}.`);
      return lines;
    }
    case 'tax-threshold': {
      const lines: string[] = [];
      if (r.threshold !== null) {
        const a = Number(i.age);
        const band = a >= 75 ? '75 and older' : a >= 65 ? 'aged 65 to 74' : 'younger than 65';
        lines.push(`**Tax threshold ${ty(r.taxYear)} for someone ${band}: ${R(r.threshold as number)} a year.** No income tax is due on taxable income up to that.`);
      } else lines.push(`**Tax thresholds for ${ty(r.taxYear)}:**`);
      lines.push('', `- Under 65: ${R(r.under65 as number)}`, `- 65 to 74: ${R(r.from65to74 as number)}`, `- 75 and older: ${R(r.from75 as number)}`);
      return lines;
    }
    default:
      return [];
  }
}

const STOP_FOR_SEARCH = /\b(what|whats|when|where|which|who|whom|how|many|much|do|does|did|is|are|was|were|can|could|should|would|will|i|we|my|our|you|your|me|the|a|an|of|to|for|on|in|at|by|it|its|this|that|there|be|been|please|tell|about|employees?|employers?|entitled|get|give|need|have|has)\b/g;

/** The question without question words, for the knowledge search. */
export function searchText(question: string): string {
  const q = question.toLowerCase().replace(/[?!.,;:()"]/g, ' ').replace(STOP_FOR_SEARCH, ' ').replace(/\s+/g, ' ').trim();
  return q.length >= 3 ? q : question;
}

const TOPIC_CACHE_MS = 30_000;

export function createBuiltinEngine(deps: { knowledge: KnowledgeTools; now?: () => number }): AssistantEngine {
  const { knowledge } = deps;
  const now = deps.now ?? Date.now;
  // The article beside a calculation comes from a fixed query per topic: kept briefly, so a burst of
  // calculations does not search 10 000 articles for the same thing each time. An admin's edit shows within 30 s.
  const topicCache = new Map<string, { at: number; hits: Promise<SearchResultDTO[]> }>();
  function searchTopic(q: string): Promise<SearchResultDTO[]> {
    const hit = topicCache.get(q);
    if (hit && now() - hit.at < TOPIC_CACHE_MS) return hit.hits;
    const hits = knowledge.search(q, 1);
    topicCache.set(q, { at: now(), hits });
    hits.catch(() => topicCache.delete(q));
    return hits;
  }

  async function topicSources(topic: Topic, facts: Facts, question: string): Promise<SourceDTO[]> {
    const queries = [TOPIC_QUERY[topic]];
    if (topic === 'leave' && /\bsick/i.test(question)) queries[0] = 'sick leave entitlement';
    if (topic === 'leave' && /\bfamily|compassionate|bereavement/i.test(question)) queries[0] = 'family responsibility leave';
    if (topic === 'paye' || topic === 'payslip') {
      if ((facts.age ?? 0) >= 65) queries.push('tax for pensioners and seniors');
      else if (facts.medicalMembers) queries.push('medical scheme fees tax credit');
      else if (facts.bonus) queries.push('PAYE on bonuses 13th cheque');
    }
    const found = await Promise.all(queries.map(searchTopic));
    const out = new Map<string, SourceDTO>();
    for (const hits of found) for (const h of hits.slice(0, 1)) out.set(h.id, { id: h.id, title: h.title });
    return [...out.values()];
  }

  async function calculation(topic: Topic, facts: Facts, req: EngineRequest, base?: ToolCallDTO): Promise<Answer | null> {
    const built = inputFor(topic, facts, req.question, req.today, base?.name === topic ? base.input : base ? carryable(base.input) : {});
    if (!built) return null;
    const done = runCalculator(topic, built.input, req.today);
    const call: ToolCallDTO = { id: randomUUID().slice(0, 8), ...done };
    if (call.error) {
      return {
        text: `I couldn't work that out: ${call.error}. Please check the figures, or use the [calculators](/calculators) to enter them one by one.`,
        tools: [call],
        sources: [],
      };
    }
    const sources = await topicSources(topic, { ...facts, age: (call.input.age as number | undefined) ?? facts.age }, req.question);
    const lines = describe(call, req.question);
    if (built.assumed.length) lines.push('', `I assumed ${built.assumed.join(', ')}. Tell me if that's different and I'll redo it.`);
    if (call.working?.length) lines.push('', '**How it is worked out**', '', ...call.working.map((w) => `- ${w}`));
    return { text: lines.join('\n'), tools: [call], sources };
  }

  async function factual(req: EngineRequest, parsed: ParsedQuestion): Promise<Answer | null> {
    const hits: SearchResultDTO[] = await knowledge.search(searchText(req.question), 3);
    const words = meaningfulWords(req.question);
    let best: { hit: SearchResultDTO; passage: string; score: number; matched: number } | null = null;
    const articles = await Promise.all(hits.slice(0, 3).map((h) => knowledge.getArticle(h.id)));
    for (const [i, hit] of hits.slice(0, 3).entries()) {
      const article = articles[i];
      if (!article) continue;
      const p = bestPassage(article.content, words, /\b(when|date|deadline|due|how (many|much|long)|what is the|rate|limit|ceiling|threshold)\b/i.test(req.question));
      // The search's order counts a little, and so does a title that names what was asked.
      const titleWords = new Set(meaningfulWords(hit.title).map((w) => w.split('|')[0]));
      const score: number = p.score + (best === null ? 0.5 : 0) + 0.6 * words.filter((w) => w.split('|').some((f) => titleWords.has(f))).length;
      if (p.passage && (!best || score > best.score)) best = { hit, passage: p.passage, score, matched: p.matched };
    }
    // Half the question's words must be in the passage, or it is not an answer to it.
    if (!best || best.matched < Math.max(1, words.length / 2)) return null;
    const source = { id: best.hit.id, title: best.hit.title };
    // Further reading only where the title shares a word with the question.
    const more = hits
      .filter((h) => h.id !== source.id && meaningfulWords(h.title).some((w) => words.some((q) => q.split('|')[0] === w.split('|')[0])))
      .slice(0, 2)
      .map((h) => ({ id: h.id, title: h.title }));
    const lines = [`From ${articleLink(source)}:`, '', best.passage];
    if (more.length) lines.push('', `See also ${more.map(articleLink).join(' and ')}.`);
    if (parsed.topic && parsed.topic !== 'tax-threshold') lines.push('', `To work out a figure, give me the amounts, or use the [${parsed.topic.toUpperCase() === parsed.topic ? parsed.topic : 'payroll'} calculator](/calculators).`);
    return { text: lines.join('\n'), tools: [], sources: [source, ...more] };
  }

  async function grounded(req: EngineRequest, answer: Answer | null): Promise<Answer | null> {
    const a = req.article;
    if (!a) return answer;
    const source = { id: a.id, title: a.title };
    const p = bestPassage(a.content, meaningfulWords(req.question), true);
    const intro = p.passage ? [`From ${articleLink(source)}:`, '', p.passage] : [`You asked about ${articleLink(source)}.`];
    if (!answer) return { text: intro.join('\n'), tools: [], sources: [source] };
    if (answer.sources.some((s) => s.id === a.id)) return answer;
    if (answer.tools.length) return { ...answer, text: `${answer.text}\n\nSee also ${articleLink(source)}.`, sources: [source, ...answer.sources] };
    return { text: [...intro, '', answer.text].join('\n'), tools: [], sources: [source, ...answer.sources.filter((s) => s.id !== a.id)] };
  }

  async function respond(req: EngineRequest): Promise<Answer> {
    const parsed = parseQuestion(req.question);
    const previous = lastCalculation(req.history);
    let answer: Answer | null = null;

    // A follow-up changes one input of the previous calculation, or asks the same figures of another calculator.
    if (previous && (parsed.followUp || (parsed.topic === null && Object.keys(parsed.facts).length > 0)) && (parsed.topic === null || hasCalcFacts(parsed.facts) || parsed.topic !== previous.name)) {
      const topic = (parsed.topic ?? previous.name) as Topic;
      answer = await calculation(topic, parsed.facts, req, previous);
    }
    if (!answer && parsed.topic && (parsed.wantsFigure || parsed.topic === 'tax-threshold' || (parsed.topic === 'leave' && !req.article))) {
      answer = await calculation(parsed.topic, parsed.facts, req);
      // A salary question with no figures the calculator can use falls back to the knowledge base.
    }
    if (!answer && !parsed.payroll && !req.article && !(previous && parsed.followUp)) {
      return { text: OFF_TOPIC_ANSWER, tools: [], sources: [] };
    }
    if (!answer) answer = await factual(req, parsed);
    answer = await grounded(req, answer);
    if (!answer) {
      return {
        text:
          "I don't know the answer to that one, and I won't guess a figure. Try the [knowledge base search](/knowledge) for the rule, " +
          'or the [payroll calculators](/calculators) for PAYE, UIF, SDL, ETI, net pay, overtime, leave and notice. ' +
          'If you give me the amounts (for example a monthly salary and the employee’s age), I can work it out for you.',
        tools: [],
        sources: [],
      };
    }
    if (answer.sources.length && !answer.text.includes('/knowledge/article/')) {
      answer.text += `\n\nMore in the knowledge base: ${answer.sources.map(articleLink).join(', ')}.`;
    } else if (answer.tools.length && answer.sources.length) {
      const missing = answer.sources.filter((s) => !answer!.text.includes(`/knowledge/article/${s.id}`));
      if (missing.length) answer.text += `\n\nMore in the knowledge base: ${missing.map(articleLink).join(', ')}.`;
    }
    return answer;
  }

  return {
    name: 'builtin',
    async *answer(req: EngineRequest): AsyncIterable<EngineEvent> {
      const a = await respond(req);
      for (const call of a.tools) yield { type: 'tool', call };
      // Line by line, so the page shows words as they come like any model's answer.
      for (const line of a.text.split(/(?<=\n)/)) {
        if (req.signal.aborted) return;
        yield { type: 'delta', text: line };
      }
      if (a.sources.length) yield { type: 'sources', sources: a.sources };
    },
  };
}

const hasCalcFacts = (f: Facts) =>
  f.salary !== undefined || f.age !== undefined || f.medicalMembers !== undefined || f.period !== undefined || f.bonus !== undefined || f.hourlyRate !== undefined || f.hours !== undefined || f.monthsEmployed !== undefined || f.taxYear !== undefined;

/** What another calculator can reuse of a previous input ("and the UIF on that?"). */
function carryable(input: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of ['remuneration', 'period', 'age', 'medicalMembers', 'taxYear', 'annualPayroll']) if (input[k] !== undefined) out[k] = input[k];
  if (input.hourlyWage !== undefined) out.hourlyRate = input.hourlyWage;
  return out;
}

/** The tax year a date falls in, as the label people use ("2026/27"). */
export function taxYearLabel(today: Date): string {
  const y = taxYearForDate(today);
  return isSupportedTaxYear(y) ? getTaxYear(y).label : `${y - 1}/${String(y).slice(2)}`;
}
