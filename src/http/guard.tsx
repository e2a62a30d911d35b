import type { MiddlewareHandler } from 'hono';
import { AppError, statusOf } from '../errors';
import { AccessDenied } from '../ui/error-pages';
import { renderApp } from './render';
import { answerAs, type AppContext, type AppEnv } from './context';

// The one guard for pages and APIs. It answers as the request wants: JSON 401/403 for /api, a redirect to
// /auth for a page (htmx is told to load /auth instead of swapping it in), and for admin pages what the
// spec says each does for a signed-in non-admin.

export const NOT_AUTHENTICATED = 'Not authenticated';
export const NOT_ALLOWED = "You don't have permission to access this page.";

function toSignIn(c: AppContext) {
  const kind = answerAs(c);
  if (kind === 'json') throw new AppError('unauthenticated', NOT_AUTHENTICATED);
  if (kind === 'htmx') {
    c.header('HX-Redirect', '/auth');
    return c.body(null, statusOf('unauthenticated'));
  }
  return c.redirect('/auth', 302);
}

export const requireUser: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!c.get('user')) return toSignIn(c);
  await next();
};

/**
 * Admins only. A signed-in non-admin gets 403 from the API; on a page either the 'Access Denied' page
 * (`denied: 'page'`, /knowledge-admin) or a silent redirect home (`denied: 'home'`, /user-management).
 */
export function requireAdmin(opts: { denied?: 'page' | 'home' } = {}): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const user = c.get('user');
    if (!user) return toSignIn(c);
    if (!user.isAdmin) {
      if (answerAs(c) === 'json') throw new AppError('forbidden', NOT_ALLOWED);
      if (opts.denied === 'home') return c.redirect('/', 302);
      c.status(statusOf('forbidden'));
      return renderApp(c, { title: 'Access Denied' }, <AccessDenied />);
    }
    await next();
  };
}
