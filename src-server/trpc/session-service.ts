/**
 * What a session does to its games, whatever their type (issue 26): opening a round (one game per
 * team, in one transaction), seating players, the follow-up's bulk actions and the results. The
 * session's own decisions are events on its `session-<id>` stream; what it does to its games are
 * the games' own commands, asked of each round's game type (streams/, `rounds`), run with
 * deterministic command ids so that a retried call applies once.
 */
import { createHash, randomInt } from 'node:crypto';
import { TRPCError } from '@trpc/server';
import type { TeamsAction } from '../../src-shared/api/session';
import { type Actor, DomainError, gameStreamId } from '../../src-shared/eventsourcing';
import type { Locale } from '../../src-shared/rules/locale';
import {
  computerSeatForLateJoiner,
  currentRound,
  emptiestTeam,
  nextRoundSeats,
  type PlacedGame,
  type Round,
  type SessionCommand,
  type SessionSetup,
  type SessionState,
  sessionStreamId,
  type TeamGame,
  teamName,
} from '../../src-shared/session';
import { admitPlayer } from '../billing/usage';
import { messagesIn } from '../messages';
import { copyGameIds } from '../read-models/games';
import { freeSessionCode, gamesOfRound, gamesOfSession } from '../read-models/sessions';
import { type AnyGameType, gameTypeNamed } from '../streams';
import { sessionStream } from '../streams/session';
import type { Context } from './context';
import { actorOf, admitNewGames, type LoadedSession } from './procedures';
import { appError } from './trpc';

type SignedIn = Context & { user: NonNullable<Context['user']> };
export type AdminContext = SignedIn & { session: LoadedSession };

const contextOf = (ctx: Context, commandId: string, actor: Actor = actorOf(ctx)) => ({
  now: ctx.services.now(),
  actor,
  commandId,
});

/** What the server does to a session's games for one of its admins, checked here first. */
const onBehalfOf = (ctx: SignedIn): Actor => ({ userId: ctx.user.id, role: 'system' });

/** A command on a session; a teammate of its creator acts as an admin (the decider checks it). */
export function runSession(
  ctx: Context & { session?: LoadedSession },
  sessionId: string,
  command: SessionCommand,
  commandId: string,
) {
  const teammateIds = ctx.session?.sessionId === sessionId ? ctx.session.teammateIds : undefined;
  return ctx.services.commands.execute(sessionStream, sessionStreamId(sessionId), command, {
    ...contextOf(ctx, commandId),
    teammateIds,
  });
}

/** A session's id from its creator's command: a retried creation finds the session it made. */
export const sessionIdFor = (userId: string, commandId: string) =>
  createHash('sha256').update(`session/${userId}/${commandId}`).digest('base64url').slice(0, 12);

/** The game type of a round (every round names one the registry serves). */
function typeOfRound(round: Pick<Round, 'gameType'>): AnyGameType {
  const type = gameTypeNamed(round.gameType);
  if (!type) throw appError('BAD_REQUEST', 'errors.invalidInput');
  return type;
}

/** The game type of the round `roundNumber` of a session. */
const typeOfRoundNumber = (s: SessionState, roundNumber: number) =>
  typeOfRound(s.setup.rounds[roundNumber - 1] ?? { gameType: 'beergame' });

function runGame(
  ctx: Context,
  type: AnyGameType,
  gameId: string,
  command: unknown,
  commandId: string,
  actor?: Actor,
) {
  return ctx.services.commands.execute(
    type.stream,
    gameStreamId(gameId),
    command,
    contextOf(ctx, commandId, actor),
  );
}

const loadGame = async (ctx: Context, type: AnyGameType, gameId: string): Promise<unknown> =>
  (await ctx.services.commands.load(type.stream, gameStreamId(gameId))).state;

/** A team's game as the session reads it (its seats, whether it is over), whatever its type. */
export async function teamGameOf(ctx: Context, type: AnyGameType, gameId: string): Promise<TeamGame> {
  return type.rounds.teamGame(await loadGame(ctx, type, gameId), ctx.services.now());
}

/** Rounds the server can play: each round's configuration as its game type accepts it. */
export function checkedSetup(setup: SessionSetup): SessionSetup {
  const rounds = setup.rounds.map(
    (round): Round => ({ ...round, config: typeOfRound(round).rounds.checkConfig(round.config) }),
  );
  return { ...setup, rounds };
}

/**
 * Opens round `roundNumber`: its games, one per team, in one transaction (ids drawn from the
 * session and round, so a retry finds them), then the players carried over from the round before
 * (spec `teamComposition`), then the session's event. Seated before the round shows as open, a
 * player's pages find their seat in the same change that opens the round, and follow it at once.
 * A player whose seat cannot be had (another network, another game) gets a free one of their
 * team; a full team leaves them to choose in the lobby.
 */
