/**
 * Spec point 3 fields of the beer game that carry a meaning beyond the week's numbers: the turn
 * timer (`playTimer`, `timer`), the map (`bckCells`, `invertedFlows`, facility `icon` and `visual`),
 * the debrief configuration (`configDebrief`), start metrics, validated orders, proposals as order
 * records (`isProposal`) and scheduled messages (`show_at`). Given/when/then on the decider.
 */
import { describe, expect, it } from 'vitest';
import {
  BEERGAME_DEBRIEF_SECTIONS,
  type BeerEvent,
  beergameDecider,
  copyGameCommand,
  EVENT_EDITOR_DEFAULTS,
  FACILITY_KINDS,
  viewGame,
} from '../../../src-shared/beergame';
import { defaultMapLayout } from '../../../src-shared/rules/map-layout';
import {
  as,
  CLASSIC,
  CREATOR,
  classicWithPlayers,
  created,
  createdWith,
  expectRefusal,
  Game,
  system,
} from './helpers';

/** The game created by the copy of `game`'s state. */
const copyOf = (game: Game): Game =>
  new Game(
    ...beergameDecider.decide(
      copyGameCommand(game.state, { gameId: 'g2', name: 'Copy', creatorId: CREATOR, seed: 7 }),
      beergameDecider.initialState,
      as(CREATOR),
    ),
  );

const types = (events: BeerEvent[]) => events.map((e) => e.type);

describe('playTimer and timer: the turn timer', () => {
  it('given playTimer, when the last seat is taken, then the timer starts with `timer` seconds, not before', () => {
    const game = new Game(created({ playTimer: true, timer: 45 }));
    expect(viewGame(game.state, { userId: CREATOR }).timer).toEqual({
      playTimer: true,
      running: false,
      seconds: 45,
      deadline: null,
      pausedSeconds: null,
    });
    for (const id of CLASSIC.slice(0, 3))
      expect(types(game.run({ type: 'JoinRole', facilityId: id }, as(`u-${id}`, 5_000)))).toEqual([
        'RoleJoined',
      ]);
    expect(game.state.deadline).toBeNull();
    const events = game.run({ type: 'JoinRole', facilityId: 'factory' }, as('u-factory', 10_000));
    expect(events[1]).toEqual({ type: 'TimerStarted', data: { week: 1, seconds: 45, deadline: 55_000 } });
    expect(viewGame(game.state, { userId: 'u-retailer' }).timer).toEqual({
      playTimer: true,
      running: true,
      seconds: 45,
      deadline: 55_000,
      pausedSeconds: null,
    });
    // The deadline drives the close: each close sets the next week's deadline `timer` seconds on.
    const [closed] = game.run({ type: 'CloseWeek', reason: 'timer' }, { ...system, now: 55_000 });
    expect(closed!.data).toMatchObject({ reason: 'timer', nextDeadline: 100_000 });
  });

  it('given playTimer, when the last free seat is handed to the computer, then the timer starts', () => {
    const game = new Game(created({ playTimer: true, timer: 30 }));
    for (const id of CLASSIC.slice(0, 3)) game.run({ type: 'JoinRole', facilityId: id }, as(`u-${id}`));
    const events = game.run({ type: 'HandToComputer', facilityId: 'factory' }, as(CREATOR, 2_000));
    expect(types(events)).toEqual(['RoleHandedToComputer', 'TimerStarted']);
    expect(game.state.deadline).toBe(32_000);
  });

  it('given playTimer with seats still free, when the instructor closes a week, then the next week is timed', () => {
    const game = new Game(created({ playTimer: true, timer: 20 }));
    const [closed] = game.run({ type: 'CloseWeek', reason: 'instructor' }, { ...system, now: 3_000 });
    expect(closed!.data).toMatchObject({ nextDeadline: 23_000 });
    expect(game.state.deadline).toBe(23_000);
  });

  it('given no playTimer, filling the seats starts nothing; StartTimer without seconds uses `timer`', () => {
    const game = classicWithPlayers({ timer: 90 });
    expect(game.events.some((e) => e.type === 'TimerStarted')).toBe(false);
    expect(viewGame(game.state, { userId: CREATOR }).timer.playTimer).toBe(false);
    game.run({ type: 'StartTimer' }, as(CREATOR, 1_000));
    expect(game.state.deadline).toBe(91_000);
    // StopTimer turns the timer off: closes no longer set a deadline.
    game.run({ type: 'StopTimer' }, as(CREATOR));
    game.run({ type: 'CloseWeek', reason: 'instructor' }, as(CREATOR));
    expect(game.state.deadline).toBeNull();
  });

  it('a copy keeps the timer as it stands, waiting for its seats to be filled', () => {
    const game = classicWithPlayers({ timer: 40 });
    game.run({ type: 'StartTimer', seconds: 25 }, as(CREATOR));
    const copy = copyOf(game);
    expect(copy.state.config).toMatchObject({ playTimer: true, timer: 25 });
    expect(copy.state.deadline).toBeNull();
    expect(copyOf(classicWithPlayers()).state.playTimer).toBe(false);
  });
});

