import { Hono } from 'hono';
import { AppError } from '../../src/errors';
import type { AppContext, AppEnv } from '../../src/http/context';
import { requireAdmin, requireUser } from '../../src/http/guard';
import { KB, limitBody } from '../../src/http/body-limits';
import { checkFormText } from '../../src/http/input';
import { readForm, validate } from '../../src/http/validate';
import {
  MAX_UPLOAD_BYTES,
  UPLOAD_MESSAGES,
  adminItemsQuerySchema,
  categoryParamSchema,
  createCategorySchema,
  createItemSchema,
  idParamSchema,
  itemParamSchema,
  noteBodySchema,
  reviewQuerySchema,
  revisionParamSchema,
  searchQuerySchema,
  updateCategorySchema,
  updateItemSchema,
  verifyBodySchema,
} from '../../src/knowledge';

// Knowledge base API, as the spec's call table has it (§7). Reads: any signed-in user. Writes: admins.
// Write bodies may be JSON or a form (multipart or urlencoded); validate() reads either.

const actor = (c: AppContext) => ({ id: c.get('user')!.id });
const k = (c: AppContext) => c.get('services').knowledge;
// The file plus room for the multipart envelope; the file itself is checked exactly below. After the guard, so
// a signed-out caller's megabytes are never read.
const uploadLimit = limitBody(MAX_UPLOAD_BYTES + 64 * KB, UPLOAD_MESSAGES.tooLarge);

export const knowledgeApi = new Hono<AppEnv>()
  // Reads
  .get('/categories', requireUser, async (c) => c.json(await k(c).listCategories()))
  .get('/category/:categoryId', requireUser, validate('param', categoryParamSchema), async (c) =>
    c.json(await k(c).listItemsByCategory(c.req.valid('param').categoryId)),
  )
  .get('/item/:itemId', requireUser, validate('param', itemParamSchema), async (c) => {
    const item = await k(c).getItem(c.req.valid('param').itemId);
    await c.get('services').insights.read(item.id, c.get('user')!.id);
    return c.json(item);
  })
  .get('/search', requireUser, validate('query', searchQuerySchema), async (c) => {
    const { q, limit } = c.req.valid('query');
    const results = await k(c).search(q, { limit });
    await c.get('services').insights.searched(c.get('user')!.id, q, results.length);
    return c.json(results);
  })

  // Admin: categories
  .get('/categories/admin', requireAdmin(), async (c) => c.json(await k(c).listCategoriesWithCounts()))
  .post('/categories', requireAdmin(), validate('json', createCategorySchema), async (c) =>
    c.json(await k(c).createCategory(c.req.valid('json'), actor(c)), 201),
  )
  .patch('/categories/:id', requireAdmin(), validate('param', idParamSchema), validate('json', updateCategorySchema), async (c) =>
    c.json(await k(c).updateCategory(c.req.valid('param').id, c.req.valid('json'), actor(c))),
  )
  .delete('/categories/:id', requireAdmin(), validate('param', idParamSchema), async (c) => {
    const r = await k(c).deleteCategory(c.req.valid('param').id, actor(c));
    return c.json({ message: 'The category and all its items have been deleted.', ...r });
  })

  // Admin: items
  .get('/items/all', requireAdmin(), async (c) => c.json(await k(c).listItems()))
  // The admin screen's paged list (?categoryId=&q=&page=), and one item in full for its edit form (not counted as a read).
  .get('/items/admin', requireAdmin(), validate('query', adminItemsQuerySchema), async (c) =>
    c.json(await k(c).listAdminItems(c.req.valid('query'))),
  )
  .get('/items/admin/:id', requireAdmin(), validate('param', idParamSchema), async (c) =>
    c.json(await k(c).getEditorItem(c.req.valid('param').id)),
  )
  .get('/items/category/:categoryId', requireAdmin(), validate('param', categoryParamSchema), async (c) =>
    c.json(await k(c).listItemsByCategory(c.req.valid('param').categoryId, { readers: false })),
  )
  .post('/items', requireAdmin(), validate('json', createItemSchema), async (c) =>
    c.json(await k(c).createItem(c.req.valid('json'), actor(c)), 201),
  )
  .patch('/items/:id', requireAdmin(), validate('param', idParamSchema), validate('json', updateItemSchema), async (c) =>
    c.json(await k(c).updateItem(c.req.valid('param').id, c.req.valid('json'), actor(c))),
  )
  .delete('/items/:id', requireAdmin(), validate('param', idParamSchema), async (c) => {
    const r = await k(c).deleteItem(c.req.valid('param').id, actor(c));
    return c.json({ message: 'Knowledge item deleted', ...r });
  })

  // Admin: the content lifecycle (decision 013): publishing, staged edits, history, verification.
  .post(
    '/items/:id/publish',
    requireAdmin(),
    validate('param', idParamSchema),
    validate('json', noteBodySchema, { optionalBody: true }),
    async (c) => c.json(await k(c).publish(c.req.valid('param').id, actor(c), c.req.valid('json').note)),
  )
  .delete('/items/:id/draft', requireAdmin(), validate('param', idParamSchema), async (c) =>
    c.json(await k(c).discardDraft(c.req.valid('param').id, actor(c))),
  )
  .post(
    '/items/:id/verify',
    requireAdmin(),
    validate('param', idParamSchema),
    validate('json', verifyBodySchema, { optionalBody: true }),
    async (c) => c.json(await k(c).verify(c.req.valid('param').id, c.req.valid('json'), actor(c))),
  )
  .get('/items/:id/revisions', requireAdmin(), validate('param', idParamSchema), async (c) =>
    c.json(await k(c).revisions(c.req.valid('param').id)),
  )
  .post(
    '/items/:id/revisions/:number/restore',
    requireAdmin(),
    validate('param', revisionParamSchema),
    validate('json', noteBodySchema, { optionalBody: true }),
    async (c) => {
      const { id, number } = c.req.valid('param');
      return c.json(await k(c).restore(id, number, actor(c), c.req.valid('json').note));
    },
  )
  .get('/review', requireAdmin(), validate('query', reviewQuerySchema), async (c) => c.json(await k(c).reviewQueue(c.req.valid('query'))))

  // Admin: attachments. Multipart, field `file`.
  .post('/upload', requireAdmin(), uploadLimit, async (c) => {
    const type = (c.req.header('content-type') ?? '').toLowerCase();
    if (!type.startsWith('multipart/form-data'))
      throw new AppError('bad_request', 'Send the file as multipart/form-data in the field "file"');
    // Read only now that the guard has let an admin in (src/app.ts leaves this body to the route).
    const form = await readForm(c);
    checkFormText(form);
    const file = form.get('file');
    if (!(file instanceof File)) throw new AppError('bad_request', UPLOAD_MESSAGES.missing);
    if (file.size > MAX_UPLOAD_BYTES) throw new AppError('too_large', UPLOAD_MESSAGES.tooLarge);
    const bytes = new Uint8Array(await file.arrayBuffer());
    return c.json(await k(c).upload({ name: file.name, bytes }, actor(c)), 201);
  });