async function openRound(ctx: SignedIn, s: SessionState, roundNumber: number, commandId: string) {
  const { services } = ctx;
  const round = s.setup.rounds[roundNumber - 1];
  if (!round) throw appError('BAD_REQUEST', 'session.errLastRound');
  const type = typeOfRound(round);
  const { gameIds, existing } = await copyGameIds(
    services.database.db,
    `session/${s.sessionId}/round/${roundNumber}`,
    s.setup.teamCount,
  );
  const language = (round.config.language as Locale | null | undefined) ?? 'en';
  const defaultTeam = (await messagesIn(language))['session.teamLabel']!;
  // The round's games are the session creator's, one per team: counted as games.
  if (!existing) await admitNewGames(ctx, s.creatorId, s.setup.teamCount);
  if (!existing)
    await services.commands.createMany(
      type.stream,
      gameIds.map((gameId, i) => ({
        streamId: gameStreamId(gameId),
        command: type.rounds.create(round.config, {
          gameId,
          name: `${round.name} · ${teamName(s.setup, i + 1, defaultTeam)}`.slice(0, 200),
          creatorId: s.creatorId,
          seed: randomInt(2 ** 31),
          session: { sessionId: s.sessionId, roundNumber, teamNumber: i + 1 },
        }),
      })),
      contextOf(ctx, `session-${s.sessionId}-round-${roundNumber}`, onBehalfOf(ctx)),
    );
  if (roundNumber > 1) await seatCarriedOver(ctx, s, roundNumber, type, gameIds);
  await runSession(ctx, s.sessionId, { type: 'OpenRound', roundNumber, gameIds }, `${commandId}-open`);
}

/**
 * The players of round `roundNumber - 1` in the games of round `roundNumber`, as `teamComposition`
 * says. A player keeps their seat when the next round's game has it (same game type and network),
 * else sits anywhere free in their team.
 */
async function seatCarriedOver(
  ctx: SignedIn,
  s: SessionState,
  roundNumber: number,
  type: AnyGameType,
  gameIds: string[],
) {
  const previousType = typeOfRoundNumber(s, roundNumber - 1);
  const previous = await Promise.all(
    (s.roundGames[roundNumber - 2] ?? []).map((id) => teamGameOf(ctx, previousType, id)),
  );
  const seats = previous.flatMap((game, i) =>
    game.seats.flatMap((f) =>
      f.userId === null ? [] : [{ userId: f.userId, teamNumber: i + 1, facilityId: f.facilityId }],
    ),
  );
  const roles = previous[0]?.seats.map((f) => f.facilityId) ?? [];
  const next = nextRoundSeats(s.setup.config.teamComposition, seats, s.setup.teamCount, roles, roundNumber);
  for (const seat of next) {
    const gameId = gameIds[seat.teamNumber - 1]!;
    const actor: Actor = { userId: seat.userId, role: 'player' };
    const id = `session-${s.sessionId}-round-${roundNumber}-${seat.userId}`.slice(0, 120);
    try {
      const state = await loadGame(ctx, type, gameId);
      await runGame(ctx, type, gameId, type.rounds.sit(state, seat.facilityId), id, actor);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      try {
        const state = await loadGame(ctx, type, gameId);
        const anywhere = type.rounds.sitAnywhere(state, id);
        if (anywhere) await runGame(ctx, type, gameId, anywhere, `${id}-any`, actor);
      } catch (again) {
        if (!(again instanceof DomainError)) throw again;
      }
    }
  }
}

/** The session's code (drawn once) and its first round's games: players can join from now on. */
export async function openToPlayers(ctx: AdminContext, commandId: string) {
  let { state } = ctx.session;
  if (state.code === null) {
    const code = await freeSessionCode(ctx.services.database.db, state.sessionId);
    state = (await runSession(ctx, state.sessionId, { type: 'GenerateCode', code }, `${commandId}-code`))
      .state;
  }
  if (currentRound(state) === 0) await openRound(ctx, state, 1, commandId);
}

/** Moves everyone to the next round: its games, the players carried over as `teamComposition` says. */
export async function openNextRound(ctx: AdminContext, commandId: string): Promise<number> {
  const { state } = ctx.session;
  const round = currentRound(state);
  if (round === 0) throw appError('BAD_REQUEST', 'session.errNotOpen');
  if (round >= state.setup.rounds.length) throw appError('BAD_REQUEST', 'session.errLastRound');
  await openRound(ctx, state, round + 1, commandId);
  return round + 1;
}

/** The games of the round being played among `gameIds`; any other id refuses the whole request. */
function gamesOfCurrentRound(s: SessionState, gameIds: readonly string[]): string[] {
  const current = s.roundGames[currentRound(s) - 1] ?? [];
  for (const gameId of gameIds)
    if (!current.includes(gameId)) throw appError('NOT_FOUND', 'dashboard.messGameUnknown');
  return [...new Set(gameIds)];
}