describe('map decoration: bckCells, invertedFlows, icon, visual', () => {
  const decorated = {
    bckCells: [
      { row: 1, column: 1, visual: 'tree' },
      { row: 2, column: 1, visual: 'rock' },
    ],
  };

  it('given bckCells, the view shows them on the map and a copy keeps them', () => {
    const game = new Game(created(decorated));
    const map = viewGame(game.state, { userId: null }).map;
    expect(map).toEqual({ rows: 3, columns: 3, invertedFlows: false, bckCells: decorated.bckCells });
    expect(viewGame(copyOf(game).state, { userId: null }).map?.bckCells).toEqual(decorated.bckCells);
  });

  it('a decoration cell outside the map is refused', () => {
    expectRefusal(
      () => created({ bckCells: [{ row: 3, column: 0, visual: 'tree' }] }),
      'beergame.errInvalidConfig',
    );
  });

  it('given invertedFlows, the default layout is mirrored, the view says so and a copy keeps it', () => {
    const game = new Game(created({ invertedFlows: true }));
    const view = viewGame(game.state, { userId: null });
    expect(view.map?.invertedFlows).toBe(true);
    expect(view.facilities.map((f) => f.position)).toEqual(defaultMapLayout(4, true)!.positions);
    expect(view.facilities[0]!.position).toEqual({ row: 0, column: 2 });
    const copy = viewGame(copyOf(game).state, { userId: null });
    expect(copy.map?.invertedFlows).toBe(true);
    expect(copy.facilities.map((f) => f.position)).toEqual(view.facilities.map((f) => f.position));
  });

  it('given a facility icon and visual, the view shows them and a copy keeps them', () => {
    const game = new Game(
      createdWith({
        facilities: [
          {
            id: 'shop',
            name: 'Shop',
            type: 'pharmacy',
            icon: '💊',
            visual: 'pharmacy.svg',
            capabilities: { A1: { from: 'plant' } },
          },
          {
            id: 'plant',
            name: 'Plant',
            type: 'factory',
            capabilities: { A1: { type: 'production', from: {} } },
          },
        ],
      }),
    );
    const shown = (g: Game) =>
      viewGame(g.state, { userId: null }).facilities.map((f) => [f.id, f.type, f.icon, f.visual]);
    expect(shown(game)).toEqual([
      ['shop', 'pharmacy', '💊', 'pharmacy.svg'],
      ['plant', 'factory', null, null],
    ]);
    expect(shown(copyOf(game))).toEqual(shown(game));
  });
});

