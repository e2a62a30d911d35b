export interface ToastInput {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
}
export const TOAST_EVENT = 'pw:toast';

/** Raise a toast from any island; the toaster in islands/app.ts shows it. */
export function toast(t: ToastInput) {
  document.dispatchEvent(new CustomEvent(TOAST_EVENT, { detail: t }));
}
