/**
 * Issue 23, item 8, through a real server: the creator sets a lean round's length before its start
 * (refused to others and out of bounds), the round is played (a player, then the computer) and ended early, and
 * its creator downloads the same exports as a beer game's: the workbook (read back with exceljs, in
 * English and in French), the research export in every format, and the codebook of the lean events.
 */
import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foldRecorded } from '../../src-server/eventstore/command-handler';
import { LEAN_WIDE_COLUMNS } from '../../src-server/exports/codebook';
import type { RunningServer } from '../../src-server/main';
import { gameStreamId, gameTypes } from '../../src-server/streams';
import type { LeanCommand, LeanState } from '../../src-shared/leangame';
import { leanDebrief, leanMetrics, MINUTE_MS } from '../../src-shared/leangame';
import { freshDatabase } from '../support/database';
import { type ApiUser, signInAnonymous, signUpInstructor, startTestServer } from '../support/server';

let database: Awaited<ReturnType<typeof freshDatabase>>;
let server: RunningServer;
let teacher: ApiUser;
let ann: ApiUser;
let gameId: string;
/** The round, as the server holds it once played. */
let played: LeanState;

const command = () => ({ commandId: randomUUID() });

beforeAll(async () => {
  database = await freshDatabase();
  server = await startTestServer({ databaseUrl: database.url });
  teacher = await signUpInstructor(server.url, 'lean-exports@example.org');
  ann = await signInAnonymous(server.url, 'Ann');
  ({ gameId } = await teacher.api.leangame.create.mutate({
    name: 'Lean exports',
    template: 'workshop4-choose',
  }));
}, 60_000);

afterAll(async () => {
  for (const user of [teacher, ann]) user?.close();
  await server?.close();
  await database?.drop();
});

async function stored(id: string): Promise<LeanState> {
  const events = await server.services.store.readStream(gameStreamId(id));
  return foldRecorded(gameTypes.leangame.stream, events);
}

/** A GET on the server, signed in as `user` (anonymous without). */
function download(path: string, user?: ApiUser) {
  return fetch(`${new URL(server.url).origin}${path}`, { headers: user ? { cookie: user.cookie } : {} });
}

/** The creator's command at a chosen server instant (the round is played on a clock of its own). */
const runAt = (leanCommand: LeanCommand, now: number) =>
  server.services.commands.execute(gameTypes.leangame.stream, gameStreamId(gameId), leanCommand, {
    now,
    actor: { userId: teacher.userId, role: 'instructor' },
    commandId: randomUUID(),
  });

describe("a lean round's length", () => {
  it('is set by its creator only, in whole minutes from 1 to 60, and the orders follow it', async () => {
    await expect(
      ann.api.leangame.setRoundLength.mutate({ gameId, minutes: 8, ...command() }),
    ).rejects.toMatchObject({ data: { messageId: 'errors.creatorOnly' } });
    for (const minutes of [0, 61, 7.5])
      await expect(
        teacher.api.leangame.setRoundLength.mutate({ gameId, minutes, ...command() }),
      ).rejects.toMatchObject({
        data: { messageId: 'leangame.errNumberOutOfRange', values: { min: 1, max: 60 } },
      });
    expect((await stored(gameId)).setup!.params.consumerDemandParams.totalDuration).toBe(15);

    await teacher.api.leangame.setRoundLength.mutate({ gameId, minutes: 8, ...command() });
    const state = await stored(gameId);
    expect(state.setup!.params.consumerDemandParams.totalDuration).toBe(8);
    expect(state.demand.map((d) => [d.id, d.created_min, d.due_min])).toEqual([
      ['o1', 0, 6],
      ['o2', 2.4, 8.4],
      ['o3', 4.8, 10.8],
      ['o4', 7.2, 13.2],
    ]);
  });

  it('is kept by a copy, whose length can be changed in turn', async () => {
    const { gameIds } = await teacher.api.game.copy.mutate({ gameId, count: 1, ...command() });
    const copy = gameIds[0]!;
    expect((await stored(copy)).setup!.params.consumerDemandParams.totalDuration).toBe(8);
    await teacher.api.leangame.setRoundLength.mutate({ gameId: copy, minutes: 12, ...command() });
    expect((await stored(copy)).demand.map((d) => d.created_min)).toEqual([0, 2.4, 4.8, 7.2, 9.6]);
  });

  it('is played: Ann releases a sheet, then the computer plays the round, ended early at minute 7.5', async () => {
    await ann.api.leangame.join.mutate({ gameId, facilityId: 'warehouse', ...command() });
    const start = Date.now();
    await runAt({ type: 'StartGame' }, start);
    await ann.api.leangame.work.mutate({
      gameId,
      command: { type: 'ReleaseSheet', facilityId: 'warehouse' },
      ...command(),
    });
    // A player's workbook waits for the round's end: it shows every station's figures.
    const early = await download(`/api/games/${gameId}/export.xlsx`, ann);
    expect(early.status).toBe(403);
    expect(await early.json()).toEqual({ messageId: 'export.excelAfterEnd', values: {} });
    await runAt({ type: 'LeaveFacility', facilityId: 'warehouse' }, start + 0.5 * MINUTE_MS);
    await expect(
      teacher.api.leangame.setRoundLength.mutate({ gameId, minutes: 9, ...command() }),
    ).rejects.toMatchObject({ data: { messageId: 'leangame.errAlreadyStarted' } });
    await runAt({ type: 'EndGame' }, start + 7.5 * MINUTE_MS);
    played = await stored(gameId);
    expect(played.endAt! - played.startAt!).toBe(7.5 * MINUTE_MS);
    expect(leanMetrics(played, played.endAt!).deliveries).toBeGreaterThan(0);
  });
});

