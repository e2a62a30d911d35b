import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { secureHeaders } from 'hono/secure-headers';
import { HTTPException } from 'hono/http-exception';
import { createAuthService, type AuthLimits } from './auth/service';
import { createRateLimiter } from './auth/rate-limit';
import type { Config } from './config';
import type { DB } from '../db';
import { AppError, isDatabaseUnavailable } from './errors';
import type { AppEnv } from './http/context';
import { originCheck, requestId, sessionLoader } from './http/middleware';
import type { Logger } from './lib/logger';
import type { Mailer } from './mail';
import type { Assets } from './ui/assets';
import { authApi } from '../routes/api/auth';
import { healthApi } from '../routes/api/health';
import { adminApi } from '../routes/api/admin';
import { payrollApi } from '../routes/api/payroll';
import { knowledgeApi } from '../routes/api/knowledge';
import { uploadsRoute } from '../routes/uploads';
import { createKnowledgeService } from './knowledge/service';
import { createStorage, type Storage } from './storage';
import { publicPages } from '../routes/pages/public';
import { accountPages } from '../routes/pages/account';
import { knowledgePages } from '../routes/pages/knowledge';
import { calculatorPages } from '../routes/pages/calculators';
import { notFoundPage } from '../routes/pages/not-found';

export interface AppDeps {
  config: Config;
  db: DB;
  mailer: Mailer;
  assets: Assets;
  log: Logger;
  clock?: () => Date;
  limits?: AuthLimits;
  /** Attachment store; defaults to the one config chooses (S3 or DATA_DIR/uploads). */
  storage?: Storage;
}

export function createServices(deps: AppDeps) {
  const clock = deps.clock ?? (() => new Date());
  const limiter = createRateLimiter(deps.db, clock);
  const auth = createAuthService({ db: deps.db, mailer: deps.mailer, limiter, clock, limits: deps.limits });
  const storage = deps.storage ?? createStorage(deps.config);
  const knowledge = createKnowledgeService({ db: deps.db, storage, clock, log: deps.log });
  return { ...deps, clock, limiter, auth, storage, knowledge };
}
export type Services = ReturnType<typeof createServices>;

const JSON_LIMIT = 100 * 1024;

/** Builds the whole app from its services (see createServices); src/server.ts only listens. */
export function createApp(services: Services) {
  const { config, log } = services;
  const secure = config.production;
  const app = new Hono<AppEnv>();

  app.use('*', requestId());
  app.use('*', async (c, next) => {
    c.set('services', services);
    await next();
  });
  app.use(
    '*',
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'", 'https://www.payfast.co.za', 'https://sandbox.payfast.co.za'],
      },
      xFrameOptions: 'DENY',
      referrerPolicy: 'strict-origin-when-cross-origin',
      strictTransportSecurity: secure ? 'max-age=31536000; includeSubDomains' : false,
      crossOriginEmbedderPolicy: false,
    }),
  );
  app.use('*', originCheck(config.publicUrl));
  app.use('/api/*', async (c, next) => {
    // Uploads set their own, larger cap.
    if (c.req.path === '/api/knowledge/upload') return next();
    return bodyLimit({ maxSize: JSON_LIMIT, onError: () => { throw new AppError(413, 'Request body is too large') } })(c, next);
  });
  app.use('*', async (c, next) => {
    const p = c.req.path;
    if (p.startsWith('/assets/') || p === '/favicon.svg' || p === '/api/health') return next();
    return sessionLoader(secure)(c, next);
  });

  app.route('/api', healthApi);
  app.route('/api', authApi);
  app.route('/api/admin', adminApi);
  app.route('/api/payroll', payrollApi);
  app.route('/api/knowledge', knowledgeApi);
  app.route('/', uploadsRoute);
  app.route('/', publicPages);
  app.route('/', accountPages);
  app.route('/', knowledgePages);
  app.route('/', calculatorPages);

  app.notFound((c) => {
    if (c.req.path.startsWith('/api/')) return c.json({ message: 'Not found' }, 404);
    return notFoundPage(c);
  });

  app.onError((err, c) => {
    if (err instanceof AppError) return c.json({ message: err.message, ...err.extra }, err.status);
    if (err instanceof HTTPException) {
      const status = err.status;
      const message = status === 400 && /json/i.test(err.message) ? 'Malformed JSON in request body' : err.message || 'Bad request';
      return c.json({ message }, status);
    }
    if (isDatabaseUnavailable(err)) {
      log.error('database unavailable', { requestId: c.var.requestId, error: String(err) });
      c.header('Retry-After', '5');
      return c.json({ message: 'The service is temporarily unavailable. Please try again in a moment.' }, 503);
    }
    log.error('unhandled error', { requestId: c.var.requestId, path: c.req.path, error: err instanceof Error ? err.stack : String(err) });
    return c.json({ message: 'Something went wrong on our side. Please try again.', requestId: c.var.requestId }, 500);
  });

  return app;
}
export type App = ReturnType<typeof createApp>;
