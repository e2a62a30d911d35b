import { FIGURES } from './figures';
import type { CtaProps } from './parts';

export function FinalCta({ ctaHref, signedIn }: CtaProps) {
  return (
    <section aria-labelledby="cta-heading" className="px-4 pb-16 sm:px-6 sm:pb-24">
      <div className="mx-auto max-w-6xl rounded-2xl bg-primary px-6 py-12 text-center text-primary-foreground sm:px-12 sm:py-16">
        <h2 id="cta-heading" className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">
          Get this month’s payroll right to the cent
        </h2>
        <p className="mx-auto mt-4 max-w-xl text-lg text-emerald-50">
          {signedIn
            ? `Your assistant is ready with the ${FIGURES.label} figures.`
            : '7 days free, no credit card, then R80 a month. Cancel anytime.'}
        </p>
        <a href={ctaHref} className="btn btn-lg mt-8 bg-white text-primary hover:bg-primary-soft">
          {signedIn ? 'Open the assistant' : 'Sign Up Free'}
        </a>
      </div>
    </section>
  );
}
