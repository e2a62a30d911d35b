import { TOAST_DISMISS_EVENT, TOAST_EVENT, type ToastInput } from './toast';

// Spec §9: one toast at a time, 5000 ms, swipe right (50 px) to dismiss, F8 focuses the region.
const DURATION = 5000;
const SWIPE = 50;

export function startToaster(doc: Document = document) {
  const region = doc.getElementById('pw-toasts');
  const section = doc.getElementById('pw-toast-region');
  if (!region || !section) return;
  const home = section.parentElement!;
  let timer: ReturnType<typeof setTimeout> | undefined;

  // An open modal dialog sits in the top layer and makes the rest of the page inert: a toast raised then goes
  // into the dialog, above its backdrop and operable, and comes home when the dialog closes.
  const place = () => {
    const parent = doc.querySelector('dialog:modal') ?? home;
    if (section.parentElement !== parent) parent.append(section);
  };
  doc.addEventListener('close', () => section.parentElement !== home && home.append(section), true);

  const dismiss = (li: HTMLElement) => {
    clearTimeout(timer);
    li.remove();
  };

  const show = (t: ToastInput) => {
    if (!t || typeof t.title !== 'string') return;
    place();
    region.replaceChildren();
    clearTimeout(timer);
    const li = doc.createElement('li');
    const destructive = t.variant === 'destructive';
    li.setAttribute('role', destructive ? 'alert' : 'status');
    li.dataset.variant = destructive ? 'destructive' : 'default';
    li.className =
      'toast-enter pointer-events-auto relative flex w-full items-start gap-3 rounded-md border p-4 pr-8 shadow-lg touch-pan-y ' +
      (destructive ? 'border-red-700 bg-destructive text-destructive-foreground' : 'border-border bg-white text-foreground');
    const body = doc.createElement('div');
    const title = doc.createElement('div');
    title.className = 'text-sm font-semibold';
    title.textContent = t.title;
    body.append(title);
    if (t.description) {
      const d = doc.createElement('div');
      d.className = 'text-sm opacity-90';
      d.textContent = t.description;
      body.append(d);
    }
    const close = doc.createElement('button');
    close.type = 'button';
    close.className = 'absolute right-2 top-2 rounded p-1 opacity-70 hover:opacity-100';
    close.setAttribute('aria-label', 'Close');
    close.textContent = '×';
    close.addEventListener('click', () => dismiss(li));
    li.append(body, close);

    let startX: number | null = null;
    li.addEventListener('pointerdown', (e) => {
      startX = e.clientX;
    });
    li.addEventListener('pointermove', (e) => {
      if (startX === null) return;
      const dx = Math.max(0, e.clientX - startX);
      li.style.transform = `translateX(${dx}px)`;
    });
    const end = (e: PointerEvent) => {
      if (startX === null) return;
      const dx = e.clientX - startX;
      startX = null;
      if (dx > SWIPE) dismiss(li);
      else li.style.transform = '';
    };
    li.addEventListener('pointerup', end);
    li.addEventListener('pointercancel', () => {
      startX = null;
      li.style.transform = '';
    });
    li.addEventListener('mouseenter', () => clearTimeout(timer));
    li.addEventListener('mouseleave', () => (timer = setTimeout(() => dismiss(li), DURATION)));

    region.append(li);
    timer = setTimeout(() => dismiss(li), DURATION);
  };

  doc.addEventListener(TOAST_EVENT, (e) => {
    const d = (e as CustomEvent).detail;
    show(d && typeof d.title !== 'string' && d.value ? d.value : d);
  });
  doc.addEventListener(TOAST_DISMISS_EVENT, () => {
    for (const li of region.querySelectorAll<HTMLElement>('li[data-variant="destructive"]')) dismiss(li);
  });
  doc.addEventListener('keydown', (e) => {
    if (e.key === 'F8') {
      e.preventDefault();
      region.focus();
    }
  });
  // A toast carried over a full-page navigation (e.g. after login).
  try {
    const pending = sessionStorage.getItem('pw:toast');
    if (pending) {
      sessionStorage.removeItem('pw:toast');
      show(JSON.parse(pending));
    }
  } catch {
    /* storage unavailable */
  }
}

/** Shows the toast on the next page load (for flows that navigate away). */
export function toastAfterNavigation(t: ToastInput) {
  try {
    sessionStorage.setItem('pw:toast', JSON.stringify(t));
  } catch {
    /* ignore */
  }
}
