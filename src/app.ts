import { Hono, type MiddlewareHandler } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import path from 'node:path';
import { bodyLimits } from './http/body-limits';
import { compression } from './http/compression';
import type { AppEnv } from './http/context';
import { csrfGuard } from './http/csrf';
import { notFound, onError } from './http/failures';
import { rejectUnsafeText } from './http/input';
import { sessionLoader } from './http/middleware';
import { securityHeaders } from './http/security-headers';
import type { Services } from './services';
import { authApi } from '../routes/api/auth';
import { healthApi } from '../routes/api/health';
import { adminApi } from '../routes/api/admin';
import { usersApi } from '../routes/api/users';
import { payrollApi } from '../routes/api/payroll';
import { PAYSLIP_CHECK_PATH, payslipsApi } from '../routes/api/payslips';
import { knowledgeApi } from '../routes/api/knowledge';
import { chatApi } from '../routes/api/chat';
import { billingApi } from '../routes/api/billing';
import { calendarApi } from '../routes/api/calendar';
import { clientsApi } from '../routes/api/clients';
import { remindersApi } from '../routes/api/reminders';
import { remindersUnsubscribeRoute } from '../routes/reminders-unsubscribe';
import { calendarFeedRoute } from '../routes/calendar-feed';
import { uploadsRoute } from '../routes/uploads';
import { publicPages } from '../routes/pages/public';
import { accountPages } from '../routes/pages/account';
import { adminPages } from '../routes/pages/admin';
import { auditPages } from '../routes/pages/audit';
import { knowledgePages } from '../routes/pages/knowledge';
import { calculatorPages } from '../routes/pages/calculators';
import { payslipPages } from '../routes/pages/payslips';
import { chatPages } from '../routes/pages/chat';
import { subscriptionPages } from '../routes/pages/subscription';
import { calendarPages } from '../routes/pages/calendar';
import { clientPages } from '../routes/pages/clients';
import { ITN_PATH } from './billing';

const UPLOAD_PATH = '/api/knowledge/upload';

/** Built files (hashed assets, favicon, robots.txt) straight from disk, compressed forms included. */
function staticFiles(clientDir: string): MiddlewareHandler {
  const files = serveStatic({ root: path.relative(process.cwd(), clientDir) || '.', precompressed: true });
  return async (c, next) => {
    const res = await files(c, next);
    if (!res) return; // not a file: on to the app (and its 404 page)
    if (res.status === 200) {
      res.headers.set('Cache-Control', c.req.path.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
      if (!/accept-encoding/i.test(res.headers.get('Vary') ?? '')) res.headers.append('Vary', 'Accept-Encoding');
    }
    return res;
  };
}

/**
 * The whole app, exactly as `npm start` serves it and the tests exercise it: static files, compression,
 * security headers, CSRF and input checks, sessions, pages and the JSON API, the 404 page and errors.
 */
export function createApp(services: Services) {
  const { config, assets } = services;
  const app = new Hono<AppEnv>();

  app.use('*', (c, next) => {
    c.set('services', services);
    c.set('user', null);
    c.set('sessionId', null);
    return next();
  });
  app.use('*', compression());
  if (assets.clientDir) {
    const files = staticFiles(assets.clientDir);
    for (const p of ['/assets/*', '/favicon.svg', '/robots.txt']) app.use(p, files);
  }
  app.use('*', securityHeaders({ hsts: config.production }));
  app.use('*', csrfGuard({ publicUrl: config.publicUrl, trustProxy: config.trustProxy, exempt: [ITN_PATH] }));
  app.use('*', bodyLimits({ itnPath: ITN_PATH, later: [UPLOAD_PATH, PAYSLIP_CHECK_PATH] }));
  app.use('*', rejectUnsafeText({ bodyLater: [UPLOAD_PATH, PAYSLIP_CHECK_PATH] }));
  const sessions = sessionLoader();
  app.use('*', (c, next) => (c.req.path === '/api/health' ? next() : sessions(c, next)));

  app.route('/api', healthApi);
  app.route('/api', authApi);
  app.route('/api/admin', adminApi);
  app.route('/api/users/admin', usersApi);
  app.route('/api/payroll', payslipsApi);
  app.route('/api/payroll', payrollApi);
  app.route('/api/knowledge', knowledgeApi);
  app.route('/api', chatApi);
  app.route('/api', billingApi);
  app.route('/api', calendarApi);
  app.route('/api/clients', clientsApi);
  app.route('/api', remindersApi);
  app.route('/', uploadsRoute);
  app.route('/', calendarFeedRoute);
  app.route('/', remindersUnsubscribeRoute);
  app.route('/', publicPages);
  app.route('/', accountPages);
  app.route('/', adminPages);
  app.route('/', auditPages);
  app.route('/', knowledgePages);
  app.route('/', payslipPages);
  app.route('/', calculatorPages);
  app.route('/', calendarPages);
  app.route('/', clientPages);
  app.route('/', chatPages);
  app.route('/', subscriptionPages);

  app.notFound(notFound);
  app.onError(onError);
  return app;
}
export type App = ReturnType<typeof createApp>;
