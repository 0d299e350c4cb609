/**
 * The live views' beat (issue 39): once a second every live subscription of the process is asked
 * whether it can vouch for the view it sent last, and says so to its page when it can (and sent
 * nothing else lately). A page that hears nothing for two seconds says its figures are stale, so a
 * view that stopped following its game (the database away, its notifications lost) is never taken
 * for a live one. One timer for the whole process, running only while someone listens; the
 * subscriptions are spread over the second in SLOTS groups, so that a class of 1,000 is 100 beats
 * every tenth of a second, not 1,000 frames in one turn beside the orders arriving then.
 */
import { LIVE_VIEW_BEAT_MS } from '../../src-shared/api/view-patch';

const SLOTS = 10;

export class Heartbeat {
  private readonly slots: Array<Set<() => void>> = Array.from({ length: SLOTS }, () => new Set());
  private listening = 0;
  private next = 0;
  private timer: NodeJS.Timeout | null = null;

  /**
   * `live`: whether this process hears every append now (the live feed's word): while it does
   * not, no view is vouched for.
   */
  constructor(
    readonly live: () => boolean,
    private readonly everyMs = LIVE_VIEW_BEAT_MS,
  ) {}

  /** Calls `listener` once every `everyMs` until the returned function is called. */
  onBeat(listener: () => void): () => void {
    // The emptiest slot, so that the groups stay even as subscriptions come and go.
    const slot = this.slots.reduce((emptiest, candidate) =>
      candidate.size < emptiest.size ? candidate : emptiest,
    );
    slot.add(listener);
    this.listening++;
    this.timer ??= setInterval(() => {
      const due = this.slots[this.next]!;
      this.next = (this.next + 1) % SLOTS;
      for (const beat of due) beat();
    }, this.everyMs / SLOTS).unref();
    return () => {
      if (!slot.delete(listener)) return;
      this.listening--;
      if (this.listening === 0 && this.timer) {
        clearInterval(this.timer);
        this.timer = null;
      }
    };
  }
}
