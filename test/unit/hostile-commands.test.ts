/**
 * Defence in depth (issue 8): the deciders refuse hostile values by themselves, whatever the input
 * schemas let through — a key that names a prototype property, a number out of range, fractional
 * or not finite, text with NUL. A refusal is a `DomainError` with a message id, never a TypeError.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type BeerCommand, beergameDecider } from '../../src-shared/beergame';
import { MAX_ORDER_QUANTITY, MESSAGE_MAX, TIMER_SECONDS } from '../../src-shared/beergame/constants';
import { DomainError } from '../../src-shared/eventsourcing';
import {
  LEAN_MAX_BATCH_SIZE,
  LEAN_MAX_KANBAN_CAP,
  LEAN_MAX_ROUND_MINUTES,
  LEAN_SHEET_TARGETS,
} from '../../src-shared/leangame';
import { assertProperty } from '../support/property';
import { as, Game as BeerGame, CREATOR, classicWithPlayers, created } from './beergame/helpers';
import {
  alice,
  bob,
  carol,
  creator,
  Game as LeanGame,
  oneSheetAtPaint,
  played,
  smallSetup,
  T0,
} from './leangame/helpers';

const PROTOTYPE_KEYS = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf'];
const NOT_FINITE = [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY];

describe('beer game', () => {
  const ann = as('ann');
  const retailer = as('u-retailer');

  it.each(PROTOTYPE_KEYS)('refuses the facility %s on every command that names one', (key) => {
    const game = classicWithPlayers();
    const open = new BeerGame(created());
    open.when({ type: 'JoinRole', facilityId: key }, ann).thenRefused('beergame.errFacilityUnknown');
    game.when({ type: 'LeaveRole', facilityId: key }, retailer).thenRefused('beergame.errFacilityUnknown');
    game
      .when({ type: 'PlaceOrder', facilityId: key, quantity: 4 }, retailer)
      .thenRefused('beergame.errFacilityUnknown');
    game
      .when({ type: 'HandToComputer', facilityId: key }, as(CREATOR))
      .thenRefused('beergame.errFacilityUnknown');
    game
      .when({ type: 'ProposeOrder', facilityId: key, quantity: 4 }, as(CREATOR))
      .thenRefused('beergame.errFacilityUnknown');
    game
      .when({ type: 'ConfirmAllocations', facilityId: key, allocation: {} }, retailer)
      .thenRefused('beergame.errFacilityUnknown');
    game
      .when({ type: 'SendMessage', to: [key], text: 'Hello' }, as(CREATOR))
      .thenRefused('beergame.errFacilityUnknown');
    game
      .when(
        { type: 'ScheduleChange', week: 3, facilityIds: [key], field: 'consumerDemand', value: 8 },
        as(CREATOR),
      )
      .thenRefused('beergame.errFacilityUnknown');
    game
      .when({ type: 'ResetStartingOrders', startOrders: 4, facilityId: key }, as(CREATOR))
      .thenRefused('beergame.errFacilityUnknown');
  });

  it.each(PROTOTYPE_KEYS)('refuses the capability, product and field %s', (key) => {
    const game = classicWithPlayers();
    game
      .when({ type: 'PlaceOrder', facilityId: 'retailer', capabilityId: key, quantity: 4 }, retailer)
      .thenRefused('beergame.errCapabilityUnknown');
    game
      .when({ type: 'ProposeOrder', facilityId: 'retailer', capabilityId: key, quantity: 4 }, as(CREATOR))
      .thenRefused('beergame.errCapabilityUnknown');
    game
      .when(
        { type: 'ResetStartingOrders', startOrders: 4, facilityId: 'retailer', capabilityId: key },
        as(CREATOR),
      )
      .thenRefused('beergame.errCapabilityUnknown');
    game
      .when(
        {
          type: 'ScheduleChange',
          week: 3,
          facilityIds: ['retailer'],
          field: 'consumerDemand',
          value: 8,
          pid: key,
        },
        as(CREATOR),
      )
      .thenRefused('beergame.errProductUnknown');
    game
      .when(
        { type: 'ScheduleChange', week: 3, facilityIds: ['retailer'], field: key as never, value: 8 },
        as(CREATOR),
      )
      .thenRefused('beergame.errChangeInvalid');
    game.when({ type: 'CancelChange', changeId: key }, as(CREATOR)).thenRefused('beergame.errChangeUnknown');
  });

  it.each([1e308, 2 ** 53 + 2, 1_000_000, Number.MAX_VALUE])(
    'refuses the order %d as above the largest',
    (quantity) => {
      classicWithPlayers()
        .when({ type: 'PlaceOrder', facilityId: 'retailer', quantity }, retailer)
        .thenRefused('beergame.errOrderAboveMax', { max: MAX_ORDER_QUANTITY });
      classicWithPlayers()
        .when({ type: 'ProposeOrder', facilityId: 'retailer', quantity }, as(CREATOR))
        .thenRefused('beergame.errOrderAboveMax', { max: MAX_ORDER_QUANTITY });
    },
  );

  it.each([...NOT_FINITE, -1, 2.5, -0.5, Number.MIN_VALUE])(
    'refuses the order %d as not whole',
    (quantity) => {
      classicWithPlayers()
        .when({ type: 'PlaceOrder', facilityId: 'retailer', quantity }, retailer)
        .thenRefused('beergame.errOrderNotWhole');
    },
  );

  it('takes the largest order there is', () => {
    classicWithPlayers()
      .when({ type: 'PlaceOrder', facilityId: 'retailer', quantity: MAX_ORDER_QUANTITY }, retailer)
      .thenEvents((events) => expect(events[0]).toMatchObject({ type: 'OrderPlaced' }));
  });

  it.each([...NOT_FINITE, -1, 1e308, 2.5])('refuses %d starting orders', (startOrders) => {
    classicWithPlayers()
      .when({ type: 'ResetStartingOrders', startOrders }, as(CREATOR))
      .thenRefused('beergame.errOrderNotWhole');
  });

  it.each([0, 4, 86_401, 1.5, ...NOT_FINITE, -5])('refuses a timer of %d seconds', (seconds) => {
    classicWithPlayers()
      .when({ type: 'StartTimer', seconds }, as(CREATOR))
      .thenRefused('beergame.errTimerOutOfRange', TIMER_SECONDS);
  });

  it.each([...NOT_FINITE, 1e308, 2.5])('refuses a scheduled change to %d', (value) => {
    classicWithPlayers()
      .when(
        { type: 'ScheduleChange', week: 3, facilityIds: ['retailer'], field: 'consumerDemand', value },
        as(CREATOR),
      )
      .thenRefused('beergame.errChangeOutOfRange');
  });

  it.each(['a\u0000b', 'bell\u0007', '\ud800', 'ok\udfffok'])('refuses the message %j', (text) => {
    classicWithPlayers()
      .when({ type: 'SendMessage', to: 'all', text }, as(CREATOR))
      .thenRefused('errors.textInvalid');
  });

  it('refuses a message longer than the longest, and takes the longest', () => {
    const game = classicWithPlayers();
    game
      .when({ type: 'SendMessage', to: 'all', text: 'x'.repeat(MESSAGE_MAX + 1) }, as(CREATOR))
      .thenRefused('errors.textTooLong', { max: MESSAGE_MAX });
    game
      .when({ type: 'SendMessage', to: 'all', text: `${'x'.repeat(MESSAGE_MAX)}\n` }, as(CREATOR))
      .thenEvents((events) => expect(events).toHaveLength(1));
  });

  /** A decision on hostile values: events, or a refusal with a beergame.* id — never another error. */
  const decidesOrRefuses = (game: BeerGame, command: BeerCommand, actor: string) => {
    try {
      beergameDecider.decide(command, game.state, as(actor));
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      expect(error.messageId).toMatch(/^beergame\./);
    }
  };

  it('refuses any facility, capability and quantity with a DomainError only', () => {
    const game = classicWithPlayers();
    const open = new BeerGame(created());
    const key = fc.oneof(fc.constantFrom(...PROTOTYPE_KEYS, 'retailer', 'factory'), fc.string());
    const quantity = fc.oneof(fc.integer(), fc.double(), fc.constantFrom(...NOT_FINITE, 1e308, 2 ** 53 + 2));
    assertProperty(
      fc.property(key, fc.option(key, { nil: undefined }), quantity, (facilityId, capabilityId, q) => {
        decidesOrRefuses(open, { type: 'JoinRole', facilityId }, 'ann');
        decidesOrRefuses(game, { type: 'JoinRole', facilityId }, 'ann');
        decidesOrRefuses(
          game,
          { type: 'PlaceOrder', facilityId, capabilityId, quantity: q },
          `u-${facilityId}`,
        );
      }),
      { numRuns: 500 },
    );
  });
});

