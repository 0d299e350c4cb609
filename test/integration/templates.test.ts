/**
 * Game templates through the real server: the 13 defaults and an instructor's own (create, update,
 * copy, delete), every refusal with its message id and no change, and games made from a default
 * template and from an own one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src-server/main';
import { type BeerConfig, classicConfigInput } from '../../src-shared/beergame';
import { gameStreamId } from '../../src-shared/eventsourcing';
import { freshDatabase, type TestDatabase } from '../support/database';
import { type ApiUser, signInAnonymous, signUpInstructor, startTestServer } from '../support/server';

let database: TestDatabase;
let server: RunningServer;
let ada: ApiUser;
let grace: ApiUser;
let player: ApiUser;

const refusalOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'accepted',
    (error: { data?: { messageId?: string; httpStatus?: number } }) => {
      expect(error.data?.httpStatus).toBeLessThan(500);
      return error.data?.messageId;
    },
  );

/** A two-stage game of 12 weeks, its factory's stock 20. */
const smallConfig = () => ({
  ...classicConfigInput(),
  weeks: 12,
  facilities: [
    {
      id: 'shop',
      name: 'Shop',
      capabilities: { A1: { from: 'plant' } },
    },
    {
      id: 'plant',
      name: 'Plant',
      pdata: { p1: { stock: 20 } },
      capabilities: { A1: { type: 'production' as const, from: {} } },
    },
  ],
});

/** The configuration a game was created with, and the template it records. */
async function created(gameId: string): Promise<{ template: string | null; config: BeerConfig }> {
  const [first] = await server.services.store.readStream(gameStreamId(gameId));
  return first!.data as { template: string | null; config: BeerConfig };
}

beforeAll(async () => {
  database = await freshDatabase();
  server = await startTestServer({ databaseUrl: database.url });
  ada = await signUpInstructor(server.url, 'ada@example.org');
  grace = await signUpInstructor(server.url, 'grace@example.org');
  player = await signInAnonymous(server.url, 'Pat');
});
afterAll(async () => {
  for (const user of [ada, grace, player]) user.close();
  await server.close();
  await database.drop();
});

describe('the default templates', () => {
  it('lists 13 to create from: ten beer games and three lean factories', async () => {
    const { defaults, own } = await ada.api.template.list.query();
    expect(defaults).toHaveLength(13);
    expect(defaults.filter((t) => t.type === 'beergame' && t.available)).toHaveLength(10);
    expect(defaults.filter((t) => t.type === 'leangame' && t.available)).toHaveLength(3);
    expect(defaults[0]).toEqual({
      id: 'classic',
      type: 'beergame',
      titleId: 'template.classic',
      descriptionId: 'template.classicDescription',
      available: true,
      length: 36,
      facilities: 4,
    });
    expect(own).toEqual([]);
  });

  it('creates a game from a default beer template, recording its id', async () => {
    const { gameId } = await ada.api.beergame.create.mutate({ name: 'Eight', template: 'eightStages' });
    const { template, config } = await created(gameId);
    expect(template).toBe('eightStages');
    expect(config.facilities).toHaveLength(8);
  });

  it('keeps the turn timer asked for', async () => {
    const { gameId } = await ada.api.beergame.create.mutate({
      name: 'Timed',
      template: 'short',
      timerSeconds: 30,
    });
    const { config } = await created(gameId);
    expect(config).toMatchObject({ weeks: 20, playTimer: true, timer: 30 });
  });

  it("refuses a lean factory to the beer game's creation, a beer template to the lean game's, and an unknown template", async () => {
    const before = await ada.api.dashboard.games.query({});
    expect(await refusalOf(ada.api.beergame.create.mutate({ name: 'Lean', template: 'factory7-lean' }))).toBe(
      'templates.errTypeUnavailable',
    );
    expect(await refusalOf(ada.api.leangame.create.mutate({ name: 'Beer', template: 'classic' }))).toBe(
      'templates.errNotFound',
    );
    expect(await refusalOf(ada.api.beergame.create.mutate({ name: 'X', template: 'nothing-here' }))).toBe(
      'templates.errNotFound',
    );
    expect(await ada.api.dashboard.games.query({})).toEqual(before);
  });
});

