/**
 * "Your data" (issue 25, item 9; docs/accounts.md): what an account holder can take away — their
 * account, what they created, the seats they held, their signed-in devices, as JSON — and the
 * deletion of the account with everything it created. Other people's games keep the seats they
 * held when finished: those games name them by user id only, so once the user record is gone they
 * read as a pseudonym (src-shared/rules/erased-player.ts), never as the name or address.
 */
import { type Kysely, sql } from 'kysely';
import { gameStreamId } from '../../src-shared/eventsourcing';
import { accountDeletionRefusal } from '../../src-shared/rules/delete-confirmation';
import { sessionStreamId } from '../../src-shared/session';
import type { Database } from '../db/schema';
import type { CommandHandler } from '../eventstore/command-handler';
import { gameTypeNamed, gameTypes } from '../streams';
import type { SeatDeps } from '../streams/seats';
import { sessionStream } from '../streams/session';
import type { Auth } from './auth';

export interface YourDataDeps extends SeatDeps {
  auth: Auth;
}

const iso = (date: Date | string | null | undefined) => (date ? new Date(date).toISOString() : null);

/** Everything the product keeps of one account, as the account holder downloads it. */
export async function accountData(deps: YourDataDeps, userId: string, currentSessionToken: string | null) {
  const context = await deps.auth.$context;
  const user = (await context.internalAdapter.findUserById(userId)) as Record<string, unknown> | null;
  if (!user) return null;
  const accounts = await context.internalAdapter.findAccounts(userId);
  const signIns = await context.internalAdapter.listSessions(userId);
  const { db } = deps;
  const games = await db
    .selectFrom('games')
    .selectAll()
    .where('creator_id', '=', userId)
    .where('deleted', '=', false)
    .orderBy('created_at')
    .execute();
  const sessions = await db
    .selectFrom('sessions')
    .selectAll()
    .where('creator_id', '=', userId)
    .where('deleted', '=', false)
    .orderBy('created_at')
    .execute();
  const templates = await db
    .selectFrom('templates')
    .select(['id', 'kind', 'type', 'title', 'description', 'config', 'created_at', 'updated_at'])
    .where('creator_id', '=', userId)
    .where('deleted', '=', false)
    .orderBy('created_at')
    .execute();
  return {
    exportedAt: new Date(deps.now()).toISOString(),
    account: {
      id: userId,
      name: user.name,
      email: user.email,
      emailVerified: user.emailVerified === true,
      playerName: user.playerName ?? null,
      language: user.language ?? null,
      attributionSource: user.attributionSource ?? null,
      attributionOtherText: user.attributionOtherText ?? null,
      createdAt: iso(user.createdAt as Date),
      updatedAt: iso(user.updatedAt as Date),
      // How they sign in: the provider and when it was added; never a password hash or a token.
      signInMethods: accounts.map((a) => ({ provider: a.providerId, createdAt: iso(a.createdAt) })),
    },
    signedInDevices: signIns.map((s) => ({
      userAgent: s.userAgent ?? null,
      ipAddress: s.ipAddress ?? null,
      createdAt: iso(s.createdAt),
      lastActiveAt: iso(s.updatedAt),
      expiresAt: iso(s.expiresAt),
      thisDevice: s.token === currentSessionToken,
    })),
    gamesCreated: await Promise.all(
      games.map(async (g) => ({
        id: g.id,
        name: g.name,
        type: g.type,
        createdAt: iso(g.created_at),
        finished: g.finished,
        archived: g.archived,
        sessionId: g.session_id,
        config: await gameConfig(deps.commands, g.type, g.id),
      })),
    ),
    sessionsCreated: await Promise.all(
      sessions.map(async (s) => ({
        id: s.id,
        name: s.name,
        createdAt: iso(s.created_at),
        rounds: s.rounds,
        teams: s.teams,
        setup: (await deps.commands.load(sessionStream, sessionStreamId(s.id))).state.setup,
      })),
    ),
    templates: templates.map((t) => ({
      id: t.id,
      kind: t.kind,
      type: t.type,
      title: t.title,
      description: t.description,
      config: t.config,
      createdAt: iso(t.created_at),
      updatedAt: iso(t.updated_at),
    })),
    seats: await seatsHeld(db, userId),
  };
}

export type AccountData = NonNullable<Awaited<ReturnType<typeof accountData>>>;

