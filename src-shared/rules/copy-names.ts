/**
 * Naming the copies of a game (spec point 5, "Copying games"): 1 to 200 copies, 1 by default. With
 * a name, one copy takes it as it is and several are numbered, zero-padded to the width of the
 * count ("Tuesday 01" … "Tuesday 12"); with no name, the original's name with a copy suffix (then
 * numbered the same way). A game's name is at most `GAME_NAME_MAX` characters: a typed name too
 * long for its numbers is refused; the original's name is shortened to make room for the suffix.
 */

export const GAME_NAME_MAX = 80;
export const COPIES = { min: 1, max: 200, default: 1 } as const;

/** The number a copy's name ends with, padded to the width of the count; none for a single copy. */
function numbers(count: number): string[] {
  if (count === 1) return [''];
  const width = String(count).length;
  return Array.from({ length: count }, (_, i) => ` ${String(i + 1).padStart(width, '0')}`);
}

/** Why a typed name cannot name `count` copies, as a message id and its values; null when it can. */
export function copyNameRefusal(
  name: string,
  count: number,
): { messageId: string; values: { max: number } } | null {
  const room = GAME_NAME_MAX - numbers(count)[0]!.length;
  return name.trim().length > room ? { messageId: 'dashboard.copyNameTooLong', values: { max: room } } : null;
}

/**
 * The names of `count` copies of the game named `original`: from `name` when one was typed (check
 * it with `copyNameRefusal` first), else from the original with `copySuffix` (translated "(copy)").
 */
export function copyNames(
  original: string,
  count: number,
  name: string | undefined,
  copySuffix: string,
): string[] {
  const endings = numbers(count);
  const typed = name?.trim() ?? '';
  let base = typed;
  if (typed === '') {
    const room = GAME_NAME_MAX - endings[0]!.length - copySuffix.length - 1;
    base = `${Array.from(original.trim()).slice(0, Math.max(0, room)).join('').trimEnd()} ${copySuffix}`;
  }
  return endings.map((ending) => `${base}${ending}`);
}
