import { startToaster } from './toaster';

// Public pages ship no React runtime for this: the toaster and the landing page's floating sign-up bar.
startToaster();
const bar = document.getElementById('floating-signup');
if (bar) {
  const update = () => {
    const show = window.scrollY > 50;
    bar.hidden = !show;
  };
  window.addEventListener('scroll', update, { passive: true });
  update();
}

// The landing page's small-screen section menu (<details>): closes once a section is chosen, or on Esc.
const sections = document.getElementById('section-menu') as HTMLDetailsElement | null;
if (sections) {
  sections.addEventListener('click', (e) => {
    if ((e.target as Element).closest('a')) sections.open = false;
  });
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && sections.open) {
      sections.open = false;
      sections.querySelector('summary')?.focus();
    }
  });
}
