/**
 * The session router's `resetOwnGame` (issue 26, `allowPlayerReset`): a player of a session that allows it
 * starts their own team's game of the round being played over, before it has started. The rule
 * (src-shared/session/player-reset.ts) is decided on the game's state as the reset is recorded, in
 * the command's own turn on the game's stream: a week closing at the same moment cannot slip in
 * between the check and the reset.
 */
import type { BeerCommand, BeerEvent, BeerState } from '../../src-shared/beergame';
import { type Actor, DomainError, gameStreamId } from '../../src-shared/eventsourcing';
import { beerGameStarted, currentRound, playerResetRefusal } from '../../src-shared/session';
import type { StreamType } from '../eventstore/command-handler';
import { gamesOfRound } from '../read-models/sessions';
import { beergameType } from '../streams/beergame';
import type { Context } from './context';
import type { LoadedSession } from './procedures';
import { appError } from './trpc';

type PlayerContext = Context & { user: NonNullable<Context['user']>; session: LoadedSession };

/** Why `userId` may not reset `game` now, by the session's setting and the game as it stands. */
function refusalFor(allowPlayerReset: boolean, game: BeerState, userId: string): string | null {
  const seated = game.exists && game.facilities.some((f) => f.userId === userId);
  return playerResetRefusal({
    allowPlayerReset,
    game: seated ? { finished: game.finished, deleted: game.deleted, started: beerGameStarted(game) } : null,
  });
}

/** The beer game's stream, whose reset is refused unless the rule allows it on the state it is decided on. */
function guardedStream(
  allowPlayerReset: boolean,
  userId: string,
): StreamType<BeerCommand, BeerEvent, BeerState> {
  const { stream } = beergameType;
  return {
    ...stream,
    decider: {
      ...stream.decider,
      decide: (command, state, context) => {
        const refusal = refusalFor(allowPlayerReset, state, userId);
        if (refusal) throw new DomainError(refusal);
        return stream.decider.decide(command, state, context);
      },
    },
  };
}

/**
 * Resets the caller's game of the round being played, on their behalf (the server acting for a
 * player it has checked: role `system`, the player's id), and answers which game it was.
 */
export async function resetOwnGame(ctx: PlayerContext, commandId: string): Promise<{ gameId: string }> {
  const { state } = ctx.session;
  const { allowPlayerReset } = state.setup.config;
  if (!allowPlayerReset) throw appError('FORBIDDEN', 'beergame.errNotAllowed');
  const round = currentRound(state);
  if (round === 0 || !state.published) throw appError('BAD_REQUEST', 'session.errNotOpen');
  const games = await gamesOfRound(ctx.services.database.db, state.sessionId, round);
  const held = games.find((game) => game.player_ids.includes(ctx.user.id));
  if (!held) throw appError('BAD_REQUEST', 'errors.membersOnly');
  const actor: Actor = { userId: ctx.user.id, role: 'system' };
  await ctx.services.commands.execute(
    guardedStream(allowPlayerReset, ctx.user.id),
    gameStreamId(held.id),
    { type: 'ResetGame' },
    { now: ctx.services.now(), actor, commandId: `player-reset-${commandId}` },
  );
  return { gameId: held.id };
}
