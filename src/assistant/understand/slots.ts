// The slot readers: every fact a question states, each number read with the words around it (the lexicon's
// lists), so a year is never a salary, an age never an amount, "4 people" a count, "R1 500 bonus" a bonus, and
// every amount keeps its role ("R30 000 salary plus R5 000 travel allowance" is two different things). Pure.
// One file on purpose: the readers run in one order over one marked-up question (`Reader`), and each takes the
// words the ones before it left (an age is read only where no amount sits), so the order is the logic.
import {
  AGE_AFTER,
  AGE_BANDS,
  AGE_BEFORE,
  CHILD_WORDS,
  CONNECTORS,
  DAY_PARTS,
  DAY_WORDS,
  DAYS_WORKED_WORDS,
  DEPENDANT_WORDS,
  EACH_WORDS,
  EMPLOYEE_SUBJECTS,
  EMPLOYEE_WORDS,
  EMPLOYER_SUBJECTS,
  EPWP_WORDS,
  HOUR_WORDS,
  LEAVE_KINDS,
  LIMIT_WORDS,
  MEDICAL_NONE,
  MEDICAL_WORDS,
  MONTH_WORDS,
  NORMAL_DAY,
  NOT_NORMAL_DAY,
  PEOPLE_WORDS,
  PERIOD_FILLERS,
  PERIOD_WORDS,
  PUBLIC_HOLIDAYS,
  RELATIVE_TAX_YEARS,
  ROLE_CUES,
  SDL_EXEMPT_WORDS,
  SELF_ONLY,
  SERVICE_WORDS,
  SPOUSE_WORDS,
  START_WORDS,
  SUNDAY_WORDS,
  UNIT_ADJECTIVES,
  WEEK_WORDS,
  WEEKDAYS,
  WORKER_TYPES,
  YEAR_WORDS,
  monthNumber,
  type AmountRole,
  type PeriodWord,
} from '../../lexicon';
import type { Amount, Period, Slots } from '../reading';
import { isBoundary, normalise, tokenize, type Token } from './text';

type Phrase = readonly string[];
const phrase = (p: string): Phrase => tokenize(normalise(p)).map((t) => t.text);
/** A list of phrases as token texts, longest first (so "travel allowance" wins over "allowance"). */
const phrases = (list: readonly string[]): Phrase[] =>
  list
    .map(phrase)
    .filter((p) => p.length)
    .sort((a, b) => b.length - a.length);

const P = {
  ageAfter: phrases(AGE_AFTER),
  ageBefore: phrases(AGE_BEFORE),
  medical: phrases(MEDICAL_WORDS),
  medicalNone: phrases(MEDICAL_NONE),
  dependants: phrases(DEPENDANT_WORDS),
  people: phrases(PEOPLE_WORDS),
  spouse: phrases([...SPOUSE_WORDS, 'girlfriend', 'boyfriend', 'fiance', 'fiancee']),
  children: phrases(CHILD_WORDS),
  selfOnly: phrases([
    ...SELF_ONLY,
    'for her only',
    'for him only',
    'her only',
    'him only',
    'herself only',
    'himself only',
    'only for her',
    'only for him',
  ]),
  mainPlus: phrases([
    'main member and',
    'main member plus',
    'main member +',
    'main member &',
    'member and',
    'member plus',
    'member +',
    'herself and',
    'himself and',
    'herself plus',
    'himself plus',
    'him and',
    'her and',
    'him plus',
    'her plus',
  ]),
  employees: phrases([...EMPLOYEE_WORDS]),
  each: phrases(EACH_WORDS),
  service: phrases(SERVICE_WORDS),
  start: phrases(START_WORDS),
  daysWorked: phrases(DAYS_WORKED_WORDS),
  sunday: phrases(SUNDAY_WORDS),
  holidays: phrases(PUBLIC_HOLIDAYS),
  normalDay: phrases(NORMAL_DAY),
  notNormalDay: phrases(NOT_NORMAL_DAY),
  epwp: phrases(EPWP_WORDS),
  sdlExempt: phrases(SDL_EXEMPT_WORDS),
  limits: phrases(LIMIT_WORDS),
  employer: phrases(EMPLOYER_SUBJECTS),
  leaveDays: phrases([
    'leave',
    'of leave',
    "'s leave",
    'annual leave',
    'leave owed',
    'owed',
    'accrued',
    'outstanding',
    'due to her',
    'due to him',
    'unused',
    'untaken',
    'leave balance of',
    'balance of',
    'leave pay for',
    'pay out',
  ]),
  employee: phrases(EMPLOYEE_SUBJECTS),
  taxYearWords: phrases([
    'tax year',
    'year of assessment',
    'tax tables',
    'tax table',
    'assessment year',
    'tax year ending',
    'tax year ended',
    'year ending',
    'year ended',
    'tables',
    'belastingjaar',
  ]),
  born: phrases(['born in', 'born on', 'born', 'birthday is', 'date of birth', 'dob', 'birth date', 'gebore', 'd.o.b']),
  turns: phrases(['turns', 'turning', 'will turn', 'turned', 'becomes', 'will be']),
  reference: phrases([
    'section',
    'sec',
    's',
    'act',
    'gazette',
    'no',
    'number',
    'regulation',
    'item',
    'paragraph',
    'par',
    'para',
    'form',
    'page',
    'schedule',
    'code',
    'clause',
    'ref',
  ]),
  hourEvents: phrases(['overtime', 'ot', 'extra', 'sunday', 'holiday', 'public holiday', 'late', 'shift', 'worked', 'did', 'on']),
  notService: phrases([
    'maternity',
    'paternity',
    'parental',
    'pregnan',
    'cycle',
    'first',
    'every',
    'each',
    'per',
    'next',
    'within',
    'late',
    'by',
    'maternity leave',
  ]),
};
const ROLE_PHRASES = ROLE_CUES.flatMap(({ role, phrases: list }) => phrases(list).map((p) => ({ role, p }))).sort(
  (a, b) => b.p.length - a.p.length,
);
const WORKERS = WORKER_TYPES.flatMap(({ type, phrases: list }) => phrases(list).map((p) => ({ type, p }))).sort(
  (a, b) => b.p.length - a.p.length,
);
const LEAVES = LEAVE_KINDS.map(({ kind, phrases: list }) => ({ kind, ps: phrases(list) }));
const BANDS = AGE_BANDS.map(({ band, phrases: list }) => ({ band, ps: phrases(list) }));
const RELATIVE = RELATIVE_TAX_YEARS.map(({ offset, phrases: list }) => ({ offset, ps: phrases(list) }));
const weekday = (w: string) => WEEKDAYS.findIndex((names) => names.includes(w));

