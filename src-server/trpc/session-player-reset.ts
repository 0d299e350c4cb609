/**
 * The session router's `resetOwnGame` (issue 26, `allowPlayerReset`): a player of a session that
 * allows it starts their own team's game of the round being played over, before it has started. The
 * rule (src-shared/session/player-reset.ts) is decided on the game's state as the reset is recorded,
 * in the command's own turn on the game's stream: a week closing (or a lean round starting) at the
 * same moment cannot slip in between the check and the reset. Each game type says, in its adapter
 * below, where its seats are, when it has started and which command resets it.
 */
import type { BeerCommand, BeerState } from '../../src-shared/beergame';
import { type Actor, DomainError, type DomainEvent, gameStreamId } from '../../src-shared/eventsourcing';
import type { LeanCommand, LeanState } from '../../src-shared/leangame';
import {
  beerGameStarted,
  currentRound,
  playerResetRefusal,
  type ResettableGame,
} from '../../src-shared/session';
import type { StreamType } from '../eventstore/command-handler';
import { gamesOfRound } from '../read-models/sessions';
import { beergameType } from '../streams/beergame';
import { leangameType } from '../streams/leangame';
import type { Context } from './context';
import type { LoadedSession } from './procedures';
import { appError } from './trpc';

type PlayerContext = Context & { user: NonNullable<Context['user']>; session: LoadedSession };

/** What the rule needs of one game type: its stream, the caller's game as the rule reads it, its reset. */
interface ResetAdapter<C, S> {
  stream: StreamType<C, DomainEvent, S>;
  /** The game as the rule reads it, or null when `userId` holds no seat in it. */
  seen(state: S, userId: string): ResettableGame | null;
  reset: C;
}

export const beerReset: ResetAdapter<BeerCommand, BeerState> = {
  stream: beergameType.stream as StreamType<BeerCommand, DomainEvent, BeerState>,
  seen: (s, userId) =>
    s.exists && s.facilities.some((f) => f.userId === userId)
      ? { finished: s.finished, deleted: s.deleted, started: beerGameStarted(s) }
      : null,
  reset: { type: 'ResetGame' },
};

export const leanReset: ResetAdapter<LeanCommand, LeanState> = {
  stream: leangameType.stream as StreamType<LeanCommand, DomainEvent, LeanState>,
  // A lean round has started once its clock runs; it is over once it has ended.
  seen: (s, userId) =>
    s.exists && s.facilities.some((f) => f.user === userId)
      ? { finished: s.endAt !== null, deleted: s.deleted, started: s.startAt !== null }
      : null,
  reset: { type: 'ResetLeanGame' },
};

/** The stream of `adapter`, whose commands are refused unless the rule allows the reset on the state decided on. */
export function guarded<C, S>(adapter: ResetAdapter<C, S>, allowPlayerReset: boolean, userId: string) {
  const { stream } = adapter;
  return {
    ...stream,
    decider: {
      ...stream.decider,
      decide: (command: C, state: S, context: Parameters<typeof stream.decider.decide>[2]) => {
        const refusal = playerResetRefusal({ allowPlayerReset, game: adapter.seen(state, userId) });
        if (refusal) throw new DomainError(refusal);
        return stream.decider.decide(command, state, context);
      },
    },
  };
}

async function resetWith<C, S>(
  ctx: PlayerContext,
  adapter: ResetAdapter<C, S>,
  gameId: string,
  commandId: string,
) {
  const allow = ctx.session.state.setup.config.allowPlayerReset;
  const actor: Actor = { userId: ctx.user.id, role: 'system' };
  await ctx.services.commands.execute(
    guarded(adapter, allow, ctx.user.id),
    gameStreamId(gameId),
    adapter.reset,
    {
      now: ctx.services.now(),
      actor,
      commandId: `player-reset-${commandId}`,
    },
  );
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
  if (state.setup.rounds[round - 1]?.gameType === 'leangame')
    await resetWith(ctx, leanReset, held.id, commandId);
  else await resetWith(ctx, beerReset, held.id, commandId);
  return { gameId: held.id };
}