/** The outcome of a bulk action: games done, and games that refused with their message. */
export interface BulkOutcome {
  done: number;
  refused: Array<{ gameId: string; messageId: string }>;
}

/** Runs `commands(state)` on each game of one type; a game that refuses (finished, say) is counted, not fatal. */
async function actOnGames(
  ctx: AdminContext,
  type: AnyGameType,
  gameIds: readonly string[],
  commandId: string,
  commands: (state: unknown) => unknown[],
): Promise<BulkOutcome> {
  let done = 0;
  const refused: BulkOutcome['refused'] = [];
  for (const gameId of gameIds) {
    const state = await loadGame(ctx, type, gameId);
    try {
      for (const [i, command] of commands(state).entries())
        await runGame(ctx, type, gameId, command, `${commandId}-${gameId}-${i}`, onBehalfOf(ctx));
      done++;
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      refused.push({ gameId, messageId: error.messageId });
    }
  }
  return { done, refused };
}

/** Starts the round being played: what starting means to its games (empty seats to the computer). */
export async function startCurrentRound(ctx: AdminContext, commandId: string): Promise<BulkOutcome> {
  const { state } = ctx.session;
  const round = currentRound(state);
  if (round === 0) throw appError('BAD_REQUEST', 'session.errNotOpen');
  await runSession(ctx, state.sessionId, { type: 'StartRound', roundNumber: round }, `${commandId}-start`);
  const type = typeOfRoundNumber(state, round);
  return actOnGames(ctx, type, state.roundGames[round - 1]!, commandId, (game) => type.rounds.start(game));
}

/** Deletes every game of a session (the session's own event comes first). */
export function deleteGamesOf(ctx: AdminContext, commandId: string): Promise<BulkOutcome[]> {
  const { state } = ctx.session;
  return Promise.all(
    state.roundGames.map((gameIds, i) => {
      const type = typeOfRoundNumber(state, i + 1);
      return actOnGames(ctx, type, gameIds, `${commandId}-r${i + 1}`, () => [type.rounds.delete]);
    }),
  );
}

/**
 * The follow-up's action on many teams' games of the round being played at once. A lever the
 * round's game type does not have (the week's close in a lean round) refuses the request.
 */
export function actOnTeams(
  ctx: AdminContext,
  gameIds: readonly string[],
  action: TeamsAction,
  commandId: string,
): Promise<BulkOutcome> {
  const { state } = ctx.session;
  const ids = gamesOfCurrentRound(state, gameIds);
  const type = typeOfRoundNumber(state, currentRound(state));
  const { rounds } = type;
  // A lever the type lacks refuses the request at its first game, before any command runs.
  const turns = () => {
    if (!rounds.turns) throw appError('BAD_REQUEST', 'session.errActionNotForRound');
    return rounds.turns;
  };
  const commands = (game: unknown): unknown[] => {
    switch (action.type) {
      case 'closeWeek':
        return [turns().closeWeek(game)];
      case 'startTimer':
        return [turns().startTimer(action.seconds)];
      case 'stopTimer':
        return [turns().stopTimer];
      case 'message':
        return [turns().message(action.text)];
      case 'start':
        return rounds.start(game);
      case 'handFreeSeatsToComputer':
        return rounds.handFreeSeatsToComputer(game);
      case 'reset':
        return [rounds.reset];
      case 'endGame':
        return [rounds.end];
    }
  };
  return actOnGames(ctx, type, ids, commandId, commands);
}

/** Every game of a session that still exists, with where it sits, for results and responses. */
export async function placedGames(ctx: Context, s: SessionState): Promise<PlacedGame[]> {
  const rows = await gamesOfSession(ctx.services.database.db, s.sessionId);
  const now = ctx.services.now();
  return Promise.all(
    rows.map(async (row) => {
      const roundNumber = row.round_number ?? 0;
      const type = typeOfRoundNumber(s, roundNumber);
      const state = await loadGame(ctx, type, row.id);
      return type.rounds.placed(state, { roundNumber, teamNumber: row.team_number ?? 0 }, now);
    }),
  );
}

type RoundRow = Awaited<ReturnType<typeof gamesOfRound>>[number];

/**
 * The seat a player joining the round being played asks for, and the game command that takes it:
 * the seat they chose (one the computer plays since the start is taken back), else a free seat
 * of the team they chose or of the emptiest team (`allowJoinRandom`), else, once the round started,
 * a seat the computer plays in the team with the fewest players.
 */
