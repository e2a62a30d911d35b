import { Icon, Logo } from '../components';
import { SIGN_UP } from './parts';

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

export function SiteHeader({ signedIn }: { signedIn: boolean }) {
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
          <nav
            aria-label="Page sections"
            className="absolute left-0 top-full z-40 mt-2 w-48 rounded-md border border-border bg-white p-1 shadow-lg"
          >
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
