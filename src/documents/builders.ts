// Pure builders: an answer, a conversation or a calculation as a Doc (model.ts). The reads that feed them
// live with their owners (src/assistant/documents.ts, the payroll routes); renderPdf and toCsv write files.
import { isoDateFromDate, taxYearForDate, taxYearLabel } from '../payroll';
import { longDate, longDateTime } from '../lib/sa-time';
import type { ConversationDTO, MessageDTO, ToolCallDTO } from '../schemas/chat';
import { calculationTitle, resultSection, figuresOf, type CalcSection, type CalcTable, type Calculation } from './calculation';
import { markdownBlocks, type LinkResolver } from './markdown';
import type { Block, Citation, Doc } from './model';

export interface DocContext {
  /** When the document is made (the app's clock). */
  now: Date;
  /** Where links of the text point (markdown.ts linkResolver). */
  link: LinkResolver;
}

/** A question and its answer; either may be missing (a question still unanswered, an answer whose question was lost). */
export interface Exchange {
  question: MessageDTO | null;
  answer: MessageDTO | null;
  /** The answer's sources, with their tax years and links. */
  citations: Citation[];
}

const KNOWLEDGE_TOOLS = new Set(['search_knowledge', 'get_article']);
const calculatorCalls = (m: MessageDTO | null) => (m?.toolCalls ?? []).filter((c) => !KNOWLEDGE_TOOLS.has(c.name));

/** Questions with the answers that follow them, in the conversation's order. */
export function exchangesOf(messages: MessageDTO[]): Omit<Exchange, 'citations'>[] {
  const out: Omit<Exchange, 'citations'>[] = [];
  for (const m of messages) {
    const last = out[out.length - 1];
    if (m.role === 'user') out.push({ question: m, answer: null });
    else if (last && !last.answer) last.answer = m;
    else out.push({ question: null, answer: m });
  }
  return out;
}

/** The tax years the calculations of these answers ran in, oldest first. */
function calculatedYears(answers: (MessageDTO | null)[]): number[] {
  const years = answers.flatMap((a) => calculatorCalls(a).map((c) => (c.result as { taxYear?: unknown } | undefined)?.taxYear));
  return [...new Set(years.filter((y): y is number => typeof y === 'number'))].sort((a, b) => a - b);
}

/** The tax year a document is about: the one its calculations used when there is exactly one, else today's. */
function docTaxYear(years: number[], now: Date): string {
  return taxYearLabel(years.length === 1 ? years[0] : taxYearForDate(now));
}

function tableBlock(t: CalcTable, caption: string | undefined = t.caption): Block {
  return { kind: 'table', caption, head: t.head, rows: t.rows, align: t.head.map((_h, i) => (i === 0 ? 'left' : 'right')), bold: t.bold };
}

function sectionBlocks(s: CalcSection, headingLevel: 1 | 2, skipWorking = false): Block[] {
  const out: Block[] = [];
  if (s.title) out.push({ kind: 'heading', level: headingLevel, text: s.title });
  if (s.headline) out.push({ kind: 'headline', label: s.headline.label, value: s.headline.text, sub: s.headline.sub });
  if (s.figures.length) out.push({ kind: 'figures', title: s.headline || s.title ? undefined : 'Result', rows: s.figures });
  // A comparison section's only table is captioned by the section's own heading.
  for (const t of s.tables) out.push(tableBlock(t, t.caption === s.title ? undefined : t.caption));
  for (const n of s.notes) out.push({ kind: 'paragraph', style: 'note', runs: [{ text: n }] });
  if (s.working.length && !skipWorking) {
    out.push({ kind: 'heading', level: 3, text: s.title ? `${s.title} working` : 'Working' });
    out.push({ kind: 'list', items: s.working.map((w, i) => ({ marker: `${i + 1}.`, depth: 0, runs: [{ text: w }] })) });
  }
  return out;
}

/** A calculator the assistant ran: its inputs, every figure it returned and its working (unless the answer already spells it out). */
function toolCallBlocks(call: ToolCallDTO, answerText: string): Block[] {
  const out: Block[] = [{ kind: 'heading', level: 2, text: `Calculation: ${calculationTitle(call.name)}` }];
  const inputs = figuresOf(call.input ?? {});
  if (inputs.figures.length) out.push({ kind: 'figures', title: 'Inputs', rows: inputs.figures });
  out.push(...inputs.tables.map((t) => tableBlock(t)));
  if (call.error)
    return [...out, { kind: 'paragraph', style: 'note', runs: [{ text: `The calculator refused these inputs: ${call.error}` }] }];
  const section = resultSection((call.result ?? {}) as Record<string, unknown>, call.working ?? []);
  const spelt = section.working.length > 0 && section.working.every((w) => answerText.includes(w));
  return [...out, ...sectionBlocks(section, 2, spelt)];
}

function citationBlocks(citations: Citation[]): Block[] {
  return citations.length ? [{ kind: 'citations', title: citations.length === 1 ? 'Source' : 'Sources', items: citations }] : [];
}

