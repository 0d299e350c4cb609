import type { IntlShape } from 'react-intl';
import { reportShownError } from '../telemetry';
import { showNotification } from './toasts';

/** Toasts last 3 seconds (spec point 9). */
export const TOAST_MS = 3000;

type ErrorWithMessageId = { data?: { messageId?: string; values?: Record<string, string | number> } | null };

/** Shows a server error translated from its message id, as a 3-second toast. */
export function toastError(intl: IntlShape, error: unknown, fallbackId = 'errors.unexpected') {
  const data = (error as ErrorWithMessageId | null)?.data;
  const id = data?.messageId ?? (navigator.onLine ? fallbackId : 'errors.offline');
  // Spec point 8: the error shown is also reported (a refusal the server meant is not).
  if (navigator.onLine) reportShownError(error);
  showNotification({
    color: 'red',
    autoClose: TOAST_MS,
    message: intl.formatMessage({ id }, data?.values),
  });
}

export function toastMessage(
  intl: IntlShape,
  id: string,
  color = 'blue',
  autoClose = TOAST_MS,
  values?: Record<string, string | number>,
) {
  showNotification({ color, autoClose, message: intl.formatMessage({ id }, values) });
}

/**
 * The translated message of a text the shared input rules refuse (src-shared/api/text-rules.ts: a
 * message id with its bounds); `requiredId` says what an empty field needs.
 */
export function inputErrorMessage(
  intl: IntlShape,
  refusal: { messageId: string; values: Record<string, number | undefined> },
  requiredId = 'errors.textRequired',
): string {
  const id = refusal.messageId === 'errors.textRequired' ? requiredId : refusal.messageId;
  if (!intl.messages[id]) return intl.formatMessage({ id: 'errors.invalidInput' });
  return intl.formatMessage({ id }, refusal.values);
}
