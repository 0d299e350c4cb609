/**
 * What a player may see of a blind beer game, and when (issue 23, items 9 and 10), through the real
 * server: the workbook only once the game is over, and then only what their view may show; the
 * history redacted like the view; answers final once the player has seen the results.
 */
import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src-server/main';
import { freshGameId } from '../../src-server/read-models/games';
import { gameTypes } from '../../src-server/streams';
import type { GameView } from '../../src-server/trpc/routers/game';
import type { BeerView } from '../../src-shared/beergame';
import { gameStreamId } from '../../src-shared/eventsourcing';
import { freshDatabase } from '../support/database';
import {
  type ApiUser,
  signInAnonymous,
  signUpInstructor,
  startTestServer,
  waitForView,
} from '../support/server';

let database: Awaited<ReturnType<typeof freshDatabase>>;
let server: RunningServer;
let creator: ApiUser;
let gameId: string;
const players: Record<string, ApiUser> = {};
const clients: ApiUser[] = [];
const ROLES = ['retailer', 'wholesaler', 'distributor', 'factory'] as const;
/** The consumer demand of all 10 weeks: the game ends in week 4, the rest never comes. */
const DEMAND = [4, 4, 4, 4, 11, 12, 13, 14, 15, 16];

const origin = () => server.url.replace('localhost', '127.0.0.1');
const download = (user: ApiUser) =>
  fetch(`${origin()}/api/games/${gameId}/export.xlsx?lang=en`, { headers: { cookie: user.cookie } });

async function workbookOf(response: Response): Promise<ExcelJS.Workbook> {
  expect(response.status).toBe(200);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(await response.arrayBuffer());
  return book;
}

/** Every cell of every sheet, as text. */
function cellsOf(book: ExcelJS.Workbook): string[] {
  const cells: string[] = [];
  for (const sheet of book.worksheets)
    sheet.eachRow((row) => {
      for (const value of (row.values as unknown[]).slice(1))
        if (value !== undefined) cells.push(String(value));
    });
  return cells;
}

/** The rows of a sheet as arrays of values. */
function rowsOf(book: ExcelJS.Workbook, name: string): unknown[][] {
  const rows: unknown[][] = [];
  book.getWorksheet(name)!.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1));
  });
  return rows;
}

const viewOf = (user: ApiUser, until: (view: BeerView) => boolean = () => true) =>
  waitForView<GameView>(
    (handlers) => user.api.game.watch.subscribe({ gameId }, handlers),
    (view) => until(view as BeerView),
  ).then((tracked) => tracked.data as BeerView);

const refusalOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'ok',
    (error: { data?: { messageId?: string } }) => error.data?.messageId ?? String(error),
  );

const answer = (role: string, questionId: string, text: string) =>
  players[role]!.api.beergame.answerQuestion.mutate({
    gameId,
    questionId,
    answer: text,
    commandId: randomUUID(),
  });

