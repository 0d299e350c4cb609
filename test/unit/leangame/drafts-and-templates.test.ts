/**
 * Lean games like the others (issue 26, item 3): a draft is its creator's alone until published
 * (spec point 2), old games fold as published ones, and a game kept as a template (its factory and
 * set-up) makes the same game again, at the length the instructor chooses.
 */
import { describe, expect, it } from 'vitest';
import { type DomainEvent, fold, upcast } from '../../../src-shared/eventsourcing';
import {
  getLeanScenario,
  type LeanEvent,
  leanCopySetup,
  leangameDecider,
  leangameSummary,
  leanScenarioOf,
  leanTemplateConfig,
  leanTemplateMinutes,
  leanTemplateSetup,
  leanUpcasters,
  readLeanTemplateConfig,
  viewLeanGame,
} from '../../../src-shared/leangame';
import { gamePageRefusal } from '../../../src-shared/rules/permissions';
import { alice, bob, creator, Game, MIN, smallSetup, T0 } from './helpers';

function draftGame(): Game {
  const game = new Game();
  game.run(
    { type: 'CreateLeanGame', gameId: 'g1', name: 'Lean', seed: 7, setup: smallSetup(), draft: true },
    creator,
    T0 - MIN,
  );
  return game;
}

const pageRefusal = (game: Game, viewer: string) => {
  const summary = leangameSummary(game.state);
  return gamePageRefusal(
    { ...summary, exists: true, hasFacilities: game.state.facilities.length > 0 },
    viewer,
  );
};

describe('a lean draft (spec point 2)', () => {
  it('is recorded as one, shown as one, and its page is refused to everyone but its creator', () => {
    const game = draftGame();
    expect(game.events[0]).toMatchObject({ type: 'LeanGameCreated', data: { draft: true } });
    expect(game.state.draft).toBe(true);
    expect(leangameSummary(game.state).draft).toBe(true);
    expect(viewLeanGame(game.state, creator, T0)!.draft).toBe(true);
    expect(pageRefusal(game, 'teacher')).toBeNull();
    expect(pageRefusal(game, 'alice')).toBe('dashboard.messGameNotPublished');
  });

  it('refuses a player who joins before it is published, and takes them once it is', () => {
    const game = draftGame();
    game
      .when({ type: 'JoinFacility', facilityId: 'wh', playerName: 'Alice' }, alice, T0 - 5000)
      .thenRefused('leangame.errGameDraft');
    game.when({ type: 'PublishLeanGame' }, alice, T0 - 4000).thenRefused('leangame.errNotCreator');
    expect(game.run({ type: 'PublishLeanGame' }, creator, T0 - 3000)).toEqual([
      { type: 'LeanGamePublished', data: { at: T0 - 3000 } },
    ]);
    expect(game.state.draft).toBe(false);
    expect(pageRefusal(game, 'alice')).toBeNull();
    // Publishing again changes nothing.
    expect(game.run({ type: 'PublishLeanGame' }, creator, T0 - 2000)).toEqual([]);
    game.run({ type: 'JoinFacility', facilityId: 'wh', playerName: 'Alice' }, alice, T0 - 1000);
    expect(leangameSummary(game.state).playerIds).toEqual(['alice']);
  });

  it('stays a draft through a reset, and a game created without asking is published', () => {
    const game = draftGame();
    game.run({ type: 'StartGame' }, creator, T0);
    game.run({ type: 'ResetLeanGame' }, creator, T0 + MIN);
    expect(game.state.draft).toBe(true);
    expect(Game.create().state.draft).toBe(false);
    expect(Game.create().events[0]).toMatchObject({ data: { draft: false } });
  });

  it('reads a creation recorded before drafts as a published game', () => {
    const [created] = Game.create().events as DomainEvent[];
    const { draft: _draft, ...old } = created!.data as Record<string, unknown>;
    const recorded = { type: 'LeanGameCreated', data: old };
    const read = upcast(leanUpcasters, recorded);
    expect(read.data).toMatchObject({ draft: false });
    expect(fold(leangameDecider, [read as LeanEvent]).draft).toBe(false);
    // Folded as recorded, without the upcaster, it is not a draft either.
    expect(fold(leangameDecider, [recorded as LeanEvent]).draft).toBe(false);
    // A current event passes through unchanged.
    expect(upcast(leanUpcasters, created!)).toBe(created);
  });
});

