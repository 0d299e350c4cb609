/**
 * `npm run load:lean`: a session's lean round at scale (issue 26) against a real server process on
 * this machine. One instructor creates a session of one lean round of the 4-station workshop for
 * `--teams` teams (default 50) and publishes it; `--players` players (default 200: every station
 * of the 50 factories) sign in, join it by team and station (`session.join`) and watch their
 * factory live as the play page does (`game.watchChanges`); the instructor watches the follow-up
 * (`session.watch`) and starts the round. A quarter into the round, `--leave` players (default 50,
 * one per factory, each factory a different station in turn) leave their station
 * (`leangame.leave`): the computer plays it until the round's end. So: 200 players in 50
 * factories of 4 stations, the computer acting on the free stations.
 *
 * A player does at their station what the computer would do next there (the shared engine's
 * `nextFacilityAction` on the game's state), as a click when the work would be done, plus a human
 * reaction of up to `--react` ms (default 500), through `leangame.work`. To know the state, this
 * process reads each game's events from the database as another server process would (LISTEN to
 * the live feed's wake-ups, then read the stream from its last version; a poll every second
 * behind them) and folds them with the shared engine. That reader also gives each event's times.
 *
 * Figures, per event of the factories (every figure is from one clock: this machine's):
 * - the follow-up's lag: from an event's transaction start (its row's `recorded_at`, before its
 *   COMMIT: an upper bound on "from the moment it is in the store") to the instructor's follow-up
 *   row first showing it, for every release and delivery (what moves a row's WIP and deliveries;
 *   the other floor actions do not show on the follow-up). Goal: p99 ≤ 1 s. Also shown: from the
 *   moment this process's reader saw the event committed (may be negative).
 * - the computer's lateness: for every action of a computer station, from the instant it was due
 *   (the engine's `nextComputerAction` on the state before it) to this process's reader seeing it
 *   committed (the scheduler's wake-up, the transaction, COMMIT, NOTIFY and one read: what another
 *   process's watchers would wait). Goal: p99 ≤ 250 ms. Also shown: to its transaction's start.
 * - a player's action answered (the mutation's round trip, after COMMIT), refusals by message.
 *
 * The summary line:
 *
 *   lean: players=N teams=T minutes=M computer_stations=C actions=A refused_actions=R errors=E followup_lag_p99_ms=X computer_lateness_p99_ms=Y computer_actions=K load_average=L1-L2
 *
 * What keeps the figures honest: a release or delivery the follow-up never showed, an action
 * unanswered within 30 s, a round that did not end by its timer are errors, never latencies;
 * nothing is clamped. Both goals are timed when this process receives something (the follow-up's
 * patch, the reader's rows), so a late event loop here makes them look worse, and the players'
 * clicks are its timers: when its timers fire late (p99 over 50 ms, a fifth of the lateness goal),
 * its figures are its own as much as the server's, and the run is refused (`refused=1`, exit code
 * 1). Its event-loop delay is printed beside.
 *
 * PostgreSQL from DATABASE_URL (else the local server), in a database of its own: the reader needs
 * the database's live feed, so there is no embedded (PGlite) variant. Everything stays on 127.0.0.1.
 */
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { CHANNEL, parseWakeUp } from '../../src-server/eventstore/live-feed';
import type { LeanWorkCommand } from '../../src-shared/api/leangame';
import { type LiveView, nextHeldView } from '../../src-shared/api/view-patch';
import { gameStreamId, upcast } from '../../src-shared/eventsourcing';
import {
  evolveLeanGame,
  initialLeanState,
  type LeanEvent,
  type LeanGameView,
  type LeanState,
  leanUpcasters,
  nextComputerAction,
  nextFacilityAction,
  templateOf,
} from '../../src-shared/leangame';
import {
  type FollowUpRow,
  leanTeamGame,
  type SessionView,
  sessionSetupSchema,
} from '../../src-shared/session';
import { countingClient, followGame } from '../support/counting-client';
import { signInAnonymous, signUpInstructor } from '../support/server';
import {
  cpuNow,
  inBatches,
  loopDelay,
  percentile,
  postgresDatabase,
  startServerProcess,
  summary,
  within,
} from './harness';

