/** The beer game served on `game-<id>` streams. */
import {
  BEERGAME_RULES_VERSION,
  type BeerCommand,
  type BeerEvent,
  type BeerState,
  type BeerView,
  beergameDecider,
  beergameSummary,
  beerUpcasters,
  viewGame,
} from '../../src-shared/beergame';
import { type GameSummary, gamesProjection } from '../read-models/games';
import type { GameType } from './game-type';

const summary = (state: BeerState): GameSummary => beergameSummary(state);

export const beergameType: GameType<BeerCommand, BeerEvent, BeerState, BeerView> = {
  name: 'beergame',
  createdBy: 'GameCreated',
  stream: {
    decider: beergameDecider,
    rulesVersion: BEERGAME_RULES_VERSION,
    upcasters: beerUpcasters,
    project: gamesProjection('beergame', summary),
  },
  summary,
  view: (state, viewer) =>
    viewGame(state, { userId: viewer.userId, playerNames: viewer.playerNames, connected: viewer.connected }),
};
