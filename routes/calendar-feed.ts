import { Hono } from 'hono';
import type { AppEnv } from '../src/http/context';
import { clientIp } from '../src/http/middleware';
import { ICS_CONTENT_TYPE } from '../src/calendar';
import { siteUrl } from './api/calendar';

// GET /calendar/feed/<token>.ics (issue 27): the user's compliance calendar for Google Calendar, Outlook or Apple
// Calendar, which fetch it with no session. The secret in the address is the only key; a revoked one is a 404.
export const calendarFeedRoute = new Hono<AppEnv>().get('/calendar/feed/:file', async (c) => {
  const file = c.req.param('file');
  if (!file.endsWith('.ics')) return c.notFound();
  const text = await c.get('services').calendar.feed(file.slice(0, -4), clientIp(c), siteUrl(c));
  c.header('Cache-Control', 'private, max-age=900');
  c.header('X-Robots-Tag', 'noindex');
  c.header('Content-Disposition', 'inline; filename="payewise-deadlines.ics"');
  return c.body(text, 200, { 'Content-Type': ICS_CONTENT_TYPE });
});
