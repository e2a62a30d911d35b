// Every API call the islands make, in one place: its method, its path (":name" marks a parameter) and the type of
// its answer. Islands call these through `call()` (./api.ts), never with a URL of their own, so a renamed or removed
// endpoint fails the build in every island that uses it; tests/integration/islands/endpoints.test.ts checks that the app
// serves each one, so a route renamed on the server fails the suite.
import type { CategoryDTO, EditorItemDTO, AdminItemsPageDTO, ReviewDTO, RevisionDTO } from '../src/knowledge/schemas';
import type { PublicUser, ResetMailAnswer } from '../src/schemas/auth';
import type { CheckoutDTO, SubscriptionStatusDTO } from '../src/schemas/billing';
import type { ConversationDTO, HistoryHitDTO, MessageDTO } from '../src/schemas/chat';
import type { ClientDTO } from '../src/schemas/clients';
import { EXPORT_URL } from '../src/schemas/export';
import type { ReadPayslipDTO } from '../src/schemas/payslips';
import type { AdminUserDTO, UserChangeDTO, UsersSummaryDTO } from '../src/schemas/users';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Endpoint {
  method: Method;
  path: string;
  /** The answer's type, for the compiler only (`of<T>()`); a list endpoint's answer is one page's items. */
  answer?: unknown;
}

/** Names the answer's type; the value is never read. */
const of = <T>() => undefined as T;

export interface ForgotAnswer {
  resetToken: string;
  emailSent: boolean;
  message: string;
}
export interface VerifiedReset {
  userId: number;
  username: string;
  email: string | null;
}
export interface PayslipCheckResult {
  taxYear: number;
  checked: { item: string; label: string; shown: number; expected: number; matches: boolean }[];
  findings: { item: string; label: string; shown: number; expected: number; difference: number; reason: string; working: string[] }[];
  assumptions: string[];
}
export type PayslipCheckAnswer = PayslipCheckResult & { read: ReadPayslipDTO };
export interface SavedPayslipCheck {
  id: number;
  label: string;
  payDate: string;
  createdAt: string;
  read: ReadPayslipDTO;
  facts: Record<string, unknown>;
  result: PayslipCheckResult;
}

