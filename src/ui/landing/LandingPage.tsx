import type { ReactNode } from 'react';
import { Icon, Logo, ToastRegion } from '../components';
import { LandingIcon, type LandingIconName } from './icons';
import { authUrl } from '../../schemas/auth';
import { DISCLAIMER, LEGAL_LINKS } from '../legal/texts';

const SIGN_UP = authUrl('register');

/*
 * The public landing page (/). Server-rendered only: no hooks, no state, no client React.
 * The FAQ uses native <details>; the floating sign-up bar is revealed by islands/landing.ts.
 * Every tax figure comes from the shared reference sa-payroll-facts.md (tax year 2027 = 2026/27); the tables in src/payroll/years hold them.
 */

type IconName = Parameters<typeof Icon>[0]['name'];

/** Keeps an amount such as "R2 115.00" on one line. */
function Amount({ children }: { children: ReactNode }) {
  return <span className="whitespace-nowrap">{children}</span>;
}

function SectionIntro({ id, eyebrow, title, children }: { id: string; eyebrow: string; title: string; children?: ReactNode }) {
  return (
    <div className="mx-auto max-w-2xl text-center">
      <p className="text-sm font-semibold uppercase tracking-wide text-primary">{eyebrow}</p>
      <h2 id={id} className="mt-2 text-3xl font-bold tracking-tight text-balance sm:text-4xl">
        {title}
      </h2>
      {children && <p className="mt-4 text-lg text-muted-foreground text-pretty">{children}</p>}
    </div>
  );
}

/* ------------------------------------------------------------------ header */

const navLinks = [
  { href: '#home', label: 'Home' },
  { href: '#features', label: 'Features' },
  { href: '#pricing', label: 'Pricing' },
  { href: '#faq', label: 'FAQ' },
];

function SectionLinks({ className }: { className: string }) {
  return navLinks.map((l) => (
    <li key={l.href}>
      <a href={l.href} className={className}>
        {l.label}
      </a>
    </li>
  ));
}

function SiteHeader({ signedIn }: { signedIn: boolean }) {
  return (
    <header className="sticky top-0 z-30 border-b border-border bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/80">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4 sm:px-6">
        <a href="/" aria-label="PayeWise home" className="shrink-0 rounded-md text-lg">
          <Logo />
        </a>
        <nav aria-label="Primary" className="hidden md:block">
          <ul className="flex items-center gap-1">
            <SectionLinks className="rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-muted hover:text-foreground" />
          </ul>
        </nav>
        {/* Below md the sections sit behind a menu: <details> opens and closes without any script. */}
        <details id="section-menu" className="relative md:hidden">
          <summary className="btn btn-ghost btn-sm list-none [&::-webkit-details-marker]:hidden" aria-label="Page sections">
            <Icon name="menu" className="h-5 w-5" />
          </summary>
          <nav aria-label="Page sections" className="absolute left-0 top-full z-40 mt-2 w-48 rounded-md border border-border bg-white p-1 shadow-lg">
            <ul>
              <SectionLinks className="block rounded px-3 py-2 text-sm font-medium text-slate-700 hover:bg-muted" />
              {!signedIn && (
                <li className="border-t border-border sm:hidden">
                  <a href="/auth" className="block rounded px-3 py-2 text-sm font-medium text-slate-700 hover:bg-muted">
                    Log In
                  </a>
                </li>
              )}
            </ul>
          </nav>
        </details>
        <div className="ml-auto flex shrink-0 items-center gap-2 md:ml-0">
          {signedIn ? (
            <a href="/chat" className="btn btn-primary btn-sm sm:h-10 sm:px-4 sm:text-sm">
              Dashboard
            </a>
          ) : (
            <>
              <a href="/auth" className="btn btn-ghost btn-sm max-sm:hidden sm:h-10 sm:px-4 sm:text-sm">
                Log In
              </a>
              <a href={SIGN_UP} className="btn btn-primary btn-sm sm:h-10 sm:px-4 sm:text-sm">
                Sign Up Free
              </a>
            </>
          )}
        </div>
      </div>
    </header>
  );
}

/* -------------------------------------------------------------------- hero */

