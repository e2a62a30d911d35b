import { startToaster } from './toaster';

// Shared by every signed-in page: the toaster and the menus. No React here; htmx comes with islands/htmx.ts where a page uses it.
startToaster();

function toggle(buttonId: string, panelId: string) {
  const button = document.getElementById(buttonId);
  const panel = document.getElementById(panelId);
  if (!button || !panel) return;
  const set = (open: boolean) => {
    panel.hidden = !open;
    button.setAttribute('aria-expanded', String(open));
    if (open) panel.querySelector<HTMLElement>('a,button')?.focus();
  };
  button.addEventListener('click', (e) => {
    e.stopPropagation();
    set(panel.hidden);
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
toggle('user-menu-button', 'user-menu');

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
