// The built-in assistant's question parser. Pure: a question in, what it asks and the numbers in it out.
// Numbers are read with the words around them, so a year is never a salary, an age is never an amount
// and "R1 500 bonus" is a bonus.

export type Topic =
  | 'payslip'
  | 'paye'
  | 'uif'
  | 'sdl'
  | 'eti'
  | 'overtime'
  | 'leave'
  | 'notice'
  | 'minimum-wage'
  | 'tax-threshold';

export type Period = 'monthly' | 'fortnightly' | 'weekly' | 'annual';

export interface Facts {
  /** Regular pay for the period (rands). */
  salary?: number;
  period?: Period;
  age?: number;
  medicalMembers?: number;
  taxYear?: number;
  bonus?: number;
  commission?: number;
  retirement?: number;
  annualPayroll?: number;
  hourlyRate?: number;
  hours?: number;
  monthsEmployed?: number;
  daysPerWeek?: number;
  sunday?: boolean;
  publicHoliday?: boolean;
  workerType?: 'general' | 'farm' | 'domestic';
}

export interface ParsedQuestion {
  /** The calculation asked for, if any. */
  topic: Topic | null;
  facts: Facts;
  /** Words that show the question is about payroll at all. */
  payroll: boolean;
  /** Short, leaning on an earlier turn ("and if she is 66?", "what about R35 000 instead?"). */
  followUp: boolean;
  /** Asks for a number to be worked out (how much, calculate, what do I deduct…), not for a rule. */
  wantsFigure: boolean;
}

const WORD_NUMBERS: Record<string, number> = {
  one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12,
  a: 1, an: 1, single: 1,
};
const wordNumber = (w: string) => (/^\d+$/.test(w) ? Number(w) : WORD_NUMBERS[w]);
const NUM_WORD = '(\\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)';

/** Lower case, one kind of space and dash, thousands separators inside numbers removed ("R28 500" → "r28500"). */
export function normalise(q: string): string {
  let s = q.toLowerCase().normalize('NFKC').replace(/[\u00a0\u202f\u2009]/g, ' ').replace(/[‐‑–—]/g, '-').replace(/[’‘]/g, "'");
  // Tax years first, so their digits never join an amount: 2025/26, 2025-26, 2025/2026.
  s = s.replace(/\b(20\d\d)\s*[/-]\s*(?:20)?(\d\d)\b/g, (_m, a: string) => ` taxyear${Number(a) + 1} `);
  // Grouped thousands: "28 500", "28,500", "1 250 000.50" (a space group only after an R or inside a long number).
  s = s.replace(/(?<![\d.])(\d{1,3})((?:[ ,]\d{3})+)(?![\d])(\.\d+)?/g, (m, head: string, groups: string, dec = '') => {
    const joined = head + groups.replace(/[ ,]/g, '') + dec;
    // "aged 45, 2 dependants" is not 452: only join space-separated groups of exactly 3 digits that follow R or form a big number.
    return /,/.test(groups) || /\d{3}/.test(head) || groups.length >= 4 ? joined : m;
  });
  s = s.replace(/\br\s+(\d)/g, 'r$1');
  return s;
}

interface Amount {
  value: number;
  start: number;
  end: number;
  /** Written with R or as 28.5k: certainly money. */
  money: boolean;
}

/** Every amount: r28500, 28500, 28.5k, r1.2m, r 3500.00. */
function amounts(s: string): Amount[] {
  const out: Amount[] = [];
  // A unit letter counts only as a whole word: "8 months" is not 8 million.
  const re = /(?<![a-z\d.])(r)?(\d+(?:\.\d+)?)(?:\s?(k|m|mil|million|thousand)(?![a-z]))?(?!\d)/g;
  for (const m of s.matchAll(re)) {
    let v = Number(m[2]);
    const unit = m[3];
    if (unit === 'k' || unit === 'thousand') v *= 1000;
    if (unit === 'm' || unit === 'mil' || unit === 'million') v *= 1_000_000;
    out.push({ value: Math.round(v * 100) / 100, start: m.index!, end: m.index! + m[0].length, money: !!m[1] || !!unit });
  }
  return out;
}

const before = (s: string, a: Amount, n = 30) => s.slice(Math.max(0, a.start - n), a.start);
const after = (s: string, a: Amount, n = 30) => s.slice(a.end, a.end + n);

