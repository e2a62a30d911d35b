import { Hono } from 'hono';
import type { AppEnv } from '../../src/http/context';
import { renderDocument } from '../../src/ui/document';
import { cachedHtml, renderPublic } from '../../src/http/render';
import { LandingPage } from '../../src/ui/landing/LandingPage';
import { AuthPage } from '../../src/ui/AuthPage';
import { authTabOf } from '../../src/schemas/auth';
import { PrivacyPage } from '../../src/ui/legal/PrivacyPage';
import { TermsPage } from '../../src/ui/legal/TermsPage';

const LANDING = {
  title: 'PayeWise',
  description:
    'South African payroll answers for 2026/27: PAYE, UIF, SDL, ETI and leave, exact to the cent. 7-day free trial, then R80/month.',
};

// The legal pages are the same for everyone: rendered once per app from its configuration.
const privacyPage = cachedHtml((c) => {
  const { config } = c.get('services');
  return renderDocument(
    c.get('services').assets,
    {
      title: 'Privacy notice',
      description: 'What PayeWise keeps about you, why and for how long, who else handles it, and how to get a copy or delete it.',
    },
    <PrivacyPage officer={config.informationOfficer} externalModel={!!config.ai} smtp={!!config.mail.smtpUrl} />,
  );
});
const termsPage = cachedHtml((c) =>
  renderDocument(
    c.get('services').assets,
    { title: 'Terms of Service', description: 'The PayeWise service, its trial and price, cancelling, and acceptable use.' },
    <TermsPage />,
  ),
);

const anonymousLanding = cachedHtml((c) =>
  renderDocument(c.get('services').assets, { ...LANDING, entries: ['public'] }, <LandingPage signedIn={false} />),
);

export const publicPages = new Hono<AppEnv>()
  .get('/', (c) => {
    if (!c.get('user')) return anonymousLanding(c);
    c.header('Cache-Control', 'private, no-store');
    return c.html(renderDocument(c.get('services').assets, { ...LANDING, entries: ['public'] }, <LandingPage signedIn />));
  })
  .get('/privacy', (c) => privacyPage(c))
  .get('/terms', (c) => termsPage(c))
  .get('/auth', (c) => {
    if (c.get('user')) return c.redirect('/', 302);
    return renderPublic(
      c,
      { title: 'Sign in', entries: ['public'] },
      <AuthPage demo={c.get('services').config.demoAccounts} tab={authTabOf(c.req.query('tab'))} />,
    );
  });
