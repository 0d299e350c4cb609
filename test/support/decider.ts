/**
 * One given/when/then harness for every decider (`src-shared/eventsourcing`): the beer game and the
 * lean game build their fixtures on it (test/unit/<game>/helpers.ts).
 *
 *   given(beergameDecider, created())                      // the history
 *     .when({ type: 'JoinRole', facilityId: 'retailer' }, as('ann'))
 *     .thenEvents([{ type: 'RoleJoined', data: { facilityId: 'retailer', userId: 'ann' } }])
 *     .thenState((s) => expect(s.facilities[0]!.userId).toBe('ann'));
 *
 *   given(beergameDecider).when(joinCommand, ctx).thenRefused('beergame.errGameUnknown');
 *
 * `when` never throws a `DomainError`: the outcome holds it, and `thenEvents`/`thenRefused` say which
 * was expected. (The methods are not called `then`: an object with a `then` method is a thenable,
 * which `await` or a test returning it would call.) A game played command after command is a
 * `Running` decider: it keeps its events and state, and `refold()` checks them against each other.
 */
import { expect } from 'vitest';
import {
  type CommandContext,
  type Decider,
  DomainError,
  type DomainEvent,
  fold,
} from '../../src-shared/eventsourcing';

type Values = Record<string, unknown>;

/** The result of one command: its events and the state after them, or the refusal. */
export class Outcome<E extends DomainEvent, S> {
  constructor(
    /** The state the command was decided on. */
    readonly before: S,
    /** The events decided ([] when refused). */
    readonly events: E[],
    /** The state after the events (`before` when refused). */
    readonly state: S,
    readonly error: DomainError | null,
  ) {}

  /** Accepted, with exactly these events (or events that pass `check`). */
  thenEvents(expected: E[] | ((events: E[]) => void)): this {
    this.accepted();
    if (typeof expected === 'function') expected(this.events);
    else expect(this.events).toEqual(expected);
    return this;
  }

  /** Accepted, and the state after matches `expected` (a partial object, or a value) or passes a check. */
  thenState(expected: Values | S | ((state: S) => void)): this {
    this.accepted();
    if (typeof expected === 'function') (expected as (state: S) => void)(this.state);
    else if (typeof expected === 'object' && expected !== null) expect(this.state).toMatchObject(expected);
    else expect(this.state).toEqual(expected);
    return this;
  }

  /** Refused with `messageId` (and at least these `values`), recording nothing. */
  thenRefused(messageId: string, values?: Values): this {
    if (this.error === null)
      expect.fail(`expected ${messageId}, but the command was accepted: ${JSON.stringify(this.events)}`);
    checkRefusal(this.error, messageId, values);
    return this;
  }

  private accepted(): void {
    if (this.error !== null)
      expect.fail(
        `expected the command to be accepted, but it was refused: ${this.error.messageId} ${JSON.stringify(this.error.values ?? {})}`,
      );
  }
}

function checkRefusal(error: DomainError, messageId: string, values?: Values): void {
  expect(error.messageId, `refusal ${JSON.stringify(error.values ?? {})}`).toBe(messageId);
  if (values) expect(error.values ?? {}).toMatchObject(values);
}

/** Decides `command` on `state`; a `DomainError` becomes the outcome, any other error is thrown. */
export function decideOn<C, E extends DomainEvent, S>(
  decider: Decider<C, E, S>,
  state: S,
  command: C,
  context: CommandContext,
): Outcome<E, S> {
  let events: E[];
  try {
    events = decider.decide(command, state, context);
  } catch (error) {
    if (error instanceof DomainError) return new Outcome<E, S>(state, [], state, error);
    throw error;
  }
  return new Outcome(state, events, fold(decider, events, state), null);
}

/** Given a history of events: `.when(command, context)` decides one command on its state. */
export function given<C, E extends DomainEvent, S>(decider: Decider<C, E, S>, ...events: E[]) {
  const state = fold(decider, events);
  return {
    events,
    state,
    when: (command: C, context: CommandContext): Outcome<E, S> => decideOn(decider, state, command, context),
  };
}

/**
 * Runs `fn` and expects it to throw a `DomainError` with `messageId` (and at least `values`).
 * Returns the error.
 */
export function expectRefusal(fn: () => unknown, messageId: string, values?: Values): DomainError {
  try {
    fn();
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    checkRefusal(error, messageId, values);
    return error;
  }
  return expect.fail(`expected the refusal ${messageId}, but nothing was thrown`);
}

/** A game played command after command (decide, then evolve), keeping its events and state. */
export class Running<C, E extends DomainEvent, S> {
  events: E[] = [];
  state: S;

  constructor(
    readonly decider: Decider<C, E, S>,
    ...history: E[]
  ) {
    this.state = decider.initialState;
    this.apply(...history);
  }

  /** Folds events into the game as if they had been recorded. */
  apply(...events: E[]): this {
    for (const event of events) {
      this.events.push(event);
      this.state = this.decider.evolve(this.state, event);
    }
    return this;
  }

  /** The events `command` would record now, without recording them (throws a refusal). */
  decide(command: C, context: CommandContext): E[] {
    return this.decider.decide(command, this.state, context);
  }

  /** Decides and records `command`; returns its events. A refusal is thrown and records nothing. */
  run(command: C, context: CommandContext): E[] {
    const events = this.decide(command, context);
    this.apply(...events);
    return events;
  }

  /** The outcome of `command` now, without recording it. */
  when(command: C, context: CommandContext): Outcome<E, S> {
    return decideOn(this.decider, this.state, command, context);
  }

  /** The state folded again from the recorded events alone. */
  refold(): S {
    return fold(this.decider, this.events);
  }
}
