// The contract between the /subscription island and the billing API. Texts in quotes in the spec are verbatim.

/** GET /api/subscription-status: the spec's fields (status, nextBillingDate, trialEndDate, daysLeft), access, and what the page needs. */
/** Where a subscription stands, for the page and the API. */
export type Phase = 'active' | 'trial' | 'trial-ended' | 'canceled' | 'pending' | 'none';

export interface SubscriptionView {
  status: string | null;
  nextBillingDate: string | null;
  trialEndDate: string | null;
  daysLeft: number;
  access: 'full' | 'limited';
  paidThrough: string | null;
  phase: Phase;
}

export interface SubscriptionStatusDTO extends SubscriptionView {
  /** A checkout started and not yet confirmed by PayFast. */
  openCheckout: { ref: string; startedAt: string } | null;
}

/** POST /api/create-subscription: the form the browser posts to PayFast. */
export interface CheckoutDTO {
  payment_data: Record<string, string>;
  payment_url: string;
}

/** One line of the payment history. */
export interface PaymentDTO {
  id: number;
  date: string;
  /** 'R80.00', or null when nothing was charged (a cancellation). */
  amount: string | null;
  status: 'Paid' | 'Canceled' | 'Failed';
  /** PayFast's payment id. */
  reference: string;
}

export const BILLING_TEXTS = {
  subscribeFailed: 'Failed to start subscription process',
  redirecting: 'Redirecting to PayFast...',
  active: 'Your subscription is active',
  trialActive: 'Trial Active',
  none: 'No active subscription',
  subscribeToAccess: 'Subscribe to access all PayeWise features',
  cancelFailed: 'Failed to cancel subscription',
} as const;
