/**
 * Logs recorded before a change of an event's name or shape still fold (docs/architecture.md,
 * "Changing an event"): each fixture is a log as an earlier engine recorded it; read through the
 * game's upcasters, it folds to the state today's engine reaches on the same game.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { beergameDecider, beerUpcasters, runSimulation } from '../../src-shared/beergame';
import { type DomainEvent, fold, upcast } from '../../src-shared/eventsourcing';
import { leangameDecider, leanMetrics, leanUpcasters, simulateLeanRound } from '../../src-shared/leangame';

const fixture = <T>(name: string) =>
  JSON.parse(readFileSync(new URL(`../fixtures/${name}`, import.meta.url), 'utf8')) as T;

describe('upcasting recorded logs', () => {
  it('reads a lean log recorded before its end was called LeanGameEnded and poka-yoke had a slip factor', () => {
    const log = fixture<{ endAt: number; events: DomainEvent[] }>('leangame-log-2026-11.json');
    expect(log.events.at(-1)!.type).toBe('GameEnded');
    const read = log.events.map((e) => upcast(leanUpcasters, e));
    expect(read.at(-1)).toEqual({ type: 'LeanGameEnded', data: log.events.at(-1)!.data });
    const created = log.events[0]!.data as { setup: { params: Record<string, unknown> } };
    expect(created.setup.params.pokayokeSlipFactor).toBeUndefined();
    expect((read[0]!.data as typeof created).setup.params.pokayokeSlipFactor).toBe(1.5);
    const today = simulateLeanRound({
      scenarioId: 'workshop4-choose',
      improvements: ['batch'],
      minutes: 3,
      seed: 7,
    });
    expect(read).toEqual(today.events);
    const state = fold(leangameDecider, read as typeof today.events);
    expect(state).toEqual(today.state);
    expect(state.endAt).toBe(log.endAt);
    // Without the upcaster the old end is an unknown event: the round would never have ended.
    expect(fold(leangameDecider, log.events as typeof today.events).endAt).toBeNull();
    expect(leanMetrics(state, log.endAt)).toEqual(leanMetrics(today.state, today.endAt));
  });

  it('reads a beer log recorded before the beer engine was reshaped and before games had a language or drafts', () => {
    const log = fixture<{ events: DomainEvent[] }>('beergame-log-2026-11.json');
    const read = log.events.map((e) => upcast(beerUpcasters, e));
    const today = runSimulation({
      template: 'classic',
      weeks: 6,
      policies: ['sterman:0.36,0.26,0.34,17'],
      seed: 3,
    });
    expect(read).toEqual(today.events);
    expect(fold(beergameDecider, read as typeof today.events)).toEqual(today.state);
  });

  it('passes events of other names through untouched, the same object', () => {
    const event = { type: 'GameStarted', data: { at: 1 } };
    expect(upcast(leanUpcasters, event)).toBe(event);
    expect(upcast([], event)).toBe(event);
  });

  it('chains upcasters in the order the changes were made', () => {
    const chain = [
      { from: 'A', upcast: (e: DomainEvent) => ({ type: 'B', data: { ...(e.data as object), b: true } }) },
      { from: 'B', upcast: (e: DomainEvent) => ({ type: 'C', data: { ...(e.data as object), c: true } }) },
    ];
    expect(upcast(chain, { type: 'A', data: {} })).toEqual({ type: 'C', data: { b: true, c: true } });
  });
});
