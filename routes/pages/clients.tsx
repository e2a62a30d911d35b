import { Hono } from 'hono';
import type { AppEnv } from '../../src/http/context';
import { requireUser } from '../../src/http/guard';
import { renderApp } from '../../src/http/render';
import { Island } from '../../src/ui/island';
import Clients from '../../islands/Clients';

// /clients (issue 27): the user's client companies, kept through /api/clients by the Clients island.
export const clientPages = new Hono<AppEnv>().get('/clients', requireUser, (c) =>
  renderApp(
    c,
    { title: 'Client companies' },
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold">Client companies</h1>
        <p className="text-muted-foreground">
          The employers whose payroll you keep. Pick one above the question in a{' '}
          <a href="/chat?new=1" className="underline">
            new chat
          </a>{' '}
          and the assistant uses its facts (SDL, pay frequency, ETI) in every answer.
        </p>
      </div>
      <Island name="Clients" component={Clients} props={{}} />
    </div>,
  ),
);
