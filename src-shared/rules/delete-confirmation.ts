/**
 * Deleting games asks the instructor to type how many are selected (spec point 5): anything but
 * that exact number, as digits, is refused with the spec's message.
 */
export function deleteConfirmationRefusal(typed: string, selected: number): string | null {
  const text = typed.trim();
  return /^\d+$/.test(text) && Number(text) === selected ? null : 'dashboard.btnDeleteNumberError';
}