function ChatBubble({ role, time, children }: { role: 'user' | 'assistant'; time: string; children: ReactNode }) {
  const isUser = role === 'user';
  return (
    <li className={`flex flex-col gap-1 ${isUser ? 'items-end' : 'items-start'}`}>
      <div className="flex items-center gap-2 text-xs text-muted-foreground">
        <span className="font-semibold text-slate-700">{isUser ? 'You' : 'PayeWise Assistant'}</span>
        <span aria-hidden="true">·</span>
        <time>{time}</time>
      </div>
      <div
        className={`max-w-[92%] rounded-2xl px-4 py-3 text-sm leading-relaxed ${
          isUser ? 'rounded-tr-sm bg-primary text-primary-foreground' : 'rounded-tl-sm border border-border bg-white text-foreground'
        }`}
      >
        {children}
      </div>
    </li>
  );
}

function SampleChat() {
  return (
    <figure className="card overflow-hidden shadow-xl shadow-emerald-900/10">
      <div className="flex items-center gap-3 border-b border-border bg-muted px-4 py-3">
        <span className="grid h-8 w-8 place-items-center rounded-full bg-primary text-primary-foreground">
          <Icon name="chat" />
        </span>
        <div>
          <p className="text-sm font-semibold">PayeWise AI Assistant</p>
          <p className="text-xs text-muted-foreground">Sample conversation</p>
        </div>
      </div>
      <ol className="flex flex-col gap-4 bg-slate-50 p-4 sm:p-5" aria-label="Sample chat about UIF">
        <ChatBubble role="user" time="09:14">
          How much UIF do I deduct for an employee earning R20,000 a month?
        </ChatBubble>
        <ChatBubble role="assistant" time="09:14">
          <p>
            UIF is <strong>2% in total</strong>: <strong>1% from the employee</strong> and <strong>1% from the employer</strong>, on pay up to
            the monthly ceiling of <Amount>R17,712</Amount>.
          </p>
          <p className="mt-2">
            R20,000 is above the ceiling, so each side pays 1% × <Amount>R17,712</Amount> = <strong>R177.12</strong>. That is the maximum:{' '}
            <strong>R354.24 combined</strong>, paid to SARS on the EMP201.
          </p>
          <p className="mt-2 text-xs text-muted-foreground">Source: Knowledge Base › UIF contribution ceiling</p>
        </ChatBubble>
      </ol>
      <figcaption className="border-t border-border bg-white px-4 py-2 text-xs text-muted-foreground">
        Illustrative example of an answer. Always verify important tax and compliance details.
      </figcaption>
    </figure>
  );
}

function Hero({ ctaHref, signedIn }: { ctaHref: string; signedIn: boolean }) {
  return (
    <section id="home" aria-labelledby="hero-heading" className="scroll-mt-16 bg-gradient-to-b from-primary-soft to-white">
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 py-14 sm:px-6 sm:py-20 lg:grid-cols-2 lg:gap-16 lg:py-24">
        <div>
          <p className="badge bg-white text-primary ring-1 ring-emerald-200">Updated for the 2026/27 tax year</p>
          <h1 id="hero-heading" className="mt-5 text-4xl font-extrabold tracking-tight text-balance sm:text-5xl">
            South African payroll answers, <span className="text-primary">exact to the cent</span>
          </h1>
          <p className="mt-5 max-w-xl text-lg text-muted-foreground text-pretty">
            Ask about PAYE, UIF, SDL, ETI, leave or filing deadlines in plain language. PayeWise works out the figure, shows every step and points you
            to the knowledge-base article behind it.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <a href={ctaHref} className="btn btn-primary btn-lg">
              {signedIn ? 'Open the assistant' : 'Start your free 7-day trial'}
            </a>
            <a href="#uif-paye" className="btn btn-outline btn-lg">
              See a worked example
            </a>
          </div>
          <ul className="mt-6 flex flex-wrap gap-x-5 gap-y-2 text-sm text-muted-foreground">
            {['No credit card required', 'R80 a month after the trial', 'Cancel anytime'].map((t) => (
              <li key={t} className="flex items-center gap-1.5">
                <Icon name="check" className="h-4 w-4 text-primary" />
                {t}
              </li>
            ))}
          </ul>
        </div>
        <SampleChat />
      </div>
    </section>
  );
}

/* -------------------------------------------------------- tax-updates banner */

