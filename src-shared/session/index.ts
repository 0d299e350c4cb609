/** Sessions: a class of several rounds and teams, on `session-<id>` streams (spec points 3, 4, 6, 7). */

export * from './constants';
export { decideSession, sessionDecider } from './decide';
export * from './events';
export { evolveSession } from './evolve';
export * from './follow';
export * from './lean-round';
export * from './results';
export * from './rounds';
export * from './schemas';
export * from './state';
export * from './team-game';
export * from './templates';
export * from './view';

export const sessionStreamId = (sessionId: string): string => `session-${sessionId}`;
export * from './player-reset';
