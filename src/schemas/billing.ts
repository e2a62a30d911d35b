// The contract between the /subscription island and the billing API. Texts in quotes in the spec are verbatim.
import type { SubscriptionView } from '../billing/subscription';

/** GET /api/subscription-status: the spec's fields (status, nextBillingDate, trialEndDate, daysLeft), access, and what the page needs. */
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
