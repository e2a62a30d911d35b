import { Hono } from 'hono';
import type { AppEnv } from '../../src/http/context';
import { requireUser } from '../../src/http/guard';
import { Island } from '../../src/ui/island';
import { renderApp } from '../../src/http/render';
import ProfileForms from '../../islands/ProfileForms';

// The signed-in user's own account.
export const accountPages = new Hono<AppEnv>().get('/profile', requireUser, (c) => {
  const u = c.get('user')!;
  return renderApp(
    c,
    { title: 'Profile Settings' },
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold">Profile Settings</h1>
        <p className="text-muted-foreground">Manage your account details, your security and your data.</p>
      </div>
      <Island name="ProfileForms" component={ProfileForms} props={{ user: { username: u.username, email: u.email } }} />
    </div>,
  );
});
