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
