/**
 * A team's row on the follow-up page (issue 12): its game of the current round in one dense line:
 * the week, each seat (who plays it, whether they ordered this week), and the cost so far.
 */
import type { BeerState } from '../beergame/state';

export interface FollowUpSeat {
  facilityId: string;
  name: string;
  userId: string | null;
  computer: boolean;
  /** The seat's order for this week is in. */
  ordered: boolean;
}

export interface FollowUpRow {
  gameId: string;
  week: number;
  weeks: number;
  finished: boolean;
  /** When the running turn timer closes the week (server time); null without one. */
  deadline: number | null;
  seats: FollowUpSeat[];
  /** The team's cost so far, every facility's summed; null before its first week has closed. */
  cost: number | null;
}

export function followUpRow(s: BeerState): FollowUpRow {
  return {
    gameId: s.gameId,
    week: s.week,
    weeks: s.config.weeks,
    finished: s.finished,
    deadline: s.deadline,
    seats: s.facilities.map((f, i) => ({
      facilityId: f.id,
      name: s.config.facilities[i]?.name ?? f.id,
      userId: f.userId,
      computer: f.computer,
      ordered: f.validated,
    })),
    // The first week's costs are booked as it opens: before it closes nothing has been played.
    cost: s.week > 1 || s.finished ? s.facilities.reduce((sum, f) => sum + f.cost, 0) : null,
  };
}