describe('configDebrief: thankYouSection, debriefContent, questionsSection', () => {
  const configDebrief = {
    thankYouSection: { show: true, text: 'Thank you for playing!' },
    debriefContent: ['teamPerformance', 'variability', 'leadTimes'],
    questionsSection: {
      show: true,
      questions: [
        { id: 'q1', text: 'Which stage had the largest order variance?', answer: 'factory' },
        { id: 'q2', text: 'What was the consumer demand from week 5?', answer: 8 },
        { id: 'q3', text: 'What would you change?' },
      ],
    },
  };

  it('by default every debrief section of the spec is shown in order, no thank-you, no questions', () => {
    const game = new Game(created());
    expect(game.state.config.configDebrief).toEqual({
      thankYouSection: { show: false, text: '' },
      debriefContent: [...BEERGAME_DEBRIEF_SECTIONS],
      questionsSection: { show: false, questions: [] },
      textBlocks: [],
    });
  });

  it('given a debrief configuration, the creator sees it all; players see it once finished, without the answers', () => {
    const game = classicWithPlayers({ configDebrief });
    const full = viewGame(game.state, { userId: CREATOR }).debrief!;
    expect(full.thankYouSection).toEqual(configDebrief.thankYouSection);
    expect(full.debriefContent).toEqual(configDebrief.debriefContent);
    expect(full.questionsSection.questions.map((q) => q.answer)).toEqual(['factory', 8, null]);
    expect(viewGame(game.state, { userId: 'u-retailer' }).debrief).toBeNull();
    game.run({ type: 'EndGame' }, as(CREATOR));
    const player = viewGame(game.state, { userId: 'u-retailer' }).debrief!;
    expect(player.thankYouSection.text).toBe('Thank you for playing!');
    expect(player.debriefContent).toEqual(['teamPerformance', 'variability', 'leadTimes']);
    expect(player.questionsSection.questions.map((q) => [q.id, q.answer])).toEqual([
      ['q1', null],
      ['q2', null],
      ['q3', null],
    ]);
  });

  it('a copy keeps the debrief configuration', () => {
    const game = new Game(created({ configDebrief }));
    expect(copyOf(game).state.config.configDebrief).toEqual(game.state.config.configDebrief);
    expect(copyOf(game).state.config.configDebrief.questionsSection.questions).toHaveLength(3);
  });

  it('an unknown or repeated debrief section is refused', () => {
    expectRefusal(
      () => created({ configDebrief: { debriefContent: ['teamPerformance', 'nope'] } }),
      'beergame.errInvalidConfig',
    );
    expectRefusal(
      () => created({ configDebrief: { debriefContent: ['variability', 'variability'] } }),
      'beergame.errInvalidConfig',
    );
  });
});

describe('startMetrics: what reset and copy restore', () => {
  const withStart = () =>
    new Game(
      createdWith({
        consumerDemand: [4],
        facilities: [
          {
            id: 'shop',
            name: 'Shop',
            startMetrics: { stock: 20, backlog: 3, cost: 10, revenue: 5 },
            pdata: { p1: { unitPrice: 2 } },
            capabilities: { A1: { from: 'plant', ordertime: 1, leadtime: 1, startOrders: 4 } },
          },
          {
            id: 'plant',
            name: 'Plant',
            capabilities: { A1: { type: 'production', from: {}, startOrders: 4 } },
          },
        ],
      }),
    );

  it('given start metrics, week 1 starts from them: stock, backlog, cost and revenue', () => {
    const game = withStart();
    expect(game.state.config.facilities[0]!.startMetrics).toEqual({
      stock: 20,
      backlog: 3,
      cost: 10,
      revenue: 5,
    });
    // Week 1: 20 + 4 received = 24; backlog 3 + demand 4 = 7 shipped; stock 17.
    expect(game.facility('shop').history[0]).toMatchObject({
      received: 4,
      shipped: 7,
      stock: 17,
      backlog: 0,
      cost: 8.5,
      cumulativeCost: 18.5,
      revenue: 14,
      cumulativeRevenue: 19,
    });
  });

  it('when the game is reset or copied after some weeks, then every facility starts again from its start metrics', () => {
    const game = withStart();
    const start = game.state.facilities;
    game.playOut('fixed:9');
    expect(game.state.facilities).not.toEqual(start);
    expect(copyOf(game).state.facilities).toEqual(start);
    game.run({ type: 'ResetGame' }, as(CREATOR));
    expect(game.state.facilities.map((f) => ({ ...f, computer: false, policy: null }))).toEqual(start);
  });
});

