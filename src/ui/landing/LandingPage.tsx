import { ToastRegion } from '../components';
import { Faq } from './Faq';
import { Features } from './Features';
import { FinalCta } from './FinalCta';
import { FloatingSignup } from './FloatingSignup';
import { Hero } from './Hero';
import { SIGN_UP } from './parts';
import { Pricing } from './Pricing';
import { SiteFooter } from './SiteFooter';
import { SiteHeader } from './SiteHeader';
import { TaxUpdatesBanner } from './TaxUpdates';
import { Testimonials } from './Testimonials';
import { UifPaye } from './UifPaye';

/*
 * The public landing page (/). Server-rendered only: no hooks, no state, no client React.
 * The FAQ uses native <details>; the floating sign-up bar is revealed by islands/public.ts.
 * One file per section; every tax figure comes from the payroll engine's tables (src/payroll/years, tax year 2027 =
 * 2026/27), read and formatted in figures.ts.
 */
export function LandingPage({ signedIn }: { signedIn: boolean }) {
  const ctaHref = signedIn ? '/chat' : SIGN_UP;
  return (
    <div className="flex min-h-screen flex-col bg-white">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded-md focus:bg-white focus:p-2"
      >
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
