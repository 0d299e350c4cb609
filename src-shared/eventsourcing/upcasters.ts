/**
 * Upcasting (the pattern of Greg Young's "Versioning in an Event Sourced System"): a recorded event
 * is never rewritten; when an event's name or shape changes, an upcaster turns the old recorded
 * form into the current one as it is read, before any fold. Each stream type lists its upcasters
 * in the order the changes were made; an event passes through every one that applies to it.
 */
import type { DomainEvent } from './decider';

export interface Upcaster {
  /** The recorded type this upcaster reads (the old name, or a name whose shape changed). */
  from: string;
  /** The current form of such an event; it may return the event unchanged when it is already current. */
  upcast(event: DomainEvent): DomainEvent;
}

/** The current form of a recorded event under `upcasters` (the same object when none applies). */
export function upcast(upcasters: readonly Upcaster[], event: DomainEvent): DomainEvent {
  let current = event;
  for (const u of upcasters) if (current.type === u.from) current = u.upcast(current);
  return current;
}

/** A recorded event's type and data alone, without its record's metadata: what a page may be sent. */
export function eventOf<E extends DomainEvent>(event: E): E {
  return { type: event.type, data: event.data } as E;
}
