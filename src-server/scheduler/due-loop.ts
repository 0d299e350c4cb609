/**
 * The loop of a table of due rows (deadlines, mails), in each process: runs what is due when woken
 * (a row written here), when the next row falls due, and every `pollMs` for rows other processes
 * wrote. Wakes while a run is under way are coalesced into one more run after it.
 */
import type { Logger } from 'pino';
import { isDatabaseUnreachable } from '../db/unreachable';
import { everyMinuteAtMost } from '../http/errors';

/** setTimeout's longest delay. */
const MAX_DELAY_MS = 2 ** 31 - 1;

export interface DueLoopOptions {
  /** Named in the log lines of failed runs. */
  name: string;
  log: Logger;
  now: () => number;
  pollMs: number;
  /** Claims and runs the rows due now (it may check `stopped` to end early). */
  runDue: () => Promise<void>;
  /** When the next row falls due (milliseconds), or null when none waits. */
  nextDueAt: () => Promise<number | null>;
  /**
   * Run before the first run once the database answers again after it was away (a run failed for
   * want of it): the scheduler holds the deadlines that fell due meanwhile for their grace.
   */
  afterOutage?: () => Promise<void>;
}

export class DueLoop {
  private timer: NodeJS.Timeout | null = null;
  private poll: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private isStopped = true;
  /** A run failed for want of the database since the last that reached it. */
  private databaseWasAway = false;

  /** Says that the database is away, once a minute at most. */
  private readonly databaseAway: ReturnType<typeof everyMinuteAtMost>;

  constructor(private readonly options: DueLoopOptions) {
    this.databaseAway = everyMinuteAtMost(options.log);
  }

  get stopped(): boolean {
    return this.isStopped;
  }

  /** Starts polling and runs at once, or once `first` (work to do before any run) has settled. */
  start(first?: Promise<void>): void {
    this.isStopped = false;
    this.poll = setInterval(() => this.wake(), this.options.pollMs);
    if (!first) {
      this.wake();
      return;
    }
    this.running = first
      .catch((error) => this.options.log.error({ err: error }, `${this.options.name}: start failed`))
      .finally(() => {
        this.running = null;
        this.wake();
      });
  }

  /** Runs the due rows now, then sleeps until the next one (coalesced while a run is under way). */
  wake(): void {
    if (this.isStopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.cycle()
      .catch((error) => this.failed(error))
      .finally(() => {
        this.running = null;
        if (this.again) {
          this.again = false;
          this.wake();
        }
      });
  }

  /**
   * A failed run is an error to report, unless the database is away (a restart): that is said once
   * a minute, and the next poll runs again once it is back.
   */
  private failed(error: unknown): void {
    if (isDatabaseUnreachable(error)) this.noteDatabaseAway();
    else this.options.log.error({ err: error }, `${this.options.name}: run failed`);
  }

  /** Notes that the database could not be reached (by the run, or by a row's own work). */
  noteDatabaseAway(): void {
    this.databaseWasAway = true;
    this.databaseAway(`${this.options.name}: the database cannot be reached`, {});
  }

  /** Resolves once no run is under way (one woken meanwhile included): for tests and shutdown. */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  /** Stops waking and waits for the run under way. */
  async stop(): Promise<void> {
    this.isStopped = true;
    if (this.poll) clearInterval(this.poll);
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  private async cycle(): Promise<void> {
    if (this.databaseWasAway) {
      await this.options.afterOutage?.();
      this.databaseWasAway = false;
    }
    await this.options.runDue();
    const next = await this.options.nextDueAt();
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (next !== null && !this.isStopped) {
      const delay = Math.min(Math.max(next - this.options.now(), 0), MAX_DELAY_MS);
      this.timer = setTimeout(() => this.wake(), delay);
    }
  }
}
