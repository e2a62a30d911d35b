import { Icon } from '../components';
import { SectionIntro, type CtaProps } from './parts';

const planBenefits = [
  'Unlimited assistant access',
  'Chat history saved',
  'No per-user fees',
  'Full knowledge base and calculators',
  'Cancel anytime',
];

export function Pricing({ ctaHref, signedIn }: CtaProps) {
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
