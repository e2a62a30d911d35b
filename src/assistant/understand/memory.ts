// What a conversation knows: every fact the user has given, kept across topics until changed. Pure.
import type { Amount, Intent, Role, Slots, SlotKey, Topic } from '../reading';

/** The facts known before a question, and where the conversation stood. */
export interface Memory {
  facts: Slots;
  /** Topics calculated so far, the latest last. */
  topics: Topic[];
  lastIntent: Intent | null;
  lastTopic: Topic | null;
}

export const EMPTY_MEMORY: Memory = { facts: {}, topics: [], lastIntent: null, lastTopic: null };

/** Facts about one occurrence (hours worked this week, a Sunday, a month asked about): a new question starts without them. */
const EVENT_KEYS: SlotKey[] = [
  'hours',
  'sunday',
  'publicHoliday',
  'holidayIsWorkday',
  'monthOfEmployment',
  'daysWorked',
  'month',
  'leaveKind',
  'wantPeriod',
  'hoursPerMonth',
];
/** Amounts that are one pay package: a new pay in a new question replaces them all. */
const PAY_ROLES = new Set<Role>([
  'salary',
  'bonus',
  'commission',
  'travelAllowance',
  'allowance',
  'retirement',
  'employerRetirement',
  'employerMedical',
  'ctc',
  'hourlyRate',
  'dailyRate',
]);
/** Slots that say the same thing another way: giving one forgets the other. */
const PAIRS: [SlotKey, SlotKey][] = [
  ['age', 'ageBand'],
  ['medicalMembers', 'onMedicalAid'],
];

/**
 * The facts after a question: a follow-up changes what it states and keeps the rest; a new question keeps the
 * person and the employer (age, medical scheme, worker type, payroll), replaces the pay if it gives one, and
 * drops facts about one occurrence.
 */
export function remember(known: Slots, stated: Slots, intent: Intent): Slots {
  const followUp = intent === 'follow-up';
  const out: Slots = { ...known };
  if (!followUp) for (const k of EVENT_KEYS) delete out[k];
  for (const [a, b] of PAIRS) {
    if (stated[a] !== undefined) delete out[b];
    if (stated[b] !== undefined) delete out[a];
  }
  const amounts = mergeAmounts(known.amounts ?? [], stated.amounts ?? [], followUp);
  Object.assign(out, stated);
  if (amounts.length) out.amounts = amounts;
  else delete out.amounts;
  return out;
}

function mergeAmounts(known: Amount[], said: Amount[], followUp: boolean): Amount[] {
  // Figures quoted back ("is the ceiling still R17 712?") are not facts about anyone.
  const stated = said.filter((a) => a.role !== 'other');
  if (!stated.length) return known;
  const statesPay = stated.some((a) => PAY_ROLES.has(a.role));
  // A follow-up replaces the amounts of the roles it names; a new question with a pay replaces the whole package.
  const kept = known.filter((a) =>
    followUp ? !stated.some((s) => s.role === a.role) : !(statesPay && PAY_ROLES.has(a.role)) && !stated.some((s) => s.role === a.role),
  );
  // "What about R35 000?": the new pay is for the period of the one it replaces.
  const withPeriod = stated.map((a) => {
    const before = known.find((k) => k.role === a.role);
    return followUp && !a.period && before?.period ? { ...a, period: before.period } : a;
  });
  return [...kept, ...withPeriod];
}

/** The first amount of a role. */
export const amountOf = (s: Slots, role: Role): Amount | undefined => s.amounts?.find((a) => a.role === role);
export const amountsOf = (s: Slots, role: Role): Amount[] => s.amounts?.filter((a) => a.role === role) ?? [];
