import { Hono } from 'hono';
import type { AppEnv } from '../src/http/context';

// Knowledge attachments, for signed-in users only. Images are shown inline; everything else downloads.
// The type always follows from the (allow-listed) extension, never from what was uploaded; SVG and HTML
// are not on the allow-list, so they can never be served.
export const uploadsRoute = new Hono<AppEnv>().get('/uploads/:key', async (c) => {
  if (!c.var.user) {
    // A signed-out browser following an attachment link goes to sign in; API clients get the JSON 401.
    if (c.req.header('accept')?.includes('text/html')) return c.redirect('/auth', 302);
    return c.json({ message: 'Not authenticated' }, 401);
  }
  const file = await c.var.services.knowledge.openUpload(c.req.param('key'));
  if (!file) return c.json({ message: 'File not found' }, 404);
  const headers: Record<string, string> = {
    'Content-Type': file.contentType,
    'Content-Disposition': file.contentDisposition,
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'private, max-age=3600',
  };
  if (file.size !== undefined) headers['Content-Length'] = String(file.size);
  return c.body(file.body, 200, headers);
});
