import { type Actor, type CommandContext, handle } from '../../../src-shared/eventsourcing';
import {
  type LeanCommand,
  type LeanEvent,
  type LeanSetupInput,
  type LeanState,
  leangameDecider,
  leanSetupSchema,
} from '../../../src-shared/leangame';

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

/** A game driven command by command, keeping its events. */
export class Game {
  state: LeanState = leangameDecider.initialState;
  events: LeanEvent[] = [];
  run(command: LeanCommand, actor: Actor, now: number): LeanEvent[] {
    const context: CommandContext = { now, actor };
    const result = handle(leangameDecider, this.state, command, context);
    this.state = result.state;
    this.events.push(...result.events);
    return result.events;
  }
  static create(setup: unknown = smallSetup(), seed = 7): Game {
    const game = new Game();
    game.run({ type: 'CreateLeanGame', gameId: 'g1', name: 'Lean', seed, setup }, creator, T0 - MIN);
    return game;
  }
}

export const messageOf = (fn: () => unknown): string => {
  try {
    fn();
  } catch (error) {
    return (error as { messageId?: string }).messageId ?? String(error);
  }
  return 'no error';
};