const { values: args } = parseArgs({
  options: {
    players: { type: 'string', default: '200' },
    teams: { type: 'string', default: '50' },
    minutes: { type: 'string', default: '5' },
    leave: { type: 'string', default: '50' },
    react: { type: 'string', default: '500' },
  },
});
const SCENARIO = 'workshop4-choose';
/** The workshop's stations, in the factory's order. */
const STATIONS = ['warehouse', 'paint1', 'paint2', 'qc'] as const;
const TEAMS = Number(args.teams);
const PLAYERS = Number(args.players);
const MINUTES = Number(args.minutes);
const LEAVERS = Number(args.leave);
const REACT_MS = Number(args.react);
if (!Number.isInteger(TEAMS) || TEAMS < 1 || TEAMS > 250) throw new Error('--teams takes 1 to 250');
if (!Number.isInteger(PLAYERS) || PLAYERS < 1 || PLAYERS > TEAMS * STATIONS.length)
  throw new Error(`--players takes 1 to ${TEAMS * STATIONS.length} (${STATIONS.length} stations a team)`);
if (!Number.isInteger(MINUTES) || MINUTES < 1 || MINUTES > 60) throw new Error('--minutes takes 1 to 60');
if (!Number.isInteger(LEAVERS) || LEAVERS < 0 || LEAVERS > Math.min(TEAMS, PLAYERS))
  throw new Error('--leave takes 0 to the number of teams (one player a factory) and of players');
if (!Number.isFinite(REACT_MS) || REACT_MS < 0) throw new Error('--react takes milliseconds');

/** How long an action may wait for its answer before it counts as an error. */
const ACTION_TIMEOUT_MS = 30_000;
/** How late this process's timers may fire (p99) before its figures are refused as its own. */
const TIMER_TOLERANCE_MS = 50;
/** How often the reader reads every game again, behind the wake-ups. */
const READ_POLL_MS = 1000;
/** The floor's actions: what a computer station records (the scheduler's other events are not). */
const FLOOR_ACTIONS = new Set<string>([
  'SheetReleased',
  'BatchSent',
  'BatchPickedUp',
  'ToolChanged',
  'OperationPerformed',
  'SheetInspected',
  'DefectRemoved',
  'ProductDelivered',
]);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** This process's timers, how late each fired: the load generator keeping up, or not. */
const timerLateness: number[] = [];
async function sleepUntil(epochMs: number) {
  const wait = epochMs - Date.now();
  if (wait <= 0) return;
  await sleep(wait);
  timerLateness.push(Date.now() - epochMs);
}

/**
 * What the follow-up shows of a factory, as one number that each release and delivery raises:
 * WIP + 2 × deliveries (a release adds a unit to WIP; a delivery moves one from WIP to deliveries,
 * or delivers one of the initial stock, which WIP does not count).
 */
const shownCount = (row: { wip: number; deliveries: number }) => row.wip + 2 * row.deliveries;

/** An event of a factory as the reader saw it. */
interface Seen {
  /** Its transaction's start (the row's recorded_at). */
  recordedAt: number;
  /** When the reader had it (after COMMIT, NOTIFY and the read). */
  seenAt: number;
  /** The follow-up count once it shows this event. */
  shows: number;
}

/** One game as this process knows it from its events. */
class Factory {
  state: LeanState = initialLeanState;
  version = 0;
  /** Who recorded the stream's last event: a player, or the server (the scheduler, the session). */
  lastBySystem = true;
  ended = false;
  /** Releases and deliveries, each with the follow-up count that shows it. */
  readonly shownBy: Seen[] = [];
  /** The follow-up's count for this factory over time: [count, first shown at]. */
  readonly followUp: Array<[number, number]> = [];
  private waiters: Array<() => void> = [];
  constructor(readonly gameId: string) {}

