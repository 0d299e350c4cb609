/**
 * The decider pattern (Chassaing, Emmett): a pure `decide` turns a command into events against
 * the current state, a pure `evolve` folds one event into the state. Neither reads a clock nor
 * `Math.random`: the server passes `now` and the actor in the context, and randomness comes from a
 * generator seeded in the stream's creation event.
 */

export type ActorRole = 'player' | 'instructor' | 'system';

export interface Actor {
  /** The user id, or `system` for the scheduler and computer players. */
  userId: string;
  role: ActorRole;
}

export interface CommandContext {
  /** Server time in epoch milliseconds. */
  now: number;
  actor: Actor;
  /** Users who share a team account with the actor: the server reads them for a session's commands. */
  teammateIds?: readonly string[];
}

/** A domain event as the reducers see it: a type tag and its data. */
export interface DomainEvent<Type extends string = string, Data = unknown> {
  type: Type;
  data: Data;
}

/**
 * A refused command. `messageId` is an id of `locales/en.json`; `values` fill its placeholders.
 * Thrown by `decide`; the server turns it into a translated error and records nothing.
 */
export class DomainError extends Error {
  readonly messageId: string;
  readonly values: Record<string, string | number> | undefined;

  constructor(messageId: string, values?: Record<string, string | number>) {
    super(messageId);
    this.name = 'DomainError';
    this.messageId = messageId;
    this.values = values;
  }
}

export interface Decider<Command, Event extends DomainEvent, State> {
  initialState: State;
  /** The events that the command produces, or a thrown `DomainError`. */
  decide(command: Command, state: State, context: CommandContext): Event[];
  evolve(state: State, event: Event): State;
}

/** The state after folding `events` into `from` (the decider's initial state by default). */
export function fold<Command, Event extends DomainEvent, State>(
  decider: Decider<Command, Event, State>,
  events: Iterable<Event>,
  from: State = decider.initialState,
): State {
  let state = from;
  for (const event of events) state = decider.evolve(state, event);
  return state;
}

/** Every intermediate state: `states[i]` is the state after the first `i` events (replay, debrief). */
export function replay<Command, Event extends DomainEvent, State>(
  decider: Decider<Command, Event, State>,
  events: readonly Event[],
): State[] {
  const states: State[] = [decider.initialState];
  let state = decider.initialState;
  for (const event of events) {
    state = decider.evolve(state, event);
    states.push(state);
  }
  return states;
}

/** Decides a command and folds its events, as the server does in one append. */
export function handle<Command, Event extends DomainEvent, State>(
  decider: Decider<Command, Event, State>,
  state: State,
  command: Command,
  context: CommandContext,
): { events: Event[]; state: State } {
  const events = decider.decide(command, state, context);
  return { events, state: fold(decider, events, state) };
}