function periodOf(text: string): Period | undefined {
  if (/\b(fortnight(ly)?|bi-?weekly|every (two|2) weeks|per 2 weeks)\b/.test(text)) return 'fortnightly';
  if (/\b(week(ly)?|pw|p\/w|a wk|per wk)\b/.test(text)) return 'weekly';
  if (/\b(month(ly)?|pm|p\/m|p\.m\.|mth|pmth|a mon)\b/.test(text)) return 'monthly';
  if (/\b(year(ly)?|annual(ly)?|annum|pa|p\/a|p\.a\.|a yr|per yr)\b/.test(text)) return 'annual';
  return undefined;
}

const TOPIC_RULES: [Topic, RegExp][] = [
  ['tax-threshold', /\b(tax[- ]?(free )?threshold|threshold)\b/],
  ['payslip', /\b(net|take[- ]?home|nett|payslip|pay slip|gross[- ]to[- ]net|in (my|her|his|their) pocket|after (tax|deductions))\b/],
  ['eti', /\b(eti|employment tax incentive|youth (employment )?incentive)\b/],
  ['sdl', /\b(sdl|skills (development )?levy|skills levy)\b/],
  ['uif', /\b(uif|unemployment insurance)\b/],
  ['minimum-wage', /\b(minimum wage|nmw|minimum hourly)\b/],
  ['overtime', /\b(overtime|over time|ot pay|sunday|public holiday|double time|time and a half)\b/],
  ['notice', /\b(notice( period)?)\b/],
  ['leave', /\b(annual leave|leave days|leave pay|sick leave|family responsibility|vacation|holiday leave|days? (of )?leave|leave (entitlement|accru))\b/],
  ['paye', /\b(paye|tax|pay as you earn|employees'? tax|deduct(ion)?s?|withhold)\b/],
];

const PAYROLL_WORDS =
  /\b(paye|tax|taxes|uif|sdl|eti|salary|salaries|wage|wages|payroll|pay|paid|earn|earning|earns|leave|overtime|employee|employees|employer|employ|employment|staff|worker|workers|payslip|net|gross|deduct|sars|emp201|emp 201|emp501|emp 501|irp5|irp 5|it3a|bonus|13th|medical aid|medical scheme|pension|provident|retirement|annuity|notice|dismiss|dismissal|retrench|retrenchment|severance|maternity|paternity|parental|public holiday|sunday|minimum wage|bcea|coida|allowance|fringe|commission|director|provisional|rebate|threshold|tax year|deadline|domestic|contract|hours|remuneration|income|efiling|e-filing|ufiling|reconciliation|levy|incentive|benefit|benefits|subsistence|travel|company car|loan|labour|ccma|resign|resignation|sick|rand|r\d)/;

/** Reads a question. `previous` says whether an earlier turn exists to lean on. */
export function parseQuestion(question: string): ParsedQuestion {
  const s = normalise(question);
  const facts: Facts = {};
  const used = new Set<Amount>();
  const all = amounts(s);

  // Tax year.
  const ty = /taxyear(20\d\d)/.exec(s) ?? /\b(20\d\d)\s*(tax year|year of assessment)\b/.exec(s) ?? /\b(?:tax year|year of assessment)\s*(?:of|ending|ended)?\s*(?:february\s*)?(20\d\d)\b/.exec(s);
  if (ty) facts.taxYear = Number(ty[1]);
  else if (/\b(last|previous|prior) (tax )?year\b/.test(s)) facts.taxYear = -1; // resolved against today by the engine
  for (const a of all) if (!a.money && a.value >= 2000 && a.value <= 2100 && Number.isInteger(a.value) && !/^\s?(k|rand)/.test(after(s, a, 5))) used.add(a);

  // Age: "33-year-old", "aged 50", "age 45", "pensioner of 76", "she is 66", "76 years old".
  for (const a of all) {
    if (used.has(a) || a.money) continue;
    const b = before(s, a, 25);
    const f = after(s, a, 14);
    if (/^\s?-?\s?(year|yr)s?[- ]?old\b|^\s?y\/?o\b|^\s?years? of age/.test(f) || /\b(aged?|age of|pensioner of|pensioner aged|retiree of|(she|he|they)'?s|(she|he) is|(she|he) turns|turns|is now|turning)\s*$/.test(b)) {
      if (a.value > 0 && a.value <= 130 && Number.isInteger(a.value) && !/^\s?(year|yr)s? (of service|employed|working|service)/.test(f)) {
        facts.age = a.value;
        used.add(a);
      }
    }
  }
  if (facts.age === undefined) {
    const w = /\b(?:aged|age)\s+(sixty|seventy|eighty)[- ](one|two|three|four|five|six|seven|eight|nine)\b/.exec(s);
    if (w) facts.age = { sixty: 60, seventy: 70, eighty: 80 }[w[1]]! + WORD_NUMBERS[w[2]];
  }

  // Medical scheme members.
  if (/\b(no|without|not on|not a member of|doesn't have|does not have|has no) (a )?(medical|med)\b/.test(s)) facts.medicalMembers = 0;
  const dependants = new RegExp(`\\b(?:main member|member|himself|herself|him|her|employee)\\s*(?:and|plus|\\+|with)\\s*${NUM_WORD}\\s*(?:dependants?|dependents?|deps?|beneficiar(?:y|ies)|others?|children|kids)`).exec(s);
  const people = new RegExp(`\\b(?:medical aid|medical scheme|med aid|medical)\\s*(?:for|covering|with|of)\\s*${NUM_WORD}\\s*(?:people|persons?|members?|beneficiar(?:y|ies)|lives)`).exec(s)
    ?? new RegExp(`\\b${NUM_WORD}\\s*(?:people|persons?|members?|beneficiar(?:y|ies)|lives)\\s*(?:on|in|covered by)\\s*(?:the|a|his|her)?\\s*(?:medical|med)`).exec(s);
  const onlyDeps = new RegExp(`\\b(?:with|and|plus|has|\\+)\\s*${NUM_WORD}\\s*(?:dependants?|dependents?|deps?)`).exec(s);
  if (dependants) facts.medicalMembers = wordNumber(dependants[1]) + 1;
  else if (people) facts.medicalMembers = wordNumber(people[1]);
  else if (onlyDeps) facts.medicalMembers = wordNumber(onlyDeps[1]) + 1;
  else if (/\b(single member|member only|only (the )?main member|just (him|her)self|main member only)\b/.test(s)) facts.medicalMembers = 1;
  else if (/\b(medical aid|medical scheme|med aid)\b/.test(s) && facts.medicalMembers === undefined && !/\bno\b/.test(s)) {
    const n = new RegExp(`${NUM_WORD}\\s*(?:people|persons|members)`).exec(s);
    if (n) facts.medicalMembers = wordNumber(n[1]);
  }
  for (const a of all) {
    const f = after(s, a, 20);
    if (!a.money && /^\s?(people|persons?|members?|dependants?|dependents?|deps?|beneficiar|lives|children|kids)/.test(f)) used.add(a);
  }

  // Hours, hourly rates, days a week, months and years of service.
  for (const a of all) {
    if (used.has(a)) continue;
    const f = after(s, a, 24);
    const b = before(s, a, 24);
    if (/^\s?(\/|per |an |a )\s?(hour|hr|h)\b|^\s?p\/?h\b|^\s?(ph|hourly)\b/.test(f) || /\b(hourly (rate|wage)( of| is)?|rate of|per hour rate of)\s*$/.test(b)) {
      facts.hourlyRate = a.value;
      used.add(a);
    } else if (!a.money && /^\s?(hours?|hrs?|h)\b/.test(f)) {
      if (!/^\s?(hours?|hrs?|h) (a|per) (month|week)/.test(f) || facts.hours === undefined) facts.hours = a.value;
      used.add(a);
    } else if (!a.money && /^\s?days? (a|per|each) week/.test(f)) {
      facts.daysPerWeek = a.value;
      used.add(a);
    } else if (!a.money && /^\s?(months?|mths?)\b/.test(f)) {
      facts.monthsEmployed = a.value;
      used.add(a);
    } else if (!a.money && /^\s?(years?|yrs?)\b/.test(f) && !/^\s?-?\s?(year|yr)s?[- ]?old/.test(f)) {
      facts.monthsEmployed = a.value * 12;
      used.add(a);
    } else if (!a.money && /^\s?(days?|weeks?)\b/.test(f)) {
      used.add(a);
    } else if (!a.money && /^\s?%/.test(f)) {
      used.add(a);
    }
  }
  if (/\b(a|one) year (of service|employed|working|with)/.test(s) && facts.monthsEmployed === undefined) facts.monthsEmployed = 12;
  if (/\bsunday/.test(s)) facts.sunday = true;
  if (/\bpublic holiday/.test(s)) facts.publicHoliday = true;
  if (/\bdomestic\b/.test(s)) facts.workerType = 'domestic';
  else if (/\bfarm ?workers?\b/.test(s)) facts.workerType = 'farm';

  // Money by role: bonus, commission, retirement, annual payroll; what is left is the salary.
  for (const a of all) {
    if (used.has(a)) continue;
    // "under R500 000", "more than R17 712": a limit being asked about, not someone's pay.
    if (/\b(under|below|less than|more than|over|above|exceed(s|ing)?|up to|at least|at most)\s*$/.test(before(s, a, 16))) {
      used.add(a);
      continue;
    }
    const b = before(s, a, 28);
    const f = after(s, a, 28);
    if (/^\s?(once-off |annual |year-end |performance )?(bonus|13th|thirteenth)/.test(f) || /\b(bonus|13th cheque|thirteenth cheque|13th)( of| is| was| payment of)?\s*$/.test(b)) {
      facts.bonus = a.value;
      used.add(a);
    } else if (/^\s?(in )?commission/.test(f) || /\bcommission( of| is)?\s*$/.test(b)) {
      facts.commission = a.value;
      used.add(a);
    } else if (/^\s?(to|into|in)? ?(a |an |the |her |his )?(pension|provident|retirement|ra\b|retirement annuity)/.test(f) || /\b(pension|provident|retirement|ra)( fund)?( contributions?)?( of| is)?\s*$/.test(b)) {
      facts.retirement = a.value;
      used.add(a);
    } else if (/\b(annual|total|yearly) (payroll|wage bill|salary bill)( of| is)?\s*$/.test(b) || /^\s?(annual|total|yearly|a year|per year) ?(payroll|wage bill)/.test(f) || (/\bpayroll( of| is)?\s*$/.test(b) && /^\s?(a |per )?(year|annum|annually)/.test(f))) {
      facts.annualPayroll = a.value;
      used.add(a);
    }
  }
  const money = all.filter((a) => !used.has(a) && (a.money || a.value >= 100));
  if (money.length > 0) {
    const a = money[0];
    facts.salary = a.value;
    used.add(a);
    const around = `${before(s, a, 20)} ${s.slice(a.start, a.end)} ${after(s, a, 28)}`;
    facts.period = periodOf(after(s, a, 28)) ?? periodOf(around);
    // SDL: "R50 000 monthly payroll" is the month's leviable pay; a second amount may be the annual payroll.
    if (money[1] && facts.annualPayroll === undefined && /\b(payroll|sdl|skills)/.test(s)) facts.annualPayroll = money[1].value;
  }
  if (!facts.period) {
    const p = periodOf(s.replace(/\b(per|a|each) (hour|hr)\b/g, ''));
    if (p && (facts.salary !== undefined || /\b(salary|pay|earn|wage)/.test(s))) facts.period = p;
  }
  if (/\b(annual|yearly) (salary|income|package|remuneration)|\bctc\b|\bper annum\b|\bp\.?a\.?\b/.test(s) && facts.salary !== undefined && facts.salary > 50_000) facts.period = facts.period ?? 'annual';

  let topic: Topic | null = null;
  for (const [t, re] of TOPIC_RULES) {
    if (re.test(s)) {
      topic = t;
      break;
    }
  }
  // "leave" questions with an hourly wage and "overtime" words are overtime; "notice" with months is notice.
  if (topic === 'paye' && facts.hourlyRate !== undefined && /overtime|sunday|holiday/.test(s)) topic = 'overtime';
  if (!topic && facts.salary !== undefined && /\b(earn|earning|earns|salary|paid|gets|income|wage)\b/.test(s) && /\b(deduct|owe|pay|how much)\b/.test(s)) topic = 'paye';

  const payroll = PAYROLL_WORDS.test(s) || facts.salary !== undefined;
  const wordCount = s.split(/\s+/).filter(Boolean).length;
  const followUp =
    /^\s*(and|what about|how about|what if|and if|if|but|same|now|instead|ok|okay|then|also)\b/.test(s) || /\binstead\b/.test(s) || (wordCount <= 6 && topic === null);
  const wantsFigure =
    facts.salary !== undefined || facts.hourlyRate !== undefined || facts.bonus !== undefined ||
    /\b(calculate|calc|work out|how much|what (is|are|would be) (the )?(paye|uif|sdl|eti|net|tax)|deduct)\b/.test(s);
  return { topic, facts, payroll, followUp, wantsFigure };
}