/** A game's configuration as a copy of it would start from (its type's template configuration). */
async function gameConfig(commands: CommandHandler, typeName: string, gameId: string) {
  const type = gameTypeNamed(typeName);
  if (!type?.actions) return null;
  const { state } = await commands.load(type.stream, gameStreamId(gameId));
  return type.actions.templateConfig(state);
}

/** Every time the user took or left a seat, in any game, from the games' events. */
async function seatsHeld(db: Kysely<Database>, userId: string) {
  const taken = new Set(Object.values(gameTypes).flatMap((t) => t.seats.events.taken));
  const left = new Set(Object.values(gameTypes).flatMap((t) => t.seats.events.left));
  const rows = await db
    .selectFrom('events')
    .select(['stream_id', 'type', 'data', 'metadata'])
    .where(sql<boolean>`data->>'userId' = ${userId}`)
    .where('type', 'in', [...taken, ...left])
    .where('stream_id', 'like', 'game-%')
    .orderBy('global_position')
    .execute();
  const gameIdOf = (streamId: string) => streamId.slice('game-'.length);
  const gameIds = [...new Set(rows.map((row) => gameIdOf(row.stream_id)))];
  const games = gameIds.length
    ? await db.selectFrom('games').select(['id', 'name', 'type']).where('id', 'in', gameIds).execute()
    : [];
  const gameOf = new Map(games.map((game) => [game.id, game]));
  return rows.map((row) => ({
    gameId: gameIdOf(row.stream_id),
    gameName: gameOf.get(gameIdOf(row.stream_id))?.name ?? null,
    gameType: gameOf.get(gameIdOf(row.stream_id))?.type ?? null,
    role: (row.data as { facilityId?: string }).facilityId ?? null,
    action: taken.has(row.type) ? 'took' : 'left',
    at: iso(new Date((row.metadata as { serverTime: number }).serverTime)),
  }));
}

/**
 * Deletes the account of `userId` once its holder typed its address and, for an account with a
 * password, gave the password (better-auth checks it): a refusal (a translated message id) changes
 * nothing. Then their games and sessions are deleted by their own commands (read models and live
 * views follow; deleted games take no one), their templates and the mails addressed to them; then
 * better-auth deletes the user with their sign-ins and sessions, freeing their seats first (auth.ts).
 */
export async function deleteAccount(
  deps: YourDataDeps,
  userId: string,
  input: { email: string; password?: string | undefined },
): Promise<{ refusal: string } | { deleted: true }> {
  const context = await deps.auth.$context;
  const user = await context.internalAdapter.findUserById(userId);
  if (!user) return { refusal: 'errors.signInRequired' };
  const refusal = accountDeletionRefusal(input.email, user.email);
  if (refusal) return { refusal };
  const credential = await context.internalAdapter.findCredentialAccount(userId);
  if (credential?.password) {
    const right =
      input.password !== undefined &&
      (await context.password.verify({ hash: credential.password, password: input.password }));
    if (!right) return { refusal: 'account.yourData.errPassword' };
  }
  await eraseCreated(deps, userId);
  await deps.db.deleteFrom('mail_outbox').where('recipient', '=', user.email).execute();
  await context.internalAdapter.deleteUser(userId);
  return { deleted: true };
}

/** Deletes what the user created: sessions and games by their delete commands, templates outright. */
async function eraseCreated(deps: YourDataDeps, userId: string) {
  const actor = { userId, role: 'instructor' as const };
  const sessions = await deps.db
    .selectFrom('sessions')
    .select('id')
    .where('creator_id', '=', userId)
    .where('deleted', '=', false)
    .execute();
  for (const { id } of sessions)
    await deps.commands.execute(
      sessionStream,
      sessionStreamId(id),
      { type: 'DeleteSession' },
      {
        now: deps.now(),
        actor,
        commandId: `delete-account-${userId}`,
      },
    );
  const games = await deps.db
    .selectFrom('games')
    .select(['id', 'type'])
    .where('creator_id', '=', userId)
    .where('deleted', '=', false)
    .execute();
  for (const game of games) {
    const type = gameTypeNamed(game.type);
    if (!type?.actions) continue;
    await deps.commands.execute(type.stream, gameStreamId(game.id), type.actions.delete, {
      now: deps.now(),
      actor,
      commandId: `delete-account-${userId}`,
    });
  }
  await deps.db.deleteFrom('templates').where('creator_id', '=', userId).execute();
}