const taxUpdates: ReactNode[] = [
  <>Tax brackets and rebates adjusted by about 3.4%, the first inflation adjustment since the 2024 tax year.</>,
  <>
    Tax threshold <Amount>R99 000</Amount> a year under 65 (<Amount>R8 250</Amount> a month); primary rebate <Amount>R17 820</Amount>.
  </>,
  <>
    Medical scheme fees credits of <Amount>R376</Amount> a month for the main member and for the first dependant, <Amount>R254</Amount> for each additional
    dependant.
  </>,
  <>
    Retirement contribution deduction cap up from <Amount>R350 000</Amount> to <Amount>R430 000</Amount> a year.
  </>,
  <>
    National minimum wage of <Amount>R30.23</Amount> an hour from 1 March 2026.
  </>,
];

function TaxUpdatesBanner() {
  return (
    <section aria-labelledby="tax-updates-heading" className="px-4 sm:px-6">
      <div className="mx-auto max-w-6xl rounded-xl border border-amber-200 bg-amber-50 p-6 sm:p-8">
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
          <h2 id="tax-updates-heading" className="text-xl font-bold sm:text-2xl">
            2026/27 tax year updates are in
          </h2>
          <p className="badge w-fit bg-white text-amber-900 ring-1 ring-amber-200">1 March 2026 – 28 February 2027</p>
        </div>
        <p className="mt-2 text-sm text-slate-700">From the Budget of 25 February 2026 and the new minimum wage, built into the assistant, the calculators and the knowledge base.</p>
        <ul className="mt-5 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {taxUpdates.map((item, i) => (
            <li key={i} className="flex gap-2 text-sm text-slate-800">
              <Icon name="check" className="mt-0.5 h-4 w-4 shrink-0 text-amber-700" />
              <span>{item}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

/* ---------------------------------------------------------------- features */

const features: { icon: { kind: 'base'; name: IconName } | { kind: 'extra'; name: LandingIconName }; title: string; body: ReactNode }[] = [
  {
    icon: { kind: 'base', name: 'chat' },
    title: 'AI payroll assistant',
    body: 'Ask in everyday language, such as “PAYE on R28 500 for a 67-year-old with medical aid for three”, and get the figure with the reasoning and a link to the article behind it.',
  },
  {
    icon: { kind: 'base', name: 'calc' },
    title: 'PAYE, UIF, SDL and ETI calculators',
    body: 'Every calculation shows its working line by line: annualised pay, bracket, rebates, medical credits, the UIF ceiling and the ETI table. Rounded to the cent, easy to check.',
  },
  {
    icon: { kind: 'base', name: 'book' },
    title: 'Knowledge base current for 2026/27',
    body: 'Searchable articles on tax tables, UIF, SDL, leave under the BCEA, benefits and employer returns, kept up to date for 1 March 2026 to 28 February 2027.',
  },
  {
    icon: { kind: 'extra', name: 'history' },
    title: 'Chat history saved',
    body: 'Your conversations are kept with your account, so last month’s answer is there when you run this month’s payroll.',
  },
  {
    icon: { kind: 'extra', name: 'calendar' },
    title: 'Compliance calendar',
    body: 'The dates that matter in one place: EMP201 by the 7th of every month, EMP501 interim by 31 October, the annual reconciliation from 1 April to 31 May.',
  },
  {
    icon: { kind: 'extra', name: 'shield' },
    title: 'POPIA-minded data handling',
    body: 'You never need to enter employee names or ID numbers to get an answer. Passwords are hashed, card payments happen on PayFast, and you can download your data or delete your account at any time.',
  },
];

function Features() {
  return (
    <section id="features" aria-labelledby="features-heading" className="scroll-mt-16 px-4 py-16 sm:px-6 sm:py-24">
      <div className="mx-auto max-w-6xl">
        <SectionIntro id="features-heading" eyebrow="Features" title="Everything a small payroll desk needs">
          Built for South African bookkeepers, payroll clerks and business owners who want the right number, and want to see why it is right.
        </SectionIntro>
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {features.map((f) => (
            <li key={f.title} className="card p-6">
              <span className="grid h-10 w-10 place-items-center rounded-lg bg-primary-soft text-primary">
                {f.icon.kind === 'base' ? <Icon name={f.icon.name} className="h-5 w-5" /> : <LandingIcon name={f.icon.name} className="h-5 w-5" />}
              </span>
              <h3 className="mt-4 text-lg font-semibold">{f.title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{f.body}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

/* --------------------------------------------------- featured UIF and PAYE */

const payeRows: { label: string; working?: string; amount: string; emphasis?: 'total' | 'result' }[] = [
  { label: 'Monthly salary', amount: 'R20 000.00' },
  { label: 'Annual equivalent', working: 'R20 000.00 × 12', amount: 'R240 000.00' },
  { label: 'Tax on R240 000', working: '18%, first bracket (up to R245 100)', amount: 'R43 200.00' },
  { label: 'Less primary rebate', working: 'Under 65', amount: '−R17 820.00' },
  { label: 'Annual tax', amount: 'R25 380.00', emphasis: 'total' },
  { label: 'PAYE a month', working: 'R25 380.00 ÷ 12', amount: 'R2 115.00', emphasis: 'result' },
  { label: 'UIF (employee)', working: '1% of the R17 712 ceiling', amount: 'R177.12' },
  { label: 'Net pay', working: 'R20 000.00 − R2 115.00 − R177.12', amount: 'R17 707.88', emphasis: 'result' },
];

function UifPaye() {
  return (
    <section id="uif-paye" aria-labelledby="uif-paye-heading" className="scroll-mt-16 bg-muted px-4 py-16 sm:px-6 sm:py-24">
      <div className="mx-auto max-w-6xl">
        <SectionIntro id="uif-paye-heading" eyebrow="UIF and PAYE" title="The two deductions on every payslip, worked out in full">
          No black boxes: PayeWise shows the same steps a careful payroll clerk would take.
        </SectionIntro>

        <div className="mt-12 grid gap-8 lg:grid-cols-5">
          <div className="flex flex-col gap-6 lg:col-span-2">
            <article className="card p-6">
              <h3 className="text-lg font-semibold">UIF</h3>
              <p className="mt-2 text-sm leading-relaxed text-muted-foreground">
                2% of remuneration up to the ceiling of <Amount>R17 712</Amount> a month: 1% deducted from the employee and 1% paid by the employer.
                Above the ceiling each side pays at most <Amount>R177.12</Amount>, <Amount>R354.24</Amount> combined. Commission is left out, and
                workers employed for less than 24 hours a month by that employer are excluded.
              </p>
            </article>
            <article className="card p-6">
              <h3 className="text-lg font-semibold">PAYE</h3>
              <p className="mt-2 text-sm leading-relaxed text-muted-foreground">
                Annualise the month’s pay, apply the 2026/27 tax table, subtract the age rebates and divide by 12. Medical scheme fees credits come
                off after that, never below zero. Retirement contributions made through payroll reduce the taxable amount first, within the limits
                (at most <Amount>R430 000</Amount> a year).
              </p>
            </article>
            <p className="text-sm text-muted-foreground">
              PAYE, UIF and SDL are declared and paid together on the EMP201, by the 7th of the following month.
            </p>
          </div>

          <div className="card overflow-hidden lg:col-span-3">
            <table className="w-full text-sm">
              <caption className="border-b border-border bg-white px-5 py-4 text-left">
                <span className="block text-base font-semibold text-foreground">Worked example: R20 000 a month, age 35</span>
                <span className="mt-1 block text-muted-foreground">2026/27 tax year, no medical aid or retirement fund contributions</span>
              </caption>
              <thead className="sr-only">
                <tr>
                  <th scope="col">Step</th>
                  <th scope="col">Amount</th>
                </tr>
              </thead>
              <tbody>
                {payeRows.map((row) => (
                  <tr
                    key={row.label}
                    className={`border-b border-border last:border-b-0 ${row.emphasis === 'result' ? 'bg-primary-soft' : row.emphasis === 'total' ? 'bg-slate-50' : ''}`}
                  >
                    <th scope="row" className="px-5 py-3 text-left align-top font-normal">
                      <span className={`block ${row.emphasis ? 'font-semibold text-foreground' : 'font-medium'}`}>{row.label}</span>
                      {row.working && <span className="block text-xs text-muted-foreground">{row.working}</span>}
                    </th>
                    <td
                      className={`whitespace-nowrap px-5 py-3 text-right align-top tabular-nums ${
                        row.emphasis === 'result' ? 'text-base font-bold text-primary' : row.emphasis === 'total' ? 'font-semibold' : ''
                      }`}
                    >
                      {row.amount}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            <p className="border-t border-border bg-white px-5 py-4 text-xs leading-relaxed text-muted-foreground">
              The employer also pays its own UIF of <Amount>R177.12</Amount> and, unless exempt, SDL of 1% (<Amount>R200.00</Amount>).
            </p>
          </div>
        </div>
      </div>
    </section>
  );
}

/* ------------------------------------------------------------ testimonials */

const testimonials = [
  {
    name: 'Thandeka',
    role: 'Freelance bookkeeper',
    city: 'Durban',
    quote: 'I run payroll for a handful of small clients. Instead of rebuilding a spreadsheet every March, I ask, read the working and move on.',
  },
  {
    name: 'Pieter',
    role: 'Owner of a joinery workshop',
    city: 'Paarl',
    quote: 'The UIF ceiling caught me out once. Now I check before I pay, and the answer explains the R177.12 cap in plain language.',
  },
  {
    name: 'Lerato',
    role: 'Payroll clerk',
    city: 'Johannesburg',
    quote: 'When the 2026/27 rebates changed, the new figures were already there. Having the EMP201 and EMP501 dates in one place helps at month-end.',
  },
];

function Testimonials() {
  return (
    <section aria-labelledby="testimonials-heading" className="px-4 py-16 sm:px-6 sm:py-24">
      <div className="mx-auto max-w-6xl">
        <SectionIntro id="testimonials-heading" eyebrow="Who it is for" title="Made for the people who run payroll">
          Illustrative personas: composite examples of the people PayeWise is built for, not quotes from named customers.
        </SectionIntro>
        <ul className="mt-12 grid gap-6 md:grid-cols-3">
          {testimonials.map((t) => (
            <li key={t.name}>
              <figure className="card flex h-full flex-col p-6">
                <blockquote className="flex-1 text-slate-800">
                  <p>“{t.quote}”</p>
                </blockquote>
                <figcaption className="mt-6 flex items-center gap-3">
                  <span aria-hidden="true" className="grid h-10 w-10 shrink-0 place-items-center rounded-full bg-primary-soft font-semibold text-primary">
                    {t.name[0]}
                  </span>
                  <span className="text-sm">
                    <span className="block font-semibold">{t.name}</span>
                    <span className="block text-muted-foreground">
                      {t.role}, {t.city}
                    </span>
                  </span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

/* ----------------------------------------------------------------- pricing */

const planBenefits = [
  'Unlimited assistant access',
  'Chat history saved',
  'No per-user fees',
  'Full knowledge base and calculators',
  'Cancel anytime',
];

function Pricing({ ctaHref, signedIn }: { ctaHref: string; signedIn: boolean }) {
  return (
    <section id="pricing" aria-labelledby="pricing-heading" className="scroll-mt-16 bg-muted px-4 py-16 sm:px-6 sm:py-24">
      <div className="mx-auto max-w-6xl">
        <SectionIntro id="pricing-heading" eyebrow="Pricing" title="One plan, one price">
          Try everything free for 7 days. No credit card required.
        </SectionIntro>
        <div className="mx-auto mt-12 max-w-md">
          <article className="card overflow-hidden border-2 border-primary">
            <div className="p-6 sm:p-8">
              <div className="flex items-center justify-between gap-3">
                <h3 className="text-lg font-semibold">PayeWise Monthly</h3>
                <span className="badge bg-primary-soft text-primary">7-day free trial</span>
              </div>
              <p className="mt-4 flex items-baseline gap-1">
                <span className="text-5xl font-extrabold tracking-tight">R80</span>
                <span className="text-muted-foreground">per month</span>
              </p>
              <p className="mt-2 text-sm text-muted-foreground">Billed monthly through PayFast. No credit card needed for the trial.</p>
              <ul className="mt-6 space-y-3">
                {planBenefits.map((b) => (
                  <li key={b} className="flex items-center gap-3 text-sm">
                    <span className="grid h-5 w-5 shrink-0 place-items-center rounded-full bg-primary text-primary-foreground">
                      <Icon name="check" className="h-3 w-3" />
                    </span>
                    {b}
                  </li>
                ))}
              </ul>
              <a href={ctaHref} className="btn btn-primary btn-lg mt-8 w-full">
                {signedIn ? 'Go to your dashboard' : 'Start free trial'}
              </a>
            </div>
            <p className="border-t border-border bg-slate-50 px-6 py-4 text-sm text-muted-foreground sm:px-8">
              After the trial your account stays active with limited access, so you can subscribe whenever you are ready.
            </p>
          </article>
        </div>
      </div>
    </section>
  );
}

/* --------------------------------------------------------------------- FAQ */

const faqs: { q: string; a: ReactNode }[] = [
  {
    q: 'What happens after the 7-day free trial?',
    a: (
      <>
        Your account stays active with limited access: the knowledge base and calculators stay open and the assistant allows 5 messages a day. Subscribe
        for R80 a month whenever you like to get unlimited assistant access again. Nothing is charged unless you subscribe: the trial never asks for a card.
      </>
    ),
  },
  {
    q: 'Which tax year figures does PayeWise use?',
    a: (
      <>
        The 2026/27 tax year (1 March 2026 to 28 February 2027, which SARS calls the 2027 year of assessment), with the tables, rebates and medical
        credits from the Budget of 25 February 2026 and the national minimum wage from 1 March 2026. UIF uses the current ceiling of R17 712 a month.
      </>
    ),
  },
  {
    q: 'Is my data safe?',
    a: (
      <>
        We handle personal information with the Protection of Personal Information Act (POPIA) in mind. We keep what the service needs: your account
        details, your chat history and the checks you choose to save. Passwords are stored as one-way hashes, card details are entered on PayFast and never
        reach us, and from your profile you can download your data or delete your account at any time (payment records the law requires are kept,
        unlinked from you). You do not need to enter employee names or ID numbers to get an answer. The <a href="/privacy">privacy notice</a> has the
        details.
      </>
    ),
  },
  {
    q: 'Does PayeWise replace a registered tax practitioner?',
    a: (
      <>
        No. PayeWise gives clear, worked payroll information, but it is not tax or legal advice. Verify important tax and compliance details against SARS
        and Department of Employment and Labour guidance, and speak to a registered tax practitioner for complex or high-stakes cases.
      </>
    ),
  },
  {
    q: 'How does billing work?',
    a: (
      <>
        The plan costs R80 per month and is billed monthly through PayFast, a South African payment gateway. You enter your card on PayFast’s secure page;
        there are no per-user fees and no setup costs. Subscribe during your trial and nothing is charged until the trial ends; after the trial, the first
        month is charged when you subscribe.
      </>
    ),
  },
  {
    q: 'Can I cancel at any time?',
    a: (
      <>
        Yes. Cancel from the Subscription page whenever you like. You keep full access until the end of the month you have paid for, and after that your
        account continues with limited access.
      </>
    ),
  },
  {
    q: 'Do I need a credit card to start?',
    a: <>No. Sign up with a username and password and the 7-day trial starts straight away, with full access.</>,
  },
];

function Faq() {
  return (
    <section id="faq" aria-labelledby="faq-heading" className="scroll-mt-16 px-4 py-16 sm:px-6 sm:py-24">
      <div className="mx-auto max-w-3xl">
        <SectionIntro id="faq-heading" eyebrow="FAQ" title="Frequently asked questions" />
        <div className="mt-10 divide-y divide-border rounded-lg border border-border bg-white">
          {faqs.map((f) => (
            <details key={f.q} className="group px-5 py-1 sm:px-6">
              <summary className="flex cursor-pointer list-none items-center justify-between gap-4 py-4 font-medium [&::-webkit-details-marker]:hidden">
                {f.q}
                <LandingIcon name="chevron" className="h-5 w-5 shrink-0 text-muted-foreground transition-transform group-open:rotate-180" />
              </summary>
              <p className="pb-5 text-sm leading-relaxed text-muted-foreground">{f.a}</p>
            </details>
          ))}
        </div>
      </div>
    </section>
  );
}

/* -------------------------------------------------------------- final CTA */

function FinalCta({ ctaHref, signedIn }: { ctaHref: string; signedIn: boolean }) {
  return (
    <section aria-labelledby="cta-heading" className="px-4 pb-16 sm:px-6 sm:pb-24">
      <div className="mx-auto max-w-6xl rounded-2xl bg-primary px-6 py-12 text-center text-primary-foreground sm:px-12 sm:py-16">
        <h2 id="cta-heading" className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">
          Get this month’s payroll right to the cent
        </h2>
        <p className="mx-auto mt-4 max-w-xl text-lg text-emerald-50">
          {signedIn ? 'Your assistant is ready with the 2026/27 figures.' : '7 days free, no credit card, then R80 a month. Cancel anytime.'}
        </p>
        <a href={ctaHref} className="btn btn-lg mt-8 bg-white text-primary hover:bg-primary-soft">
          {signedIn ? 'Open the assistant' : 'Sign Up Free'}
        </a>
      </div>
    </section>
  );
}

/* ------------------------------------------------------------------ footer */

function FooterColumn({ id, title, links }: { id: string; title: string; links: { href: string; label: string }[] }) {
  return (
    <nav aria-labelledby={id}>
      <h2 id={id} className="text-sm font-semibold text-foreground">
        {title}
      </h2>
      <ul className="mt-3 space-y-2 text-sm">
        {links.map((l) => (
          <li key={l.label}>
            <a href={l.href} className="text-muted-foreground hover:text-primary hover:underline">
              {l.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function SiteFooter({ signedIn }: { signedIn: boolean }) {
  return (
    <footer className={`border-t border-border bg-slate-50 px-4 pt-12 sm:px-6 ${signedIn ? 'pb-10' : 'pb-28 sm:pb-24'}`}>
      <div className="mx-auto grid max-w-6xl gap-10 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <Logo className="text-lg" />
          <p className="mt-3 max-w-xs text-sm text-muted-foreground">
            AI payroll answers for South African businesses: PAYE, UIF, SDL, ETI and leave, exact to the cent.
          </p>
        </div>
        <FooterColumn
          id="footer-product"
          title="Product"
          links={[
            { href: '#features', label: 'Features' },
            { href: '#pricing', label: 'Pricing' },
            { href: '#faq', label: 'FAQ' },
            { href: '/knowledge', label: 'Knowledge Base' },
          ]}
        />
        <FooterColumn
          id="footer-legal"
          title="Legal"
          links={[
            { href: LEGAL_LINKS.terms, label: 'Terms of Service' },
            { href: LEGAL_LINKS.privacy, label: 'Privacy Policy' },
            { href: LEGAL_LINKS.popia, label: 'POPIA notice' },
          ]}
        />
        <div>
          <h2 className="text-sm font-semibold text-foreground">Contact</h2>
          <address className="mt-3 space-y-2 text-sm not-italic text-muted-foreground">
            <p>
              <a href="mailto:support@payewise.co.za" className="hover:text-primary hover:underline">
                support@payewise.co.za
              </a>
            </p>
            <p>Cape Town, South Africa</p>
            <p>Monday to Friday, 08:00 – 17:00 (SAST)</p>
          </address>
        </div>
      </div>
      <div className="mx-auto mt-10 max-w-6xl border-t border-border pt-6 text-xs leading-relaxed text-muted-foreground">
        <p>{DISCLAIMER}</p>
        <p className="mt-2">© PayeWise. All rights reserved.</p>
      </div>
    </footer>
  );
}

/* -------------------------------------------------------- floating sign-up */

function FloatingSignup() {
  return (
    <div
      id="floating-signup"
      hidden
      className="fixed inset-x-0 bottom-0 z-40 border-t border-border bg-white/95 shadow-[0_-4px_16px_rgba(15,23,42,0.08)] backdrop-blur"
    >
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-3 px-4 py-3 sm:px-6">
        <p className="text-sm">
          <span className="font-semibold">Try PayeWise free for 7 days.</span>
          <span className="hidden text-muted-foreground sm:inline"> No credit card required.</span>
        </p>
        <a href={SIGN_UP} className="btn btn-primary btn-sm shrink-0 sm:h-10 sm:px-4 sm:text-sm">
          Sign Up Free
        </a>
      </div>
    </div>
  );
}

/* -------------------------------------------------------------------- page */

export function LandingPage({ signedIn }: { signedIn: boolean }) {
  const ctaHref = signedIn ? '/chat' : SIGN_UP;
  return (
    <div className="flex min-h-screen flex-col bg-white">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded-md focus:bg-white focus:p-2">
        Skip to content
      </a>
      <SiteHeader signedIn={signedIn} />
      <main id="main" className="flex-1">
        <Hero ctaHref={ctaHref} signedIn={signedIn} />
        <TaxUpdatesBanner />
        <Features />
        <UifPaye />
        <Testimonials />
        <Pricing ctaHref={ctaHref} signedIn={signedIn} />
        <Faq />
        <FinalCta ctaHref={ctaHref} signedIn={signedIn} />
      </main>
      <SiteFooter signedIn={signedIn} />
      {!signedIn && <FloatingSignup />}
      <ToastRegion />
    </div>
  );
}
