import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  apiHeaders,
  apiSignature,
  apiSignatureString,
  apiTimestamp,
  centsOf,
  formSignature,
  formSignatureString,
  itnSignature,
  itnSignatureString,
  parseFormBody,
  pfEncode,
  rands,
  validationBody,
  type FormField,
  type Pairs,
} from '../../../src/billing/payfast';

// Reference §3.5: our own worked examples (sandbox passphrase), verified there with Node, PHP and Python.
const PASSPHRASE = 'jt7NOE43FZPn';

const example1: Partial<Record<FormField, string>> = {
  merchant_id: '10000100',
  merchant_key: '46f0cd694581a',
  return_url: 'https://app.example.co.za/billing/return',
  cancel_url: 'https://app.example.co.za/billing/cancel',
  notify_url: 'https://app.example.co.za/api/payfast/itn',
  name_first: 'Thandi',
  name_last: 'Nkosi',
  email_address: 'thandi@example.co.za',
  m_payment_id: 'sub_0001',
  amount: '0.00',
  item_name: 'Pro plan monthly',
  custom_str1: 'usr_42',
  subscription_type: '1',
  billing_date: '2026-12-08',
  recurring_amount: '80.00',
  frequency: '3',
  cycles: '0',
};

const blanks = (prefix: string) => [1, 2, 3, 4, 5].map((n) => [`${prefix}${n}`, ''] as [string, string]);
const example2: Pairs = [
  ['m_payment_id', 'sub_0001'],
  ['pf_payment_id', '2345678'],
  ['payment_status', 'COMPLETE'],
  ['item_name', 'Pro plan monthly'],
  ['item_description', ''],
  ['amount_gross', '0.00'],
  ['amount_fee', '0.00'],
  ['amount_net', '0.00'],
  ['custom_str1', 'usr_42'],
  ...blanks('custom_str').slice(1),
  ...blanks('custom_int'),
  ['name_first', 'Thandi'],
  ['name_last', 'Nkosi'],
  ['email_address', 'thandi@example.co.za'],
  ['merchant_id', '10000100'],
  ['token', '3f2b6c1e-8d4a-4c7b-9e21-5a6f0b7c8d9e'],
  ['billing_date', '2026-12-08'],
];
const example2b: Pairs = example2.map(([k, v]) =>
  k === 'pf_payment_id'
    ? [k, '2399001']
    : k === 'amount_gross'
      ? [k, '80.00']
      : k === 'amount_fee'
        ? [k, '-3.68']
        : k === 'amount_net'
          ? [k, '76.32']
          : k === 'billing_date'
            ? [k, '']
            : [k, v],
);

describe('PHP urlencode for values', () => {
  it.each([
    ['Pro plan monthly', 'Pro+plan+monthly'],
    ["it's", 'it%27s'],
    ['(monthly)', '%28monthly%29'],
    ['x~y*z!', 'x%7Ey%2Az%21'],
    ['a+b c', 'a%2Bb+c'],
    ['https://x.co.za/a?b=c', 'https%3A%2F%2Fx.co.za%2Fa%3Fb%3Dc'],
    ['thandi@example.co.za', 'thandi%40example.co.za'],
    ['Zoë Müller', 'Zo%C3%AB+M%C3%BCller'],
    ['2026-12-01T10:15:00+02:00', '2026-12-01T10%3A15%3A00%2B02%3A00'],
    ['-_.09AZaz', '-_.09AZaz'],
    ['😀', '%F0%9F%98%80'],
  ])('%j → %s', (raw, encoded) => expect(pfEncode(raw)).toBe(encoded));
});

