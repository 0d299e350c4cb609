/**
 * Lean games are games like the others (issue 26, item 3), through the real server: saved as an
 * instructor's own template and made again from it, merged with beer games into one session
 * template, created as drafts that nobody else opens or joins until published, archived, and left
 * by their players (a station left during the round goes to the computer).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src-server/main';
import { gameStreamId } from '../../src-server/streams';
import type { GameView } from '../../src-server/trpc/routers/game';
import type { RecordedEvent } from '../../src-shared/eventsourcing';
import {
  getLeanScenario,
  type LeanGameView,
  type LeanTemplateConfig,
  leanSetupSchema,
} from '../../src-shared/leangame';
import type { SessionSetup } from '../../src-shared/session';
import { freshDatabase, type TestDatabase } from '../support/database';
import {
  type ApiUser,
  signInAnonymous,
  signUpInstructor,
  startTestServer,
  waitForView,
} from '../support/server';

let database: TestDatabase;
let server: RunningServer;
let teacher: ApiUser;
let other: ApiUser;
let ann: ApiUser;
let ben: ApiUser;

beforeAll(async () => {
  database = await freshDatabase();
  server = await startTestServer({ databaseUrl: database.url });
  teacher = await signUpInstructor(server.url, 'lean-templates@example.org');
  other = await signUpInstructor(server.url, 'someone-else@example.org');
  ann = await signInAnonymous(server.url, 'Ann');
  ben = await signInAnonymous(server.url, 'Ben');
}, 60_000);

afterAll(async () => {
  for (const user of [teacher, other, ann, ben]) user?.close();
  await server?.close();
  await database?.drop();
});

const command = () => ({ commandId: randomUUID() });

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => 'accepted',
    (error: { data?: { messageId?: string; httpStatus?: number } }) => {
      expect(error.data?.httpStatus).toBeLessThan(500);
      return error.data?.messageId;
    },
  );

const leanView = (user: ApiUser, gameId: string, until: (view: LeanGameView) => boolean = () => true) =>
  waitForView<GameView>(
    (handlers) => user.api.game.watch.subscribe({ gameId }, handlers),
    (view) => view.gameType === 'leangame' && until(view),
  ).then((tracked) => tracked.data as LeanGameView);

const events = (gameId: string) => server.services.store.readStream(gameStreamId(gameId));

async function eventsWhen(gameId: string, until: (events: RecordedEvent[]) => boolean, timeoutMs = 20_000) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const recorded = await events(gameId);
    if (until(recorded)) return recorded;
    if (Date.now() > end) throw new Error(`timed out: ${recorded.map((e) => e.type).join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const storedConfig = async (templateId: string) =>
  (
    await server.services.database.db
      .selectFrom('templates')
      .select(['config', 'type', 'kind'])
      .where('id', '=', templateId)
      .executeTakeFirstOrThrow()
  ).config;

/** The workshop rearranged by its panel: batches of two, poka-yoke on. */
async function arrangedWorkshop(name: string): Promise<string> {
  const { gameId } = await teacher.api.leangame.create.mutate({ name, template: 'workshop4-choose' });
  await teacher.api.leangame.openPanel.mutate({ gameId, ...command() });
  await teacher.api.leangame.panel.mutate({
    gameId,
    command: { type: 'EnableImprovement', improvement: 'batch', apply: false },
    ...command(),
  });
  await teacher.api.leangame.panel.mutate({
    gameId,
    command: { type: 'SetBatchSize', batchSize: 2 },
    ...command(),
  });
  await teacher.api.leangame.panel.mutate({
    gameId,
    command: { type: 'EnableImprovement', improvement: 'pokayoke' },
    ...command(),
  });
  await teacher.api.leangame.closePanel.mutate({ gameId, ...command() });
  await teacher.api.leangame.setRoundLength.mutate({ gameId, minutes: 12, ...command() });
  return gameId;
}

