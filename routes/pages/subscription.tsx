import { Hono } from 'hono';
import type { AppEnv } from '../../src/http/context';
import { requireUser } from '../../src/http/guard';
import { renderApp } from '../../src/http/render';
import { Island } from '../../src/ui/island';
import Subscription from '../../islands/Subscription';

// The plan, its status and payments; the island subscribes, cancels, and waits for PayFast's confirmation.
export const subscriptionPages = new Hono<AppEnv>().get('/subscription', requireUser, async (c) => {
  const { billing } = c.get('services');
  const user = c.get('user')!;
  const [status, payments] = await Promise.all([billing.status(user), billing.payments(user.id)]);
  const back = c.req.query('checkout');
  return renderApp(
    c,
    { title: 'Subscription' },
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold">Subscription</h1>
        <p className="text-muted-foreground">Your PayeWise plan, its status and your payments.</p>
      </div>
      <Island
        name="Subscription"
        component={Subscription}
        props={{ status, payments, checkout: back === 'return' || back === 'cancelled' ? back : null }}
      />
    </div>,
  );
});
