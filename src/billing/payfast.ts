// PayFast's wire formats, pure: value encoding, the three signature recipes (reference §3), the checkout
// form's fields, money strings and the REST API's signed headers. No I/O; src/billing/payfast-client.ts
// does the talking.
import { createHash } from 'node:crypto';
import { saTimestamp } from '../lib/sa-time';

export type Pairs = [key: string, value: string][];

/** PHP urlencode(): unreserved A-Z a-z 0-9 - _ . kept, space as '+', every other UTF-8 byte as upper-case %XX. */
export function pfEncode(value: string): string {
  return encodeURIComponent(value)
    .replace(/[!'()*~]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+');
}

const md5 = (s: string) => createHash('md5').update(s, 'utf8').digest('hex');
const join = (pairs: Pairs) => pairs.map(([k, v]) => `${k}=${pfEncode(v)}`).join('&');
const withPassphrase = (pairs: Pairs, passphrase?: string | null): Pairs => (passphrase ? [...pairs, ['passphrase', passphrase]] : pairs);

/** Checkout form fields in the order PayFast signs them (reference §2.1). */
/** Where PayFast posts its notifications: the route under /api, and the whole path (the notify_url, the CSRF exemption). */
export const ITN_ROUTE = '/payfast/itn';
export const ITN_PATH = `/api${ITN_ROUTE}`;

export const FORM_FIELD_ORDER = [
  'merchant_id',
  'merchant_key',
  'return_url',
  'cancel_url',
  'notify_url',
  'name_first',
  'name_last',
  'email_address',
  'cell_number',
  'm_payment_id',
  'amount',
  'item_name',
  'item_description',
  'custom_int1',
  'custom_int2',
  'custom_int3',
  'custom_int4',
  'custom_int5',
  'custom_str1',
  'custom_str2',
  'custom_str3',
  'custom_str4',
  'custom_str5',
  'email_confirmation',
  'confirmation_address',
  'payment_method',
  'subscription_type',
  'billing_date',
  'recurring_amount',
  'frequency',
  'cycles',
  'subscription_notify_email',
  'subscription_notify_webhook',
  'subscription_notify_buyer',
] as const;
export type FormField = (typeof FORM_FIELD_ORDER)[number];

/** The recipe (a) string: documented order whatever the input order, values trimmed, blanks dropped ('0' kept). */
export function formSignatureString(fields: Partial<Record<FormField, string>>, passphrase?: string | null): string {
  const pairs: Pairs = [];
  for (const key of FORM_FIELD_ORDER) {
    const v = fields[key]?.trim();
    if (v) pairs.push([key, v]);
  }
  return join(withPassphrase(pairs, passphrase));
}
export const formSignature = (fields: Partial<Record<FormField, string>>, passphrase?: string | null) =>
  md5(formSignatureString(fields, passphrase));

/** The fields of an ITN body in the order they were posted (a form decoder: '+' is a space). */
export const parseFormBody = (raw: string): Pairs => [...new URLSearchParams(raw)];

/** Recipe (b): every posted field but `signature`, in the order received, blanks kept, values as posted. */
export function itnSignatureString(posted: Pairs, passphrase?: string | null): string {
  return join(
    withPassphrase(
      posted.filter(([k]) => k !== 'signature'),
      passphrase,
    ),
  );
}
export const itnSignature = (posted: Pairs, passphrase?: string | null) => md5(itnSignatureString(posted, passphrase));

/** What is posted back to PayFast's validate endpoint: the ITN's fields without signature or passphrase. */
export const validationBody = (posted: Pairs) => itnSignatureString(posted, null);

/** Recipe (c): headers and body fields (never `testing`), non-empty, sorted by key with the passphrase among them. */
export function apiSignatureString(values: Record<string, string>, passphrase?: string | null): string {
  const pairs: Pairs = Object.entries({ ...values, ...(passphrase ? { passphrase } : {}) }).filter(([k, v]) => k !== 'testing' && v !== '');
  pairs.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return join(pairs);
}
export const apiSignature = (values: Record<string, string>, passphrase?: string | null) => md5(apiSignatureString(values, passphrase));

/** ISO-8601 in South African time without milliseconds, as the API wants its timestamp header. */
export const apiTimestamp = (now: Date): string => saTimestamp(now);

/** The signed headers of one REST API call (reference §6). */
export function apiHeaders(opts: {
  merchantId: string;
  passphrase: string;
  now: Date;
  body?: Record<string, string>;
}): Record<string, string> {
  const headers = { 'merchant-id': opts.merchantId, version: 'v1', timestamp: apiTimestamp(opts.now) };
  return { ...headers, signature: apiSignature({ ...headers, ...opts.body }, opts.passphrase) };
}

/** Cents as PayFast's rand string with exactly two decimals: 8000 → '80.00'. */
export function rands(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError(`not a whole number of cents: ${cents}`);
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** A rand amount as PayFast posts it ('80.00', '-3.68', '80') in cents, or null when it is not one. */
export function centsOf(value: string | undefined | null): number | null {
  const m = /^(-?)(\d{1,9})(?:\.(\d{1,2}))?$/.exec((value ?? '').trim());
  if (!m) return null;
  const cents = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  return m[1] ? -cents : cents;
}

/** Characters whose encoding PayFast's PHP and Node samples disagree on (reference §3.3): never in a value we sign. */
export const AMBIGUOUS_CHARS = /['()!*~]/;

// Where PayFast is: config's, as config chooses between them and imports no domain.
export { PAYFAST_HOSTS, PAYFAST_ITN_RANGES } from '../config';
