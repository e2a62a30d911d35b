// What a user may do now, by subscription state (GUIDE §3). Pure: whether access is full comes from the
// subscription state machine; this adds the assistant's quotas.
import { accessOf, type BillingState } from './subscription';

export const LIMITED_QUESTIONS_PER_DAY = 5;
/** Fair use for everyone with full access. */
export const QUESTIONS_PER_MINUTE = 20;

/** The user fields access depends on. */
export interface AccessSubject {
  subscriptionStatus: string | null;
  trialEndDate: string | null;
  nextBillingDate: string | null;
  paidThrough?: string | null;
  payfastToken?: string | null;
}

export type AssistantAccess = { kind: 'full'; perMinute: number } | { kind: 'limited'; perDay: number; perMinute: number };

/** A stored user as the state machine sees it. */
export const billingStateOf = (u: AccessSubject): BillingState => ({
  status: u.subscriptionStatus,
  trialEndDate: u.trialEndDate,
  nextBillingDate: u.nextBillingDate,
  paidThrough: u.paidThrough ?? null,
  token: u.payfastToken ?? null,
});

/** Full access: unlimited questions (fair use aside). Limited: the knowledge base, calculators and a few questions a day. */
export function assistantAccess(user: AccessSubject, now: Date): AssistantAccess {
  return accessOf(billingStateOf(user), now) === 'full'
    ? { kind: 'full', perMinute: QUESTIONS_PER_MINUTE }
    : { kind: 'limited', perDay: LIMITED_QUESTIONS_PER_DAY, perMinute: QUESTIONS_PER_MINUTE };
}
