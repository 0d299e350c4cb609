import { notifications } from '@mantine/notifications';
import type { IntlShape } from 'react-intl';

/** Toasts last 3 seconds (spec point 9). */
export const TOAST_MS = 3000;

type ErrorWithMessageId = { data?: { messageId?: string; values?: Record<string, string | number> } | null };

/** Shows a server error translated from its message id, as a 3-second toast. */
export function toastError(intl: IntlShape, error: unknown, fallbackId = 'errors.unexpected') {
  const data = (error as ErrorWithMessageId | null)?.data;
  const id = data?.messageId ?? (navigator.onLine ? fallbackId : 'errors.offline');
  notifications.show({
    color: 'red',
    autoClose: TOAST_MS,
    message: intl.formatMessage({ id }, data?.values),
  });
}

export function toastMessage(intl: IntlShape, id: string, color = 'blue', autoClose = TOAST_MS) {
  notifications.show({ color, autoClose, message: intl.formatMessage({ id }) });
}