const STATUS_NOTES: Partial<Record<MessageDTO['status'], string>> = {
  stopped: 'This answer was stopped before it was finished.',
  pending: 'This answer was still being written when the document was made.',
  error: 'The assistant could not answer this question.',
};

function exchangeBlocks(ex: Exchange, ctx: DocContext, n?: number): Block[] {
  const num = n === undefined ? '' : ` ${n}`;
  const out: Block[] = [];
  if (ex.question) {
    out.push({ kind: 'heading', level: 1, text: `Question${num}` });
    out.push({ kind: 'paragraph', runs: [{ text: ex.question.content }] });
    out.push({ kind: 'paragraph', style: 'muted', runs: [{ text: `Asked on ${longDateTime(ex.question.timestamp)}` }] });
  }
  const a = ex.answer;
  out.push({ kind: 'heading', level: 1, text: `Answer${num}` });
  if (!a) return [...out, { kind: 'paragraph', style: 'muted', runs: [{ text: 'Not answered.' }] }];
  const note = STATUS_NOTES[a.status];
  if (note) out.push({ kind: 'paragraph', style: 'note', runs: [{ text: note }] });
  if (a.status === 'error') {
    if (a.content) out.push({ kind: 'paragraph', style: 'muted', runs: [{ text: a.content }] });
    return out;
  }
  out.push(...markdownBlocks(a.content, ctx.link));
  for (const call of calculatorCalls(a)) out.push(...toolCallBlocks(call, a.content));
  out.push(...citationBlocks(ex.citations));
  return out;
}

const footerOf = (years: number[], now: Date) => ({ date: longDate(now), taxYear: docTaxYear(years, now) });

/** One answer with its question. */
export function answerDocument(ex: Exchange, conversation: Pick<ConversationDTO, 'title'>, ctx: DocContext): Doc {
  const years = calculatedYears([ex.answer]);
  return {
    title: 'PayeWise answer',
    meta: [
      ['Conversation', conversation.title],
      ['Answered', longDateTime(ex.answer?.timestamp ?? ctx.now)],
      ['Tax year', docTaxYear(years, ctx.now)],
      ['Downloaded', longDate(ctx.now)],
    ],
    blocks: exchangeBlocks(ex, ctx),
    created: ctx.now,
    footer: footerOf(years, ctx.now),
  };
}

/** A whole conversation: every question and answer, numbered, in order. */
export function conversationDocument(conversation: ConversationDTO, exchanges: Exchange[], ctx: DocContext): Doc {
  const years = calculatedYears(exchanges.map((e) => e.answer));
  const questions = exchanges.filter((e) => e.question).length;
  return {
    title: conversation.title,
    meta: [
      ['Conversation', `${questions} question${questions === 1 ? '' : 's'}, started ${longDateTime(conversation.createdAt)}`],
      ['Tax year', years.length > 1 ? years.map(taxYearLabel).join(', ') : docTaxYear(years, ctx.now)],
      ['Downloaded', longDate(ctx.now)],
    ],
    blocks: exchanges.flatMap((ex, i) => [...(i ? [{ kind: 'rule' } as Block] : []), ...exchangeBlocks(ex, ctx, i + 1)]),
    created: ctx.now,
    footer: footerOf(years, ctx.now),
  };
}

/** A calculation (a calculator's result on the page or through the API) with its inputs. */
export function calculationDocument(calc: Calculation, ctx: DocContext): Doc {
  const years = calc.taxYear ? [calc.taxYear] : [];
  const blocks: Block[] = [{ kind: 'heading', level: 1, text: 'Inputs' }];
  blocks.push(
    calc.inputs.length
      ? { kind: 'figures', rows: calc.inputs }
      : { kind: 'paragraph', style: 'muted', runs: [{ text: 'None: the calculator’s defaults.' }] },
  );
  blocks.push(...calc.inputTables.map((t) => tableBlock(t)));
  blocks.push({ kind: 'heading', level: 1, text: 'Result' });
  for (const s of calc.sections) blocks.push(...sectionBlocks(s, 2));
  if (calc.links.length) {
    blocks.push({
      kind: 'citations',
      title: 'In the knowledge base',
      items: calc.links.map((l) => ({ title: l.label, ...(l.taxYears ? { taxYears: l.taxYears } : {}), href: ctx.link(l.href) ?? l.href })),
    });
  }
  return {
    title: calc.title,
    meta: [
      ['Calculated', longDate(ctx.now)],
      ['Tax year', docTaxYear(years, ctx.now)],
    ],
    blocks,
    created: ctx.now,
    footer: footerOf(years, ctx.now),
  };
}

/** "payewise-paye-2026-11-27.pdf": the product, what it is, the South African day. */
export function documentFilename(what: string, now: Date, ext: 'pdf' | 'csv'): string {
  return `payewise-${what.replace(/[^a-z0-9-]+/gi, '-').toLowerCase()}-${isoDateFromDate(now)}.${ext}`;
}
