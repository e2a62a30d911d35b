import type { MiddlewareHandler } from 'hono';
import { AppError } from '../errors';
import type { AppEnv } from './context';
import { readForm } from './validate';

// Text that cannot reach the database broken: PostgreSQL refuses NUL, and other control characters or
// unpaired UTF-16 surrogates are never part of what a person types. Tab, line feed and carriage return
// pass here (multi-line fields need them); single-line fields refuse them in their own schemas.
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
const MAX_DEPTH = 32;

export interface UnsafeText {
  field: string;
  message: string;
}

/** Why a string may not be stored, or null. */
export function textProblem(s: string): 'control' | 'encoding' | null {
  if (CONTROL.test(s)) return 'control';
  if (!s.isWellFormed()) return 'encoding';
  return null;
}

function describe(name: string, problem: 'control' | 'encoding'): UnsafeText {
  const field = name || 'body';
  const what = problem === 'control' ? 'a control character (such as NUL)' : 'text that is not valid Unicode';
  return { field, message: `${field} contains ${what}, which is not allowed` };
}

/** The first string in `value` (keys included) that may not be stored, walking at most MAX_DEPTH levels. */
export function findUnsafeText(value: unknown, field: string): UnsafeText | null {
  const stack: { v: unknown; field: string; depth: number }[] = [{ v: value, field, depth: 0 }];
  while (stack.length) {
    const { v, field: f, depth } = stack.pop()!;
    if (typeof v === 'string') {
      const p = textProblem(v);
      if (p) return describe(f, p);
    } else if (v && typeof v === 'object') {
      if (depth >= MAX_DEPTH) return { field: f, message: 'The request is nested too deeply' };
      for (const [k, child] of Object.entries(v)) {
        const p = textProblem(k);
        if (p) return describe(f ? `${f} (a key)` : 'a key', p);
        stack.push({ v: child, field: Array.isArray(v) ? `${f}[${k}]` : f ? `${f}.${k}` : k, depth: depth + 1 });
      }
    }
  }
  return null;
}

function reject(found: UnsafeText): never {
  throw new AppError('bad_request', found.message, { field: found.field });
}

/** A multipart form's fields and file names, as the middleware checks every other body. */
export function checkFormText(form: FormData): void {
  for (const [k, v] of form) {
    const found = findUnsafeText(k, 'form') ?? (typeof v === 'string' ? findUnsafeText(v, k) : findUnsafeText(v.name, `${k} (file name)`));
    if (found) reject(found);
  }
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw new AppError('bad_request', 'The address contains malformed percent-encoding', { field: 'path' });
  }
}

/**
 * Checks every piece of text a request carries (path segments, query, JSON and form bodies, uploaded file
 * names) before any route sees it, so bad text is a 400 naming the field and never a database error.
 * Runs after the body-size limit, so reading the body here is bounded. `bodyLater`: routes that read their body
 * only after their guard has let the caller in (an attachment is megabytes); they call checkFormText then.
 */
export function rejectUnsafeText(opts: { bodyLater?: string[] } = {}): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const path = c.req.path;
    const problem = textProblem(path);
    if (problem) reject(describe('path', problem));
    // What the router's decoding leaves encoded (reserved characters, broken escapes) is checked per segment.
    if (path.includes('%')) {
      for (const segment of path.split('/')) {
        const p = textProblem(decodeSegment(segment));
        if (p) reject(describe('path', p));
      }
    }
    const url = c.req.url;
    const q = url.indexOf('?');
    if (q !== -1) {
      for (const [k, v] of new URLSearchParams(url.slice(q + 1))) {
        const found = findUnsafeText(k, 'query') ?? findUnsafeText(v, k);
        if (found) reject(found);
      }
    }
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD' && !opts.bodyLater?.includes(path)) {
      const type = (c.req.header('content-type') ?? '').toLowerCase();
      if (type.startsWith('application/x-www-form-urlencoded')) {
        // Read as text and kept so: a route that needs the raw body (the PayFast ITN signs it) still has it.
        for (const [k, v] of new URLSearchParams(await c.req.text())) {
          const found = findUnsafeText(k, 'form') ?? findUnsafeText(v, k);
          if (found) reject(found);
        }
      } else if (type.startsWith('multipart/form-data')) {
        checkFormText(await readForm(c));
      } else if (c.req.raw.body) {
        const text = await c.req.text();
        let body: unknown;
        try {
          body = JSON.parse(text);
        } catch {
          body = undefined; // not JSON: the route says what it expected
        }
        const found = body === undefined ? findUnsafeText(text, 'body') : findUnsafeText(body, '');
        if (found) reject(found);
      }
    }
    await next();
  };
}
