// What a client company's registration facts mean for an answer about its staff. Pure: the assistant applies these
// facts beneath what a conversation says, and names each one it used under "Assumed".
import type { Period, Slots } from '../assistant/reading';
import type { ClientFields } from '../schemas/clients';

/** SDL is not payable by an employer whose annual payroll is R500 000 or less (facts sheet §3). */
export const SDL_PAYROLL_LIMIT = 500_000;

export interface ClientContext {
  name: string;
  /** Facts for every question of the conversation, beneath what the user says. */
  slots: Slots;
  /** The pay period of amounts the question gives without one. */
  period: Period;
  /** A monthly payroll's pay day of the month (or its last business day), for the compliance calendar. */
  payDay?: number | 'last';
  /** Each fact in words, for the answer's "Assumed": by the slot it sets. */
  said: { sdlExempt?: string; period: string };
}

export function clientContext(c: Pick<ClientFields, 'sdlRegistered' | 'payrollUnder500k' | 'annualPayroll' | 'payFrequency' | 'payDay'> & { name: string }): ClientContext {
  const small = c.payrollUnder500k || (c.annualPayroll !== null && c.annualPayroll <= SDL_PAYROLL_LIMIT);
  const sdlWhy = !c.sdlRegistered ? 'it is not registered for SDL' : small ? 'its annual payroll is R500 000 or less' : null;
  return {
    name: c.name,
    slots: sdlWhy ? { sdlExempt: true } : {},
    period: c.payFrequency,
    ...(typeof c.payDay === 'number' || c.payDay === 'last' ? { payDay: c.payDay } : {}),
    said: {
      ...(sdlWhy ? { sdlExempt: `${c.name} pays no SDL: ${sdlWhy}` } : {}),
      period: `${c.name} pays ${c.payFrequency}, so amounts without a period are ${c.payFrequency} pay`,
    },
  };
}