describe('recipe (a): the checkout form (reference §3.5 example 1)', () => {
  it('builds the documented string and signature', () => {
    expect(formSignatureString(example1, PASSPHRASE)).toBe(
      'merchant_id=10000100&merchant_key=46f0cd694581a&return_url=https%3A%2F%2Fapp.example.co.za%2Fbilling%2Freturn&cancel_url=https%3A%2F%2Fapp.example.co.za%2Fbilling%2Fcancel&notify_url=https%3A%2F%2Fapp.example.co.za%2Fapi%2Fpayfast%2Fitn&name_first=Thandi&name_last=Nkosi&email_address=thandi%40example.co.za&m_payment_id=sub_0001&amount=0.00&item_name=Pro+plan+monthly&custom_str1=usr_42&subscription_type=1&billing_date=2026-12-08&recurring_amount=80.00&frequency=3&cycles=0&passphrase=jt7NOE43FZPn',
    );
    expect(formSignature(example1, PASSPHRASE)).toBe('7278f1970ff76a8f7aea5f4b0f3be9cb');
  });

  it('does not depend on the order the fields are given in', () => {
    const reversed = Object.fromEntries(Object.entries(example1).reverse()) as typeof example1;
    expect(formSignature(reversed, PASSPHRASE)).toBe('7278f1970ff76a8f7aea5f4b0f3be9cb');
  });

  it('keeps cycles=0, drops blanks, trims values', () => {
    expect(formSignatureString({ ...example1, cycles: '0' }, PASSPHRASE)).toContain('&cycles=0&');
    expect(formSignature({ ...example1, name_first: '', cell_number: '   ' }, PASSPHRASE)).toBe(
      formSignature({ ...example1, name_first: undefined }, PASSPHRASE),
    );
    expect(formSignature({ ...example1, item_name: '  Pro plan monthly\n' }, PASSPHRASE)).toBe('7278f1970ff76a8f7aea5f4b0f3be9cb');
  });

  it('changes with any signed value, and with the passphrase', () => {
    expect(formSignature({ ...example1, amount: '0' }, PASSPHRASE)).not.toBe('7278f1970ff76a8f7aea5f4b0f3be9cb');
    expect(formSignature(example1, 'other')).not.toBe('7278f1970ff76a8f7aea5f4b0f3be9cb');
    expect(formSignature(example1)).not.toBe('7278f1970ff76a8f7aea5f4b0f3be9cb');
  });

  it('PHP-style and JS-style encodings sign parentheses differently (reference §3.3)', () => {
    expect(formSignatureString({ item_name: 'Pro plan (monthly)' })).toBe('item_name=Pro+plan+%28monthly%29');
  });
});

describe('recipe (b): the ITN (reference §3.5 examples 2 and 2b)', () => {
  it('signs the trial-start ITN in the posted order with blanks kept', () => {
    expect(itnSignatureString(example2, PASSPHRASE)).toBe(
      'm_payment_id=sub_0001&pf_payment_id=2345678&payment_status=COMPLETE&item_name=Pro+plan+monthly&item_description=&amount_gross=0.00&amount_fee=0.00&amount_net=0.00&custom_str1=usr_42&custom_str2=&custom_str3=&custom_str4=&custom_str5=&custom_int1=&custom_int2=&custom_int3=&custom_int4=&custom_int5=&name_first=Thandi&name_last=Nkosi&email_address=thandi%40example.co.za&merchant_id=10000100&token=3f2b6c1e-8d4a-4c7b-9e21-5a6f0b7c8d9e&billing_date=2026-12-08&passphrase=jt7NOE43FZPn',
    );
    expect(itnSignature(example2, PASSPHRASE)).toBe('c0b379727c931fa684e1fe6a8e5e85c9');
  });

  it('signs a renewal with an empty billing_date, which dropping blanks would break', () => {
    expect(itnSignatureString(example2b, PASSPHRASE)).toMatch(
      /&token=3f2b6c1e-8d4a-4c7b-9e21-5a6f0b7c8d9e&billing_date=&passphrase=jt7NOE43FZPn$/,
    );
    expect(itnSignature(example2b, PASSPHRASE)).toBe('f842e9c38eb5deb453816093505ea602');
    expect(
      itnSignature(
        example2b.filter(([, v]) => v !== ''),
        PASSPHRASE,
      ),
    ).toBe('2bc9eca76c3fa8aa1e9e1e709f2e3658');
  });

  it('leaves the posted signature out and is order-sensitive', () => {
    expect(itnSignature([...example2, ['signature', 'abc']], PASSPHRASE)).toBe('c0b379727c931fa684e1fe6a8e5e85c9');
    expect(itnSignature([...example2].reverse(), PASSPHRASE)).not.toBe('c0b379727c931fa684e1fe6a8e5e85c9');
  });

  it('decodes a raw body into the posted pairs, in order, spaces from +', () => {
    const raw = `${itnSignatureString(example2)}&signature=c0b379727c931fa684e1fe6a8e5e85c9`;
    const posted = parseFormBody(raw);
    expect(posted.slice(0, 4)).toEqual([
      ['m_payment_id', 'sub_0001'],
      ['pf_payment_id', '2345678'],
      ['payment_status', 'COMPLETE'],
      ['item_name', 'Pro plan monthly'],
    ]);
    expect(itnSignature(posted, PASSPHRASE)).toBe('c0b379727c931fa684e1fe6a8e5e85c9');
    // The post-back to PayFast: the fields as received, no signature, no passphrase.
    expect(validationBody(posted)).toBe(itnSignatureString(example2));
    expect(validationBody(posted)).not.toMatch(/signature|passphrase/);
  });
});

