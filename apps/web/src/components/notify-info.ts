import { TOAST_AUTO_CLOSE_MS } from '@loci/domain';
import { notifications } from '@mantine/notifications';

// Apart from notify.tsx (which translates the domain's texts, with their whole catalogue): the session's
// toasts of AuthProvider are in the player's first load.

/** A neutral toast (e.g. the session ended). */
export function notifyInfo(message: string, title?: string): void {
  notifications.show({ id: `info:${message}`, title, message, autoClose: TOAST_AUTO_CLOSE_MS });
}
