import type { AppContext } from '../http/context';
import { TOAST_EVENT, type ToastInput } from '../../islands/toast';

/** Raises a toast from an htmx response: htmx fires the HX-Trigger event and the toaster shows it. */
export function hxToast(c: AppContext, toast: ToastInput) {
  c.header('HX-Trigger', JSON.stringify({ [TOAST_EVENT]: toast }));
}
