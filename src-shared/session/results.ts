/**
 * A session's debrief across its games (issue 12): the answers of every player to the debrief's
 * questions, checked by the tolerant rule of spec point 5, and the teams compared within a round
 * and across rounds with the engine's own KPIs.
 */
import { beergameKpis } from '../beergame/kpis';
import type { BeerState } from '../beergame/state';
import { leanConfigDebriefOf } from '../leangame/debrief-answers';
import { leanMetrics } from '../leangame/metrics';
import type { LeanState } from '../leangame/state';
import { answerMatches } from '../rules/answer-check';

/** A game of the session, where it sits: a beer game, or a lean game observed at `now` (server time). */
export type PlacedGame =
  | { roundNumber: number; teamNumber: number; gameType?: 'beergame'; state: BeerState }
  | { roundNumber: number; teamNumber: number; gameType: 'leangame'; state: LeanState; now: number };

/** Whether a placed game is over, whatever its type. */
export const placedGameFinished = (game: PlacedGame): boolean =>
  game.gameType === 'leangame' ? game.state.endAt !== null : game.state.finished;

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

/** A lean game's answers, checked against its configDebrief by the same tolerant rule. */
export function leanResponses({
  roundNumber,
  teamNumber,
  state: leanState,
}: Extract<PlacedGame, { gameType: 'leangame' }>): SessionResponse[] {
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
export function sessionResponses(games: readonly PlacedGame[]): SessionResponse[] {
  return games.flatMap((game) => {
    if (game.gameType === 'leangame') return leanResponses(game);
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

export interface BeerTeamResult {
  gameType: 'beergame';
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

/** A lean team's figures: the lean debrief's headline figures over the minutes played. */
export interface LeanTeamResult {
  gameType: 'leangame';
  roundNumber: number;
  teamNumber: number;
  gameId: string;
  finished: boolean;
  /** Minutes played so far (the round's length once over). */
  minutes: number;
  deliveries: number;
  /** On time and in full: a share of the units due. */
  otif: number;
  /** Mean order lead time, in minutes. */
  leadTime: number;
  /** Mean work in progress, in units. */
  wip: number;
  /** Units delivered per minute. */
  throughput: number;
  firstPassYield: number;
  flowEfficiency: number;
  /** The round's profit (revenue less materials, labour, holding, defects and lateness). */
  profit: number;
}

export type TeamResult = BeerTeamResult | LeanTeamResult;

function leanTeamResult(
  roundNumber: number,
  teamNumber: number,
  state: LeanState,
  now: number,
): LeanTeamResult {
  const m = leanMetrics(state, now);
  return {
    gameType: 'leangame',
    roundNumber,
    teamNumber,
    gameId: state.gameId,
    finished: state.endAt !== null,
    minutes: state.startAt === null ? 0 : m.minutes,
    deliveries: m.deliveries,
    otif: m.otif,
    leadTime: m.leadTime.mean,
    wip: m.wip.mean,
    throughput: m.throughput,
    firstPassYield: m.firstPassYield,
    flowEfficiency: m.flowEfficiency,
    profit: m.pnl,
  };
}

/** The teams' figures, round by round. */
export function sessionResults(games: readonly PlacedGame[]): TeamResult[] {
  return games.map((game) => {
    const { roundNumber, teamNumber } = game;
    if (game.gameType === 'leangame') return leanTeamResult(roundNumber, teamNumber, game.state, game.now);
    const { state } = game;
    const kpis = beergameKpis(state);
    const weeksPlayed = kpis.weeks;
    return {
      gameType: 'beergame',
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

/** A beer round's teams best first: the lowest team cost. */
export const rankedBeerTeams = (teams: readonly BeerTeamResult[]): BeerTeamResult[] =>
  [...teams].sort((a, b) => a.teamCost - b.teamCost);

/** A lean round's teams best first: on time and in full (what the customers saw), then profit. */
export const rankedLeanTeams = (teams: readonly LeanTeamResult[]): LeanTeamResult[] =>
  [...teams].sort((a, b) => b.otif - a.otif || b.profit - a.profit);

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
  const pending = new Set(games.filter((g) => !placedGameFinished(g)).map((g) => g.roundNumber));
  return {
    teams: sessionResults(games.filter((g) => !pending.has(g.roundNumber))),
    pendingRounds: [...pending].sort((a, b) => a - b),
  };
}
