/**
 * The server's plumbing serves every game type from the registry (src-server/streams): a lean
 * game, which has no procedures of its own yet, is listed, guarded, watched and rebuilt like a
 * beer game, and its recorded events are read through its upcasters.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src-server/main';
import { gameStreamId, gameTypes, rebuildProjections } from '../../src-server/streams';
import type { GameView } from '../../src-server/trpc/routers/game';
import type { LeanCommand } from '../../src-shared/leangame';
import { freshDatabase } from '../support/database';
import {
  type ApiUser,
  signInAnonymous,
  signUpInstructor,
  startTestServer,
  waitForView,
} from '../support/server';

let database: Awaited<ReturnType<typeof freshDatabase>>;
let server: RunningServer;
let instructor: ApiUser;
const clients: ApiUser[] = [];
const messageIdOf = (error: unknown) => (error as { data?: { messageId?: string } }).data?.messageId;

/** Runs a lean command as the server would, through the command handler and the lean stream type. */
async function lean(gameId: string, command: LeanCommand, userId: string, now = Date.now()) {
  const { commands } = server.services;
  const actor = { userId, role: 'instructor' as const };
  return commands.execute(gameTypes.leangame.stream, gameStreamId(gameId), command, {
    now,
    actor,
    commandId: randomUUID(),
  });
}

const watchLean = (user: ApiUser, gameId: string, until: (view: GameView) => boolean) =>
  waitForView<GameView>((handlers) => user.api.game.watch.subscribe({ gameId }, handlers), until);

beforeAll(async () => {
  database = await freshDatabase();
  server = await startTestServer({ databaseUrl: database.url });
  instructor = await signUpInstructor(server.url, 'lean@example.org');
  clients.push(instructor);
});
afterAll(async () => {
  for (const client of clients) client.close();
  await server.close();
  await database.drop();
});

describe('a lean game on the shared plumbing', () => {
  it('is listed on its creator’s dashboard, without weeks', async () => {
    await lean(
      'lean-1',
      { type: 'CreateLeanGame', gameId: 'lean-1', name: 'Factory', seed: 1, scenarioId: 'workshop4-choose' },
      instructor.userId,
    );
    const { games } = await instructor.api.dashboard.games.query({});
    expect(games).toEqual([
      expect.objectContaining({
        id: 'lean-1',
        type: 'leangame',
        name: 'Factory',
        week: null,
        weeks: null,
        finished: false,
      }),
    ]);
  });

  it('is watched live through game.watch, as the lean game’s view', async () => {
    const { data } = await watchLean(instructor, 'lean-1', () => true);
    expect(data.gameType).toBe('leangame');
    if (data.gameType !== 'leangame') return;
    expect(data.clock.started).toBe(false);
    await lean('lean-1', { type: 'StartGame' }, instructor.userId);
    const started = await watchLean(
      instructor,
      'lean-1',
      (view) => view.gameType === 'leangame' && view.clock.started,
    );
    expect(Number(started.id)).toBeGreaterThan(1);
  });

  it('is unknown to the beer game’s procedures', async () => {
    const player = await signInAnonymous(server.url, 'Kim');
    clients.push(player);
    const error = await player.api.beergame.join
      .mutate({ gameId: 'lean-1', facilityId: 'warehouse', commandId: randomUUID() })
      .catch((e) => e);
    expect(messageIdOf(error)).toBe('dashboard.messGameUnknown');
  });

  it('reads a lean end recorded under its old name through the upcaster', async () => {
    const { store } = server.services;
    const { version } = await server.services.commands.load(
      gameTypes.leangame.stream,
      gameStreamId('lean-1'),
    );
    // A log written before the rename: the event as it was recorded then.
    await store.append({
      streamId: gameStreamId('lean-1'),
      expectedVersion: version,
      events: [{ type: 'GameEnded', data: { at: Date.now() + 60_000 } }],
      metadata: {
        actorId: instructor.userId,
        actorRole: 'instructor',
        commandId: randomUUID(),
        serverTime: Date.now(),
        rulesVersion: 1,
      },
    });
    const ended = await watchLean(
      instructor,
      'lean-1',
      (view) => view.gameType === 'leangame' && view.clock.ended,
    );
    expect(ended.data.gameType === 'leangame' && ended.data.debrief).toBeTruthy();
  });

  it('is rebuilt with the beer games from the events alone, each by its own type', async () => {
    await instructor.api.beergame.create.mutate({ name: 'Beer', template: 'classic' });
    const db = server.services.database.db;
    const before = await db.selectFrom('games').selectAll().orderBy('id').execute();
    expect(before.map((row) => row.type).sort()).toEqual(['beergame', 'leangame']);
    await db.deleteFrom('games').execute();
    expect(await rebuildProjections(server.services.store)).toBe(2);
    const after = await db.selectFrom('games').selectAll().orderBy('id').execute();
    // The rebuild takes the row from the events: the lean game is finished now, as its state says.
    expect(after).toEqual(before.map((row) => (row.type === 'leangame' ? { ...row, finished: true } : row)));
  });
});
