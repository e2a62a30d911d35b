import { Hono } from 'hono';
import type { AppContext, AppEnv } from '../../src/http/context';
import { requireAdmin } from '../../src/http/guard';
import { validate } from '../../src/http/validate';
import { extendTrialSchema, toggleAdminSchema, userIdParamSchema, usersQuerySchema } from '../../src/schemas/users';

// The spec's user-management calls (§7), admins only. The list is filtered, sorted and paged by the server;
// the body stays the spec's plain list, and X-Total-Count says how many match.
const users = (c: AppContext) => c.get('services').users;
const actor = (c: AppContext) => ({ id: c.get('user')!.id });

export const usersApi = new Hono<AppEnv>()
  .use('*', requireAdmin())
  .get('/', validate('query', usersQuerySchema), async (c) => {
    const page = await users(c).list(c.req.valid('query'));
    c.header('X-Total-Count', String(page.total));
    c.header('Cache-Control', 'no-store');
    return c.json(page.users);
  })
  .get('/summary', async (c) => c.json(await users(c).summary()))
  .patch('/:userId/toggle-admin', validate('param', userIdParamSchema), validate('json', toggleAdminSchema), async (c) =>
    c.json(await users(c).toggleAdmin(actor(c), c.req.valid('param').userId, c.req.valid('json').makeAdmin)),
  )
  .patch('/:userId/extend-trial', validate('param', userIdParamSchema), validate('json', extendTrialSchema), async (c) =>
    c.json(await users(c).extendTrial(actor(c), c.req.valid('param').userId, c.req.valid('json').days)),
  );
