/**
 * A game's events as a player may see them once it is over (src-shared/beergame/history-view.ts):
 * every role's figures, nothing the live view never showed them, and seats instead of user ids.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type BeerEvent,
  type BeerState,
  beerDebriefFigures,
  beergameDecider,
  historyForViewer,
} from '../../../src-shared/beergame';
import { DomainError, fold } from '../../../src-shared/eventsourcing';
import { assertProperty } from '../../support/property';
import { as, CLASSIC, CREATOR, classicWithPlayers, type Game } from './helpers';

const QUESTIONS = {
  questionsSection: {
    show: true,
    questions: [
      { id: 'q1', text: 'Which role had the largest amplification?', answer: 'factory' },
      { id: 'q2', text: 'What would you do differently?', answer: null },
    ],
  },
};

/** What a player's history keeps: its events, folded. */
const shown = (events: readonly BeerEvent[], viewer: string) =>
  historyForViewer(events, viewer).events.filter((e): e is BeerEvent => e !== null);
const folded = (events: readonly BeerEvent[]): BeerState => fold(beergameDecider, events);
/** The figures of every role, week by week, and the debrief's (benchmark included). */
const figures = (s: BeerState) => ({
  facilities: s.facilities.map((f) => ({ id: f.id, cost: f.cost, history: f.history })),
  debrief: beerDebriefFigures(s),
});

/**
 * A classic game of 12 weeks played 5 weeks, then ended: scheduled messages and changes (some for
 * weeks it never reached, one cancelled), proposals, orders changed before the close, answers.
 */
function playedClass(): Game {
  const game = classicWithPlayers({
    weeks: 12,
    consumerDemand: [4, 4, 4, 4, 8, 8, 9, 10, 11, 12, 13, 14],
    configDebrief: QUESTIONS,
    configMessages: {
      scheduleList: [
        { week: 2, to: 'all', message: 'Week 2 for everyone' },
        { week: 2, to: ['wholesaler'], message: 'Wholesaler only' },
        { week: 10, to: ['retailer'], message: 'Never shown' },
      ],
      backlogMessage: { threshold: 1000, message: 'Your backlog is huge' },
      stockMessage: null,
    },
  });
  const admin = as(CREATOR);
  game.run(
    { type: 'ScheduleChange', week: 3, facilityIds: ['retailer'], field: 'consumerDemand', value: 9 },
    admin,
  );
  game.run(
    { type: 'ScheduleChange', week: 9, facilityIds: ['retailer'], field: 'consumerDemand', value: 30 },
    admin,
  );
  game.run({ type: 'ScheduleChange', week: 4, facilityIds: ['factory'], field: 'leadtime', value: 3 }, admin);
  game.run(
    { type: 'ScheduleChange', week: 8, facilityIds: ['factory'], field: 'stockCost', value: 2 },
    admin,
  );
  game.run({ type: 'CancelChange', changeId: 'c4' }, admin);
  for (let week = 1; week <= 5; week++) {
    game.run({ type: 'ProposeOrder', facilityId: 'retailer', quantity: 5 }, admin);
    game.run({ type: 'ProposeOrder', facilityId: 'wholesaler', quantity: 7 }, admin);
    game.run({ type: 'SendMessage', to: ['wholesaler'], text: `Psst ${week}` }, admin);
    game.run({ type: 'SendMessage', to: ['retailer'], text: `Hello retailer ${week}` }, admin);
    if (week === 2) game.run({ type: 'SendMessage', to: 'all', text: 'In week 11', showAt: 11 }, admin);
    for (const id of CLASSIC) {
      // Each changes their mind once before the close (the factory's order, the last one, closes the week).
      if (id !== 'factory')
        game.run({ type: 'PlaceOrder', facilityId: id, quantity: 20 + week }, as(`u-${id}`));
      game.run({ type: 'PlaceOrder', facilityId: id, quantity: 4 + week }, as(`u-${id}`));
    }
  }
  game.run({ type: 'PlaceOrder', facilityId: 'wholesaler', quantity: 99 }, as('u-wholesaler'));
  game.run({ type: 'EndGame' }, admin);
  for (const id of ['retailer', 'wholesaler'])
    game.run({ type: 'AnswerDebriefQuestion', questionId: 'q1', answer: `${id} says` }, as(`u-${id}`));
  game.run({ type: 'SeeResults' }, as('u-wholesaler'));
  return game;
}

