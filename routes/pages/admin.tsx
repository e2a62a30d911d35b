import { Hono } from 'hono';
import type { AppEnv } from '../../src/http/context';
import { requireAdmin } from '../../src/http/guard';
import { renderApp } from '../../src/http/render';
import { USERS_PAGE_SIZE } from '../../src/schemas/users';
import { InsightsPage } from '../../src/ui/admin/InsightsPage';
import { UserManagementPage } from '../../src/ui/admin/UserManagementPage';

// Admin screens: the spec's /user-management, and the insights beyond the spec (their views: src/ui/admin/).

export const adminPages = new Hono<AppEnv>()
  // The spec: non-admins are silently sent home.
  .get('/user-management', requireAdmin({ denied: 'home' }), async (c) => {
    const initial = await c.get('services').users.pageOf({ pageSize: USERS_PAGE_SIZE });
    return renderApp(
      c,
      { title: 'User Management' },
      <UserManagementPage initial={initial} currentUserId={c.get('user')!.id} now={c.get('services').clock().toISOString()} />,
    );
  })
  .get('/admin/insights', requireAdmin({ denied: 'page' }), async (c) =>
    renderApp(c, { title: 'Insights' }, <InsightsPage r={await c.get('services').insights.report()} />),
  );