describe('lean game', () => {
  /** A game before its start, the panel opened by the creator, with these improvements on. */
  function configuring(enabled: string[]) {
    const game = LeanGame.create(
      smallSetup({
        improvements: { available: ['batch', 'kanban', 'movestations', 'balancestations'], enabled: [] },
      }),
    );
    game.run({ type: 'JoinFacility', facilityId: 'paint', playerName: 'Bob' }, bob, T0 - 60_000);
    game.run({ type: 'OpenImprovementsPanel' }, creator, T0 - 50_000);
    for (const improvement of enabled)
      game.run({ type: 'EnableImprovement', improvement: improvement as never }, creator, T0 - 40_000);
    return game;
  }
  const before = T0 - 30_000;

  it.each([0, LEAN_MAX_BATCH_SIZE + 1, 2.5, -1, 1e308, ...NOT_FINITE])(
    'refuses a batch size of %d',
    (batchSize) => {
      configuring(['batch'])
        .when({ type: 'SetBatchSize', batchSize }, creator, before)
        .thenRefused('leangame.errNumberOutOfRange', { min: 1, max: LEAN_MAX_BATCH_SIZE });
    },
  );

  it.each([0, LEAN_MAX_KANBAN_CAP + 1, 2.5, -1, 1e308, ...NOT_FINITE])(
    'refuses a kanban cap of %d',
    (cap) => {
      configuring(['kanban'])
        .when({ type: 'SetKanbanCap', cap }, creator, before)
        .thenRefused('leangame.errNumberOutOfRange', { min: 1, max: LEAN_MAX_KANBAN_CAP });
    },
  );

  it.each([0, LEAN_MAX_ROUND_MINUTES + 1, -1, ...NOT_FINITE])(
    'refuses computer actions over %d minutes',
    (totalDurationMin) => {
      played()
        .when({ type: 'ScheduleComputerActions', totalDurationMin }, creator, T0 + 1000)
        .thenRefused('leangame.errNumberOutOfRange', { min: 1, max: LEAN_MAX_ROUND_MINUTES });
    },
  );

  it.each([-1, LEAN_SHEET_TARGETS, 2.5, 1e308, ...NOT_FINITE])('refuses painting on target %d', (target) => {
    const game = played();
    const sheet = oneSheetAtPaint(game);
    game.run({ type: 'PickUpBatch', facilityId: 'paint' }, bob, sheet.arrives);
    game
      .when(
        { type: 'PerformOperation', facilityId: 'paint', productId: sheet.id, target },
        bob,
        sheet.arrives,
      )
      .thenRefused('leangame.errNumberOutOfRange', { min: 0, max: LEAN_SHEET_TARGETS - 1 });
  });

  it.each([-1, 2, 0.5, 1e308, ...NOT_FINITE])('refuses removing the defect of operation %d', (opIndex) => {
    const game = played();
    const sheet = oneSheetAtPaint(game);
    game.run({ type: 'PickUpBatch', facilityId: 'paint' }, bob, sheet.arrives);
    // The small set-up's product has two operations: 0 and 1.
    game
      .when({ type: 'RemoveDefect', facilityId: 'paint', productId: sheet.id, opIndex }, bob, sheet.arrives)
      .thenRefused('leangame.errNumberOutOfRange', { min: 0, max: 1 });
  });

  it.each(PROTOTYPE_KEYS)('refuses the facility, tool and template %s', (key) => {
    const fresh = LeanGame.create();
    fresh
      .when({ type: 'JoinFacility', facilityId: key, playerName: 'Eve' }, alice, T0 - 1000)
      .thenRefused('leangame.errFacilityUnknown');
    const panel = configuring(['movestations', 'balancestations']);
    panel
      .when({ type: 'MoveStation', facilityId: key, position: { row: 1, column: 1 } }, creator, before)
      .thenRefused('leangame.errFacilityUnknown');
    panel
      .when({ type: 'ReassignOperation', tool: 'circle:red', facilityId: key }, creator, before)
      .thenRefused('leangame.errFacilityUnknown');
    panel
      .when({ type: 'ReassignOperation', tool: key, facilityId: 'paint' }, creator, before)
      .thenRefused('leangame.errUnknownTool');
    const game = played();
    const now = T0 + 1000;
    for (const command of [
      { type: 'LeaveFacility', facilityId: key },
      { type: 'ReleaseSheet', facilityId: key },
      { type: 'SendBatch', facilityId: key },
      { type: 'PickUpBatch', facilityId: key },
      { type: 'ChangeTool', facilityId: key, tool: 'circle:red' },
      { type: 'PerformOperation', facilityId: key, productId: 'p0', target: 0 },
      { type: 'InspectSheet', facilityId: key, productId: 'p0' },
      { type: 'RemoveDefect', facilityId: key, productId: 'p0', opIndex: 0 },
      { type: 'DeliverProduct', facilityId: key },
    ] as const)
      game.when(command, bob, now).thenRefused('leangame.errFacilityUnknown');
    game
      .when({ type: 'ChangeTool', facilityId: 'paint', tool: key }, bob, now)
      .thenRefused('leangame.errUnknownTool');
    game
      .when({ type: 'ReleaseSheet', facilityId: 'wh', templateId: key }, alice, now)
      .thenRefused('leangame.errUnknownTemplate');
  });

  it.each(['nonsense', 'circle:mauve', '__proto__', 'constructor'])(
    'refuses quality control the tool %j, which no operation uses',
    (tool) => {
      played()
        .when({ type: 'ChangeTool', facilityId: 'qc', tool }, carol, T0 + 1000)
        .thenRefused('leangame.errUnknownTool');
    },
  );

  it('refuses a seat name that breaks the rule of player names', () => {
    for (const [playerName, messageId] of [
      ['x'.repeat(41), 'errors.textTooLong'],
      ['a\u0000b', 'errors.textInvalid'],
      ['   ', 'errors.textRequired'],
    ])
      LeanGame.create()
        .when({ type: 'JoinFacility', facilityId: 'wh', playerName }, alice, T0 - 1000)
        .thenRefused(messageId!);
  });

  it.each(['p01', 'p-1', 'p1e3', 'p99999999999', 'p0x1', 'p 1', 'p', '__proto__', 'constructor', 'length'])(
    'refuses the product id %j without a crash',
    (productId) => {
      const game = played();
      const sheet = oneSheetAtPaint(game);
      game.run({ type: 'PickUpBatch', facilityId: 'paint' }, bob, sheet.arrives);
      const now = sheet.arrives;
      game
        .when({ type: 'PerformOperation', facilityId: 'paint', productId, target: 0 }, bob, now)
        .thenRefused('leangame.errProductNotHere');
      game
        .when({ type: 'RemoveDefect', facilityId: 'paint', productId, opIndex: 0 }, bob, now)
        .thenRefused('leangame.errProductNotHere');
      game
        .when({ type: 'SendBatch', facilityId: 'paint', productIds: [productId] }, bob, now)
        .thenRefused('leangame.errProductNotHere');
      game
        .when({ type: 'InspectSheet', facilityId: 'qc', productId }, carol, now)
        .thenRefused('leangame.errProductNotHere');
      game
        .when({ type: 'DeliverProduct', facilityId: 'wh', productId }, alice, now)
        .thenRefused('leangame.errProductNotHere');
    },
  );
});
