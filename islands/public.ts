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
