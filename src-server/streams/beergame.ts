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
  configForCopy,
  copyGameCommand,
  viewGame,
} from '../../src-shared/beergame';
import { gameStreamId } from '../../src-shared/eventsourcing';
import { type GameSummary, gamesListKey, gamesProjection } from '../read-models/games';
import { type GameTimers, withDeadlines } from '../scheduler/deadlines';
import type { GameType } from './game-type';

const summary = (state: BeerState): GameSummary => beergameSummary(state);

/**
 * The turn timer: a running deadline closes its week when it runs out. Computer players and
 * threshold or scheduled messages need no timer of their own: the engine applies them as the week
 * closes (closing.ts, week/).
 */
export const beergameTimers: GameTimers<BeerCommand, BeerState> = {
  due: (state) =>
    state.exists && !state.finished && state.deadline !== null
      ? [{ kind: 'turn', dueAt: state.deadline, payload: { week: state.week } }]
      : [],
  command: (deadline) => ({
    type: 'CloseWeek',
    reason: 'timer',
    week: typeof deadline.payload.week === 'number' ? deadline.payload.week : undefined,
  }),
};

const templateConfig = (state: BeerState) =>
  configForCopy(state.config, state.transparent, {
    playTimer: state.playTimer,
    seconds: state.timerSeconds,
  });

export const beergameType: GameType<BeerCommand, BeerEvent, BeerState, BeerView> = {
  name: 'beergame',
  createdBy: 'GameCreated',
  stream: {
    decider: beergameDecider,
    rulesVersion: BEERGAME_RULES_VERSION,
    upcasters: beerUpcasters,
    project: withDeadlines(gamesProjection('beergame', summary), {
      gameType: 'beergame',
      timers: beergameTimers,
      streamIdOf: (state) => gameStreamId(state.gameId),
    }),
    wakes: (state) => [gamesListKey(state.creatorId)],
  },
  summary,
  view: (state, viewer) =>
    viewGame(state, { userId: viewer.userId, playerNames: viewer.playerNames, connected: viewer.connected }),
  timers: beergameTimers,
  seats: {
    of: (state, userId) =>
      state.facilities.flatMap((f, i) => {
        const { name, type } = state.live[i]!;
        return f.userId === userId ? [{ facilityId: f.id, name, translatedType: type }] : [];
      }),
    leave: (facilityId) => ({ type: 'LeaveRole', facilityId }),
    events: { taken: ['RoleJoined', 'RoleTakenBack'], left: ['RoleLeft'] },
  },
  actions: {
    archive: { type: 'ArchiveGame' },
    unarchive: { type: 'UnarchiveGame' },
    delete: { type: 'DeleteGame' },
    reset: { type: 'ResetGame' },
    disconnectPlayers: { type: 'DisconnectPlayers' },
    copy: copyGameCommand,
    templateConfig: (state) => templateConfig(state),
    keptAsTemplate: (state) => templateConfig(state),
  },
};
