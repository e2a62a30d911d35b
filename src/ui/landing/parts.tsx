import type { ReactNode } from 'react';
import { authUrl } from '../../schemas/auth';

/** Building blocks the landing page's sections share. */

export const SIGN_UP = authUrl('register');

/** Where a call to action leads, and whether the visitor is signed in. */
export interface CtaProps {
  ctaHref: string;
  signedIn: boolean;
}

/** Keeps an amount such as "R2 115.00" on one line. */
export function Amount({ children }: { children: ReactNode }) {
  return <span className="whitespace-nowrap">{children}</span>;
}

export function SectionIntro({ id, eyebrow, title, children }: { id: string; eyebrow: string; title: string; children?: ReactNode }) {
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
