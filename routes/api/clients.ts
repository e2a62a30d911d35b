import { Hono } from 'hono';
import type { AppContext, AppEnv } from '../../src/http/context';
import { requireUser } from '../../src/http/guard';
import { validate } from '../../src/http/validate';
import { AppError } from '../../src/errors';
import { CLIENT_NOT_FOUND } from '../../src/clients';
import { createClientSchema, updateClientSchema } from '../../src/schemas/clients';

// Client companies (issue 27): the signed-in user's own, /api/clients.
const svc = (c: AppContext) => c.get('services').clients;
const me = (c: AppContext) => c.get('user')!.id;
/** The path's id: one that cannot be a client's is as unknown as another user's (404). */
function clientId(c: AppContext): number {
  const id = Number(c.req.param('id'));
  if (!Number.isSafeInteger(id) || id <= 0) throw new AppError('not_found', CLIENT_NOT_FOUND);
  return id;
}

export const clientsApi = new Hono<AppEnv>()
  .use('*', requireUser)
  .get('/', async (c) => {
    c.header('Cache-Control', 'private, no-store');
    return c.json(await svc(c).list(me(c)));
  })
  .post('/', validate('json', createClientSchema), async (c) => c.json(await svc(c).create(me(c), c.req.valid('json')), 201))
  .get('/:id', async (c) => {
    c.header('Cache-Control', 'private, no-store');
    return c.json(await svc(c).get(me(c), clientId(c)));
  })
  .patch('/:id', validate('json', updateClientSchema), async (c) => c.json(await svc(c).update(me(c), clientId(c), c.req.valid('json'))))
  .delete('/:id', async (c) => {
    await svc(c).remove(me(c), clientId(c));
    return c.json({ message: 'Client deleted; its conversations are kept' });
  });
