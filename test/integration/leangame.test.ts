/**
 * The lean game served (issue 13): created from a built-in factory, stations joined, the
 * improvements panel locked to its opener, the round started with the computer playing the free
 * stations live through the scheduler, a station handed to the computer mid-round, the end, the
 * debrief and another round; a round ends by itself at its length; and what the computer recorded
 * live is exactly what the engine's simulation of the same game gives.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src-server/main';
import { gameStreamId, gameTypes } from '../../src-server/streams';
import type { GameView } from '../../src-server/trpc/routers/game';
import type { RecordedEvent } from '../../src-shared/eventsourcing';
import {
  getLeanScenario,
  type LeanCommand,
  type LeanEvent,
  type LeanGameView,
  MINUTE_MS,
  simulateLeanSetup,
} from '../../src-shared/leangame';
import { freshDatabase, type TestDatabase } from '../support/database';
import {
  type ApiUser,
  rawRequest,
  signInAnonymous,
  signUpInstructor,
  startTestServer,
  waitForView,
} from '../support/server';

let database: TestDatabase;
let server: RunningServer;
let teacher: ApiUser;
let ann: ApiUser;
let ben: ApiUser;

beforeAll(async () => {
  database = await freshDatabase();
  server = await startTestServer({ databaseUrl: database.url });
  teacher = await signUpInstructor(server.url, 'lean-teacher@example.org');
  ann = await signInAnonymous(server.url, 'Ann');
  ben = await signInAnonymous(server.url, 'Ben');
}, 60_000);

afterAll(async () => {
  for (const user of [teacher, ann, ben]) user?.close();
  await server?.close();
  await database?.drop();
});

const command = () => ({ commandId: randomUUID() });
const run = promisify(execFile);

/** The stream's events once `until` holds of them (polled every 100 ms). */
async function eventsWhen(gameId: string, until: (events: RecordedEvent[]) => boolean, timeoutMs = 20_000) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const events = await server.services.store.readStream(gameStreamId(gameId));
    if (until(events)) return events;
    if (Date.now() > end) throw new Error(`timed out: ${events.map((e) => e.type).join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const byComputer = (events: RecordedEvent[], type: string, facilityId: string) =>
  events.some(
    (e) =>
      e.type === type &&
      e.metadata.actorRole === 'system' &&
      (e.data as { facilityId?: string }).facilityId === facilityId,
  );

/** The first view `user` gets of the game that satisfies `until`. */
const leanView = (user: ApiUser, gameId: string, until: (view: LeanGameView) => boolean = () => true) =>
  waitForView<GameView>(
    (handlers) => user.api.game.watch.subscribe({ gameId }, handlers),
    (view) => view.gameType === 'leangame' && until(view),
  ).then((tracked) => tracked.data as LeanGameView);

describe('a lean workshop played through the API', () => {
  let gameId: string;

  it('is created from the built-in workshop and its stations joined, each once', async () => {
    ({ gameId } = await teacher.api.leangame.create.mutate({
      name: 'Workshop A',
      template: 'workshop4-choose',
    }));
    await ann.api.leangame.join.mutate({ gameId, facilityId: 'warehouse', ...command() });
    await expect(
      ben.api.leangame.join.mutate({ gameId, facilityId: 'warehouse', ...command() }),
    ).rejects.toMatchObject({ data: { messageId: 'leangame.errFacilityTaken' } });
    await ben.api.leangame.join.mutate({ gameId, facilityId: 'paint2', ...command() });
    const view = await leanView(ann, gameId);
    expect(view.me).toBe('warehouse');
    // Names come from the players' user records, not from the events.
    expect(view.facilities.find((f) => f.id === 'paint2')).toMatchObject({
      playerName: 'Ben',
      computer: false,
    });
    const created = (await server.services.store.readStream(gameStreamId(gameId))).find(
      (e) => e.type === 'PlayerJoined',
    );
    expect(created?.data).toMatchObject({ playerName: null });
    // A beer game's procedures do not know a lean game.
    await expect(teacher.api.beergame.endGame.mutate({ gameId, ...command() })).rejects.toMatchObject({
      data: { messageId: 'dashboard.messGameUnknown' },
    });
  });

  it('locks the improvements panel to its opener, and shows the choice to everyone', async () => {
    await ann.api.leangame.openPanel.mutate({ gameId, ...command() });
    await expect(ben.api.leangame.openPanel.mutate({ gameId, ...command() })).rejects.toMatchObject({
      data: { messageId: 'leangame.errPanelLocked' },
    });
    // Ben reads who holds it by name and station, and no one's user id (issue 29, item 1).
    const held = await leanView(ben, gameId, (v) => v.improvementsPanelHolder !== null);
    const annStation = held.facilities.find((f) => f.playerName === 'Ann')!;
    expect(held.improvementsPanelHolder).toEqual({ facilityId: annStation.id, instructor: false, me: false });
    const text = JSON.stringify(held);
    for (const someone of [ann, teacher, ben]) expect(text).not.toContain(someone.userId);
    await expect(
      ben.api.leangame.panel.mutate({
        gameId,
        command: { type: 'EnableImprovement', improvement: 'smed' },
        ...command(),
      }),
    ).rejects.toMatchObject({ data: { messageId: 'leangame.errPanelLocked' } });
    // One-piece flow, and the stations side by side (no travel between them).
    for (const improvement of ['batch', 'movestations'] as const)
      await ann.api.leangame.panel.mutate({
        gameId,
        command: { type: 'EnableImprovement', improvement },
        ...command(),
      });
    // A typed batch size out of range is refused before the engine, with its message.
    await expect(
      ann.api.leangame.panel.mutate({
        gameId,
        command: { type: 'SetBatchSize', batchSize: 2.5 },
        ...command(),
      }),
    ).rejects.toMatchObject({ data: { messageId: 'leangame.errNumberOutOfRange' } });
    await ann.api.leangame.closePanel.mutate({ gameId, ...command() });
    const seen = await leanView(ben, gameId, (v) => v.improvementsPanelHolder === null);
    expect(seen.improvements.enabled).toEqual(['batch', 'movestations']);
    expect(seen.batchSize).toBe(1);
  });

  it('starts: the computer plays the free stations live, and takes over a station freed mid-round', async () => {
    await expect(ann.api.leangame.start.mutate({ gameId, ...command() })).rejects.toMatchObject({
      data: { messageId: 'errors.creatorOnly' },
    });
    await teacher.api.leangame.start.mutate({ gameId, ...command() });
    await ann.api.leangame.work.mutate({
      gameId,
      command: { type: 'ReleaseSheet', facilityId: 'warehouse' },
      ...command(),
    });
    await ann.api.leangame.work.mutate({
      gameId,
      command: { type: 'SendBatch', facilityId: 'warehouse' },
      ...command(),
    });
    // paint1 is the computer's: it picks the sheet up once it arrives (the scheduler's timer).
    await eventsWhen(gameId, (events) => byComputer(events, 'BatchPickedUp', 'paint1'));
    // Another player's station is not yours.
    await expect(
      ben.api.leangame.work.mutate({
        gameId,
        command: { type: 'ReleaseSheet', facilityId: 'warehouse' },
        ...command(),
      }),
    ).rejects.toMatchObject({ data: { messageId: 'leangame.errNotYourFacility' } });
    // The creator hands the warehouse to the computer: it releases work by itself from then on.
    await teacher.api.leangame.leave.mutate({ gameId, facilityId: 'warehouse', ...command() });
    await eventsWhen(gameId, (events) => byComputer(events, 'SheetReleased', 'warehouse'));
    const deadlines = await server.services.database.db
      .selectFrom('deadlines')
      .select(['kind', 'game_type'])
      .where('stream_id', '=', gameStreamId(gameId))
      .execute();
    expect(deadlines.map((d) => d.kind).sort()).toEqual(['computer', 'round-end']);
  });

  it('ends with a debrief; the players read the history then; another round keeps seats and improvements', async () => {
    await expect(ben.api.leangame.history.query({ gameId })).rejects.toMatchObject({
      data: { messageId: 'beergame.errHistoryAfterEnd' },
    });
    await teacher.api.leangame.end.mutate({ gameId, ...command() });
    const ended = await leanView(ben, gameId, (v) => v.finished);
    expect(ended.debrief?.sections).toHaveLength(10);
    // Units delivered: one `ProductDelivered` each, recorded before the round ended.
    const recorded = await server.services.store.readStream(gameStreamId(gameId));
    const end = recorded.findIndex((e) => e.type === 'LeanGameEnded');
    expect(ended.debrief?.teamPerformance.deliveries).toBe(
      recorded.slice(0, end).filter((e) => e.type === 'ProductDelivered').length,
    );
    const { events } = await ben.api.leangame.history.query({ gameId });
    expect(events.at(-1)).toMatchObject({ type: 'LeanGameEnded' });
    // Seats instead of user ids: a player reads no one's user id, the creator's included.
    for (const user of [teacher, ann, ben]) expect(JSON.stringify(events)).not.toContain(user.userId);
    expect(JSON.stringify((await teacher.api.leangame.history.query({ gameId })).events)).toContain(
      ben.userId,
    );
    // Ann's warehouse went to the computer during the round: she still reads her round's history.
    expect((await ann.api.leangame.history.query({ gameId })).events).toHaveLength(events.length);
    // The exported log, folded by `npm run simulate -- --game lean --from-log`, gives the debrief's figures.
    const log = await rawRequest(server.url, `/api/games/${gameId}/export?format=jsonl`, {
      method: 'GET',
      headers: { cookie: teacher.cookie },
    });
    const file = join(mkdtempSync(join(tmpdir(), 'lean-log-')), 'game.jsonl');
    writeFileSync(file, String(log.body));
    const { stdout } = await run('npx', [
      'tsx',
      'src-server/cli/simulate.ts',
      '--game',
      'lean',
      '--from-log',
      file,
    ]);
    const figures = JSON.parse(stdout) as { deliveries: number; otif: number; defects: number };
    const team = ended.debrief!.teamPerformance;
    expect(figures).toMatchObject({ deliveries: team.deliveries, otif: team.otif });
    // No timer is left once the round is over.
    const left = await server.services.database.db
      .selectFrom('deadlines')
      .select('kind')
      .where('stream_id', '=', gameStreamId(gameId))
      .execute();
    expect(left).toEqual([]);

    await teacher.api.leangame.reset.mutate({ gameId, ...command() });
    const again = await leanView(ben, gameId, (v) => !v.finished);
    expect(again).toMatchObject({ started: false, batchSize: 1, me: 'paint2' });
    expect(again.improvements.enabled).toEqual(['batch', 'movestations']);
    expect(again.previousRounds).toHaveLength(1);
    expect(again.previousRounds[0]).toMatchObject({ improvements: ['batch', 'movestations'], batchSize: 1 });
  });

  it('is in the research export, and copied, archived and deleted from the dashboard', async () => {
    const answer = await rawRequest(server.url, `/api/games/${gameId}/export?format=jsonl`, {
      method: 'GET',
      headers: { cookie: teacher.cookie },
    });
    expect(answer.status).toBe(200);
    const lines = String(answer.body)
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { type: string });
    expect(lines[0]).toMatchObject({ type: 'LeanGameCreated' });
    expect(lines.map((l) => l.type)).toContain('LeanGameReset');

    const { gameIds } = await teacher.api.game.copy.mutate({ gameId, count: 1, ...command() });
    const copy = await leanView(teacher, gameIds[0]!);
    expect(copy).toMatchObject({ started: false, batchSize: 1, previousRounds: [] });
    expect(copy.facilities.every((f) => !f.taken)).toBe(true);
    await teacher.api.game.archive.mutate({ gameIds: [gameIds[0]!], ...command() });
    const archived = await teacher.api.dashboard.games.query({ archived: true });
    expect(archived.games.map((g) => g.id)).toContain(gameIds[0]);
    await teacher.api.game.delete.mutate({ gameIds: [gameIds[0]!], confirmCount: 1, ...command() });
    await expect(
      ann.api.leangame.join.mutate({ gameId: gameIds[0]!, facilityId: 'qc', ...command() }),
    ).rejects.toMatchObject({ data: { messageId: 'dashboard.messGameUnknown' } });
  });
});

describe('a round played by the computer alone', () => {
  it('ends by itself at its length, with what the engine simulates for the same game, action for action', async () => {
    const { commands } = server.services;
    const gameId = `lean-${randomUUID().slice(0, 8)}`;
    const setup = getLeanScenario('workshop4-choose')!.setupFor(1);
    const run = (leanCommand: LeanCommand, now: number) =>
      commands.execute(gameTypes.leangame.stream, gameStreamId(gameId), leanCommand, {
        now,
        actor: { userId: 'teacher-x', role: 'instructor' },
        commandId: randomUUID(),
      });
    // A one-minute round started 55 s ago: the scheduler catches up, then ends it on time.
    const startAt = Date.now() - 55_000;
    await run({ type: 'CreateLeanGame', gameId, name: 'Alone', seed: 11, setup }, startAt - 1_000);
    await run({ type: 'StartGame' }, startAt);
    const events = await eventsWhen(gameId, (e) => e.some((x) => x.type === 'LeanGameEnded'), 30_000);
    const ended = events.find((e) => e.type === 'LeanGameEnded')!;
    const endAt = startAt + MINUTE_MS;
    expect(ended.metadata.actorRole).toBe('system');
    expect((ended.data as { at: number }).at).toBeGreaterThanOrEqual(endAt);
    expect((ended.data as { at: number }).at - endAt).toBeLessThan(2_000);

    const simulated = simulateLeanSetup(setup, { name: 'Alone', seed: 11, startAt }).events;
    const work = (list: LeanEvent[]) =>
      list.filter((e) => !['LeanGameCreated', 'LeanGameEnded'].includes(e.type)).map((e) => [e.type, e.data]);
    const recorded = events.map((e) => ({ type: e.type, data: e.data }) as LeanEvent);
    expect(work(recorded).length).toBeGreaterThan(10);
    expect(work(recorded)).toEqual(work(simulated));
    const { state } = await commands.load(gameTypes.leangame.stream, gameStreamId(gameId));
    expect(state.endAt).not.toBeNull();
  });
});