describe('a lean game saved as a template (spec point 2)', () => {
  let templateId: string;

  it("keeps its factory and set-up, listed in its creator's templates only", async () => {
    const gameId = await arrangedWorkshop('Workshop, batches of two');
    await ann.api.leangame.join.mutate({ gameId, facilityId: 'warehouse', ...command() });
    expect(await refusal(other.api.game.saveAsTemplate.mutate({ gameId, title: 'Not mine' }))).toBe(
      'dashboard.messGameUnknown',
    );
    ({ templateId } = await teacher.api.game.saveAsTemplate.mutate({
      gameId,
      title: 'Workshop in pairs',
      description: 'Batches of two, poka-yoke',
    }));
    const { own } = await teacher.api.template.list.query();
    expect(own.find((t) => t.id === templateId)).toMatchObject({
      type: 'leangame',
      title: 'Workshop in pairs',
      description: 'Batches of two, poka-yoke',
      length: 12,
      facilities: 4,
    });
    expect((await other.api.template.list.query()).own).toEqual([]);
    const config = (await storedConfig(templateId)) as LeanTemplateConfig;
    expect(config.scenario).toBe('workshop4-choose');
    expect(leanSetupSchema.safeParse(config.setup).success).toBe(true);
    expect(config.setup.params.batchSize).toBe(2);
    expect(config.setup.params.improvements.enabled).toEqual(['batch', 'pokayoke']);
    // No player is kept.
    expect(config.setup.facilities.every((f) => f.user === null)).toBe(true);
    expect(JSON.stringify(config)).not.toContain(ann.userId);
  });

  it('makes a new lean game with its settings, at its length or the one chosen, as a draft if asked', async () => {
    const { gameId } = await teacher.api.leangame.create.mutate({ name: 'From mine', template: templateId });
    const made = await leanView(teacher, gameId);
    expect(made).toMatchObject({ name: 'From mine', batchSize: 2, draft: false, started: false });
    expect(made.improvements.enabled).toEqual(['batch', 'pokayoke']);
    expect(made.params.consumerDemandParams.totalDuration).toBe(12);
    expect((await events(gameId))[0]!.data).toMatchObject({ scenarioId: 'workshop4-choose' });

    const { gameId: shorter } = await teacher.api.leangame.create.mutate({
      name: 'Shorter',
      template: templateId,
      minutes: 8,
      draft: true,
    });
    const short = await leanView(teacher, shorter);
    expect(short).toMatchObject({ batchSize: 2, draft: true });
    expect(short.params.consumerDemandParams.totalDuration).toBe(8);
    const created = (await events(shorter))[0]!.data as { setup: { params: { consumerDemand: unknown[] } } };
    expect(created.setup.params.consumerDemand).toHaveLength(
      getLeanScenario('workshop4-choose')!.baselineFor(8).params.consumerDemand.length,
    );
  });

  it("is another instructor's to nobody, not a beer game's template, and copied like any own template", async () => {
    expect(await refusal(other.api.leangame.create.mutate({ name: 'Mine?', template: templateId }))).toBe(
      'templates.errNotFound',
    );
    expect(await refusal(teacher.api.beergame.create.mutate({ name: 'Beer?', template: templateId }))).toBe(
      'templates.errTypeUnavailable',
    );
    const { templateId: beerTemplate } = await teacher.api.game.saveAsTemplate.mutate({
      gameId: (await teacher.api.beergame.create.mutate({ name: 'Beer', template: 'classic' })).gameId,
      title: 'A beer one',
    });
    expect(await refusal(teacher.api.leangame.create.mutate({ name: 'Lean?', template: beerTemplate }))).toBe(
      'templates.errNotFound',
    );
    // A setting the lean schemas refuse is not stored.
    const before = await storedConfig(templateId);
    expect(
      await refusal(
        teacher.api.template.update.mutate({
          templateId,
          config: { scenario: 'workshop4-choose', setup: {} },
        }),
      ),
    ).toBe('leangame.errInvalidSetup');
    expect(await storedConfig(templateId)).toEqual(before);
    const { templateId: copied } = await teacher.api.template.copy.mutate({
      templateId,
      title: 'Pairs again',
    });
    const { gameId } = await teacher.api.leangame.create.mutate({ name: 'From the copy', template: copied });
    expect(await leanView(teacher, gameId)).toMatchObject({ batchSize: 2 });
  });
});

describe('beer and lean games merged into one session template (spec point 2)', () => {
  it('makes each game a round of its type, in the order given', async () => {
    const lean = await arrangedWorkshop('Lean afternoon');
    const { gameId: beer } = await teacher.api.beergame.create.mutate({
      name: 'Beer morning',
      template: 'classic',
    });
    const { templateId } = await teacher.api.game.mergeIntoTemplate.mutate({
      gameIds: [beer, lean],
      title: 'Beer then lean',
      ...command(),
    });
    const listed = (await teacher.api.session.templates.query()).find((t) => t.id === templateId);
    expect(listed).toMatchObject({ rounds: ['Beer morning', 'Lean afternoon'] });
    const setup = (await storedConfig(templateId)) as Omit<SessionSetup, 'name'>;
    expect(setup.rounds.map((r) => r.gameType)).toEqual(['beergame', 'leangame']);
    const round = setup.rounds[1]!.config as LeanTemplateConfig;
    expect(Object.keys(round).sort()).toEqual(['scenario', 'setup']);
    expect(round.scenario).toBe('workshop4-choose');
    expect(round.setup.params.batchSize).toBe(2);
    expect(round.setup.params.consumerDemandParams.totalDuration).toBe(12);
    expect(setup.rounds[0]!.config).toMatchObject({ weeks: 36 });
    expect(
      await refusal(other.api.game.mergeIntoTemplate.mutate({ gameIds: [lean], title: 'No', ...command() })),
    ).toBe('dashboard.messGameUnknown');
  });
});

