// The spec's fetch behaviour: credentials always, any non-OK answer is an error "status: body". Islands call the
// endpoints of ./endpoints.ts through call(), so no island holds an address of its own.
import type { Endpoint, ParamsOf } from './endpoints';

export class ApiError extends Error {
  constructor(
    public status: number,
    public body: string,
    public serverMessage?: string,
  ) {
    super(`${status}: ${body}`);
  }
}

type QueryValue = string | number | boolean | null | undefined;

/** What a call needs besides its endpoint: the path's parameters (required when it has any), a query and a body. */
export type CallArgs<E extends Endpoint> = { query?: Record<string, QueryValue>; body?: unknown } & ([ParamsOf<E['path']>] extends [never]
  ? { params?: undefined }
  : { params: Record<ParamsOf<E['path']>, string | number> });

type Rest<E extends Endpoint> = [ParamsOf<E['path']>] extends [never] ? [args?: CallArgs<E>] : [args: CallArgs<E>];
type AnswerOf<E extends Endpoint> = E['answer'];

/** The endpoint's address: parameters put in (encoded), and the query's non-empty values after `?`. */
export function urlOf<E extends Endpoint>(endpoint: E, ...[args]: Rest<E>): string {
  const params = (args?.params ?? {}) as Record<string, string | number>;
  const path = endpoint.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params[name])));
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(args?.query ?? {}))
    if (v !== undefined && v !== null && v !== '' && v !== false) query.set(k, String(v));
  return query.size ? `${path}?${query}` : path;
}

/** Calls an endpoint of the registry (./endpoints.ts) and answers with its typed answer. */
export async function call<E extends Endpoint>(endpoint: E, ...rest: Rest<E>): Promise<AnswerOf<E>> {
  return (await request<AnswerOf<E>>(endpoint.method, urlOf(endpoint, ...rest), rest[0]?.body)).data;
}

/** One page of a list endpoint: the items and X-Total-Count (how many match in all). */
export async function callPage<E extends Endpoint & { answer: unknown[] }>(
  endpoint: E,
  ...rest: Rest<E>
): Promise<{ items: AnswerOf<E>; total: number }> {
  const { data, res } = await request<AnswerOf<E>>(endpoint.method, urlOf(endpoint, ...rest));
  const total = Number(res.headers.get('X-Total-Count'));
  return { items: data, total: Number.isFinite(total) ? total : data.length };
}

async function request<T>(method: string, url: string, body?: unknown): Promise<{ data: T; res: Response }> {
  const res = await fetch(url, {
    method,
    credentials: 'include',
    headers: body === undefined || body instanceof FormData ? undefined : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) {
    let message: string | undefined;
    try {
      message = JSON.parse(text).message;
    } catch {
      /* not JSON */
    }
    throw new ApiError(res.status, text || res.statusText, message);
  }
  return { data: (text ? JSON.parse(text) : null) as T, res };
}

/** The message to show a user for a failed call: the server's own message when it sent one. */
export function errorMessage(err: unknown, fallback: string): string {
  if (err instanceof ApiError) return err.serverMessage ?? err.message;
  if (err instanceof Error && err.message) return err.message;
  return fallback;
}
