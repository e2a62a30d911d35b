// The built-in assistant's question parser. Pure: a question (and the previous calculation, if any) in;
// what it asks and the numbers in it out. Every number is read with the words around it, so a year is
// never a salary, an age is never an amount, "4 people" is a count and "R1 500 bonus" is a bonus.

export type Topic = 'paye' | 'payslip' | 'uif' | 'sdl' | 'eti' | 'overtime' | 'leave' | 'notice' | 'minimum-wage' | 'tax-threshold';
export type Period = 'monthly' | 'fortnightly' | 'weekly' | 'annual';
export type AgeBand = 'under65' | '65to74' | '75plus';
export type LeaveKind = 'annual' | 'sick' | 'family';
export type Intent = 'calculate' | 'knowledge' | 'greeting' | 'off-topic';

export interface Facts {
  /** Regular pay for `period`, in rands. */
  salary?: number;
  period?: Period;
  age?: number;
  /** "under 65", "65 to 74", "over 75": a band rather than an age. */
  ageBand?: AgeBand;
  /** People on the medical scheme, the main member included. */
  medicalMembers?: number;
  /** "on medical aid" without a count. */
  onMedicalAid?: boolean;
  /** The tax year by its ending year (2025/26 → 2026). */
  taxYear?: number;
  /** "last tax year" (-1), "this tax year" (0), "next tax year" (1): resolved against today by the engine. */
  taxYearOffset?: -1 | 0 | 1;
  /** A calendar year named on its own ("the minimum wage in 2025"). */
  calendarYear?: number;
  bonus?: number;
  /** "a 13th cheque" with no amount of its own: a month's salary. */
  thirteenthCheque?: boolean;
  commission?: number;
  retirement?: number;
  /** The period the retirement contribution is given for, when it differs from the pay's ("R200 000 a year, R5 000 a month to a pension"). */
  retirementPeriod?: Period;
  annualPayroll?: number;
  hourlyRate?: number;
  dailyWage?: number;
  /** Hours worked (overtime, on a Sunday or public holiday, or for a stated pay). */
  hours?: number;
  hoursPerWeek?: number;
  hoursPerMonth?: number;
  monthsEmployed?: number;
  /** The month of employment an ETI claim is for ("in her 3rd month"). */
  monthOfEmployment?: number;
  daysPerWeek?: number;
  daysWorked?: number;
  sunday?: boolean;
  ordinarilyWorksSunday?: boolean;
  publicHoliday?: boolean;
  /** "a public holiday on which she would not normally work". */
  holidayNotWorkday?: boolean;
  workerType?: 'general' | 'farm' | 'domestic';
  epwp?: boolean;
  sdlExempt?: boolean;
  /** The pay given is a cost-to-company package ("CTC R600 000"). */
  ctc?: boolean;
  /** "3 employees earning R10 000 each": how many are paid the amount given. */
  headcount?: number;
}

/** The calculator call of the previous turn, which a follow-up changes one input of. */
export interface PreviousCall {
  name: string;
  input: Record<string, unknown>;
}

export interface ParsedQuestion {
  intent: Intent;
  /** The calculator the question is about (the previous one for a bare follow-up). */
  topic: Topic | null;
  facts: Facts;
  /** Leans on the previous calculation ("and if she is 66?", "what about R35 000 instead?"). */
  followUp: boolean;
  /** The period the answer is wanted in, when the question names one apart from the pay's ("monthly PAYE on R480 000 a year"). */
  wantPeriod?: Period;
  leaveKind?: LeaveKind;
  /** What leads a payslip: net pay, the employer's cost, or the deductions when several are asked for at once. */
  wants?: 'net' | 'cost' | 'deductions';
  /** Asks about rebates or medical credits (figures read from the tax tables). */
  asksRebates?: boolean;
  asksMedicalCredit?: boolean;
  /** Any word that shows the question is about payroll at all. */
  payroll: boolean;
}

// ── Normalising ───────────────────────────────────────────────────────────────────

const UNITS: Record<string, number> = {
  one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12,
  thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16, seventeen: 17, eighteen: 18, nineteen: 19,
};
const TENS: Record<string, number> = { twenty: 20, thirty: 30, forty: 40, fifty: 50, sixty: 60, seventy: 70, eighty: 80, ninety: 90 };
const ORDINALS: Record<string, string> = {
  first: '1st', second: '2nd', third: '3rd', fourth: '4th', fifth: '5th', sixth: '6th', seventh: '7th', eighth: '8th', ninth: '9th',
  tenth: '10th', eleventh: '11th', twelfth: '12th', thirteenth: '13th', fourteenth: '14th', fifteenth: '15th', twentieth: '20th',
};
// Nouns a spelled-out "one" counts ("one dependant"); elsewhere "one" is left alone ("no one", "which one").
const COUNTED = '(?:hours?|days?|weeks?|months?|years?|dependants?|dependents?|child|children|kids?|persons?|people|members?|additional|extra|fortnight)';

