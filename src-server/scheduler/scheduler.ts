/**
 * The scheduler loop (DESIGN.md, "Scheduler"; docs/architecture.md): in each process, wakes at the
 * next deadline, claims the due rows with a lease, and runs each one's command through the same
 * command handler as a person's, as the actor `system`, under a command id derived from the
 * deadline, so a deadline run twice (a lease that ran out, a crash before the row was dropped) is
 * applied once. A slow poll finds the rows other processes wrote.
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { type CommandContext, DomainError } from '../../src-shared/eventsourcing';
import type { Database } from '../db/schema';
import { isDatabaseUnreachable } from '../db/unreachable';
import type { CommandHandler } from '../eventstore/command-handler';
import { gameTypeNamed } from '../streams';
import { claimDue, type DueDeadline, dropIfUnchanged, holdOverdue, nextDueAt } from './deadlines';
import { DueLoop } from './due-loop';

/** The scheduler's actor: deciders accept the instructor's commands from it (`isGameAdmin`). */
export const SYSTEM_ACTOR: CommandContext['actor'] = { userId: 'system', role: 'system' };

/** How long a claim keeps other processes off a row: a crashed claimer's rows wait this long. */
const LEASE_MS = 10_000;
/** Deadlines whose commands run at once in one process (the pool has 20 connections). */
const IN_FLIGHT = 40;

/** The command id of a deadline: the same deadline always runs under the same id. */
export function deadlineCommandId(d: Pick<DueDeadline, 'streamId' | 'kind' | 'dueAt'>): string {
  return `deadline-${d.streamId}-${d.kind}-${d.dueAt}`;
}

export interface SchedulerOptions {
  db: Kysely<Database>;
  commands: CommandHandler;
  log: Logger;
  /** The server clock (services.now): due rows are those at or before it. */
  now: () => number;
  /** Milliseconds between looks for rows written by other processes. */
  pollMs: number;
  /**
   * Milliseconds a deadline that fell due while no server ran waits after this one starts, so
   * that players' pages reconnect and send what they typed meanwhile before the week closes.
   */
  startGraceMs: number;
}

export class Scheduler {
  /** This process's name in `claimed_by`. */
  readonly owner = `${hostname()}-${process.pid}-${randomBytes(3).toString('hex')}`;
  /** Deadlines whose command this process ran (applied or refused), for tests and logs. */
  fired = 0;
  private readonly loop: DueLoop;

  constructor(private readonly options: SchedulerOptions) {
    this.loop = new DueLoop({
      name: 'scheduler',
      log: options.log,
      now: options.now,
      pollMs: options.pollMs,
      runDue: () => this.runDue(),
      nextDueAt: () => nextDueAt(options.db),
      afterOutage: () => this.holdAfterOutage(),
    });
  }

  /** Starts the loop once the deadlines overdue at start are held for their grace. */
  start(): void {
    const { db, now, startGraceMs, log } = this.options;
    const at = now();
    this.loop.start(
      holdOverdue(db, { dueBefore: at - 1_000, now: at, until: at + startGraceMs, owner: this.owner })
        .then((held) => {
          if (held > 0)
            log.info({ held, graceMs: startGraceMs }, 'scheduler: deadlines overdue at start wait');
        })
        .catch((error) => log.error({ err: error }, 'scheduler: holding overdue deadlines failed')),
    );
  }

  /**
   * The database is back after an outage: the deadlines that fell due meanwhile (and those whose
   * command it cut off) wait the start's grace, as after a restart, so that the class sees the
   * game again and sends what it typed before a week closes on the timer.
   */
  private async holdAfterOutage(): Promise<void> {
    const { db, now, startGraceMs, log } = this.options;
    const at = now();
    const held = await holdOverdue(db, {
      dueBefore: at,
      now: at + startGraceMs,
      until: at + startGraceMs,
      owner: this.owner,
    });
    if (held > 0)
      log.info({ held, graceMs: startGraceMs }, 'scheduler: deadlines due while the database was away wait');
  }

  /** Runs the due rows now, then sleeps until the next one (coalesced while a run is under way). */
  wake(): void {
    this.loop.wake();
  }

  /** Resolves once no run is under way (one woken meanwhile included): a test's "it has looked". */
  idle(): Promise<void> {
    return this.loop.idle();
  }

  /** Stops waking and waits for the commands under way. */
  stop(): Promise<void> {
    return this.loop.stop();
  }

  /**
   * Claims and runs due rows, up to `IN_FLIGHT` at a time, claiming more as half of them finish
   * (no batch waits for its slowest command), until none is due.
   */
  private async runDue(): Promise<void> {
    const { db, now } = this.options;
    const inFlight = new Set<Promise<void>>();
    while (!this.loop.stopped) {
      const room = IN_FLIGHT - inFlight.size;
      const at = now();
      const due = await claimDue(db, { now: at, leaseUntil: at + LEASE_MS, owner: this.owner, limit: room });
      for (const deadline of due) {
        const run = this.fire(deadline)
          .catch((error) => this.options.log.error({ err: error, deadline }, 'scheduler: drop failed'))
          .finally(() => inFlight.delete(run));
        inFlight.add(run);
      }
      if (due.length < room) break;
      while (inFlight.size > IN_FLIGHT / 2) await Promise.race(inFlight);
    }
    await Promise.all(inFlight);
  }

  /**
   * Runs a deadline's command. Applied or refused (the game moved on), the row is dropped unless
   * its event moved it; any other failure leaves it leased, to be retried when the lease runs out.
   */
  private async fire(deadline: DueDeadline): Promise<void> {
    const { commands, db, log, now } = this.options;
    const type = gameTypeNamed(deadline.gameType);
    try {
      if (!type?.timers) throw new Error(`no timers for game type ${deadline.gameType}`);
      const result = await commands.execute(type.stream, deadline.streamId, type.timers.command(deadline), {
        now: now(),
        actor: SYSTEM_ACTOR,
        commandId: deadlineCommandId(deadline),
      });
      this.fired++;
      // Its events moved or cleared the row in their own transaction: nothing left to drop.
      const still = type.timers
        .due(result.state)
        .some((d) => d.kind === deadline.kind && d.dueAt === deadline.dueAt);
      if (result.events.length > 0 && !result.duplicate && !still) return;
    } catch (error) {
      if (isDatabaseUnreachable(error)) {
        // Its lease is held for the grace once the database is back (holdAfterOutage).
        this.loop.noteDatabaseAway();
        return;
      }
      if (!(error instanceof DomainError)) {
        log.error({ err: error, deadline }, 'scheduler: deadline failed, retried after its lease');
        return;
      }
      log.info({ deadline, refused: error.messageId }, 'scheduler: deadline refused');
      this.fired++;
    }
    await dropIfUnchanged(db, deadline);
  }
}
