// What a client company's registration facts mean for an answer about its staff. Pure: the assistant applies these
// facts beneath what a conversation says, and names each one it used under "Assumed".
import type { Period, Slots } from '../assistant';
import type { ClientFields } from '../schemas/clients';
import { formatRand } from '../payroll';

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

export function clientContext(
  c: Pick<ClientFields, 'sdlRegistered' | 'payrollUnder500k' | 'annualPayroll' | 'payFrequency' | 'payDay'> & { name: string },
): ClientContext {
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

/** A client's facts as calculator form values by field name, with the words that say where each came from. */
export interface ClientFormFill {
  name: string;
  values: Record<string, string>;
  /** By field name: what was filled, for the note above the form. */
  said: Record<string, string>;
  /** By field name: a caution shown when the calculator has that field. */
  cautions: Record<string, string>;
}

type FillSource = Pick<
  ClientFields,
  'sdlRegistered' | 'payrollUnder500k' | 'annualPayroll' | 'payFrequency' | 'etiEligible' | 'specialEconomicZone'
> & { name: string };

export function clientFormFill(c: FillSource): ClientFormFill {
  const rands = (amount: number) => formatRand(Math.round(amount * 100));
  const values: Record<string, string> = { period: c.payFrequency, specialEconomicZone: String(c.specialEconomicZone) };
  const said: Record<string, string> = {
    period: `Pay period: ${c.payFrequency}`,
    specialEconomicZone: `In a special economic zone: ${c.specialEconomicZone ? 'yes' : 'no'}`,
  };
  const cautions: Record<string, string> = {};
  // "Under R500 000" is given as R500 000 itself: the most an exempt employer's payroll may be.
  const payroll = c.annualPayroll ?? (c.payrollUnder500k ? SDL_PAYROLL_LIMIT : null);
  if (payroll !== null) {
    values.annualPayroll = String(payroll);
    said.annualPayroll =
      c.annualPayroll === null
        ? `Annual payroll: under ${rands(SDL_PAYROLL_LIMIT)} (taken as ${rands(SDL_PAYROLL_LIMIT)})`
        : `Annual payroll: ${rands(payroll)}`;
  } else if (!c.sdlRegistered) {
    cautions.annualPayroll = `${c.name} is not registered for SDL and has no annual payroll on file, so the SDL here assumes a payroll above ${rands(SDL_PAYROLL_LIMIT)}.`;
  }
  if (!c.etiEligible)
    cautions.monthOfEmployment = `${c.name} is not marked as an ETI-eligible employer: check that it qualifies before claiming.`;
  return { name: c.name, values, said, cautions };
}