async function seatFor(
  ctx: Context,
  state: SessionState,
  type: AnyGameType,
  games: RoundRow[],
  input: { teamNumber?: number | undefined; facilityId?: string | undefined; commandId: string },
): Promise<{ seat: { gameId: string; teamNumber: number }; command: unknown }> {
  if (input.teamNumber === undefined && !state.setup.config.allowJoinRandom)
    throw appError('BAD_REQUEST', 'session.errPickTeam');
  const candidates =
    input.teamNumber === undefined ? games : games.filter((g) => g.team_number === input.teamNumber);
  if (candidates.length === 0) throw appError('BAD_REQUEST', 'session.errTeamUnknown');
  const seatIn = (game: RoundRow) => ({ gameId: game.id, teamNumber: game.team_number ?? 1 });
  if (input.facilityId !== undefined) {
    const game = candidates[0]!;
    return {
      seat: seatIn(game),
      command: type.rounds.sit(await loadGame(ctx, type, game.id), input.facilityId),
    };
  }
  const emptiest = emptiestTeam(
    candidates.map((game) => ({ game, teamNumber: game.team_number ?? 1, freeSeats: game.free_seats })),
  );
  if (emptiest) {
    const command = type.rounds.sitAnywhere(await loadGame(ctx, type, emptiest.game.id), input.commandId);
    if (command) return { seat: seatIn(emptiest.game), command };
  }
  const teams = await Promise.all(
    candidates.map(async (game) => {
      const teamGame = await teamGameOf(ctx, type, game.id);
      return {
        teamNumber: game.team_number ?? 1,
        gameId: game.id,
        facilities: teamGame.seats.map((f) => ({ id: f.facilityId, userId: f.userId, computer: f.computer })),
      };
    }),
  );
  const late = computerSeatForLateJoiner(teams);
  if (!late)
    throw appError(
      'CONFLICT',
      input.teamNumber === undefined ? 'session.errSessionFull' : 'beergame.errNoFreeRole',
    );
  const game = teams.find((team) => team.teamNumber === late.teamNumber)!;
  return {
    seat: { gameId: game.gameId, teamNumber: late.teamNumber },
    command: type.rounds.sit(await loadGame(ctx, type, game.gameId), late.facilityId),
  };
}

/**
 * A player's seat in the round being played: the one they already hold (a rejoin from the same
 * device), else the one `seatFor` finds (late joiners take over seats the computer plays).
 */
export async function seatPlayer(
  ctx: SignedIn & { session: LoadedSession },
  input: { teamNumber?: number | undefined; facilityId?: string | undefined; commandId: string },
) {
  const { state } = ctx.session;
  const round = currentRound(state);
  if (round === 0 || !state.published) throw appError('BAD_REQUEST', 'session.errNotOpen');
  const type = typeOfRoundNumber(state, round);
  const answer = async (gameId: string, teamNumber: number) => {
    const seat = (await teamGameOf(ctx, type, gameId)).seats.find((f) => f.userId === ctx.user.id);
    if (!seat) throw appError('CONFLICT', 'beergame.errNoFreeRole');
    return { gameId, teamNumber, facilityId: seat.facilityId, roundNumber: round, gameType: type.name };
  };
  const anySeat = input.teamNumber === undefined && input.facilityId === undefined;
  // A class joins at once: the seat picked a moment ago (the emptiest team's, a lean game's first
  // free station) may be taken before this player sits, and its game refuses it. Any free seat is
  // then looked for again, on the teams as they are now (their rows change with each seat taken):
  // each refusal is a seat someone else took, so it ends by a seat or a full round.
  let seatsLeft = Number.POSITIVE_INFINITY;
  for (let attempt = 1; ; attempt++) {
    const games = await gamesOfRound(ctx.services.database.db, state.sessionId, round);
    const held = games.find((game) => game.player_ids.includes(ctx.user.id));
    if (held) return answer(held.id, held.team_number ?? 0);
    if (attempt === 1) {
      await admitPlayer(ctx, { gameType: type.name, creatorId: state.creatorId }, ctx.user.id);
      seatsLeft = games.reduce((sum, game) => sum + game.free_seats, 0);
    }
    try {
      const { seat, command } = await seatFor(ctx, state, type, games, input);
      await runGame(ctx, type, seat.gameId, command, input.commandId);
      return answer(seat.gameId, seat.teamNumber);
    } catch (error) {
      // A full round read while others were sitting (the teams' rows and their games read a
      // moment apart) is read again too.
      const refused =
        error instanceof DomainError ||
        (error instanceof TRPCError && error.message === 'session.errSessionFull');
      if (!anySeat || !refused || attempt > seatsLeft) throw error;
    }
  }
}

/** Whether the viewer holds a seat in any game of the session (the results' players). */
export async function isPlayerOf(ctx: Context, s: SessionState, userId: string): Promise<boolean> {
  const rows = await gamesOfSession(ctx.services.database.db, s.sessionId);
  return rows.some((row) => row.player_ids.includes(userId));
}
