import { describe, expect, it } from 'vitest';
import { beergameDecider, copyGameCommand, viewGame } from '../../../src-shared/beergame';
import { as, CLASSIC, CREATOR, classicWithPlayers, created, Game, system } from './helpers';

describe('timer', () => {
  it('given a started timer, the week closes at the deadline and the next deadline is set', () => {
    const game = classicWithPlayers();
    game.run({ type: 'StartTimer', seconds: 30 }, as(CREATOR, 10_000));
    expect(game.state.deadline).toBe(40_000);
    game
      .when({ type: 'CloseWeek', reason: 'timer' }, { ...system, now: 20_000 })
      .thenRefused('beergame.errTimerNotExpired');
    const [closed] = game.run({ type: 'CloseWeek', reason: 'timer', week: 1 }, { ...system, now: 40_000 });
    expect(closed!.data).toMatchObject({ reason: 'timer', nextDeadline: 70_000 });
    expect(game.state.deadline).toBe(70_000);
  });

  it('latecomers get their policy order at the timer', () => {
    const game = classicWithPlayers();
    game.run({ type: 'StartTimer' }, as(CREATOR, 0));
    game.run({ type: 'PlaceOrder', facilityId: 'retailer', quantity: 9 }, as('u-retailer'));
    const [closed] = game.run({ type: 'CloseWeek', reason: 'timer' }, { ...system, now: 60_000 });
    if (closed?.type !== 'WeekClosed') throw new Error('expected WeekClosed');
    expect(closed.data.computerOrders.map((o) => [o.facilityId, o.latecomer])).toEqual([
      ['wholesaler', true],
      ['distributor', true],
      ['factory', true],
    ]);
    expect(game.state.facilities.map((f) => f.history[0]!.orderBy)).toEqual([
      'player',
      'computer',
      'computer',
      'computer',
    ]);
  });

  it('without a running timer a timer close is refused; stopping clears the deadline', () => {
    const game = classicWithPlayers();
    game.when({ type: 'CloseWeek', reason: 'timer' }).thenRefused('beergame.errTimerNotRunning');
    game.run({ type: 'StartTimer' }, as(CREATOR));
    game.run({ type: 'StopTimer' }, as(CREATOR));
    expect(game.state.deadline).toBeNull();
    game.when({ type: 'StartTimer' }, as('u-retailer')).thenRefused('beergame.errNotAllowed');
  });
});

describe('messages', () => {
  it('the instructor sends to facilities or to all; a player sees messages to their facility or to all', () => {
    const game = classicWithPlayers();
    game.run({ type: 'SendMessage', to: 'all', text: 'Welcome' }, as(CREATOR));
    game.run({ type: 'SendMessage', to: ['factory'], text: 'Watch your stock' }, as(CREATOR));
    expect(viewGame(game.state, { userId: 'u-retailer' }).messages.map((m) => m.text)).toEqual(['Welcome']);
    expect(viewGame(game.state, { userId: 'u-factory' }).messages.map((m) => m.text)).toEqual([
      'Welcome',
      'Watch your stock',
    ]);
    expect(viewGame(game.state, { userId: CREATOR }).messages).toHaveLength(2);
    game
      .when({ type: 'SendMessage', to: 'all', text: '  ' }, as(CREATOR))
      .thenRefused('beergame.errMessageEmpty');
    game
      .when({ type: 'SendMessage', to: ['x'], text: 'a' }, as(CREATOR))
      .thenRefused('beergame.errFacilityUnknown');
    game
      .when({ type: 'SendMessage', to: 'all', text: 'a' }, as('u-factory'))
      .thenRefused('beergame.errNotAllowed');
  });

  it('scheduled messages appear in their week', () => {
    const game = new Game(
      created({ configMessages: { scheduleList: [{ week: 3, to: ['retailer'], message: 'Hello week 3' }] } }),
    );
    game.run({ type: 'CloseWeek', reason: 'instructor' });
    expect(game.state.messages).toEqual([]);
    game.run({ type: 'CloseWeek', reason: 'instructor' });
    expect(game.state.messages).toEqual([
      { id: 's0', to: ['retailer'], text: 'Hello week 3', week: 3, kind: 'scheduled', at: null },
    ]);
  });

  it('backlog and stock messages go once to each facility crossing the threshold (sentTo)', () => {
    const game = new Game(
      created({
        configMessages: {
          backlogMessage: { threshold: 3, message: 'Backlog!', sentTo: [] },
          stockMessage: { threshold: 20, message: 'Stock!', sentTo: [] },
        },
      }),
    ).playOut('fixed:0');
    const backlog = game.state.messages.filter((m) => m.kind === 'backlog');
    expect(backlog.map((m) => m.to)).toEqual(
      [['retailer'], ['wholesaler'], ['distributor'], ['factory']].slice(0, backlog.length),
    );
    expect(game.state.sentTo.backlog.sort()).toEqual(backlog.map((m) => (m.to as string[])[0]).sort());
    expect(new Set(backlog.map((m) => m.id)).size).toBe(backlog.length);
    const stock = game.state.messages.filter((m) => m.kind === 'stock');
    expect(stock).toEqual([]);
    const high = new Game(
      created({ configMessages: { stockMessage: { threshold: 20, message: 'Stock!' } } }),
    ).playOut('fixed:12');
    const sent = high.state.messages.filter((m) => m.kind === 'stock').map((m) => (m.to as string[])[0]);
    expect(sent).toContain('retailer');
    expect(new Set(sent).size).toBe(sent.length);
    expect(high.state.sentTo.stock).toEqual(sent);
  });
});