  /** Resolves at the next event read, or after `ms`. */
  changed(ms: number): Promise<boolean> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== wake);
        resolve(false);
      }, ms);
      const wake = () => {
        clearTimeout(timer);
        resolve(true);
      };
      this.waiters.push(wake);
    });
  }

  wake() {
    const waiters = this.waiters;
    this.waiters = [];
    for (const waiter of waiters) waiter();
  }
}

const measures = {
  /** A player's action, from its send to its answer. */
  answered: [] as number[],
  /** Refused actions, by message. */
  refused: new Map<string, number>(),
  errors: 0,
  actions: 0,
  /** Per computer action: from due to the reader seeing it; and to its transaction's start. */
  lateness: [] as number[],
  latenessToRecorded: [] as number[],
  /** The same, for the computer's actions that follow a player's event in their stream. */
  latenessAfterPlayer: [] as number[],
  latenessAfterComputer: [] as number[],
};

/** Reads every factory's new events from the database, woken by the live feed's NOTIFY. */
class Reader {
  readonly factories = new Map<string, Factory>();
  private readonly dirty = new Set<string>();
  private reading: Promise<void> | null = null;
  private again = false;
  private poll: NodeJS.Timeout | null = null;
  private readonly client: pg.Client;

  constructor(url: string, gameIds: string[]) {
    this.client = new pg.Client({ connectionString: url });
    for (const gameId of gameIds) this.factories.set(gameStreamId(gameId), new Factory(gameId));
  }

  factory(gameId: string): Factory {
    return this.factories.get(gameStreamId(gameId))!;
  }

  async start() {
    await this.client.connect();
    this.client.on('notification', (message) => {
      const { streamId } = parseWakeUp(message.payload ?? '');
      if (streamId === '*') for (const id of this.factories.keys()) this.dirty.add(id);
      else if (this.factories.has(streamId)) this.dirty.add(streamId);
      else return;
      this.read();
    });
    await this.client.query(`listen ${CHANNEL}`);
    for (const id of this.factories.keys()) this.dirty.add(id);
    this.poll = setInterval(() => {
      for (const id of this.factories.keys()) this.dirty.add(id);
      this.read();
    }, READ_POLL_MS);
    await this.read();
  }

  async stop() {
    if (this.poll) clearInterval(this.poll);
    await this.reading;
    await this.client.end();
  }

  /** One read at a time; wake-ups meanwhile read again after it. */
  read(): Promise<void> {
    if (this.reading) {
      this.again = true;
      return this.reading;
    }
    this.reading = (async () => {
      do {
        this.again = false;
        const ids = [...this.dirty];
        this.dirty.clear();
        if (ids.length === 0) continue;
        const versions = ids.map((id) => this.factories.get(id)!.version);
        const { rows } = await this.client.query<{
          stream_id: string;
          stream_version: number;
          type: string;
          data: unknown;
          metadata: { actorRole?: string };
          recorded_at: Date;
        }>(
          `select e.stream_id, e.stream_version, e.type, e.data, e.metadata, e.recorded_at
             from unnest($1::text[], $2::int[]) as known(stream_id, version)
             join events e on e.stream_id = known.stream_id and e.stream_version > known.version
            order by e.stream_id, e.stream_version`,
          [ids, versions],
        );
        const seenAt = Date.now();
        const woken = new Set<Factory>();
        for (const row of rows) {
          const factory = this.factories.get(row.stream_id)!;
          if (row.stream_version !== factory.version + 1) break; // a gap: read again next time
          this.apply(factory, row, seenAt);
          woken.add(factory);
        }
        for (const factory of woken) factory.wake();
      } while (this.again || this.dirty.size > 0);
    })()
      .catch((error) => {
        measures.errors++;
        console.error('reader:', (error as Error).message);
      })
      .finally(() => {
        this.reading = null;
      });
    return this.reading;
  }

