import type { ReactNode } from 'react';
import type { User } from '../../../db/schema';
import { billingStateOf, subscriptionView } from '../../billing';
import { formatDate } from '../../lib/sa-time';
import { initials, userMenuLabel } from '../../users';
import { Icon, Logo, ToastRegion } from '../components';

type IconName = Parameters<typeof Icon>[0]['name'];

/** The sidebar's current link: the first one matching the path (the spec lists /knowledge-admin twice for admins). */
function currentLink(path: string) {
  let taken = false;
  return (href: string) => {
    const match = !taken && (path === href || (href !== '/' && path.startsWith(href + '/')));
    if (match) taken = true;
    return match;
  };
}

function NavLink({
  href,
  icon,
  children,
  current,
}: {
  href: string;
  icon: IconName;
  children: ReactNode;
  current: (href: string) => boolean;
}) {
  const active = current(href);
  return (
    <a
      href={href}
      aria-current={active ? 'page' : undefined}
      className={`flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium ${active ? 'bg-primary-soft text-primary' : 'text-slate-700 hover:bg-muted'}`}
    >
      <Icon name={icon} />
      {children}
    </a>
  );
}

function SubscriptionBox({ user, now }: { user: User; now: Date }) {
  const view = subscriptionView(billingStateOf(user), now);
  const line = (text: string) => <div className="text-muted-foreground">{text}</div>;
  return (
    <div className="rounded-lg border border-border bg-muted/60 p-3 text-sm" data-testid="subscription-box">
      {view.phase === 'active' ? (
        <>
          <div className="font-semibold text-green-800">Subscription Active</div>
          {view.nextBillingDate && line(`Next billing: ${formatDate(view.nextBillingDate)}`)}
        </>
      ) : view.phase === 'trial' ? (
        <>
          <div className="flex items-center justify-between gap-2">
            <span className="font-semibold text-blue-800">Trial Active</span>
            <span className="badge bg-blue-100 text-blue-800" data-testid="trial-days-left">
              {view.daysLeft} days left
            </span>
          </div>
          {view.trialEndDate && line(`Trial ends: ${formatDate(view.trialEndDate)}`)}
        </>
      ) : view.phase === 'trial-ended' ? (
        <>
          <div className="font-semibold">Trial ended</div>
          {line('Limited access: 5 assistant questions a day.')}
        </>
      ) : view.phase === 'canceled' ? (
        <>
          <div className="font-semibold text-red-800">Subscription Canceled</div>
          {view.access === 'full' && view.paidThrough
            ? line(`Access until: ${formatDate(view.paidThrough)}`)
            : line('Limited access: 5 assistant questions a day.')}
        </>
      ) : (
        <>
          <div className="font-semibold">{view.phase === 'pending' ? 'Payment Pending' : 'No active subscription'}</div>
          {view.access === 'limited' && line('Limited access: 5 assistant questions a day.')}
        </>
      )}
      {view.phase !== 'active' && (
        <a href="/subscription" className="btn btn-primary btn-sm mt-2 w-full">
          Upgrade Now
        </a>
      )}
    </div>
  );
}

