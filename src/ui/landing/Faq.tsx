import type { ReactNode } from 'react';
import { FIGURES as F } from './figures';
import { LandingIcon } from './icons';
import { SectionIntro } from './parts';

const dataSafe = (
  <>
    We handle personal information with the Protection of Personal Information Act (POPIA) in mind. We keep what the service needs: your
    account details, your chat history and the checks you choose to save. Passwords are stored as one-way hashes, card details are entered
    on PayFast and never reach us, and from your profile you can download your data or delete your account at any time (payment records the
    law requires are kept, unlinked from you). You do not need to enter employee names or ID numbers to get an answer. The{' '}
    <a href="/privacy">privacy notice</a> has the details.
  </>
);

/** One question a line: [question, answer]. */
const faqs: [q: string, a: ReactNode][] = [
  [
    'What happens after the 7-day free trial?',
    'Your account stays active with limited access: the knowledge base and calculators stay open and the assistant allows 5 messages a day. Subscribe for R80 a month whenever you like to get unlimited assistant access again. Nothing is charged unless you subscribe: the trial never asks for a card.',
  ],
  [
    'Which tax year figures does PayeWise use?',
    `The ${F.label} tax year (${F.start} to ${F.end}, which SARS calls the ${F.taxYear} year of assessment), with the tables, rebates and medical credits from the Budget of 25 February 2026 and the national minimum wage from ${F.minimumWageFrom}. UIF uses the current ceiling of ${F.uif.ceiling} a month.`,
  ],
  ['Is my data safe?', dataSafe],
  [
    'Does PayeWise replace a registered tax practitioner?',
    'No. PayeWise gives clear, worked payroll information, but it is not tax or legal advice. Verify important tax and compliance details against SARS and Department of Employment and Labour guidance, and speak to a registered tax practitioner for complex or high-stakes cases.',
  ],
  [
    'How does billing work?',
    'The plan costs R80 per month and is billed monthly through PayFast, a South African payment gateway. You enter your card on PayFast’s secure page; there are no per-user fees and no setup costs. Subscribe during your trial and nothing is charged until the trial ends; after the trial, the first month is charged when you subscribe.',
  ],
  [
    'Can I cancel at any time?',
    'Yes. Cancel from the Subscription page whenever you like. You keep full access until the end of the month you have paid for, and after that your account continues with limited access.',
  ],
  [
    'Do I need a credit card to start?',
    'No. Sign up with a username and password and the 7-day trial starts straight away, with full access.',
  ],
];

export function Faq() {
  return (
    <section id="faq" aria-labelledby="faq-heading" className="scroll-mt-16 px-4 py-16 sm:px-6 sm:py-24">
      <div className="mx-auto max-w-3xl">
        <SectionIntro id="faq-heading" eyebrow="FAQ" title="Frequently asked questions" />
        <div className="mt-10 divide-y divide-border rounded-lg border border-border bg-white">
          {faqs.map(([q, a]) => (
            <details key={q} className="group px-5 py-1 sm:px-6">
              <summary className="flex cursor-pointer list-none items-center justify-between gap-4 py-4 font-medium [&::-webkit-details-marker]:hidden">
                {q}
                <LandingIcon name="chevron" className="h-5 w-5 shrink-0 text-muted-foreground transition-transform group-open:rotate-180" />
              </summary>
              <p className="pb-5 text-sm leading-relaxed text-muted-foreground">{a}</p>
            </details>
          ))}
        </div>
      </div>
    </section>
  );
}