/** What a reading found besides the slots: for the topics that need them. */
export interface Extras {
  /** A calendar year named on its own ("the minimum wage in 2025"). */
  calendarYear?: number;
  /** Period words not attached to any amount ("monthly PAYE", "and weekly?"). */
  loosePeriods: Period[];
  /** Numbers no reader could place (a follow-up gives them the role they had before). */
  bare: Token[];
  /** A 13th cheque named without its amount (a month's pay). */
  thirteenthCheque?: boolean;
  /** The medical scheme fees tax credit is asked about. */
  asksCredit?: boolean;
  /** A second tax year named ("2025/26 and 2026/27"). */
  otherTaxYear?: number;
  /** A number of days no reader placed ("and if it was 12 days?"): a follow-up gives it the role days had before. */
  looseDays?: number;
}

export interface SlotReading {
  normalised: string;
  tokens: Token[];
  slots: Slots;
  extras: Extras;
}

class Text {
  readonly taken = new Set<number>();
  constructor(readonly t: Token[]) {}

  at(i: number, p: Phrase): boolean {
    if (i < 0 || i + p.length > this.t.length) return false;
    for (let k = 0; k < p.length; k++) if (this.t[i + k].text !== p[k]) return false;
    return true;
  }
  /** Every place a phrase of the list starts (longest first at each place). */
  find(list: Phrase[]): { start: number; end: number; p: Phrase }[] {
    const out: { start: number; end: number; p: Phrase }[] = [];
    for (let i = 0; i < this.t.length; i++) {
      const p = list.find((x) => this.at(i, x));
      if (p) {
        out.push({ start: i, end: i + p.length, p });
        i += p.length - 1;
      }
    }
    return out;
  }
  has(list: Phrase[]): boolean {
    return this.find(list).length > 0;
  }
  /** A phrase of the list ending at `end` (exclusive), allowing up to `gap` words between, within the clause. */
  endsBefore(end: number, list: Phrase[], gap = 0): Phrase | null {
    for (let g = 0; g <= gap; g++) {
      const e = end - g;
      if (g > 0 && isBoundary(this.t[e])) return null;
      for (const p of list) if (this.at(e - p.length, p)) return p;
    }
    return null;
  }
  /** A phrase of the list starting at `start`, allowing up to `gap` words first, within the clause. */
  startsAt(start: number, list: Phrase[], gap = 0): Phrase | null {
    for (let g = 0; g <= gap; g++) {
      const s = start + g;
      if (g > 0 && isBoundary(this.t[s - 1])) return null;
      for (const p of list) if (this.at(s, p)) return p;
    }
    return null;
  }
  word(i: number): string {
    return this.t[i]?.text ?? '';
  }
  /** The clause a token sits in: indices [from, to). */
  clause(i: number, hard = false): [number, number] {
    const stop = (t: Token | undefined) => (hard ? !t || (t.kind === 'punct' && /^[?!.;]$/.test(t.text)) : isBoundary(t));
    let from = i;
    while (from > 0 && !stop(this.t[from - 1])) from--;
    let to = i + 1;
    while (to < this.t.length && !stop(this.t[to])) to++;
    return [from, to];
  }
  negated(start: number): boolean {
    return !!this.endsBefore(
      start,
      [
        ['not'],
        ['never'],
        ["doesn't"],
        ['does', 'not'],
        ["don't"],
        ['do', 'not'],
        ["isn't"],
        ['is', 'not'],
        ['rarely'],
        ['seldom'],
        ["wouldn't"],
        ['no'],
      ],
      2,
    );
  }
}

type Num = Token & { value: number };
const isInt = (v: number) => Number.isInteger(v);
const num = (t: Token | undefined): t is Num => t?.kind === 'num';

interface HoursMention {
  i: number;
  value: number;
  per: 'week' | 'month' | 'day' | null;
  /** Written right after a pay ("R1 800 a week for 45 hours"): the hours that pay is for. */
  forPay: boolean;
}

interface Reader {
  x: Text;
  s: Slots;
  e: Extras;
  today: Date;
  hours: HoursMention[];
  service: boolean;
  /** Period words an amount took ("R20 000 a month"): not read again as loose. */
  periodsTaken: Set<number>;
  /** The question is about leave owed or paid out: a number of days is days of leave. */
  leave: boolean;
}

/** Reads every fact a question states. */
export function readSlots(question: string, today: Date): SlotReading {
  const normalised = normalise(question);
  const tokens = tokenize(normalised);
  const x = new Text(tokens);
  const r: Reader = {
    x,
    s: {},
    e: { loosePeriods: [], bare: [] },
    today,
    hours: [],
    service: false,
    periodsTaken: new Set(),
    leave: false,
  };
  r.leave = x.has([
    ['leave', 'pay'],
    ['pay', 'out'],
    ['payout'],
    ['paid', 'out'],
    ['owed'],
    ['cash', 'out'],
    ['cash', 'in'],
    ['uitbetaal'],
    ['leave', 'balance'],
    ['accumulated', 'leave'],
    ['unused', 'leave'],
    ['outstanding', 'leave'],
  ]);
  r.service =
    (x.has(P.service) ||
      x.has([
        ['notice'],
        ['leave'],
        ['accrued'],
        ['accrue'],
        ['severance'],
        ['retrench'],
        ['resign'],
        ['resigned'],
        ['dismiss'],
        ['fired'],
      ])) &&
    !x.has([['maternity'], ['paternity'], ['parental'], ['pregnant']]);
  readFlags(r);
  readWeekdays(r);
  readTaxYears(r);
  readMonths(r);
  readMonthOfEmployment(r);
  readBands(r, true);
  readUnits(r);
  readMedical(r);
  readAges(r);
  readBands(r, false);
  const amounts = readAmounts(r);
  readHours(r, amounts);
  readBareAge(r, amounts);
  if (amounts.length) r.s.amounts = amounts.map(({ i: _, ...a }) => a);
  readLoosePeriods(r);
  if (x.has([['credit'], ['credits'], ['mtc'], ['~mtc']])) r.e.asksCredit = true;
  if (
    !amounts.some((a) => a.role === 'bonus') &&
    x.has([
      ['13th', 'cheque'],
      ['13th', 'check'],
      ['13th', 'salary'],
      ['thirteenth', 'cheque'],
    ])
  )
    r.e.thirteenthCheque = true;
  for (const t of tokens) if (num(t) && !x.taken.has(t.i)) r.e.bare.push(t);
  return { normalised, tokens, slots: r.s, extras: r.e };
}

/** The tax year (by its ending year) a date falls in, in South African time: March starts the next one. */
export function taxYearOf(d: Date): number {
  const sa = new Date(d.getTime() + 2 * 3600_000);
  return sa.getUTCMonth() >= 2 ? sa.getUTCFullYear() + 1 : sa.getUTCFullYear();
}
const saMonth = (d: Date) => {
  const sa = new Date(d.getTime() + 2 * 3600_000);
  return { y: sa.getUTCFullYear(), m: sa.getUTCMonth() + 1 };
};