describe('the history a viewer may see', () => {
  const game = playedClass();
  const player = shown(game.events, 'u-retailer');
  const state = folded(player);

  it('is the whole history for the creator', () => {
    const history = historyForViewer(game.events, CREATOR);
    expect(history.events).toEqual(game.events);
    expect(history.people.size).toBe(0);
  });

  it('folds, for a player, to every role’s figures as the engine gave them', () => {
    expect(game.state.week).toBe(6);
    expect(figures(state)).toEqual(figures(game.state));
  });

  it('names seats, never users', () => {
    const text = JSON.stringify(player);
    expect(text).not.toMatch(/u-(retailer|wholesaler|distributor|factory)/);
    expect(text).not.toContain(CREATOR);
    expect(state.creatorId).toBe('instructor');
    expect(state.facilities.map((f) => f.userId)).toEqual([...CLASSIC]);
    expect(historyForViewer(game.events, 'u-retailer').people).toEqual(
      new Map([['instructor', CREATOR], ...CLASSIC.map((id) => [id, `u-${id}`] as [string, string])]),
    );
  });

  it('has no expected answer, and the player’s own answers only', () => {
    expect(state.config.configDebrief.questionsSection.questions.map((q) => q.answer)).toEqual([null, null]);
    expect(state.answers).toEqual([expect.objectContaining({ userId: 'retailer', answer: 'retailer says' })]);
    expect(player.filter((e) => e.type === 'ResultsSeen')).toEqual([]);
  });

  it('has the messages meant for the player, shown in the weeks the game reached', () => {
    expect(state.messages.filter((m) => m.kind !== 'backlog').map((m) => m.text)).toEqual([
      'Hello retailer 1',
      'Week 2 for everyone',
      'Hello retailer 2',
      'Hello retailer 3',
      'Hello retailer 4',
      'Hello retailer 5',
    ]);
    expect(state.config.configMessages.scheduleList).toEqual([
      { week: 2, to: 'all', message: 'Week 2 for everyone' },
    ]);
    expect(JSON.stringify(player)).not.toMatch(/Psst|Wholesaler only|Never shown|In week 11/);
    // No role crossed the backlog threshold: its text was never shown.
    expect(state.config.configMessages.backlogMessage).toMatchObject({ message: '' });
  });

  it('has the demand of the weeks played and the changes that took effect, nothing later', () => {
    const created = player[0] as Extract<BeerEvent, { type: 'GameCreated' }>;
    expect(created.data.config.demand[0]!.demand).toEqual([4, 4, 4, 4, 8, 8]);
    expect(created.data.config.consumerDemand).toEqual([4, 4, 4, 4, 8, 8]);
    for (const d of created.data.config.productsConsumerDemand)
      expect(d.demand.length).toBeLessThanOrEqual(6);
    expect(state.config.scheduledChanges.map((c) => [c.week, c.field])).toEqual([
      [3, 'consumerDemand'],
      [4, 'leadtime'],
    ]);
    expect(player.some((e) => e.type === 'ChangeCancelled')).toBe(false);
  });

  it('has another role’s orders as sent at the close, the player’s own as placed, proposals to the player only', () => {
    const orders = (id: string) =>
      player.flatMap((e) => (e.type === 'OrderPlaced' && e.data.facilityId === id ? [e.data.quantity] : []));
    expect(orders('retailer')).toEqual([21, 5, 22, 6, 23, 7, 24, 8, 25, 9]);
    // The wholesaler's replaced orders, and the one standing when the game ended, are not there.
    expect(orders('wholesaler')).toEqual([5, 6, 7, 8, 9]);
    const proposed = player.filter((e) => e.type === 'OrderProposed');
    expect(proposed.map((e) => e.data.facilityId)).toEqual(Array(5).fill('retailer'));
  });

  it('numbers the second person of a seat, and keeps the creator apart from a facility of that name', () => {
    const events: BeerEvent[] = [
      ...classicWithPlayers().events,
      { type: 'RoleLeft', data: { facilityId: 'factory', userId: 'u-factory' } },
      { type: 'RoleJoined', data: { facilityId: 'factory', userId: 'u-late' } },
      { type: 'RoleLeft', data: { facilityId: 'factory', userId: 'u-late' } },
      { type: 'RoleJoined', data: { facilityId: 'factory', userId: 'u-factory' } },
    ];
    const seen = shown(events, 'u-retailer');
    expect(seen.slice(-4).map((e) => (e.data as { userId: string }).userId)).toEqual([
      'factory',
      'factory-2',
      'factory-2',
      'factory',
    ]);
  });
});

type Step =
  | { kind: 'order'; who: number; qty: number }
  | { kind: 'close' }
  | { kind: 'reset' }
  | { kind: 'change'; week: number; value: number; field: 'consumerDemand' | 'leadtime' }
  | { kind: 'cancel'; change: number }
  | { kind: 'end' };
const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.record({ kind: fc.constant('order' as const), who: fc.nat(3), qty: fc.nat(20) }),
  },
  { weight: 3, arbitrary: fc.constant({ kind: 'close' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'reset' as const }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('change' as const),
      week: fc.integer({ min: 2, max: 8 }),
      value: fc.integer({ min: 1, max: 4 }),
      field: fc.constantFrom('consumerDemand' as const, 'leadtime' as const),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('cancel' as const), change: fc.integer({ min: 1, max: 4 }) }),
  },
);

/** Plays the steps on a classic game of 8 weeks with a demand of its own, then ends it; refused commands are skipped. */
function played(demand: number[], steps: Step[]): Game {
  const game = classicWithPlayers({ weeks: 8, consumerDemand: demand });
  const admin = as(CREATOR);
  for (const s of [...steps, { kind: 'end' } as const]) {
    const id = CLASSIC[s.kind === 'order' ? s.who : 0]!;
    try {
      if (s.kind === 'order')
        game.run({ type: 'PlaceOrder', facilityId: id, quantity: s.qty }, as(`u-${id}`));
      else if (s.kind === 'close') game.run({ type: 'CloseWeek', reason: 'instructor' }, admin);
      else if (s.kind === 'reset') game.run({ type: 'ResetGame' }, admin);
      else if (s.kind === 'change') {
        const { week, value, field } = s;
        game.run({ type: 'ScheduleChange', week, field, value, facilityIds: ['retailer', 'factory'] }, admin);
      } else if (s.kind === 'cancel') game.run({ type: 'CancelChange', changeId: `c${s.change}` }, admin);
      else if (!game.state.finished) game.run({ type: 'EndGame' }, admin);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
    }
  }
  return game;
}

describe('a player’s history of any game', () => {
  it('folds to the engine’s figures, whoever reads it', () => {
    assertProperty(
      fc.property(
        fc.array(fc.nat(12), { minLength: 1, maxLength: 8 }),
        fc.array(step, { maxLength: 80 }),
        fc.constantFrom(...CLASSIC),
        (demand, steps, viewer) => {
          const game = played(demand, steps);
          expect(figures(folded(shown(game.events, `u-${viewer}`)))).toEqual(figures(game.state));
        },
      ),
      { numRuns: 60 },
    );
  });
});
