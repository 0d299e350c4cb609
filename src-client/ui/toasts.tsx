import { randomId } from '@mantine/hooks';
import type { NotificationData } from '@mantine/notifications';
import { lazy, Suspense, useSyncExternalStore } from 'react';
import { loadChunk } from '../load-chunk';

/**
 * Toasts, with Mantine's notifications loaded on the first one: most visits never show one, and the
 * package (with its transitions) was 6 KB gzipped of a player's first load. Until then the host
 * renders nothing; the first toast loads the package, mounts its container and shows the toast.
 *
 * The client's imports of '@mantine/notifications' lead here (vite.config.ts), so code written
 * against Mantine's API (`notifications.show(...)`) works unchanged: these functions are Mantine's,
 * each run once the package is there.
 */
const loadNotifications = () => loadChunk(() => import('@mantine/notifications'));
const Notifications = lazy(async () => ({ default: (await loadNotifications()).Notifications }));

let wanted = false;
const listeners = new Set<() => void>();

function mountHost() {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}

type Mantine = Awaited<ReturnType<typeof loadNotifications>>;
const later = (run: (mantine: Mantine) => void) => {
  mountHost();
  void loadNotifications().then(run);
};

/** Mantine's `notifications.show`: returns the toast's id at once, as Mantine's does. */
export function showNotification(toast: NotificationData): string {
  const id = toast.id ?? randomId();
  // A toast that closes by itself has no close button: Mantine's would be a button without a name.
  const withCloseButton = toast.withCloseButton ?? typeof toast.autoClose !== 'number';
  later((mantine) => mantine.notifications.show({ ...toast, withCloseButton, id }));
  return id;
}
export const hideNotification = (id: string) => later((mantine) => mantine.notifications.hide(id));
export const updateNotification = (toast: NotificationData & { id: string }) =>
  later((mantine) => mantine.notifications.update(toast));
export const cleanNotifications = () => later((mantine) => mantine.notifications.clean());
export const cleanNotificationsQueue = () => later((mantine) => mantine.notifications.cleanQueue());

export const notifications = {
  show: showNotification,
  hide: hideNotification,
  update: updateNotification,
  clean: cleanNotifications,
  cleanQueue: cleanNotificationsQueue,
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Where the toasts appear: mounted once, inside MantineProvider. */
export function NotificationsHost() {
  const mounted = useSyncExternalStore(subscribe, () => wanted);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <Notifications position="top-center" />
    </Suspense>
  );
}
