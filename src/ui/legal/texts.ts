// Texts the legal pages share with other pages, said once.

/** The product's disclaimer: the landing footer and the terms page. */
export const DISCLAIMER =
  'PayeWise provides general payroll information, not tax, legal or financial advice. Please verify important tax and compliance details with SARS, the Department of Employment and Labour or a registered tax practitioner.';

/** The chat page's own warning (islands/Chat.tsx shows it under the input). */
export const AI_MISTAKES = 'PayeWise AI can make mistakes.';

/** When /privacy and /terms last changed in substance. */
export const LEGAL_UPDATED = '27 November 2026';

export const LEGAL_LINKS = {
  terms: '/terms',
  privacy: '/privacy',
  /** The information officer's section of /privacy. */
  popia: '/privacy#popia',
} as const;

/** What /privacy says when INFORMATION_OFFICER_NAME / _EMAIL are not set: no address is made up. */
export const OFFICER_UNSET = 'No information officer has been named for this service yet, so we cannot give their contact details here.';
export const OFFICER_EMAIL_UNSET = 'No e-mail address has been set for them yet.';