describe("an instructor's own templates", () => {
  let mine: string;

  it('creates one from a configuration the engine accepts, listed newest first', async () => {
    ({ templateId: mine } = await ada.api.template.create.mutate({
      title: '  Two stages, short  ',
      description: 'For the first class.',
      type: 'beergame',
      config: smallConfig(),
    }));
    const { templateId: newer } = await ada.api.template.create.mutate({
      title: 'Classic again',
      type: 'beergame',
      config: classicConfigInput(),
    });
    const { own } = await ada.api.template.list.query();
    expect(own.map((t) => t.id)).toEqual([newer, mine]);
    expect(own[1]).toMatchObject({
      title: 'Two stages, short',
      description: 'For the first class.',
      type: 'beergame',
      length: 12,
      facilities: 2,
    });
    expect(own[0]!.description).toBe('');
    // Nobody else sees them.
    expect((await grace.api.template.list.query()).own).toEqual([]);
  });

  it('refuses a configuration the engine refuses, a bad title or description, another type', async () => {
    const count = async () => (await ada.api.template.list.query()).own.length;
    const before = await count();
    const create = (input: Record<string, unknown>) =>
      refusalOf(
        ada.api.template.create.mutate({
          title: 'T',
          type: 'beergame',
          config: smallConfig(),
          ...input,
        } as Parameters<typeof ada.api.template.create.mutate>[0]),
      );
    expect(await create({ config: { ...smallConfig(), facilities: [] } })).toBe('beergame.errInvalidConfig');
    expect(
      await create({
        config: { ...smallConfig(), facilities: [{ id: 'a', name: 'A', capabilities: { A1: {} } }] },
      }),
    ).toBe('beergame.errInvalidConfig');
    expect(await create({ config: { ...smallConfig(), weeks: 0 } })).toBe('beergame.errInvalidConfig');
    expect(await create({ config: 'classic' })).toBe('templates.errConfigInvalid');
    const withNul = smallConfig();
    withNul.facilities[0]!.name = 'Sh\u0000op';
    expect(await create({ config: withNul })).toBe('errors.textInvalid');
    expect(await create({ title: '   ' })).toBe('errors.textRequired');
    expect(await create({ title: 'x'.repeat(81) })).toBe('errors.textTooLong');
    expect(await create({ description: 'x'.repeat(501) })).toBe('errors.textTooLong');
    expect(await create({ type: 'leangame' })).toBe('templates.errTypeUnavailable');
    expect(await count()).toBe(before);
  });

  it('refuses players and visitors', async () => {
    expect(await refusalOf(player.api.template.list.query())).toBe('dashboard.messLoginToAccess');
    expect(
      await refusalOf(
        player.api.template.create.mutate({ title: 'T', type: 'beergame', config: smallConfig() }),
      ),
    ).toBe('dashboard.messLoginToAccess');
  });

  it('updates its title, description and configuration; the fields not given stay', async () => {
    await ada.api.template.update.mutate({ templateId: mine, title: 'Renamed' });
    await ada.api.template.update.mutate({
      templateId: mine,
      description: 'Now longer',
      config: { ...smallConfig(), weeks: 15 },
    });
    const found = (await ada.api.template.list.query()).own.find((t) => t.id === mine)!;
    expect(found).toMatchObject({ title: 'Renamed', description: 'Now longer', length: 15 });
    expect(found.updatedAt.getTime()).toBeGreaterThan(found.createdAt.getTime() - 1);
    // Read back whole for the settings form: the configuration as stored.
    expect(await ada.api.template.get.query({ templateId: mine })).toMatchObject({
      id: mine,
      type: 'beergame',
      title: 'Renamed',
      config: { weeks: 15 },
    });
  });

  it('refuses to update with a refused configuration, and leaves it as it was', async () => {
    expect(
      await refusalOf(
        ada.api.template.update.mutate({ templateId: mine, config: { ...smallConfig(), weeks: -3 } }),
      ),
    ).toBe('beergame.errInvalidConfig');
    expect(await refusalOf(ada.api.template.update.mutate({ templateId: mine, title: '' }))).toBe(
      'errors.textRequired',
    );
    const found = (await ada.api.template.list.query()).own.find((t) => t.id === mine)!;
    expect(found).toMatchObject({ title: 'Renamed', length: 15 });
  });

  it("answers another instructor's template as not found, and changes nothing", async () => {
    const before = await ada.api.template.list.query();
    expect(await refusalOf(grace.api.template.update.mutate({ templateId: mine, title: 'Mine now' }))).toBe(
      'templates.errNotFound',
    );
    expect(await refusalOf(grace.api.template.copy.mutate({ templateId: mine, title: 'Mine now' }))).toBe(
      'templates.errNotFound',
    );
    expect(await refusalOf(grace.api.template.delete.mutate({ templateId: mine }))).toBe(
      'templates.errNotFound',
    );
    expect(await refusalOf(grace.api.template.get.query({ templateId: mine }))).toBe('templates.errNotFound');
    expect(await refusalOf(grace.api.beergame.create.mutate({ name: 'Stolen', template: mine }))).toBe(
      'templates.errNotFound',
    );
    expect(await ada.api.template.list.query()).toEqual(before);
    expect((await grace.api.template.list.query()).own).toEqual([]);
    expect((await grace.api.dashboard.games.query({})).games).toEqual([]);
  });

  it('creates a game from it, with its configuration and the turn timer asked for', async () => {
    const { gameId } = await ada.api.beergame.create.mutate({
      name: 'From mine',
      template: mine,
      timerSeconds: 60,
    });
    const { template, config } = await created(gameId);
    // The engine records only built-in templates by id; an own template's game has its configuration.
    expect(template).toBeNull();
    expect(config.weeks).toBe(15);
    expect(config.facilities.map((f) => f.id)).toEqual(['shop', 'plant']);
    expect(config).toMatchObject({ playTimer: true, timer: 60 });
  });

  it('copies its own template and a default one into new templates of its own', async () => {
    const { templateId: copy } = await ada.api.template.copy.mutate({
      templateId: mine,
      title: 'Renamed (copy)',
    });
    const { templateId: fromDefault } = await ada.api.template.copy.mutate({
      templateId: 'lostSales',
      title: 'Lost sales (copy)',
      description: 'No backlog.',
    });
    const { own } = await ada.api.template.list.query();
    expect(own[0]).toMatchObject({ id: fromDefault, title: 'Lost sales (copy)', description: 'No backlog.' });
    expect(own[1]).toMatchObject({
      id: copy,
      title: 'Renamed (copy)',
      description: 'Now longer',
      length: 15,
    });
    // The copy of a default is a full configuration: a game made from it has the default's network.
    const { gameId } = await ada.api.beergame.create.mutate({ name: 'Lost', template: fromDefault });
    const { config } = await created(gameId);
    expect(config.facilities.every((f) => f.pdata.p1!.allowBacklog === false)).toBe(true);
    // A copy is one's own: another instructor copies a default too.
    await grace.api.template.copy.mutate({ templateId: 'classic', title: 'Classic (copy)' });
    expect((await grace.api.template.list.query()).own).toHaveLength(1);
  });

  it('refuses to copy a lean factory or an unknown template', async () => {
    const before = await ada.api.template.list.query();
    expect(
      await refusalOf(ada.api.template.copy.mutate({ templateId: 'workshop4-choose', title: 'W' })),
    ).toBe('templates.errTypeUnavailable');
    expect(await refusalOf(ada.api.template.copy.mutate({ templateId: 'nope', title: 'W' }))).toBe(
      'templates.errNotFound',
    );
    expect(await ada.api.template.list.query()).toEqual(before);
  });

  it('deletes it: gone from the list, no game made from it, a second delete not found', async () => {
    await ada.api.template.delete.mutate({ templateId: mine });
    expect((await ada.api.template.list.query()).own.map((t) => t.id)).not.toContain(mine);
    expect(await refusalOf(ada.api.template.delete.mutate({ templateId: mine }))).toBe(
      'templates.errNotFound',
    );
    expect(await refusalOf(ada.api.template.update.mutate({ templateId: mine, title: 'Back' }))).toBe(
      'templates.errNotFound',
    );
    expect(await refusalOf(ada.api.beergame.create.mutate({ name: 'Gone', template: mine }))).toBe(
      'templates.errNotFound',
    );
  });
});