beforeAll(async () => {
  database = await freshDatabase();
  server = await startTestServer({ databaseUrl: database.url });
  creator = await signUpInstructor(server.url, 'blind@example.org');
  clients.push(creator);
  // Created through the command handler: a demand of its own and questions with expected answers.
  gameId = await freshGameId(server.services.database.db);
  await server.services.commands.execute(
    gameTypes.beergame.stream,
    gameStreamId(gameId),
    {
      type: 'CreateGame',
      gameId,
      name: 'Blind class',
      creatorId: creator.userId,
      seed: 5,
      template: 'classic',
      overrides: {
        weeks: 10,
        consumerDemand: DEMAND,
        configDebrief: {
          questionsSection: {
            show: true,
            questions: [
              { id: 'q1', text: 'Which role had the largest amplification?', answer: 'Factory' },
              { id: 'q2', text: 'What would you do differently?', answer: null },
            ],
          },
        },
      },
    },
    { now: Date.now(), actor: { userId: creator.userId, role: 'instructor' }, commandId: `create-${gameId}` },
  );
  for (const role of ROLES) {
    const player = await signInAnonymous(server.url, `Player ${role}`);
    clients.push(player);
    players[role] = player;
    await player.api.beergame.join.mutate({ gameId, facilityId: role, commandId: randomUUID() });
  }
  const command = { gameId, commandId: '' };
  const as = () => ({ ...command, commandId: randomUUID() });
  await creator.api.beergame.scheduleChange.mutate({
    ...as(),
    week: 8,
    facilityIds: ['retailer'],
    field: 'consumerDemand',
    value: 40,
  });
  await creator.api.beergame.sendMessage.mutate({ ...as(), to: 'all', text: 'Welcome, everyone' });
  await creator.api.beergame.sendMessage.mutate({
    ...as(),
    to: ['wholesaler'],
    text: 'Secret to the wholesaler',
  });
  await creator.api.beergame.sendMessage.mutate({ ...as(), to: ['retailer'], text: 'Note for the retailer' });
  await creator.api.beergame.proposeOrder.mutate({ ...as(), facilityId: 'wholesaler', quantity: 17 });
  for (let week = 1; week <= 3; week++)
    for (const role of ROLES) {
      // The wholesaler changes their mind every week: the first order never leaves.
      if (role === 'wholesaler')
        await players[role]!.api.beergame.placeOrder.mutate({ ...as(), facilityId: role, quantity: 33 });
      await players[role]!.api.beergame.placeOrder.mutate({ ...as(), facilityId: role, quantity: 4 + week });
    }
});
afterAll(async () => {
  for (const client of clients) client.close();
  await server.close();
  await database.drop();
});

describe('during the game', () => {
  it('refuses the workbook to a seated player, with a translated message (403)', async () => {
    const response = await download(players.retailer!);
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ messageId: 'export.excelAfterEnd', values: {} });
  });

  it('refuses the history to a player', async () => {
    expect(await refusalOf(players.retailer!.api.beergame.history.query({ gameId }))).toBe(
      'beergame.errHistoryAfterEnd',
    );
  });
});