  private apply(
    factory: Factory,
    row: {
      stream_version: number;
      type: string;
      data: unknown;
      metadata: { actorRole?: string };
      recorded_at: Date;
    },
    seenAt: number,
  ) {
    const event = upcast(leanUpcasters, { type: row.type, data: row.data } as LeanEvent) as LeanEvent;
    const before = factory.state;
    const recordedAt = row.recorded_at.getTime();
    if (row.metadata.actorRole === 'system' && FLOOR_ACTIONS.has(event.type)) {
      // Due when the engine said, on the state before it (the event's own stamp may have been moved
      // later to keep the stream's times in order).
      const due = nextComputerAction(before)?.at ?? (event.data as { at: number }).at;
      measures.lateness.push(seenAt - due);
      measures.latenessToRecorded.push(recordedAt - due);
      // A player's event may have made this action due sooner than the scheduler's next timer.
      (factory.lastBySystem ? measures.latenessAfterComputer : measures.latenessAfterPlayer).push(
        seenAt - due,
      );
    }
    factory.lastBySystem = row.metadata.actorRole === 'system';
    factory.state = evolveLeanGame(before, event);
    factory.version = row.stream_version;
    if (event.type === 'LeanGameEnded') factory.ended = true;
    if (event.type === 'SheetReleased' || event.type === 'ProductDelivered') {
      const shows = shownCount(leanTeamGame(factory.state, Number.MAX_SAFE_INTEGER));
      factory.shownBy.push({ recordedAt, seenAt, shows });
    }
  }
}

/** The command a player sends for the action the computer would take at their station. */
function commandFor(state: LeanState, facilityId: string, event: LeanEvent): LeanWorkCommand | null {
  switch (event.type) {
    case 'SheetReleased':
      return { type: 'ReleaseSheet', facilityId, templateId: event.data.templateId };
    case 'BatchSent':
      return { type: 'SendBatch', facilityId, productIds: event.data.productIds };
    case 'BatchPickedUp':
      return { type: 'PickUpBatch', facilityId };
    case 'ToolChanged':
      return { type: 'ChangeTool', facilityId, tool: event.data.tool };
    case 'OperationPerformed': {
      // A player paints the right target (the computer's slips are its own draws).
      const { productId, opIndex } = event.data;
      const product = state.products.find((p) => p.id === productId);
      const operation = product && templateOf(state, product.templateId)?.operations[opIndex];
      return operation ? { type: 'PerformOperation', facilityId, productId, target: operation.target } : null;
    }
    case 'SheetInspected':
      return { type: 'InspectSheet', facilityId, productId: event.data.productId };
    case 'DefectRemoved':
      return {
        type: 'RemoveDefect',
        facilityId,
        productId: event.data.productId,
        opIndex: event.data.opIndex,
      };
    case 'ProductDelivered':
      return { type: 'DeliverProduct', facilityId, productId: event.data.productId };
    default:
      return null;
  }
}

interface Player {
  gameId: string;
  facilityId: string;
  api: ReturnType<typeof countingClient>['api'];
  leaving: boolean;
  /** The reaction drawn for the station's next action (kept while the state changes around it). */
  reaction: { actions: number; ms: number } | null;
}

const messageIdOf = (error: unknown) => (error as { data?: { messageId?: string } }).data?.messageId ?? null;