/** A sheet's rows below its header, each as header label → cell value. */
function recordsOf(sheet: ExcelJS.Worksheet): Array<Record<string, unknown>> {
  const header = (sheet.getRow(1).values as unknown[]).slice(1) as string[];
  const records: Array<Record<string, unknown>> = [];
  sheet.eachRow((row, n) => {
    if (n === 1) return;
    const values = (row.values as unknown[]).slice(1);
    records.push(Object.fromEntries(header.map((label, c) => [label, values[c] ?? null])));
  });
  return records;
}

async function workbook(lang: string): Promise<ExcelJS.Workbook> {
  const answer = await download(`/api/games/${gameId}/export.xlsx?lang=${lang}`, teacher);
  expect(answer.status).toBe(200);
  expect(answer.headers.get('content-disposition')).toContain('Lean exports-round-1.xlsx');
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(await answer.arrayBuffer());
  return book;
}

describe('the exports of a lean game, for its creator', () => {
  it('include a workbook of the round: settings, orders, actions and the debrief’s figures', async () => {
    const book = await workbook('en');
    expect(book.worksheets.map((s) => s.name)).toEqual(['Parameters', 'Customer orders', 'Actions', 'KPIs']);
    const settings = Object.fromEntries(
      recordsOf(book.getWorksheet('Parameters')!).map((r) => [r.Parameter, r.Value]),
    );
    expect(settings).toMatchObject({
      Game: 'Lean exports',
      Template: 'Lean workshop (4 facilities)',
      'Length of the round (minutes)': 8,
      'Minutes played': 7.5,
      'Batch size': 4,
    });

    // The orders placed in the round, with what happened to each; the first alone fell due in it.
    const orders = recordsOf(book.getWorksheet('Customer orders')!);
    expect(
      orders.map((o) => [o.Order, o['Placed (minute)'], o['Due (minute)'], o['Due within the round']]),
    ).toEqual([
      ['o1', 0, 6, true],
      ['o2', 2.4, 8.4, false],
      ['o3', 4.8, 10.8, false],
      ['o4', 7.2, 13.2, false],
    ]);
    for (const order of orders) {
      const item = played.demand.find((d) => d.id === order.Order)!;
      expect([order.Ordered, order.Delivered, order.Late, order.Defective, order.OTIF]).toEqual([
        item.qty,
        item.fulfilled_qty,
        item.lateProducts,
        item.defectProducts,
        item.otifProducts,
      ]);
    }

    // Every action on the floor, each facility's, by the computer.
    const actions = recordsOf(book.getWorksheet('Actions')!);
    const debrief = leanDebrief(played, played.endAt!);
    for (const f of debrief.individualPerformance)
      expect(actions.filter((a) => a.Facility === f.name).length, f.id).toBe(f.actions);
    // Ann's release first, then the computer's work (it played the warehouse once she left).
    expect(actions[0]).toMatchObject({ Facility: 'Warehouse', Action: 'Sheet released', 'Played by': 'Ann' });
    expect(new Set(actions.slice(1).map((a) => a['Played by']))).toEqual(new Set(['Computer']));
    expect(actions.find((a) => a.Action === 'Unit delivered')).toMatchObject({ Facility: 'Warehouse' });

    // The debrief's figures.
    const metrics = leanMetrics(played, played.endAt!);
    const figures = Object.fromEntries(
      recordsOf(book.getWorksheet('KPIs')!).map((r) => [r.Indicator, r['Round 1']]),
    );
    expect(figures).toMatchObject({
      'Units delivered': metrics.deliveries,
      OTIF: metrics.otif,
      'Order lead time': metrics.leadTime.mean,
      'Mean WIP': metrics.wip.mean,
      Profit: metrics.pnl,
    });
  });

  it('write the workbook in the language asked for', async () => {
    const book = await workbook('fr');
    expect(book.worksheets.map((s) => s.name)).toEqual([
      'Paramètres',
      'Commandes des clients',
      'Actions',
      'Indicateurs',
    ]);
  });

  it('include the event log as JSONL and as a long CSV', async () => {
    const events = await server.services.store.readStream(gameStreamId(gameId));
    const jsonl = await download(`/api/games/${gameId}/export?format=jsonl`, teacher);
    expect(jsonl.status).toBe(200);
    const lines = (await jsonl.text())
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as { type: string });
    expect(lines.map((l) => l.type)).toEqual(events.map((e) => e.type));
    expect(lines.map((l) => l.type)).toContain('RoundLengthSet');
    const long = await download(`/api/games/${gameId}/export?format=csv-long`, teacher);
    expect(long.status).toBe(200);
    expect((await long.text()).trimEnd().split('\r\n')).toHaveLength(events.length + 1);
  });

  it('include the wide CSV: one row per facility and minute of the round', async () => {
    const answer = await download(`/api/games/${gameId}/export?format=csv-wide`, teacher);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-disposition')).toContain(`game-${gameId}-minutes.csv`);
    const [header, ...rows] = (await answer.text())
      .trimEnd()
      .split('\r\n')
      .map((line) => line.split(','));
    expect(header).toEqual([...LEAN_WIDE_COLUMNS]);
    // Minutes 1 to 8 (the last one half), four facilities each.
    expect(rows).toHaveLength(8 * 4);
    const column = (name: string) => header!.indexOf(name);
    expect(rows.map((r) => Number(r[column('minute')]))).toEqual(
      [1, 2, 3, 4, 5, 6, 7, 8].flatMap((m) => [m, m, m, m]),
    );
    const delivered = rows.reduce((sum, r) => sum + Number(r[column('delivered')]), 0);
    expect(delivered).toBe(leanMetrics(played, played.endAt!).deliveries);
    expect(rows.every((r) => r[column('computer')] === 'true' && r[column('participant')] === '')).toBe(true);
  });

  it('include the codebook, which covers the lean events and the lean wide layout', async () => {
    const answer = await download(`/api/games/${gameId}/export?format=codebook`, teacher);
    const book = (await answer.json()) as {
      gameTypes: Array<{ gameType: string; events: Array<{ type: string }> }>;
      leanWide: Array<{ name: string; meaning: string }>;
    };
    const lean = book.gameTypes.find((g) => g.gameType === 'leangame')!;
    expect(lean.events.map((e) => e.type)).toContain('RoundLengthSet');
    expect(book.leanWide.map((c) => c.name)).toEqual([...LEAN_WIDE_COLUMNS]);
    const markdown = await (
      await download(`/api/games/${gameId}/export?format=codebook&as=md`, teacher)
    ).text();
    expect(markdown).toContain('## Columns of the wide CSV (lean games)');
    expect(markdown).toContain('### `RoundLengthSet`');
  });

  it('are refused to others with the messages a beer game’s are', async () => {
    const anonymous = await download(`/api/games/${gameId}/export.xlsx`);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ messageId: 'export.excelLoginRequired', values: {} });
    const research = await download(`/api/games/${gameId}/export?format=csv-wide`, ann);
    expect(research.status).toBe(403);
    expect(await research.json()).toEqual({ messageId: 'errors.creatorOnly', values: {} });
  });
});
