import { TRIAL_DAYS } from '../../auth';
import { LIMITED_QUESTIONS_PER_DAY, QUESTIONS_PER_MINUTE, PLAN } from '../../billing';
import { LegalLayout, Section } from './LegalLayout';
import { AI_MISTAKES, DISCLAIMER, LEGAL_LINKS } from './texts';

// The terms of service (/terms). The trial, price and limits come from the code that enforces them.

const PRICE = `R${PLAN.recurringCents / 100}`;

const CONTENTS = [
  { id: 'service', label: 'The service' },
  { id: 'account', label: 'Your account' },
  { id: 'price', label: 'Trial and price' },
  { id: 'cancelling', label: 'Cancelling' },
  { id: 'advice', label: 'Guidance, not professional advice' },
  { id: 'acceptable-use', label: 'Acceptable use' },
  { id: 'your-data', label: 'Your data' },
  { id: 'changes', label: 'Changes and questions' },
];

export function TermsPage() {
  return (
    <LegalLayout
      title="Terms of Service"
      contents={CONTENTS}
      intro={
        <p>
          These terms apply when you create a PayeWise account and use the service. Please read them with the{' '}
          <a href={LEGAL_LINKS.privacy}>privacy notice</a>.
        </p>
      }
    >
      <Section id="service" title="The service">
        <p>
          PayeWise is an online payroll assistant for South African businesses: an AI assistant that answers payroll questions (PAYE, UIF,
          SDL, ETI, leave and more), payroll calculators and a payroll knowledge base. You need an account to use it.
        </p>
      </Section>

      <Section id="account" title="Your account">
        <ul>
          <li>Give an e-mail address you can receive mail at: password-reset codes and subscription notices go there.</li>
          <li>Keep your password to yourself. What is done with your account is your responsibility.</li>
          <li>
            You can change your details, download your data or delete your account on your <a href="/profile">Profile</a> page at any time.
          </li>
        </ul>
      </Section>

      <Section id="price" title="Trial and price">
        <ul>
          <li>New accounts get a {TRIAL_DAYS}-day free trial with full access. No card is needed for the trial.</li>
          <li>
            After the trial the plan costs {PRICE} per month, billed monthly through PayFast, a South African payment gateway. You enter
            your card details on PayFast’s page; they never reach us. There are no per-user fees.
          </li>
          <li>
            Subscribe during the trial and nothing is charged until the trial ends; then {PRICE} is charged every month until you cancel.
            Subscribe after the trial and the first month is charged when you subscribe.
          </li>
          <li>
            Without a subscription after the trial your account stays open with limited access: the knowledge base and calculators, and{' '}
            {LIMITED_QUESTIONS_PER_DAY} questions to the assistant a day.
          </li>
          <li>For fair use, anyone may ask the assistant at most {QUESTIONS_PER_MINUTE} questions a minute.</li>
        </ul>
      </Section>

      <Section id="cancelling" title="Cancelling">
        <ul>
          <li>
            Cancel at any time on the <a href="/subscription">Subscription</a> page. We ask PayFast to stop the subscription and change
            nothing unless PayFast confirms it. Nothing more is charged, and you keep full access until the end of the month you have paid
            for.
          </li>
          <li>Deleting your account cancels an active subscription at PayFast first.</li>
        </ul>
      </Section>

      <Section id="advice" title="Guidance, not professional advice">
        <p>
          <strong>{DISCLAIMER}</strong>
        </p>
        <p>
          {AI_MISTAKES} Answers, calculations and articles are guidance to help you do your payroll; you remain responsible for your
          payroll, your employees’ pay and your returns and payments to SARS and the Department of Employment and Labour.
        </p>
      </Section>

      <Section id="acceptable-use" title="Acceptable use">
        <p>When you use PayeWise:</p>
        <ul>
          <li>use it lawfully, for your own or your clients’ payroll work;</li>
          <li>do not try to get into other people’s accounts, probe or attack the service, or get around its limits;</li>
          <li>do not overload it with automated requests, or copy the knowledge base wholesale;</li>
          <li>
            do not type in your employees’ personal information (names, ID numbers, bank details): the answers never need it, and what you
            type is kept with your conversations.
          </li>
        </ul>
        <p>We may suspend or close an account that breaks these rules.</p>
      </Section>

      <Section id="your-data" title="Your data">
        <p>
          The <a href={LEGAL_LINKS.privacy}>privacy notice</a> says what we keep, why and for how long, who else handles it, and what
          deleting your account keeps.
        </p>
      </Section>

      <Section id="changes" title="Changes and questions">
        <p>
          When these terms change in substance, the date at the top of this page changes with them. For questions about your information,
          write to our <a href={LEGAL_LINKS.popia}>information officer</a>.
        </p>
      </Section>
    </LegalLayout>
  );
}
