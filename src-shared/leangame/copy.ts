/**
 * Game copy (spec point 4) and the state at an instant. A copy keeps the set-up and clears what
 * play filled in: next rank, start and end times, the improvements panel owner, every demand
 * item's fulfilment and defect counters, the players.
 */
import { fold } from '../eventsourcing/decider';
import { leangameDecider } from './decide';
import type { LeanEvent } from './events';
import type { LeanFacility, LeanParams, LeanSetup } from './schemas';
import { type LeanState, UNTOUCHED_DEMAND } from './state';

export function copyLeanParams(params: LeanParams): LeanParams {
  return {
    ...params,
    nextRank: 0,
    game_start_at: null,
    game_end_at: null,
    consumerDemand: params.consumerDemand.map((d) => ({ ...d, ...UNTOUCHED_DEMAND })),
  };
}

/** A lean game document as the dashboard copies it. */
export interface LeanGameDocument {
  name: string;
  finished: boolean;
  archived: boolean;
  session: string | null;
  players: string[];
  improvementsPanelBy: string | null;
  params: LeanParams;
  facilities: LeanFacility[];
}

export function copyLeanGame<T extends LeanGameDocument>(game: T): T {
  return {
    ...game,
    finished: false,
    archived: false,
    session: null,
    players: [],
    improvementsPanelBy: null,
    params: copyLeanParams(game.params),
    facilities: game.facilities.map((f) => ({ ...f, user: null, playerName: null })),
  };
}

/**
 * The set-up a copy of the game in `state` is created from: the factory as arranged now (layout,
 * tools, batch size, kanban cap, the improvements on), with no players; the copy starts unplayed.
 */
export function leanCopySetup(state: LeanState): LeanSetup {
  const setup = state.setup!;
  return {
    params: {
      ...copyLeanParams(setup.params),
      batchSize: state.batchSize,
      kanbanCap: state.kanbanCap,
      improvements: { ...setup.params.improvements, enabled: [...state.improvements] },
    },
    facilities: state.facilities.map((f) => ({
      id: f.id,
      name: f.name,
      type: f.type,
      position: f.position,
      tools: f.tools,
      user: null,
      playerName: null,
      ...(f.icon === undefined ? {} : { icon: f.icon }),
    })),
  };
}

/** The state at `instant`: the fold of the events stamped up to it. */
export function leanStateAt(events: readonly LeanEvent[], instant: number): LeanState {
  return fold(
    leangameDecider,
    events.filter((e) => e.data.at <= instant),
  );
}
