import { Hono } from 'hono';
import type { AppContext, AppEnv } from '../../src/http/context';
import { requireUser } from '../../src/http/guard';
import { renderApp } from '../../src/http/render';
import { feedUrlFor } from '../../src/calendar';
import { CalendarPage, type FeedView } from '../../src/ui/calendar/CalendarPage';
import { siteUrl } from '../api/calendar';
import { readForm } from '../../src/http/validate';
import { isAppError } from '../../src/errors';
import { reminderSettingsSchema } from '../../src/schemas/reminders';
import type { RemindersView } from '../../src/ui/calendar/Reminders';

// /calendar (issue 27): signed in, like /calculators. The subscribe section's forms post here and get the page back,
// the new address shown once; no JavaScript needed.

async function page(c: AppContext, extra: Partial<FeedView> = {}, reminderNote: Partial<RemindersView> = {}) {
  const { calendar, clients, reminders } = c.get('services');
  const user = c.get('user')!;
  const feed = { ...(await calendar.feedStatus(user.id)), ...extra };
  const mine = await clients.list(user.id);
  const sections = calendar.overview(mine).sections;
  const view: RemindersView = { settings: await reminders.get(user.id), clients: mine, hasEmail: !!user.email, ...reminderNote };
  return renderApp(c, { title: 'Compliance calendar' }, <CalendarPage sections={sections} feed={feed} reminders={view} />);
}

export const calendarPages = new Hono<AppEnv>()
  .get('/calendar', requireUser, (c) => page(c))
  .post('/calendar/feed', requireUser, async (c) => {
    const token = await c.get('services').calendar.createFeed(c.get('user')!.id);
    return page(c, {
      newUrl: feedUrlFor(siteUrl(c), token),
      notice: 'Your new calendar address is ready; any earlier one has stopped working.',
    });
  })
  .post('/calendar/feed/revoke', requireUser, async (c) => {
    await c.get('services').calendar.revokeFeed(c.get('user')!.id);
    return page(c, { notice: 'Your calendar feed has stopped: its address no longer works.' });
  })
  .post('/calendar/reminders', requireUser, async (c) => {
    // The form's checkboxes and number, read into the API's shape and checked by the same schema.
    const form = await readForm(c);
    const r = reminderSettingsSchema.safeParse({
      enabled: form.get('enabled') === 'true',
      daysBefore: Number(form.get('daysBefore') ?? NaN),
      includeOwn: form.get('includeOwn') === 'true',
      clientIds: form.getAll('clientIds').map(Number),
    });
    if (!r.success) return page(c, {}, { error: r.error.issues[0]?.message ?? 'Check the reminder settings' });
    try {
      const saved = await c.get('services').reminders.put(c.get('user')!.id, r.data);
      return page(
        c,
        {},
        {
          notice: saved.enabled
            ? `Reminders on: ${saved.daysBefore} business day${saved.daysBefore === 1 ? '' : 's'} before each deadline.`
            : 'Reminders off.',
        },
      );
    } catch (err) {
      if (isAppError(err, 'not_found')) return page(c, {}, { error: err.message });
      throw err;
    }
  });
