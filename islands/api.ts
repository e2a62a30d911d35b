// The spec's fetch behaviour: credentials always, any non-OK answer is an error "status: body".
export class ApiError extends Error {
  constructor(
    public status: number,
    public body: string,
    public serverMessage?: string,
  ) {
    super(`${status}: ${body}`);
  }
}

export async function api<T = unknown>(method: string, url: string, body?: unknown): Promise<T> {
  return (await request<T>(method, url, body)).data;
}

/** A GET of one page of a list: the items and X-Total-Count (how many match in all). */
export async function apiPage<T>(url: string): Promise<{ items: T[]; total: number }> {
  const { data, res } = await request<T[]>('GET', url);
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
