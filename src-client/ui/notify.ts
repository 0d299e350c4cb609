import type { IntlShape } from 'react-intl';
import { showNotification } from './toasts';

/** Toasts last 3 seconds (spec point 9). */
export const TOAST_MS = 3000;

type ErrorWithMessageId = { data?: { messageId?: string; values?: Record<string, string | number> } | null };

/** Shows a server error translated from its message id, as a 3-second toast. */
export function toastError(intl: IntlShape, error: unknown, fallbackId = 'errors.unexpected') {
  const data = (error as ErrorWithMessageId | null)?.data;
  const id = data?.messageId ?? (navigator.onLine ? fallbackId : 'errors.offline');
  showNotification({
    color: 'red',
    autoClose: TOAST_MS,
    message: intl.formatMessage({ id }, data?.values),
  });
}

export function toastMessage(intl: IntlShape, id: string, color = 'blue', autoClose = TOAST_MS) {
  showNotification({ color, autoClose, message: intl.formatMessage({ id }) });
}

/**
 * The translated message of a value the shared input rules refuse (src-shared/api/inputs.ts name
 * a message id in each refusal, with their bounds); `requiredId` says what an empty field needs.
 */
export function inputErrorMessage(
  intl: IntlShape,
  error: { issues: readonly { message: string; code: string; maximum?: unknown; minimum?: unknown }[] },
  requiredId = 'errors.textRequired',
): string {
  const issue = error.issues[0];
  const id = !issue || issue.message === 'errors.textRequired' ? requiredId : issue.message;
  if (!intl.messages[id]) return intl.formatMessage({ id: 'errors.invalidInput' });
  return intl.formatMessage({ id }, { max: Number(issue?.maximum), min: Number(issue?.minimum) });
}
