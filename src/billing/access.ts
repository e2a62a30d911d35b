// What a user may do now, by subscription state (GUIDE §3). Pure: the billing work extends it.

export const LIMITED_QUESTIONS_PER_DAY = 5;
/** Fair use for everyone with full access. */
export const QUESTIONS_PER_MINUTE = 20;
export const SA_TIME_ZONE = 'Africa/Johannesburg';

export interface AccessSubject {
  subscriptionStatus: string | null;
  trialEndDate: string | null;
  nextBillingDate: string | null;
}

export type AssistantAccess = { kind: 'full'; perMinute: number } | { kind: 'limited'; perDay: number; perMinute: number };

const inFuture = (iso: string | null, now: Date) => {
  const t = iso ? Date.parse(iso) : NaN;
  return !Number.isNaN(t) && t > now.getTime();
};

/**
 * Full access: an active subscription, a running trial, or a canceled/pending subscription whose paid
 * period has not ended. Everyone else keeps limited access: a few questions a day.
 */
export function assistantAccess(user: AccessSubject, now: Date): AssistantAccess {
  const status = user.subscriptionStatus ?? '';
  const full =
    status === 'active' ||
    (status === 'trialing' && inFuture(user.trialEndDate, now)) ||
    ((status === 'canceled' || status === 'pending') && inFuture(user.nextBillingDate, now));
  return full ? { kind: 'full', perMinute: QUESTIONS_PER_MINUTE } : { kind: 'limited', perDay: LIMITED_QUESTIONS_PER_DAY, perMinute: QUESTIONS_PER_MINUTE };
}

/** The calendar day in South Africa (yyyy-mm-dd) and the moment it ends. */
export function saDay(now: Date): { day: string; endsAt: Date } {
  // South Africa has no daylight saving: UTC+2 all year.
  const local = new Date(now.getTime() + 2 * 3_600_000);
  const day = local.toISOString().slice(0, 10);
  const endsAt = new Date(Date.parse(`${day}T00:00:00+02:00`) + 86_400_000);
  return { day, endsAt };
}
