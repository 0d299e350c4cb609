/**
 * A game type: everything the server's plumbing needs to serve one kind of game on `game-<id>`
 * streams (load, command, project, watch), so that a new game type is served by adding an entry
 * to the registry (streams/index.ts) and its own procedures, without touching the rest.
 */
import type { ActorRole, DomainEvent } from '../../src-shared/eventsourcing';
import type { StreamType } from '../eventstore/command-handler';
import type { GameSummary } from '../read-models/games';
import type { GameTimers } from '../scheduler/deadlines';

/** Who looks at a game, as the server knows them. */
export interface GameViewer {
  userId: string | null;
  role: ActorRole;
  /** Display names of the game's players (names live in user records, never in events). */
  playerNames: Readonly<Record<string, string>>;
  /** Server time: views of real-time games depend on it. */
  now: number;
  /** For the game's creator only: the users watching the game live now (who is connected). */
  connected?: ReadonlySet<string>;
}

export interface GameType<Command, Event extends DomainEvent, State, View> {
  /** The `type` column of the game's dashboard row, and the `gameType` of its views. */
  name: string;
  /** The event that opens a stream of this game (how a rebuild tells the types apart). */
  createdBy: string;
  stream: StreamType<Command, Event, State>;
  summary(state: State): GameSummary;
  /** What a viewer may see (src-shared's redaction), computed on the server. */
  view(state: State, viewer: GameViewer): View;
  /** The timers its states set, which the scheduler runs (none when absent). */
  timers?: GameTimers<Command, State>;
  /** The commands of the dashboard's actions on one game (spec point 2); absent: not offered yet. */
  actions?: GameActions<Command, State>;
  /** Who sits where: the seats a user holds, how they leave one, and the events that seat and free. */
  seats: GameSeats<Command, State>;
}

/**
 * A seat a user holds: its facility (role, station), that facility's name as the game sets it, and
 * the kind of role whose name the pages translate (the beer game's `facility.<type>`), if any.
 */
export interface Seat {
  facilityId: string;
  name: string;
  translatedType: string | null;
}

export interface GameSeats<Command, State> {
  of(state: State, userId: string): Seat[];
  /** Leaving a seat (spec `quitGame`): the decider frees it, or hands it to the computer in a running round. */
  leave(facilityId: string): Command;
  /** The events that seat a player (`taken`) and free a seat (`left`): a person's seats in their data. */
  events: { taken: readonly string[]; left: readonly string[] };
}

/** What the dashboard does to a game, as its type's commands. */
export interface GameActions<Command, State> {
  archive: Command;
  unarchive: Command;
  delete: Command;
  reset: Command;
  disconnectPlayers: Command;
  /** The command creating a copy of the game in `state` (spec point 4, "Game copy"). */
  copy(state: State, copy: { gameId: string; name: string; creatorId: string; seed: number }): Command;
  /** The configuration a template keeps of the game in `state`: what a copy of it would start from. */
  templateConfig(state: State): Record<string, unknown>;
  /**
   * What an instructor's own template of the game in `state` keeps, and what a session's round made
   * from it plays (the dashboard's "save as template" and "merge into a template"): the type's
   * template configuration, which the server checks with the type's schemas before storing it.
   */
  keptAsTemplate(state: State): Record<string, unknown>;
  /** Publishes a draft (spec point 2); absent: the type's drafts are published otherwise (the beer game's settings). */
  publish?: Command;
}