/** Lower case, one kind of space, dash and quote; numbers in figures; tax years as `taxyear2027`; "R28 500" as `r28500`. */
export function normalise(question: string): string {
  let s = question.toLowerCase().normalize('NFKC');
  s = s.replace(/[\u00a0\u202f\u2009\u2007\t\n\r]/g, ' ').replace(/[‐‑‒–—−]/g, '-').replace(/[’‘`]/g, "'").replace(/[“”]/g, '"');
  s = s.replace(/\b(twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)[- ](one|two|three|four|five|six|seven|eight|nine)\b/g, (_m, t: string, u: string) => String(TENS[t] + UNITS[u]));
  s = s.replace(/\b(two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)\b/g, (w) => String(UNITS[w] ?? TENS[w]));
  s = s.replace(new RegExp(`\\b(one|a single)(?=[- ]${COUNTED}\\b)`, 'g'), '1');
  s = s.replace(/\b(first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|thirteenth|fourteenth|fifteenth|twentieth)\b/g, (w) => ORDINALS[w]);
  // Tax years before amounts, so their digits never join one: 2025/26, 2025-26, 2025/2026, 25/26.
  s = s.replace(/\b(20\d\d) ?[/-] ?(20)?(\d\d)\b/g, (m, a: string, _c, b: string) => ((Number(a) + 1) % 100 === Number(b) ? ` taxyear${Number(a) + 1} ` : m));
  s = s.replace(/(?<![\d/])([2-4]\d)\/(\d\d)(?![\d/])/g, (m, a: string, b: string) => (Number(a) + 1 === Number(b) ? ` taxyear20${b} ` : m));
  // A decimal comma after an amount: "R2 771,25".
  s = s.replace(/(r ?\d[\d ]*),(\d\d)(?!\d)/g, '$1.$2');
  // Grouped thousands: "28 500", "28,500", "1 250 000.50".
  s = s.replace(/(?<![\d.,])(\d{1,3})((?:[ ,]\d{3})+)(?!\d|,\d)/g, (_m, head: string, groups: string) => head + groups.replace(/[ ,]/g, ''));
  s = s.replace(/\b(r|zar) ?(?=\d)/g, 'r');
  return s.replace(/\s+/g, ' ').trim();
}

// ── Numbers ───────────────────────────────────────────────────────────────────────

interface Num {
  value: number;
  start: number;
  end: number;
  /** Written as money: with R, a unit (28.5k) or "rand". */
  money: boolean;
}

function numbersIn(s: string): Num[] {
  const out: Num[] = [];
  // A unit counts only as a whole word: "8 months" is not 8 million.
  const re = /(?<![a-z\d.])(r)?(\d+(?:\.\d+)?)(?: ?(k|m|mil|million|thousand|bn|billion)(?![a-z\d]))?/g;
  for (const m of s.matchAll(re)) {
    let value = Number(m[2]);
    const unit = m[3];
    if (unit === 'k' || unit === 'thousand') value *= 1_000;
    else if (unit === 'm' || unit === 'mil' || unit === 'million') value *= 1_000_000;
    else if (unit === 'bn' || unit === 'billion') value *= 1_000_000_000;
    const end = m.index + m[0].length;
    const money = !!m[1] || !!unit || /^ ?(rands?|zar)\b/.test(s.slice(end, end + 6));
    out.push({ value: Math.round(value * 100) / 100, start: m.index, end, money });
  }
  return out;
}

/** What a number was read as; numbers without a role are still free. */
type Role = 'tax-year' | 'year' | 'date' | 'ordinal' | 'percent' | 'reference' | 'count' | 'limit' | 'other' | keyof Facts;

class Reading {
  readonly facts: Facts = {};
  private readonly roles = new Map<Num, Role>();
  constructor(
    readonly s: string,
    readonly nums: Num[],
  ) {}

  free(): Num[] {
    return this.nums.filter((n) => !this.roles.has(n));
  }
  take(n: Num, role: Role): void {
    this.roles.set(n, role);
  }
  /** Text just before / after a number, cut at the previous / next clause boundary. */
  before(n: Num, chars = 30): string {
    const text = this.s.slice(Math.max(0, n.start - chars), n.start);
    const cut = Math.max(text.lastIndexOf(','), text.lastIndexOf(';'), text.lastIndexOf('?'), text.lastIndexOf('. '));
    return cut >= 0 ? text.slice(cut + 1) : text;
  }
  after(n: Num, chars = 30): string {
    const text = this.s.slice(n.end, n.end + chars);
    const cut = text.search(/[,;?!]|\. /);
    return cut >= 0 ? text.slice(0, cut) : text;
  }
  set<K extends keyof Facts>(key: K, value: Facts[K], n?: Num): void {
    if (this.facts[key] === undefined) this.facts[key] = value;
    if (n) this.take(n, key);
  }
}

const MONTH_NAMES = 'jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|jun(?:e)?|jul(?:y)?|aug(?:ust)?|sep(?:t|tember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?';

// ── Readers, in order: each takes the numbers it is sure of ───────────────────────────────

function readTaxYear(r: Reading): void {
  const { s } = r;
  const y =
    /taxyear(20\d\d)/.exec(s) ??
    /\b(20\d\d) (?:tax year|year of assessment|tax tables?)\b/.exec(s) ??
    /\b(?:tax year|year of assessment|tax tables?)(?: of| for| ending| ended| to)?(?: (?:28|29) )?(?: ?feb(?:ruary)?)? (20\d\d)\b/.exec(s);
  if (y) r.facts.taxYear = Number(y[1]);
  else if (/\b(last|previous|prior|past) (tax )?year\b|\blast year'?s\b/.test(s)) r.facts.taxYearOffset = -1;
  else if (/\bnext (tax )?year\b/.test(s)) r.facts.taxYearOffset = 1;
  else if (/\b(this|current|the current) tax year\b/.test(s)) r.facts.taxYearOffset = 0;
  for (const n of r.free()) {
    const a = r.after(n, 14);
    const b = r.before(n, 16);
    if (!n.money && Number.isInteger(n.value) && n.value >= 1990 && n.value <= 2100 && !/^ ?(hours?|h\b|employees|staff|people)/.test(a)) {
      r.take(n, 'year');
      if (!y && /\b(in|for|during|of|from|since)\s*$/.test(b)) r.facts.calendarYear = n.value;
    } else if (!n.money && n.value <= 31 && (new RegExp(`^ ?(${MONTH_NAMES})\\b`).test(a) || new RegExp(`\\b(${MONTH_NAMES})\\s*$`).test(b))) {
      r.take(n, 'date');
    }
  }
}

function readOrdinals(r: Reading): void {
  for (const n of r.free()) {
    const a = r.after(n, 24);
    const ord = /^(st|nd|rd|th)\b/.exec(a);
    if (!ord) continue;
    const next = a.slice(ord[0].length);
    if (/^ ?(month)\b/.test(next)) r.set('monthOfEmployment', n.value, n);
    else if (/^ ?(year|12[- ]months?)\b/.test(next)) {
      // "the 2nd year", "in the second 12 months": the first month of that year of employment.
      r.set('monthOfEmployment', (n.value - 1) * 12 + 1, n);
      const twelve = r.free().find((x) => x.value === 12 && x.start > n.end && x.start <= n.end + ord[0].length + 1);
      if (twelve) r.take(twelve, 'count');
    } else r.take(n, 'ordinal');
  }
  const month = /\bmonth (?:number |no\.? )?(\d{1,2})\b/.exec(r.s);
  if (month) {
    const n = r.free().find((x) => x.start === month.index + month[0].length - month[1].length);
    if (n) r.set('monthOfEmployment', n.value, n);
  }
}

function readUnits(r: Reading): void {
  for (const n of r.free()) {
    const a = r.after(n, 30);
    const b = r.before(n, 30);
    if (/^ ?(%|percent|per cent)/.test(a)) r.take(n, 'percent');
    else if (!n.money && /\b(section|sec|act|gazette|no\.|number|regulation|item|paragraph|par|para|form|page|schedule)\.? ?$/.test(b)) r.take(n, 'reference');
    else if (!n.money && Number.isInteger(n.value) && n.value > 1 && /^ ?(employees|staff|workers|people|persons|members? of staff)\b/.test(a) && /\beach\b|\bper (employee|person|head|worker)\b/.test(r.s)) r.set('headcount', n.value, n);
    else if (!n.money && /^ ?(employees|staff|workers|people|persons|times|occasions|members? of staff|kids|children|cents?|c\/km|km|kilomet)/.test(a)) r.take(n, 'count');
  }
}

const AGE_AFTER = /^ ?-? ?(years?|yrs?|yr)[- ]?old\b|^ ?-? ?(y\/?o|yo)\b|^ ?(years?|yrs?) of age\b|^ ?(years?|yrs?) (old )?(on|at) (the )?(end|last day)/;
const AGE_BEFORE =
  /\b(aged|age|age:|age of|aged about|ages|pensioner of|pensioner aged|retiree of|retiree aged|senior of|(?:she|he|they|employee|worker|person|pensioner|retiree)(?:'s| is| was| will be| turns| turned| turning| becomes| aged)|turns|turned|turning|is now|will be|who is|who's|becomes|and is|is aged|\bis)\s*$/;

function readAges(r: Reading): void {
  // "R20 000, 45 yrs": years on their own are an age unless the question is about service.
  const service = /\b(notice|leave|employed|employment|service|worked|working for|been with|tenure|severance|eti|incentive)\b/.test(r.s);
  for (const n of r.free()) {
    if (n.money || !Number.isInteger(n.value) || n.value > 150) continue;
    const a = r.after(n, 24);
    const b = r.before(n, 26);
    const bareYears = !service && n.value >= 15 && n.value <= 110 && /^ ?(years?|yrs?)\b(?! (of service|service|employed|with|at|in|working|ago))/.test(a);
    if (AGE_AFTER.test(a) || bareYears || (AGE_BEFORE.test(b) && !/^ ?(hours?|hrs?|h\b|days?|weeks?|months?|years?|%|people|members|dependants|employees)/.test(a))) {
      r.set('age', n.value, n);
    }
  }
  const { s } = r;
  const band = /\b(?:between )?(65) ?(?:to|-|and|–) ?(74)\b/.exec(s);
  if (band) markTaken(r, band, '65to74');
  else if (/\b(under|below|younger than|less than)[- ]65s?\b/.test(s)) markBand(r, /^65$/, 'under65');
  else if (/\b75 ?(\+|and (older|over|above)|or (older|over|more))|\b(over|above|older than)[- ]75s?\b|\b75 plus\b/.test(s)) markBand(r, /^75$/, '75plus');
  else if (/\b65 ?(\+|and (older|over|above)|or (older|over|more))|\b(over|above|older than)[- ]65s?\b|\b65 plus\b/.test(s)) markBand(r, /^65$/, '65to74');
  if (r.facts.ageBand === undefined && /\b(pensioners?|retirees?|seniors?|senior citizens?|elderly|old age)\b/.test(s) && r.facts.age === undefined) r.facts.ageBand = '65to74';
}

function markBand(r: Reading, re: RegExp, band: AgeBand): void {
  r.facts.ageBand = band;
  for (const n of r.free()) if (re.test(r.s.slice(n.start, n.end))) r.take(n, 'ageBand');
}
function markTaken(r: Reading, m: RegExpExecArray, band: AgeBand): void {
  r.facts.ageBand = band;
  for (const n of r.free()) if (n.start >= m.index && n.end <= m.index + m[0].length) r.take(n, 'ageBand');
}

const DEPENDANTS = '(?:dependants?|dependents?|deps?|beneficiar(?:y|ies)|family members?)';
const PEOPLE = '(?:people|persons?|members?|beneficiar(?:y|ies)|lives|family members|in (?:the|her|his|their) family)';
const MEDICAL = '(?:medical aid|medical scheme|med aid|medical|medicalaid|health insurance)';

function readMedical(r: Reading): void {
  const { s } = r;
  // The count is the pattern's first group; `plus` adds the main member to a number of dependants.
  const count = (re: RegExp, plus = 0) => {
    const m = new RegExp(re.source, 'd').exec(s);
    if (!m?.indices?.[1]) return false;
    const [start, end] = m.indices[1];
    for (const n of r.free()) if (n.start === start && n.end === end) r.take(n, 'medicalMembers');
    r.facts.medicalMembers = Number(m[1]) + plus;
    return true;
  };
  if (new RegExp(`\\b(no|without|not on( a)?|not a member of( a)?|doesn't have( a)?|does not have( a)?|has no|isn't on( a)?|is not on( a)?|not belong to( a)?|don't have( a)?|do not have( a)?|no longer on( a)?) ${MEDICAL}`).test(s)) {
    r.facts.medicalMembers = 0;
    return;
  }
  const notDependants = `(?!\\s*(?:additional |extra |more )?(?:${DEPENDANTS.slice(3, -1)}|hours?|days?|weeks?|months?|years?|kids?|child|children))`;
  const found =
    count(new RegExp(`\\b(?:main member|member|principal member|himself|herself|him|her|themselves|employee|the employee|self|herself and|himself and)\\s*(?:and|plus|\\+|with|&)\\s*(\\d+)\\s*(?:additional |extra |more )?${DEPENDANTS}`), 1) ||
    count(new RegExp(`\\b${MEDICAL}\\b[^.?!,;]{0,30}?\\b(?:for|covering|with|of|for a family of|family of)\\s*(\\d+)\\b${notDependants}`)) ||
    count(new RegExp(`\\b(\\d+)\\s*${PEOPLE}\\s*(?:on|in|covered by|under|using)\\s*(?:the|a|his|her|their)?\\s*${MEDICAL}`)) ||
    count(new RegExp(`\\b${MEDICAL}\\s*[:(-]?\\s*(\\d+)\\b${notDependants}(?!\\s*(?:k|rand|%|adults?))`)) ||
    count(/\bfamily of (\d+)\b/) ||
    count(new RegExp(`\\b(\\d+)\\s*(?:additional |extra |more )?${DEPENDANTS}`), 1);
  if (!found) {
    const people = householdOnScheme(s);
    if (people !== null) r.facts.medicalMembers = people;
    else if (/\b(main member only|member only|single member|only (the )?main member|just (him|her)self|only (him|her)self|(him|her)self only)\b/.test(s)) r.facts.medicalMembers = 1;
    else if (new RegExp(`\\b${MEDICAL}\\b`).test(s) && !/\bmedical (tax )?credits?\b/.test(s)) r.facts.onMedicalAid = true;
  }
  for (const n of r.free()) if (!n.money && new RegExp(`^ ?(additional |extra )?(${DEPENDANTS}|${PEOPLE})`).test(r.after(n, 24))) r.take(n, 'count');
}

/** "herself, her husband and 2 children" on medical aid: 4. Null when the question names no household. */
function householdOnScheme(s: string): number | null {
  if (!new RegExp(`\\b${MEDICAL}\\b`).test(s)) return null;
  let people = 0;
  const adults = /\b(\d+) adults?\b/.exec(s);
  if (adults) people += Number(adults[1]) - 1;
  else if (/\b(spouse|wife|husband|partner)\b/.test(s)) people += 1;
  const kids = /\b(\d+) (?:kids?|children|child)\b/.exec(s);
  if (kids) people += Number(kids[1]);
  else if (/\b(a|1|one) (?:kid|child|baby|son|daughter)\b|\b(his|her|their) (?:kid|child|son|daughter)\b/.test(s)) people += 1;
  return people > 0 ? people + 1 : null;
}

function readWork(r: Reading): void {
  for (const n of r.free()) {
    const a = r.after(n, 30);
    const b = r.before(n, 30);
    if (/^ ?(\/ ?|per |an |a |p\/? ?)(hour|hr|h)\b|^ ?ph\b|^ ?p\/h\b|^ ?(an|per) hr\b|^ ?hourly\b/.test(a) || /\b(hourly (rate|wage|pay)|rate per hour|wage per hour|paid per hour)( of| is| was|:)?\s*$/.test(b)) {
      r.set('hourlyRate', n.value, n);
    } else if (/^ ?-?(hours?|hrs?|h)\b/.test(a) && !n.money) {
      // "45 hours a week", and "a 45-hour week"
      const per = /^ ?(?:hours?|hrs?|h) (?:a|per|each|every|in a|in the) (week|month|day)\b/.exec(a) ?? /^ ?-?(?:hours?|hrs?) (?:working |work )?(week|month|day)\b/.exec(a);
      if (per?.[1] === 'week') r.set('hoursPerWeek', n.value, n);
      else if (per?.[1] === 'month') r.set('hoursPerMonth', n.value, n);
      else if (per?.[1] === 'day') r.take(n, 'count');
      else r.set('hours', n.value, n);
    } else if ((n.money || n.value >= 50) && (/^ ?(\/ ?|per |a |an )day\b|^ ?daily\b/.test(a) || /\b(daily (wage|rate|pay)|day's (pay|wage))( of| is|:)?\s*$/.test(b))) {
      r.set('dailyWage', n.value, n);
    } else if (!n.money && /^ ?-?(days?|day) ?(a|per|each|every|in a|in the)? ?(working |work )?week\b|^ ?-?day (working |work )?week\b/.test(a)) {
      r.set('daysPerWeek', n.value, n);
    } else if (!n.money && (/^ ?(working )?days? (worked|at work|on the job)\b/.test(a) || (/\b(worked|working|working for|worked for|has worked|after)\s*$/.test(b) && /^ ?days?\b/.test(a)))) {
      r.set('daysWorked', n.value, n);
    } else if (!n.money && /^ ?(months?|mths?|mnths?)\b/.test(a) && !/^ ?months? old/.test(a)) {
      r.set('monthsEmployed', n.value, n);
    } else if (!n.money && /^ ?(years?|yrs?)\b/.test(a) && !AGE_AFTER.test(a)) {
      r.set('monthsEmployed', n.value * 12, n);
    } else if (!n.money && /^ ?weeks?\b/.test(a) && /\b(employed|working|worked|service|started|been)\b/.test(`${b} ${a}`)) {
      r.set('monthsEmployed', Math.round(((n.value * 12) / 52) * 100) / 100, n);
    } else if (!n.money && /^ ?(days?|weeks?|months?|years?)\b/.test(a)) {
      r.take(n, 'count');
    }
  }
  const { s, facts } = r;
  if (facts.monthsEmployed === undefined) {
    if (/\b(for|employed|worked|working|service of|been with (me|us|the company)( for)?) (a|1|one) year\b|\b(a|one) year'?s? (of )?service\b/.test(s)) facts.monthsEmployed = 12;
    else if (/\b(for|employed|worked) (a|1|one) month\b/.test(s)) facts.monthsEmployed = 1;
    else if (/\bhalf a year\b/.test(s)) facts.monthsEmployed = 6;
  }
  if (facts.daysPerWeek === undefined && /\bfull[- ]time\b/.test(s) && /\bleave\b/.test(s)) facts.daysPerWeek = 5;
  if (/\bsundays?\b/.test(s)) facts.sunday = true;
  const ordinarily = /\b(usually|normally|ordinarily|regularly|always) works? (on )?sundays?\b|\bsunday is a (normal|ordinary|usual) (work|working)? ?day\b|\bworks? (every|on) sundays?\b/.exec(s);
  if (ordinarily) facts.ordinarilyWorksSunday = !/\b(not|never|doesn't|don't|does not|do not|isn't|rarely|seldom)\s+(\w+\s+)?$/.test(s.slice(Math.max(0, ordinarily.index - 20), ordinarily.index));
  if (/\bpublic holidays?\b|\b(christmas|new year's|freedom|workers'?|youth|heritage|women's|reconciliation|human rights|good friday|family) day\b/.test(s)) facts.publicHoliday = true;
  if (/\b(not|wouldn't|would not|doesn't|does not|isn't|is not) (normally |usually |ordinarily )?(a )?(work(ing)?|work day|working day)\b|\bday (s?he|they) (would not|wouldn't|does not|doesn't) (normally |usually )?work\b|\bnot a (normal |usual )?(work|working) ?day\b|\bday off\b/.test(s)) facts.holidayNotWorkday = true;
  if (/\bdomestic\b|\b(nanny|gardener|housekeeper|char|maid)\b/.test(s)) facts.workerType = 'domestic';
  else if (/\bfarm ?(workers?|hands?|labourers?|employees?)\b|\bfarmworkers?\b/.test(s)) facts.workerType = 'farm';
  if (/\bepwp\b|\bexpanded public works\b/.test(s)) facts.epwp = true;
  if (/\b(pbo|public benefit organisation|municipality|public entity|public body)\b/.test(s) && /\bsdl|skills/.test(s)) facts.sdlExempt = true;
}

// What the words around an amount say it is. `_A` patterns read the text after it, `_B` the text before.
const LIMIT_B = /\b(under|below|less than|more than|over|above|exceeds?|exceeding|up to|at least|at most|not more than|no more than|threshold( of| is)?|ceiling( of| is)?|maximum( of| is)?|minimum( of| is)?|limit( of| is)?|cap( of| is)?)\s*$/;
const OTHER_A = /^ ?(\/ ?|per |a |an )?(km|kilomet)|^ ?(travel|car|vehicle|cell ?phone|phone|housing|subsistence|tool|uniform|meal|petrol|fuel|entertainment) ?(allowance|benefit)|^ ?(allowance|fringe benefit|loan)\b/;
const OTHER_B = /\b(allowance|loan|fringe benefit)( of| is)?\s*$/;
const BONUS_A = /^ ?(once-off |annual |year-end |yearend |performance |christmas |festive |incentive |a )?(bonus|13th|thirteenth)/;
const BONUS_B = /\b(bonus|13th cheque|13th check|thirteenth cheque|13th salary)( of| is| was| payment of| amount of| worth| paid| payout of|:)?\s*$/;
const COMMISSION_A = /^ ?(in |of )?(commission|comm)\b/;
const COMMISSION_B = /\bcommission( of| is| was| earned|:)?\s*$/;
const RETIREMENT_A = /^ ?(a month |per month |pm |monthly )?(to|into|in|towards|for)? ?(a |an |the |her |his |their |my )?(pension|provident|retirement|ra\b|r\.a\.|preservation)/;
const RETIREMENT_B = /\b(pension|provident|retirement|ra|retirement annuity|retirement fund)( fund)?( contributions?)?( of| is| was|:)?\s*$/;
const PAYROLL_B = /\b(annual|total annual|yearly|expected|projected|whole|entire|company'?s?|total) (payroll|wage bill|salary bill|leviable (pay|amount|remuneration)|remuneration bill)( of| is| will be| for the year| for the next 12 months|:)?\s*$/;
const PAYROLL_A = /^ ?(annual|yearly|total|a year|per year|per annum) ?(payroll|wage bill|salary bill)|^ ?(payroll|wage bill) ?(a |per |for the |each )?(year|annum|annually)/;

/** An employer's payroll for the year: "annual payroll R600 000", "R700k annual payroll", "payroll of R600k a year". */
function isAnnualPayroll(r: Reading, n: Num, a: string, b: string): boolean {
  if (PAYROLL_A.test(a)) return true;
  if (/\b(payroll|wage bill)( of| is)?\s*$/.test(b) && /^ ?(a |per |for the |each )?(year|annum|annually)\b/.test(a)) return true;
  // "total payroll R45 000 a month" is the month's payroll.
  return PAYROLL_B.test(b) && !['monthly', 'weekly', 'fortnightly'].includes(periodNear(r, n) ?? '');
}

function readMoney(r: Reading): void {
  for (const n of r.free()) {
    if (!n.money && n.value < 100) continue;
    const a = r.after(n, 32);
    const b = r.before(n, 34);
    if (OTHER_A.test(a) || OTHER_B.test(b)) r.take(n, 'other');
    else if (BONUS_A.test(a) || BONUS_B.test(b)) r.set('bonus', n.value, n);
    else if (COMMISSION_A.test(a) || COMMISSION_B.test(b)) r.set('commission', n.value, n);
    else if (RETIREMENT_A.test(a) || RETIREMENT_B.test(b) || (/\bcontribut\w*( of)?\s*$/.test(b) && /\b(pension|provident|retirement|ra)\b/.test(r.s))) {
      r.set('retirement', n.value, n);
      const p = periodNear(r, n);
      if (p) r.facts.retirementPeriod = p;
    } else if (isAnnualPayroll(r, n, a, b)) r.set('annualPayroll', n.value, n);
    else if (LIMIT_B.test(b)) r.take(n, 'limit');
  }
  const money = r.free().filter((n) => n.money || n.value >= 100);
  const first = money[0];
  if (first) {
    r.set('salary', first.value, first);
    const p = periodNear(r, first);
    if (p) r.facts.period = p;
    // "SDL on R50 000 monthly payroll, R600 000 for the year": the second amount is the annual payroll.
    const second = money[1];
    if (second && r.facts.annualPayroll === undefined && /\b(payroll|sdl|skills)\b/.test(r.s) && periodNear(r, second) === 'annual') r.set('annualPayroll', second.value, second);
    else if (second && r.facts.annualPayroll === undefined && /\b(sdl|skills)\b/.test(r.s) && second.value > first.value * 6) r.set('annualPayroll', second.value, second);
  }
  const thirteenth = /\b13th (cheque|check|salary|month)\b|\bthirteenth cheque\b/.test(r.s);
  if (thirteenth && r.facts.bonus === undefined) r.facts.thirteenthCheque = true;
}

const PERIOD_WORDS: [Period, RegExp][] = [
  ['fortnightly', /^(fortnight|fortnightly|bi-?weekly|2-weekly|2 weeks)$/],
  ['weekly', /^(week|weekly|wk|pw|p\/w|wkly)$/],
  ['monthly', /^(month|monthly|pm|p\/m|p\.m\.?|mth|mnth|pmth|mo|m)$/],
  ['annual', /^(year|yearly|annum|annually|annual|pa|p\/a|p\.a\.?|yr|ctc|package)$/],
];
// Words that may stand between an amount and its period: "R20 000 gross a month", "R480 000 per annum".
const FILLER = /^(gross|nett?|basic|salary|wage|wages|income|pay|paid|remuneration|before|after|tax|taxable|cash|total|rand|rands|zar|earnings|per|a|an|each|every|in|the|p|\/|x|salaried|package|\(|\))$/;

function periodWord(w: string): Period | undefined {
  for (const [p, re] of PERIOD_WORDS) if (re.test(w)) return p;
  return undefined;
}

/** The period written next to an amount: after it ("R20 000 a month", "60k p/m"), or just before ("monthly salary of R20 000"). */
function periodNear(r: Reading, n: Num): Period | undefined {
  const words = r.after(n, 36).replace(/\//g, ' / ').replace(/\bp \/ (m|w|a|h)\b/g, 'p/$1').replace(/\bevery 2 weeks\b|\bper 2 weeks\b/g, 'fortnight').split(/[\s]+/).filter(Boolean);
  for (const w of words.slice(0, 5)) {
    const p = periodWord(w.replace(/[.)]+$/, '').replace(/^\(/, ''));
    if (p) return p;
    if (!FILLER.test(w)) break;
  }
  const b = /\b(monthly|weekly|fortnightly|annual|yearly|annually|biweekly)( gross| basic| taxable| total| cash)? (salary|income|wage|pay|remuneration|package|earnings)( of| is| was|:)?\s*$/.exec(r.before(n, 40));
  if (b) return periodWord(b[1]);
  const per = /\b(?:per|a|each) (month|week|fortnight|year|annum)( of| is|:)?\s*(?:salary|pay|wage|income)?( of| is|:)?\s*$/.exec(r.before(n, 30));
  return per ? periodWord(per[1]) : undefined;
}

/** Periods named anywhere that are not about hours, days, leave or years of service. */
function periodsNamed(s: string): Period[] {
  const cleaned = s
    .replace(/\b(annual|monthly|yearly) (leave|payroll|bonus|reconciliation|return|submission|increase|cycle|accrual)\b/g, ' ')
    .replace(/\b(\d+(\.\d+)?|a|an|one|per|each) ?-?(hours?|hrs?|h|days?|shifts?|times?) (a|per|each|every|in a|in the) (week|month|year|fortnight)\b/g, ' ')
    .replace(/\b(days?|leave|hours?|notice) (a|per|each) (month|year|week)\b/g, ' ')
    .replace(/\b(tax|this|last|next|previous|first|second|1st|2nd|financial|calendar|leave) year\b|\byears?[- ](old|of service|of age|employed)\b|\b(\d+)[- ](years?|months?|weeks?)\b|\b(\d+)(st|nd|rd|th) (month|year|week)\b|\bmonth (of|number)\b|\b(months?|years?|weeks?) (of )?(service|employment|employed)\b/g, ' ')
    .replace(/\b(every|each|per|a|an) (hour|day)\b/g, ' ');
  const out: Period[] = [];
  for (const m of cleaned.matchAll(/\b(fortnightly|fortnight|bi-?weekly|weekly|week|monthly|month|pm|p\/m|annually|annual|yearly|year|annum|pa|p\.a\.|p\/a)\b/g)) {
    const p = periodWord(m[1]);
    if (p && !out.includes(p)) out.push(p);
  }
  return out;
}

/** A bare number left over is an age when it sits where ages sit: "R35 000 a month, 45, medical aid for 2". */
function readBareAge(r: Reading): void {
  if (r.facts.age !== undefined) return;
  for (const n of r.free()) {
    if (n.money || !Number.isInteger(n.value) || n.value < 15 || n.value > 110) continue;
    const a = r.s.slice(n.end, n.end + 16);
    const b = r.s.slice(Math.max(0, n.start - 12), n.start);
    const alone = /^\s*([,;)?!.]|$| and\b| with\b| on\b| earning\b| who\b| no\b| medical\b| paid\b| getting\b| male\b| female\b)/.test(a);
    // "paye 22000 55 medical aid 2": in a terse question a bare number right after the pay is the age.
    const lead = /(^|[,;(:]|\b(employee|worker|person|someone|pensioner|for a|for an|aged|she|he|age|i'?m|i am|she'?s|he'?s)|\d)\s*$/.test(b);
    if (alone && lead) {
      r.set('age', n.value, n);
      return;
    }
  }
}

// ── Topic and intent ─────────────────────────────────────────────────────────────────

const TOPIC_RULES: [Topic, RegExp][] = [
  ['tax-threshold', /\b(tax[- ]?(free )?thresholds?|income tax thresholds?|thresholds? (for|of) (income )?tax|tax[- ]free (amount|income|portion)|(earn|income|earning) before (paying|they pay|you pay|she pays|he pays) (any )?tax|(start|starts|begin|begins) (paying|to pay) (any )?(income )?tax|not (pay|paying) (any )?tax below|below which no tax|(primary|secondary|tertiary|age) rebates?|tax rebates?|rebates? (for|in) (20|taxyear)|what are the rebates|threshold for (someone|a person|people|pensioners|seniors|an? \d+|taxpayers|individuals|those|under|over|aged)|thresholds? by age|thresholds? (for|in) taxyear)\b/],
  ['payslip', /\b(net|nett|take[- ]?home|payslip|pay slip|salary slip|in (my|her|his|their|the) (pocket|hand)|after (tax|deductions|paye)|gross[- ]to[- ]net|cost to (the )?(company|employer|business)|(employer|total|employment) cost|cost (of|to) employ|costs? me|costs? the (employer|company|business))\b/],
  ['eti', /\b(eti|employment tax incentive|youth (employment )?(tax )?incentive)\b/],
  ['sdl', /\b(sdl|skills development levy|skills levy|skills development)\b/],
  ['uif', /\b(uif|unemployment insurance)\b/],
  ['minimum-wage', /\b(minimum wage|min wage|nmw|minimum hourly|minimum rate|legal minimum|below (the )?minimum|above (the )?minimum|minimum pay)\b/],
  ['overtime', /\b(overtime|over time|ot pay|ot rate|sundays?|public holidays?|double time|time and a half|1\.5 ?x|christmas day|new year's day|freedom day|workers'? day|youth day|heritage day|women's day|reconciliation day|human rights day|good friday|family day)\b/],
  ['notice', /\b(notice|notice periods?)\b/],
  ['leave', /\b(annual leave|sick leave|sick days?|family responsibility|family leave|compassionate leave|leave days?|days'? (of )?leave|days (annual|sick|family) leave|vacation|holiday leave|leave (entitlement|accru\w*|per (month|year))|how much leave|how many days (of )?leave|leave (does|do|is|are|will|would|can)|entitled to leave|days off|accrue\w*)\b/],
  ['paye', /\b(paye|income tax|tax|taxes|taxed|pay as you earn|employees'? tax|deduct|deduction|deductions|withhold|withholding)\b/],
];

const NON_CALC_LEAVE = /\b(maternity|paternity|parental|adoption|study|unpaid|special|religious|commissioning)\b/;

const PAYROLL_WORDS =
  /\b(paye|tax|taxes|taxed|uif|sdl|eti|salary|salaries|wages?|payroll|pay|paid|paying|earn|earning|earns|leave|overtime|employee|employees|employer|employ|employed|employment|staff|worker|workers|payslip|net|nett|gross|deduct|deduction|deductions|sars|emp201|emp501|irp5|it3a|bonus|13th|medical aid|medical scheme|medical credit|pension|pensioner|provident|retirement|annuity|notice|dismiss\w*|retrench\w*|severance|maternity|paternity|parental|public holidays?|sunday|minimum wage|bcea|coida|allowance|fringe|commission|directors?|provisional|rebates?|threshold|tax year|deadline|domestic|contract|hours|remuneration|income|efiling|e-filing|ufiling|reconciliation|levy|incentive|benefits?|subsistence|travel|company car|loans?|labour|ccma|compensation fund|resign\w*|sick|rand|r\d+|ui19|ui-19|irp6|s&t|nmw|ctc|cost to company|farm|nanny|gardener|dependants?|hourly|monthly|weekly|fortnightly|annual|km|kilometres?|marginal|brackets?|tax tables?|payslips?|wage bill|employer's|employee's|official rate|interest rate|rate of interest|fringe benefits?|contributions?|contribute)\b|\br\d/;

const GREETING = /^(hi|hello|hey|hiya|howzit|good (morning|afternoon|evening|day)|thanks|thank you|thanks a lot|thank you very much|cheers|great|ok|okay|cool|nice|perfect|bye|goodbye)( there| so much| again| a lot)?[!. ]*$/;
export const THANKS = /^(thanks|thank you|cheers|great|ok|okay|cool|nice|perfect|bye|goodbye)\b/;

function topicOf(s: string): Topic | null {
  for (const [t, re] of TOPIC_RULES) if (re.test(s)) return t;
  return null;
}

function leaveKindOf(s: string): LeaveKind | undefined {
  if (/\b(sick|ill|illness)\b/.test(s)) return 'sick';
  if (/\b(family responsibility|family leave|compassionate|bereavement|funeral)\b/.test(s)) return 'family';
  if (/\b(annual|vacation|holiday) leave\b|\bleave days?\b|\bdays'? leave\b|\bleave\b/.test(s)) return 'annual';
  return undefined;
}

/** Whether the facts are enough to run the topic's calculator (what cannot be assumed is there). */
function canCalculate(topic: Topic, f: Facts, s: string): boolean {
  switch (topic) {
    case 'paye':
    case 'payslip':
    case 'uif':
    case 'eti':
      return f.salary !== undefined;
    case 'sdl':
      return f.salary !== undefined || f.annualPayroll !== undefined;
    case 'overtime':
      // With a monthly salary the hourly wage is still needed: asked for, not answered with the rule alone.
      return f.hours !== undefined && (f.hourlyRate !== undefined || f.dailyWage !== undefined || f.salary !== undefined);
    case 'notice':
      return f.monthsEmployed !== undefined;
    case 'minimum-wage':
      return f.hourlyRate !== undefined || (f.salary !== undefined && (f.hours !== undefined || f.hoursPerWeek !== undefined || f.hoursPerMonth !== undefined));
    case 'tax-threshold':
      return true;
    case 'leave':
      return !NON_CALC_LEAVE.test(s) && (f.daysPerWeek !== undefined || f.daysWorked !== undefined || f.monthsEmployed !== undefined || /\b(how (many|much)|entitle\w*|get|accru\w*|allowed|qualif\w*|days? (of )?leave|leave days|what is the|how long)\b/.test(s));
  }
}

/** Words a follow-up starts with, leaning on the answer before. */
const FOLLOW_CUE = /^(and|what about|how about|what if|and if|if|but|same|now|instead|ok|okay|then|also|with|without|for|at|on|make it|say|suppose|assume|change|redo|again|plus|excluding|including|in|using|rather|or|so)\b/;

function isFollowUp(s: string, r: Reading, topic: Topic | null, previous: PreviousCall | null): boolean {
  if (!previous) return false;
  const words = s.split(/\s+/).filter(Boolean).length;
  const hasFacts = Object.keys(r.facts).length > 0 || r.free().length > 0;
  if (/\b(instead|same (person|employee|salary|pay|amount|but)|that (salary|amount|pay|person|employee)|on that|for that|the same)\b/.test(s)) return true;
  if (FOLLOW_CUE.test(s) && (hasFacts || topic !== null) && words <= 14) return true;
  // A calculator named without its own amounts ("and the UIF?"), or facts without a calculator ("she is 66").
  if (topic !== null && topic !== previous.name && !canCalculate(topic, r.facts, s) && words <= 9 && topic !== 'leave') return true;
  return topic === null && hasFacts && words <= 12;
}

/** In a follow-up, a number written alone takes the role it had before: "what about 35 000?", "and 70?". */
function readFollowUpNumbers(r: Reading, previous: PreviousCall): void {
  const input = previous.input;
  const f = r.facts;
  // "What about R31?" after an hourly rate: the new rate, not a salary.
  const hourly = previous.name === 'overtime' || (previous.name === 'minimum-wage' && input.hourlyRate !== undefined);
  if (hourly && f.salary !== undefined && f.salary < 2000 && f.hourlyRate === undefined && f.period === undefined) {
    f.hourlyRate = f.salary;
    delete f.salary;
  }
  for (const n of r.free()) {
    const v = n.value;
    if ((previous.name === 'overtime' || previous.name === 'minimum-wage') && (n.money || v >= 10) && v < 2000 && r.facts.hourlyRate === undefined) r.set('hourlyRate', v, n);
    else if ((n.money || v >= 200) && r.facts.salary === undefined && 'remuneration' in input) r.set('salary', v, n);
    else if (!n.money && Number.isInteger(v) && v >= 15 && v <= 110 && ('age' in input || previous.name === 'tax-threshold') && r.facts.age === undefined) r.set('age', v, n);
    else if (!n.money && previous.name === 'notice' && r.facts.monthsEmployed === undefined) r.set('monthsEmployed', v, n);
  }
}

/** The calculator a question is about, read from its words and, where the words are ambiguous, its figures. */
function topicFor(s: string, f: Facts): { topic: Topic | null; deductions: boolean } {
  let topic = topicOf(s);
  // A "threshold" about overtime (the BCEA earnings threshold), UIF or SDL is not the tax threshold.
  if (topic === 'tax-threshold' && /\b(bcea|earnings threshold|uif|sdl|skills|overtime|coida|eti)\b/.test(s) && !/\btax[- ](free )?threshold|\brebate/.test(s)) topic = /\bbcea|earnings threshold|overtime/.test(s) ? 'overtime' : topicOf(s.replace(/threshold/g, ''));
  // "The tax-free portion of a travel allowance" is about that payment, not the tax threshold: the knowledge base answers.
  if (topic === 'tax-threshold' && /\b(allowances?|travel|subsistence|lump ?sums?|gratuit\w*|severance|retirement|per diem|bursar\w*|reimburs\w*|cell ?phones?)\b/.test(s) && !/\btax[- ](free )?threshold|\brebate/.test(s)) topic = null;
  // "Is R27.50 an hour legal?", "is R4 500 for 40 hours a week enough?": a rate asks about the minimum wage.
  const rate = f.hourlyRate !== undefined || (f.salary !== undefined && (f.hours ?? f.hoursPerWeek ?? f.hoursPerMonth) !== undefined);
  if (topic === null && rate && !/\b(overtime|sunday|holiday)\b/.test(s) && /\b(legal|lawful|allowed|enough|too (low|little)|underpa\w*|acceptable|ok|okay|fair|minimum|(can|may|could) (i|we|you) (still )?pay)\b/.test(s)) topic = 'minimum-wage';
  // An hourly wage with hours and "sunday" or "overtime" is overtime, whatever else is named.
  if ((topic === 'paye' || topic === 'leave' || topic === null) && f.hourlyRate !== undefined && f.hours !== undefined && /\b(overtime|sunday|holiday|extra hours)\b/.test(s)) topic = 'overtime';
  if (topic === 'paye' && /\b(leave|notice)\b/.test(s) && f.salary === undefined) topic = topicOf(s.replace(/\b(paye|tax|deduct\w*)\b/g, ''));
  // "PAYE and UIF on R20 000", "total deductions": the payslip has them all.
  const several = [/\b(paye|tax)\b/, /\buif\b/, /\bsdl\b|\bskills/].filter((re) => re.test(s)).length;
  // PAYE with commission: the payslip taxes the commission with the pay (the PAYE calculator has no commission).
  const withCommission = topic === 'paye' && f.commission !== undefined;
  // "what are the deductions on R18 000?" names no one tax: all of them.
  const allDeductions = /\b(total|all (the )?)deductions\b/.test(s) || (/\bdeductions\b/.test(s) && several === 0);
  const deductions = f.salary !== undefined && (several >= 2 || withCommission || allDeductions) && topic !== 'payslip' && topic !== 'eti';
  if (deductions) topic = 'payslip';
  // "How much does R20 000 cost me" and "what does she earn after…" with only a salary: a payslip or PAYE.
  if (!topic && f.salary !== undefined && /\b(earn|earns|earning|salary|paid|gets|income|wage)\b/.test(s) && /\b(owe|pay sars|how much (do|does|will|should) (i|we|s?he|they) (pay|deduct))\b/.test(s)) topic = 'paye';
  // "A 70 year old on R18 000 with medical aid for himself and his wife": an age or a medical scheme only matters for PAYE.
  if (!topic && f.salary !== undefined && (f.age !== undefined || f.ageBand !== undefined || f.medicalMembers !== undefined || f.onMedicalAid) && !/\b(leave|notice|overtime|sundays?|holidays?|minimum|uif|sdl|eti|hours?)\b/.test(s)) topic = 'paye';
  return { topic, deductions };
}

/** Reads a question; `previous` is the last calculation of the conversation, for follow-ups. */
export function parseQuestion(question: string, previous: PreviousCall | null = null): ParsedQuestion {
  const s = normalise(question);
  const r = new Reading(s, numbersIn(s));
  readTaxYear(r);
  readOrdinals(r);
  readUnits(r);
  readAges(r);
  readMedical(r);
  readWork(r);
  readMoney(r);
  readBareAge(r);
  const f = r.facts;
  if (f.salary !== undefined && /\bctc\b|\bcost[- ]to[- ](the )?company (package|salary|of)\b|\b(a|my|her|his|their|the) (ctc|cost[- ]to[- ](the )?company)\b/.test(s)) f.ctc = true;

  const resolved = topicFor(s, f);
  let topic = resolved.topic;
  const { deductions } = resolved;

  // A period named apart from the pay's is the one the answer is wanted in ("monthly PAYE on R480 000 a year").
  const named = periodsNamed(s);
  let wantPeriod: Period | undefined;
  if (f.period === undefined && named.length) f.period = named[0];
  else if (f.period !== undefined) wantPeriod = named.find((p) => p !== f.period);

  const followUp = isFollowUp(s, r, topic, previous);
  if (followUp && previous) {
    readFollowUpNumbers(r, previous);
    // "And annually?" asks for the year's figure on the same pay; "and weekly?" changes how often it is paid.
    if (f.period === 'annual' && f.salary === undefined && previous.input.period !== undefined && previous.input.period !== 'annual') {
      wantPeriod = 'annual';
      delete f.period;
    }
    if (topic === null || (topic === 'paye' && previous.name === 'payslip' && !/\bpaye\b/.test(s))) topic = previous.name as Topic;
  }
  const payroll = PAYROLL_WORDS.test(s) || f.salary !== undefined || f.hourlyRate !== undefined;

  let intent: Intent;
  if (GREETING.test(s)) intent = 'greeting';
  else if (topic && (followUp || canCalculate(topic, f, s) || asksForFigure(s, f))) intent = 'calculate';
  else if (payroll || topic) intent = 'knowledge';
  else intent = 'off-topic';

  const parsed: ParsedQuestion = { intent, topic, facts: f, followUp, payroll };
  if (wantPeriod) parsed.wantPeriod = wantPeriod;
  if (topic === 'leave') parsed.leaveKind = leaveKindOf(s);
  if (topic === 'payslip') parsed.wants = deductions ? 'deductions' : /\bcosts?\b/.test(s) && !/\b(net|nett|take[- ]?home)\b/.test(s) ? 'cost' : 'net';
  if (/\brebates?\b/.test(s)) parsed.asksRebates = true;
  if (/\bmedical (aid |scheme )?(fees )?(tax )?credits?\b|\bmtc\b/.test(s)) parsed.asksMedicalCredit = true;
  return parsed;
}

/** "Calculate…", "how much PAYE…" with an amount of some kind: the user wants a number worked out. */
function asksForFigure(s: string, f: Facts): boolean {
  const amount = f.salary !== undefined || f.bonus !== undefined || f.hourlyRate !== undefined || f.hours !== undefined || f.dailyWage !== undefined || f.commission !== undefined;
  return amount && /\b(calculate|calc|work out|how much|what (is|are|would be|will be) (the )?(paye|uif|sdl|eti|tax|overtime|pay)|deduct)\b/.test(s);
}
