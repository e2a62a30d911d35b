import { Hono } from 'hono';
import type { AppContext, AppEnv } from '../../src/http/context';
import { requireUser } from '../../src/http/guard';
import { renderApp } from '../../src/http/render';
import { feedUrlFor } from '../../src/calendar/service';
import { CalendarPage, type FeedView } from '../../src/ui/calendar/CalendarPage';
import { siteUrl } from '../api/calendar';

// /calendar (issue 27): signed in, like /calculators. The subscribe section's forms post here and get the page back,
// the new address shown once; no JavaScript needed.

async function page(c: AppContext, extra: Partial<FeedView> = {}) {
  const { calendar, clients } = c.get('services');
  const feed = { ...(await calendar.feedStatus(c.get('user')!.id)), ...extra };
  const sections = calendar.overview(await clients.list(c.get('user')!.id)).sections;
  return renderApp(c, { title: 'Compliance calendar' }, <CalendarPage sections={sections} feed={feed} />);
}

export const calendarPages = new Hono<AppEnv>()
  .get('/calendar', requireUser, (c) => page(c))
  .post('/calendar/feed', requireUser, async (c) => {
    const token = await c.get('services').calendar.createFeed(c.get('user')!.id);
    return page(c, { newUrl: feedUrlFor(siteUrl(c), token), notice: 'Your new calendar address is ready; any earlier one has stopped working.' });
  })
  .post('/calendar/feed/revoke', requireUser, async (c) => {
    await c.get('services').calendar.revokeFeed(c.get('user')!.id);
    return page(c, { notice: 'Your calendar feed has stopped: its address no longer works.' });
  });
