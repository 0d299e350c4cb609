/**
 * The type of the game this browser last opened, remembered (localStorage): a player's play page
 * loads only its own game's code, which the page knows once the game's view has arrived; with the
 * hint, the router starts loading that code with the page's own instead of after the view
 * (router.tsx). A wrong or missing hint costs nothing but that head start.
 */
import { withLeanMessages } from './i18n';
import { loadChunk } from './load-chunk';

const STORAGE_KEY = 'simgames.lastGameType';
const GAME_TYPES = ['beergame', 'leangame'] as const;
export type GameType = (typeof GAME_TYPES)[number];

/** Each game type's play page code (the lean game's with its words). */
export const playCode = {
  beergame: () => loadChunk(() => import('./features/beergame/play')),
  leangame: () => withLeanMessages(loadChunk(() => import('./features/leangame/play'))),
};

/** Remembers the type of the game on screen (use-game-view.ts calls it as a view arrives). */
export function rememberGameType(type: GameType): void {
  try {
    if (localStorage.getItem(STORAGE_KEY) !== type) localStorage.setItem(STORAGE_KEY, type);
  } catch {
    // A browser that keeps nothing (private mode, storage full) simply has no hint.
  }
}

/** The type of the game this browser last opened, if any. */
export function gameTypeHint(): GameType | null {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    return GAME_TYPES.find((type) => type === stored) ?? null;
  } catch {
    return null;
  }
}

/** Starts loading the play code of the hinted game type, if any. */
export function prefetchHintedPlay(): void {
  const hint = gameTypeHint();
  if (hint) void playCode[hint]().catch(() => undefined);
}
