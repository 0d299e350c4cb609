/**
 * Who is connected, across server processes (src-server/presence/presence.ts): processes joined by
 * a bus that delivers every message to every process, the speaker included, in order, as
 * PostgreSQL's NOTIFY does; the clock and the heartbeats are the test's.
 */
import { EventEmitter } from 'node:events';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Presence, type PresenceBus } from '../../src-server/presence/presence';

const HEARTBEAT_MS = 5_000;
const GAME = 'game-g1';

/** A bus shared by the processes; `down` loses what is said until it reconnects. */
function network() {
  const wire = new EventEmitter().setMaxListeners(0);
  const buses: Array<PresenceBus & { down: boolean; reconnect(): void }> = [];
  const bus = () => {
    const reconnected = new EventEmitter();
    const own = {
      down: false,
      publish(message: string) {
        if (!own.down) queueMicrotask(() => wire.emit('message', message));
      },
      subscribe(listener: (message: string) => void) {
        const hear = (message: string) => {
          if (!own.down) listener(message);
        };
        wire.on('message', hear);
        return () => void wire.off('message', hear);
      },
      onReconnect(listener: () => void) {
        reconnected.on('back', listener);
        return () => void reconnected.off('back', listener);
      },
      reconnect() {
        own.down = false;
        reconnected.emit('back');
      },
    };
    buses.push(own);
    return own;
  };
  return { bus };
}

let now = 0;
const started: Presence[] = [];
function processOn(bus: PresenceBus) {
  const presence = new Presence(bus, { heartbeatMs: HEARTBEAT_MS, now: () => now });
  presence.start();
  started.push(presence);
  return presence;
}
/** Lets the bus deliver what was said. */
const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
const users = (presence: Presence) => [...presence.connected(GAME)].sort();

beforeEach(() => {
  now = 0;
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
});
afterEach(() => {
  for (const presence of started.splice(0)) presence.stop();
  vi.useRealTimers();
});

describe('presence across processes', () => {
  it('shows in one process who watches a game in another, and who left', async () => {
    const { bus } = network();
    const [a, b] = [processOn(bus()), processOn(bus())];
    const changes = vi.fn();
    b.onChange(GAME, changes);
    const leaveTab1 = a.enter(GAME, 'ada');
    const leaveTab2 = a.enter(GAME, 'ada');
    const leaveBob = b.enter(GAME, 'bob');
    await settle();
    expect(users(a)).toEqual(['ada', 'bob']);
    expect(users(b)).toEqual(['ada', 'bob']);
    expect(changes).toHaveBeenCalled();

    // One of two tabs closes: still there; the last one closes: gone, everywhere.
    leaveTab1();
    await settle();
    expect(users(b)).toEqual(['ada', 'bob']);
    leaveTab2();
    leaveBob();
    await settle();
    expect(users(a)).toEqual([]);
    expect(users(b)).toEqual([]);
  });

  it('tells a process that starts later who is already there', async () => {
    const { bus } = network();
    const a = processOn(bus());
    a.enter(GAME, 'ada');
    await settle();
    const late = processOn(bus());
    await settle();
    expect(users(late)).toEqual(['ada']);
  });

  it('forgets the users of a process that said goodbye, or went silent for three heartbeats', async () => {
    const { bus } = network();
    const busA = bus();
    const [a, b] = [processOn(busA), processOn(bus())];
    const c = new Presence(bus(), { heartbeatMs: HEARTBEAT_MS, now: () => now });
    c.start();
    a.enter(GAME, 'ada');
    c.enter(GAME, 'cy');
    await settle();
    expect(users(b)).toEqual(['ada', 'cy']);

    c.stop();
    await settle();
    expect(users(b)).toEqual(['ada']);

    // A crashes: nothing more is heard of it. B keeps its users through two missed heartbeats, not three.
    busA.down = true;
    for (let beat = 1; beat <= 3; beat++) {
      now += HEARTBEAT_MS;
      vi.advanceTimersByTime(HEARTBEAT_MS);
      await settle();
      expect(users(b)).toEqual(beat < 3 ? ['ada'] : []);
    }
  });

  it('catches up after its bus was down: it asks again, and says again what it has', async () => {
    const { bus } = network();
    const [busA, busB] = [bus(), bus()];
    const [a, b] = [processOn(busA), processOn(busB)];
    await settle();
    busB.down = true;
    a.enter(GAME, 'ada');
    const leaveBob = b.enter(GAME, 'bob');
    await settle();
    expect(users(b)).toEqual(['bob']);
    busB.reconnect();
    await settle();
    expect(users(b)).toEqual(['ada', 'bob']);
    expect(users(a)).toEqual(['ada', 'bob']);
    leaveBob();
    await settle();
    expect(users(a)).toEqual(['ada']);
  });

  it('sends a large state in parts that each fit in one NOTIFY', async () => {
    const { bus } = network();
    const sizes: number[] = [];
    const aBus = bus();
    const publish = aBus.publish;
    aBus.publish = (message) => {
      sizes.push(Buffer.byteLength(message));
      publish(message);
    };
    const a = processOn(aBus);
    for (let i = 0; i < 1_000; i++) a.enter(`game-${i % 250}`, `player-${i}-${'x'.repeat(20)}`);
    await settle();
    sizes.length = 0;
    const late = processOn(bus());
    await settle();
    expect(sizes.length).toBeGreaterThan(1);
    expect(Math.max(...sizes)).toBeLessThan(8_000);
    expect(late.connected('game-7').size).toBe(4);
  });

  it('works alone without a bus (the embedded database: one process)', () => {
    const alone = new Presence();
    alone.start();
    const leave = alone.enter(GAME, 'ada');
    expect(users(alone)).toEqual(['ada']);
    leave();
    expect(users(alone)).toEqual([]);
    alone.stop();
  });
});
