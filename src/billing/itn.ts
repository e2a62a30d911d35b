// An ITN as PayFast posts it, and the checks that need no network (reference §4.2): signature by recipe
// (b), source address, merchant and amount. PayFast's own confirmation is the fourth, done by the service.
import ipaddr from 'ipaddr.js';
import { centsOf, itnSignature, type Pairs } from './payfast';

export interface ItnFields {
  mPaymentId: string;
  pfPaymentId: string;
  paymentStatus: string;
  merchantId: string;
  token: string | null;
  amountCents: number | null;
  feeCents: number | null;
  netCents: number | null;
  signature: string;
}

/** The fields the app acts on (the first of each, as posted). */
export function readItn(posted: Pairs): ItnFields {
  const get = (k: string) => posted.find(([key]) => key === k)?.[1] ?? '';
  return {
    mPaymentId: get('m_payment_id').trim(),
    pfPaymentId: get('pf_payment_id').trim(),
    paymentStatus: get('payment_status').trim().toUpperCase(),
    merchantId: get('merchant_id').trim(),
    token: get('token').trim() || null,
    amountCents: centsOf(get('amount_gross')),
    feeCents: centsOf(get('amount_fee')),
    netCents: centsOf(get('amount_net')),
    signature: get('signature').trim().toLowerCase(),
  };
}

/** The key an ITN is applied once under: PayFast's payment id (a cancellation without one: its token). */
export const onceKey = (f: ItnFields) => f.pfPaymentId || (f.token ? `token:${f.token}` : '');

export type CheckName = 'signature' | 'source' | 'merchant' | 'amount' | 'validate';
export type CheckOutcome = 'pass' | 'fail' | 'skipped' | 'unknown';
export type Checks = Partial<Record<CheckName, CheckOutcome>>;

type Range = [ipaddr.IPv4 | ipaddr.IPv6, number];
/** CIDR strings parsed once. */
export const parseRanges = (cidrs: string[]): Range[] => cidrs.map((c) => ipaddr.parseCIDR(c));

/** Whether an address (IPv4, IPv6, or IPv4 mapped into IPv6 as a dual-stack socket reports it) is in a range. */
export function addressAllowed(address: string, ranges: Range[]): boolean {
  if (!ipaddr.isValid(address)) return false;
  const ip = ipaddr.process(address);
  return ranges.some(([net, bits]) => ip.kind() === net.kind() && ip.match([net, bits] as never));
}

/**
 * The network a sender is counted as: its /24 (IPv4) or /64 (IPv6), since whoever holds one address of it
 * usually holds the rest. An address that does not parse is counted as itself.
 */
export function senderNetwork(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const ip = ipaddr.process(address);
  const bits = ip.kind() === 'ipv4' ? 24 : 64;
  return `${ipaddr.fromByteArray(ip.toByteArray().map((b, i) => (i * 8 < bits ? b : 0))).toString()}/${bits}`;
}

export interface LocalCheckInput {
  posted: Pairs;
  fields: ItnFields;
  passphrase: string;
  merchantId: string;
  sourceIp: string;
  ranges: Range[];
  /** The amount this ITN must carry; null skips the check (CANCELLED carries no amounts). */
  expectedCents: number | null;
}

export type LocalCheckResult = { ok: true; checks: Checks } | { ok: false; checks: Checks; reason: string };

/** Signature, source, merchant and amount, cheapest first; stops at the first failure. */
export function localChecks(i: LocalCheckInput): LocalCheckResult {
  const checks: Checks = {};
  const fail = (name: CheckName, reason: string): LocalCheckResult => {
    checks[name] = 'fail';
    return { ok: false, checks, reason };
  };
  if (!i.fields.signature || itnSignature(i.posted, i.passphrase) !== i.fields.signature)
    return fail('signature', 'signature does not match');
  checks.signature = 'pass';
  if (!addressAllowed(i.sourceIp, i.ranges)) return fail('source', `source address ${i.sourceIp} is not one of PayFast's`);
  checks.source = 'pass';
  if (i.fields.merchantId !== i.merchantId) return fail('merchant', `merchant_id ${i.fields.merchantId || '(blank)'} is not ours`);
  checks.merchant = 'pass';
  if (i.expectedCents === null) checks.amount = 'skipped';
  else if (i.fields.amountCents !== i.expectedCents) {
    return fail(
      'amount',
      `amount_gross ${i.fields.amountCents === null ? '(missing)' : i.fields.amountCents + ' cents'}, expected ${i.expectedCents} cents`,
    );
  } else checks.amount = 'pass';
  return { ok: true, checks };
}

/** Retry delays while PayFast's validate endpoint does not answer: 1 min doubling to 1 h, given up after 48 tries (about two days). */
export const VALIDATE_MAX_ATTEMPTS = 48;
export const validateBackoffMs = (attempts: number) => Math.min(60 * 60_000, 60_000 * 2 ** Math.max(0, attempts - 1));
