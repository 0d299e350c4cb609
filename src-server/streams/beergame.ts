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
import { demoExpiresAt, isDemoCreator } from '../../src-shared/rules/demo';
import { beerTeamGame } from '../../src-shared/session';
import { type GameSummary, gamesListKey, gamesProjection } from '../read-models/games';
import { withLeaderboard } from '../read-models/leaderboard';
import { type GameTimers, withDeadlines } from '../scheduler/deadlines';
import { checkedBeerConfig } from './beer-config';
import type { GameType, RoundGames } from './game-type';

const summary = (state: BeerState): GameSummary => beergameSummary(state);

/** The deadline kind that deletes a demo game a day after its creation (src-shared/rules/demo.ts). */
export const DEMO_EXPIRY = 'demo-expiry';

/**
 * The turn timer: a running deadline closes its week when it runs out; and a demo game's expiry,
 * which deletes it (a deletion is an event, as any other). Computer players and threshold or
 * scheduled messages need no timer of their own: the engine applies them as the week closes
 * (closing.ts, week/).
 */
export const beergameTimers: GameTimers<BeerCommand, BeerState> = {
  due: (state) => [
    ...(state.exists && !state.finished && state.deadline !== null
      ? [{ kind: 'turn', dueAt: state.deadline, payload: { week: state.week } }]
      : []),
    ...(state.exists && !state.deleted && isDemoCreator(state.creatorId)
      ? [{ kind: DEMO_EXPIRY, dueAt: demoExpiresAt(state.createdAt), payload: {} }]
      : []),
  ],
  command: (deadline) =>
    deadline.kind === DEMO_EXPIRY
      ? { type: 'DeleteGame' }
      : {
          type: 'CloseWeek',
          reason: 'timer',
          week: typeof deadline.payload.week === 'number' ? deadline.payload.week : undefined,
        },
};

const freeSeatsToComputer = (state: BeerState): BeerCommand[] =>
  state.facilities
    .filter((f) => f.userId === null && !f.computer)
    .map((f) => ({ type: 'HandToComputer', facilityId: f.id }));

/** A session's beer round: its teams' games start when every seat has a player or the computer. */
const beerRounds: RoundGames<BeerCommand, BeerState> = {
  checkConfig: checkedBeerConfig,
  create: (config, game) => ({ type: 'CreateGame', ...game, config }),
  teamGame: (state) => beerTeamGame(state),
  placed: (state, place) => ({ ...place, gameType: 'beergame', state }),
  sit: (state, facilityId) => {
    const facility = state.facilities.find((f) => f.id === facilityId);
    return facility?.computer === true && facility.userId === null
      ? { type: 'TakeBackRole', facilityId }
      : { type: 'JoinRole', facilityId };
  },
  sitAnywhere: (_state, seed) => ({ type: 'JoinRandomRole', seed: seed.slice(0, 64) }),
  start: freeSeatsToComputer,
  handFreeSeatsToComputer: freeSeatsToComputer,
  end: { type: 'EndGame' },
  reset: { type: 'ResetGame' },
  delete: { type: 'DeleteGame' },
  turns: {
    closeWeek: (state) => ({ type: 'CloseWeek', reason: 'instructor', week: state.week }),
    startTimer: (seconds) => ({ type: 'StartTimer', seconds }),
    stopTimer: { type: 'StopTimer' },
    message: (text) => ({ type: 'SendMessage', to: 'all', text }),
  },
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
    project: withDeadlines(withLeaderboard(gamesProjection('beergame', summary)), {
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
  rounds: beerRounds,
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
