// Deadline reminder e-mails: settings, sending once per deadline, and the unsubscribe link.
export { createReminderService, type ReminderService } from './service';
