import { Hono } from 'hono';
import type { AppEnv } from '../../src/http/context';
import { requireUser } from '../../src/http/guard';
import { renderApp } from '../../src/http/render';
import { Island } from '../../src/ui/island';
import PayslipCheck from '../../islands/PayslipCheck';

// The payslip checker's page, beside the calculators (issue 26). Registered before the calculators' own
// /calculators/:calc, which would send any other name back to a tab.
export const payslipPages = new Hono<AppEnv>().get('/calculators/payslip-check', requireUser, (c) =>
  renderApp(
    c,
    { title: 'Payslip check' },
    <div className="space-y-6">
      <div>
        <p className="text-sm">
          <a href="/calculators" className="underline">
            Calculators
          </a>
        </p>
        <h1 className="text-2xl font-bold">Payslip check</h1>
        <p className="text-muted-foreground">
          Check a payslip from any payroll system: PAYE, UIF and SDL are recomputed for the tax year of its pay date, and each difference is
          explained.
        </p>
      </div>
      <Island name="PayslipCheck" component={PayslipCheck} props={{}} />
    </div>,
  ),
);
