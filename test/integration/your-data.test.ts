/**
 * "Your data" (issue 25, item 9) and the seats of users who go away (item 7), through a real
 * server: the download's contents; a deletion refused (wrong address, wrong password) changes
 * nothing; a deletion removes the account, its games, sessions, templates and mails, and frees its
 * seats; another instructor's finished game shows the deleted player under a pseudonym in the view,
 * the workbook and the research export, with no trace of their name or address; an anonymous
 * player seated in a running beer game and a lean game who signs up leaves both seats free.
 */
import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountData } from '../../src-server/auth/your-data';
import { enqueueMail } from '../../src-server/mail/outbox';
import type { RunningServer } from '../../src-server/main';
import type { GameView } from '../../src-server/trpc/routers/game';
import type { BeerView } from '../../src-shared/beergame';
import type { LeanGameView } from '../../src-shared/leangame';
import { erasedPlayerName } from '../../src-shared/rules/erased-player';
import { freshDatabase, type TestDatabase } from '../support/database';
import {
  type ApiUser,
  apiClient,
  rawRequest,
  signInAnonymous,
  startTestServer,
  waitForBeerView,
  waitForView,
} from '../support/server';

const PASSWORD = 'correct horse battery';
const DELETED_NAME = 'Dana Deleteme';
const DELETED_EMAIL = 'dana.deleteme@example.org';

let database: TestDatabase;
let server: RunningServer;
const clients: ApiUser[] = [];
const command = () => ({ commandId: randomUUID() });

const origin = () => server.url.replace('localhost', '127.0.0.1');

/**
 * Signs up, then in (sign-up opens no session: it answers a taken address as a free one), from the
 * device of `cookie` when given: an anonymous player's, whose account better-auth then deletes.
 */
