// Talking to PayFast: the ITN confirmation post-back and the subscriptions REST API (reference §4.2, §6).
// The wire formats are in ./payfast; this only sends them and reads the answers.
import type { Config } from '../config';
import { apiHeaders, validationBody, type Pairs } from './payfast';
import type { RemoteSubscription } from './subscription';

const USER_AGENT = 'PayeWise/1.0 (+https://payewise.co.za)';

/** PayFast's answer to a confirmation post-back. `unknown`: no answer we can trust (timeout, 5xx, 403, anything else). */
export type Validation = { result: 'valid' } | { result: 'invalid' } | { result: 'unknown'; detail: string };

/** The API refused or could not be reached; `message` is fit for the user. */
export class PayfastError extends Error {
  constructor(
    message: string,
    public status?: number,
  ) {
    super(message);
  }
}

export interface PayfastClient {
  validate(posted: Pairs): Promise<Validation>;
  cancel(token: string): Promise<void>;
  fetchSubscription(token: string): Promise<RemoteSubscription>;
}

export function createPayfastClient(opts: { payfast: Config['payfast']; clock: () => Date }): PayfastClient {
  const { payfast, clock } = opts;
  const signal = () => AbortSignal.timeout(payfast.timeoutMs);

  async function callApi(method: 'GET' | 'PUT', action: string, token: string): Promise<unknown> {
    const url = `${payfast.apiUrl.replace(/\/$/, '')}/subscriptions/${encodeURIComponent(token)}/${action}${payfast.sandbox ? '?testing=true' : ''}`;
    const headers: Record<string, string> = {
      ...apiHeaders({ merchantId: payfast.merchantId, passphrase: payfast.passphrase, now: clock() }),
      'user-agent': USER_AGENT,
      accept: 'application/json',
    };
    let res: Response;
    try {
      // A bodiless PUT still says Content-Length: 0 (PayFast answers 411 otherwise).
      res = await fetch(url, { method, headers, body: method === 'PUT' ? '' : undefined, signal: signal() });
    } catch (err) {
      throw new PayfastError(
        `PayFast could not be reached (${(err as Error).name === 'TimeoutError' ? 'no answer in time' : 'connection failed'})`,
      );
    }
    const text = await res.text().catch(() => '');
    let body: { status?: string; data?: { response?: unknown; message?: string } } | undefined;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    if (!res.ok || !body || body.status !== 'success') {
      const said = body?.data?.message ?? (typeof body?.data?.response === 'string' ? body.data.response : undefined);
      throw new PayfastError(`PayFast answered ${res.status}${said ? `: ${said}` : ''}`, res.status);
    }
    return body.data?.response;
  }

  return {
    async validate(posted) {
      let res: Response;
      try {
        res = await fetch(payfast.validateUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': USER_AGENT },
          body: validationBody(posted),
          signal: signal(),
        });
      } catch (err) {
        return {
          result: 'unknown',
          detail: (err as Error).name === 'TimeoutError' ? 'no answer in time' : `connection failed: ${(err as Error).message}`,
        };
      }
      const text = (await res.text().catch(() => '')).trim();
      if (res.status === 200 && text === 'VALID') return { result: 'valid' };
      if (res.status === 200 && text === 'INVALID') return { result: 'invalid' };
      return { result: 'unknown', detail: `HTTP ${res.status}: ${text.slice(0, 80) || '(empty)'}` };
    },

    async cancel(token) {
      const response = await callApi('PUT', 'cancel', token);
      // Sandbox answers true, production "true".
      if (response !== true && response !== 'true')
        throw new PayfastError(`PayFast did not confirm the cancellation (${JSON.stringify(response)})`);
    },

    async fetchSubscription(token) {
      const r = (await callApi('GET', 'fetch', token)) as { status_text?: unknown; run_date?: unknown } | undefined;
      if (!r || typeof r !== 'object') throw new PayfastError('PayFast sent no subscription');
      return {
        statusText: typeof r.status_text === 'string' ? r.status_text : '',
        runDate: typeof r.run_date === 'string' ? r.run_date : null,
      };
    },
  };
}