// ── Words alone ─────────────────────────────────────────────────────────────────────────────────────

function readFlags({ x, s }: Reader): void {
  const worker = WORKERS.find((w) => x.has([w.p]));
  if (worker) s.workerType = worker.type;
  if (x.has(P.sunday)) s.sunday = true;
  if (x.has(P.holidays)) s.publicHoliday = true;
  if (s.sunday || s.publicHoliday) {
    // "not her normal day" is read before "normal day".
    const off = x.find(P.notNormalDay)[0];
    const on = x.find(P.normalDay)[0];
    const normal = off || (on && x.negated(on.start)) ? false : on ? true : undefined;
    if (normal !== undefined) {
      if (s.sunday && !s.publicHoliday) s.ordinarilyWorksSunday = normal;
      else if (s.publicHoliday && !s.sunday) s.holidayIsWorkday = normal;
      else s.holidayIsWorkday = normal;
    }
  }
  const leave = x.has([['leave']]);
  for (const { kind, ps } of LEAVES) {
    const m = x.find(ps)[0];
    if (!m) continue;
    // "annual" alone says nothing of leave unless leave is what is asked about.
    if (!leave && m.p.length === 1 && m.p[0] === 'annual') continue;
    s.leaveKind = kind;
    break;
  }
  if (x.has(P.epwp)) s.epwp = true;
  if (x.has(P.sdlExempt)) s.sdlExempt = true;
}

/** "Monday to Friday" → 5 days a week; "every Tuesday" → 1. */
function readWeekdays({ x, s }: Reader): void {
  const t = x.t;
  for (let i = 0; i < t.length; i++) {
    const a = weekday(t[i].text);
    if (a < 0) continue;
    const sep = x.word(i + 1);
    const b = ['to', '-', 'till', 'until', 'through', 'thru'].includes(sep) ? weekday(x.word(i + 2)) : -1;
    if (b >= 0) {
      s.daysPerWeek ??= ((b - a + 7) % 7) + 1;
      return;
    }
  }
  const every = x.find([['every'], ['each'], ['on']]).find((m) => weekday(x.word(m.end)) >= 0 && weekday(x.word(m.end)) !== 6);
  if (every && x.word(every.start) !== 'on') s.daysPerWeek ??= 1;
}

// ── Years, months, birthdays, starting dates ────────────────────────────────────────────────────────

function readTaxYears({ x, s, e, today }: Reader): void {
  for (const t of x.t) {
    if (!num(t) || x.taken.has(t.i)) continue;
    if (t.taxYear) {
      if (s.taxYear !== undefined && s.taxYear !== t.value) e.otherTaxYear ??= t.value;
      s.taxYear ??= t.value;
      x.taken.add(t.i);
      continue;
    }
    if (t.money || !isInt(t.value) || t.value < 1900 || t.value > 2100) continue;
    // Not a year when a unit follows ("2000 hours", "2026 employees"), or when it is a birth year or a month's year.
    const next = x.word(t.i + 1);
    if (HOUR_WORDS.has(next) || EMPLOYEE_WORDS.has(next) || next === 'rand') continue;
    if (x.endsBefore(t.i, P.born, 1) || monthNumber(x.word(t.i - 1)) || monthNumber(x.word(t.i - 2))) continue;
    x.taken.add(t.i);
    // "the 2027 tax year", "tax year 2026", "tax year ending (28) February 2026".
    if (x.startsAt(t.i + 1, P.taxYearWords) || x.endsBefore(t.i, P.taxYearWords, 3)) {
      if (s.taxYear !== undefined && s.taxYear !== t.value) e.otherTaxYear ??= t.value;
      s.taxYear ??= t.value;
    } else e.calendarYear ??= t.value;
  }
  if (s.taxYear === undefined) {
    const ty = taxYearOf(today);
    for (const { offset, ps } of RELATIVE) {
      if (x.has(ps)) {
        s.taxYear = ty + offset;
        break;
      }
    }
  }
}

