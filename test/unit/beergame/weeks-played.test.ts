/**
 * The truth about weeks (issue 23): the replay shows week n as the workbook's row n numbers it,
 * and a game ended early counts the same weeks played in every figure, chart, sheet and export.
 */
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { foldHistory } from '../../../src-client/features/beergame/debrief/history';
import { codebook, codebookMarkdown } from '../../../src-server/exports/codebook';
import { Participants } from '../../../src-server/exports/participants';
import { eventText, writeResearchExport } from '../../../src-server/exports/research';
import { writeBeergameWorkbook } from '../../../src-server/exports/workbook';
import { messagesIn } from '../../../src-server/messages';
import {
  type BeerCommand,
  type BeerEvent,
  type BeerState,
  beerDebriefFigures,
  beergameKpis,
  trajectory,
  variance,
  viewGame,
} from '../../../src-shared/beergame';
import {
  nextWeekStep,
  previousWeekStep,
  replayFiguresStep,
  replayStepOfWeek,
  replayWeekOf,
  WEEKS_PLAYED_DEFINITION,
  weeksPlayed,
} from '../../../src-shared/beergame/weeks-played';
import type { CommandContext, RecordedEvent } from '../../../src-shared/eventsourcing';
import { sessionResults } from '../../../src-shared/session/results';
import { as, CLASSIC, CREATOR, created, Game, system } from './helpers';

/** A beer game played command by command, its events kept as the store records them. */
class RecordedGame {
  readonly game: Game;
  readonly recorded: RecordedEvent[] = [];

  constructor(overrides: Record<string, unknown>) {
    const first = created(overrides);
    this.game = new Game(first);
    this.record([first], as(CREATOR));
  }

  get state(): BeerState {
    return this.game.state;
  }

  run(command: BeerCommand, ctx: CommandContext = system): void {
    this.record(this.game.run(command, ctx), ctx);
  }

  order(facilityId: string, quantity: number): void {
    this.run({ type: 'PlaceOrder', facilityId, quantity }, as(`u-${facilityId}`));
  }

  /** The events as the history procedure gives them to the browser. */
  history() {
    return foldHistory(
      this.recorded.map((e) => ({
        ...({ type: e.type, data: e.data } as BeerEvent),
        version: e.streamVersion,
        recordedAt: e.recordedAt.getTime(),
      })),
    );
  }

  private record(events: BeerEvent[], ctx: CommandContext): void {
    for (const [index, event] of events.entries())
      this.recorded.push({
        globalPosition: this.recorded.length + 1,
        streamId: 'game-g1',
        streamVersion: this.recorded.length + 1,
        type: event.type,
        data: event.data,
        metadata: {
          actorId: ctx.actor.userId,
          actorRole: ctx.actor.role,
          commandId: `c${this.recorded.length}`,
          commandIndex: index,
          serverTime: ctx.now,
          rulesVersion: 1,
        },
        recordedAt: new Date(ctx.now),
      });
  }
}

/** Each sheet of the workbook, read back with exceljs: its rows below the header, label → value. */
async function workbookOf(game: RecordedGame): Promise<Map<string, Array<Record<string, unknown>>>> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const names = { [CREATOR]: 'Ada' };
  await writeBeergameWorkbook(
    out,
    { state: game.state, events: game.recorded, names },
    await messagesIn('en'),
  );
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
  const sheets = new Map<string, Array<Record<string, unknown>>>();
  for (const sheet of book.worksheets) {
    const header = (sheet.getRow(1).values as unknown[]).slice(1) as string[];
    const rows: Array<Record<string, unknown>> = [];
    sheet.eachRow((row, n) => {
      if (n === 1) return;
      const values = (row.values as unknown[]).slice(1);
      rows.push(Object.fromEntries(header.map((label, c) => [label, values[c] ?? null])));
    });
    sheets.set(sheet.name, rows);
  }
  return sheets;
}

const SHEETS = {
  retailer: 'Retailer',
  wholesaler: 'Wholesaler',
  distributor: 'Distributor',
  factory: 'Factory',
};

/**
 * Twelve weeks: the retailer, distributor and factory are people, the wholesaler the computer. The
 * retailer changes its mind in week 3; the distributor forgets to order every fourth week, when the
 * instructor closes the week and the computer orders for it.
 */
function playedGame(): RecordedGame {
  const game = new RecordedGame({ weeks: 12 });
  for (const id of ['retailer', 'distributor', 'factory'])
    game.run({ type: 'JoinRole', facilityId: id }, as(`u-${id}`));
  game.run({ type: 'HandToComputer', facilityId: 'wholesaler', policy: 'passthrough' }, as(CREATOR));
  for (let week = 1; week <= 12; week++) {
    if (week === 3) game.order('retailer', 20);
    game.order('retailer', week < 5 ? 4 : 8 + (week % 3) * 2);
    game.run({ type: 'SendMessage', to: 'all', text: `Week ${week}` }, as(CREATOR));
    game.order('factory', 6);
    if (week % 4 === 0) game.run({ type: 'CloseWeek', reason: 'instructor' }, as(CREATOR));
    else game.order('distributor', week + 2);
  }
  expect(game.state.finished).toBe(true);
  return game;
}

