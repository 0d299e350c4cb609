/**
 * Who is connected to a game (issue 9, the instructor's board): the signed-in users holding a live
 * subscription on a game's stream. A subscription enters when it starts and leaves in its
 * `finally`, so a closed page leaves at once and a dropped network leaves when the WebSocket's
 * keep-alive gives up on it (main.ts: within 9 s).
 *
 * With several server processes on one PostgreSQL, each process tells the others through a bus
 * (NOTIFY on the `presence` channel, live-feed.ts) when a user starts or stops watching a stream
 * there, and keeps what the others told it: a creator sees every player connected, whichever
 * process their socket reached. A process says it is alive every `heartbeatMs`; one not heard for
 * three of them (a crash) is forgotten with its users. A process that starts, or whose bus
 * reconnects (messages may have been lost), asks the others for all they have.
 */
import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';

/** How a process speaks to the others; absent on a single process (the embedded database). */
export interface PresenceBus {
  publish(message: string): void;
  subscribe(listener: (message: string) => void): () => void;
  /** Calls `listener` when the bus is back after a loss: messages may have been missed meanwhile. */
  onReconnect(listener: () => void): () => void;
}

/** What processes say: `p` is the speaker, `on`/`off` a change, `state` all it has (in parts). */
type Said =
  | { p: string; t: 'on' | 'off'; s: string; u: string }
  | { p: string; t: 'hello'; to?: string }
  | { p: string; t: 'state'; first: boolean; e: Array<[string, string]> }
  | { p: string; t: 'alive' | 'bye' };

/** NOTIFY carries at most 8,000 bytes: a process's state goes in parts below that. */
const MAX_MESSAGE_BYTES = 7_000;
/** Heartbeats a process may miss before it is forgotten. */
const MISSED_HEARTBEATS = 3;

export class Presence {
  /** Stream id → user id → how many of the user's subscriptions in this process watch it (tabs, devices). */
  private readonly watching = new Map<string, Map<string, number>>();
  /** Other processes, by id: when last heard, and stream id → the users watching it there. */
  private readonly others = new Map<string, { heardAt: number; watching: Map<string, Set<string>> }>();
  private readonly changes = new EventEmitter().setMaxListeners(0);
  private readonly id = randomUUID();
  private readonly stops: Array<() => void> = [];

  constructor(
    private readonly bus?: PresenceBus,
    private readonly options: { heartbeatMs: number; now: () => number } = {
      heartbeatMs: 5_000,
      now: Date.now,
    },
  ) {}

  /** Starts speaking with the other processes (nothing to do without a bus). */
  start(): void {
    const { bus } = this;
    if (!bus) return;
    this.stops.push(bus.subscribe((message) => this.heard(message)));
    this.stops.push(
      bus.onReconnect(() => {
        this.say({ p: this.id, t: 'hello' });
        this.sayState();
      }),
    );
    const heartbeat = setInterval(() => this.heartbeat(), this.options.heartbeatMs);
    heartbeat.unref();
    this.stops.push(() => clearInterval(heartbeat));
    this.say({ p: this.id, t: 'hello' });
  }

  /** Says goodbye: the other processes forget this one's users at once. */
  stop(): void {
    for (const stop of this.stops.splice(0)) stop();
    this.say({ p: this.id, t: 'bye' });
  }

  /** `userId` watches `streamId` until the returned function is called. */
  enter(streamId: string, userId: string): () => void {
    const users = this.watching.get(streamId) ?? new Map<string, number>();
    this.watching.set(streamId, users);
    const count = users.get(userId) ?? 0;
    users.set(userId, count + 1);
    if (count === 0) this.changed(streamId, { p: this.id, t: 'on', s: streamId, u: userId });
    let left = false;
    return () => {
      if (left) return;
      left = true;
      const remaining = (users.get(userId) ?? 1) - 1;
      if (remaining > 0) return void users.set(userId, remaining);
      users.delete(userId);
      if (users.size === 0) this.watching.delete(streamId);
      this.changed(streamId, { p: this.id, t: 'off', s: streamId, u: userId });
    };
  }

  /** The users watching `streamId` now, in any process. */
  connected(streamId: string): ReadonlySet<string> {
    const users = new Set(this.watching.get(streamId)?.keys());
    for (const other of this.others.values())
      for (const user of other.watching.get(streamId) ?? []) users.add(user);
    return users;
  }

  /** Calls `listener` whenever a user starts or stops watching `streamId`; returns the unsubscribe. */
  onChange(streamId: string, listener: () => void): () => void {
    this.changes.on(streamId, listener);
    return () => {
      this.changes.off(streamId, listener);
    };
  }

  private changed(streamId: string, said: Said) {
    this.say(said);
    this.changes.emit(streamId);
  }

  /** Tells the other processes, if any (nothing is written without a bus). */
  private say(said: Said) {
    this.bus?.publish(JSON.stringify(said));
  }

  /** Everything this process has, in parts small enough for one message each. */
  private sayState() {
    const parts: Array<Array<[string, string]>> = [[]];
    let bytes = 0;
    for (const [streamId, users] of this.watching)
      for (const userId of users.keys()) {
        const size = Buffer.byteLength(streamId) + Buffer.byteLength(userId) + 8;
        if (bytes + size > MAX_MESSAGE_BYTES) {
          parts.push([]);
          bytes = 0;
        }
        parts.at(-1)!.push([streamId, userId]);
        bytes += size;
      }
    for (const [i, e] of parts.entries()) this.say({ p: this.id, t: 'state', first: i === 0, e });
  }

  private heartbeat() {
    this.say({ p: this.id, t: 'alive' });
    const silentSince = this.options.now() - MISSED_HEARTBEATS * this.options.heartbeatMs;
    for (const [processId, other] of this.others) if (other.heardAt <= silentSince) this.forget(processId);
  }

  private forget(processId: string) {
    const other = this.others.get(processId);
    this.others.delete(processId);
    for (const streamId of other?.watching.keys() ?? []) this.changes.emit(streamId);
  }

  private heard(message: string) {
    let said: Said;
    try {
      said = JSON.parse(message) as Said;
    } catch {
      return;
    }
    if (typeof said?.p !== 'string' || said.p === this.id) return;
    if (said.t === 'bye') return this.forget(said.p);
    const known = this.others.get(said.p);
    const other = known ?? { heardAt: 0, watching: new Map<string, Set<string>>() };
    other.heardAt = this.options.now();
    this.others.set(said.p, other);
    switch (said.t) {
      case 'hello':
        if (said.to === undefined || said.to === this.id) this.sayState();
        return;
      case 'alive':
        // A process heard of only now: what it had before was missed.
        if (!known) this.say({ p: this.id, t: 'hello', to: said.p });
        return;
      case 'state': {
        const touched = new Set(said.first ? other.watching.keys() : []);
        if (said.first) other.watching.clear();
        for (const [streamId, userId] of said.e) {
          const users = other.watching.get(streamId) ?? new Set<string>();
          other.watching.set(streamId, users.add(userId));
          touched.add(streamId);
        }
        for (const streamId of touched) this.changes.emit(streamId);
        return;
      }
      case 'on':
      case 'off': {
        const users = other.watching.get(said.s) ?? new Set<string>();
        if (said.t === 'on') other.watching.set(said.s, users.add(said.u));
        else if (users.delete(said.u) && users.size === 0) other.watching.delete(said.s);
        this.changes.emit(said.s);
        return;
      }
    }
  }
}
