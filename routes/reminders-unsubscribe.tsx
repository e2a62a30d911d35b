import { Hono } from 'hono';
import type { AppContext, AppEnv } from '../src/http/context';
import { renderPublic } from '../src/http/render';
import { isAppError, statusOf } from '../src/errors';
import { UnsubscribePage, type UnsubscribeState } from '../src/ui/reminders/UnsubscribePage';

// GET/POST /reminders/unsubscribe/<token> (issue 27): the link in every reminder e-mail, no session needed. GET only
// asks; POST turns the link's user's reminders off. An unknown link is a 404 page.

function show(c: AppContext, state: UnsubscribeState, status: 200 | 404 = 200) {
  c.header('Cache-Control', 'no-store');
  c.header('X-Robots-Tag', 'noindex');
  c.header('Referrer-Policy', 'no-referrer');
  return renderPublic(
    c,
    { title: state === 'unknown' ? 'Link not found' : 'Deadline reminders' },
    <UnsubscribePage state={state} action={c.req.path} />,
    status,
  );
}

const unknown = (err: unknown) => isAppError(err, 'not_found');

export const remindersUnsubscribeRoute = new Hono<AppEnv>()
  .get('/reminders/unsubscribe/:token', async (c) => {
    try {
      const { enabled } = await c.get('services').reminders.checkUnsubscribe(c.req.param('token'));
      return show(c, enabled ? 'ask' : 'done');
    } catch (err) {
      if (unknown(err)) return show(c, 'unknown', statusOf('not_found'));
      throw err;
    }
  })
  .post('/reminders/unsubscribe/:token', async (c) => {
    try {
      await c.get('services').reminders.unsubscribe(c.req.param('token'));
      return show(c, 'done');
    } catch (err) {
      if (unknown(err)) return show(c, 'unknown', statusOf('not_found'));
      throw err;
    }
  });
