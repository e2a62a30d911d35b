import { Hono } from 'hono';
import { toPublicUser } from '../../src/auth/service';
import type { AppEnv } from '../../src/http/context';
import { NOT_AUTHENTICATED, requireUser } from '../../src/http/guard';
import { caller, clearSessionCookie, setSessionCookie } from '../../src/http/middleware';
import { validate } from '../../src/http/validate';
import {
  deleteAccountSchema, forgotPasswordSchema, loginSchema, registerSchema, resetPasswordSchema, updateProfileSchema, verifyResetCodeSchema,
} from '../../src/schemas/auth';

// Accounts API, as the spec's call table has it.
export const authApi = new Hono<AppEnv>()
  .get('/user', (c) => {
    if (!c.var.user) return c.json({ message: NOT_AUTHENTICATED }, 401);
    return c.json(toPublicUser(c.var.user));
  })
  .post('/register', validate('json', registerSchema), async (c) => {
    const { user, token } = await c.var.services.auth.register(c.req.valid('json'), caller(c));
    setSessionCookie(c, token);
    return c.json(user, 201);
  })
  .post('/login', validate('json', loginSchema), async (c) => {
    const { user, token } = await c.var.services.auth.login(c.req.valid('json'), caller(c));
    setSessionCookie(c, token);
    return c.json(user);
  })
  .post('/logout', async (c) => {
    if (c.var.sessionId) await c.var.services.auth.logout(c.var.sessionId);
    clearSessionCookie(c);
    return c.json({ message: 'Logged out' });
  })
  .patch('/user', requireUser, validate('json', updateProfileSchema), async (c) => {
    return c.json(await c.var.services.auth.updateProfile(c.var.user!, caller(c), c.req.valid('json')));
  })
  .delete('/user', requireUser, validate('json', deleteAccountSchema), async (c) => {
    await c.var.services.auth.deleteAccount(c.var.user!, caller(c), c.req.valid('json'));
    clearSessionCookie(c);
    return c.json({ message: 'Account deleted' });
  })
  .post('/forgot-password', validate('json', forgotPasswordSchema), async (c) => {
    return c.json(await c.var.services.auth.forgotPassword(c.req.valid('json'), caller(c)));
  })
  .post('/forgot-password/verify', validate('json', verifyResetCodeSchema), async (c) => {
    return c.json(await c.var.services.auth.verifyResetCode(c.req.valid('json'), caller(c)));
  })
  .post('/reset-password', validate('json', resetPasswordSchema), async (c) => {
    return c.json(await c.var.services.auth.resetPassword(c.req.valid('json'), caller(c)));
  });
