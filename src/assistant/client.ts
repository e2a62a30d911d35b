// A conversation tied to a client company (issue 27): the client's facts lie beneath what the conversation says, and an
// answer that used one says so under "Assumed". Pure.
import type { ClientContext } from '../clients';
import type { Role, Slots } from './reading';
import type { TopicModule } from './topics';
import type { Memory } from './understand/memory';

/** Amounts that are paid per period: the client's pay frequency is their period when the words give none. */
const PERIODIC = new Set<Role>([
  'salary',
  'commission',
  'travelAllowance',
  'allowance',
  'retirement',
  'employerRetirement',
  'employerMedical',
  'ctc',
]);

/** The memory a question starts from, with the client's facts under the conversation's. */
export const withClient = (memory: Memory, client: ClientContext | null | undefined): Memory =>
  client ? { ...memory, facts: { ...client.slots, ...memory.facts } } : memory;

/**
 * The facts with the client's pay period on amounts that have none, and the client's facts the topic used, in words.
 * A fact the conversation stated itself is the conversation's, not the client's.
 */
export function clientFacts(
  facts: Slots,
  stated: Slots,
  topic: TopicModule,
  client: ClientContext | null | undefined,
): { facts: Slots; used: string[] } {
  if (!client) return { facts, used: [] };
  const used: string[] = [];
  let filled = false;
  const amounts = facts.amounts?.map((a) => {
    if (a.period || !PERIODIC.has(a.role)) return a;
    filled = true;
    return { ...a, period: client.period };
  });
  if (filled) used.push(client.said.period);
  if (client.said.sdlExempt && facts.sdlExempt && !stated.sdlExempt && topic.uses.includes('sdlExempt')) used.push(client.said.sdlExempt);
  return { facts: amounts ? { ...facts, amounts } : facts, used };
}
