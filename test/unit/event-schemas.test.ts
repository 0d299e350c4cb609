/**
 * The event schemas are the codebook's source, so they must describe exactly what the engines
 * record: every event of varied games parses to itself (no field missing, none undocumented).
 */
import { describe, expect, it } from 'vitest';
import { BEER_EVENT_TYPES, beerEventSchemas, classicConfigInput } from '../../src-shared/beergame';
import {
  getLeanScenario,
  LEAN_EVENT_TYPES,
  LEAN_IMPROVEMENTS,
  LEAN_SCENARIOS,
  leanEventSchemas,
  simulateLeanRound,
} from '../../src-shared/leangame';
import { as, CLASSIC, classicWithPlayers, createdWith, Game } from './beergame/helpers';
import { alice, bob, creator, Game as LeanGame, MIN, smallSetup, system, T0 } from './leangame/helpers';

/** Two shops buying from one hub that cannot serve them both, split by hand. */
const sharedSupplier = {
  weeks: 4,
  manualAllocation: true,
  consumerDemand: [20],
  facilities: [
    { id: 'a', name: 'A', capabilities: { A1: { from: 'hub' } } },
    { id: 'b', name: 'B', capabilities: { A1: { from: 'hub' } } },
    {
      id: 'hub',
      name: 'Hub',
      pdata: { p1: { stock: 3 } },
      capabilities: { A1: { type: 'production', from: {} } },
    },
  ],
};

function expectDescribed(
  schemas: Record<string, { parse(data: unknown): unknown }>,
  events: { type: string; data: unknown }[],
) {
  for (const event of events) {
    const schema = schemas[event.type];
    expect(schema, event.type).toBeDefined();
    expect(schema!.parse(event.data), event.type).toEqual(event.data);
  }
}

