import type { MiddlewareHandler } from 'hono';
import { getCookie, setCookie, deleteCookie } from 'hono/cookie';
import { getConnInfo } from '@hono/node-server/conninfo';
import { randomUUID } from 'node:crypto';
import { SESSION_DAYS } from '../auth/service';
import { AppError } from '../errors';
import type { AppContext, AppEnv } from './context';

export const SESSION_COOKIE = 'pw_session';
const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/** State-changing requests from a foreign page are refused (browsers always send Origin on them). */
export function originCheck(publicUrl?: string): MiddlewareHandler<AppEnv> {
  const allowed = publicUrl ? new URL(publicUrl).origin : null;
  return async (c, next) => {
    const origin = c.req.header('origin');
    if (!SAFE.has(c.req.method) && origin && origin !== 'null') {
      const self = new URL(c.req.url).origin;
      const host = c.req.header('host');
      let ok = origin === self || origin === allowed;
      if (!ok && host) {
        try {
          ok = new URL(origin).host === host;
        } catch {
          ok = false;
        }
      }
      if (!ok) throw new AppError(403, 'Cross-site request refused');
    } else if (!SAFE.has(c.req.method) && origin === 'null') {
      throw new AppError(403, 'Cross-site request refused');
    }
    await next();
  };
}

export function requestId(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.set('requestId', randomUUID());
    await next();
  };
}

export function setSessionCookie(c: AppContext, token: string, secure: boolean) {
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Lax',
    secure,
    path: '/',
    maxAge: SESSION_DAYS * 86_400,
  });
}

export function clearSessionCookie(c: AppContext, secure: boolean) {
  deleteCookie(c, SESSION_COOKIE, { path: '/', secure, httpOnly: true, sameSite: 'Lax' });
}

/** Loads the signed-in user (or null) for every request that carries a session cookie. */
export function sessionLoader(secure: boolean): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.set('user', null);
    c.set('sessionId', null);
    const token = getCookie(c, SESSION_COOKIE);
    if (token && token.length < 200) {
      const found = await c.var.services.auth.validateSession(token);
      if (found) {
        c.set('user', found.user);
        c.set('sessionId', found.sessionId);
        if (found.renewed) setSessionCookie(c, token, secure);
      } else {
        clearSessionCookie(c, secure);
      }
    }
    await next();
  };
}

export const requireUser: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!c.var.user) throw new AppError(401, 'Not authenticated');
  await next();
};

export const requireAdmin: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!c.var.user) throw new AppError(401, 'Not authenticated');
  if (!c.var.user.isAdmin) throw new AppError(403, "You don't have permission to access this page.");
  await next();
};

/** The caller's address: the socket's peer, or the first X-Forwarded-For hop behind a trusted proxy. */
export function clientIp(c: AppContext, trustProxy: boolean): string {
  if (trustProxy) {
    const fwd = c.req.header('x-forwarded-for');
    if (fwd) return fwd.split(',')[0].trim();
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return c.req.header('x-forwarded-for')?.split(',')[0].trim() || 'local';
  }
}
