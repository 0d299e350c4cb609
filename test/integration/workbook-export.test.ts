/**
 * The beer game's Excel export (issue 10, GET /api/games/:id/export.xlsx): who may download it,
 * and that the file, opened with exceljs, holds the server's own figures week by week.
 */
import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foldRecorded } from '../../src-server/eventstore/command-handler';
import type { RunningServer } from '../../src-server/main';
import { gameTypes } from '../../src-server/streams';
import { type BeerEvent, type BeerState, beergameKpis } from '../../src-shared/beergame';
import { gameStreamId } from '../../src-shared/eventsourcing';
import { freshDatabase } from '../support/database';
import { type ApiUser, signInAnonymous, signUpInstructor, startTestServer } from '../support/server';

let database: Awaited<ReturnType<typeof freshDatabase>>;
let server: RunningServer;
let creator: ApiUser;
let gameId: string;
const players: Record<string, ApiUser> = {};
const clients: ApiUser[] = [];
const ROLES = ['retailer', 'wholesaler', 'distributor', 'factory'] as const;
const ROLE_NAMES = {
  retailer: 'Retailer',
  wholesaler: 'Wholesaler',
  distributor: 'Distributor',
  factory: 'Factory',
};

const origin = () => server.url.replace('localhost', '127.0.0.1');

function download(id: string, options: { cookie?: string; query?: string; language?: string } = {}) {
  return fetch(`${origin()}/api/games/${id}/export.xlsx${options.query ?? ''}`, {
    headers: {
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...(options.language ? { 'accept-language': options.language } : {}),
    },
  });
}

async function workbookOf(response: Response): Promise<ExcelJS.Workbook> {
  expect(response.status).toBe(200);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(await response.arrayBuffer());
  return book;
}

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

async function serverState(): Promise<{ state: BeerState; events: BeerEvent[] }> {
  const recorded = await server.services.store.readStream(gameStreamId(gameId));
  return {
    state: foldRecorded(gameTypes.beergame.stream, recorded),
    events: recorded.map((e) => ({ type: e.type, data: e.data }) as BeerEvent),
  };
}

const order = (role: (typeof ROLES)[number], quantity: number) =>
  players[role]!.api.beergame.placeOrder.mutate({
    gameId,
    facilityId: role,
    quantity,
    commandId: randomUUID(),
  });

beforeAll(async () => {
  database = await freshDatabase();
  server = await startTestServer({ databaseUrl: database.url });
  creator = await signUpInstructor(server.url, 'workbook@example.org');
  clients.push(creator);
  ({ gameId } = await creator.api.beergame.create.mutate({ name: 'Classe de café', template: 'classic' }));
  for (const role of ROLES) {
    const player = await signInAnonymous(server.url, `Player ${role}`);
    clients.push(player);
    players[role] = player;
    await player.api.beergame.join.mutate({ gameId, facilityId: role, commandId: randomUUID() });
  }
  // Week 1: everyone orders, the week closes by itself.
  for (const [i, role] of ROLES.entries()) await order(role, 4 + i);
  // Week 2: a proposal, a changed order, a message to everyone and one to the retailer.
  await creator.api.beergame.proposeOrder.mutate({
    gameId,
    facilityId: 'retailer',
    quantity: 9,
    commandId: randomUUID(),
  });
  await creator.api.beergame.sendMessage.mutate({
    gameId,
    to: 'all',
    text: 'Watch your backlog',
    commandId: randomUUID(),
  });
  await creator.api.beergame.sendMessage.mutate({
    gameId,
    to: ['retailer'],
    text: 'Psst',
    commandId: randomUUID(),
  });
  await order('retailer', 8);
  await order('retailer', 10);
  for (const role of ROLES.slice(1)) await order(role, 6);
  // Week 3: two roles order, the instructor closes the week and the computer orders for the others.
  await order('retailer', 12);
  await order('wholesaler', 3);
  await creator.api.beergame.closeWeek.mutate({ gameId, commandId: randomUUID() });
});
afterAll(async () => {
  for (const client of clients) client.close();
  await server.close();
  await database.drop();
});

