/**
 * Who is connected to a game (issue 9, the instructor's board): the signed-in users holding a live
 * subscription on a game's stream in this process. A subscription enters when it starts and leaves
 * in its `finally`, so a closed page leaves at once and a dropped network leaves when the
 * WebSocket's keep-alive gives up on it (main.ts: within 9 s).
 *
 * Per process: with several server processes on one database, each knows only its own sockets
 * (docs/architecture.md, "Presence").
 */
import { EventEmitter } from 'node:events';

export class Presence {
  /** Stream id → user id → how many of the user's subscriptions watch it (tabs, devices). */
  private readonly watching = new Map<string, Map<string, number>>();
  private readonly changes = new EventEmitter().setMaxListeners(0);

  /** `userId` watches `streamId` until the returned function is called. */
  enter(streamId: string, userId: string): () => void {
    const users = this.watching.get(streamId) ?? new Map<string, number>();
    this.watching.set(streamId, users);
    const count = users.get(userId) ?? 0;
    users.set(userId, count + 1);
    if (count === 0) this.changes.emit(streamId);
    let left = false;
    return () => {
      if (left) return;
      left = true;
      const remaining = (users.get(userId) ?? 1) - 1;
      if (remaining > 0) return void users.set(userId, remaining);
      users.delete(userId);
      if (users.size === 0) this.watching.delete(streamId);
      this.changes.emit(streamId);
    };
  }

  /** The users watching `streamId` now. */
  connected(streamId: string): ReadonlySet<string> {
    return new Set(this.watching.get(streamId)?.keys());
  }

  /** Calls `listener` whenever a user starts or stops watching `streamId`; returns the unsubscribe. */
  onChange(streamId: string, listener: () => void): () => void {
    this.changes.on(streamId, listener);
    return () => {
      this.changes.off(streamId, listener);
    };
  }
}
