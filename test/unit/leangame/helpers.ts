/** Lean game fixtures (setups, actors, a hand-played factory) on the generic decider harness. */
import type { Actor, CommandContext } from '../../../src-shared/eventsourcing';
import {
  type LeanCommand,
  type LeanEvent,
  type LeanImprovement,
  type LeanSetupInput,
  type LeanState,
  leangameDecider,
  leanSetupSchema,
} from '../../../src-shared/leangame';
import { given as givenEvents, Running } from '../../support/decider';

export { expectRefusal } from '../../support/decider';

export const T0 = Date.UTC(2025, 2, 3, 10, 0, 0);
export const MIN = 60_000;
export const creator: Actor = { userId: 'teacher', role: 'instructor' };
export const alice: Actor = { userId: 'alice', role: 'player' };
export const bob: Actor = { userId: 'bob', role: 'player' };
export const carol: Actor = { userId: 'carol', role: 'player' };
export const system: Actor = { userId: 'system', role: 'system' };

/** A small hand-played factory: warehouse, one painting station, quality control. */
export function smallSetup(overrides: Partial<LeanSetupInput['params']> = {}) {
  return leanSetupSchema.parse({
    params: {
      mapSize: { rows: 3, columns: 4 },
      moveCellTime: 0.1,
      productsTemplates: [
        {
          id: 'a',
          name: 'A',
          price: 20,
          operations: [
            { shape: 'circle', colour: 'red', target: 0 },
            { shape: 'square', colour: 'blue', target: 4 },
          ],
        },
      ],
      consumerDemand: [
        { id: 'd1', created_min: 0, qty: 2, template_id: 'a' },
        { id: 'd2', created_min: 5, qty: 1, template_id: 'a' },
      ],
      consumerDemandParams: { totalDuration: 10 },
      ...overrides,
    },
    facilities: [
      { id: 'wh', name: 'Warehouse', type: 'warehouse', position: { row: 0, column: 0 } },
      {
        id: 'paint',
        name: 'Paint',
        type: 'station',
        position: { row: 0, column: 3 },
        tools: ['circle:red', 'square:blue'],
      },
      { id: 'qc', name: 'QC', type: 'qualitycontrol', position: { row: 2, column: 0 } },
    ],
  });
}

/** A lean game played command after command. Lean commands are timed: `run(command, actor, now)`. */
export class Game extends Running<LeanCommand, LeanEvent, LeanState> {
  constructor(...history: LeanEvent[]) {
    super(leangameDecider, ...history);
  }

  override run(command: LeanCommand, actor: Actor | CommandContext, now?: number): LeanEvent[] {
    return super.run(command, contextOf(actor, now));
  }

  override decide(command: LeanCommand, actor: Actor | CommandContext, now?: number): LeanEvent[] {
    return super.decide(command, contextOf(actor, now));
  }

  override when(command: LeanCommand, actor: Actor | CommandContext, now?: number) {
    return super.when(command, contextOf(actor, now));
  }

  static create(setup: unknown = smallSetup(), seed = 7): Game {
    const game = new Game();
    game.run({ type: 'CreateLeanGame', gameId: 'g1', name: 'Lean', seed, setup }, creator, T0 - MIN);
    return game;
  }
}

function contextOf(actor: Actor | CommandContext, now: number | undefined): CommandContext {
  if ('actor' in actor) return actor;
  if (now === undefined) throw new Error('a lean command needs the time it is played at');
  return { actor, now };
}

/** A small factory with alice at the warehouse, bob painting and carol at quality control. */
export function played(improvements: LeanImprovement[] = [], extra: Record<string, unknown> = {}) {
  const game = Game.create(smallSetup({ improvements: { available: [], enabled: improvements }, ...extra }));
  game.run({ type: 'JoinFacility', facilityId: 'wh', playerName: 'Alice' }, alice, T0 - 30_000);
  game.run({ type: 'JoinFacility', facilityId: 'paint', playerName: 'Bob' }, bob, T0 - 30_000);
  game.run({ type: 'JoinFacility', facilityId: 'qc', playerName: 'Carol' }, carol, T0 - 30_000);
  game.run({ type: 'StartGame' }, creator, T0);
  return game;
}

/** Releases and sends one sheet to the painter; returns its id and the time it arrives. */
export function oneSheetAtPaint(game: Game, at = T0 + 1000) {
  game.run({ type: 'ReleaseSheet', facilityId: 'wh' }, alice, at);
  const [sent] = game.run({ type: 'SendBatch', facilityId: 'wh' }, alice, at + 1000);
  if (sent?.type !== 'BatchSent') throw new Error('not sent');
  return { id: sent.data.productIds[0]!, arrives: sent.data.arrivesAt };
}

/** `given(...events).when(command, at(actor, now))` on the lean game. */
export const given = (...events: LeanEvent[]) => givenEvents(leangameDecider, ...events);
export const at = (actor: Actor, now: number): CommandContext => ({ actor, now });
