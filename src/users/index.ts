// Users as admins and the users themselves see them: the user list, the audit log, the data export, and how a
// user is shown in the app's chrome.
export { createUsersService, type UsersService } from './service';
export { createAuditService, type AuditService } from './audit-log';
export { attachment, createDataExportService, type DataExportService } from './export';
export { initials, userMenuLabel } from './display';
