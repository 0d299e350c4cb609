/**
 * What an instructor does to games from the dashboard (issue 11): copy, archive, delete, reset,
 * disconnect the players; each on the caller's own games only, refused whole otherwise, and the
 * lists follow live.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src-server/main';
import { rebuildProjections } from '../../src-server/streams';
import { freshDatabase, type TestDatabase } from '../support/database';
import { type ApiUser, signInAnonymous, signUpInstructor, startTestServer } from '../support/server';

let database: TestDatabase;
let server: RunningServer;
let ada: ApiUser;
let bob: ApiUser;
let player: ApiUser;
const clients: ApiUser[] = [];

const messageIdOf = (error: unknown) => (error as { data?: { messageId?: string } }).data?.messageId;
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => 'ok',
    (error) => messageIdOf(error),
  );
const newGame = async (name: string, as = ada) =>
  (await as.api.beergame.create.mutate({ name, template: 'classic' })).gameId;
const listed = async (
  as: ApiUser,
  input: Parameters<ApiUser['api']['dashboard']['games']['query']>[0] = {},
) => (await as.api.dashboard.games.query(input)).games;

beforeAll(async () => {
  database = await freshDatabase();
  server = await startTestServer({
    databaseUrl: database.url,
    limits: { gameCreations: { max: 1000, windowSeconds: 60 } },
  });
  ada = await signUpInstructor(server.url, 'ada@example.org');
  bob = await signUpInstructor(server.url, 'bob@example.org');
  player = await signInAnonymous(server.url, 'Pat');
  clients.push(ada, bob, player);
});
afterAll(async () => {
  for (const client of clients) client.close();
  await server.close();
  await database.drop();
});

describe('copying a game', () => {
  it('makes 12 numbered copies with the rules of a copy, in one call', async () => {
    const original = await newGame('Monday');
    await player.api.beergame.join.mutate({
      gameId: original,
      facilityId: 'retailer',
      commandId: randomUUID(),
    });
    await ada.api.beergame.closeWeek.mutate({ gameId: original, commandId: randomUUID() });
    const { gameIds } = await ada.api.game.copy.mutate({
      gameId: original,
      count: 12,
      name: 'Tuesday',
      commandId: randomUUID(),
    });
    expect(gameIds).toHaveLength(12);
    const games = await listed(ada, { search: 'Tuesday' });
    expect(games.map((g) => g.name).sort()).toEqual(
      Array.from({ length: 12 }, (_, i) => `Tuesday ${String(i + 1).padStart(2, '0')}`),
    );
    // A copy starts at week 1 with no players, all four seats free.
    for (const game of games)
      expect(game).toMatchObject({ week: 1, players: 0, freeSeats: 4, finished: false });
  });

  it('names a copy after the original in the asked language, and answers a retry with the same copies', async () => {
    const original = await newGame('Atelier');
    const commandId = randomUUID();
    const first = await ada.api.game.copy.mutate({ gameId: original, count: 1, locale: 'fr', commandId });
    const again = await ada.api.game.copy.mutate({ gameId: original, count: 1, locale: 'fr', commandId });
    expect(again.gameIds).toEqual(first.gameIds);
    const names = (await listed(ada, { search: 'Atelier' })).map((g) => g.name);
    expect(names.sort()).toEqual(['Atelier', 'Atelier (copie)']);
  });

  it('refuses a bad count or name, another’s game, and copies nothing', async () => {
    const original = await newGame('Refusals');
    const copy = (input: Record<string, unknown>, as = ada) =>
      refusal(
        as.api.game.copy.mutate({ gameId: original, count: 1, commandId: randomUUID(), ...input } as never),
      );
    expect(await copy({ count: 0 })).toBe('dashboard.copyCountInvalid');
    expect(await copy({ count: 201 })).toBe('dashboard.copyCountInvalid');
    expect(await copy({ count: 2.5 })).toBe('dashboard.copyCountInvalid');
    expect(await copy({ count: 12, name: 'x'.repeat(78) })).toBe('dashboard.copyNameTooLong');
    expect(await copy({}, bob)).toBe('dashboard.messGameUnknown');
    expect(await copy({}, player)).toBe('dashboard.messLoginToAccess');
    expect((await listed(ada, { search: 'Refusals' })).map((g) => g.name)).toEqual(['Refusals']);
  });
});

describe('archiving, deleting, resetting, disconnecting', () => {
  it('archives and unarchives: the game moves between the lists and stays open to its creator only', async () => {
    const gameId = await newGame('Archive me');
    await ada.api.game.archive.mutate({ gameIds: [gameId], commandId: randomUUID() });
    expect((await listed(ada)).map((g) => g.id)).not.toContain(gameId);
    expect((await listed(ada, { archived: true })).map((g) => g.id)).toContain(gameId);
    expect(await refusal(player.api.join.byCode.query({ code: 'nothing' }))).toBe('game.errCodeUnknown');
    await ada.api.game.unarchive.mutate({ gameIds: [gameId], commandId: randomUUID() });
    expect((await listed(ada)).map((g) => g.id)).toContain(gameId);
  });

  it('deletes only when the typed count matches; a deleted game is unknown everywhere', async () => {
    const ids = [await newGame('Delete 1'), await newGame('Delete 2'), await newGame('Delete 3')];
    expect(
      await refusal(ada.api.game.delete.mutate({ gameIds: ids, confirmCount: 2, commandId: randomUUID() })),
    ).toBe('dashboard.btnDeleteNumberError');
    expect((await listed(ada, { search: 'Delete' })).length).toBe(3);
    expect(
      await refusal(bob.api.game.delete.mutate({ gameIds: ids, confirmCount: 3, commandId: randomUUID() })),
    ).toBe('dashboard.messGameUnknown');
    await ada.api.game.delete.mutate({ gameIds: ids, confirmCount: 3, commandId: randomUUID() });
    expect(await listed(ada, { search: 'Delete' })).toEqual([]);
    expect(
      await refusal(ada.api.beergame.resetGame.mutate({ gameId: ids[0]!, commandId: randomUUID() })),
    ).toBe('dashboard.messGameUnknown');
    // Deleting again: the games are unknown, nothing is recorded twice.
    expect(
      await refusal(ada.api.game.delete.mutate({ gameIds: ids, confirmCount: 3, commandId: randomUUID() })),
    ).toBe('dashboard.messGameUnknown');
  });

  it('refuses a selection holding another’s game as a whole, before changing any', async () => {
    const mine = await newGame('Mine');
    const theirs = await newGame('Theirs', bob);
    expect(
      await refusal(ada.api.game.archive.mutate({ gameIds: [mine, theirs], commandId: randomUUID() })),
    ).toBe('dashboard.messGameUnknown');
    expect((await listed(ada, { search: 'Mine' })).map((g) => g.archived)).toEqual([false]);
  });

  it('disconnects the players (their seats free) and resets to week 1', async () => {
    const gameId = await newGame('Class of 4');
    await player.api.beergame.join.mutate({ gameId, facilityId: 'retailer', commandId: randomUUID() });
    await ada.api.beergame.closeWeek.mutate({ gameId, commandId: randomUUID() });
    expect((await listed(ada, { search: 'Class of 4' }))[0]).toMatchObject({ players: 1, week: 2 });
    await ada.api.game.disconnectPlayers.mutate({ gameIds: [gameId], commandId: randomUUID() });
    await ada.api.game.reset.mutate({ gameIds: [gameId], commandId: randomUUID() });
    expect((await listed(ada, { search: 'Class of 4' }))[0]).toMatchObject({
      players: 0,
      week: 1,
      freeSeats: 4,
    });
  });
});

describe('saving a game as a template', () => {
  it('keeps the game’s settings as a template of its creator’s, which makes games like it', async () => {
    const gameId = await newGame('Template source');
    await ada.api.beergame.setTransparent.mutate({ gameId, transparent: true, commandId: randomUUID() });
    const { templateId } = await ada.api.game.saveAsTemplate.mutate({ gameId, title: 'Transparent class' });
    const { own } = await ada.api.template.list.query();
    expect(own.find((t) => t.id === templateId)).toMatchObject({ title: 'Transparent class', facilities: 4 });
    const made = await ada.api.beergame.create.mutate({ name: 'From the template', template: templateId });
    expect((await listed(ada, { search: 'From the template' }))[0]?.id).toBe(made.gameId);
    expect(await refusal(bob.api.game.saveAsTemplate.mutate({ gameId, title: 'Mine now' }))).toBe(
      'dashboard.messGameUnknown',
    );
    expect(await refusal(ada.api.game.saveAsTemplate.mutate({ gameId, title: ' ' }))).toBe(
      'errors.textRequired',
    );
  });
});

describe('the lists', () => {
  it('filter by type and name, literally, and wake a watching dashboard on each change', async () => {
    await newGame('100% lean_ish');
    expect((await listed(ada, { search: '100%' })).map((g) => g.name)).toEqual(['100% lean_ish']);
    expect(await listed(ada, { search: '%' })).toHaveLength(1);
    expect(await listed(ada, { type: 'leangame' })).toEqual([]);
    const ticks: number[] = [];
    const subscription = ada.api.dashboard.watchGames.subscribe(undefined, {
      onData: (tick) => ticks.push(tick),
    });
    try {
      // Tick 0: listening. Then a tick for the instructor's new game.
      await expect.poll(() => ticks, { timeout: 5000 }).toEqual([0]);
      await newGame('Wakes the list');
      await expect.poll(() => ticks, { timeout: 5000 }).toEqual([0, 1]);
      // Another instructor's game does not wake it: the instructor's next one does, and alone.
      await newGame('Someone else’s', bob);
      await newGame('Wakes it again');
      await expect.poll(() => ticks, { timeout: 5000 }).toEqual([0, 1, 2]);
    } finally {
      subscription.unsubscribe();
    }
  });

  it('are rebuilt from the events with their archived, deleted and free-seat columns', async () => {
    const before = await listed(ada);
    const archived = await listed(ada, { archived: true });
    await rebuildProjections(server.services.store);
    expect(await listed(ada)).toEqual(before);
    expect(await listed(ada, { archived: true })).toEqual(archived);
  });
});
