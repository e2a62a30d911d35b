/**
 * Money helpers. All amounts inside the engine are integer cents (JS numbers that are
 * safe integers). Rates are integer basis points (1% = 100 bp), so every product is an
 * exact integer and rounding happens once, explicitly, with {@link divRoundHalfUp}.
 */
import { PayrollError } from './errors.js';

/** 1 cent expressed in "scaled" units used for exact tax arithmetic: cents × rate(bp) / 10 000. */
export const SCALE = 10_000;

/**
 * Integer division `n / d` rounded half-up (halves away from zero), exact for safe integers.
 * `d` must be a positive integer.
 */
export function divRoundHalfUp(n: number, d: number): number {
  if (n < 0) return -divRoundHalfUp(-n, d);
  let q = Math.floor(n / d);
  let r = n - q * d;
  // Correct for floating-point error in n / d when the quotient is large.
  if (r < 0) {
    q -= 1;
    r += d;
  } else if (r >= d) {
    q += 1;
    r -= d;
  }
  return 2 * r >= d ? q + 1 : q;
}

/** Integer division `n / d` rounded down (towards −∞), exact for safe integers, d > 0. */
export function divFloor(n: number, d: number): number {
  let q = Math.floor(n / d);
  const r = n - q * d;
  if (r < 0) q -= 1;
  else if (r >= d) q += 1;
  return q;
}

/**
 * True if `scaled` (a decimal × 10^dp) differs from the integer `rounded` only by floating-point
 * representation error (a few ulps), i.e. the decimal had at most dp decimals.
 */
export function isWholeWithinFloatError(scaled: number, rounded: number): boolean {
  return Math.abs(scaled - rounded) <= Math.max(1e-9, Math.abs(scaled) * Number.EPSILON * 8);
}

/** True if `v` has at most `dp` decimal places (allowing for binary floating-point representation). */
export function hasAtMostDecimals(v: number, dp: number): boolean {
  if (!Number.isFinite(v)) return false;
  const s = v * 10 ** dp;
  return isWholeWithinFloatError(s, Math.round(s));
}

/**
 * Rands (a JS number with at most 2 decimals) → integer cents. Throws a PayrollError naming
 * `field` for NaN/Infinity or more than 2 decimal places.
 */
export function toCents(rands: number, field = 'amount'): number {
  if (typeof rands !== 'number' || !Number.isFinite(rands)) {
    throw new PayrollError(field, `${field} must be a finite number of rands (got ${String(rands)})`);
  }
  const scaled = rands * 100;
  const cents = Math.round(scaled);
  if (!isWholeWithinFloatError(scaled, cents)) {
    throw new PayrollError(field, `${field} must have at most 2 decimal places (got ${rands})`);
  }
  return cents === 0 ? 0 : cents; // normalise -0
}

/** Integer cents → rands as a JS number with at most 2 decimals (e.g. 17712 → 177.12). */
export function fromCents(cents: number): number {
  const r = cents / 100;
  return r === 0 ? 0 : r;
}

/** A decimal quantity (hours, weeks) with up to `dp` decimals → integer in units of 10^-dp. */
export function toFixedUnits(value: number, dp: number, field: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw new PayrollError(field, `${field} must be a finite number (got ${String(value)})`);
  }
  const f = 10 ** dp;
  const scaled = value * f;
  const units = Math.round(scaled);
  if (!isWholeWithinFloatError(scaled, units)) {
    throw new PayrollError(field, `${field} must have at most ${dp} decimal places (got ${value})`);
  }
  return units;
}

function groupThousands(intPart: string): string {
  let out = '';
  const len = intPart.length;
  for (let i = 0; i < len; i++) {
    if (i > 0 && (len - i) % 3 === 0) out += ' ';
    out += intPart[i];
  }
  return out;
}

/** Format cents as South African rand text: 2400000000 → "R24 000 000.00", -150 → "−R1.50". */
export function formatRand(cents: number): string {
  const neg = cents < 0;
  const abs = Math.abs(cents);
  const whole = Math.floor(abs / 100);
  const frac = abs - whole * 100;
  const s = `R${groupThousands(String(whole))}.${frac < 10 ? '0' : ''}${frac}`;
  return neg ? `−${s}` : s;
}

/** Format basis points as a percentage: 1800 → "18%", 2750 → "27.5%", 3750 → "37.5%". */
export function formatPercent(bp: number): string {
  const whole = Math.trunc(bp / 100);
  const frac = bp - whole * 100;
  if (frac === 0) return `${whole}%`;
  const f = frac < 10 ? `0${frac}` : String(frac);
  return `${whole}.${f.replace(/0$/, '')}%`;
}

/** Format a quantity held in units of 10^-dp (e.g. centi-hours) without trailing zeros: 8050,2 → "80.5". */
export function formatUnits(units: number, dp: number): string {
  const f = 10 ** dp;
  const neg = units < 0;
  const abs = Math.abs(units);
  const whole = Math.floor(abs / f);
  const frac = abs - whole * f;
  let s = String(whole);
  if (frac > 0) s += '.' + String(frac).padStart(dp, '0').replace(/0+$/, '');
  return neg ? `-${s}` : s;
}
