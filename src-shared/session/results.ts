/**
 * A session's debrief across its games (issue 12): the answers of every player to the debrief's
 * questions, checked by the tolerant rule of spec point 5, and the teams compared within a round
 * and across rounds with the engine's own KPIs.
 */
import { beergameKpis } from '../beergame/kpis';
import type { BeerState } from '../beergame/state';
import { leanConfigDebriefOf } from '../leangame/debrief-answers';
import type { LeanState } from '../leangame/state';
import { answerMatches } from '../rules/answer-check';

/** A game of the session, where it sits. */
export interface PlacedGame {
  roundNumber: number;
  teamNumber: number;
  state: BeerState;
}

export interface SessionResponse {
  roundNumber: number;
  teamNumber: number;
  gameId: string;
  facilityId: string | null;
  userId: string;
  questionId: string;
  question: string;
  answer: string;
  /** Null for an open question (no expected answer). */
  correct: boolean | null;
  /** A lean game's facility by the name its factory gives it (a beer game's is named from its id). */
  facilityName?: string;
}

/** A lean game of the session, where it sits (its answers are read as the beer game's). */
export interface PlacedLeanGame {
  roundNumber: number;
  teamNumber: number;
  gameType: 'leangame';
  state: LeanState;
}

/** A lean game's answers, checked against its configDebrief by the same tolerant rule. */
export function leanResponses({
  roundNumber,
  teamNumber,
  state: leanState,
}: PlacedLeanGame): SessionResponse[] {
  const config = leanConfigDebriefOf(leanState);
  return leanState.answers.flatMap((a) => {
    const question = config.questionsSection.questions.find((q) => q.id === a.questionId);
    if (!question) return [];
    return [
      {
        roundNumber,
        teamNumber,
        gameId: leanState.gameId,
        facilityId: a.facilityId,
        facilityName: leanState.facilities.find((f) => f.id === a.facilityId)?.name ?? a.facilityId,
        userId: a.userId,
        questionId: a.questionId,
        question: question.text,
        answer: a.answer,
        correct: question.answer === null ? null : answerMatches(question.answer, a.answer),
      },
    ];
  });
}

/** Every answer of every game (beer or lean), round by round and team by team. */
export function sessionResponses(games: readonly (PlacedGame | PlacedLeanGame)[]): SessionResponse[] {
  return games.flatMap((game) => {
    if ('gameType' in game) return leanResponses(game);
    const { roundNumber, teamNumber, state } = game;
    const questions = state.config.configDebrief.questionsSection.questions;
    return state.answers.flatMap((a) => {
      const question = questions.find((q) => q.id === a.questionId);
      if (!question) return [];
      return [
        {
          roundNumber,
          teamNumber,
          gameId: state.gameId,
          facilityId: state.facilities.find((f) => f.userId === a.userId)?.id ?? null,
          userId: a.userId,
          questionId: a.questionId,
          question: question.text,
          answer: a.answer,
          correct: question.answer === null ? null : answerMatches(question.answer, a.answer),
        },
      ];
    });
  });
}

export interface TeamResult {
  roundNumber: number;
  teamNumber: number;
  gameId: string;
  finished: boolean;
  /** The week under way (the last one once finished). */
  week: number;
  /** Weeks played (`weeksPlayed`: the weeks closed); every figure counts these. */
  weeksPlayed: number;
  weeks: number;
  teamCost: number;
  /** The team's cost per week played: comparable between rounds of different lengths. */
  costPerWeek: number;
  fillRate: number;
  /** Each stage's order variance over the consumers' demand variance (the bullwhip), upstream last. */
  facilities: Array<{ id: string; name: string; cost: number; amplification: number | null }>;
}

/** The teams' figures, round by round. */
export function sessionResults(games: readonly PlacedGame[]): TeamResult[] {
  return games.map(({ roundNumber, teamNumber, state }) => {
    const kpis = beergameKpis(state);
    const weeksPlayed = kpis.weeks;
    return {
      roundNumber,
      teamNumber,
      gameId: state.gameId,
      finished: state.finished,
      week: state.week,
      weeksPlayed,
      weeks: state.config.weeks,
      teamCost: kpis.teamCost,
      costPerWeek: weeksPlayed > 0 ? kpis.teamCost / weeksPlayed : 0,
      fillRate: kpis.fillRate,
      facilities: kpis.byFacility.map((f) => ({
        id: f.id,
        name: f.name,
        cost: f.cost,
        amplification: f.amplification,
      })),
    };
  });
}

/** What a viewer may see of a session's results: the teams' figures, and the rounds that are not open yet. */
export interface VisibleResults {
  teams: TeamResult[];
  /** Rounds whose results the viewer may not see yet: some of their games are still being played. */
  pendingRounds: number[];
}

/**
 * The teams' figures a viewer may see: all of them for the session's admins; for its players, a
 * round's once every game of it is over (then every role's figures are the players' to see, as a
 * game's own view shows them once it is over), so a blind round stays blind while it is played.
 */
export function visibleResults(games: readonly PlacedGame[], viewer: { isAdmin: boolean }): VisibleResults {
  if (viewer.isAdmin) return { teams: sessionResults(games), pendingRounds: [] };
  const pending = new Set(games.filter((g) => !g.state.finished).map((g) => g.roundNumber));
  return {
    teams: sessionResults(games.filter((g) => !pending.has(g.roundNumber))),
    pendingRounds: [...pending].sort((a, b) => a - b),
  };
}
