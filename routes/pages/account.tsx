import { Hono } from 'hono';
import type { AppEnv } from '../../src/http/context';
import { requireAdmin, requireUser } from '../../src/http/guard';
import { Island } from '../../src/ui/island';
import { renderApp } from '../../src/http/render';
import ProfileForms from '../../islands/ProfileForms';

function Stub({ title, text }: { title: string; text: string }) {
  return (
    <div className="space-y-2">
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="text-muted-foreground">{text}</p>
    </div>
  );
}

// Signed-in pages. The later capabilities replace the stubs with their own route modules.
export const accountPages = new Hono<AppEnv>()
  .get('/profile', requireUser, (c) => {
    const u = c.var.user!;
    return renderApp(
      c,
      { title: 'Profile Settings' },
      <div className="space-y-6">
        <div>
          <h1 className="text-2xl font-bold">Profile Settings</h1>
          <p className="text-muted-foreground">Manage your account details and security.</p>
        </div>
        <Island name="ProfileForms" component={ProfileForms} props={{ user: { username: u.username, email: u.email } }} />
      </div>,
    );
  })
  // The spec: non-admins are silently sent home.
  .get('/user-management', requireAdmin({ denied: 'home' }), (c) => renderApp(c, { title: 'User Management' }, <Stub title="User Management" text="Coming soon." />));