/** A player at their station until the round ends or they leave it. */
async function play(player: Player, factory: Factory) {
  for (;;) {
    const { state } = factory;
    if (factory.ended || state.endAt !== null || player.leaving) return;
    const station = state.facilities.find((f) => f.id === player.facilityId);
    if (!station || station.user === null || state.startAt === null) {
      await factory.changed(1000);
      continue;
    }
    const next = nextFacilityAction(state, station);
    const command = next && commandFor(state, station.id, next.event);
    if (!next || !command) {
      await factory.changed(1000);
      continue;
    }
    if (player.reaction?.actions !== station.actions)
      player.reaction = { actions: station.actions, ms: Math.random() * REACT_MS };
    // A changeover starts at once (the tool is ready a changeover later); other work is clicked
    // when done, and painting waits for the tool.
    const doneAt =
      command.type === 'ChangeTool'
        ? next.start
        : command.type === 'PerformOperation'
          ? Math.max(next.at, station.toolReadyAt)
          : next.at;
    const clickAt = doneAt + player.reaction.ms;
    const version = factory.version;
    // The state may change before the click (work arriving, the round's end): think again then.
    if (
      clickAt > Date.now() &&
      (await Promise.race([sleepUntil(clickAt).then(() => false), factory.changed(clickAt - Date.now())]))
    )
      continue;
    if (factory.version !== version || player.leaving || factory.ended) continue;
    const sent = performance.now();
    try {
      const { version: after } = await within(
        player.api.leangame.work.mutate({ gameId: player.gameId, command, commandId: randomUUID() }),
        ACTION_TIMEOUT_MS,
        'action',
      );
      measures.answered.push(performance.now() - sent);
      measures.actions++;
      // The next action is thought on the state with this one in it.
      for (let i = 0; i < 100 && factory.version < after; i++) await factory.changed(100);
    } catch (error) {
      const messageId = messageIdOf(error);
      if (messageId) {
        measures.refused.set(messageId, (measures.refused.get(messageId) ?? 0) + 1);
        await factory.changed(500);
      } else {
        measures.errors++;
        console.error(
          `action ${command.type} at ${player.facilityId} of ${player.gameId}:`,
          (error as Error).message,
        );
        await sleep(1000);
      }
    }
  }
}

/** The session: one lean round of the workshop for every team, published; its follow-up followed. */
async function leanSession(instructor: Awaited<ReturnType<typeof signUpInstructor>>) {
  const { api } = instructor;
  const { sessionId } = await api.session.create.mutate({
    name: 'Lean load class',
    setup: sessionSetupSchema.parse({
      name: 'Lean load class',
      teamCount: TEAMS,
      rounds: [
        { id: 'lean', name: 'Lean', gameType: 'leangame', config: { scenario: SCENARIO, minutes: MINUTES } },
      ],
    }),
    commandId: randomUUID(),
  });
  await api.session.publish.mutate({ sessionId, commandId: randomUUID() });
  let held: SessionView | null = null;
  let seq = 0;
  const rows: { onRows?: (rows: FollowUpRow[], at: number) => void } = {};
  const teams = await new Promise<string[]>((resolve, reject) => {
    api.session.watch.subscribe(
      { sessionId },
      {
        onData: (update: LiveView<SessionView>) => {
          const at = Date.now();
          const next = nextHeldView(held && { seq, view: held }, update);
          if (next === null) {
            measures.errors++;
            return reject(new Error(`a follow-up update that does not follow ${seq}`));
          }
          ({ seq, view: held } = next);
          rows.onRows?.(held.followUp ?? [], at);
          if (held.teams.length === TEAMS)
            resolve([...held.teams].sort((a, b) => a.teamNumber - b.teamNumber).map((t) => t.gameId));
        },
        onError: reject,
      },
    );
  });
  return { sessionId, gameIds: teams, rows };
}