describe('proposals', () => {
  it('the instructor proposes an order; placing an order removes the matching proposal', () => {
    const game = classicWithPlayers();
    game.run({ type: 'ProposeOrder', facilityId: 'retailer', quantity: 8 }, as(CREATOR));
    game.run({ type: 'ProposeOrder', facilityId: 'factory', policy: 'fixed:5' }, as(CREATOR));
    expect(game.state.proposals).toEqual([
      { facilityId: 'retailer', capabilityId: 'A1', quantity: 8, week: 1 },
      { facilityId: 'factory', capabilityId: 'A1', quantity: 5, week: 1 },
    ]);
    expect(viewGame(game.state, { userId: 'u-retailer' }).proposals).toHaveLength(1);
    game.run({ type: 'PlaceOrder', facilityId: 'retailer', quantity: 7 }, as('u-retailer'));
    expect(game.state.proposals.map((p) => p.facilityId)).toEqual(['factory']);
    game.run({ type: 'CloseWeek', reason: 'instructor' }, as(CREATOR));
    expect(game.state.proposals).toEqual([]);
  });
});

describe('event editor', () => {
  it('a demand change applies from its week for the chosen facilities', () => {
    const game = new Game(created());
    game.run(
      { type: 'ScheduleChange', week: 3, facilityIds: ['retailer'], field: 'consumerDemand', value: 12 },
      as(CREATOR),
    );
    game.playOut('fixed:4');
    expect(
      game
        .facility('retailer')
        .history.map((r) => r.incomingOrder)
        .slice(0, 6),
    ).toEqual([4, 4, 12, 12, 12, 12]);
  });

  it('cost, capacity, lead time and visibility changes apply from their week', () => {
    const game = new Game(created());
    const change = (field: string, value: number, facilityIds = ['wholesaler']) =>
      game.run({ type: 'ScheduleChange', week: 2, facilityIds, field: field as never, value }, as(CREATOR));
    change('stockCost', 1);
    change('backlogCost', 2.5);
    change('maxShipQty', 2);
    change('leadtime', 4, ['retailer']);
    change('visibleWeeks', 4, ['retailer']);
    change('unitPrice', 10);
    game.run({ type: 'CloseWeek', reason: 'instructor' });
    const w = game.facility('wholesaler');
    // Week 2: receive 4 -> 16, order of 4 arrives, ship capped at 2: stock 14, cost 14 x 1.
    expect(w.history[1]).toMatchObject({ shipped: 2, stock: 14, backlog: 2, cost: 14 + 5, revenue: 20 });
    expect(game.state.live[0]!.capabilities.A1!.leadtime).toBe(4);
    game.run({ type: 'CloseWeek', reason: 'instructor' });
    // The wholesaler's week-2 shipment to the retailer travels 4 weeks.
    expect(game.facility('wholesaler').history[1]!.shipments).toEqual([
      { from: 'wholesaler', to: 'retailer', pid: 'p1', qty: 2, leadtime: 4, drawn: 4 },
    ]);
    expect(viewGame(game.state, { userId: CREATOR }).facilities[0]!.numbers!.arriving).toHaveLength(4);
  });

  it('refuses values out of range, past weeks and disabled event types; a change may be cancelled', () => {
    const game = new Game(created({ allEventTypes: ['consumerDemand', 'leadtime', 'stockCost'] }));
    const bad = (cmd: Record<string, unknown>, id: string) =>
      game
        .when(
          {
            type: 'ScheduleChange',
            week: 5,
            facilityIds: ['retailer'],
            field: 'leadtime',
            value: 3,
            ...cmd,
          } as never,
          as(CREATOR),
        )
        .thenRefused(id);
    bad({ value: 7 }, 'beergame.errChangeOutOfRange');
    bad({ value: 1 }, 'beergame.errChangeOutOfRange');
    bad({ field: 'consumerDemand', value: 1000 }, 'beergame.errChangeOutOfRange');
    bad({ field: 'stockCost', value: 0.3 }, 'beergame.errChangeOutOfRange');
    bad({ week: 1 }, 'beergame.errChangeWeek');
    bad({ week: 37 }, 'beergame.errChangeWeek');
    bad({ field: 'unitPrice', value: 10 }, 'beergame.errChangeInvalid');
    bad({ facilityIds: ['nope'] }, 'beergame.errFacilityUnknown');
    game.run(
      { type: 'ScheduleChange', week: 5, facilityIds: ['retailer'], field: 'stockCost', value: 1.5 },
      as(CREATOR),
    );
    expect(game.state.config.scheduledChanges.map((c) => c.id)).toEqual(['c1']);
    game.run({ type: 'CancelChange', changeId: 'c1' }, as(CREATOR));
    expect(game.state.config.scheduledChanges).toEqual([]);
    game.when({ type: 'CancelChange', changeId: 'c1' }, as(CREATOR)).thenRefused('beergame.errChangeUnknown');
  });
});

