/**
 * Skills Development Levy (sa-payroll-facts.md section 3): 1% of leviable remuneration, employer
 * only. An employer is exempt when leviable remuneration over the next 12 months is expected to be
 * NOT MORE THAN R500 000 (so exactly R500 000 is exempt). Gross basis: the employee's own retirement
 * contributions do not reduce the base ([VERIFY] in the facts sheet).
 */
import { MAX_ANNUAL_AMOUNT_CENTS, assertCents, assertInt } from './errors.js';
import { divRoundHalfUp, formatPercent, formatRand } from './money.js';
import { getTaxYear } from './years/index.js';

export interface SdlParams {
  taxYear: number;
  /** Leviable remuneration for the period, cents. */
  remunerationCents: number;
  /** Employer's expected leviable remuneration for the next 12 months (whole payroll), cents. Omit if unknown (treated as liable). */
  annualPayrollCents?: number;
  /** Employer exempt for another reason (public body, qualifying PBO, certified municipality). */
  exemptEmployer?: boolean;
}

export interface SdlResult {
  sdlCents: number;
  exempt: boolean;
  working: string[];
}

/** True if the employer is exempt: annual leviable payroll not more than the threshold (R500 000). */
export function isSdlExempt(taxYear: number, annualPayrollCents: number): boolean {
  assertCents(annualPayrollCents, 'annualPayroll', MAX_ANNUAL_AMOUNT_CENTS);
  return annualPayrollCents <= getTaxYear(taxYear).sdl.exemptionThresholdCents;
}

/** SDL on an annual-equivalent amount split over `periods`: 1% × annual / periods, rounded half-up. */
export function sdlFromAnnualEquivalent(taxYear: number, annualEquivalentCents: number, periods: number): number {
  const year = getTaxYear(taxYear);
  assertCents(annualEquivalentCents, 'annualRemuneration', MAX_ANNUAL_AMOUNT_CENTS);
  assertInt(periods, 'periods', 1, 366);
  return divRoundHalfUp(annualEquivalentCents * year.sdl.rateBp, periods * 10_000);
}

export function calculateSdl(p: SdlParams): SdlResult {
  const year = getTaxYear(p.taxYear);
  assertCents(p.remunerationCents, 'remuneration');
  const working: string[] = [];
  const threshold = formatRand(year.sdl.exemptionThresholdCents);
  if (p.exemptEmployer === true) {
    working.push('SDL not payable: employer is exempt (public body, qualifying PBO or certified municipality)');
    return { sdlCents: 0, exempt: true, working };
  }
  if (p.annualPayrollCents !== undefined) {
    if (isSdlExempt(p.taxYear, p.annualPayrollCents)) {
      working.push(`SDL not payable: annual leviable payroll ${formatRand(p.annualPayrollCents)} is not more than ${threshold}`);
      return { sdlCents: 0, exempt: true, working };
    }
    working.push(`Annual leviable payroll ${formatRand(p.annualPayrollCents)} is more than ${threshold}: SDL applies`);
  } else {
    working.push(`Annual payroll not given: assumed to be more than ${threshold}, so SDL applies`);
  }
  const sdl = divRoundHalfUp(p.remunerationCents * year.sdl.rateBp, 10_000);
  working.push(`SDL: ${formatPercent(year.sdl.rateBp)} × ${formatRand(p.remunerationCents)} = ${formatRand(sdl)}`);
  return { sdlCents: sdl, exempt: false, working };
}