describe('the replay, week by week', () => {
  it('shows week n as the workbook’s row n: its numbers and the orders placed in it', async () => {
    const game = playedGame();
    const history = game.history();
    const sheets = await workbookOf(game);
    const last = history.steps.length - 1;
    expect(history.weekSteps).toHaveLength(12);
    for (let week = 1; week <= 12; week++) {
      const step = replayStepOfWeek(history.weekSteps, week, last);
      expect(replayWeekOf(history.weekSteps, step), `week ${week}`).toBe(week);
      // The map: the state at the step, drawn as a transparent game.
      const state = history.steps[step]!.state;
      expect(state.week).toBe(week);
      const map = viewGame({ ...state, transparent: true }, { userId: null });
      // The figures and charts: after the week's close.
      const figures = beerDebriefFigures(history.steps[replayFiguresStep(history.weekSteps, step)]!.state);
      expect(figures.weeks).toBe(week);
      for (const id of CLASSIC) {
        const row = sheets.get(SHEETS[id])![week - 1]!;
        expect(row.Week).toBe(week);
        const facility = map.facilities.find((f) => f.id === id)!;
        const where = `week ${week}, ${id}`;
        expect(
          {
            stock: facility.numbers!.stock,
            backlog: facility.numbers!.backlog,
            incoming: facility.numbers!.incomingOrder,
            cost: facility.numbers!.weekCost,
            cumulative: facility.numbers!.cumulativeCost,
          },
          where,
        ).toEqual({
          stock: row.Stock,
          backlog: row.Backlog,
          incoming: row['Incoming order'],
          cost: row.Cost,
          cumulative: row['Cumulative cost'],
        });
        // A person's order is placed at the week's step; the computer's is decided at its close.
        const ordered = facility.capabilities.filter((c) => c.validatedOrder);
        if (row['Ordered by'] === 'Player')
          expect(
            ordered.reduce((sum, c) => sum + c.validatedOrderQty!, 0),
            where,
          ).toBe(row['Order placed']);
        else expect(ordered, where).toEqual([]);
        const figured = figures.byFacility[id]!;
        expect(
          [figured.orders, figured.stock, figured.backlog, figured.incomingOrders, figured.weekCost].map(
            (series) => series[week - 1],
          ),
          where,
        ).toEqual([row['Order placed'], row.Stock, row.Backlog, row['Incoming order'], row.Cost]);
        expect(figured.cost, where).toBe(row['Cumulative cost']);
      }
    }
  });

  it('counts every order placed in week n under week n', () => {
    const game = playedGame();
    const history = game.history();
    const placed = game.recorded.flatMap((e, step) =>
      e.type === 'OrderPlaced' ? [{ step, week: (e.data as { week: number }).week }] : [],
    );
    expect(placed.length).toBeGreaterThan(30);
    for (const { step, week } of placed) expect(replayWeekOf(history.weekSteps, step)).toBe(week);
  });

  it('moves week by week, and names the steps after the last week', () => {
    const game = playedGame();
    const { weekSteps, steps } = game.history();
    const last = steps.length - 1;
    let step = 0;
    for (let week = 1; week <= 12; week++) {
      step = nextWeekStep(weekSteps, step, last);
      expect(step).toBe(replayStepOfWeek(weekSteps, week, last));
    }
    expect(nextWeekStep(weekSteps, step, last)).toBe(last);
    expect(replayWeekOf(weekSteps, last)).toBe(13);
    expect(previousWeekStep(weekSteps, last)).toBe(weekSteps[11]);
    expect(previousWeekStep(weekSteps, weekSteps[0]!)).toBe(0);
    // `?week=0` opens the start, a week beyond the game its last week.
    expect(replayStepOfWeek(weekSteps, 0, last)).toBe(0);
    expect(replayStepOfWeek(weekSteps, 40, last)).toBe(weekSteps[11]);
    // The start belongs to week 1, under way from the game's creation.
    expect(replayWeekOf(weekSteps, 0)).toBe(1);
  });

  it('forgets the weeks of a play the instructor reset', () => {
    const game = new RecordedGame({ weeks: 6 });
    for (const id of CLASSIC) game.run({ type: 'JoinRole', facilityId: id }, as(`u-${id}`));
    for (let week = 1; week <= 3; week++) game.run({ type: 'CloseWeek', reason: 'instructor' }, as(CREATOR));
    game.run({ type: 'ResetGame' }, as(CREATOR));
    game.run({ type: 'CloseWeek', reason: 'instructor' }, as(CREATOR));
    const { weekSteps, steps } = game.history();
    expect(weekSteps).toEqual([steps.length - 2]);
    expect(weeksPlayed(game.state)).toBe(1);
  });
});