describe('once the game is over', () => {
  beforeAll(async () => {
    await creator.api.beergame.endGame.mutate({ gameId, commandId: randomUUID() });
    await answer('retailer', 'q1', 'Factory');
    await answer('wholesaler', 'q1', 'The retailer');
    await answer('wholesaler', 'q2', 'Talk to the retailer');
  });

  it('tells a player whether an answer is right only once they have seen the results', async () => {
    const before = await viewOf(players.retailer!, (v) => v.answers.length === 1);
    expect(before.answers).toEqual([expect.objectContaining({ questionId: 'q1', correct: null })]);
    expect(before.answersFinal).toBe(false);
    // The creator sees every answer checked.
    const teacher = await viewOf(creator, (v) => v.answers.length === 3);
    expect(teacher.answers.find((a) => a.facilityId === 'retailer')?.correct).toBe(true);
  });

  it('gives a player the history redacted like the view, and makes their answers final', async () => {
    const { events } = await players.retailer!.api.beergame.history.query({ gameId });
    const text = JSON.stringify(events);
    // Seats instead of user ids, and no record of who sent which command.
    for (const user of [creator, ...Object.values(players)]) expect(text).not.toContain(user.userId);
    expect(events.every((e) => Object.keys(e).sort().join() === 'data,recordedAt,type,version')).toBe(true);
    // No expected answer, no other player's answer, no message to another role, no future demand.
    expect(text).not.toMatch(/The retailer|Talk to the retailer|Secret to the wholesaler/);
    expect(text).toContain('Note for the retailer');
    const created = events.find((e) => e.type === 'GameCreated')!.data as {
      creatorId: string;
      config: {
        demand: Array<{ demand: number[] }>;
        configDebrief: { questionsSection: { questions: Array<{ answer: string | null }> } };
      };
    };
    expect(created.creatorId).toBe('instructor');
    expect(created.config.configDebrief.questionsSection.questions.map((q) => q.answer)).toEqual([
      null,
      null,
    ]);
    expect(created.config.demand[0]!.demand).toEqual(DEMAND.slice(0, 4));
    expect(events.some((e) => e.type === 'ChangeScheduled' || e.type === 'OrderProposed')).toBe(false);
    const answers = events.filter((e) => e.type === 'DebriefQuestionAnswered');
    expect(answers.map((e) => e.data)).toEqual([
      expect.objectContaining({ userId: 'retailer', answer: 'Factory' }),
    ]);
    // The wholesaler's orders as sent: its replaced ones are not there.
    const wholesaler = events.flatMap((e) =>
      e.type === 'OrderPlaced' && e.data.facilityId === 'wholesaler' ? [e.data.quantity] : [],
    );
    expect(wholesaler).toEqual([5, 6, 7]);

    // Reading it was seeing the results: the answers are final, and checked.
    expect(await refusalOf(answer('retailer', 'q1', 'Retailer'))).toBe('beergame.errAnswersFinal');
    const after = await viewOf(players.retailer!, (v) => v.answersFinal);
    expect(after.answers).toEqual([expect.objectContaining({ questionId: 'q1', correct: true })]);
    // Another player who has not seen the results still answers.
    expect(await refusalOf(answer('wholesaler', 'q1', 'Factory'))).toBe('ok');
  });

  it('gives the creator the whole history, with the expected answers', async () => {
    const { events } = await creator.api.beergame.history.query({ gameId });
    const text = JSON.stringify(events);
    expect(text).toContain(players.wholesaler!.userId);
    expect(text).toContain('Secret to the wholesaler');
    expect(text).toContain('"answer":"Factory"');
  });

  it('gives a player the workbook of what they may see, and makes their answers final', async () => {
    const book = await workbookOf(await download(players.distributor!));
    const cells = cellsOf(book);
    // No other role's private message, no proposal to another role, no schedule of changes.
    expect(cells).not.toContain('Secret to the wholesaler');
    expect(cells).not.toContain('Note for the retailer');
    expect(
      rowsOf(book, 'Messages')
        .slice(1)
        .map((r) => r[4]),
    ).toEqual(['Welcome, everyone']);
    expect(cells).not.toContain("Instructor's proposal");
    expect(cells).not.toContain('Scheduled changes');
    // The demand of the weeks played only; every role's figures, the game being over.
    const demand = rowsOf(book, 'Parameters').find((r) => String(r[0]).startsWith('Consumer demand'))!;
    expect(demand.slice(1)).toEqual(DEMAND.slice(0, 4));
    expect(book.worksheets.map((s) => s.name)).toEqual(
      expect.arrayContaining(['Retailer', 'Factory', 'KPIs']),
    );
    // Other players by name (their view shows them), the wholesaler's replaced orders not at all.
    expect(cells).toContain('Player wholesaler');
    expect(cells).not.toContain('33');
    for (const user of [creator, ...Object.values(players)])
      expect(cells.join(' ')).not.toContain(user.userId);
    expect(await refusalOf(answer('distributor', 'q2', 'Too late'))).toBe('beergame.errAnswersFinal');
  });

  it('gives the creator the whole workbook', async () => {
    const book = await workbookOf(await download(creator));
    const cells = cellsOf(book);
    expect(cells).toEqual(expect.arrayContaining(['Secret to the wholesaler', 'Note for the retailer']));
    expect(cells).toContain("Instructor's proposal");
    expect(cells).toContain('Scheduled changes');
    const demand = rowsOf(book, 'Parameters').find((r) => String(r[0]).startsWith('Consumer demand'))!;
    expect(demand.slice(1)).toEqual(DEMAND);
    // Reading it makes nobody's answers final.
    expect(await refusalOf(answer('factory', 'q2', 'Order less'))).toBe('ok');
  });
});