async function signUp(email: string, name: string, cookie?: string): Promise<ApiUser> {
  const post = (path: string, body: unknown) =>
    fetch(`${origin()}/api/auth${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: origin(), ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });
  const signedUp = await post('/sign-up/email', { email, password: PASSWORD, name });
  if (!signedUp.ok) throw new Error(`sign-up: ${signedUp.status} ${await signedUp.text()}`);
  const response = await post('/sign-in/email', { email, password: PASSWORD });
  if (!response.ok) throw new Error(`sign-in: ${response.status} ${await response.text()}`);
  const newCookie = response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const { user } = (await response.json()) as { user: { id: string } };
  const client = { cookie: newCookie, userId: user.id, ...apiClient(server.url, newCookie) };
  clients.push(client);
  return client;
}

const userExists = async (id: string) =>
  (await server.services.database.db.selectFrom('user').select('id').where('id', '=', id).execute()).length >
  0;

const beerView = (user: ApiUser, gameId: string, until: (view: BeerView) => boolean = () => true) =>
  waitForBeerView((handlers) => user.api.game.watch.subscribe({ gameId }, handlers), until).then(
    (t) => t.data,
  );

const leanView = (user: ApiUser, gameId: string, until: (view: LeanGameView) => boolean) =>
  waitForView<GameView>(
    (handlers) => user.api.game.watch.subscribe({ gameId }, handlers),
    (view) => view.gameType === 'leangame' && until(view as LeanGameView),
  ).then((t) => t.data as LeanGameView);

/** Seats of games still played that name a user who does not exist: there must be none. */
const seatsOfMissingUsers = () =>
  server.services.database.db
    .selectFrom('games')
    .select(['id', 'player_ids'])
    .where('finished', '=', false)
    .where('deleted', '=', false)
    .where(sql<boolean>`exists (select 1 from unnest(player_ids) p where p not in (select id from "user"))`)
    .execute();

async function cellsOf(response: Response): Promise<string> {
  expect(response.status).toBe(200);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(await response.arrayBuffer());
  const cells: string[] = [];
  for (const sheet of book.worksheets) sheet.eachRow((row) => cells.push(JSON.stringify(row.values)));
  return cells.join('\n');
}

let other: ApiUser;
let dana: ApiUser;
/** Other's games: one Dana plays to its end, one she is seated in while it runs. */
let finishedGame: string;
let runningGame: string;
/** Dana's own. */
let danaGame: string;
let danaLeanGame: string;
let danaTemplate: string;

beforeAll(async () => {
  database = await freshDatabase();
  server = await startTestServer({ databaseUrl: database.url });
  other = await signUp('other@example.org', 'Olga Other');
  dana = await signUp(DELETED_EMAIL, DELETED_NAME);
  ({ gameId: danaGame } = await dana.api.beergame.create.mutate({ name: 'Dana class', template: 'classic' }));
  ({ gameId: danaLeanGame } = await dana.api.leangame.create.mutate({
    name: 'Dana workshop',
    template: 'workshop4-choose',
  }));
  ({ templateId: danaTemplate } = await dana.api.template.copy.mutate({
    templateId: 'classic',
    title: 'Dana template',
  }));
  ({ gameId: finishedGame } = await other.api.beergame.create.mutate({
    name: 'Olga class',
    template: 'classic',
  }));
  ({ gameId: runningGame } = await other.api.beergame.create.mutate({
    name: 'Olga live',
    template: 'classic',
  }));
  await dana.api.beergame.join.mutate({ gameId: finishedGame, facilityId: 'retailer', ...command() });
  await dana.api.beergame.placeOrder.mutate({
    gameId: finishedGame,
    facilityId: 'retailer',
    quantity: 7,
    ...command(),
  });
  await other.api.beergame.endGame.mutate({ gameId: finishedGame, ...command() });
  await dana.api.beergame.join.mutate({ gameId: runningGame, facilityId: 'factory', ...command() });
}, 60_000);
afterAll(async () => {
  for (const client of clients) client.close();
  await server?.close();
  await database?.drop();
});

describe('download my data', () => {
  let data: AccountData;
  beforeAll(async () => {
    data = await dana.api.account.data.query();
  });

  it('holds the account, its sign-in methods and devices, without secrets', () => {
    expect(data.account).toMatchObject({ id: dana.userId, name: DELETED_NAME, email: DELETED_EMAIL });
    expect(data.account.signInMethods).toEqual([{ provider: 'credential', createdAt: expect.any(String) }]);
    expect(data.signedInDevices).toHaveLength(1);
    expect(data.signedInDevices[0]).toMatchObject({ thisDevice: true, createdAt: expect.any(String) });
    const text = JSON.stringify(data);
    expect(text).not.toContain('"password"');
    expect(text).not.toContain('"token"');
    expect(text).not.toMatch(/\$|scrypt/);
  });

  it('holds the games and templates created, with their configuration, and the seats held', () => {
    expect(data.gamesCreated.map((g) => [g.id, g.name, g.type])).toEqual([
      [danaGame, 'Dana class', 'beergame'],
      [danaLeanGame, 'Dana workshop', 'leangame'],
    ]);
    expect(data.gamesCreated[0]!.config).toMatchObject({ weeks: expect.any(Number) });
    expect(data.templates.map((t) => t.id)).toEqual([danaTemplate]);
    expect(data.seats).toEqual([
      expect.objectContaining({
        gameId: finishedGame,
        gameName: 'Olga class',
        role: 'retailer',
        action: 'took',
      }),
      expect.objectContaining({
        gameId: runningGame,
        gameName: 'Olga live',
        role: 'factory',
        action: 'took',
      }),
    ]);
  });

  it('is the signed-in instructor’s own: refused signed out and to an anonymous player', async () => {
    expect((await rawRequest(server.url, '/api/trpc/account.data', { method: 'GET' })).status).toBe(401);
    const player = await signInAnonymous(server.url, 'Pat');
    clients.push(player);
    await expect(player.api.account.data.query()).rejects.toMatchObject({
      data: { messageId: 'dashboard.messLoginToAccess' },
    });
  });
});

describe('delete my account', () => {
  it('is refused with a wrong address or password, and nothing changes', async () => {
    await expect(
      dana.api.account.delete.mutate({ email: 'other@example.org', password: PASSWORD }),
    ).rejects.toMatchObject({ data: { messageId: 'account.yourData.errEmail' } });
    await expect(
      dana.api.account.delete.mutate({ email: DELETED_EMAIL, password: 'not the password' }),
    ).rejects.toMatchObject({ data: { messageId: 'account.yourData.errPassword' } });
    await expect(dana.api.account.delete.mutate({ email: DELETED_EMAIL })).rejects.toMatchObject({
      data: { messageId: 'account.yourData.errPassword' },
    });
    expect(await userExists(dana.userId)).toBe(true);
    expect((await dana.api.account.data.query()).gamesCreated).toHaveLength(2);
    expect((await beerView(other, runningGame)).facilities.find((f) => f.id === 'factory')).toMatchObject({
      taken: true,
      playerName: DELETED_NAME,
    });
  });

  it('removes the account, its games, templates and mails, and frees its seats', async () => {
    await enqueueMail(server.services.database.db, {
      idempotencyKey: 'test:to-dana',
      to: DELETED_EMAIL,
      locale: 'en',
      kind: 'noAccount',
      values: { email: DELETED_EMAIL, signupLink: 'http://127.0.0.1/signup' },
    });
    // Someone is seated in Dana's game: it is deleted under them.
    const player = await signInAnonymous(server.url, 'Sam');
    clients.push(player);
    await player.api.beergame.join.mutate({ gameId: danaGame, facilityId: 'retailer', ...command() });

    expect(
      await dana.api.account.delete.mutate({ email: ` ${DELETED_EMAIL.toUpperCase()} `, password: PASSWORD }),
    ).toEqual({
      deleted: true,
    });

    const { db } = server.services.database;
    expect(await userExists(dana.userId)).toBe(false);
    for (const table of ['session', 'account'] as const)
      expect(
        await sql`select count(*)::int as n from ${sql.table(table)} where "userId" = ${dana.userId}`
          .execute(db)
          .then((r) => (r.rows[0] as { n: number }).n),
      ).toBe(0);
    const games = await db
      .selectFrom('games')
      .select(['id', 'deleted'])
      .where('creator_id', '=', dana.userId)
      .execute();
    expect(games).toHaveLength(2);
    expect(games.every((g) => g.deleted)).toBe(true);
    expect(
      await db.selectFrom('templates').select('id').where('creator_id', '=', dana.userId).execute(),
    ).toEqual([]);
    expect(
      await db.selectFrom('mail_outbox').select('id').where('recipient', '=', DELETED_EMAIL).execute(),
    ).toEqual([]);
    // Her deleted game takes no one; her seat in Olga's running game is free.
    await expect(
      player.api.beergame.join.mutate({ gameId: danaGame, facilityId: 'factory', ...command() }),
    ).rejects.toMatchObject({ data: { messageId: 'dashboard.messGameUnknown' } });
    const factory = (
      await beerView(other, runningGame, (v) => !v.facilities.find((f) => f.id === 'factory')!.taken)
    ).facilities.find((f) => f.id === 'factory');
    expect(factory).toMatchObject({ taken: false, playerName: null });
    expect(await seatsOfMissingUsers()).toEqual([]);
    // Her cookie signs no one in, at once (not remembered by the server's session cache).
    expect(await dana.api.account.me.query()).toBeNull();
    await expect(
      dana.api.beergame.create.mutate({ name: 'After', template: 'classic' }),
    ).rejects.toMatchObject({ data: { messageId: 'errors.signInRequired' } });
    const session = await rawRequest(server.url, '/api/auth/get-session', {
      method: 'GET',
      headers: { cookie: dana.cookie },
    });
    expect(session.body).toBeNull();
  });

  it('leaves her under a pseudonym in another instructor’s finished game: view, workbook, research export', async () => {
    const pseudonym = erasedPlayerName(dana.userId, 'Player {tag}');
    const view = await beerView(other, finishedGame);
    expect(view.facilities.find((f) => f.id === 'retailer')).toMatchObject({
      taken: true,
      playerName: pseudonym,
    });
    const french = erasedPlayerName(dana.userId, 'Joueur {tag}');
    const workbook = await cellsOf(
      await fetch(`${origin()}/api/games/${finishedGame}/export.xlsx`, {
        headers: { cookie: other.cookie, 'accept-language': 'fr' },
      }),
    );
    expect(workbook).toContain(french);
    const research = await (
      await fetch(`${origin()}/api/games/${finishedGame}/export?format=jsonl&names=1`, {
        headers: { cookie: other.cookie },
      })
    ).text();
    expect(research).toContain(pseudonym);
    for (const text of [JSON.stringify(view), workbook, research]) {
      expect(text).not.toContain('Dana');
      expect(text).not.toContain('deleteme');
    }
  });
});

describe('an anonymous player who signs up while seated', () => {
  it('leaves a running beer game’s seat and a lean game’s seat free, and no seat names a missing user', async () => {
    const { gameId: beer } = await other.api.beergame.create.mutate({
      name: 'Olga running',
      template: 'classic',
    });
    const { gameId: lean } = await other.api.leangame.create.mutate({
      name: 'Olga workshop',
      template: 'workshop4-choose',
    });
    const player = await signInAnonymous(server.url, 'Robin');
    clients.push(player);
    const retailer = await signInAnonymous(server.url, 'Riley');
    clients.push(retailer);
    await player.api.beergame.join.mutate({ gameId: beer, facilityId: 'wholesaler', ...command() });
    await retailer.api.beergame.join.mutate({ gameId: beer, facilityId: 'retailer', ...command() });
    await player.api.leangame.join.mutate({ gameId: lean, facilityId: 'warehouse', ...command() });
    // The beer game runs: its first week closed; the lean round is under way.
    await other.api.beergame.closeWeek.mutate({ gameId: beer, ...command() });
    await other.api.leangame.start.mutate({ gameId: lean, ...command() });
    expect((await beerView(other, beer)).week).toBeGreaterThan(1);

    const instructor = await signUp('robin@example.org', 'Robin Teacher', player.cookie);
    expect(instructor.userId).not.toBe(player.userId);
    expect(await userExists(player.userId)).toBe(false);

    const wholesaler = (
      await beerView(other, beer, (v) => {
        const f = v.facilities.find((x) => x.id === 'wholesaler')!;
        return !f.taken || f.computer;
      })
    ).facilities.find((f) => f.id === 'wholesaler')!;
    expect(wholesaler.playerName).toBeNull();
    const warehouse = (
      await leanView(other, lean, (v) => !v.facilities.find((f) => f.id === 'warehouse')!.taken)
    ).facilities.find((f) => f.id === 'warehouse');
    expect(warehouse).toMatchObject({ taken: false });
    expect(await seatsOfMissingUsers()).toEqual([]);
  });

  it('leaves the seat free too when the player deletes their anonymous account', async () => {
    const { gameId } = await other.api.beergame.create.mutate({ name: 'Olga again', template: 'classic' });
    const player = await signInAnonymous(server.url, 'Kim');
    clients.push(player);
    await player.api.beergame.join.mutate({ gameId, facilityId: 'distributor', ...command() });
    const answer = await rawRequest(server.url, '/api/auth/delete-anonymous-user', {
      headers: { cookie: player.cookie },
    });
    expect(answer.status).toBe(200);
    expect(await userExists(player.userId)).toBe(false);
    await beerView(other, gameId, (v) => !v.facilities.find((f) => f.id === 'distributor')!.taken);
    expect(await seatsOfMissingUsers()).toEqual([]);
  });
});