describe('who may download the workbook', () => {
  it('asks someone signed out to sign in as instructor or player (401)', async () => {
    const response = await download(gameId);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ messageId: 'export.excelLoginRequired', values: {} });
  });

  it('refuses a signed-in stranger and another instructor with the same message (403)', async () => {
    const stranger = await signInAnonymous(server.url, 'Stranger');
    const otherInstructor = await signUpInstructor(server.url, 'other@example.org');
    clients.push(stranger, otherInstructor);
    for (const user of [stranger, otherInstructor]) {
      const response = await download(gameId, { cookie: user.cookie });
      expect(response.status).toBe(403);
      expect(((await response.json()) as { messageId: string }).messageId).toBe('export.excelLoginRequired');
    }
  });

  it('answers an unknown game and a malformed id as unknown (404)', async () => {
    for (const id of ['no-such-game', 'bad%20id']) {
      const response = await download(id, { cookie: creator.cookie });
      expect(response.status, id).toBe(404);
      expect(((await response.json()) as { messageId: string }).messageId).toBe('dashboard.messGameUnknown');
    }
  });

  it('refuses a player before the game is over, with a translated message (403)', async () => {
    // A running blind game's workbook would show every role's numbers (issue 23; test/integration/player-access.test.ts).
    const response = await download(gameId, { cookie: players.factory!.cookie });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ messageId: 'export.excelAfterEnd', values: {} });
  });

  it('gives the creator the file, named after the game and its week', async () => {
    const response = await download(gameId, { cookie: creator.cookie });
    expect(response.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="Classe de cafe-week-4.xlsx"; filename*=UTF-8''Classe%20de%20caf%C3%A9-week-4.xlsx`,
    );
    const book = await workbookOf(response);
    expect(book.worksheets.map((s) => s.name)).toEqual([
      'Parameters',
      'Retailer',
      'Wholesaler',
      'Distributor',
      'Factory',
      'Orders',
      'Messages',
      'KPIs',
    ]);
  });
});

describe('the workbook the creator downloads', () => {
  let book: ExcelJS.Workbook;
  let state: BeerState;
  let events: BeerEvent[];
  beforeAll(async () => {
    book = await workbookOf(await download(gameId, { cookie: creator.cookie }));
    ({ state, events } = await serverState());
  });

  it('holds each facility’s history week by week, as numbers', () => {
    expect(state.week).toBe(4);
    for (const facility of state.facilities) {
      const rows = recordsOf(book.getWorksheet(ROLE_NAMES[facility.id as keyof typeof ROLE_NAMES])!);
      // The weeks played: week 4, under way, is not played yet.
      expect(rows.map((r) => r.Week)).toEqual([1, 2, 3]);
      expect(rows).toEqual(
        facility.history.slice(0, 3).map((week) =>
          expect.objectContaining({
            'Incoming order': week.incomingOrder,
            Received: week.received,
            Shipped: week.shipped,
            Stock: week.stock,
            Backlog: week.backlog,
            'Net inventory (stock − backlog)': week.netInventory,
            'Order placed': week.order,
            'Ordered by': week.orderBy === null ? null : week.orderBy === 'player' ? 'Player' : 'Computer',
            Cost: week.cost,
            'Cumulative cost': week.cumulativeCost,
          }),
        ),
      );
    }
    const retailer = recordsOf(book.getWorksheet('Retailer')!);
    expect(retailer.map((r) => r['Order placed'])).toEqual([4, 10, 12]);
    expect(recordsOf(book.getWorksheet('Factory')!)[2]!['Ordered by']).toBe('Computer');
  });

  it('lists every order: the players’, the computer’s and the instructor’s proposal', () => {
    const orders = recordsOf(book.getWorksheet('Orders')!);
    const placed = events.filter((e) => e.type === 'OrderPlaced');
    expect(placed).toHaveLength(11);
    expect(
      orders.filter((o) => o['Decided by'] === 'Player').map((o) => [o.Week, o.Role, o.Quantity]),
    ).toEqual(
      placed.map((e) => [
        e.data.week,
        ROLE_NAMES[e.data.facilityId as keyof typeof ROLE_NAMES],
        e.data.quantity,
      ]),
    );
    expect(orders.filter((o) => o['Decided by'] === 'Computer').map((o) => [o.Week, o.Role])).toEqual([
      [3, 'Distributor'],
      [3, 'Factory'],
    ]);
    expect(orders.filter((o) => o['Decided by'] === "Instructor's proposal")).toEqual([
      expect.objectContaining({ Week: 2, Role: 'Retailer', Quantity: 9, 'Name or rule': 'Ada Instructor' }),
    ]);
    // The orders sent at each close are the ones the history shows.
    for (const facility of state.facilities)
      for (const week of facility.history.filter((w) => w.order !== null)) {
        const sent = orders.filter(
          (o) =>
            o.Week === week.week &&
            o.Role === ROLE_NAMES[facility.id as keyof typeof ROLE_NAMES] &&
            o["Sent at the week's close"] === true,
        );
        expect(sent.map((o) => o.Quantity)).toEqual([week.order]);
      }
  });

  it('lists the messages and the parameters', () => {
    const messages = recordsOf(book.getWorksheet('Messages')!);
    expect(messages.map((m) => [m.Week, m.From, m.To, m.Text])).toEqual([
      [2, 'Instructor', 'Everyone', 'Watch your backlog'],
      [2, 'Instructor', 'Retailer', 'Psst'],
    ]);
    expect(messages[0]!['Date and time (UTC)']).toBeInstanceOf(Date);
    const parameters = recordsOf(book.getWorksheet('Parameters')!);
    const value = (label: string) => parameters.find((p) => p.Parameter === label)?.Value;
    expect(value('Game')).toBe('Classe de café');
    expect(value('Template')).toBe('Classic beer game');
    expect(value('Weeks closed')).toBe(3);
    expect(value('Weeks in the game')).toBe(36);
    expect(value('Finished')).toBe(false);
  });

  it('shows the KPIs of beergameKpis', () => {
    const kpis = beergameKpis(state);
    const sheet = book.getWorksheet('KPIs')!;
    const rows: unknown[][] = [];
    sheet.eachRow((row) => {
      rows.push((row.values as unknown[]).slice(1));
    });
    const row = (label: string) => rows.find((r) => r[0] === label);
    expect(row('Team cost')?.[1]).toBe(kpis.teamCost);
    expect(row('Fill rate (consumer demand served in its week)')?.[1]).toBe(kpis.fillRate);
    for (const f of kpis.byFacility)
      expect(row(ROLE_NAMES[f.id as keyof typeof ROLE_NAMES])?.[1]).toBe(f.cost);
  });

  it('labels everything with a translation, never a message id', () => {
    for (const sheet of book.worksheets)
      sheet.eachRow((row) => {
        for (const value of (row.values as unknown[]).slice(1))
          if (typeof value === 'string') expect(value).not.toMatch(/^(workbook|facility)\./);
      });
  });
});

describe('the workbook’s language', () => {
  it('follows lang=fr', async () => {
    const book = await workbookOf(await download(gameId, { cookie: creator.cookie, query: '?lang=fr' }));
    expect(book.worksheets.map((s) => s.name)).toEqual([
      'Paramètres',
      'Détaillant',
      'Grossiste',
      'Distributeur',
      'Usine',
      'Commandes',
      'Messages',
      'Indicateurs',
    ]);
    expect(book.getWorksheet('Détaillant')!.getRow(1).getCell(1).value).toBe('Semaine');
  });

  it('follows the browser’s languages without lang (or with a lang we do not have)', async () => {
    const book = await workbookOf(
      await download(gameId, {
        cookie: creator.cookie,
        query: '?lang=xx',
        language: 'ja, de-CH;q=0.9, fr;q=0.5',
      }),
    );
    expect(book.worksheets[0]!.name).toBe('Parameter');
    expect(book.getWorksheet('Einzelhändler')!.getRow(1).getCell(1).value).toBe('Woche');
  });
});
