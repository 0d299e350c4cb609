import {
  type CommandContext,
  type Decider,
  type DomainEvent,
  fold,
  type RecordedEvent,
  type Upcaster,
  upcast,
} from '../../src-shared/eventsourcing';
import {
  type AppendInput,
  DuplicateCommandError,
  type EventStore,
  type ReadModelWrites,
  VersionConflictError,
} from './event-store';

/** A kind of stream: its decider, its rules version, and the read models its appends keep current. */
export interface StreamType<Command, Event extends DomainEvent, State> {
  decider: Decider<Command, Event, State>;
  rulesVersion: number;
  /** Recorded shapes that are no longer current, adapted on read (src-shared/eventsourcing/upcasters.ts). */
  upcasters: readonly Upcaster[];
  /**
   * The read-model writes a command's events call for, given the states before and after it (and
   * the command's server time), made in the append's statement; null when nothing changes.
   */
  project?: (previous: State, next: State, at: Date) => ReadModelWrites | null;
  /** Wake-up keys to wake, besides the stream, when `project` wrote (the creator's game lists). */
  wakes?: (next: State) => readonly string[];
}

export interface CommandResult<State> {
  /** The stream version after the command (unchanged when it produced no events). */
  version: number;
  state: State;
  events: RecordedEvent[];
  /** True when this command id had already been applied: the answer is the original one. */
  duplicate: boolean;
}

const MAX_ATTEMPTS = 20;

/** The append of `decided` on a stream at `from`, with the read-model writes and wake-ups it calls for. */
function appendInput<C, E extends DomainEvent, S>(
  type: StreamType<C, E, S>,
  streamId: string,
  from: { version: number; state: S },
  decided: E[],
  next: S,
  context: CommandContext & { commandId: string },
): AppendInput {
  const write = type.project?.(from.state, next, new Date(context.now)) ?? undefined;
  return {
    streamId,
    expectedVersion: from.version,
    events: decided,
    metadata: {
      actorId: context.actor.userId,
      actorRole: context.actor.role,
      commandId: context.commandId,
      serverTime: context.now,
      rulesVersion: type.rulesVersion,
    },
    writes: write,
    ...(write && type.wakes ? { wakes: type.wakes(next) } : {}),
  };
}

/** Folds recorded events, each read through the stream type's upcasters, into `from`. */
export function foldRecorded<C, E extends DomainEvent, S>(
  type: StreamType<C, E, S>,
  events: readonly RecordedEvent[],
  from: S = type.decider.initialState,
): S {
  let state = from;
  for (const event of events) state = type.decider.evolve(state, upcast(type.upcasters, event) as E);
  return state;
}

/**
 * Runs commands against streams: fold, decide, append with the expected version, re-decide on a
 * conflict. Within a process, commands on one stream take turns (no self-inflicted conflicts);
 * between processes, optimistic concurrency and retries with a random back-off decide. Folded
 * states are cached per stream and caught up from the store before each decision.
 */
/** A stream's state as this process folded it last, with the stream type it was folded by. */
export interface Folded<S> {
  version: number;
  state: S;
  type: StreamType<unknown, DomainEvent, unknown>;
}

export class CommandHandler {
  private readonly cache = new Map<string, Folded<unknown>>();
  private readonly turns = new Map<string, Promise<unknown>>();

  constructor(
    private readonly store: EventStore,
    private readonly maxCachedStreams = 5000,
  ) {
    store.onAppendedElsewhere(
      (streamId) => this.cache.has(streamId),
      (streamId, events) => this.catchUp(streamId, events),
    );
  }

  /**
   * Folds into a cached state the events another process appended right after it, as its wake-up
   * carried them: the next command on the stream here is decided on the current state instead of
   * conflicting, reading and deciding again (two processes sharing a game's players).
   */
  private catchUp(streamId: string, events: readonly RecordedEvent[]) {
    const cached = this.cache.get(streamId);
    if (!cached || events[0]!.streamVersion !== cached.version + 1) return;
    this.cache.set(streamId, {
      version: events[events.length - 1]!.streamVersion,
      state: foldRecorded(cached.type, events, cached.state),
      type: cached.type,
    });
  }

  /**
   * The state this process folded last for a stream, without reading the store: it may lag
   * behind appends made by other processes, so it serves only what a later check makes safe.
   */
  cached<S>(streamId: string): Folded<S> | undefined {
    return this.cache.get(streamId) as Folded<S> | undefined;
  }

