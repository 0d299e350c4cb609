/**
 * A game type: everything the server's plumbing needs to serve one kind of game on `game-<id>`
 * streams (load, command, project, watch), so that a new game type is served by adding an entry
 * to the registry (streams/index.ts) and its own procedures, without touching the rest.
 */
import type { SessionPlace } from '../../src-shared/beergame';
import type { ActorRole, DomainEvent } from '../../src-shared/eventsourcing';
import type { PlacedGame, TeamGame } from '../../src-shared/session';
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
  /** How a session plays rounds of this type (issue 26): the session service asks only this. */
  rounds: RoundGames<Command, State>;
}

/**
 * A session's round played in games of one type, one game per team: what the session service
 * (trpc/session-service.ts) needs to create, seat, drive and summarise them without knowing
 * the type. Commands run for an admin as the system; a seat's command runs as its player.
 */
export interface RoundGames<Command, State> {
  /** The round's configuration as the session keeps it, checked; a refusal throws its message id. */
  checkConfig(config: Record<string, unknown>): Record<string, unknown>;
  /** The command creating a team's game of a round whose configuration passed `checkConfig`. */
  create(
    config: Record<string, unknown>,
    game: { gameId: string; name: string; creatorId: string; seed: number; session: SessionPlace },
  ): Command;
  /** The team's game as the lobby, the follow-up and the round's end read it, at server time `now`. */
  teamGame(state: State, now: number): TeamGame;
  /** The game for the session's results and responses. */
  placed(state: State, place: { roundNumber: number; teamNumber: number }, now: number): PlacedGame;
  /** A player's command to sit on `facilityId` (a seat the computer plays is taken back). */
  sit(state: State, facilityId: string): Command;
  /** A player's command to sit on any free seat, drawn with `seed`; null when none is free. */
  sitAnywhere(state: State, seed: string): Command | null;
  /** What starting the round does to a team's game (its free seats go to the computer). */
  start(state: State): Command[];
  /** Free seats to the computer now (a type whose round start does it may have nothing to do). */
  handFreeSeatsToComputer(state: State): Command[];
  end: Command;
  reset: Command;
  delete: Command;
  /** A turn-based type's weekly levers; absent: the follow-up does not offer them for its rounds. */
  turns?: {
    closeWeek(state: State): Command;
    startTimer(seconds: number): Command;
    stopTimer: Command;
    message(text: string): Command;
  };
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
