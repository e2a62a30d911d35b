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

export const USER_CHANGED_EVENT = 'pw:user';

/** Tells everything on the page that shows the signed-in user (the avatar, the user menu) that it changed. */
export function userChanged(user: { username: string; email: string | null }) {
  document.dispatchEvent(new CustomEvent(USER_CHANGED_EVENT, { detail: user }));
}
