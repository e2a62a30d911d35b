import type { Context, Env, MiddlewareHandler } from 'hono';
import { type $ZodType, type output, safeParse } from 'zod/v4/core';
import { AppError } from '../errors';

export const MALFORMED_JSON = 'Malformed JSON in request body';
export const NOT_AN_OBJECT = 'The request body must be a JSON object';

export interface FieldIssue {
  field: string;
  message: string;
}

/** The body as a form (urlencoded or multipart), read once and kept by Hono for later readers. */
export async function readForm(c: Context): Promise<FormData> {
  try {
    return await c.req.formData();
  } catch (err) {
    if (err instanceof AppError) throw err; // the body-size limit
    throw new AppError('bad_request', 'Malformed form data in request body');
  }
}

/**
 * The request body as a plain object: JSON whatever the Content-Type says (so a missing header still gets
 * a precise answer), or a form (urlencoded or multipart; a repeated field or `name[]` becomes a list,
 * files are left to the route).
 */
async function readBody(c: Context, optional = false): Promise<Record<string, unknown>> {
  const type = (c.req.header('content-type') ?? '').toLowerCase();
  if (type.startsWith('multipart/form-data') || type.startsWith('application/x-www-form-urlencoded')) {
    const form = await readForm(c);
    const out: Record<string, unknown> = Object.create(null);
    for (const [k, v] of form) {
      if (typeof v !== 'string') continue;
      const key = k.endsWith('[]') ? k.slice(0, -2) : k;
      const prev = out[key];
      out[key] = k.endsWith('[]') || prev !== undefined ? [...(prev === undefined ? [] : Array.isArray(prev) ? prev : [prev]), v] : v;
    }
    return out;
  }
  const text = await c.req.text();
  if (optional && text.trim() === '') return {};
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new AppError('bad_request', MALFORMED_JSON, { field: 'body' });
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new AppError('bad_request', NOT_AN_OBJECT, { field: 'body' });
  return body as Record<string, unknown>;
}

/** The request's input for a target, as the schema will see it. */
async function inputOf(c: Context, target: 'json' | 'query' | 'param', optionalBody = false): Promise<unknown> {
  if (target === 'json') return readBody(c, optionalBody);
  if (target === 'param') return c.req.param();
  return Object.fromEntries(Object.entries(c.req.queries()).map(([k, v]) => [k, v.length === 1 ? v[0] : v]));
}

/** The issues of a failed parse as field/message pairs; the first is the one to show. */
export function issuesOf(issues: readonly { path: readonly PropertyKey[]; message: string }[]): FieldIssue[] {
  return issues.map((i) => ({ field: i.path.map(String).join('.'), message: i.message }));
}

/**
 * The one way routes validate input: the shared zod schema (zod or zod/mini) parses the body (`json`:
 * JSON or a form), the query or the path parameters; a failure is a 400 `{ message, field, errors }`
 * carrying the first issue's text, and the handler reads the result with `c.req.valid(target)`.
 */
export function validate<T extends $ZodType, Target extends 'json' | 'query' | 'param'>(
  target: Target,
  schema: T,
  /** `{ optionalBody: true }`: an empty body reads as `{}` (actions whose body holds only optional fields). */
  opts: { optionalBody?: boolean } = {},
): MiddlewareHandler<Env, string, { in: { [K in Target]: unknown }; out: { [K in Target]: output<T> } }> {
  return async (c, next) => {
    const r = safeParse(schema, await inputOf(c, target, opts.optionalBody));
    if (!r.success) {
      const errors = issuesOf(r.error.issues);
      const [first] = errors;
      throw new AppError('bad_request', first?.message ?? 'Invalid request', { field: first?.field || undefined, errors });
    }
    c.req.addValidatedData(target, r.data as object);
    await next();
  };
}
