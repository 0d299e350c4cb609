/** The lean game: a real-time factory where each improvement changes one rule. */
import type { LeanState } from './state';

export * from './computer';
export * from './constants';
export { copyLeanGame, copyLeanParams, leanStateAt } from './copy';
export { computerEventsUntil, decideLeanGame, leangameDecider, leanScheduleComputerActions } from './decide';
export { evolveLeanGame } from './evolve';
export * from './metrics';
export * from './rules';
export * from './scenarios';
export * from './schemas';
export * from './simulate';
export * from './state';
export * from './view';

/** The game as the dashboard lists it. */
export function leangameSummary(state: LeanState) {
  return {
    gameId: state.gameId,
    name: state.name,
    creatorId: state.creatorId,
    finished: state.endAt !== null,
    playerIds: state.facilities.flatMap((f) => (f.user === null ? [] : [f.user])),
  };
}
