import { urlOf } from './api';
import { API } from './endpoints';
import { initials, userMenuLabel } from '../src/users/display';
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

// Below 1024 px the sidebar is a drawer: closed, it is inert (no Tab stops on links out of view); open, the page
// behind it is inert, so focus stays in the drawer until it closes and goes back to the menu button.
const sidebar = document.getElementById('sidebar');
const backdrop = document.getElementById('sidebar-backdrop');
const menuButton = document.getElementById('mobile-menu-button');
const wide = matchMedia('(min-width: 1024px)');
const behind = () =>
  [...(sidebar?.parentElement?.children ?? [])].filter(
    (el): el is HTMLElement => el !== sidebar && el !== backdrop && el.id !== 'pw-toast-region',
  );
const setSidebar = (open: boolean, returnFocus = true) => {
  if (!sidebar) return;
  const drawer = !wide.matches;
  sidebar.classList.toggle('max-lg:-translate-x-full', !open);
  backdrop?.toggleAttribute('hidden', !open);
  menuButton?.setAttribute('aria-expanded', String(open));
  sidebar.inert = drawer && !open;
  for (const el of behind()) el.inert = drawer && open;
  if (open) sidebar.querySelector<HTMLElement>('a')?.focus();
  else if (drawer && returnFocus) menuButton?.focus();
};
setSidebar(false, false);
wide.addEventListener('change', () => setSidebar(false, false));
menuButton?.addEventListener('click', () => setSidebar(true));
backdrop?.addEventListener('click', () => setSidebar(false));
document.getElementById('sidebar-close')?.addEventListener('click', () => setSidebar(false));
document.addEventListener('keydown', (e) => {
  if (e.key === 'Escape' && backdrop && !backdrop.hidden) setSidebar(false);
});
// Tab past the drawer's last control comes round to its first (and Shift+Tab the other way).
sidebar?.addEventListener('keydown', (e) => {
  if (e.key !== 'Tab' || !backdrop || backdrop.hidden) return;
  const stops = [...sidebar.querySelectorAll<HTMLElement>('a[href],button:not([disabled])')].filter((el) => el.offsetParent !== null);
  const [first, last] = [stops[0], stops.at(-1)];
  if (e.shiftKey ? document.activeElement === first : document.activeElement === last) {
    e.preventDefault();
    (e.shiftKey ? last : first)?.focus();
  }
});

// Sign out from the user menu: POST, then back to the landing page.
document.querySelectorAll<HTMLElement>('[data-action="logout"]').forEach((el) =>
  el.addEventListener('click', async () => {
    const res = await fetch(urlOf(API.logout), { method: API.logout.method, credentials: 'include' });
    if (res.ok) {
      sessionStorage.setItem('pw:toast', JSON.stringify({ title: 'Logged out', description: 'You have been logged out successfully.' }));
      window.location.href = '/';
    } else {
      document.dispatchEvent(
        new CustomEvent('pw:toast', {
          detail: { title: 'Logout failed', description: `${res.status}: ${await res.text()}`, variant: 'destructive' },
        }),
      );
    }
  }),
);
