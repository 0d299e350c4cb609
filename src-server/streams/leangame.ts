/** The lean game served on `game-<id>` streams. */
import {
  LEANGAME_RULES_VERSION,
  type LeanCommand,
  type LeanEvent,
  type LeanGameView,
  type LeanState,
  leangameDecider,
  leangameSummary,
  leanUpcasters,
  viewLeanGame,
} from '../../src-shared/leangame';
import { type GameSummary, gamesListKey, gamesProjection } from '../read-models/games';
import type { GameType } from './game-type';

/** The lean game plays in minutes: its row has no week. */
const summary = (state: LeanState): GameSummary => ({ ...leangameSummary(state), week: null, weeks: null });

export const leangameType: GameType<LeanCommand, LeanEvent, LeanState, LeanGameView> = {
  name: 'leangame',
  createdBy: 'LeanGameCreated',
  stream: {
    decider: leangameDecider,
    rulesVersion: LEANGAME_RULES_VERSION,
    upcasters: leanUpcasters,
    project: gamesProjection('leangame', summary),
    wakes: (state) => [gamesListKey(state.creatorId)],
  },
  summary,
  // A loaded game exists, so it has a view.
  view: (state, viewer) =>
    viewLeanGame(state, { userId: viewer.userId ?? '', role: viewer.role }, viewer.now)!,
};
