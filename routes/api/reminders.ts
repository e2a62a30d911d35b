import { Hono } from 'hono';
import type { AppEnv } from '../../src/http/context';
import { requireUser } from '../../src/http/guard';
import { validate } from '../../src/http/validate';
import { reminderSettingsSchema } from '../../src/schemas/reminders';

// Deadline reminder e-mails (issue 27): GET /api/reminders answers the user's settings, PUT replaces them
// (`{ enabled, daysBefore, includeOwn, clientIds }`; another user's client id is a 404).
export const remindersApi = new Hono<AppEnv>()
  .get('/reminders', requireUser, async (c) => {
    c.header('Cache-Control', 'private, no-store');
    return c.json(await c.get('services').reminders.get(c.get('user')!.id));
  })
  .put('/reminders', requireUser, validate('json', reminderSettingsSchema), async (c) => {
    return c.json(await c.get('services').reminders.put(c.get('user')!.id, c.req.valid('json')));
  });