describe('event schemas', () => {
  it('describe every beer event the engine records', () => {
    const game = classicWithPlayers({
      configDebrief: {
        questionsSection: { show: true, questions: [{ id: 'q1', text: 'Why?', answer: null }] },
      },
    });
    const { configDebrief } = game.state.config;
    game.run({
      type: 'ConfigureGame',
      name: 'Renamed',
      config: { ...classicConfigInput(), weeks: 30, configDebrief },
    });
    game.run({ type: 'ResetStartingOrders', startOrders: 5 });
    game.run({ type: 'SendMessage', to: 'all', text: 'Hello', showAt: 2 });
    game.run({
      type: 'ScheduleChange',
      week: 3,
      facilityIds: ['retailer'],
      field: 'consumerDemand',
      value: 12,
    });
    game.run({ type: 'ScheduleChange', week: 4, facilityIds: ['retailer'], field: 'stockCost', value: 1 });
    game.run({ type: 'CancelChange', changeId: 'c2' });
    game.run({ type: 'StartTimer', seconds: 30 });
    game.run({ type: 'PauseTimer' });
    game.run({ type: 'ResumeTimer' });
    game.run({ type: 'StopTimer' });
    game.run({ type: 'ProposeOrder', facilityId: 'retailer', quantity: 6 });
    game.run({ type: 'SetTransparent', transparent: true });
    game.run({ type: 'LeaveRole', facilityId: 'factory' }, as('u-factory'));
    for (const id of CLASSIC.slice(0, 3))
      game.run({ type: 'PlaceOrder', facilityId: id, quantity: 4 }, as(`u-${id}`));
    game.run({ type: 'HandToComputer', facilityId: 'factory' });
    game.run({ type: 'TakeBackRole', facilityId: 'factory' });
    game.run({ type: 'HandToComputer', facilityId: 'factory' });
    game.run({ type: 'ResetGame' });
    game.run({ type: 'EndGame' });
    game.run({ type: 'AnswerDebriefQuestion', questionId: 'q1', answer: 'Delays' }, as('u-retailer'));
    game.run({ type: 'SeeResults' }, as('u-retailer'));
    game.run({
      type: 'ConfigureDebrief',
      configDebrief: { textBlocks: [{ id: 'b1', text: 'See https://a.org' }] },
    });
    game.run({ type: 'ArchiveGame' });
    game.run({ type: 'UnarchiveGame' });
    game.run({ type: 'DeleteGame' });
    const shortage = new Game(createdWith(sharedSupplier));
    for (const id of ['a', 'b']) shortage.run({ type: 'JoinRole', facilityId: id }, as(`u-${id}`));
    shortage.run({ type: 'CloseWeek', reason: 'instructor' });
    const pending = shortage.state.allocations[0]!;
    shortage.run({
      type: 'ConfirmAllocations',
      facilityId: 'hub',
      allocation: { a: pending.available, b: 0 },
    });
    const events = [...game.events, ...shortage.events];
    expectDescribed(beerEventSchemas, events);
    expect(new Set(events.map((e) => e.type))).toEqual(new Set(BEER_EVENT_TYPES));
  });

  it('describe every lean event, from computer rounds and a game played by hand', () => {
    const simulated = LEAN_SCENARIOS.flatMap(
      (s) => simulateLeanRound({ scenarioId: s.id, minutes: 4, seed: 3 }).events,
    );
    const played = LeanGame.create(smallSetup({ improvements: { available: [...LEAN_IMPROVEMENTS] } }));
    played.run({ type: 'JoinFacility', facilityId: 'wh', playerName: 'Alice' }, alice, T0);
    played.run({ type: 'JoinFacility', facilityId: 'paint', playerName: null }, bob, T0);
    played.run({ type: 'LeaveFacility', facilityId: 'paint' }, bob, T0);
    played.run({ type: 'OpenImprovementsPanel' }, alice, T0);
    for (const improvement of ['movestations', 'balancestations', 'batch', 'kanban'] as const)
      played.run({ type: 'EnableImprovement', improvement, apply: false }, alice, T0);
    played.run({ type: 'DisableImprovement', improvement: 'movestations' }, alice, T0);
    played.run({ type: 'EnableImprovement', improvement: 'movestations' }, alice, T0);
    played.run({ type: 'MoveStation', facilityId: 'qc', position: { row: 2, column: 3 } }, alice, T0);
    played.run({ type: 'SetBatchSize', batchSize: 2 }, alice, T0);
    played.run({ type: 'SetKanbanCap', cap: 6 }, alice, T0);
    played.run({ type: 'CloseImprovementsPanel' }, alice, T0);
    played.run({ type: 'SetRoundLength', minutes: 8 }, creator, T0);
    played.run({ type: 'StartGame' }, creator, T0);
    played.run({ type: 'ScheduleComputerActions', totalDurationMin: 5 }, creator, T0);
    played.run({ type: 'ReleaseSheet', facilityId: 'wh' }, alice, T0 + 3_000);
    played.run(
      {
        type: 'ConfigureLeanDebrief',
        configDebrief: {
          questionsSection: { show: true, questions: [{ id: 'q1', text: 'WIP?', answer: 4 }] },
        },
      },
      creator,
      T0 + 4 * MIN,
    );
    played.run({ type: 'EndGame' }, creator, T0 + 5 * MIN);
    played.run({ type: 'AnswerLeanDebriefQuestion', questionId: 'q1', answer: '4' }, alice, T0 + 5 * MIN);
    played.run({ type: 'ResetLeanGame' }, creator, T0 + 6 * MIN);
    played.run({ type: 'ArchiveLeanGame', archived: true }, creator, T0 + 6 * MIN);
    played.run({ type: 'DisconnectPlayers' }, creator, T0 + 6 * MIN);
    played.run({ type: 'DeleteLeanGame' }, creator, T0 + 6 * MIN);
    const balanced = LeanGame.create({ ...getLeanScenario('factory7-choose')!.setup });
    balanced.run({ type: 'EnableImprovement', improvement: 'balancestations' }, system, T0);
    const draft = new LeanGame();
    draft.run(
      { type: 'CreateLeanGame', gameId: 'g2', name: 'Draft', seed: 1, setup: smallSetup(), draft: true },
      creator,
      T0,
    );
    draft.run({ type: 'PublishLeanGame' }, creator, T0 + 1);
    const events = [...simulated, ...played.events, ...balanced.events, ...draft.events];
    expectDescribed(leanEventSchemas, events);
    const missing = LEAN_EVENT_TYPES.filter((type) => !events.some((e) => e.type === type));
    expect(missing).toEqual([]);
  });

  it('name each type once across the games', () => {
    const shared = BEER_EVENT_TYPES.filter((type) => (LEAN_EVENT_TYPES as string[]).includes(type));
    expect(shared).toEqual([]);
  });
});