describe('a game ended early (EndGame in week 15 of 35)', () => {
  // Fourteen weeks closed; in week 15 two people order, then the instructor ends the game.
  const game = new RecordedGame({ weeks: 35 });
  for (const id of CLASSIC) game.run({ type: 'JoinRole', facilityId: id }, as(`u-${id}`));
  for (let week = 1; week <= 15; week++)
    for (const [i, id] of CLASSIC.entries()) {
      if (week === 15 && i === 2) break;
      game.order(id, week < 5 ? 4 : 4 + ((week * (i + 1)) % 7));
    }
  game.run({ type: 'EndGame' }, as(CREATOR));
  const state = game.state;
  const PLAYED = 14;
  /** Each facility's cost when week 14 closed: the figures' team cost. */
  const costAfter14 = state.facilities.map((f) => f.history[PLAYED - 1]!.cumulativeCost);
  const teamCost = costAfter14.reduce((a, b) => a + b, 0);

  it('played the weeks that closed, not the one under way when it ended', () => {
    expect(state.finished).toBe(true);
    expect(state.week).toBe(15);
    expect(weeksPlayed(state)).toBe(PLAYED);
    // The week under way had begun: its costs are in the running total, not in a week played.
    expect(state.facilities.reduce((a, f) => a + f.cost, 0)).toBeGreaterThan(teamCost);
  });

  it('counts those weeks in the KPIs, the debrief’s figures and the benchmark', () => {
    const kpis = beergameKpis(state);
    expect(kpis.weeks).toBe(PLAYED);
    expect(kpis.teamCost).toBe(teamCost);
    expect(kpis.byFacility.map((f) => f.cost)).toEqual(costAfter14);
    expect(kpis.perWeek).toHaveLength(PLAYED);
    expect(kpis.consumerDemand).toHaveLength(PLAYED);
    expect(kpis.demandVariance).toBe(variance(state.demandLog.slice(0, PLAYED).map((d) => d.total)));
    const figures = beerDebriefFigures(state);
    expect(figures.weeks).toBe(PLAYED);
    expect(figures.teamCost).toBe(teamCost);
    expect(figures.cumulativeTeamCost).toHaveLength(PLAYED);
    for (const f of Object.values(figures.byFacility)) {
      expect(f.orders).toHaveLength(PLAYED);
      expect(f.stock).toHaveLength(PLAYED);
    }
    expect(figures.benchmark!.passthrough.cumulativeTeamCost).toHaveLength(PLAYED);
    expect(figures.benchmark!.basestock.cumulativeTeamCost).toHaveLength(PLAYED);
  });

  it('counts them in the results, a session’s cost per week and the simulation’s trajectory', () => {
    expect(viewGame(state, { userId: null }).results!.teamCost).toBe(teamCost);
    const [team] = sessionResults([{ roundNumber: 1, teamNumber: 1, state }]);
    expect(team).toMatchObject({ weeksPlayed: PLAYED, week: 15, teamCost, costPerWeek: teamCost / PLAYED });
    const run = trajectory(state);
    expect(run.weeks).toHaveLength(PLAYED);
    expect(run.totals.teamCost).toBe(teamCost);
  });

  it('says "14 weeks played" and draws its charts to week 14 (the replay’s weeks)', () => {
    const history = game.history();
    expect(history.weekSteps).toHaveLength(PLAYED);
    // After the last week played, the replay is past the weeks: the week under way was not played.
    expect(replayWeekOf(history.weekSteps, history.steps.length - 1)).toBe(PLAYED + 1);
  });

  it('has a workbook row for each week played, and KPIs over them', async () => {
    const sheets = await workbookOf(game);
    for (const [i, id] of CLASSIC.entries()) {
      const rows = sheets.get(SHEETS[id])!;
      expect(rows.map((r) => r.Week)).toEqual(Array.from({ length: PLAYED }, (_, k) => k + 1));
      expect(rows.every((r) => typeof r['Order placed'] === 'number')).toBe(true);
      expect(rows.at(-1)!['Cumulative cost']).toBe(costAfter14[i]);
    }
    const value = (sheet: string, label: string) =>
      sheets.get(sheet)!.find((row) => Object.values(row)[0] === label)?.Value;
    expect(value('KPIs', 'Team cost')).toBe(teamCost);
    expect(value('Parameters', 'Weeks closed')).toBe(PLAYED);
  });

  it('has a wide research row for each week played and facility, as its codebook says', async () => {
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (chunk: Buffer) => chunks.push(chunk));
    const written = await writeResearchExport({
      games: [{ id: 'g1', name: 'Class', type: 'beergame' }],
      format: 'csv-wide',
      pages: async function* () {
        yield game.recorded.map(eventText);
      },
      participants: new Participants(),
      out,
    });
    expect(written).toBe(PLAYED * CLASSIC.length);
    const lines = Buffer.concat(chunks).toString('utf8').trimEnd().split('\r\n');
    const weekColumn = lines[0]!.split(',').indexOf('week');
    expect(Math.max(...lines.slice(1).map((line) => Number(line.split(',')[weekColumn])))).toBe(PLAYED);
    expect(codebook().weeksPlayed).toBe(WEEKS_PLAYED_DEFINITION);
    expect(codebookMarkdown()).toContain(WEEKS_PLAYED_DEFINITION);
  });
});
