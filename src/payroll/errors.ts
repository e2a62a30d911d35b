/**
 * Error thrown by the payroll engine for input it cannot compute with.
 * `field` names the offending input (e.g. "taxYear", "date", "remuneration")
 * so the route layer can turn it into a 400 response.
 */
export class PayrollError extends Error {
  readonly field: string;
  constructor(field: string, message: string) {
    super(message);
    this.name = 'PayrollError';
    this.field = field;
  }
}

/** Largest amount (in cents) accepted per pay period: R100 000 000. Keeps all integer arithmetic exact. */
export const MAX_PERIOD_AMOUNT_CENTS = 10_000_000_000;
/** Largest annual amount (in cents) accepted by the annual functions: R10 000 000 000. */
export const MAX_ANNUAL_AMOUNT_CENTS = 1_000_000_000_000;

/** Throws unless `value` is a non-negative safe integer no larger than `max`. Never lets NaN through. */
export function assertCents(value: number, field: string, max: number = MAX_PERIOD_AMOUNT_CENTS): void {
  if (!Number.isSafeInteger(value) || value < 0 || value > max) {
    throw new PayrollError(field, `${field} must be a whole number of cents between 0 and ${max} (got ${String(value)})`);
  }
}

export function assertInt(value: number, field: string, min: number, max: number): void {
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    throw new PayrollError(field, `${field} must be a whole number between ${min} and ${max} (got ${String(value)})`);
  }
}
