import { Hono } from 'hono';
import { requestOrigin, type AppContext, type AppEnv } from '../../src/http/context';
import { requireUser } from '../../src/http/guard';
import { validate } from '../../src/http/validate';
import { feedUrlFor, toDto } from '../../src/calendar';
import { calendarQuerySchema, type CalendarDTO } from '../../src/schemas/calendar';

// The compliance calendar (issue 27): GET /api/calendar?from=&to= (the statutory dates as JSON), and the user's
// private iCalendar feed: POST /api/calendar/feed answers its new secret address once, DELETE revokes it.

/** The site's address for absolute links: PUBLIC_URL, else the request's origin. */
export const siteUrl = (c: AppContext) => c.get('services').config.publicUrl ?? requestOrigin(c, c.get('services').config.trustProxy);
const svc = (c: AppContext) => c.get('services').calendar;

export const calendarApi = new Hono<AppEnv>()
  .get('/calendar', requireUser, validate('query', calendarQuerySchema), async (c) => {
    const q = c.req.valid('query');
    const { from, to } = svc(c).range(q);
    const { clients } = c.get('services');
    const mine = q.clientId === undefined ? await clients.list(c.get('user')!.id) : [await clients.get(c.get('user')!.id, q.clientId)];
    const body: CalendarDTO = {
      from,
      to,
      deadlines: svc(c).deadlines(from, to, mine).map(toDto),
      feedUrl: null,
      feed: await svc(c).feedStatus(c.get('user')!.id),
    };
    c.header('Cache-Control', 'private, no-store');
    return c.json(body);
  })
  .post('/calendar/feed', requireUser, async (c) => {
    const token = await svc(c).createFeed(c.get('user')!.id);
    c.header('Cache-Control', 'private, no-store');
    return c.json({ feedUrl: feedUrlFor(siteUrl(c), token) }, 201);
  })
  .delete('/calendar/feed', requireUser, async (c) => {
    const revoked = await svc(c).revokeFeed(c.get('user')!.id);
    return c.json({ message: revoked ? 'Calendar feed revoked' : 'There was no calendar feed' });
  });