describe('validatedOrder and validatedOrderQty', () => {
  /** A shop buying from two suppliers: two capabilities. */
  const twoSuppliers = () => {
    const game = new Game(
      createdWith({
        facilities: [
          { id: 'shop', name: 'Shop', capabilities: { A1: { from: 'east' }, A2: { from: 'west' } } },
          { id: 'east', name: 'East', capabilities: { A1: { type: 'production', from: {} } } },
          { id: 'west', name: 'West', capabilities: { A1: { type: 'production', from: {} } } },
        ],
      }),
    );
    for (const id of ['shop', 'east', 'west']) game.run({ type: 'JoinRole', facilityId: id }, as(`u-${id}`));
    return game;
  };
  const caps = (game: Game, viewer: string, fid = 'shop') =>
    viewGame(game.state, { userId: viewer })
      .facilities.find((f) => f.id === fid)!
      .capabilities.map((c) => [c.id, c.validatedOrder, c.validatedOrderQty]);

  it('placing an order marks the capability validated with the ordered quantity; the facility once all are', () => {
    const game = twoSuppliers();
    expect(caps(game, 'u-shop')).toEqual([
      ['A1', false, null],
      ['A2', false, null],
    ]);
    game.run({ type: 'PlaceOrder', facilityId: 'shop', capabilityId: 'A2', quantity: 6 }, as('u-shop'));
    expect(caps(game, 'u-shop')).toEqual([
      ['A1', false, null],
      ['A2', true, 6],
    ]);
    expect(game.facility('shop').validated).toBe(false);
    game.run({ type: 'PlaceOrder', facilityId: 'shop', capabilityId: 'A1', quantity: 3 }, as('u-shop'));
    expect(caps(game, 'u-shop')).toEqual([
      ['A1', true, 3],
      ['A2', true, 6],
    ]);
    expect(viewGame(game.state, { userId: 'u-shop' }).facilities[0]!.validated).toBe(true);
  });

  it('others see that a facility validated, not the quantity, unless the game is transparent', () => {
    const game = twoSuppliers();
    game.run({ type: 'PlaceOrder', facilityId: 'shop', capabilityId: 'A1', quantity: 3 }, as('u-shop'));
    expect(caps(game, 'u-east')).toEqual([
      ['A1', true, null],
      ['A2', false, null],
    ]);
    expect(caps(game, CREATOR)[0]).toEqual(['A1', true, 3]);
    game.run({ type: 'SetTransparent', transparent: true }, as(CREATOR));
    expect(caps(game, 'u-east')[0]).toEqual(['A1', true, 3]);
  });

  it('closing the week clears them, and so does a copy made mid-week', () => {
    const game = twoSuppliers();
    game.run({ type: 'PlaceOrder', facilityId: 'shop', capabilityId: 'A1', quantity: 3 }, as('u-shop'));
    const copy = copyOf(game);
    expect(copy.state.facilities.every((f) => !f.validated && Object.keys(f.orders).length === 0)).toBe(true);
    game.run({ type: 'CloseWeek', reason: 'instructor' }, as(CREATOR));
    expect(caps(game, 'u-shop')).toEqual([
      ['A1', false, null],
      ['A2', false, null],
    ]);
  });
});

describe('isProposal: proposals are order records', () => {
  it('given a proposal, the player sees an order record with isProposal; placing an order replaces it', () => {
    const game = classicWithPlayers();
    game.run({ type: 'ProposeOrder', facilityId: 'retailer', quantity: 8 }, as(CREATOR));
    game.run({ type: 'ProposeOrder', facilityId: 'factory', quantity: 5 }, as(CREATOR));
    expect(viewGame(game.state, { userId: 'u-retailer' }).orders).toEqual([
      {
        game_id: 'g1',
        faci_id: 'retailer',
        capa_id: 'A1',
        pid: 'p1',
        to: 'wholesaler',
        orderQty: 8,
        orderWeek: 1,
        isProposal: true,
      },
    ]);
    game.run({ type: 'PlaceOrder', facilityId: 'retailer', quantity: 7 }, as('u-retailer'));
    expect(
      viewGame(game.state, { userId: 'u-retailer' }).orders.map((o) => [o.orderQty, o.isProposal]),
    ).toEqual([[7, false]]);
    // The creator sees every record; a production request goes to the facility itself.
    expect(
      viewGame(game.state, { userId: CREATOR }).orders.map((o) => [
        o.faci_id,
        o.to,
        o.orderQty,
        o.isProposal,
      ]),
    ).toEqual([
      ['retailer', 'wholesaler', 7, false],
      ['factory', 'factory', 5, true],
    ]);
    game.run({ type: 'CloseWeek', reason: 'instructor' }, as(CREATOR));
    expect(viewGame(game.state, { userId: CREATOR }).orders).toEqual([]);
  });
});