export function AppShell({ user, path, now, children }: { user: User; path: string; now: Date; children: ReactNode }) {
  const current = currentLink(path);
  return (
    <div className="min-h-screen bg-slate-50">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:z-50 focus:bg-white focus:p-2">
        Skip to content
      </a>
      <div id="sidebar-backdrop" hidden className="fixed inset-0 z-30 bg-black/40 lg:hidden" />
      <aside
        id="sidebar"
        aria-label="Sidebar"
        className="fixed inset-y-0 left-0 z-40 flex w-64 flex-col gap-4 overflow-y-auto border-r border-border bg-white p-4 transition-transform max-lg:-translate-x-full"
      >
        <div className="flex items-center justify-between">
          <a href="/" aria-label="PayeWise home">
            <Logo />
          </a>
          <button id="sidebar-close" type="button" className="btn btn-ghost btn-sm lg:hidden" aria-label="Close menu">
            <Icon name="x" />
          </button>
        </div>
        <SubscriptionBox user={user} now={now} />
        <nav aria-label="Main" className="flex flex-col gap-1">
          <NavLink href="/chat" icon="chat" current={current}>
            Chat
          </NavLink>
          <NavLink href="/calculators" icon="calc" current={current}>
            Calculators
          </NavLink>
          <NavLink href="/calendar" icon="calendar" current={current}>
            Calendar
          </NavLink>
          <NavLink href="/clients" icon="building" current={current}>
            Clients
          </NavLink>
          <NavLink href="/subscription" icon="card" current={current}>
            Subscription
          </NavLink>
          <NavLink href="/knowledge" icon="book" current={current}>
            Knowledge Base
          </NavLink>
          {user.isAdmin && (
            <NavLink href="/knowledge-admin" icon="edit" current={current}>
              Manage Knowledge
            </NavLink>
          )}
        </nav>
        <div>
          <h2 className="px-3 pb-1 text-xs font-semibold uppercase tracking-wide text-muted-foreground">Account</h2>
          <nav aria-label="Account" className="flex flex-col gap-1">
            <NavLink href="/profile" icon="user" current={current}>
              Profile
            </NavLink>
          </nav>
        </div>
        {user.isAdmin && (
          <div>
            <h2 className="px-3 pb-1 text-xs font-semibold uppercase tracking-wide text-muted-foreground">Admin</h2>
            <nav aria-label="Admin" className="flex flex-col gap-1">
              <NavLink href="/knowledge-admin" icon="book" current={current}>
                Knowledge Base
              </NavLink>
              <NavLink href="/user-management" icon="users" current={current}>
                User Management
              </NavLink>
              <NavLink href="/admin/insights" icon="chart" current={current}>
                Insights
              </NavLink>
              <NavLink href="/admin/audit" icon="check" current={current}>
                Audit Log
              </NavLink>
            </nav>
          </div>
        )}
      </aside>
      <div className="lg:pl-64">
        <header className="sticky top-0 z-20 flex h-14 items-center gap-2 border-b border-border bg-white px-4">
          <button
            id="mobile-menu-button"
            type="button"
            className="btn btn-ghost btn-sm lg:hidden"
            aria-label="Open menu"
            aria-controls="sidebar"
            aria-expanded="false"
          >
            <Icon name="menu" className="h-5 w-5" />
          </button>
          <a href="/" className="lg:hidden" aria-label="PayeWise home">
            <Logo />
          </a>
          <nav aria-label="Top" className="hidden items-center gap-1 sm:flex">
            <a className="btn btn-ghost btn-sm" href="/chat">
              Chat
            </a>
            <a className="btn btn-ghost btn-sm" href="/knowledge">
              Knowledge Base
            </a>
            <a className="btn btn-ghost btn-sm" href="/calculators">
              Calculators
            </a>
            <a className="btn btn-ghost btn-sm" href="/calendar">
              Calendar
            </a>
            <a className="btn btn-ghost btn-sm" href="/subscription">
              Subscription
            </a>
          </nav>
          <div className="relative ml-auto">
            <button
              id="user-menu-button"
              type="button"
              className="flex h-9 w-9 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground"
              aria-haspopup="menu"
              aria-expanded="false"
              aria-controls="user-menu"
              aria-label={userMenuLabel(user.username)}
            >
              <span data-testid="avatar">{initials(user.username)}</span>
            </button>
            <div
              id="user-menu"
              role="menu"
              hidden
              className="absolute right-0 mt-2 w-52 rounded-md border border-border bg-white p-1 shadow-lg"
            >
              <div className="px-3 py-2 text-sm">
                <div className="font-medium" data-user="username">
                  {user.username}
                </div>
                <div className="truncate text-muted-foreground" data-user="email" hidden={!user.email}>
                  {user.email}
                </div>
              </div>
              <hr className="my-1 border-border" />
              <a role="menuitem" href="/profile" className="block rounded px-3 py-2 text-sm hover:bg-muted">
                Your Profile
              </a>
              <a role="menuitem" href="/subscription" className="block rounded px-3 py-2 text-sm hover:bg-muted">
                Subscription
              </a>
              <button
                role="menuitem"
                type="button"
                data-action="logout"
                className="block w-full rounded px-3 py-2 text-left text-sm hover:bg-muted"
              >
                Sign out
              </button>
            </div>
          </div>
        </header>
        <main id="main" className="mx-auto max-w-6xl p-4 sm:p-6">
          {children}
        </main>
      </div>
      <ToastRegion />
    </div>
  );
}
