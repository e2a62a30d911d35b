import type { ReactNode } from 'react';
import { SESSION_DAYS } from '../../auth';
import { EXPORTS_PER_HOUR } from '../../schemas/export';
import { LegalLayout, Section } from './LegalLayout';
import { LEGAL_LINKS, OFFICER_EMAIL_UNSET, OFFICER_UNSET } from './texts';

/*
 * The privacy notice (/privacy). Every statement here is what the code does: db/schema.ts for what is stored, the
 * foreign keys' ON DELETE for what account deletion removes, src/server.ts's upkeep for what is removed on a schedule.
 * Change this page with them.
 */

export interface PrivacyFacts {
  /** INFORMATION_OFFICER_NAME / _EMAIL; either may be unset. */
  officer: { name?: string; email?: string };
  /** An outside AI model is configured (AI_BASE_URL): questions leave the server. */
  externalModel: boolean;
  /** Mail is delivered over SMTP (SMTP_URL); otherwise it stays in the outbox. */
  smtp: boolean;
}

/** One kind of record: what is kept, why, and for how long. */
function Kept({ title, what, why, howLong }: { title: string; what: ReactNode; why: ReactNode; howLong: ReactNode }) {
  return (
    <div className="my-4 rounded-lg border border-border p-4">
      <h3 className="!mt-0">{title}</h3>
      <dl className="space-y-2 text-sm">
        <div>
          <dt className="font-semibold">What we keep</dt>
          <dd>{what}</dd>
        </div>
        <div>
          <dt className="font-semibold">Why</dt>
          <dd>{why}</dd>
        </div>
        <div>
          <dt className="font-semibold">How long</dt>
          <dd>{howLong}</dd>
        </div>
      </dl>
    </div>
  );
}

export function InformationOfficer({ officer }: { officer: PrivacyFacts['officer'] }) {
  if (!officer.name && !officer.email) return <p data-testid="information-officer">{OFFICER_UNSET}</p>;
  return (
    <p data-testid="information-officer">
      Our information officer under POPIA is {officer.name ? <strong>{officer.name}</strong> : 'reachable'}
      {officer.email ? (
        <>
          {' at '}
          <a href={`mailto:${officer.email}`}>{officer.email}</a>.
        </>
      ) : (
        <>. {OFFICER_EMAIL_UNSET}</>
      )}
    </p>
  );
}

const CONTENTS = [
  { id: 'summary', label: 'In short' },
  { id: 'what-we-keep', label: 'What we keep, why and for how long' },
  { id: 'cookies', label: 'Cookies' },
  { id: 'processors', label: 'Who else handles it' },
  { id: 'your-rights', label: 'Your copy, corrections and deletion' },
  { id: 'after-deletion', label: 'What deleting your account keeps' },
  { id: 'popia', label: 'Information officer (POPIA)' },
];

