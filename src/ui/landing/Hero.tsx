import type { ReactNode } from 'react';
import { Icon } from '../components';
import { FIGURES } from './figures';
import { Amount, type CtaProps } from './parts';

const { label, uif, chat } = FIGURES;

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

/* Figures are joined into their sentence (one text node each), so the markup matches the copy as it was typed. */
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
          {`How much UIF do I deduct for an employee earning ${chat.salary} a month?`}
        </ChatBubble>
        <ChatBubble role="assistant" time="09:14">
          <p>
            UIF is <strong>{`${uif.totalRate} in total`}</strong>: <strong>{`${uif.employeeRate} from the employee`}</strong> and{' '}
            <strong>{`${uif.employerRate} from the employer`}</strong>
            {', on pay up to the monthly ceiling of '}
            <Amount>{chat.ceiling}</Amount>.
          </p>
          <p className="mt-2">
            {`${chat.salary} is above the ceiling, so each side pays ${uif.employeeRate} × `}
            <Amount>{chat.ceiling}</Amount> = <strong>{chat.employee}</strong>. That is the maximum:{' '}
            <strong>{`${chat.combined} combined`}</strong>, paid to SARS on the EMP201.
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

const promises = ['No credit card required', 'R80 a month after the trial', 'Cancel anytime'];

export function Hero({ ctaHref, signedIn }: CtaProps) {
  return (
    <section id="home" aria-labelledby="hero-heading" className="scroll-mt-16 bg-gradient-to-b from-primary-soft to-white">
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 py-14 sm:px-6 sm:py-20 lg:grid-cols-2 lg:gap-16 lg:py-24">
        <div>
          <p className="badge bg-white text-primary ring-1 ring-emerald-200">{`Updated for the ${label} tax year`}</p>
          <h1 id="hero-heading" className="mt-5 text-4xl font-extrabold tracking-tight text-balance sm:text-5xl">
            South African payroll answers, <span className="text-primary">exact to the cent</span>
          </h1>
          <p className="mt-5 max-w-xl text-lg text-muted-foreground text-pretty">
            Ask about PAYE, UIF, SDL, ETI, leave or filing deadlines in plain language. PayeWise works out the figure, shows every step and
            points you to the knowledge-base article behind it.
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
            {promises.map((t) => (
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
