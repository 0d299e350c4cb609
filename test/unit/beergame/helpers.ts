import {
  type BeerCommand,
  type BeerEvent,
  type BeerState,
  beergameDecider,
} from '../../../src-shared/beergame';
import type { CommandContext } from '../../../src-shared/eventsourcing';
import { fold } from '../../../src-shared/eventsourcing';

export const CREATOR = 'teacher';
export const system: CommandContext = { now: 1_000, actor: { userId: 'system', role: 'system' } };
export const as = (userId: string, now = 1_000): CommandContext => ({
  now,
  actor: { userId, role: userId === CREATOR ? 'instructor' : 'player' },
});

export const created = (overrides: Record<string, unknown> = {}, seed = 42): BeerEvent => {
  const events = beergameDecider.decide(
    {
      type: 'CreateGame',
      gameId: 'g1',
      name: 'Game',
      creatorId: CREATOR,
      seed,
      template: 'classic',
      overrides,
    },
    beergameDecider.initialState,
    as(CREATOR),
  );
  return events[0]!;
};

export const createdWith = (config: Record<string, unknown>, seed = 42): BeerEvent =>
  beergameDecider.decide(
    { type: 'CreateGame', gameId: 'g1', name: 'Game', creatorId: CREATOR, seed, config },
    beergameDecider.initialState,
    as(CREATOR),
  )[0]!;

/** A small game harness: given events, when commands, then events and state. */
export class Game {
  events: BeerEvent[] = [];
  state: BeerState = beergameDecider.initialState;

  constructor(...given: BeerEvent[]) {
    for (const e of given) this.apply(e);
  }

  apply(e: BeerEvent): void {
    this.events.push(e);
    this.state = beergameDecider.evolve(this.state, e);
  }

  /** Decides and applies; returns the new events. */
  run(command: BeerCommand, ctx: CommandContext = system): BeerEvent[] {
    const events = beergameDecider.decide(command, this.state, ctx);
    for (const e of events) this.apply(e);
    return events;
  }

  decide(command: BeerCommand, ctx: CommandContext = system): BeerEvent[] {
    return beergameDecider.decide(command, this.state, ctx);
  }

  refold(): BeerState {
    return fold(beergameDecider, this.events);
  }

  facility(id: string) {
    return this.state.facilities.find((f) => f.id === id)!;
  }

  /** Hands every facility to the computer with `policy` and closes weeks until the end. */
  playOut(policy = 'passthrough'): this {
    for (const f of this.state.facilities)
      if (!f.computer) this.run({ type: 'HandToComputer', facilityId: f.id, policy });
    while (!this.state.finished) this.run({ type: 'CloseWeek', reason: 'instructor' });
    return this;
  }
}

export const CLASSIC = ['retailer', 'wholesaler', 'distributor', 'factory'] as const;

/** Joins the four classic roles with users u-retailer, ... */
export function classicWithPlayers(overrides: Record<string, unknown> = {}): Game {
  const game = new Game(created(overrides));
  for (const id of CLASSIC) game.run({ type: 'JoinRole', facilityId: id }, as(`u-${id}`));
  return game;
}

export const expectDomainError = (fn: () => unknown, messageId: string, values?: Record<string, unknown>) => {
  try {
    fn();
  } catch (error) {
    const e = error as { messageId?: string; values?: Record<string, unknown> };
    if (e.messageId !== messageId)
      throw new Error(`expected ${messageId}, got ${e.messageId ?? String(error)}`);
    if (values)
      for (const [k, v] of Object.entries(values)) if (e.values?.[k] !== v) throw new Error(`value ${k}`);
    return;
  }
  throw new Error(`expected DomainError ${messageId}, nothing thrown`);
};
