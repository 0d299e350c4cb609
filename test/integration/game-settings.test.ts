/**
 * Game settings and the event editor through the real API on PostgreSQL: a game created with the
 * settings form's configuration, a draft hidden from players until published, settings changed
 * before week 1 closes and refused after, scheduled changes refused out of range, each refusal a
 * translated message id with a 4xx status and nothing recorded.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src-server/main';
import { asConfigInput, type BeerView, chainSettings, settingsToConfig } from '../../src-shared/beergame';
import { freshDatabase, type TestDatabase } from '../support/database';
import {
  type ApiUser,
  signInAnonymous,
  signUpInstructor,
  startTestServer,
  waitForBeerView,
} from '../support/server';

let database: TestDatabase;
let server: RunningServer;
let creator: ApiUser;
let player: ApiUser;
const id = () => randomUUID();

const refusalOf = async (call: Promise<unknown>) => {
  const error = await call.then(
    () => expect.fail('the call was accepted'),
    (e: unknown) => e,
  );
  const data = (error as { data?: { messageId?: string; httpStatus?: number; values?: unknown } }).data;
  expect(data?.httpStatus).toBeGreaterThanOrEqual(400);
  expect(data?.httpStatus).toBeLessThan(500);
  return { messageId: data?.messageId, values: data?.values };
};

const viewOf = async (user: ApiUser, gameId: string, predicate: (view: BeerView) => boolean = () => true) =>
  (
    await waitForBeerView(
      (handlers) => user.api.game.watch.subscribe({ gameId }, handlers),
      predicate,
      10_000,
    )
  ).data;

/** The settings form's configuration of a 3-stage network with a demand step at week 6. */
function threeStages(draft = false) {
  const form = chainSettings('Custom class', ['supermarket', 'warehouse', 'farm']);
  for (const [i, name] of ['Shop', 'Depot', 'Farm'].entries()) form.facilities[i]!.name = name;
  const result = settingsToConfig({ ...form, demandBase: '5', demandStep: '9', demandStepWeek: '6', draft });
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.config as Record<string, unknown>;
}

beforeAll(async () => {
  database = await freshDatabase();
  server = await startTestServer({
    databaseUrl: database.url,
    limits: { gameCreations: { max: 1000, windowSeconds: 60 } },
  });
  creator = await signUpInstructor(server.url, 'settings@example.org');
  player = await signInAnonymous(server.url, 'Ann');
});
afterAll(async () => {
  for (const user of [creator, player]) user.close();
  await server.close();
  await database.drop();
});

describe('custom settings at creation', () => {
  it('creates a 3-stage game with a demand step at week 6', async () => {
    const { gameId } = await creator.api.beergame.create.mutate({
      name: 'Custom class',
      template: 'classic',
      config: threeStages(),
    });
    const settings = await creator.api.beergame.settings.query({ gameId });
    expect(settings.open).toBe(true);
    expect(settings.config.facilities.map((f) => [f.id, f.name, f.type])).toEqual([
      ['f1', 'Shop', 'supermarket'],
      ['f2', 'Depot', 'warehouse'],
      ['f3', 'Farm', 'farm'],
    ]);
    expect(settings.config.demand).toEqual([{ fid: 'f1', pid: 'p1', demand: [5, 5, 5, 5, 5, 9] }]);
    const view = await viewOf(player, gameId);
    expect(view.facilities).toHaveLength(3);
    expect(view.map).toMatchObject({ rows: 3, columns: 3 });
  });

  it('refuses an unplayable configuration with the reason, never a 5xx, and records no game', async () => {
    const before = await creator.api.dashboard.games.query({});
    const one = await refusalOf(
      creator.api.beergame.create.mutate({
        name: 'Alone',
        template: 'classic',
        config: { facilities: [{ id: 'a', name: 'A' }] },
      }),
    );
    expect(one.messageId).toBe('beergame.errInvalidConfig');
    const nine = await refusalOf(
      creator.api.beergame.create.mutate({
        name: 'Crowd',
        template: 'classic',
        config: { facilities: Array.from({ length: 9 }, (_, i) => ({ id: `f${i}`, name: `F${i}` })) },
      }),
    );
    expect(nine.messageId).toBe('beergame.errInvalidConfig');
    const typo = await refusalOf(
      creator.api.beergame.create.mutate({ name: 'Typo', template: 'classic', config: { weeks: 'many' } }),
    );
    expect(typo.messageId).toBe('beergame.errInvalidConfig');
    expect((await creator.api.dashboard.games.query({})).games).toHaveLength(before.games.length);
  });

  it('a draft is closed to players until the creator publishes it', async () => {
    const { gameId } = await creator.api.beergame.create.mutate({
      name: 'Draft class',
      template: 'classic',
      config: threeStages(),
      draft: true,
    });
    const closed = await refusalOf(
      player.api.beergame.join.mutate({ gameId, facilityId: 'f1', commandId: id() }),
    );
    expect(closed.messageId).toBe('dashboard.messGameNotPublished');
    await creator.api.beergame.configure.mutate({
      gameId,
      name: 'Published class',
      config: threeStages(false),
      commandId: id(),
    });
    await player.api.beergame.join.mutate({ gameId, facilityId: 'f1', commandId: id() });
    const games = await creator.api.dashboard.games.query({});
    expect(games.games.find((g) => g.id === gameId)?.name).toBe('Published class');
  });
});

