/** Team accounts on `team-<id>` streams (spec points 3, 6 and 7). */
export { decideTeam, teamDecider } from './decide';
export * from './events';
export { evolveTeam } from './evolve';
export * from './schemas';
export * from './state';

export const TEAM_RULES_VERSION = 1;
export const teamStreamId = (teamId: string): string => `team-${teamId}`;
