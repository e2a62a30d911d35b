import type { MiddlewareHandler } from 'hono';
import { getCookie, setCookie, deleteCookie } from 'hono/cookie';
import { getConnInfo } from '@hono/node-server/conninfo';
import { randomUUID } from 'node:crypto';
import { SESSION_DAYS } from '../auth';
import type { AppContext, AppEnv } from './context';

export const SESSION_COOKIE = 'pw_session';

/** The reference a failure is logged and shown under: made when first asked for, which only failures do. */
export function requestIdOf(c: AppContext): string {
  let id = c.get('requestId');
  if (!id) c.set('requestId', (id = randomUUID()));
  return id;
}

export function setSessionCookie(c: AppContext, token: string) {
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: c.get('services').config.production,
    path: '/',
    maxAge: SESSION_DAYS * 86_400,
  });
}

export function clearSessionCookie(c: AppContext) {
  deleteCookie(c, SESSION_COOKIE, { path: '/', secure: c.get('services').config.production, httpOnly: true, sameSite: 'Lax' });
}

/** Loads the signed-in user (or null) for every request that carries a session cookie. */
export function sessionLoader(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.set('user', null);
    c.set('sessionId', null);
    const token = getCookie(c, SESSION_COOKIE);
    if (token && token.length < 200) {
      const found = await c.get('services').auth.validateSession(token);
      if (found) {
        c.set('user', found.user);
        c.set('sessionId', found.sessionId);
        if (found.renewed) setSessionCookie(c, token);
      } else {
        clearSessionCookie(c);
      }
    }
    await next();
  };
}

/**
 * The caller's address: the socket's peer, or behind a trusted proxy (TRUST_PROXY) the address that
 * proxy appended to X-Forwarded-For (the last entry; earlier ones are whatever the client sent).
 */
export function clientIp(c: AppContext): string {
  if (c.get('services').config.trustProxy) {
    const hops = c.req
      .header('x-forwarded-for')
      ?.split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    if (hops?.length) return hops[hops.length - 1];
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

/** The caller as the auth service needs it. */
export const caller = (c: AppContext) => ({ ip: clientIp(c), sessionId: c.get('sessionId') });
