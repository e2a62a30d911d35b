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

export const TOAST_DISMISS_EVENT = 'pw:toast-dismiss';

/** Takes down an error toast that is still up: a step that succeeded makes the error of the step before stale. */
export function dismissErrorToast() {
  document.dispatchEvent(new CustomEvent(TOAST_DISMISS_EVENT));
}