describe('resets and end', () => {
  it('ResetStartingOrders refills every pipeline slot with the new quantity before the first week closes', () => {
    const game = classicWithPlayers();
    game.run({ type: 'ResetStartingOrders', startOrders: 6 }, as(CREATOR));
    expect(game.facility('retailer').history[0]).toMatchObject({ received: 6, incomingOrder: 4 });
    expect(game.facility('wholesaler').history[0]).toMatchObject({ received: 6, incomingOrder: 6 });
    expect(game.facility('retailer').userId).toBe('u-retailer');
    game.run({ type: 'CloseWeek', reason: 'instructor' }, as(CREATOR));
    game
      .when({ type: 'ResetStartingOrders', startOrders: 4 }, as(CREATOR))
      .thenRefused('beergame.errGameStarted');
  });

  it('ResetGame goes back to the start with the same players', () => {
    const game = classicWithPlayers();
    const start = game.state;
    for (let w = 0; w < 5; w++) game.run({ type: 'CloseWeek', reason: 'instructor' }, as(CREATOR));
    game.run({ type: 'SendMessage', to: 'all', text: 'hi' }, as(CREATOR));
    game.run({ type: 'ResetGame' }, as(CREATOR));
    expect(game.state.week).toBe(1);
    expect(game.state.facilities).toEqual(start.facilities);
    expect(game.state.messages).toEqual([]);
  });

  it('EndGame finishes the game now; results are shown', () => {
    const game = classicWithPlayers();
    game.run({ type: 'CloseWeek', reason: 'instructor' }, as(CREATOR));
    game.when({ type: 'EndGame' }, as('u-retailer')).thenRefused('beergame.errNotAllowed');
    game.run({ type: 'EndGame' }, as(CREATOR));
    expect(game.state.finished).toBe(true);
    expect(viewGame(game.state, { userId: 'u-retailer' }).results).not.toBeNull();
    game
      .when({ type: 'PlaceOrder', facilityId: 'retailer', quantity: 1 }, as('u-retailer'))
      .thenRefused('beergame.errGameFinished');
  });
});

describe('game copy', () => {
  it('a copy starts over: no players, week start, start metrics, no validated orders, sentTo emptied', () => {
    const game = new Game(
      created({ transparent: true, configMessages: { backlogMessage: { threshold: 0, message: 'B' } } }),
    );
    for (const id of CLASSIC) game.run({ type: 'JoinRole', facilityId: id }, as(`u-${id}`));
    game.run(
      { type: 'ScheduleChange', week: 10, facilityIds: ['retailer'], field: 'consumerDemand', value: 6 },
      as(CREATOR),
    );
    game.playOut('fixed:0');
    expect(game.state.sentTo.backlog.length).toBeGreaterThan(0);
    const command = copyGameCommand(game.state, { gameId: 'g2', name: 'Copy', creatorId: 'other', seed: 3 });
    const copy = new Game(...beergameDecider.decide(command, beergameDecider.initialState, as('other')));
    const s = copy.state;
    expect(s.finished).toBe(false);
    expect(s.week).toBe(1);
    expect(s.facilities.every((f) => f.userId === null && !f.validated)).toBe(true);
    expect(s.sentTo).toEqual({ backlog: [], stock: [] });
    expect(s.config.configMessages.backlogMessage?.sentTo).toEqual([]);
    expect(s.transparent).toBe(true);
    expect(s.config.scheduledChanges).toHaveLength(1);
    expect(s.facilities.map((f) => f.history[0])).toEqual(
      new Game(created()).state.facilities.map((f) => f.history[0]),
    );
    expect(s.config.facilities).toEqual(game.state.config.facilities);
  });
});