export const API = {
  // Accounts (routes/api/auth.ts)
  login: { method: 'POST', path: '/api/login', answer: of<PublicUser>() },
  register: { method: 'POST', path: '/api/register', answer: of<PublicUser>() },
  logout: { method: 'POST', path: '/api/logout', answer: of<null>() },
  updateProfile: { method: 'PATCH', path: '/api/user', answer: of<PublicUser>() },
  deleteAccount: { method: 'DELETE', path: '/api/user', answer: of<null>() },
  exportData: { method: 'GET', path: EXPORT_URL, answer: of<unknown>() },
  forgotPassword: { method: 'POST', path: '/api/forgot-password', answer: of<ForgotAnswer>() },
  resetMailStatus: { method: 'POST', path: '/api/forgot-password/mail-status', answer: of<ResetMailAnswer>() },
  verifyResetCode: { method: 'POST', path: '/api/forgot-password/verify', answer: of<VerifiedReset>() },
  resetPassword: { method: 'POST', path: '/api/reset-password', answer: of<{ message?: string }>() },

  // Users, for admins (routes/api/users.ts)
  users: { method: 'GET', path: '/api/users/admin', answer: of<AdminUserDTO[]>() },
  usersSummary: { method: 'GET', path: '/api/users/admin/summary', answer: of<UsersSummaryDTO>() },
  toggleAdmin: { method: 'PATCH', path: '/api/users/admin/:userId/toggle-admin', answer: of<UserChangeDTO>() },
  extendTrial: { method: 'PATCH', path: '/api/users/admin/:userId/extend-trial', answer: of<UserChangeDTO>() },

  // The assistant (routes/api/chat.ts)
  messages: { method: 'GET', path: '/api/messages', answer: of<MessageDTO[]>() },
  chatStream: { method: 'POST', path: '/api/chat/stream', answer: of<never>() },
  stopAnswer: { method: 'POST', path: '/api/messages/:id/stop', answer: of<unknown>() },
  feedback: { method: 'POST', path: '/api/messages/:id/feedback', answer: of<unknown>() },
  searchHistory: { method: 'GET', path: '/api/conversations/search', answer: of<HistoryHitDTO[]>() },
  renameConversation: { method: 'PATCH', path: '/api/conversations/:id', answer: of<ConversationDTO>() },
  deleteConversation: { method: 'DELETE', path: '/api/conversations/:id', answer: of<null>() },
  answerPdf: { method: 'GET', path: '/api/messages/:id/pdf', answer: of<Blob>() },
  conversationPdf: { method: 'GET', path: '/api/conversations/:id/pdf', answer: of<Blob>() },

  // Billing (routes/api/billing.ts)
  subscriptionStatus: { method: 'GET', path: '/api/subscription-status', answer: of<SubscriptionStatusDTO>() },
  createSubscription: { method: 'POST', path: '/api/create-subscription', answer: of<CheckoutDTO>() },
  cancelSubscription: { method: 'POST', path: '/api/cancel-subscription', answer: of<SubscriptionStatusDTO>() },

  // Client companies (routes/api/clients.ts)
  clients: { method: 'GET', path: '/api/clients', answer: of<ClientDTO[]>() },
  createClient: { method: 'POST', path: '/api/clients', answer: of<ClientDTO>() },
  updateClient: { method: 'PATCH', path: '/api/clients/:id', answer: of<ClientDTO>() },
  deleteClient: { method: 'DELETE', path: '/api/clients/:id', answer: of<null>() },

  // Payslip checks (routes/api/payslips.ts)
  checkPayslip: { method: 'POST', path: '/api/payroll/payslip-check', answer: of<PayslipCheckAnswer>() },
  payslipChecks: { method: 'GET', path: '/api/payroll/payslip-checks', answer: of<SavedPayslipCheck[]>() },
  savePayslipCheck: { method: 'POST', path: '/api/payroll/payslip-checks', answer: of<SavedPayslipCheck>() },
  deletePayslipCheck: { method: 'DELETE', path: '/api/payroll/payslip-checks/:id', answer: of<null>() },

  // The knowledge base's admin (routes/api/knowledge.ts)
  adminCategories: { method: 'GET', path: '/api/knowledge/categories/admin', answer: of<CategoryDTO[]>() },
  createCategory: { method: 'POST', path: '/api/knowledge/categories', answer: of<CategoryDTO>() },
  updateCategory: { method: 'PATCH', path: '/api/knowledge/categories/:id', answer: of<CategoryDTO>() },
  deleteCategory: { method: 'DELETE', path: '/api/knowledge/categories/:id', answer: of<unknown>() },
  adminItems: { method: 'GET', path: '/api/knowledge/items/admin', answer: of<AdminItemsPageDTO>() },
  adminItem: { method: 'GET', path: '/api/knowledge/items/admin/:id', answer: of<EditorItemDTO>() },
  createItem: { method: 'POST', path: '/api/knowledge/items', answer: of<EditorItemDTO>() },
  updateItem: { method: 'PATCH', path: '/api/knowledge/items/:id', answer: of<EditorItemDTO>() },
  deleteItem: { method: 'DELETE', path: '/api/knowledge/items/:id', answer: of<unknown>() },
  publishItem: { method: 'POST', path: '/api/knowledge/items/:id/publish', answer: of<EditorItemDTO>() },
  discardDraft: { method: 'DELETE', path: '/api/knowledge/items/:id/draft', answer: of<EditorItemDTO>() },
  verifyItem: { method: 'POST', path: '/api/knowledge/items/:id/verify', answer: of<EditorItemDTO>() },
  restoreRevision: { method: 'POST', path: '/api/knowledge/items/:id/revisions/:number/restore', answer: of<EditorItemDTO>() },
  revisions: { method: 'GET', path: '/api/knowledge/items/:id/revisions', answer: of<RevisionDTO[]>() },
  reviewQueue: { method: 'GET', path: '/api/knowledge/review', answer: of<ReviewDTO>() },
  upload: { method: 'POST', path: '/api/knowledge/upload', answer: of<{ filePath: string }>() },
} as const satisfies Record<string, Endpoint>;

/** The names of a path's parameters: '/api/clients/:id' → 'id'. */
export type ParamsOf<P extends string> = P extends `${string}:${infer N}/${infer Rest}`
  ? N | ParamsOf<`/${Rest}`>
  : P extends `${string}:${infer N}`
    ? N
    : never;