describe('a lean game kept as a template', () => {
  /** The workshop as its players rearranged it: batches of two, poka-yoke on. */
  function arranged(): Game {
    const game = new Game();
    game.run(
      { type: 'CreateLeanGame', gameId: 'g1', name: 'Workshop', seed: 7, scenarioId: 'workshop4-choose' },
      creator,
      T0 - MIN,
    );
    game.run({ type: 'JoinFacility', facilityId: 'warehouse', playerName: 'Bob' }, bob, T0 - 50_000);
    game.run({ type: 'OpenImprovementsPanel' }, creator, T0 - 40_000);
    game.run({ type: 'EnableImprovement', improvement: 'batch', apply: false }, creator, T0 - 30_000);
    game.run({ type: 'SetBatchSize', batchSize: 2 }, creator, T0 - 20_000);
    game.run({ type: 'EnableImprovement', improvement: 'pokayoke' }, creator, T0 - 10_000);
    game.run({ type: 'StartGame' }, creator, T0);
    game.run({ type: 'EndGame' }, creator, T0 + 3 * MIN);
    return game;
  }

  it('keeps its factory and its set-up as a copy would start, with no players and nothing played', () => {
    const game = arranged();
    const config = leanTemplateConfig(game.state);
    expect(config.scenario).toBe('workshop4-choose');
    expect(config.setup).toEqual(leanCopySetup(game.state));
    expect(config.setup.params.batchSize).toBe(2);
    expect(config.setup.params.improvements.enabled).toEqual(['batch', 'pokayoke']);
    expect(config.setup.facilities.every((f) => f.user === null && f.playerName === null)).toBe(true);
    expect(config.setup.params.consumerDemand.every((d) => d.fulfilled_qty === 0)).toBe(true);
    expect(leanTemplateMinutes(config)).toBe(15);
  });

  it('round-trips through storage (JSON) and makes the same game again', () => {
    const game = arranged();
    const stored = JSON.parse(JSON.stringify(leanTemplateConfig(game.state)));
    const read = readLeanTemplateConfig(stored);
    if (!read.ok) throw new Error(read.reason);
    expect(read.config).toEqual(leanTemplateConfig(game.state));
    const again = new Game();
    again.run(
      {
        type: 'CreateLeanGame',
        gameId: 'g2',
        name: 'Again',
        seed: 7,
        scenarioId: read.config.scenario,
        setup: leanTemplateSetup(read.config),
      },
      creator,
      T0,
    );
    expect(again.state.batchSize).toBe(2);
    expect(again.state.improvements).toEqual(['batch', 'pokayoke']);
    expect(again.state.scenarioId).toBe('workshop4-choose');
    expect(leanTemplateConfig(again.state)).toEqual(read.config);
  });

  it("follows the round's length chosen with the factory's orders, keeping its settings", () => {
    const config = leanTemplateConfig(arranged().state);
    const setup = leanTemplateSetup(config, 8);
    expect(setup.params.consumerDemandParams.totalDuration).toBe(8);
    expect(setup.params.consumerDemand.map((d) => d.created_min)).toEqual(
      getLeanScenario('workshop4-choose')!
        .baselineFor(8)
        .params.consumerDemand.map((d) => d.created_min),
    );
    expect(setup.params.batchSize).toBe(2);
    expect(setup.params.improvements.enabled).toEqual(['batch', 'pokayoke']);
    expect(leanTemplateSetup(config, 15)).toBe(config.setup);
  });

  it('refuses a template whose factory is unknown or whose set-up the lean schemas refuse', () => {
    const config = leanTemplateConfig(arranged().state);
    expect(readLeanTemplateConfig({ ...config, scenario: 'nowhere' })).toMatchObject({ ok: false });
    const broken = { ...config.setup, facilities: config.setup.facilities.slice(1) };
    expect(readLeanTemplateConfig({ ...config, setup: broken })).toEqual({
      ok: false,
      reason: 'exactly one warehouse',
    });
    expect(readLeanTemplateConfig({ setup: config.setup })).toMatchObject({ ok: false });
  });

  it('names the built-in factory of a set-up of its own by its facilities', () => {
    const setup = getLeanScenario('factory7-lean')!.setup;
    expect(leanScenarioOf({ scenarioId: null, setup })).toBe('factory7-choose');
    expect(leanScenarioOf({ scenarioId: 'factory7-lean', setup })).toBe('factory7-lean');
    expect(leanScenarioOf({ scenarioId: null, setup: smallSetup() })).toBe('workshop4-choose');
  });
});
