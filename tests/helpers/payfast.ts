import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { itnSignature, itnSignatureString, rands, type Pairs } from '../../src/billing/payfast';

/** The public sandbox merchant (the app's defaults). */
export const SANDBOX = { merchantId: '10000100', passphrase: 'jt7NOE43FZPn' };
/** An address inside PayFast's published ITN ranges (197.97.145.144/28). */
export const PAYFAST_IP = '197.97.145.150';

export interface SeenRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export type ValidateAnswer = 'VALID' | 'INVALID' | 500 | 403 | 'hang';

/**
 * A local stand-in for PayFast: POST /eng/query/validate answers what `validate` says; the subscriptions API
 * (PUT /subscriptions/:token/cancel, GET /subscriptions/:token/fetch) answers what `api` says. Every request is kept.
 */
export async function startPayfastStub(host = '127.0.0.1') {
  const seen: SeenRequest[] = [];
  const hanging = new Set<http.ServerResponse>();
  const state = {
    validate: 'VALID' as ValidateAnswer,
    /** Milliseconds the validate endpoint takes to answer. */
    validateDelayMs: 0,
    /** Milliseconds the cancel call takes to answer. */
    cancelDelayMs: 0,
    cancel: { status: 200, body: { code: 200, status: 'success', data: { response: true } } as unknown },
    fetch: { status: 200, body: { code: 200, status: 'success', data: { response: { status_text: 'ACTIVE', run_date: '' } } } as unknown },
  };
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      seen.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      const path = req.url!.split('?')[0];
      if (req.method === 'POST' && path === '/eng/query/validate') {
        const a = state.validate;
        if (a === 'hang') return void hanging.add(res);
        const answer = () =>
          a === 500 || a === 403
            ? res.writeHead(a, { 'content-type': 'text/html' }).end('<html>Forbidden</html>')
            : res.writeHead(200, { 'content-type': 'text/plain' }).end(a);
        return void setTimeout(answer, state.validateDelayMs);
      }
      const m = /^\/subscriptions\/([^/]+)\/(cancel|fetch)$/.exec(path);
      if (m && ((m[2] === 'cancel' && req.method === 'PUT') || (m[2] === 'fetch' && req.method === 'GET'))) {
        const r = m[2] === 'cancel' ? state.cancel : state.fetch;
        const answer = () => res.writeHead(r.status, { 'content-type': 'application/json' }).end(JSON.stringify(r.body));
        return void setTimeout(answer, m[2] === 'cancel' ? state.cancelDelayMs : 0);
      }
      res.writeHead(404).end('not found');
    });
  });
  await new Promise<void>((r) => server.listen(0, host, r));
  const base = `http://${host}:${(server.address() as AddressInfo).port}`;
  return {
    base,
    seen,
    state,
    validations: () => seen.filter((s) => s.url.startsWith('/eng/query/validate')),
    api: () => seen.filter((s) => s.url.startsWith('/subscriptions/')),
    /** The app's environment pointing at this stub. */
    env: { PAYFAST_VALIDATE_URL: `${base}/eng/query/validate`, PAYFAST_API_URL: base },
    async close() {
      hanging.forEach((r) => r.destroy());
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}
export type PayfastStub = Awaited<ReturnType<typeof startPayfastStub>>;

export interface ItnSpec {
  ref: string;
  pfPaymentId: string;
  status?: 'COMPLETE' | 'CANCELLED' | 'FAILED' | string;
  /** Cents; omitted for CANCELLED (PayFast sends no amounts then). */
  amountCents?: number;
  token?: string;
  billingDate?: string;
  merchantId?: string;
  email?: string;
}

/** The fields of an ITN in PayFast's posting order (reference §4.1), blanks included. */
export function itnFields(s: ItnSpec): Pairs {
  const status = s.status ?? 'COMPLETE';
  const amounts: Pairs =
    status === 'CANCELLED' || s.amountCents === undefined
      ? []
      : [
          ['amount_gross', rands(s.amountCents)],
          ['amount_fee', s.amountCents ? `-${rands(Math.round(s.amountCents * 0.046))}` : '0.00'],
          ['amount_net', rands(s.amountCents - Math.round(s.amountCents * 0.046))],
        ];
  return [
    ['m_payment_id', s.ref],
    ['pf_payment_id', s.pfPaymentId],
    ['payment_status', status],
    ['item_name', 'PayeWise Monthly'],
    ['item_description', ''],
    ...amounts,
    ['custom_str1', ''],
    ['custom_str2', ''],
    ['custom_str3', ''],
    ['custom_str4', ''],
    ['custom_str5', ''],
    ['custom_int1', ''],
    ['custom_int2', ''],
    ['custom_int3', ''],
    ['custom_int4', ''],
    ['custom_int5', ''],
    ['name_first', "Thandi O'Brien"],
    ['name_last', 'Nkosi'],
    ['email_address', s.email ?? 'buyer@example.co.za'],
    ['merchant_id', s.merchantId ?? SANDBOX.merchantId],
    ['token', s.token ?? ''],
    ['billing_date', s.billingDate ?? ''],
  ];
}

/** A raw ITN body as PayFast posts it: the fields, then the signature by recipe (b). */
export function signedItn(fields: Pairs, passphrase: string = SANDBOX.passphrase, signature?: string): string {
  return `${itnSignatureString(fields)}&signature=${signature ?? itnSignature(fields, passphrase)}`;
}

export const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
