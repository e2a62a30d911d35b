import { Hono } from 'hono';
import { toPublicUser } from '../../src/auth/service';
import type { AppEnv } from '../../src/http/context';
import { clearSessionCookie, clientIp, requireUser, setSessionCookie } from '../../src/http/middleware';
import { validate } from '../../src/http/validate';
import {
  deleteAccountSchema, forgotPasswordSchema, loginSchema, registerSchema, resetPasswordSchema, updateProfileSchema, verifyResetCodeSchema,
} from '../../src/schemas/auth';

// Accounts API, as the spec's call table has it.
export const authApi = new Hono<AppEnv>()
  .get('/user', (c) => {
    if (!c.var.user) return c.json({ message: 'Not authenticated' }, 401);
    return c.json(toPublicUser(c.var.user));
  })
  .post('/register', validate('json', registerSchema), async (c) => {
    const { user, token } = await c.var.services.auth.register(c.req.valid('json'));
    setSessionCookie(c, token, c.var.services.config.production);
    return c.json(user, 201);
  })
  .post('/login', validate('json', loginSchema), async (c) => {
    const s = c.var.services;
    const { user, token } = await s.auth.login(c.req.valid('json'), clientIp(c, s.config.trustProxy));
    setSessionCookie(c, token, s.config.production);
    return c.json(user);
  })
  .post('/logout', async (c) => {
    if (c.var.sessionId) await c.var.services.auth.logout(c.var.sessionId);
    clearSessionCookie(c, c.var.services.config.production);
    return c.json({ message: 'Logged out' });
  })
  .patch('/user', requireUser, validate('json', updateProfileSchema), async (c) => {
    const user = await c.var.services.auth.updateProfile(c.var.user!, c.var.sessionId!, c.req.valid('json'));
    return c.json(user);
  })
  .delete('/user', requireUser, validate('json', deleteAccountSchema), async (c) => {
    await c.var.services.auth.deleteAccount(c.var.user!, c.req.valid('json'));
    clearSessionCookie(c, c.var.services.config.production);
    return c.json({ message: 'Account deleted' });
  })
  .post('/forgot-password', validate('json', forgotPasswordSchema), async (c) => {
    const s = c.var.services;
    return c.json(await s.auth.forgotPassword(c.req.valid('json'), clientIp(c, s.config.trustProxy)));
  })
  .post('/forgot-password/verify', validate('json', verifyResetCodeSchema), async (c) => {
    const s = c.var.services;
    return c.json(await s.auth.verifyResetCode(c.req.valid('json'), clientIp(c, s.config.trustProxy)));
  })
  .post('/reset-password', validate('json', resetPasswordSchema), async (c) => {
    const s = c.var.services;
    return c.json(await s.auth.resetPassword(c.req.valid('json'), clientIp(c, s.config.trustProxy)));
  });
