import { Logo } from '../components';
import { DISCLAIMER, LEGAL_LINKS } from '../legal/texts';

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

export function SiteFooter({ signedIn }: { signedIn: boolean }) {
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