describe('recipe (c): the REST API (reference §3.5 example 3)', () => {
  const headers = { 'merchant-id': '10000100', version: 'v1', timestamp: '2026-12-01T10:15:00+02:00' };
  it.each([
    [
      'pause',
      { cycles: '1' },
      'cycles=1&merchant-id=10000100&passphrase=jt7NOE43FZPn&timestamp=2026-12-01T10%3A15%3A00%2B02%3A00&version=v1',
      'b3f06a45e3b49ef4b4677576baf40724',
    ],
    [
      'cancel',
      {},
      'merchant-id=10000100&passphrase=jt7NOE43FZPn&timestamp=2026-12-01T10%3A15%3A00%2B02%3A00&version=v1',
      '43802489d8f245f56788438ae12e6936',
    ],
    [
      'update',
      { amount: '9000', run_date: '2027-01-08' },
      'amount=9000&merchant-id=10000100&passphrase=jt7NOE43FZPn&run_date=2027-01-08&timestamp=2026-12-01T10%3A15%3A00%2B02%3A00&version=v1',
      'b15445f9cf9fa944e23505b83683b7c9',
    ],
  ])('%s', (_name, body, string, md5) => {
    expect(apiSignatureString({ ...headers, ...body }, PASSPHRASE)).toBe(string);
    expect(apiSignature({ ...headers, ...body }, PASSPHRASE)).toBe(md5);
    // ?testing=true is never signed; empty values are dropped.
    expect(apiSignature({ ...headers, ...body, testing: 'true', extra: '' }, PASSPHRASE)).toBe(md5);
  });

  it('the headers of a call at 10:15 SAST on 1 December 2026 carry the example signature', () => {
    const now = new Date('2026-12-01T08:15:00.123Z');
    expect(apiTimestamp(now)).toBe('2026-12-01T10:15:00+02:00');
    expect(apiHeaders({ merchantId: '10000100', passphrase: PASSPHRASE, now })).toEqual({
      ...headers,
      signature: '43802489d8f245f56788438ae12e6936',
    });
  });
});

describe('money strings', () => {
  it.each([
    [8000, '80.00'],
    [0, '0.00'],
    [5, '0.05'],
    [123456, '1234.56'],
  ])('%d cents → %s', (c, s) => expect(rands(c)).toBe(s));
  it('refuses fractions of a cent and negatives', () => {
    expect(() => rands(80.5)).toThrow();
    expect(() => rands(-1)).toThrow();
  });
  it.each([
    ['80.00', 8000],
    ['0.00', 0],
    ['-3.68', -368],
    ['76.32', 7632],
    ['80', 8000],
    ['80.5', 8050],
    [' 80.00 ', 8000],
    ['', null],
    ['80.001', null],
    ['1e3', null],
    ['R80', null],
    [undefined, null],
  ])('%j → %j cents', (s, c) => expect(centsOf(s)).toBe(c));
});

// Reference §3.4: public vectors from other implementations' test suites, and the §3.5 examples again, as
// data (tests/fixtures/payfast-vectors.json), each signed by its recipe.
const vectorFile = path.resolve('tests/fixtures/payfast-vectors.json');
const vectors = (
  JSON.parse(fs.readFileSync(vectorFile, 'utf8')) as {
    cases: {
      name: string;
      recipe: 'form' | 'itn' | 'api';
      passphrase: string | null;
      fields: [string, string][] | null;
      expected: string;
    }[];
  }
).cases;

describe('public test vectors (reference §3.4)', () => {
  it('has every vector of §3.4 (13) and §3.5 (6), each with its data, all three recipes', () => {
    expect(vectors.filter((v) => v.fields)).toHaveLength(19);
    expect(vectors.filter((v) => !v.name.startsWith('reference'))).toHaveLength(13);
    expect(new Set(vectors.map((v) => v.recipe))).toEqual(new Set(['form', 'itn', 'api']));
  });
  it.each(vectors.filter((v) => v.fields).map((v) => [v.name, v] as const))('%s', (_name, v) => {
    const fields = v.fields!;
    const md5 =
      v.recipe === 'form'
        ? formSignature(Object.fromEntries(fields) as Partial<Record<FormField, string>>, v.passphrase)
        : v.recipe === 'itn'
          ? itnSignature(fields, v.passphrase)
          : apiSignature(Object.fromEntries(fields), v.passphrase);
    expect(md5).toBe(v.expected);
  });
});
