/**
 * What a viewer sees of a session (spec point 2's session pages): its rounds, the teams of the
 * round being played with their seats, the viewer's own place, and for its admins the follow-up
 * rows. Computed on the server from the session's state and its current games; nothing of another
 * player but their display name and whether they have ordered leaves it.
 */
import { sessionFinished } from './rounds';
import type { SessionConfig } from './schemas';
import { currentRound, type SessionState } from './state';
import type { BeerTeamGame, LeanTeamGame, TeamGame, TeamGameSeat } from './team-game';

export interface SessionSeatView {
  facilityId: string;
  name: string;
  /** A player sits here (their display name, when known). */
  taken: boolean;
  playerName: string | null;
  computer: boolean;
  mine: boolean;
}

export interface SessionTeamView {
  teamNumber: number;
  gameId: string;
  gameType: TeamGame['gameType'];
  seats: SessionSeatView[];
  freeSeats: number;
  /** Beer game: the week under way and the game's length; lean game: null. */
  week: number | null;
  weeks: number | null;
  started: boolean;
  finished: boolean;
}

export interface SessionRoundView {
  id: string;
  name: string;
  description: string;
  gameType: 'beergame' | 'leangame';
  locked: boolean;
}

/** A game of a session the viewer sat in (or, for an admin, every game): the round list's entries. */
export interface SessionGameOfViewer {
  roundNumber: number;
  teamNumber: number;
  gameId: string;
  finished: boolean;
}

export interface SessionView {
  sessionId: string;
  name: string;
  published: boolean;
  /** The join code, once generated. */
  code: string | null;
  isAdmin: boolean;
  config: SessionConfig;
  teamNames: string[];
  localeLabels: { team: string; round: string };
  teamCount: number;
  rounds: SessionRoundView[];
  /** The round players are in (0: none opened yet) and whether it has started. */
  currentRound: number;
  started: boolean;
  /** Every game of the last round has ended (`sessionFinished`). */
  finished: boolean;
  teams: SessionTeamView[];
  /** The viewer's seat in the current round. */
  me: { teamNumber: number; gameId: string; facilityId: string } | null;
  /** The viewer's games, round by round (the round dropdown). */
  myGames: SessionGameOfViewer[];
  /** Admins only: one row per team for the current round, with who is connected. */
  followUp: FollowUpRow[] | null;
}

/** A seat on the follow-up: who plays it, and whether they are watching the game now. */
export type FollowUpSeat = TeamGameSeat & { playerName: string | null; connected: boolean };
type FollowUpOf<T extends TeamGame> = Omit<T, 'seats'> & { teamNumber: number; seats: FollowUpSeat[] };
/** A team's row on the follow-up page: its game's facts, by game type. */
export type FollowUpRow = FollowUpOf<BeerTeamGame> | FollowUpOf<LeanTeamGame>;

/** What the server knows of a session's games when it computes a view. */
export interface SessionGames {
  /** The current round's games, by team (null: not loaded or deleted). */
  current: Array<TeamGame | null>;
  /** Every game of the session with its players (the games read model). */
  all: Array<{
    roundNumber: number;
    teamNumber: number;
    gameId: string;
    playerIds: string[];
    finished: boolean;
  }>;
  /** Display names of the players. */
  names: Readonly<Record<string, string>>;
  /** Who is watching each current game live (admins' follow-up), by game id. */
  connected?: (gameId: string) => string[];
}

/** The teams of the round being played with their seats, and the viewer's seat among them. */
function teamsOf(games: SessionGames, userId: string | null) {
  let me: SessionView['me'] = null;
  const teams = games.current.flatMap((game, i): SessionTeamView[] => {
    if (!game) return [];
    const seats = game.seats.map((f) => {
      const mine = userId !== null && f.userId === userId;
      if (mine) me = { teamNumber: i + 1, gameId: game.gameId, facilityId: f.facilityId };
      return {
        facilityId: f.facilityId,
        name: f.name,
        taken: f.userId !== null,
        playerName: f.userId === null ? null : (games.names[f.userId] ?? null),
        computer: f.computer,
        mine,
      };
    });
    return [
      {
        teamNumber: i + 1,
        gameId: game.gameId,
        gameType: game.gameType,
        seats,
        freeSeats: seats.filter((seat) => !seat.taken && !seat.computer).length,
        week: game.gameType === 'beergame' ? game.week : null,
        weeks: game.gameType === 'beergame' ? game.weeks : null,
        started: game.started,
        finished: game.finished,
      },
    ];
  });
  return { teams, me: me as SessionView['me'] };
}

/** The admins' follow-up: one row per team of the round being played, with who is connected. */
function followUpOf(games: SessionGames): NonNullable<SessionView['followUp']> {
  return games.current.flatMap((game, i) => {
    if (!game) return [];
    const connected = games.connected?.(game.gameId) ?? [];
    const seats = game.seats.map((seat) => ({
      ...seat,
      playerName: seat.userId === null ? null : (games.names[seat.userId] ?? null),
      connected: seat.userId !== null && connected.includes(seat.userId),
    }));
    return [{ ...game, seats, teamNumber: i + 1 }];
  });
}

export function viewSession(
  s: SessionState,
  games: SessionGames,
  viewer: { userId: string | null; isAdmin: boolean },
): SessionView {
  const round = currentRound(s);
  const { teams, me } = teamsOf(games, viewer.userId);
  const myGames = games.all
    .filter((g) => viewer.isAdmin || (viewer.userId !== null && g.playerIds.includes(viewer.userId)))
    .map(({ roundNumber, teamNumber, gameId, finished }) => ({ roundNumber, teamNumber, gameId, finished }));
  return {
    sessionId: s.sessionId,
    name: s.setup.name,
    published: s.published,
    code: s.code,
    isAdmin: viewer.isAdmin,
    config: s.setup.config,
    teamNames: s.setup.teamNames,
    localeLabels: s.setup.localeLabels,
    teamCount: s.setup.teamCount,
    rounds: s.setup.rounds.map((r) => ({
      id: r.id,
      name: r.name,
      description: r.description,
      gameType: r.gameType,
      locked: s.lockedRounds[r.id] === true,
    })),
    currentRound: round,
    started: s.startedRounds.includes(round),
    // A game not read yet is not known to be over.
    finished: sessionFinished(
      s.setup.rounds.length,
      round,
      games.current.map((game) => ({ finished: game?.finished ?? false })),
    ),
    teams,
    me,
    myGames,
    followUp: viewer.isAdmin ? followUpOf(games) : null,
  };
}
