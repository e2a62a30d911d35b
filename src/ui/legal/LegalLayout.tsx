import type { ReactNode } from 'react';
import { Logo } from '../components';
import { LEGAL_LINKS, LEGAL_UPDATED } from './texts';

/**
 * /privacy and /terms: a plain reading page, the same for everyone (rendered once per app, like the anonymous
 * landing page), so it links to the landing page and sign-in rather than depending on who is looking.
 */
export function LegalLayout({
  title,
  intro,
  contents,
  children,
}: {
  title: string;
  intro: ReactNode;
  contents: { id: string; label: string }[];
  children: ReactNode;
}) {
  return (
    <div className="flex min-h-screen flex-col bg-white">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded-md focus:bg-white focus:p-2"
      >
        Skip to content
      </a>
      <header className="border-b border-border">
        <div className="mx-auto flex h-16 max-w-3xl items-center justify-between gap-3 px-4 sm:px-6">
          <a href="/" aria-label="PayeWise home" className="rounded-md text-lg">
            <Logo />
          </a>
          <a href="/auth" className="btn btn-ghost btn-sm">
            Log In
          </a>
        </div>
      </header>
      <main id="main" className="flex-1 px-4 py-10 sm:px-6">
        <article className="prose-pw mx-auto max-w-3xl">
          <h1 className="!mt-0 text-3xl">{title}</h1>
          <p className="text-sm text-muted-foreground">Last updated {LEGAL_UPDATED}</p>
          {intro}
          <nav aria-label="On this page" className="my-6 rounded-lg border border-border bg-slate-50 px-4 py-3 text-sm">
            <p className="!my-1 font-semibold">On this page</p>
            <ul className="!my-1 columns-1 sm:columns-2">
              {contents.map((c) => (
                <li key={c.id}>
                  <a href={`#${c.id}`}>{c.label}</a>
                </li>
              ))}
            </ul>
          </nav>
          {children}
        </article>
      </main>
      <footer className="border-t border-border bg-slate-50 px-4 py-6 text-sm text-muted-foreground sm:px-6">
        <nav aria-label="Legal" className="mx-auto flex max-w-3xl flex-wrap gap-x-6 gap-y-2">
          <a href="/" className="hover:text-primary hover:underline">
            Home
          </a>
          <a href={LEGAL_LINKS.terms} className="hover:text-primary hover:underline">
            Terms of Service
          </a>
          <a href={LEGAL_LINKS.privacy} className="hover:text-primary hover:underline">
            Privacy Policy
          </a>
          <a href={LEGAL_LINKS.popia} className="hover:text-primary hover:underline">
            POPIA notice
          </a>
        </nav>
      </footer>
    </div>
  );
}

/** A section with an anchor the contents list and other pages link to. */
export function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className="scroll-mt-4">
      <h2 id={`${id}-heading`}>{title}</h2>
      {children}
    </section>
  );
}
