// What the billing e-mails say, pure. Card rules ask for the first charge date, the amount and how to cancel
// at least 7 days before a trial's first charge: with a 7-day trial that is the mail sent when the
// subscription is set up.
import { rands } from './payfast';
import { formatDate } from '../lib/sa-time';
import type { MailKind } from './subscription';

export interface BillingMailInput {
  kind: MailKind;
  username: string;
  /** The app's address, for links. */
  appUrl: string;
  /** Cents charged by the payment behind this mail (0 for a free first period). */
  amountCents?: number | null;
  /** PayFast's payment id. */
  reference?: string | null;
  nextBillingDate?: string | null;
  paidThrough?: string | null;
  /** PayFast's page where the subscriber updates the card. */
  cardUpdateUrl?: string | null;
}

const R = (cents: number) => `R${rands(cents)}`;
const PLAN = `R80.00 per month`;

export function billingMail(m: BillingMailInput): { subject: string; text: string } {
  const manage = `${m.appUrl}/subscription`;
  const hello = `Hello ${m.username},\n\n`;
  const bye = `\nPayeWise\n`;
  switch (m.kind) {
    case 'started': {
      const paidNow = (m.amountCents ?? 0) > 0;
      const charge = paidNow
        ? `Today you paid ${R(m.amountCents!)}. Your next charge of R80.00 is on ${formatDate(m.nextBillingDate)}, and monthly after that.`
        : `Nothing has been charged today. Your first charge of R80.00 is on ${formatDate(m.nextBillingDate)}, and monthly after that.`;
      return {
        subject: 'Your PayeWise subscription is set up',
        text:
          hello +
          `Thank you for subscribing to PayeWise. Your plan is ${PLAN}, billed to your card through PayFast until you cancel.\n\n` +
          `${charge}\n\n` +
          `To cancel, open ${manage} and choose Cancel subscription${paidNow ? '' : ' before the first charge date if you do not want to be charged'}. ` +
          `You keep full access until the end of the period you have paid for, and no further charges are made.\n` +
          bye,
      };
    }
    case 'receipt':
      return {
        subject: `Payment received: ${R(m.amountCents ?? 0)}`,
        text:
          hello +
          `We received your PayeWise subscription payment.\n\n` +
          `Amount: ${R(m.amountCents ?? 0)}\nPayFast reference: ${m.reference ?? '-'}\n` +
          (m.nextBillingDate ? `Next charge: R80.00 on ${formatDate(m.nextBillingDate)}\n` : '') +
          `\nYour payment history is at ${manage}.\n` +
          bye,
      };
    case 'canceled':
      return {
        subject: 'Your PayeWise subscription is canceled',
        text:
          hello +
          `Your PayeWise subscription is canceled and no further charges will be made.\n\n` +
          (m.paidThrough && Date.parse(m.paidThrough) > 0
            ? `You keep full access until ${formatDate(m.paidThrough)}. After that your account stays open with limited access: the knowledge base and calculators, and 5 assistant questions a day.\n\n`
            : `Your account stays open with limited access: the knowledge base and calculators, and 5 assistant questions a day.\n\n`) +
          `You can subscribe again at any time at ${manage}.\n` +
          bye,
      };
    case 'payment-failed':
      return {
        subject: 'Your PayeWise payment did not go through',
        text:
          hello +
          `PayFast could not collect your R80.00 subscription payment. PayFast will try again over the next few days.\n\n` +
          (m.cardUpdateUrl ? `To keep your access, update your card here: ${m.cardUpdateUrl}\n\n` : '') +
          `Your subscription is at ${manage}.\n` +
          bye,
      };
    case 'access-limited':
      return {
        subject: 'Your PayeWise subscription payment is overdue',
        text:
          hello +
          `Your R80.00 subscription payment due on ${formatDate(m.paidThrough)} has not been paid, so your account now has limited access: ` +
          `the knowledge base and calculators, and 5 assistant questions a day.\n\n` +
          (m.cardUpdateUrl ? `Update your card to restore full access: ${m.cardUpdateUrl}\n\n` : '') +
          `Or start a new subscription at ${manage}.\n` +
          bye,
      };
  }
}
