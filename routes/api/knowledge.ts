import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppContext, AppEnv } from '../../src/http/context';
import { requireAdmin, requireUser } from '../../src/http/middleware';
import { AppError } from '../../src/errors';
import { MAX_UPLOAD_BYTES, UPLOAD_MESSAGES } from '../../src/knowledge/files';

// Knowledge base API, as the spec's call table has it (§7). Reads: any signed-in user. Writes: admins.
// Write bodies may be JSON or a form (multipart or urlencoded); the service parses and validates them.

const actor = (c: AppContext) => ({ id: c.var.user!.id });

/** The body as a plain object, from JSON or from a form (repeated fields become lists; files are ignored). */
async function readBody(c: AppContext): Promise<Record<string, unknown>> {
  const type = (c.req.header('content-type') ?? '').toLowerCase();
  if (type.startsWith('multipart/form-data') || type.startsWith('application/x-www-form-urlencoded')) {
    let form: Record<string, unknown>;
    try {
      form = (await c.req.parseBody({ all: true })) as Record<string, unknown>;
    } catch (err) {
      if (err instanceof AppError) throw err;
      throw new AppError(400, 'Malformed form data in request body');
    }
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(form)) {
      const key = k.endsWith('[]') ? k.slice(0, -2) : k;
      if (v instanceof File) continue;
      out[key] = Array.isArray(v) ? v.filter((x) => typeof x === 'string') : v;
    }
    return out;
  }
  const text = await c.req.text();
  if (!text.trim()) return {};
  try {
    const body = JSON.parse(text);
    if (!body || typeof body !== 'object' || Array.isArray(body)) throw new Error('not an object');
    return body;
  } catch {
    throw new AppError(400, 'Malformed JSON in request body');
  }
}

const uploadLimit = bodyLimit({
  // The file plus room for the multipart envelope; the file itself is checked exactly below.
  maxSize: MAX_UPLOAD_BYTES + 64 * 1024,
  onError: () => {
    throw new AppError(413, UPLOAD_MESSAGES.tooLarge);
  },
});

export const knowledgeApi = new Hono<AppEnv>()
  // Reads
  .get('/categories', requireUser, async (c) => c.json(await c.var.services.knowledge.listCategories()))
  .get('/category/:categoryId', requireUser, async (c) => c.json(await c.var.services.knowledge.listItemsByCategory(c.req.param('categoryId'))))
  .get('/item/:itemId', requireUser, async (c) => c.json(await c.var.services.knowledge.getItem(c.req.param('itemId'))))
  .get('/search', requireUser, async (c) => {
    const limit = c.req.query('limit');
    return c.json(await c.var.services.knowledge.search(c.req.query('q') ?? '', { limit: limit ? Number(limit) : undefined }));
  })

  // Admin: categories
  .get('/categories/admin', requireAdmin, async (c) => c.json(await c.var.services.knowledge.listCategoriesWithCounts()))
  .post('/categories', requireAdmin, async (c) => c.json(await c.var.services.knowledge.createCategory((await readBody(c)) as any, actor(c)), 201))
  .patch('/categories/:id', requireAdmin, async (c) => c.json(await c.var.services.knowledge.updateCategory(c.req.param('id'), (await readBody(c)) as any, actor(c))))
  .delete('/categories/:id', requireAdmin, async (c) => {
    const r = await c.var.services.knowledge.deleteCategory(c.req.param('id'), actor(c));
    return c.json({ message: 'The category and all its items have been deleted.', ...r });
  })

  // Admin: items
  .get('/items/all', requireAdmin, async (c) => c.json(await c.var.services.knowledge.listItems()))
  .get('/items/category/:categoryId', requireAdmin, async (c) => c.json(await c.var.services.knowledge.listItemsByCategory(c.req.param('categoryId'))))
  .post('/items', requireAdmin, async (c) => c.json(await c.var.services.knowledge.createItem((await readBody(c)) as any, actor(c)), 201))
  .patch('/items/:id', requireAdmin, async (c) => c.json(await c.var.services.knowledge.updateItem(c.req.param('id'), (await readBody(c)) as any, actor(c))))
  .delete('/items/:id', requireAdmin, async (c) => {
    const r = await c.var.services.knowledge.deleteItem(c.req.param('id'), actor(c));
    return c.json({ message: 'Knowledge item deleted', ...r });
  })

  // Admin: attachments. Multipart, field `file`; the body is capped while it is read.
  .post('/upload', requireAdmin, uploadLimit, async (c) => {
    const type = (c.req.header('content-type') ?? '').toLowerCase();
    if (!type.startsWith('multipart/form-data')) throw new AppError(400, 'Send the file as multipart/form-data in the field "file"');
    let form: FormData;
    try {
      form = await c.req.formData();
    } catch (err) {
      if (err instanceof AppError) throw err;
      throw new AppError(400, 'Malformed form data in request body');
    }
    const file = form.get('file');
    if (!(file instanceof File)) throw new AppError(400, UPLOAD_MESSAGES.missing);
    if (file.size > MAX_UPLOAD_BYTES) throw new AppError(413, UPLOAD_MESSAGES.tooLarge);
    const bytes = new Uint8Array(await file.arrayBuffer());
    return c.json(await c.var.services.knowledge.upload({ name: file.name, bytes }, actor(c)), 201);
  });
