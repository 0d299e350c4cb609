import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { beergameDecider, trajectory } from '../../../src-shared/beergame';
import { type CommandContext, handle } from '../../../src-shared/eventsourcing';
import { assertProperty } from '../../support/property';

/**
 * An independent, deliberately plain implementation of the classic game as published (rules:
 * "The classic game", "One week, in this order"), written from the rules and not from the engine:
 * the engine must match it week by week, for any orders the players place.
 */
function referenceClassic(orders: number[][]) {
  const stages = 4;
  const stock = [12, 12, 12, 12];
  const backlog = [0, 0, 0, 0];
  const cumulative = [0, 0, 0, 0];
  const due = (slots: Map<number, number>, week: number) => {
    const quantity = slots.get(week) ?? 0;
    slots.delete(week);
    return quantity;
  };
  const add = (slots: Map<number, number>, week: number, quantity: number) =>
    slots.set(week, (slots.get(week) ?? 0) + quantity);
  // Arrivals into each stage (shipments, or the factory's finished production), orders arriving at
  // each supplier stage, and the factory's production requests; every slot starts at 4.
  const arrivals = Array.from(
    { length: stages },
    () =>
      new Map([
        [1, 4],
        [2, 4],
      ]),
  );
  const ordersIn = Array.from(
    { length: stages },
    () =>
      new Map([
        [1, 4],
        [2, 4],
      ]),
  );
  const productionRequests = new Map([[1, 4]]);
  const rows: Array<Array<Record<string, number>>> = [];
  for (let week = 1; week <= orders.length; week++) {
    const received = arrivals.map((slots) => due(slots, week));
    for (let s = 0; s < stages; s++) stock[s]! += received[s]!;
    // Production requests reaching the factory start now and take 2 weeks.
    add(arrivals[3]!, week + 2, due(productionRequests, week));
    const incoming = [week < 5 ? 4 : 8, ...[1, 2, 3].map((s) => due(ordersIn[s]!, week))];
    const weekRows: Array<Record<string, number>> = [];
    for (let s = 0; s < stages; s++) {
      const wanted = backlog[s]! + incoming[s]!;
      const shipped = Math.min(stock[s]!, wanted);
      stock[s]! -= shipped;
      backlog[s] = wanted - shipped;
      if (s > 0) add(arrivals[s - 1]!, week + 2, shipped);
      const cost = 0.5 * stock[s]! + backlog[s]!;
      cumulative[s]! += cost;
      const order = orders[week - 1]![s]!;
      if (s < 3) add(ordersIn[s + 1]!, week + 2, order);
      else add(productionRequests, week + 1, order);
      weekRows.push({
        received: received[s]!,
        incomingOrder: incoming[s]!,
        shipped,
        stock: stock[s]!,
        backlog: backlog[s]!,
        order,
        cost,
        cumulativeCost: cumulative[s]!,
      });
    }
    rows.push(weekRows);
  }
  return rows;
}

const ROLES = ['retailer', 'wholesaler', 'distributor', 'factory'];
const as = (userId: string): CommandContext => ({ now: 0, actor: { userId, role: 'player' } });

/** The engine, played by four people through the decider, as the server plays it. */
function engineClassic(orders: number[][]) {
  let state = handle(
    beergameDecider,
    beergameDecider.initialState,
    { type: 'CreateGame', gameId: 'g', name: 'g', creatorId: 'teacher', seed: 1, template: 'classic' },
    as('teacher'),
  ).state;
  for (const role of ROLES)
    state = handle(beergameDecider, state, { type: 'JoinRole', facilityId: role }, as(role)).state;
  for (const week of orders) {
    ROLES.forEach((role, s) => {
      state = handle(
        beergameDecider,
        state,
        { type: 'PlaceOrder', facilityId: role, quantity: week[s]! },
        as(role),
      ).state;
    });
  }
  return trajectory(state).weeks.map((week) =>
    week.facilities.map(
      ({ received, incomingOrder, shipped, stock, backlog, order, cost, cumulativeCost }) => ({
        received,
        incomingOrder,
        shipped,
        stock,
        backlog,
        order,
        cost,
        cumulativeCost,
      }),
    ),
  );
}

describe('the classic game against an independent implementation', () => {
  it('matches week by week when every stage orders 4, then what it is asked', () => {
    const steady = Array.from({ length: 36 }, () => [4, 4, 4, 4]);
    expect(engineClassic(steady)).toEqual(referenceClassic(steady));
  });

  it('matches week by week for any orders the four players place over 36 weeks', () => {
    assertProperty(
      fc.property(
        fc.array(fc.array(fc.integer({ min: 0, max: 30 }), { minLength: 4, maxLength: 4 }), {
          minLength: 36,
          maxLength: 36,
        }),
        (orders) => {
          expect(engineClassic(orders)).toEqual(referenceClassic(orders));
        },
      ),
      { numRuns: 60 },
    );
  });
});