export function PrivacyPage({ officer, externalModel, smtp }: PrivacyFacts) {
  return (
    <LegalLayout
      title="Privacy notice"
      contents={CONTENTS}
      intro={
        <p>
          PayeWise is an online payroll assistant for South African businesses. This notice says what personal information the service
          keeps, why, for how long, who else handles it, and how to get a copy of it or have it deleted, as the Protection of Personal
          Information Act, 2013 (POPIA) asks. It describes what the service actually does.
        </p>
      }
    >
      <Section id="summary" title="In short">
        <ul>
          <li>
            We keep your account details, your conversations with the assistant and what you read, so that the service works and your
            history is there when you come back.
          </li>
          <li>You pay on PayFast’s page: your card details never reach us.</li>
          <li>
            You can download everything we keep about you, and delete your account, on your <a href="/profile">Profile</a> page.
          </li>
          <li>
            After you delete your account we keep the payment notifications PayFast sent us, because tax law requires financial records to
            be kept for five years, and the few other items listed under <a href="#after-deletion">What deleting your account keeps</a>.
          </li>
          <li>We do not sell your information or use it for advertising.</li>
        </ul>
      </Section>

      <Section id="what-we-keep" title="What we keep, why and for how long">
        <Kept
          title="Your account"
          what="Your username and e-mail address; your password as a one-way hash (nobody, us included, can read it back); whether you are an administrator; your subscription status and dates (trial end, next billing date, paid-through date) and, once you subscribe, PayFast’s reference (token) for your subscription; how many times you have signed in and when you last did; how many questions you have asked; when the account was created and last changed."
          why="To sign you in, run your trial and subscription, send you password-reset codes and subscription notices, and apply the limits of your plan."
          howLong="Until you delete your account."
        />
        <Kept
          title="Sign-in sessions"
          what="For each browser you sign in on: a fingerprint (hash) of its session cookie, when the session started and when it expires."
          why="To keep you signed in."
          howLong={`A session works for up to ${SESSION_DAYS} days and is extended while you use it; it ends when you sign out, or change or reset your password. The record of a session that has expired stays until you delete your account.`}
        />
        <Kept
          title="Conversations with the assistant"
          what="Your questions and the assistant’s answers, each conversation’s title, the knowledge articles and calculations an answer used, what the assistant understood from your question (its topic and the figures you gave) and how sure it was."
          why="To show your chat history, to answer follow-up questions in context and, without your name, to show administrators the questions the assistant could not answer so that the knowledge base can be improved."
          howLong="Until you delete the conversation or your account."
        />
        <Kept
          title="Client companies"
          what="The employers you keep the payroll of, with the facts you enter: their name, PAYE, UIF and SDL registration, annual payroll, pay frequency and pay day, sector or bargaining council, whether they can claim ETI and whether they are in a special economic zone; and which conversations are about which client."
          why="So that the assistant can use an employer's facts in every answer about its staff without you repeating them."
          howLong="Until you delete the client or your account. Deleting a client keeps its conversations, no longer tied to it."
        />
        <Kept
          title="Calendar feed and deadline reminders"
          what="Whether you have a private calendar feed and when you made it (only a fingerprint of its secret address, never the address), your reminder e-mail settings, and a record of each reminder sent (which deadline, for which client, when)."
          why="To serve your calendar app the deadlines, to send each reminder once and never twice, and to let you stop them from any reminder's link."
          howLong="Until you stop the feed, turn reminders off (the record of reminders sent stays until you delete your account) or delete your account."
        />
        <Kept
          title="Payslip checks you save"
          what="When you check a payslip, its text or PDF is read in memory and not stored. If you save the check, we keep what was read from the payslip as you corrected it (pay date, earnings, deductions and totals with their labels), the facts you added (age, medical scheme members and the like), the result and the name you gave it."
          why="To show you your saved checks."
          howLong="Until you delete the check or your account."
        />
        <Kept
          title="Feedback on answers"
          what="Your thumbs up or down, any comment you add, and a copy of the question and the answer it is about."
          why="Administrators read answers rated down (without your name) to correct the assistant and the knowledge base."
          howLong="Until you delete that conversation or your account."
        />
        <Kept
          title="Knowledge base use"
          what="Which article you read on which day, and your searches that found nothing."
          why="To count each article’s readers and show administrators what people could not find. Administrators see counts and search words, not who searched."
          howLong="Until you delete your account."
        />
        <Kept
          title="Password resets"
          what="For each reset you ask for: a hash of the code we e-mailed you (the code itself expires after 15 minutes), how many wrong codes were tried, and when it was checked and used."
          why="To check the code and to stop anyone guessing it."
          howLong="Until you delete your account."
        />
        <Kept
          title="E-mails we send you"
          what="Each e-mail (password-reset codes, subscription notices) with its recipient address, subject, text and delivery status."
          why="To retry delivery when mail is down, and to check later whether a message went out."
          howLong={
            <>
              At present they are not deleted automatically, and deleting your account does not remove them. Ask our{' '}
              <a href="#popia">information officer</a> to have them removed.
            </>
          }
        />
        <Kept
          title="Payments"
          what="Each checkout you start (our reference, the amounts and the billing date, and PayFast’s token once PayFast confirms it); each notification PayFast sends us about your subscription, exactly as received (amounts, PayFast’s payment reference and status, the name and e-mail address you gave PayFast, the subscription token), with the network address it came from and the result of our checks; and your payment history. Card details are entered on PayFast’s page and never reach us."
          why="To make sure a payment really came from PayFast, to run your subscription, to show your payment history, and because tax law requires records of what we were paid."
          howLong={
            <>
              Checkouts: until you delete your account. Payment history and PayFast’s notifications: at least five years, also after your
              account is deleted (see <a href="#after-deletion">below</a>); at present they are not deleted automatically after that.
              Notifications our checks show did not come from PayFast are removed after a day.
            </>
          }
        />
        <Kept
          title="Counters that protect the service"
          what="Short-lived counters keyed by your network address (an IPv4 address, or the /64 network of an IPv6 address), your account, or an e-mail address typed into Forgot password."
          why="To limit password guessing, account creation, reset requests, checkouts, data downloads and questions."
          howLong="Until the counter’s window ends (from a minute to a day); ended counters are removed every 15 minutes."
        />
        <Kept
          title="Administrator actions"
          what="When an administrator changes an account (admin rights, a trial extension) or knowledge content, the audit log records who did it, what changed, on which account or article, and when. An entry about an account names it by its username at the time."
          why="So that changes affecting users and published content can be accounted for."
          howLong="Kept, also after the accounts concerned are deleted (an entry made by a deleted administrator no longer names them)."
        />
        <Kept
          title="Files"
          what="Files administrators attach to knowledge articles. Other accounts cannot upload files."
          why="To show them with the article."
          howLong="Until removed from the article; files uploaded but never attached are removed after a day."
        />
        <Kept
          title="Server logs"
          what={`Events such as errors, payments processed and data downloads, naming accounts by their number.${smtp ? '' : ' While e-mail sending is not set up, the log also records each e-mail’s recipient and subject.'}`}
          why="To run the service and find faults."
          howLong="For as long as our hosting keeps them; we have not set a fixed period. They are used for nothing else."
        />
      </Section>

      <Section id="cookies" title="Cookies">
        <p>
          We set one cookie, <code>pw_session</code>, which keeps you signed in (for up to {SESSION_DAYS} days; it cannot be read by the
          page’s scripts). We use no advertising or analytics cookies and no tracking scripts. After some actions the browser’s session
          storage briefly holds a notification to show on the next page.
        </p>
      </Section>

      <Section id="processors" title="Who else handles it">
        <ul>
          <li>
            <strong>PayFast</strong>, our payment gateway. When you subscribe, your browser sends PayFast your e-mail address, our payment
            reference and the amounts; you give your card details to PayFast directly, and PayFast tells us about each payment. PayFast
            handles your card details under its own privacy policy.
          </li>
          <li data-testid="processor-model">
            <strong>AI model provider.</strong>{' '}
            {externalModel
              ? 'This service uses an outside AI model to write answers: it sends the provider your question, the earlier turns of the same conversation (within a limit), the knowledge-base text that answers it and any calculator results. Your username and e-mail address are not sent. The provider may process them outside South Africa; ask our information officer which provider it is.'
              : 'None: this service answers with its own built-in engine, so your questions are not sent to any outside AI provider.'}
          </li>
          <li>
            <strong>E-mail delivery.</strong>{' '}
            {smtp
              ? 'E-mails are handed to our e-mail delivery provider, which sees each message’s recipient, subject and text.'
              : 'E-mail sending is not set up on this service: messages stay in our outbox and are not delivered.'}
          </li>
          <li>
            <strong>Our administrators</strong> see the list of accounts (username, e-mail address, subscription, sign-ins and number of
            questions) and the payment notifications PayFast sent (without the name and e-mail address in them), to help users and run the
            service. They never see your password, and see questions only as described above, without names.
          </li>
          <li>
            <strong>Hosting.</strong> Our hosting provider runs the server, the database and the file storage that hold everything above.
          </li>
        </ul>
      </Section>

      <Section id="your-rights" title="Your copy, corrections and deletion">
        <ul>
          <li>
            <strong>A copy of your data:</strong> <em>Download my data</em> on your <a href="/profile">Profile</a> page gives you one file
            (JSON) with your profile, sessions, conversations, feedback, reading history, payments, PayFast’s notifications about them,
            password resets, the e-mails we sent you (without their text), your saved payslip checks and audit log entries about you, up to{' '}
            {EXPORTS_PER_HOUR} times an hour.
          </li>
          <li>
            <strong>Corrections:</strong> change your username, e-mail address or password on your Profile page.
          </li>
          <li>
            <strong>Deletion:</strong> <em>Delete Account</em> on your Profile page deletes your account at once. An active subscription is
            cancelled at PayFast first; if PayFast cannot be reached, your account is kept so that you are not charged again, and you are
            asked to try later.
          </li>
          <li>
            <strong>Objections and complaints:</strong> write to our <a href="#popia">information officer</a>. You may also complain to the
            Information Regulator (South Africa), <a href="https://inforegulator.org.za">inforegulator.org.za</a>.
          </li>
        </ul>
      </Section>

      <Section id="after-deletion" title="What deleting your account keeps">
        <p>
          Deleting your account removes at once your profile, sessions, conversations and messages, feedback, reading and search records,
          password resets, saved payslip checks and checkouts. These stay:
        </p>
        <ul>
          <li>
            <strong>Your payment history and the payment notifications PayFast sent us about your subscription</strong> (amounts, dates,
            references, and in the notifications the name and e-mail address you gave PayFast), no longer linked to an account. South
            African law requires businesses to keep records of their income: the Tax Administration Act, 2011 requires such records to be
            kept for five years. We keep them for at least that long.
          </li>
          <li>
            The e-mails we sent you, in our outbox (see <a href="#what-we-keep">E-mails we send you</a>).
          </li>
          <li>Audit log entries about your account, or made by you as an administrator.</li>
          <li>Server log entries that name your account’s number.</li>
        </ul>
      </Section>

      <Section id="popia" title="Information officer (POPIA)">
        <InformationOfficer officer={officer} />
        <p>
          Ask them for anything this notice does not answer, to correct or delete information you cannot change yourself, or to object to
          how we handle it. The <a href={LEGAL_LINKS.terms}>Terms of Service</a> cover the rest of how the service works.
        </p>
      </Section>
    </LegalLayout>
  );
}
