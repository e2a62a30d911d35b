import { z } from 'zod';

// Deadline reminder e-mails (issue 27): GET/PUT /api/reminders, and the /calendar page's form.

export const MIN_DAYS_BEFORE = 1;
export const MAX_DAYS_BEFORE = 10;
const DAYS_MESSAGE = `daysBefore must be a whole number of business days from ${MIN_DAYS_BEFORE} to ${MAX_DAYS_BEFORE}`;

export const reminderSettingsSchema = z.object({
  enabled: z.boolean({ error: 'enabled must be true or false' }),
  /** Business days before the due date. */
  daysBefore: z.number({ error: DAYS_MESSAGE }).int(DAYS_MESSAGE).min(MIN_DAYS_BEFORE, DAYS_MESSAGE).max(MAX_DAYS_BEFORE, DAYS_MESSAGE),
  /** Reminders of the user's own (no client, no pay day). */
  includeOwn: z.boolean({ error: 'includeOwn must be true or false' }),
  /** The user's clients whose deadlines (and numeric pay day) are reminded. */
  clientIds: z
    .array(
      z.number({ error: 'clientIds must be client ids' }).int('clientIds must be client ids').positive('clientIds must be client ids'),
      { error: 'clientIds must be a list of client ids' },
    )
    .max(200, 'clientIds has at most 200 ids'),
});
export type ReminderSettings = z.infer<typeof reminderSettingsSchema>;
