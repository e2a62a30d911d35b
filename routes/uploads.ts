import { Hono } from 'hono';
import type { AppEnv } from '../src/http/context';
import { requireUser } from '../src/http/guard';
import { validate } from '../src/http/validate';
import { AppError } from '../src/errors';
import { uploadParamSchema } from '../src/knowledge';

// Knowledge attachments, for signed-in users only. Images are shown inline; everything else downloads.
// The type always follows from the (allow-listed) extension, never from what was uploaded; SVG and HTML
// are not on the allow-list, so they can never be served.
export const uploadsRoute = new Hono<AppEnv>().get('/uploads/:key', requireUser, validate('param', uploadParamSchema), async (c) => {
  const file = await c.get('services').knowledge.openUpload(c.req.valid('param').key);
  if (!file) throw new AppError('not_found', 'File not found');
  const headers: Record<string, string> = {
    'Content-Type': file.contentType,
    'Content-Disposition': file.contentDisposition,
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'private, max-age=3600',
  };
  if (file.size !== undefined) headers['Content-Length'] = String(file.size);
  return c.body(file.body, 200, headers);
});
