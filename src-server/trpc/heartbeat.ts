/**
 * The live views' beat (issue 39): once a second every live subscription of the process is asked
 * whether it can vouch for the view it sent last, and says so to its page when it can (and sent
 * nothing else lately). A page that hears nothing for two seconds says its figures are stale, so a
 * view that stopped following its game (the database away, its notifications lost) is never taken
 * for a live one. One timer for the whole process, running only while someone listens.
 */
import { LIVE_VIEW_BEAT_MS } from '../../src-shared/api/view-patch';

export class Heartbeat {
  private readonly listeners = new Set<() => void>();
  private timer: NodeJS.Timeout | null = null;

  /**
   * `live`: whether this process hears every append now (the live feed's word): while it does
   * not, no view is vouched for.
   */
  constructor(
    readonly live: () => boolean,
    private readonly everyMs = LIVE_VIEW_BEAT_MS,
  ) {}

  /** Calls `listener` at every beat until the returned function is called. */
  onBeat(listener: () => void): () => void {
    this.listeners.add(listener);
    this.timer ??= setInterval(() => {
      for (const beat of this.listeners) beat();
    }, this.everyMs).unref();
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0 && this.timer) {
        clearInterval(this.timer);
        this.timer = null;
      }
    };
  }
}
