import { Hono } from 'hono';
import type { AppEnv } from '../../src/http/context';
import { renderDocument } from '../../src/ui/document';
import { cachedHtml, renderPublic } from '../../src/ui/page';
import { LandingPage } from '../../src/ui/landing/LandingPage';
import { AuthPage } from '../../src/ui/AuthPage';

const LANDING = {
  title: 'PayeWise',
  description: 'South African payroll answers for 2026/27: PAYE, UIF, SDL, ETI and leave, exact to the cent. 7-day free trial, then R80/month.',
};

const anonymousLanding = cachedHtml((c) => renderDocument(c.var.services.assets, { ...LANDING, entries: ['public'] }, <LandingPage signedIn={false} />));

export const publicPages = new Hono<AppEnv>()
  .get('/', (c) => {
    const assets = c.var.services.assets;
    if (c.var.user) {
      c.header('Cache-Control', 'private, no-store');
      return c.html(renderDocument(assets, { ...LANDING, entries: ['public'] }, <LandingPage signedIn />));
    }
    return anonymousLanding(c);
  })
  .get('/auth', (c) => {
    if (c.var.user) return c.redirect('/', 302);
    const demo = c.var.services.config.demoAccounts;
    return renderPublic(c, { title: 'Sign in', entries: ['public'] }, <AuthPage demo={demo} />);
  });
