/** The session decider: one function per command, each refusing with a message id or deciding events. */
import { type CommandContext, type Decider, DomainError } from '../eventsourcing/decider';
import { isSessionAdmin } from '../rules/session-admin';
import type { SessionEvent } from './events';
import { evolveSession } from './evolve';
import { type SessionCommand, type SessionSetup, sessionCommandSchema } from './schemas';
import { currentRound, initialSessionState, type SessionState } from './state';

type Ctx = CommandContext;
type CommandOf<T extends SessionCommand['type']> = Extract<SessionCommand, { type: T }>;

function requireSession(s: SessionState): void {
  if (!s.exists || s.deleted) throw new DomainError('session.sessionNotFound');
}

/** Admin commands come from a session admin, or from the server itself (`system`). */
function requireAdmin(s: SessionState, ctx: Ctx): void {
  if (ctx.actor.role === 'system') return;
  if (!isSessionAdmin(s, { userId: ctx.actor.userId, teammateIds: ctx.teammateIds }))
    throw new DomainError('session.errNotAdmin');
}

/** Round ids name rounds in `lockedRounds`: two rounds may not share one. */
function checkSetup(setup: SessionSetup): void {
  const ids = new Set(setup.rounds.map((r) => r.id));
  if (ids.size !== setup.rounds.length) throw new DomainError('session.errRoundIdsRepeat');
}

function create(s: SessionState, c: CommandOf<'CreateSession'>, ctx: Ctx): SessionEvent[] {
  if (s.exists) throw new DomainError('session.errExists');
  checkSetup(c.setup);
  return [
    {
      type: 'SessionCreated',
      data: {
        sessionId: c.sessionId,
        creatorId: c.creatorId,
        template: c.template,
        duplicateOf: c.duplicateOf,
        setup: c.setup,
        published: c.duplicateOf !== null,
        at: ctx.now,
      },
    },
  ];
}

/**
 * Rounds whose games exist keep their configuration, and the number of teams is fixed once a round
 * has games: a game is never changed under its players by the session's editor.
 */
function edit(s: SessionState, c: CommandOf<'EditSession'>, ctx: Ctx): SessionEvent[] {
  checkSetup(c.setup);
  const opened = currentRound(s);
  if (opened > 0) {
    const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
    if (
      c.setup.teamCount !== s.setup.teamCount ||
      c.setup.rounds.length < opened ||
      !same(c.setup.rounds.slice(0, opened), s.setup.rounds.slice(0, opened))
    )
      throw new DomainError('session.errRoundsStarted');
  }
  return [{ type: 'SessionEdited', data: { setup: c.setup, at: ctx.now } }];
}

/** Rounds open in order, each with one game per team. */
function openRound(s: SessionState, c: CommandOf<'OpenRound'>, ctx: Ctx): SessionEvent[] {
  if (c.roundNumber === currentRound(s)) return [];
  if (c.roundNumber !== currentRound(s) + 1 || c.roundNumber > s.setup.rounds.length)
    throw new DomainError('session.errRoundOrder');
  if (s.code === null) throw new DomainError('session.errNoCode');
  if (c.gameIds.length !== s.setup.teamCount || new Set(c.gameIds).size !== c.gameIds.length)
    throw new DomainError('session.errRoundGames');
  return [{ type: 'RoundOpened', data: { roundNumber: c.roundNumber, gameIds: c.gameIds, at: ctx.now } }];
}

function startRound(s: SessionState, c: CommandOf<'StartRound'>, ctx: Ctx): SessionEvent[] {
  if (c.roundNumber !== currentRound(s)) throw new DomainError('session.errRoundNotOpen');
  if (s.startedRounds.includes(c.roundNumber)) return [];
  return [{ type: 'RoundStarted', data: { roundNumber: c.roundNumber, at: ctx.now } }];
}

function requireRound(s: SessionState, roundId: string): void {
  if (!s.setup.rounds.some((r) => r.id === roundId)) throw new DomainError('session.errRoundUnknown');
}

export function decideSession(c: SessionCommand, s: SessionState, ctx: Ctx): SessionEvent[] {
  const command = sessionCommandSchema.parse(c);
  if (command.type === 'CreateSession') return create(s, command, ctx);
  requireSession(s);
  requireAdmin(s, ctx);
  switch (command.type) {
    case 'EditSession':
      return edit(s, command, ctx);
    case 'PublishSession':
      return s.published ? [] : [{ type: 'SessionPublished', data: { at: ctx.now } }];
    case 'UnpublishSession':
      return s.published ? [{ type: 'SessionUnpublished', data: { at: ctx.now } }] : [];
    case 'GenerateCode':
      return s.code === null ? [{ type: 'SessionCodeGenerated', data: { code: command.code } }] : [];
    case 'OpenRound':
      return openRound(s, command, ctx);
    case 'StartRound':
      return startRound(s, command, ctx);
    case 'LockRound':
      requireRound(s, command.roundId);
      return s.lockedRounds[command.roundId]
        ? []
        : [{ type: 'RoundLocked', data: { roundId: command.roundId } }];
    case 'UnlockRound':
      requireRound(s, command.roundId);
      return s.lockedRounds[command.roundId]
        ? [{ type: 'RoundUnlocked', data: { roundId: command.roundId } }]
        : [];
    case 'DeleteSession':
      return [{ type: 'SessionDeleted', data: { at: ctx.now } }];
  }
}

export const sessionDecider: Decider<SessionCommand, SessionEvent, SessionState> = {
  initialState: initialSessionState,
  decide: decideSession,
  evolve: evolveSession,
};