describe('show_at: when a scheduled message appears', () => {
  it('given a message sent with showAt, players see it from that week, not before; the creator sees it scheduled', () => {
    const game = classicWithPlayers();
    const [sent] = game.run(
      { type: 'SendMessage', to: ['retailer'], text: 'Demand doubles soon', showAt: 3 },
      as(CREATOR, 2_000),
    );
    expect(sent!.data).toMatchObject({ week: 3 });
    const texts = () => viewGame(game.state, { userId: 'u-retailer' }).messages.map((m) => [m.text, m.week]);
    expect(texts()).toEqual([]);
    expect(viewGame(game.state, { userId: CREATOR }).scheduledMessages).toEqual([
      { week: 3, to: ['retailer'], message: 'Demand doubles soon' },
    ]);
    expect(viewGame(game.state, { userId: 'u-retailer' }).scheduledMessages).toBeNull();
    game.run({ type: 'CloseWeek', reason: 'instructor' }, as(CREATOR));
    expect(texts()).toEqual([]);
    game.run({ type: 'CloseWeek', reason: 'instructor' }, as(CREATOR));
    expect(texts()).toEqual([['Demand doubles soon', 3]]);
    expect(viewGame(game.state, { userId: 'u-wholesaler' }).messages).toEqual([]);
  });

  it('without showAt a message appears at once; a week already past or after the last is refused', () => {
    const game = classicWithPlayers();
    game.run({ type: 'CloseWeek', reason: 'instructor' }, as(CREATOR));
    game.run({ type: 'SendMessage', to: 'all', text: 'Now' }, as(CREATOR));
    expect(game.state.messages.map((m) => [m.text, m.week])).toEqual([['Now', 2]]);
    for (const showAt of [1, 37])
      game
        .when({ type: 'SendMessage', to: 'all', text: 'x', showAt }, as(CREATOR))
        .thenRefused('beergame.errChangeWeek', { from: 2, to: 36 });
  });

  it('a scheduled message is kept through a reset and a copy', () => {
    const game = classicWithPlayers();
    game.run({ type: 'SendMessage', to: 'all', text: 'Week 2 news', showAt: 2 }, as(CREATOR));
    game.run({ type: 'ResetGame' }, as(CREATOR));
    const copy = copyOf(game);
    for (const g of [game, copy]) {
      g.run({ type: 'CloseWeek', reason: 'instructor' }, as(CREATOR));
      expect(g.state.messages.map((m) => [m.text, m.week, m.kind])).toEqual([
        ['Week 2 news', 2, 'scheduled'],
      ]);
    }
  });
});

describe('spec point 9 constants and the game record', () => {
  it('event editor defaults: unit price 10, stock cost 0.5, backlog cost 1, capacity 12, lead time 3, variability 1, visibility 2', () => {
    expect(EVENT_EDITOR_DEFAULTS).toEqual({
      unitPrice: 10,
      stockCost: 0.5,
      backlogCost: 1,
      maxShipQty: 12,
      leadtime: 3,
      leadtimeVariability: 1,
      visibleWeeks: 2,
    });
  });

  it('facility kinds of the map pictures (spec point 3)', () => {
    expect([...FACILITY_KINDS]).toEqual([
      'airport',
      'distributor',
      'factory',
      'farm',
      'hospital',
      'mall',
      'pharmacy',
      'planehangar',
      'postoffice',
      'retailer',
      'supermarket',
      'supplier',
      'trainassembly',
      'warehouse',
      'wholesaler',
      'workshop',
    ]);
  });

  it('fromTemplate: a game created from a template records it', () => {
    expect(new Game(created()).state.template).toBe('classic');
    expect(
      new Game(
        createdWith({
          facilities: [
            { id: 'a', name: 'A', capabilities: { A1: { from: 'b' } } },
            { id: 'b', name: 'B' },
          ],
        }),
      ).state.template,
    ).toBeNull();
  });
});
