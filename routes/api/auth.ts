import { Hono } from 'hono';
import { AppError } from '../../src/errors';
import { toPublicUser } from '../../src/auth';
import type { AppEnv } from '../../src/http/context';
import { NOT_AUTHENTICATED, requireUser } from '../../src/http/guard';
import { caller, clearSessionCookie, setSessionCookie } from '../../src/http/middleware';
import { validate } from '../../src/http/validate';
import { attachment } from '../../src/users';
import {
  deleteAccountSchema,
  forgotPasswordSchema,
  loginSchema,
  registerSchema,
  resetMailStatusSchema,
  resetPasswordSchema,
  updateProfileSchema,
  verifyResetCodeSchema,
} from '../../src/schemas/auth';

// Accounts API, as the spec's call table has it.
export const authApi = new Hono<AppEnv>()
  .get('/user', (c) => {
    const user = c.get('user');
    if (!user) throw new AppError('unauthenticated', NOT_AUTHENTICATED);
    return c.json(toPublicUser(user));
  })
  .post('/register', validate('json', registerSchema), async (c) => {
    const { user, token } = await c.get('services').auth.register(c.req.valid('json'), caller(c));
    setSessionCookie(c, token);
    return c.json(user, 201);
  })
  .post('/login', validate('json', loginSchema), async (c) => {
    const { user, token } = await c.get('services').auth.login(c.req.valid('json'), caller(c));
    setSessionCookie(c, token);
    return c.json(user);
  })
  .post('/logout', async (c) => {
    const sessionId = c.get('sessionId');
    if (sessionId) await c.get('services').auth.logout(sessionId);
    clearSessionCookie(c);
    return c.json({ message: 'Logged out' });
  })
  .patch('/user', requireUser, validate('json', updateProfileSchema), async (c) => {
    return c.json(await c.get('services').auth.updateProfile(c.get('user')!, caller(c), c.req.valid('json')));
  })
  .get('/user/export', requireUser, async (c) => {
    const file = await c.get('services').dataExport.download(c.get('user')!, c.get('sessionId'));
    c.header('Content-Disposition', attachment(file.filename));
    c.header('Cache-Control', 'private, no-store');
    return c.body(file.json, 200, { 'Content-Type': 'application/json; charset=utf-8' });
  })
  .delete('/user', requireUser, validate('json', deleteAccountSchema), async (c) => {
    await c.get('services').auth.deleteAccount(c.get('user')!, caller(c), c.req.valid('json'));
    clearSessionCookie(c);
    return c.json({ message: 'Account deleted' });
  })
  .post('/forgot-password', validate('json', forgotPasswordSchema), async (c) => {
    return c.json(await c.get('services').auth.forgotPassword(c.req.valid('json'), caller(c)));
  })
  .post('/forgot-password/mail-status', validate('json', resetMailStatusSchema), async (c) => {
    return c.json(await c.get('services').auth.mailStatus(c.req.valid('json'), caller(c)));
  })
  .post('/forgot-password/verify', validate('json', verifyResetCodeSchema), async (c) => {
    return c.json(await c.get('services').auth.verifyResetCode(c.req.valid('json'), caller(c)));
  })
  .post('/reset-password', validate('json', resetPasswordSchema), async (c) => {
    return c.json(await c.get('services').auth.resetPassword(c.req.valid('json'), caller(c)));
  });
