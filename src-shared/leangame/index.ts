/** The lean game: a real-time factory where each improvement changes one rule (docs/leangame.md). */

export * from './computer';
export * from './constants';
export { copyLeanGame, copyLeanParams, type LeanGameDocument, leanCopySetup, leanStateAt } from './copy';
export * from './debrief';
export * from './debrief-answers';
export * from './debrief-config';
export { decideLeanGame, type LeanCommandOf, leangameDecider } from './decide';
export * from './events';
export { evolveLeanGame } from './evolve';
export * from './history-view';
export * from './metrics';
export * from './minute-rows';
export * from './rules';
export { leanScheduleComputerActions } from './schedule';
export * from './schemas';
export * from './simulate';
export * from './state';
export * from './summary';
export * from './template-config';
export * from './templates';
export * from './view';
