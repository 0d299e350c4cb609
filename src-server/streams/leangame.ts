/** The lean game served on `game-<id>` streams. */
import { gameStreamId } from '../../src-shared/eventsourcing';
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
import { type GameSummary, gamesListKey, gamesProjection } from '../read-models/games';
import { type GameTimers, withDeadlines } from '../scheduler/deadlines';
import type { GameType } from './game-type';

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
    return {
      ...view,
      facilities: view.facilities.map((f) => ({ ...f, playerName: named(f.user, f.playerName) })),
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