function readMonths(r: Reader): void {
  const { x, s, today } = r;
  const t = x.t;
  const ty = s.taxYear ?? taxYearOf(today);
  const now = saMonth(today);
  for (let i = 0; i < t.length; i++) {
    const month = t[i].kind === 'word' ? monthNumber(t[i].text.replace(/'s$/, '')) : 0;
    // "may" and "march" are verbs more often than months: only with a number or "in/of/since" beside them.
    if (!month) continue;
    if (
      (t[i].text === 'may' || t[i].text === 'march') &&
      !num(t[i - 1]) &&
      !num(t[i + 1]) &&
      !['of', 'in', 'since', 'from', 'end', 'until', 'by'].includes(x.word(i - 1))
    )
      continue;
    const [p1, p2, n1] = [t[i - 1], t[i - 2], t[i + 1]];
    const dayBefore = num(p1) && p1.value <= 31 && !p1.money ? p1 : x.word(i - 1) === 'of' && num(p2) && p2.value <= 31 ? p2 : undefined;
    const dayAfter = !dayBefore && num(n1) && n1.value <= 31 && !n1.money ? n1 : undefined;
    const day = dayBefore ?? dayAfter;
    if (day) x.taken.add(day.i);
    const yearTok = [t[i + 1], t[i + 2]].find((y): y is Num => num(y) && y.value >= 1900 && y.value <= 2100 && !y.money && !y.taxYear);
    const relative = x.word(i + 2) === 'year' ? { last: -1, next: 1, this: 0 }[x.word(i + 1)] : undefined;
    const year = yearTok?.value ?? (relative !== undefined ? now.y + relative : undefined);
    if (yearTok) x.taken.add(yearTok.i);
    const from = day === dayBefore && day ? day.i : i;
    // "the tax year ending (28) February 2026": a tax year named by its last month.
    if (year && findBack(x, from, [['ending'], ['ended'], ['ends']], 3) !== null) {
      s.taxYear ??= month <= 2 ? year : year + 1;
      continue;
    }
    // A birthday: "born (on) 12 march 1961", "DOB 15 August 1990".
    if (x.endsBefore(from, P.born, 2) && year) {
      let age = ty - year;
      if (month > 2 || (month === 2 && (day?.value ?? 1) > 28)) age -= 1;
      s.age ??= age;
      continue;
    }
    // "turns 65 in December (2026)".
    const turnsAt = findBack(x, i, P.turns, 4);
    const ageTok =
      turnsAt === null ? undefined : t.slice(turnsAt, i).find((a): a is Num => num(a) && !a.money && a.value >= 10 && a.value <= 120);
    if (ageTok) {
      x.taken.add(ageTok.i);
      const y = year ?? (month >= 3 ? ty - 1 : ty);
      // The age on the last day of the tax year: turning 65 after February of its end year means 64 for now.
      const after = y > ty || (y === ty && month > 2);
      s.age ??= ageTok.value - (after ? 1 : 0);
      continue;
    }
    // "started in June 2026", "with us since March 2024": the months of service to this month.
    if (findBack(x, i, P.start, 3) !== null) {
      const y = year ?? (month <= now.m ? now.y : now.y - 1);
      const months = (now.y - y) * 12 + (now.m - month);
      if (months >= 0) s.monthsEmployed ??= months;
      continue;
    }
    if (day) continue;
    // The month asked about: "the EMP201 for November (2026)", "october's emp201".
    s.month ??= `${year ?? nearestYear(month, today)}-${String(month).padStart(2, '0')}`;
  }
  // "born in 1958": no month, so the birthday is taken as after February.
  for (const tok of t) {
    if (!num(tok) || x.taken.has(tok.i) || tok.value < 1900 || tok.value > 2100) continue;
    if (x.endsBefore(tok.i, P.born, 1)) {
      s.age ??= ty - tok.value - 1;
      x.taken.add(tok.i);
    }
  }
}

/** The index where a phrase of the list starts within `gap` words before `i`, or null. */
function findBack(x: Text, i: number, list: Phrase[], gap: number): number | null {
  for (let k = i - 1; k >= Math.max(0, i - gap - 2); k--) {
    if (isBoundary(x.t[k])) return null;
    for (const p of list) if (x.at(k, p)) return k;
  }
  return null;
}

/** A month named without a year: the nearest such month to today, the coming one on a tie. */
function nearestYear(month: number, today: Date): number {
  const { y, m } = saMonth(today);
  const diff = month - m;
  if (diff === 0) return y;
  if (diff > 0) return diff <= 6 ? y : y - 1;
  return -diff < 6 ? y : y + 1;
}

// ── Numbers with a unit or an ordinal ──────────────────────────────────────────────────────────────

function readMonthOfEmployment({ x, s }: Reader): void {
  // "month 14", "month number 3" first: they name the month exactly.
  for (const t of x.t) {
    if (!num(t) || x.taken.has(t.i) || t.money || t.ordinal || !isInt(t.value) || t.value > 24) continue;
    const w = x.word(t.i - 1);
    if (w === 'month' || (w === 'number' && x.word(t.i - 2) === 'month') || (w === 'no' && x.word(t.i - 2) === 'month')) {
      s.monthOfEmployment ??= t.value;
      x.taken.add(t.i);
    }
  }
  for (const t of x.t) {
    if (!num(t) || x.taken.has(t.i) || !t.ordinal) continue;
    x.taken.add(t.i);
    // "her 3rd month", "the 1st qualifying month", "his 2nd year", "the second 12 months".
    const k = UNIT_ADJECTIVES.has(x.word(t.i + 1)) ? t.i + 2 : t.i + 1;
    const next = x.word(k);
    if (MONTH_WORDS.has(next)) s.monthOfEmployment ??= t.value;
    else if (YEAR_WORDS.has(next) || (next === '12' && MONTH_WORDS.has(x.word(k + 1)))) {
      s.monthOfEmployment ??= (t.value - 1) * 12 + 1;
      if (next === '12') x.taken.add(k);
    }
  }
}

/** Bands in figures ("65 to 74") before ages are read; bands in words ("a pensioner") after, only without an age. */
function readBands({ x, s }: Reader, figures: boolean): void {
  if (s.ageBand) return;
  for (const { band, ps } of BANDS) {
    const m = x.find(ps.filter((p) => p.some((w) => /^\d/.test(w)) === figures))[0];
    if (!m) continue;
    for (let i = m.start; i < m.end; i++) x.taken.add(i);
    if (figures || s.age === undefined) s.ageBand = band;
    return;
  }
}

function readUnits(r: Reader): void {
  const { x, s } = r;
  const t = x.t;
  const medical = x.has(P.medical);
  for (const tok of t) {
    if (!num(tok) || x.taken.has(tok.i) || tok.money) continue;
    const i = tok.i;
    let j = i + 1;
    if (x.word(j) === '-') j++;
    if (UNIT_ADJECTIVES.has(x.word(j)) && !HOUR_WORDS.has(x.word(j))) j++;
    const unit = x.word(j);
    const after = (k: number) => x.word(j + k);
    // The word after "a", "per", "each", "every", "in a": "45 hours a week", "8 hours per day".
    const per = (k: number) =>
      ['a', 'per', 'each', 'every', 'p', 'in', 'an'].includes(after(k))
        ? after(k + 1 + (after(k) === 'in' && ['a', 'the'].includes(after(k + 1)) ? 1 : 0))
        : after(k);
    const before = x.word(i - 1);
    if (unit === '%' || unit === 'percent' || (unit === 'per' && after(1) === 'cent')) {
      x.taken.add(i);
    } else if (x.endsBefore(i, P.reference) && !HOUR_WORDS.has(unit)) {
      x.taken.add(i);
    } else if (HOUR_WORDS.has(unit)) {
      x.taken.add(i);
      if (['rule', 'limit', 'cap', 'maximum'].includes(after(1))) continue;
      const p = per(1);
      const k1 = UNIT_ADJECTIVES.has(after(1)) ? after(2) : after(1);
      const perWord =
        ['week', 'weeks', 'pw'].includes(p) || after(1) === 'pw'
          ? 'week'
          : (p === 'month' && !(after(1) === 'in' && after(2) === 'the')) || after(1) === 'pm'
            ? 'month'
            : p === 'day' || p === 'days' || (p === 'shift' && after(1) !== 'shift')
              ? 'day'
              : null;
      // "a 45 hour week", "a 45 hour work week", "10 hour days", "an 8 hour normal day", "the ordinary day is 8 hours".
      const shape = perWord
        ? null
        : k1 === 'week' || (['work', 'working'].includes(k1) && after(2) === 'week')
          ? 'week'
          : k1 === 'day' || k1 === 'days'
            ? 'day'
            : x.endsBefore(i, [
                  ['day', 'is'],
                  ['days', 'are'],
                  ['shifts', 'are'],
                  ['day', 'of'],
                ])
              ? 'day'
              : null;
      // Right after a number of days a week: the hours of each day ("4 days a week 8 hours").
      const afterDays =
        !perWord && !shape && s.daysPerWeek !== undefined && t.slice(Math.max(0, i - 4), i).some((w) => WEEK_WORDS.has(w.text));
      const forPay = ['for', '('].includes(before);
      r.hours.push({ i, value: tok.value, per: perWord ?? shape ?? (afterDays ? 'day' : null), forPay });
    } else if (unit === 'leave' && DAY_WORDS.has(after(1))) {
      x.taken.add(i);
      s.leaveDays ??= tok.value;
    } else if (DAY_WORDS.has(unit) || (DAY_PARTS.has(unit) && WEEK_WORDS.has(per(1)))) {
      x.taken.add(i);
      const next = after(1);
      const weekly =
        WEEK_WORDS.has(per(1)) ||
        ((next === 'work' || next === 'working') && WEEK_WORDS.has(after(2))) ||
        next === 'pw' ||
        ['worker', 'workers', 'employee', 'employees', 'staff', 'week'].includes(next) ||
        (['works', 'work', 'working'].includes(before) && !['per', 'a'].includes(next));
      const worked =
        x.startsAt(j + 1, P.daysWorked) ||
        x.word(j - 1) === 'working' ||
        x.endsBefore(i, [['worked'], ['working'], ['after'], ['worked', 'for'], ['has', 'worked']]);
      const leaveAfter = x.startsAt(j + 1, P.leaveDays, 1);
      if (weekly && isInt(tok.value) && tok.value >= 1 && tok.value <= 7) s.daysPerWeek ??= tok.value;
      else if (worked) s.daysWorked ??= tok.value;
      else if (leaveAfter || x.endsBefore(i, P.leaveDays, 2) || (r.leave && !['every', 'per', 'each'].includes(before)))
        s.leaveDays ??= tok.value;
      else if (!['every', 'per', 'each'].includes(before) && !['notice'].includes(next)) r.e.looseDays ??= tok.value;
    } else if (WEEK_WORDS.has(unit)) {
      x.taken.add(i);
      if (r.service && !['notice', 'leave', 'maternity', 'of', 'per', 'a'].includes(after(1)) && !x.endsBefore(i, P.notService, 1))
        s.monthsEmployed ??= Math.round(((tok.value * 12) / 52) * 100) / 100;
    } else if (MONTH_WORDS.has(unit)) {
      x.taken.add(i);
      const next = after(1) === 'of' ? after(2) : after(1);
      const notService =
        [
          'old',
          'maternity',
          'paternity',
          'parental',
          'leave',
          'notice',
          'salary',
          'pay',
          'wages',
          'unpaid',
          'paid',
          'bonus',
          'consecutive',
          'cycle',
          'sick',
          'late',
          'arrears',
          'later',
        ].includes(next) || !!x.endsBefore(i, P.notService, 1);
      if (!notService && r.service) s.monthsEmployed ??= tok.value;
    } else if (YEAR_WORDS.has(unit)) {
      if (x.startsAt(j, P.ageAfter)) continue; // an age: readAges
      x.taken.add(i);
      const next = after(1);
      if (['age', 'old', 'limit', 'cycle', 'tax', 'period', 'window'].includes(next)) continue;
      // "1 year 3 months", "2 years and 11 months": the months add on.
      const more =
        num(t[j + 1]) && MONTH_WORDS.has(x.word(j + 2))
          ? t[j + 1]
          : next === 'and' && num(t[j + 2]) && MONTH_WORDS.has(x.word(j + 3))
            ? t[j + 2]
            : undefined;
      if (more) x.taken.add(more.i);
      const ofService =
        ['of', 'service', 'employed', 'with', 'at', 'in', 'working', 'ago', 'experience', 'by', 'here', 'there'].includes(next) ||
        r.service;
      if (ofService) s.monthsEmployed ??= Math.round((tok.value * 12 + (more?.value ?? 0)) * 100) / 100;
      else if (isInt(tok.value) && tok.value >= 15 && tok.value <= 110) s.age ??= tok.value;
    } else if (x.startsAt(j, P.dependants) || (x.startsAt(j + 1, P.dependants) && ['additional', 'extra', 'more'].includes(unit))) {
      x.taken.add(i);
      s.medicalMembers ??= tok.value + 1;
    } else if (
      x.startsAt(j, P.employees) &&
      isInt(tok.value) &&
      tok.value >= 1 &&
      !(medical && ['people', 'persons', 'person'].includes(unit))
    ) {
      x.taken.add(i);
      s.headcount ??= tok.value;
    } else if (
      x.startsAt(j, P.children) ||
      x.startsAt(j, P.people) ||
      ['times', 'km', 'kilometres', 'c', 'cents', 'occasions'].includes(unit)
    ) {
      x.taken.add(i); // counted by readMedical where it matters
    }
  }
  // "for a year", "a year's service", "for a month": a length in words.
  if (s.monthsEmployed === undefined && r.service) {
    const year = x.find([
      ['for', 'a', 'year'],
      ['for', '1', 'year'],
      ['employed', 'a', 'year'],
      ['worked', 'a', 'year'],
      ['a', "year's"],
      ['a', 'year', 'of'],
      ['over', 'a', 'year'],
    ])[0];
    const month = x.find([
      ['for', 'a', 'month'],
      ['for', '1', 'month'],
      ['employed', 'a', 'month'],
      ['only', 'a', 'month'],
      ['a', "month's"],
    ])[0];
    if (year) s.monthsEmployed = 12;
    else if (month) s.monthsEmployed = 1;
  }
}

// ── The medical scheme ─────────────────────────────────────────────────────────────────────────────

function readMedical({ x, s }: Reader): void {
  if (x.has(P.medicalNone)) {
    s.medicalMembers = 0;
    return;
  }
  const medical = x
    .find(P.medical)
    .filter(
      (m) =>
        !['credit', 'credits', 'expenses', 'certificate', 'note', 'bills', 'contribution', 'contributions', 'subsidy'].includes(
          x.word(m.end),
        ) &&
        !(x.word(m.end) === 'tax' && /^credit/.test(x.word(m.end + 1))) &&
        !['employer', 'company'].includes(x.word(m.start - 1)),
    );
  if (!medical.length || s.medicalMembers !== undefined) return;
  const t = x.t;
  // "main member + 1", "himself and 2".
  const plus = x
    .find(P.mainPlus)
    .find((m) => num(t[m.end]) && !t[m.end].money && !x.startsAt(m.end + 1, P.children) && !x.startsAt(m.end + 1, P.people));
  if (plus) {
    const n = t[plus.end] as Num;
    s.medicalMembers = n.value + 1;
    x.taken.add(n.i);
    return;
  }
  // A count near the scheme: "medical aid for 4 (people)", "4 people on medical aid", "medical aid: 3", "medical 3".
  for (const m of medical) {
    const [from, to] = x.clause(m.start);
    for (let i = from; i < to; i++) {
      const tok = t[i];
      if (!num(tok) || tok.money || !isInt(tok.value) || tok.value < 1 || tok.value > 20) continue;
      if (x.startsAt(i + 1, P.children) || x.startsAt(i + 1, [['adults'], ['adult']])) continue;
      if (x.taken.has(i) && !x.startsAt(i + 1, P.people)) continue;
      const near = i > m.start ? i - m.end : m.start - i;
      const people = x.startsAt(i + 1, P.people) || x.startsAt(i + 1, [['family'], ['in', 'the', 'family'], ['on', 'it']]);
      const before = x.word(i - 1);
      const counting =
        ['for', 'covering', 'with', 'of', ':', '-', 'x', 'aid', 'scheme', 'medical', 'med', 'members', 'member'].includes(before) || people;
      if (near <= 4 && counting) {
        s.medicalMembers = tok.value;
        x.taken.add(i);
        return;
      }
    }
  }
  const family = x.find([['family', 'of']])[0];
  const size = family && t[family.end];
  if (num(size)) {
    s.medicalMembers = size.value;
    x.taken.add(size.i);
    return;
  }
  // The household in words: "herself, her husband and 2 kids" → 4.
  let people = 0;
  const adults = x.find([['adults'], ['adult']])[0];
  const adultCount = adults && t[adults.start - 1];
  if (num(adultCount)) {
    people += adultCount.value - 1;
    x.taken.add(adultCount.i);
  } else if (x.has(P.spouse)) people += 1;
  const kids = x.find(P.children)[0];
  const kidCount = kids && t[kids.start - 1];
  if (num(kidCount)) {
    people += kidCount.value;
    x.taken.add(kidCount.i);
  } else if (kids) people += 1;
  if (people > 0) s.medicalMembers = people + 1;
  else if (x.has(P.selfOnly)) s.medicalMembers = 1;
  // On a scheme, count not said: only of a person ("she's on medical aid"), not of medical aid in general.
  else if (
    x.t.some((w) => num(w) && (w.money || w.value >= 1000)) ||
    x.has([['she'], ['he'], ['her'], ['him'], ['his'], ['employee'], ['shes'], ['hes'], ["she's"], ["he's"]])
  )
    s.onMedicalAid = true;
}

// ── Ages ───────────────────────────────────────────────────────────────────────────────────────────

function readAges({ x, s }: Reader): void {
  for (const t of x.t) {
    if (!num(t) || x.taken.has(t.i) || t.money || !isInt(t.value) || t.value < 10 || t.value > 150) continue;
    const k = x.word(t.i + 1) === '-' ? t.i + 2 : t.i + 1;
    const after = x.startsAt(k, P.ageAfter);
    const before =
      x.endsBefore(t.i, P.ageBefore, 1) ||
      (x.word(t.i - 1) === 'is' &&
        t.value >= 15 &&
        t.value <= 100 &&
        x.t[t.i - 2]?.kind === 'word' &&
        !['payroll', 'rate', 'limit', 'threshold', 'it', 'total', 'that', 'this', 'which', 'there', 'answer', 'amount'].includes(
          x.word(t.i - 2),
        ));
    const unit = x.word(t.i + 1);
    const unitAfter =
      HOUR_WORDS.has(unit) ||
      DAY_WORDS.has(unit) ||
      WEEK_WORDS.has(unit) ||
      MONTH_WORDS.has(unit) ||
      unit === '%' ||
      x.startsAt(t.i + 1, P.people) ||
      x.startsAt(t.i + 1, P.employees);
    if (after || (before && !unitAfter)) {
      s.age ??= t.value;
      x.taken.add(t.i);
    }
  }
}

// ── Amounts of money ───────────────────────────────────────────────────────────────────────────────

const PERIOD_OF: Partial<Record<PeriodWord, Period>> = {
  monthly: 'monthly',
  fortnightly: 'fortnightly',
  weekly: 'weekly',
  annual: 'annual',
};
const periodWord = (w: string): PeriodWord | undefined => (Object.hasOwn(PERIOD_WORDS, w) ? PERIOD_WORDS[w] : undefined);
const PAY_ROLES = new Set<AmountRole>([
  'salary',
  'commission',
  'travelAllowance',
  'allowance',
  'retirement',
  'employerRetirement',
  'employerMedical',
  'ctc',
  'payroll',
]);

/** The period written after an amount ("R20 000 gross a month", "60k pm") or before it ("monthly salary of R20 000"). */
function periodNear(x: Text, i: number): { word: PeriodWord; at: number } | null {
  for (let k = i + 1, n = 0; k < x.t.length && n < 5; k++, n++) {
    const w = x.word(k);
    if (x.t[k].kind === 'punct' && w !== '/') break;
    if (x.t[k].kind === 'num') break;
    const p = periodWord(w);
    // "R5 000 a day for 8 hours" yes; "R600 for 5 hours a month" no: the period there is the hours'.
    if (p) return { word: p, at: k };
    if (!PERIOD_FILLERS.has(w) && w !== 'this') break;
  }
  for (let k = i - 1, n = 0; k >= 0 && n < 5; k--, n++) {
    const w = x.word(k);
    if (isBoundary(x.t[k]) || x.t[k].kind === 'num') break;
    const p = periodWord(w);
    if (p && (['per', 'a', 'every', 'each'].includes(x.word(k - 1)) || /ly$/.test(w) || w === 'annual' || w === 'daily')) {
      if (HOUR_WORDS.has(x.word(k - 2)) || DAY_WORDS.has(x.word(k - 2))) break;
      return { word: p, at: k };
    }
    // "his week's pay is R5 000".
    if (/^(week|month|year|fortnight)'s$/.test(w)) return { word: periodWord(w.slice(0, -2))!, at: k };
    if (!PERIOD_FILLERS.has(w) && !['of', 'is', 'was', ':', 'cost', 'to', 'company', 'rate'].includes(w)) break;
  }
  return null;
}

interface Cue {
  role: AmountRole;
  start: number;
  end: number;
  p: Phrase;
}

/** Every role cue in the question, longest phrase first at each place. */
function cuesIn(x: Text): Cue[] {
  const out: Cue[] = [];
  for (let k = 0; k < x.t.length; k++) {
    const hit = ROLE_PHRASES.find((r) => x.at(k, r.p));
    if (!hit) continue;
    out.push({ role: hit.role, start: k, end: k + hit.p.length, p: hit.p });
    k += hit.p.length - 1;
  }
  return out;
}

/** How far a cue is from an amount in its clause, or null when they do not belong together. */
function cueDistance(x: Text, cue: Cue, i: number): number | null {
  const [from, to] = x.clause(i);
  if (cue.start < from || cue.end > to) return null;
  const between = cue.start > i ? x.t.slice(i + 1, cue.start) : x.t.slice(cue.end, i);
  // Another amount, or a joining word ("R30 000 salary plus R5 000 travel allowance"), separates them.
  if (between.some((b) => num(b) && (b.money || b.value >= 100) && !b.taxYear)) return null;
  if (between.some((b) => CONNECTORS.has(b.text))) return null;
  const d =
    between.filter((b) => !(periodWord(b.text) || PERIOD_FILLERS.has(b.text))).length +
    // "30k pm bonus 30k": a period closes its amount, so the cue after it is the next amount's.
    (cue.start > i && between.some((b) => periodWord(b.text)) ? 1 : 0);
  const weak = cue.role === 'salary' && ['on', 'paid', 'gets', 'getting', 'earns', 'earn', 'earning', 'pay'].includes(cue.p[0]) ? 1.5 : 0;
  return d + (cue.start > i ? 0 : 0.4) + weak - (cue.p.length > 1 ? 0.3 : 0);
}

function readAmounts(r: Reader): (Amount & { i: number })[] {
  const { x } = r;
  const amounts: (Amount & { i: number; cue?: Cue; list?: boolean })[] = [];
  const cues = cuesIn(x);
  const hasMoney = x.t.some((t) => num(t) && t.money);
  for (const t of x.t) {
    if (!num(t) || x.taken.has(t.i) || t.taxYear) continue;
    const period = periodNear(x, t.i);
    if (period) r.periodsTaken.add(period.at);
    // Money: written as money, or large, or a rate with its unit; a bare small number among amounts is not pay.
    const hourly = period?.word === 'hourly';
    const at = ['at', '@'].includes(x.word(t.i - 1)) && r.hours.length > 0 && t.value < 1000;
    const moneyish =
      t.money ||
      (t.value >= 1000 && isInt(t.value)) ||
      (t.value >= 100 && (!!period || cues.some((c) => cueDistance(x, c, t.i) !== null))) ||
      (t.value >= 5 && (hourly || at || period?.word === 'daily'));
    if (!moneyish) continue;
    x.taken.add(t.i);
    if (
      hourly ||
      (!period && at && !hasMoney) ||
      (!period && at && t.value < 200) ||
      (!period && /^(hourly|rate)$/.test(x.word(t.i - 1)) && !['daily', 'day'].includes(x.word(t.i - 2)))
    ) {
      amounts.push({ role: 'hourlyRate', value: t.value, i: t.i });
      continue;
    }
    if (
      period?.word === 'daily' ||
      (!period &&
        x.endsBefore(
          t.i,
          [
            ['daily', 'wage'],
            ['daily', 'rate'],
            ['day', 'rate'],
            ['daily', 'pay'],
            ["day's", 'wage'],
            ["day's", 'pay'],
            ['day', "'s", 'pay'],
            ['per', 'day'],
          ],
          2,
        ))
    ) {
      amounts.push({ role: 'dailyRate', value: t.value, i: t.i });
      continue;
    }
    const limitBefore = x.endsBefore(t.i, P.limits, 1) && !x.endsBefore(t.i, [['on'], ['earning'], ['earns'], ['paid'], ['gets']], 0);
    const limitAfter = [1, 2].some((k) => ['ceiling', 'threshold', 'limit', 'cap', 'exemption', 'rebate'].includes(x.word(t.i + k)));
    if (limitBefore || limitAfter) {
      amounts.push({ role: 'other', value: t.value, i: t.i });
      continue;
    }
    const a: Amount & { i: number } = { role: 'salary', value: t.value, i: t.i };
    const p = period ? PERIOD_OF[period.word] : undefined;
    if (p) a.period = p;
    amounts.push(a);
  }
  // Each cue to its nearest amount, nearest pairs first; a salary cue may serve a whole list.
  const open = amounts.filter((a) => a.role === 'salary' && !('cue' in a));
  const pairs: { a: (typeof amounts)[number]; c: Cue; d: number }[] = [];
  for (const a of open)
    for (const c of cues) {
      const d = cueDistance(x, c, a.i);
      if (d !== null && d <= 6) pairs.push({ a, c, d });
    }
  pairs.sort((p, q) => p.d - q.d);
  const usedCue = new Set<Cue>();
  const done = new Set<(typeof amounts)[number]>();
  for (const { a, c } of pairs) {
    if (done.has(a) || (usedCue.has(c) && c.role !== 'salary')) continue;
    a.role = c.role;
    a.cue = c;
    usedCue.add(c);
    done.add(a);
  }
  // An amount with no cue of its own, listed right after another ("was it R14 872 or R17 712?"), is the same kind.
  for (let k = 1; k < amounts.length; k++) {
    const a = amounts[k];
    const prev = amounts[k - 1];
    if (a.cue || a.role !== 'salary' || ['hourlyRate', 'dailyRate', 'salary'].includes(prev.role)) continue;
    const between = x.t.slice(prev.i + 1, a.i).filter((b) => !periodWord(b.text));
    if (between.length <= 2 && between.every((b) => [',', 'and', 'or', '&', '/'].includes(b.text))) a.role = prev.role;
  }
  refineRoles(r, amounts);
  // A period written once at the end of a list is the whole list's ("R8 000, R15 500 and R31 000 a month", "…, all monthly").
  const sentence = (i: number) => x.clause(i, true);
  const all = x.find([
    ['all', 'monthly'],
    ['both', 'monthly'],
    ['all', 'per', 'month'],
    ['both', 'per', 'month'],
    ['all', 'weekly'],
    ['both', 'weekly'],
    ['all', 'annual'],
    ['both', 'annual'],
  ])[0];
  for (const a of amounts) {
    if (a.period || !PAY_ROLES.has(a.role)) continue;
    if (all) {
      a.period = PERIOD_OF[periodWord(x.word(all.end - 1)) ?? periodWord(x.word(all.start + 1)) ?? 'monthly'];
      continue;
    }
    const [, end] = sentence(a.i);
    const last = amounts.filter((b) => b.i > a.i && b.i < end && PAY_ROLES.has(b.role)).at(-1);
    if (last?.period && amounts.indexOf(last) === amounts.filter((b) => b.i < end).length - 1) {
      const gap = x.t.slice(a.i + 1, last.i);
      if (gap.every((b) => !periodWord(b.text))) a.period = last.period;
    }
    // "annual payroll R600 000": the cue names the period.
    const cuePeriod = a.cue?.p.map((w) => PERIOD_OF[periodWord(w) ?? ('' as PeriodWord)]).find(Boolean);
    if (cuePeriod) a.period = cuePeriod;
  }
  // A "package" with no period is a year's.
  for (const a of amounts) if (a.role === 'ctc' && !a.period && a.cue?.p.includes('package')) a.period = 'annual';
  return amounts.map(({ cue: _c, list: _l, ...a }) => a);
}

/** Fund and medical contributions: the employer's when the employer pays them or they are part of a package. */
function refineRoles({ x }: Reader, amounts: (Amount & { i: number })[]): void {
  const ctc = amounts.some((a) => a.role === 'ctc');
  // Inside a package, "R3 000 medical aid" is the employer's contribution to the scheme.
  if (ctc) for (const a of amounts) if (a.role === 'salary' && x.startsAt(a.i + 1, P.medical, 1)) a.role = 'employerMedical';
  for (const a of amounts) {
    if (!['retirement', 'employerMedical', 'employerRetirement'].includes(a.role)) continue;
    const [from] = x.clause(a.i, true);
    const before = (list: Phrase[]) => {
      let at = -1;
      for (let k = from; k < a.i; k++) if (list.some((p) => x.at(k, p))) at = k;
      return at;
    };
    const employer = before(P.employer);
    const employee = before(P.employee);
    const explicit = a.role === 'employerRetirement';
    const byEmployer =
      explicit || ctc || (employer >= 0 && employer > employee) || x.find(P.employer).some((m) => m.start > a.i && m.start - a.i <= 4);
    if (a.role === 'retirement' && byEmployer && !explicit) a.role = 'employerRetirement';
    else if (a.role === 'employerMedical' && !byEmployer) a.role = 'other';
  }
  // "employer pension R2 240 and medical R1 260": the employer named for the first contribution pays the next one too.
  amounts.forEach((a, k) => {
    if (
      a.role === 'salary' &&
      k > 0 &&
      amounts[k - 1].role === 'employerRetirement' &&
      (x.endsBefore(a.i, P.medical, 3) || x.startsAt(a.i + 1, P.medical, 1))
    )
      a.role = 'employerMedical';
  });
  // Plural pay words ("R1.2m in salaries") are a payroll, but a list of salaries is salaries.
  const pays = amounts.filter((a) => a.role === 'salary' || a.role === 'payroll');
  if (pays.length >= 3) for (const a of pays) if (a.role === 'payroll') a.role = 'salary';
}

/** Hours: those a pay is for ("R1 800 a week for 45 hours") are the working pattern; the others are worked. */
function readHours(r: Reader, amounts: (Amount & { i: number })[]): void {
  const { x, s, hours } = r;
  const pay = amounts.find((a) => a.role === 'salary' || a.role === 'dailyRate');
  for (const h of hours) {
    if (h.per !== null || !h.forPay || !pay || h.i < pay.i || h.i - pay.i > 6) continue;
    // "R1 800 a week for 45 hours" is the working week; "R4 000 (a month) for 160 hours" stays the hours that pay is for.
    h.per = pay.role === 'dailyRate' ? 'day' : pay.period === 'weekly' ? 'week' : null;
  }
  // "R2 000 for a 40 hour week": the pay is the week's.
  const week = hours.find((h) => h.per === 'week' && pay && h.i > pay.i && h.i - pay.i <= 5);
  if (pay && pay.role === 'salary' && !pay.period && week) pay.period = 'weekly';
  for (const h of hours) {
    if (h.per === 'week') s.hoursPerWeek ??= h.value;
    else if (h.per === 'month') s.hoursPerMonth ??= h.value;
    else if (h.per === 'day') s.hoursPerDay ??= h.value;
  }
  const worked = hours.filter((h) => h.per === null);
  if (!worked.length) return;
  // Of several, the hours next to the event asked about ("10 hours overtime").
  const near = worked.find((h) => x.startsAt(h.i + 2, P.hourEvents) || x.endsBefore(h.i, P.hourEvents, 1)) ?? worked[0];
  s.hours ??= near.value;
}

/** A number left alone where ages sit: "R35 000 a month, 45, medical aid for 2", "paye 22000 55". */
function readBareAge({ x, s }: Reader, amounts: Amount[]): void {
  if (s.age !== undefined || !amounts.length) return;
  for (const t of x.t) {
    if (!num(t) || x.taken.has(t.i) || t.money || !isInt(t.value) || t.value < 15 || t.value > 110) continue;
    const next = x.t[t.i + 1];
    const prev = x.t[t.i - 1];
    const alone =
      !next ||
      next.kind === 'punct' ||
      [
        'and',
        'with',
        'on',
        'earning',
        'who',
        'no',
        'medical',
        'paid',
        'getting',
        'male',
        'female',
        'man',
        'woman',
        'lady',
        'guy',
        'tax',
        'paye',
        'net',
      ].includes(next.text);
    const lead =
      !prev ||
      prev.kind === 'punct' ||
      prev.kind === 'num' ||
      ['employee', 'worker', 'person', 'someone', 'pensioner', 'aged', 'she', 'he', 'age', 'for', 'pm', 'monthly', 'pa'].includes(
        prev.text,
      ) ||
      !!periodWord(prev.text);
    if (alone && lead) {
      s.age = t.value;
      x.taken.add(t.i);
      return;
    }
  }
}

const ADVERB_PERIODS = new Set(['monthly', 'weekly', 'fortnightly', 'annually', 'annual', 'yearly', 'pm', 'pa', 'pw', 'p/m', 'p/a']);

/** Period words no amount took: the period of a pay that has none, or the one the answer is wanted in. */
function readLoosePeriods({ x, s, e, periodsTaken }: Reader): void {
  const found = new Set<Period>();
  const t = x.t;
  for (let k = 0; k < t.length; k++) {
    const p = PERIOD_OF[periodWord(t[k].text) as PeriodWord];
    if (!p || periodsTaken.has(k)) continue;
    const prev = x.word(k - 1);
    const next = x.word(k + 1);
    // A noun ("week", "month", "year") counts with "per", "a", "each", "every" or "for the"; an adverb ("monthly") alone.
    const determined =
      ['per', 'a', 'an', 'each', 'every', 'p'].includes(prev) || (prev === 'the' && ['for', 'over', 'whole'].includes(x.word(k - 2)));
    if (!ADVERB_PERIODS.has(t[k].text) && !determined) continue;
    // Not about pay: "45 hours a week", "3 days a week", "annual leave", "monthly payroll", "per week" of overtime hours.
    const behind = ['a', 'per', 'each', 'every', 'p', 'an'].includes(prev) ? x.word(k - 2) : prev;
    if (
      num(t[k + 1]) ||
      (num(t[k - 2]) && behind !== prev) ||
      ['hours', 'hour', 'hrs', 'h', 'days', 'day', 'shifts', 'shift', 'times', 'overtime', 'leave', 'once', 'twice'].includes(behind)
    )
      continue;
    if (
      [
        'leave',
        'payroll',
        'bonus',
        'reconciliation',
        'recon',
        'return',
        'increase',
        'cycle',
        'accrual',
        'emp201',
        'emp501',
        'declaration',
        'limit',
        'cap',
        'window',
        'tables',
        'table',
        'paid',
        'wages',
        'salaries',
        'fringe',
        'figure',
        'premium',
      ].includes(next)
    )
      continue;
    found.add(p);
  }
  const periods = [...found];
  e.loosePeriods = periods;
  if (!periods.length) return;
  const pay = s.amounts?.find((a) => a.role === 'salary' || a.role === 'ctc' || a.role === 'payroll' || a.role === 'commission');
  if (pay && !pay.period && !(pay.value >= 200_000 && periods[0] !== 'annual')) pay.period = periods[0];
  else if (pay) {
    const want = periods.find((p) => p !== pay.period);
    if (want) s.wantPeriod = want;
  } else if (s.amounts?.some((a) => a.role === 'hourlyRate' || a.role === 'dailyRate')) s.wantPeriod = periods[0];
}