async function main() {
  const database = await postgresDatabase();
  if (!database) throw new Error('the lean load run needs PostgreSQL (DATABASE_URL, or a local server)');
  const { url, child } = await startServerProcess(
    { DATABASE_URL: database.url },
    { players: PLAYERS, games: TEAMS },
  );
  const clients: Array<{ close(): void }> = [];
  let reader: Reader | null = null;
  let line = '';
  const loadAtStart = loadavg()[0]!;
  try {
    console.log(
      `${PLAYERS} players in ${TEAMS} factories of ${STATIONS.length} stations (${SCENARIO}), a ${MINUTES}-minute round, ${LEAVERS} players leaving their station a quarter into it; load average ${loadavg()[0]!.toFixed(1)}`,
    );
    const instructor = await signUpInstructor(url, `lean-load-${randomUUID()}@example.org`);
    clients.push(instructor);
    const session = await leanSession(instructor);
    reader = new Reader(database.url, session.gameIds);
    await reader.start();
    const { factories } = reader;
    session.rows.onRows = (rows, at) => {
      for (const row of rows) {
        if (row.gameType !== 'leangame') continue;
        const factory = reader!.factory(row.gameId);
        const count = shownCount(row);
        const last = factory.followUp.at(-1);
        if (!last || count > last[0]) factory.followUp.push([count, at]);
      }
    };

    // Players in team order, station by station, so that free stations (fewer players than
    // stations) and leavers fall on every kind of station.
    let started = performance.now();
    const seats = Array.from({ length: PLAYERS }, (_, i) => {
      const team = i % TEAMS;
      const facilityId = STATIONS[(Math.floor(i / TEAMS) + team) % STATIONS.length]!;
      return { team, facilityId, gameId: session.gameIds[team]! };
    });
    const players: Player[] = [];
    const views: Array<{ view: LeanGameView | null; error: unknown }> = [];
    await inBatches(seats, 25, async ({ team, facilityId, gameId }) => {
      const signedIn = await signInAnonymous(url, `${facilityId} ${team + 1}`);
      signedIn.close(); // one WebSocket per player: the counting client's
      const client = countingClient(url, signedIn.cookie);
      clients.push(client);
      await client.api.session.join.mutate({
        sessionId: session.sessionId,
        teamNumber: team + 1,
        facilityId,
        commandId: randomUUID(),
      });
      views.push(followGame<LeanGameView>(client.api, gameId).state);
      players.push({ gameId, facilityId, api: client.api, leaving: false, reaction: null });
    });
    for (let wait = 0; wait < 600 && views.some((v) => v.view === null); wait++) await sleep(50);
    await reader.read();
    const taken = [...factories.values()].reduce(
      (sum, f) => sum + f.state.facilities.filter((s) => s.user !== null).length,
      0,
    );
    console.log(
      `sign-in, join and first view: ${(performance.now() - started).toFixed(0)} ms for ${players.length} players; ${taken} stations taken, ${views.filter((v) => v.view === null).length} views missing`,
    );

    const cpuBefore = cpuNow(child);
    const delay = loopDelay();
    started = performance.now();
    await instructor.api.session.startRound.mutate({ sessionId: session.sessionId, commandId: randomUUID() });
    const playing = players.map((player) => play(player, reader!.factory(player.gameId)));
    // A quarter into the round, one player a factory leaves: the computer takes the station over.
    const leavers = Array.from({ length: LEAVERS }, (_, team) =>
      players.find(
        (p) => p.gameId === session.gameIds[team] && p.facilityId === STATIONS[team % STATIONS.length],
      ),
    ).filter((p) => p !== undefined);
    const leaving = (async () => {
      await sleep((MINUTES * 60_000) / 4);
      await Promise.all(
        leavers.map(async (player) => {
          player.leaving = true;
          try {
            await within(
              player.api.leangame.leave.mutate({
                gameId: player.gameId,
                facilityId: player.facilityId,
                commandId: randomUUID(),
              }),
              ACTION_TIMEOUT_MS,
              'leave',
            );
          } catch (error) {
            measures.errors++;
            console.error(`leave of ${player.facilityId} in ${player.gameId}:`, (error as Error).message);
          }
        }),
      );
      console.log(
        `${leavers.length} players left their station at ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
    })();
    // Every round ends by its timer; 60 s past its length at most.
    const endBy = Date.now() + MINUTES * 60_000 + 60_000;
    while (Date.now() < endBy && [...factories.values()].some((f) => !f.ended)) await sleep(1000);
    for (const factory of factories.values()) factory.wake();
    await Promise.all([...playing, leaving]);
    // A moment for the follow-up to show the last events.
    await sleep(3000);
    const loop = delay.stop();
    const cpuAfter = cpuNow(child);
    const notEnded = [...factories.values()].filter((f) => !f.ended).length;
    measures.errors += notEnded;

    // The follow-up's lag: each release and delivery, to the first row whose count shows it.
    const lag: number[] = [];
    const lagAfterSeen: number[] = [];
    let neverShown = 0;
    for (const factory of factories.values())
      for (const event of factory.shownBy) {
        const shown = factory.followUp.find(([count]) => count >= event.shows);
        if (!shown) neverShown++;
        else {
          lag.push(shown[1] - event.recordedAt);
          lagAfterSeen.push(shown[1] - event.seenAt);
        }
      }
    measures.errors += neverShown;
    const computerStations = [...factories.values()].reduce(
      (sum, f) => sum + (f.state.computer?.facilityIds.length ?? 0),
      0,
    );
    const seconds = (performance.now() - started) / 1000;
    const used = (part: keyof typeof cpuAfter) => (cpuAfter[part] - cpuBefore[part]).toFixed(1);
    console.log(
      `\nround played: ${seconds.toFixed(1)} s; ${notEnded} of ${TEAMS} rounds did not end by their timer`,
    );
    console.log(
      `CPU over the round: server ${used('server')} s, PostgreSQL ${used('database')} s, load generator ${used('load')} s; load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
    console.log(
      `load generator's event-loop delay: p50 ${loop.p50.toFixed(0)} ms, p99 ${loop.p99.toFixed(0)} ms, max ${loop.max.toFixed(0)} ms`,
    );
    console.log(`load generator's timers, fired late by: ${summary(timerLateness)}`);
    console.log(
      `players' actions answered (${measures.actions}, after COMMIT): ${summary(measures.answered)}`,
    );
    const refusedTotal = [...measures.refused.values()].reduce((a, b) => a + b, 0);
    console.log(
      `players' actions refused: ${refusedTotal}${refusedTotal ? ` (${[...measures.refused].map(([id, n]) => `${id} ${n}`).join(', ')})` : ''}`,
    );
    console.log(`computer stations at the end: ${computerStations}`);
    console.log(
      `computer action late, from due to seen committed by another process: ${summary(measures.lateness)}`,
    );
    console.log(
      `computer action late, from due to its transaction's start: ${summary(measures.latenessToRecorded)}`,
    );
    console.log(
      `computer action late (seen committed), the first after a player's event in its factory: ${summary(measures.latenessAfterPlayer)}; the others: ${summary(measures.latenessAfterComputer)}`,
    );
    console.log(`follow-up behind a release or delivery, from its transaction's start: ${summary(lag)}`);
    console.log(
      `follow-up behind a release or delivery, from another process seeing it: ${summary(lagAfterSeen)}`,
    );
    console.log(`releases and deliveries the follow-up never showed: ${neverShown}`);
    console.log(`errors: ${measures.errors}`);
    const refused = percentile(timerLateness, 99) > TIMER_TOLERANCE_MS;
    if (refused) {
      console.log(
        `\nrun refused: this process's timers fired more than ${TIMER_TOLERANCE_MS} ms late (p99 ${percentile(timerLateness, 99).toFixed(0)} ms): the load generator could not keep up, its latencies are not the server's alone`,
      );
      process.exitCode = 1;
    }
    line = `lean: players=${players.length} teams=${TEAMS} minutes=${MINUTES} computer_stations=${computerStations} actions=${measures.actions} refused_actions=${refusedTotal} errors=${measures.errors}${refused ? ' refused=1' : ''} followup_lag_p99_ms=${percentile(lag, 99).toFixed(0)} computer_lateness_p99_ms=${percentile(measures.lateness, 99).toFixed(0)} computer_actions=${measures.lateness.length} load_average=${loadAtStart.toFixed(1)}-${loadavg()[0]!.toFixed(1)}`;
  } finally {
    await reader?.stop();
    for (const client of clients) client.close();
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    await database.drop();
  }
  console.log(`\n${line}`);
}

await main();