describe('settings before week 1 closes', () => {
  it('the creator changes them, players keep their seats; once an order is in they are locked', async () => {
    const { gameId } = await creator.api.beergame.create.mutate({ name: 'Classic', template: 'classic' });
    await player.api.beergame.join.mutate({ gameId, facilityId: 'retailer', commandId: id() });
    // As the settings form does: the game's configuration is the base it edits.
    const input = asConfigInput((await creator.api.beergame.settings.query({ gameId })).config) as Record<
      string,
      unknown
    >;
    await creator.api.beergame.configure.mutate({
      gameId,
      name: 'Longer classic',
      config: { ...input, weeks: 40 },
      commandId: id(),
    });
    const view = await viewOf(player, gameId, (v) => v.weeks === 40);
    expect(view).toMatchObject({ name: 'Longer classic', myFacilityId: 'retailer' });

    const other = await refusalOf(
      player.api.beergame.configure.mutate({ gameId, name: 'Mine', config: input, commandId: id() }),
    );
    expect(other.messageId).toBe('errors.creatorOnly');

    await player.api.beergame.placeOrder.mutate({
      gameId,
      facilityId: 'retailer',
      quantity: 4,
      commandId: id(),
    });
    const locked = await refusalOf(
      creator.api.beergame.configure.mutate({ gameId, name: 'Too late', config: input, commandId: id() }),
    );
    expect(locked.messageId).toBe('beergame.errSettingsLocked');
    const after = await creator.api.beergame.settings.query({ gameId });
    expect(after).toMatchObject({ name: 'Longer classic', open: false });
    expect(after.config.weeks).toBe(40);
  });
});

describe('the event editor', () => {
  it('schedules and cancels changes; a lead time of 7 is refused with the range', async () => {
    const { gameId } = await creator.api.beergame.create.mutate({ name: 'Events', template: 'classic' });
    const refused = await refusalOf(
      creator.api.beergame.scheduleChange.mutate({
        gameId,
        week: 4,
        facilityIds: ['retailer'],
        field: 'leadtime',
        value: 7,
        commandId: id(),
      }),
    );
    expect(refused).toEqual({
      messageId: 'beergame.errChangeOutOfRange',
      values: { field: 'leadtime', min: 2, max: 6, step: 1 },
    });
    await creator.api.beergame.scheduleChange.mutate({
      gameId,
      week: 4,
      facilityIds: ['retailer', 'wholesaler'],
      field: 'leadtime',
      value: 6,
      commandId: id(),
    });
    await creator.api.beergame.scheduleChange.mutate({
      gameId,
      week: 6,
      facilityIds: ['retailer'],
      field: 'unitPrice',
      value: 10.5,
      commandId: id(),
    });
    const scheduled = await viewOf(creator, gameId, (v) => (v.scheduledChanges ?? []).length === 2);
    expect(scheduled.scheduledChanges).toEqual([
      { id: 'c1', week: 4, facilityIds: ['retailer', 'wholesaler'], field: 'leadtime', value: 6 },
      { id: 'c2', week: 6, facilityIds: ['retailer'], field: 'unitPrice', value: 10.5 },
    ]);
    const past = await refusalOf(
      creator.api.beergame.scheduleChange.mutate({
        gameId,
        week: 1,
        facilityIds: ['retailer'],
        field: 'stockCost',
        value: 1,
        commandId: id(),
      }),
    );
    expect(past.messageId).toBe('beergame.errChangeWeek');
    await creator.api.beergame.cancelChange.mutate({ gameId, changeId: 'c1', commandId: id() });
    const cancelled = await viewOf(creator, gameId, (v) => (v.scheduledChanges ?? []).length === 1);
    expect(cancelled.scheduledChanges?.[0]?.id).toBe('c2');
    const unknown = await refusalOf(
      creator.api.beergame.cancelChange.mutate({ gameId, changeId: 'c1', commandId: id() }),
    );
    expect(unknown.messageId).toBe('beergame.errChangeUnknown');
  });
});
