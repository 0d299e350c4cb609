/** What a session's results show a viewer (src-shared/session/results.ts): a round to its players once it is over. */
import { describe, expect, it } from 'vitest';
import {
  type LeanTeamResult,
  type PlacedGame,
  rankedLeanTeams,
  visibleResults,
} from '../../../src-shared/session';
import { classicWithPlayers } from '../beergame/helpers';

/** A team's game of a round: played two weeks, ended or not. */
function placed(roundNumber: number, teamNumber: number, finished: boolean): PlacedGame {
  const game = classicWithPlayers().playOut();
  const state = { ...game.state, gameId: `r${roundNumber}t${teamNumber}`, finished };
  return { roundNumber, teamNumber, state };
}

describe('the results a viewer may see', () => {
  const games = [placed(1, 1, true), placed(1, 2, true), placed(2, 1, true), placed(2, 2, false)];

  it('are every round’s for an admin', () => {
    const { teams, pendingRounds } = visibleResults(games, { isAdmin: true });
    expect(teams.map((t) => t.gameId)).toEqual(['r1t1', 'r1t2', 'r2t1', 'r2t2']);
    expect(pendingRounds).toEqual([]);
  });

  it('are a round’s for a player once every team has finished it', () => {
    const { teams, pendingRounds } = visibleResults(games, { isAdmin: false });
    expect(teams.map((t) => t.gameId)).toEqual(['r1t1', 'r1t2']);
    expect(pendingRounds).toEqual([2]);
    expect(visibleResults([placed(1, 1, false)], { isAdmin: false })).toEqual({
      teams: [],
      pendingRounds: [1],
    });
  });
});

describe('a lean round’s teams, best first', () => {
  const team = (teamNumber: number, otif: number, profit: number) =>
    ({ gameType: 'leangame', teamNumber, otif, profit }) as LeanTeamResult;

  it('are ranked on time and in full, then on profit', () => {
    const ranked = rankedLeanTeams([team(1, 0.5, 10), team(2, 0.9, -5), team(3, 0.5, 30)]);
    expect(ranked.map((t) => t.teamNumber)).toEqual([2, 3, 1]);
  });
});