  /** The current state and version of a stream, folded from the cache and the store. */
  async load<C, E extends DomainEvent, S>(
    type: StreamType<C, E, S>,
    streamId: string,
  ): Promise<{ version: number; state: S }> {
    const cached = this.cache.get(streamId) as { version: number; state: S } | undefined;
    let version = cached?.version ?? 0;
    let state = cached?.state ?? type.decider.initialState;
    const newer = await this.store.readStream(streamId, version);
    if (newer.length > 0) {
      state = foldRecorded(type, newer, state);
      version = newer[newer.length - 1]!.streamVersion;
      this.remember(type, streamId, version, state);
    }
    return { version, state };
  }

  execute<C, E extends DomainEvent, S>(
    type: StreamType<C, E, S>,
    streamId: string,
    command: C,
    context: CommandContext & { commandId: string },
  ): Promise<CommandResult<S>> {
    const previous = this.turns.get(streamId) ?? Promise.resolve();
    const result = previous
      .catch(() => undefined)
      .then(() => this.executeNow(type, streamId, command, context));
    const turn = result.catch(() => undefined);
    this.turns.set(streamId, turn);
    void turn.then(() => {
      if (this.turns.get(streamId) === turn) this.turns.delete(streamId);
    });
    return result;
  }

  private async executeNow<C, E extends DomainEvent, S>(
    type: StreamType<C, E, S>,
    streamId: string,
    command: C,
    context: CommandContext & { commandId: string },
  ): Promise<CommandResult<S>> {
    const cached = this.cached<S>(streamId);
    if (cached) {
      const answer = await this.tryOnCachedState(type, streamId, command, context, cached);
      if (answer) return answer;
    }
    const original = await this.store.readCommand(streamId, context.commandId, context.actor.userId);
    if (original.length > 0) return this.duplicateAnswer(type, streamId, original);

    for (let attempt = 1; ; attempt++) {
      const { version, state } = await this.load(type, streamId);
      const decided = type.decider.decide(command, state, context);
      if (decided.length === 0) return { version, state, events: [], duplicate: false };
      try {
        return await this.append(type, streamId, { version, state }, decided, context);
      } catch (error) {
        if (error instanceof DuplicateCommandError) {
          return this.duplicateAnswer(
            type,
            streamId,
            await this.store.readCommand(streamId, context.commandId, context.actor.userId),
          );
        }
        if (!(error instanceof VersionConflictError) || attempt >= MAX_ATTEMPTS) throw error;
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 2 * attempt));
      }
    }
  }

  /**
   * The common case without reading the store first: decide on the state this process folded last
   * and append at its version. The append's unique keys make that safe: a stream that moved on
   * meanwhile (another process) conflicts, and a command already applied is refused. Anything but
   * a clean append (a refusal, nothing to do, a conflict) returns null, and the command is decided
   * again on the stream as stored, where a refusal or a retried command gets its proper answer.
   */
  private async tryOnCachedState<C, E extends DomainEvent, S>(
    type: StreamType<C, E, S>,
    streamId: string,
    command: C,
    context: CommandContext & { commandId: string },
    cached: { version: number; state: S },
  ): Promise<CommandResult<S> | null> {
    let decided: E[];
    try {
      decided = type.decider.decide(command, cached.state, context);
    } catch {
      return null;
    }
    if (decided.length === 0) return null;
    try {
      return await this.append(type, streamId, cached, decided, context);
    } catch (error) {
      if (error instanceof DuplicateCommandError || error instanceof VersionConflictError) return null;
      throw error;
    }
  }

  private async append<C, E extends DomainEvent, S>(
    type: StreamType<C, E, S>,
    streamId: string,
    from: { version: number; state: S },
    decided: E[],
    context: CommandContext & { commandId: string },
  ): Promise<CommandResult<S>> {
    const next = fold(type.decider, decided, from.state);
    const events = await this.store.append(appendInput(type, streamId, from, decided, next, context));
    const newVersion = events[events.length - 1]!.streamVersion;
    this.remember(type, streamId, newVersion, next);
    return { version: newVersion, state: next, events, duplicate: false };
  }

  /**
   * Creates several new streams in one transaction, all or none (a copy of 200 games): each
   * command is decided on the initial state, and any refusal throws before anything is written.
   * Each stream's command id is `commandId` and its index, so the whole call applies once.
   */
  async createMany<C, E extends DomainEvent, S>(
    type: StreamType<C, E, S>,
    creations: ReadonlyArray<{ streamId: string; command: C }>,
    context: CommandContext & { commandId: string },
  ): Promise<S[]> {
    const from = { version: 0, state: type.decider.initialState };
    const decided = creations.map(({ streamId, command }, i) => {
      const own = { ...context, commandId: `${context.commandId}-${i + 1}` };
      const events = type.decider.decide(command, from.state, own);
      const next = fold(type.decider, events, from.state);
      return { streamId, next, input: appendInput(type, streamId, from, events, next, own) };
    });
    await this.store.appendMany(decided.map((d) => d.input));
    for (const d of decided) this.remember(type, d.streamId, d.input.events.length, d.next);
    return decided.map((d) => d.next);
  }

  /**
   * Runs a command, then a second one on another stream made from the first's outcome, appending
   * both in one transaction: both or neither (an invoice and the plan it pays for). A conflict on
   * either re-decides both; a retried command id answers the original outcome of both.
   */
  async executeChained<C1, E1 extends DomainEvent, S1, C2, E2 extends DomainEvent, S2>(
    first: { type: StreamType<C1, E1, S1>; streamId: string; command: C1 },
    then: (outcome: { events: E1[]; state: S1 }) => {
      type: StreamType<C2, E2, S2>;
      streamId: string;
      command: C2;
    },
    context: CommandContext & { commandId: string },
  ): Promise<[CommandResult<S1>, CommandResult<S2>]> {
    for (let attempt = 1; ; attempt++) {
      const original = await this.store.readCommand(first.streamId, context.commandId, context.actor.userId);
      if (original.length > 0) {
        const firstAnswer = await this.duplicateAnswer(first.type, first.streamId, original);
        const second = then({ events: original.map((e) => e as unknown as E1), state: firstAnswer.state });
        const secondEvents = await this.store.readCommand(
          second.streamId,
          context.commandId,
          context.actor.userId,
        );
        return [firstAnswer, await this.duplicateAnswer(second.type, second.streamId, secondEvents)];
      }
      const from1 = await this.load(first.type, first.streamId);
      const decided1 = first.type.decider.decide(first.command, from1.state, context);
      const next1 = fold(first.type.decider, decided1, from1.state);
      const second = then({ events: decided1, state: next1 });
      const from2 = await this.load(second.type, second.streamId);
      const decided2 = second.type.decider.decide(second.command, from2.state, context);
      const next2 = fold(second.type.decider, decided2, from2.state);
      try {
        const [events1, events2] = await this.store.appendMany([
          appendInput(first.type, first.streamId, from1, decided1, next1, context),
          appendInput(second.type, second.streamId, from2, decided2, next2, context),
        ]);
        const answer = <S>(
          type: StreamType<unknown, DomainEvent, unknown>,
          streamId: string,
          from: { version: number },
          events: RecordedEvent[],
          state: S,
        ): CommandResult<S> => {
          const version = events.length > 0 ? events[events.length - 1]!.streamVersion : from.version;
          this.remember(type, streamId, version, state);
          return { version, state, events, duplicate: false };
        };
        return [
          answer(first.type as never, first.streamId, from1, events1!, next1),
          answer(second.type as never, second.streamId, from2, events2!, next2),
        ];
      } catch (error) {
        if (error instanceof DuplicateCommandError) continue;
        if (!(error instanceof VersionConflictError) || attempt >= MAX_ATTEMPTS) throw error;
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 2 * attempt));
      }
    }
  }

  private async duplicateAnswer<C, E extends DomainEvent, S>(
    type: StreamType<C, E, S>,
    streamId: string,
    original: RecordedEvent[],
  ): Promise<CommandResult<S>> {
    const { state } = await this.load(type, streamId);
    return {
      version: original[original.length - 1]!.streamVersion,
      state,
      events: original,
      duplicate: true,
    };
  }

  /**
   * Folds a stream read whole into the cache and returns its state: a process starting up warms
   * the games in play before it serves (streams/warm-start.ts), so the class coming back needs
   * no read and no fold per game.
   */
  warm<C, E extends DomainEvent, S>(type: StreamType<C, E, S>, streamId: string, events: RecordedEvent[]): S {
    const state = foldRecorded(type, events);
    if (events.length > 0) this.remember(type, streamId, events[events.length - 1]!.streamVersion, state);
    return state;
  }

  private remember<C, E extends DomainEvent, S>(
    type: StreamType<C, E, S>,
    streamId: string,
    version: number,
    state: S,
  ) {
    // Another process's later events may have been folded in meanwhile (`catchUp`): kept.
    if ((this.cache.get(streamId)?.version ?? -1) > version) return;
    // Map keeps insertion order: re-inserting marks the stream as recently used.
    this.cache.delete(streamId);
    this.cache.set(streamId, { version, state, type: type as unknown as Folded<unknown>['type'] });
    if (this.cache.size > this.maxCachedStreams) this.cache.delete(this.cache.keys().next().value!);
  }
}
