/** The lean game served on `game-<id>` streams. */
import { DomainError, gameStreamId } from '../../src-shared/eventsourcing';
import {
  LEANGAME_RULES_VERSION,
  type LeanCommand,
  type LeanEvent,
  type LeanGameView,
  type LeanState,
  leanCopySetup,
  leangameDecider,
  leangameSummary,
  leanTemplateConfig,
  leanUpcasters,
  nextComputerActionAt,
  roundEndAt,
  viewLeanGame,
} from '../../src-shared/leangame';
import { leanRoundSetup, leanTeamGame } from '../../src-shared/session';
import { type GameSummary, gamesListKey, gamesProjection } from '../read-models/games';
import { type GameTimers, withDeadlines } from '../scheduler/deadlines';
import type { GameType, RoundGames } from './game-type';

/** The lean game plays in minutes: its row has no week. */
const summary = (state: LeanState): GameSummary => ({ ...leangameSummary(state), week: null, weeks: null });

/**
 * The timers of a round under way: the computer stations' next action (leanScheduleComputerActions:
 * the engine says when, RunComputerActions records every action due by then, stamped with the
 * instant the simulation gives it, so a replay is exact however late the timer fires), and the
 * round's end at its length.
 */
export const leangameTimers: GameTimers<LeanCommand, LeanState> = {
  due: (state) => {
    if (!state.exists || state.deleted || state.startAt === null || state.endAt !== null) return [];
    const endAt = roundEndAt(state);
    const next = nextComputerActionAt(state);
    return [
      { kind: 'round-end', dueAt: endAt, payload: {} },
      ...(next === null || next > endAt ? [] : [{ kind: 'computer', dueAt: next, payload: {} }]),
    ];
  },
  command: (deadline) =>
    deadline.kind === 'computer' ? { type: 'RunComputerActions' } : { type: 'EndGame' },
};

/**
 * A session's lean round: each team's factory from the round's configuration (issue 26). Its free
 * stations go to the computer when the round starts (StartGame), and whenever a player leaves one
 * while it runs, so there is nothing to hand over by hand.
 */
const leanRounds: RoundGames<LeanCommand, LeanState> = {
  checkConfig: (config) => {
    const check = leanRoundSetup(config);
    if (!check.ok) throw new DomainError(check.messageId);
    return config;
  },
  create: (config, { gameId, name, creatorId, seed, session }) => {
    const check = leanRoundSetup(config);
    if (!check.ok) throw new DomainError(check.messageId);
    return {
      type: 'CreateLeanGame',
      gameId,
      name,
      seed,
      scenarioId: check.scenarioId,
      setup: check.setup,
      creatorId,
      session,
    };
  },
  teamGame: leanTeamGame,
  placed: (state, place, now) => ({ ...place, gameType: 'leangame', state, now }),
  sit: (_state, facilityId) => ({ type: 'JoinFacility', facilityId }),
  // The first free station in the factory's order (stations hold no roles to draw among).
  sitAnywhere: (state) => {
    const free = state.facilities.find((f) => f.user === null);
    return free ? { type: 'JoinFacility', facilityId: free.id } : null;
  },
  start: (state) => (state.startAt === null ? [{ type: 'StartGame' }] : []),
  handFreeSeatsToComputer: () => [],
  end: { type: 'EndGame' },
  reset: { type: 'ResetLeanGame' },
  delete: { type: 'DeleteLeanGame' },
};

export const leangameType: GameType<LeanCommand, LeanEvent, LeanState, LeanGameView> = {
  name: 'leangame',
  createdBy: 'LeanGameCreated',
  stream: {
    decider: leangameDecider,
    rulesVersion: LEANGAME_RULES_VERSION,
    upcasters: leanUpcasters,
    project: withDeadlines(gamesProjection('leangame', summary), {
      gameType: 'leangame',
      timers: leangameTimers,
      streamIdOf: (state) => gameStreamId(state.gameId),
    }),
    wakes: (state) => [gamesListKey(state.creatorId)],
  },
  summary,
  // A loaded game exists, so it has a view; seats are named from user records.
  view: (state, viewer) => {
    const view = viewLeanGame(state, { userId: viewer.userId ?? '', role: viewer.role }, viewer.now)!;
    const named = (user: string | null, recorded: string | null) =>
      (user === null ? null : viewer.playerNames[user]) ?? recorded;
    // Named from the state's holders: the view itself carries no user id.
    const holderOf = new Map(state.facilities.map((f) => [f.id, f.user]));
    return {
      ...view,
      facilities: view.facilities.map((f) => ({
        ...f,
        playerName: named(holderOf.get(f.id) ?? null, f.playerName),
      })),
    };
  },
  timers: leangameTimers,
  seats: {
    of: (state, userId) =>
      state.facilities
        .filter((f) => f.user === userId)
        .map((f) => ({ facilityId: f.id, name: f.name, translatedType: null })),
    leave: (facilityId) => ({ type: 'LeaveFacility', facilityId }),
    events: { taken: ['PlayerJoined'], left: ['PlayerLeft'] },
  },
  rounds: leanRounds,
  actions: {
    archive: { type: 'ArchiveLeanGame', archived: true },
    unarchive: { type: 'ArchiveLeanGame', archived: false },
    delete: { type: 'DeleteLeanGame' },
    reset: { type: 'ResetLeanGame' },
    disconnectPlayers: { type: 'DisconnectPlayers' },
    // A copy keeps its factory's scenario: its round's length can be changed like the original's.
    copy: (state, { gameId, name, seed }) => ({
      type: 'CreateLeanGame',
      gameId,
      name,
      seed,
      ...(state.scenarioId === null ? {} : { scenarioId: state.scenarioId }),
      setup: leanCopySetup(state),
    }),
    templateConfig: (state) => leanCopySetup(state),
    // Its factory and set-up: the shape of a session's lean round.
    keptAsTemplate: (state) => leanTemplateConfig(state),
    publish: { type: 'PublishLeanGame' },
  },
};
