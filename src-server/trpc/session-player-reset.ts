/**
 * The session router's `resetOwnGame` (issue 26, `allowPlayerReset`): a player of a session that
 * allows it starts their own team's game of the round being played over, before it has started. The
 * rule (src-shared/session/player-reset.ts) is decided on the game's state as the reset is recorded,
 * in the command's own turn on the game's stream: a week closing (or a lean round starting) at the
 * same moment cannot slip in between the check and the reset. Each game type says, through its
 * session entry (streams/, `rounds`), where its seats are, when it has started and how it resets.
 */
import { type Actor, DomainError, gameStreamId } from '../../src-shared/eventsourcing';
import { currentRound, playerResetRefusal, type ResettableGame } from '../../src-shared/session';
import { gamesOfRound } from '../read-models/sessions';
import { type AnyGameType, gameTypeNamed } from '../streams';
import type { Context } from './context';
import type { LoadedSession } from './procedures';
import { appError } from './trpc';

type PlayerContext = Context & { user: NonNullable<Context['user']>; session: LoadedSession };

/** The game as the rule reads it, from its type's session facts; null when `userId` holds no seat in it. */
function seen(type: AnyGameType, state: unknown, userId: string, now: number): ResettableGame | null {
  const { exists, deleted } = state as { exists: boolean; deleted: boolean };
  if (!exists) return null;
  const game = type.rounds.teamGame(state, now);
  if (!game.seats.some((seat) => seat.userId === userId)) return null;
  return { finished: game.finished, deleted, started: game.started };
}

/** The stream of `type`, whose commands are refused unless the rule allows the reset on the state decided on. */
export function guarded(type: AnyGameType, allowPlayerReset: boolean, userId: string) {
  const { stream } = type;
  return {
    ...stream,
    decider: {
      ...stream.decider,
      decide: (command: unknown, state: unknown, context: Parameters<typeof stream.decider.decide>[2]) => {
        const game = seen(type, state, userId, context.now);
        const refusal = playerResetRefusal({ allowPlayerReset, game });
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
  if (!state.setup.config.allowPlayerReset) throw appError('FORBIDDEN', 'beergame.errNotAllowed');
  const round = currentRound(state);
  if (round === 0 || !state.published) throw appError('BAD_REQUEST', 'session.errNotOpen');
  const games = await gamesOfRound(ctx.services.database.db, state.sessionId, round);
  const held = games.find((game) => game.player_ids.includes(ctx.user.id));
  if (!held) throw appError('FORBIDDEN', 'errors.membersOnly');
  const type = gameTypeNamed(state.setup.rounds[round - 1]?.gameType ?? 'beergame')!;
  const actor: Actor = { userId: ctx.user.id, role: 'system' };
  await ctx.services.commands.execute(
    guarded(type, state.setup.config.allowPlayerReset, ctx.user.id),
    gameStreamId(held.id),
    type.rounds.reset,
    { now: ctx.services.now(), actor, commandId: `player-reset-${commandId}` },
  );
  return { gameId: held.id };
}
