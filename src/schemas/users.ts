import * as z from 'zod/mini';
import type { PublicUser } from './auth';

// The contract between the /user-management island and /api/users/admin. Quoted texts are the spec's.

/** The columns the user list sorts by. */
export const SORT_COLUMNS = ['username', 'email', 'lastLoginAt', 'totalLogins', 'messageCount'] as const;
export type SortColumn = (typeof SORT_COLUMNS)[number];

/** A user as the admin list shows it: never the password hash or PayFast token. */
export interface AdminUserDTO extends PublicUser {
  /** Questions the user has asked the assistant (users.totalChatMessages, counted when sent). */
  messageCount: number;
}

export interface UsersSummaryDTO {
  totalUsers: number;
  activeSubscriptions: number;
  trialUsers: number;
}

/** What the page hydrates with, and what one refresh loads. */
export interface UsersPageDTO {
  users: AdminUserDTO[];
  total: number;
  page: number;
  pageSize: number;
  summary: UsersSummaryDTO;
}

export const USERS_PAGE_SIZE = 50;
export const USERS_MAX_PAGE_SIZE = 200;
/** Without ?pageSize the whole list comes back while it is this small (the spec's behaviour). */
export const USERS_DEFAULT_PAGE_SIZE = 200;
export const MAX_TRIAL_EXTENSION = 365;

const int = (message: string, min: number, max: number) =>
  z.coerce.number({ error: message }).check(z.refine(Number.isInteger, message), z.gte(min, message), z.lte(max, message));

export const usersQuerySchema = z.object({
  q: z.optional(z.string().check(z.maxLength(100, 'Search must be at most 100 characters'))),
  sort: z.optional(z.enum(SORT_COLUMNS, { error: `sort must be one of ${SORT_COLUMNS.join(', ')}` })),
  dir: z.optional(z.enum(['asc', 'desc'], { error: 'dir must be asc or desc' })),
  page: z.optional(int('page must be a whole number from 1', 1, 1_000_000)),
  pageSize: z.optional(int(`pageSize must be a whole number from 1 to ${USERS_MAX_PAGE_SIZE}`, 1, USERS_MAX_PAGE_SIZE)),
});
export type UsersQuery = z.output<typeof usersQuerySchema>;

export const userIdParamSchema = z.object({ userId: int('The user id must be a whole number', 1, 2_147_483_647) });

export const toggleAdminSchema = z.object({ makeAdmin: z.boolean({ error: 'makeAdmin must be true or false' }) });

const DAYS_MESSAGE = `Days must be a whole number from 1 to ${MAX_TRIAL_EXTENSION}`;
export const extendTrialSchema = z.object({
  days: z
    .number({ error: DAYS_MESSAGE })
    .check(z.refine(Number.isInteger, DAYS_MESSAGE), z.gte(1, DAYS_MESSAGE), z.lte(MAX_TRIAL_EXTENSION, DAYS_MESSAGE)),
});

/** PATCH answers: the message for the toast and the user as it now is. */
export interface UserChangeDTO {
  message: string;
  user: AdminUserDTO;
}

export const USERS_TEXTS = {
  search: 'Search users...',
  noMatch: 'No users match your search.',
  none: 'No users found.',
  loadFailed: 'Failed to load users: ',
  adminFailed: 'Failed to update admin status',
  trialFailed: 'Failed to extend trial',
  ownStatus: 'You cannot change your own admin status',
  lastAdmin: 'You cannot remove the last admin: grant admin rights to another user first',
} as const;
