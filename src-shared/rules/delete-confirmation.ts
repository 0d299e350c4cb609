import { readTypedNumber } from './typed-number';

/**
 * Deleting games asks the instructor to type how many are selected (spec point 5): anything but
 * that exact number, read as every typed number is, is refused with the spec's message.
 */
export function deleteConfirmationRefusal(typed: string, selected: number): string | null {
  return readTypedNumber(typed, { min: selected, max: selected }).ok
    ? null
    : 'dashboard.btnDeleteNumberError';
}

/**
 * Deleting an account asks for its e-mail address typed again ("Your data", docs/accounts.md):
 * the address as stored, ignoring the spaces around it and the letters' case (better-auth keeps
 * addresses in lower case); anything else is refused and deletes nothing.
 */
export function accountDeletionRefusal(typed: string, email: string): string | null {
  return typed.trim().toLowerCase() === email.toLowerCase() ? null : 'account.yourData.errEmail';
}
