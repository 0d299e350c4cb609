/**
 * Many turn timers running out in the same second on one server process (issue 9), each game
 * watched live by its creator through the API (`game.watchChanges` over WebSocket, as the
 * dashboard's pages do). An instant's **lateness** is from the deadline to the moment the
 * creator's subscription receives the game's next week: the scheduler's wake-up, the week's
 * close, its commit and the push to the watcher. Used by `scheduler.bench.ts` (the figure) and by
 * `test/integration/scheduler.test.ts` (that every week closes once and reaches its watcher).
 */
import { randomUUID } from 'node:crypto';
import { openDatabase } from '../../src-server/db/database';
import { CommandHandler } from '../../src-server/eventstore/command-handler';
import { EventStore } from '../../src-server/eventstore/event-store';
import { InProcessFeed } from '../../src-server/eventstore/live-feed';
import { gameStreamId, gameTypes } from '../../src-server/streams';
import type { BeerCommand } from '../../src-shared/beergame';
import { countingClient, follow } from '../support/counting-client';
import { signUpInstructor, startTestServer } from '../support/server';

type Handler = Pick<CommandHandler, 'execute'>;

/** Runs a beer command as `userId` at `now`, as an instructor when `userId` is the game's creator. */
export function beer(
  commands: Handler,
  gameId: string,
  command: BeerCommand,
  userId: string,
  options: { creator: boolean; now?: number },
) {
  return commands.execute(gameTypes.beergame.stream, gameStreamId(gameId), command, {
    now: options.now ?? Date.now(),
    actor: { userId, role: options.creator ? 'instructor' : 'player' },
    commandId: randomUUID(),
  });
}

/**
 * A classic game of `creator` whose `humans` seats are taken by players `p-<role>` and the others
 * handed to the computer; with `timer` seconds, the last seat filled starts the turn timer.
 */
export async function classicGame(
  commands: Handler,
  creator: string,
  options: { humans: string[]; timer?: number },
) {
  const gameId = `g${randomUUID().slice(0, 8)}`;
  const overrides = options.timer ? { playTimer: true, timer: options.timer } : {};
  const asCreator = { creator: true };
  await beer(
    commands,
    gameId,
    {
      type: 'CreateGame',
      gameId,
      name: 'Timed',
      creatorId: creator,
      seed: 7,
      template: 'classic',
      overrides,
    },
    creator,
    asCreator,
  );
  for (const role of ['retailer', 'wholesaler', 'distributor', 'factory']) {
    if (options.humans.includes(role))
      await beer(commands, gameId, { type: 'JoinRole', facilityId: role }, `p-${role}`, { creator: false });
    else await beer(commands, gameId, { type: 'HandToComputer', facilityId: role }, creator, asCreator);
  }
  return gameId;
}

export interface TimersDueAtOnce {
  games: number;
  /** Per game, milliseconds from the deadline to its watcher receiving the next week, sorted; games never seen are left out. */
  lateness: number[];
  /** Deadline commands the server's scheduler ran (a second run of one would count). */
  fired: number;
}

/**
 * `games` classic games of one human (who never orders) on a fresh server on `databaseUrl`, each
 * watched by its creator; once every watcher has its first view, every game's timer is set to run
 * out at the same instant, `leadMs` ahead. Waits until every watcher saw week 2, or `ceilingMs`
 * after the deadline.
 */
export async function timersDueAtOnce(
  databaseUrl: string,
  options: { games: number; leadMs?: number; ceilingMs: number },
): Promise<TimersDueAtOnce> {
  const server = await startTestServer({
    databaseUrl,
    limits: { subscriptionsPerSocket: options.games + 10 },
  });
  const writerDatabase = await openDatabase({ databaseUrl, dataDir: '' });
  const closers: Array<() => unknown> = [() => server.close(), () => writerDatabase.close()];
  try {
    // A writer of its own (no scheduler): the deadlines are the server's to find and fire.
    const writer = new CommandHandler(new EventStore(writerDatabase.db, new InProcessFeed()));
    const instructor = await signUpInstructor(server.url, `timers-${randomUUID()}@example.org`);
    instructor.close();
    const creator = countingClient(server.url, instructor.cookie);
    closers.unshift(() => creator.close());
    const gameIds: string[] = [];
    for (let i = 0; i < options.games; i += 25)
      gameIds.push(
        ...(await Promise.all(
          Array.from({ length: Math.min(25, options.games - i) }, () =>
            classicGame(writer, instructor.userId, { humans: ['retailer'] }),
          ),
        )),
      );
    const nextWeekSeenAt = new Map<string, number>();
    const watchers = gameIds.map((gameId) => {
      const watcher = follow(creator.api, gameId, (view) => {
        if (view.week === 2 && !nextWeekSeenAt.has(gameId)) nextWeekSeenAt.set(gameId, Date.now());
      });
      closers.unshift(watcher.unsubscribe);
      return watcher.state;
    });
    // Every subscription has delivered its first view (week 1) before any timer is set.
    for (let wait = 0; watchers.some((w) => w.view === null && !w.error); wait++) {
      if (wait > 600) throw new Error('the watchers got no first view within 30 s');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const failed = watchers.find((w) => w.error);
    if (failed) throw failed.error;
    // Every timer runs out at the same instant (the next week's deadlines are 10 minutes away).
    const due = Date.now() + (options.leadMs ?? 6_000);
    await Promise.all(
      gameIds.map((gameId) =>
        beer(writer, gameId, { type: 'StartTimer', seconds: 600 }, instructor.userId, {
          creator: true,
          now: due - 600_000,
        }),
      ),
    );
    if (Date.now() >= due) throw new Error('the timers were set after their deadline');
    while (nextWeekSeenAt.size < gameIds.length && Date.now() < due + options.ceilingMs)
      await new Promise((resolve) => setTimeout(resolve, 50));
    return {
      games: gameIds.length,
      lateness: [...nextWeekSeenAt.values()].map((at) => at - due).sort((a, b) => a - b),
      fired: server.scheduler.fired,
    };
  } finally {
    for (const close of closers) await close();
  }
}
