/**
 * A team's game of a session's round, as the session sees it whatever its type (issue 26): its
 * seats, whether it is under way or over, and the follow-up's figures. The session's lobby,
 * follow-up and results read games only through these facts, so that each game type adds an
 * adapter here rather than a branch in every page. Pure.
 */
import type { BeerState } from '../beergame/state';
import { leanUnitsDue } from '../leangame/metrics';
import { roundEndAt } from '../leangame/rules';
import type { LeanState } from '../leangame/state';

export interface TeamGameSeat {
  facilityId: string;
  name: string;
  userId: string | null;
  /** The computer plays it. */
  computer: boolean;
  /** Beer game: the seat's order for this week is in. Lean game (no turns): null. */
  ordered: boolean | null;
}

interface TeamGameBase {
  gameId: string;
  /** The game has begun (beer: past its first week or its round started; lean: its clock runs or ran). */
  started: boolean;
  finished: boolean;
  seats: TeamGameSeat[];
}

export interface BeerTeamGame extends TeamGameBase {
  gameType: 'beergame';
  week: number;
  weeks: number;
  /** When the running turn timer closes the week (server time); null without one. */
  deadline: number | null;
  /** The team's cost so far, every facility's summed; null before its first week has closed. */
  cost: number | null;
}

export interface LeanTeamGame extends TeamGameBase {
  gameType: 'leangame';
  /** The round's clock: its start and end (server time; the end is when it ends by itself). */
  startAt: number | null;
  endAt: number | null;
  minutes: number;
  /** Units released and not yet delivered, now. */
  wip: number;
  /** Units delivered so far. */
  deliveries: number;
  /** Units of the orders due so far delivered on time and right ÷ units due (null: none due yet). */
  otif: number | null;
  /** Who holds the improvements panel (a user id), if anyone. */
  panelOwner: string | null;
}

export type TeamGame = BeerTeamGame | LeanTeamGame;

export function beerTeamGame(s: BeerState): BeerTeamGame {
  return {
    gameType: 'beergame',
    gameId: s.gameId,
    started: s.week > 1 || s.finished,
    finished: s.finished,
    seats: s.facilities.map((f, i) => ({
      facilityId: f.id,
      name: s.config.facilities[i]?.name ?? f.id,
      userId: f.userId,
      computer: f.computer,
      ordered: f.validated,
    })),
    week: s.week,
    weeks: s.config.weeks,
    deadline: s.deadline,
    // The first week's costs are booked as it opens: before it closes nothing has been played.
    cost: s.week > 1 || s.finished ? s.facilities.reduce((sum, f) => sum + f.cost, 0) : null,
  };
}

/** A lean team's game at `now` (server time): what its clock, floor and orders say so far. */
export function leanTeamGame(s: LeanState, now: number): LeanTeamGame {
  const computer = new Set(s.startAt !== null && s.endAt === null ? (s.computer?.facilityIds ?? []) : []);
  const until = Math.min(now, s.endAt ?? now);
  let wip = 0;
  let deliveries = 0;
  for (const p of s.products) {
    if (p.deliveredAt !== null && p.deliveredAt <= until) deliveries++;
    else if (!p.initial && p.releasedAt !== null && p.releasedAt <= until) wip++;
  }
  const { unitsDue, otifUnits } = leanUnitsDue(s, now);
  const otif = s.startAt !== null && unitsDue > 0 ? otifUnits / unitsDue : null;
  return {
    gameType: 'leangame',
    gameId: s.gameId,
    started: s.startAt !== null,
    finished: s.endAt !== null,
    seats: s.facilities.map((f) => ({
      facilityId: f.id,
      name: f.name,
      userId: f.user,
      computer: f.user === null && computer.has(f.id),
      ordered: null,
    })),
    startAt: s.startAt,
    endAt: s.startAt === null ? null : (s.endAt ?? roundEndAt(s)),
    minutes: s.setup!.params.consumerDemandParams.totalDuration,
    wip,
    deliveries,
    otif,
    panelOwner: s.improvementsPanelBy,
  };
}