describe('a lean draft (spec point 2)', () => {
  let gameId: string;

  it('is seen by its creator only, on their list as a draft, and joined by nobody', async () => {
    ({ gameId } = await teacher.api.leangame.create.mutate({
      name: 'Not yet',
      template: 'workshop4-choose',
      draft: true,
    }));
    expect(await leanView(teacher, gameId)).toMatchObject({ draft: true });
    const row = (await teacher.api.dashboard.games.query({ archived: false })).games.find(
      (g) => g.id === gameId,
    );
    expect(row).toMatchObject({ draft: true });
    for (const user of [ann, other])
      expect(await refusal(leanView(user, gameId))).toBe('dashboard.messGameNotPublished');
    expect(
      await refusal(ann.api.leangame.join.mutate({ gameId, facilityId: 'warehouse', ...command() })),
    ).toBe('dashboard.messGameNotPublished');
    expect((await events(gameId)).map((e) => e.type)).toEqual(['LeanGameCreated']);
  });

  it('is published by its creator alone, from the dashboard; a beer game publishes from its settings', async () => {
    expect(await refusal(other.api.game.publish.mutate({ gameIds: [gameId], ...command() }))).toBe(
      'dashboard.messGameUnknown',
    );
    const { gameId: beer } = await teacher.api.beergame.create.mutate({
      name: 'Beer draft',
      template: 'classic',
      draft: true,
    });
    expect(await refusal(teacher.api.game.publish.mutate({ gameIds: [gameId, beer], ...command() }))).toBe(
      'dashboard.messActionUnavailable',
    );
    expect((await events(gameId)).map((e) => e.type)).toEqual(['LeanGameCreated']);
    expect(await teacher.api.game.publish.mutate({ gameIds: [gameId], ...command() })).toEqual({ count: 1 });
    expect((await events(gameId)).map((e) => e.type)).toEqual(['LeanGameCreated', 'LeanGamePublished']);
    await ann.api.leangame.join.mutate({ gameId, facilityId: 'warehouse', ...command() });
    expect(await leanView(ann, gameId)).toMatchObject({ me: 'warehouse', draft: false });
    const row = (await teacher.api.dashboard.games.query({ archived: false })).games.find(
      (g) => g.id === gameId,
    );
    expect(row).toMatchObject({ draft: false, players: 1 });
  });

  it('is archived from the dashboard: off the list, closed to its players, open to its creator', async () => {
    await teacher.api.game.archive.mutate({ gameIds: [gameId], ...command() });
    expect(
      (await teacher.api.dashboard.games.query({ archived: false })).games.map((g) => g.id),
    ).not.toContain(gameId);
    expect((await teacher.api.dashboard.games.query({ archived: true })).games.map((g) => g.id)).toContain(
      gameId,
    );
    expect(await refusal(leanView(ann, gameId))).toBe('dashboard.messGameNotPublished');
    expect(await leanView(teacher, gameId)).toMatchObject({ name: 'Not yet' });
    await teacher.api.game.unarchive.mutate({ gameIds: [gameId], ...command() });
    expect(await leanView(ann, gameId)).toMatchObject({ me: 'warehouse' });
  });
});

describe('a lean player leaves (spec quitGame)', () => {
  it('leaves a station to the computer during the round, and quits the game', async () => {
    const { gameId } = await teacher.api.leangame.create.mutate({
      name: 'Leaving',
      template: 'workshop4-choose',
    });
    await ann.api.leangame.join.mutate({ gameId, facilityId: 'warehouse', ...command() });
    await ben.api.leangame.join.mutate({ gameId, facilityId: 'qc', ...command() });
    await teacher.api.leangame.start.mutate({ gameId, ...command() });
    // Ann's own station is hers to leave, Ben's is not.
    expect(await refusal(ann.api.leangame.leave.mutate({ gameId, facilityId: 'qc', ...command() }))).toBe(
      'leangame.errNotYourFacility',
    );
    await ann.api.leangame.leave.mutate({ gameId, facilityId: 'warehouse', ...command() });
    const seen = await leanView(ann, gameId, (v) => v.me === null);
    expect(seen.facilities.find((f) => f.id === 'warehouse')).toMatchObject({ taken: false, computer: true });
    // The computer releases work at the warehouse from then on.
    await eventsWhen(gameId, (recorded) =>
      recorded.some(
        (e) =>
          e.type === 'SheetReleased' &&
          e.metadata.actorRole === 'system' &&
          (e.data as { facilityId: string }).facilityId === 'warehouse',
      ),
    );
    // Ben quits the game: his station goes to the computer too, and he plays nothing any more.
    expect(await ben.api.account.quitGame.mutate({ gameId, ...command() })).toEqual({ left: 1 });
    expect(await ben.api.account.playing.query()).toBeNull();
    const after = await leanView(teacher, gameId, (v) => v.facilities.every((f) => !f.taken));
    expect(after.facilities.find((f) => f.id === 'qc')).toMatchObject({ computer: true });
    await teacher.api.leangame.end.mutate({ gameId, ...command() });
  });
});
