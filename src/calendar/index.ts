// The compliance calendar, as other folders may use it: the deadlines (pure, over src/payroll/deadlines.ts), their
// articles, the iCalendar feed's text, and the service that keeps a user's feed and clients' pay days.
export * from './articles';
export * from './deadlines';
export * from './ics';
export { createCalendarService, feedUrlFor, toDto, type CalendarService } from './service';
