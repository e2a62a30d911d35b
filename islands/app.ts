import { initials, userMenuLabel } from '../src/billing/status';
import { USER_CHANGED_EVENT } from './toast';
import { startToaster } from './toaster';

// Shared by every signed-in page: the toaster and the menus. No React here; htmx comes with islands/htmx.ts where a page uses it.
startToaster();

/** A menu button (WAI-ARIA menu button pattern): click, Enter or the arrows open it; arrows, Home and End move; Esc closes. */
function menuButtonPattern(buttonId: string, panelId: string) {
  const button = document.getElementById(buttonId);
  const panel = document.getElementById(panelId);
  if (!button || !panel) return;
  const items = () => [...panel.querySelectorAll<HTMLElement>('[role="menuitem"]')];
  const set = (open: boolean, focus: 'first' | 'last' = 'first') => {
    panel.hidden = !open;
    button.setAttribute('aria-expanded', String(open));
    if (open) (focus === 'first' ? items()[0] : items().at(-1))?.focus();
  };
  button.addEventListener('click', (e) => {
    e.stopPropagation();
    set(panel.hidden);
  });
  button.addEventListener('keydown', (e) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      set(true, e.key === 'ArrowDown' ? 'first' : 'last');
    }
  });
  panel.addEventListener('keydown', (e) => {
    const all = items();
    const at = all.indexOf(document.activeElement as HTMLElement);
    const to = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: all.length - 1 }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    all[(to + all.length) % all.length]?.focus();
  });
  document.addEventListener('click', (e) => {
    if (!panel.hidden && !panel.contains(e.target as Node)) set(false);
  });
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && !panel.hidden) {
      set(false);
      button.focus();
    }
  });
}
menuButtonPattern('user-menu-button', 'user-menu');

// A rename in /profile shows at once everywhere the user is shown.
document.addEventListener(USER_CHANGED_EVENT, (e) => {
  const { username, email } = (e as CustomEvent<{ username: string; email: string | null }>).detail;
  document.querySelectorAll('[data-testid="avatar"]').forEach((el) => (el.textContent = initials(username)));
  document.getElementById('user-menu-button')?.setAttribute('aria-label', userMenuLabel(username));
  document.querySelectorAll<HTMLElement>('[data-user="username"]').forEach((el) => (el.textContent = username));
  document.querySelectorAll<HTMLElement>('[data-user="email"]').forEach((el) => {
    el.textContent = email ?? '';
    el.hidden = !email;
  });
});

// Mobile sidebar: the menu button opens the sidebar as a drawer.
const sidebar = document.getElementById('sidebar');
const backdrop = document.getElementById('sidebar-backdrop');
const menuButton = document.getElementById('mobile-menu-button');
const setSidebar = (open: boolean) => {
  sidebar?.classList.toggle('max-lg:-translate-x-full', !open);
  backdrop?.toggleAttribute('hidden', !open);
  menuButton?.setAttribute('aria-expanded', String(open));
  if (open) sidebar?.querySelector<HTMLElement>('a')?.focus();
};
menuButton?.addEventListener('click', () => setSidebar(true));
backdrop?.addEventListener('click', () => setSidebar(false));
document.getElementById('sidebar-close')?.addEventListener('click', () => setSidebar(false));
document.addEventListener('keydown', (e) => {
  if (e.key === 'Escape' && backdrop && !backdrop.hidden) setSidebar(false);
});

// Sign out from the user menu: POST, then back to the landing page.
document.querySelectorAll<HTMLElement>('[data-action="logout"]').forEach((el) =>
  el.addEventListener('click', async () => {
    const res = await fetch('/api/logout', { method: 'POST', credentials: 'include' });
    if (res.ok) {
      sessionStorage.setItem('pw:toast', JSON.stringify({ title: 'Logged out', description: 'You have been logged out successfully.' }));
      window.location.href = '/';
    } else {
      document.dispatchEvent(new CustomEvent('pw:toast', { detail: { title: 'Logout failed', description: `${res.status}: ${await res.text()}`, variant: 'destructive' } }));
    }
  }),
);
