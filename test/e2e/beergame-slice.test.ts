import { randomUUID } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { beergameDecider, viewGame } from '../../src-shared/beergame';
import { type CommandContext, handle } from '../../src-shared/eventsourcing';
import { answerSetup } from '../support/browser';
import { browserFixture, SERVER_AWAY, SHOTS as shots } from '../support/browser-fixture';
import { trpcRequest } from '../support/server';

/**
 * The vertical slice in real Chromium: an instructor signs up and creates a classic game; four
 * anonymous players join from their own browsers and play all 36 weeks; one reloads mid-game and
 * one loses the network while ordering; a fifth browser is refused a taken role; everyone ends on
 * the results, whose numbers are those of the shared reducer. The pages order the first weeks (a
 * reload and a lost network among them) and the last; between them the same players order through
 * the API with their pages' sign-ins, while every page follows the weeks live.
 */
const ROLES = ['retailer', 'wholesaler', 'distributor', 'factory'] as const;
const NAMES = { retailer: 'Riley', wholesaler: 'Wes', distributor: 'Dana', factory: 'Fran' } as const;
const WEEKS = 36;
/** The weeks ordered on the pages; the others are ordered through the API. */
const ON_THE_PAGES = (week: number) => week <= 6 || week === WEEKS;
/** A varied but deterministic order for each role and week. */
const orderFor = (role: number, week: number) => 4 + ((week * (role + 2)) % 5);

const app = browserFixture();

const newPage = () => app.person({ viewport: { width: 1200, height: 860 } });

const weekHeading = (page: Page) => page.getByTestId('week');

async function placeOrder(page: Page, quantity: number) {
  await page.getByTestId('order-quantity').fill(String(quantity));
  await page.getByTestId('place-order').click();
}

it('plays the classic beer game end to end in five browsers', async () => {
  const { origin } = app;

  // The instructor signs up, creates a game from the classic template and gets the join link.
  const instructor = await newPage();
  await instructor.page.goto(`${origin}/signup`);
  await instructor.page.getByLabel('Your name').fill('Ada Lovelace');
  await instructor.page.getByLabel('E-mail').fill('ada@example.org');
  await instructor.page.getByLabel(/^Password/).fill('correct horse battery');
  await instructor.page.getByRole('button', { name: 'Create my account' }).click();
  await answerSetup(instructor.page);
  await instructor.page.waitForURL('**/dashboard/intro');
  // Games are created on the dashboard's games tab.
  await instructor.page.getByTestId('tab-games').click();
  await instructor.page.getByLabel('Game name').fill('Supply chain 101');
  await instructor.page.getByRole('button', { name: 'Create the game' }).click();
  await instructor.page.waitForURL(/\/game\/[\w-]+\/intro$/);
  const joinLink = (await instructor.page.getByTestId('join-link').textContent())!.trim();
  expect(joinLink).toMatch(/\/game\/[\w-]+\/intro$/);
  const gameId = joinLink.split('/').at(-2)!;
  await instructor.page.screenshot({ path: `${shots}/1-instructor-intro.png` });

  // A fifth browser opens the join page while every role is free; then its live view stops
  // updating (the subscriptions' messages are lost; commands and their answers still pass), so it
  // will try a role that meanwhile was taken.
  const latecomer = await newPage();
  let quiet = false;
  await latecomer.page.routeWebSocket(/\/api\/trpc/, (ws) => {
    const server = ws.connectToServer();
    const subscriptions = new Set<unknown>();
    /** The tRPC messages of a frame (the client may send several at once). */
    const messagesOf = (frame: string | Buffer): Array<{ id?: unknown; method?: string }> => {
      try {
        const parsed: unknown = JSON.parse(frame.toString());
        return (Array.isArray(parsed) ? parsed : [parsed]).filter((m) => typeof m === 'object' && m !== null);
      } catch {
        return []; // PING and PONG
      }
    };
    ws.onMessage((frame) => {
      for (const sent of messagesOf(frame)) if (sent.method === 'subscription') subscriptions.add(sent.id);
      server.send(frame);
    });
    server.onMessage((frame) => {
      if (!quiet || !messagesOf(frame).some((answer) => subscriptions.has(answer.id))) ws.send(frame);
    });
  });
  await latecomer.page.goto(joinLink);
  await latecomer.page.getByTestId('player-name').fill('Lee');
  await expect
    .poll(() => latecomer.page.getByTestId('role-retailer').getByRole('button').isEnabled())
    .toBe(true);
  quiet = true;

  // Four players, each in their own browser, pick a free role and a name.
  const players: Record<(typeof ROLES)[number], { context: BrowserContext; page: Page }> = {} as never;
  for (const role of ROLES) {
    const player = await newPage();
    players[role] = player;
    await player.page.goto(joinLink);
    await player.page.getByTestId('player-name').fill(NAMES[role]);
    await player.page.getByTestId(`role-${role}`).getByRole('button').click();
    await player.page.waitForURL('**/play');
    await expect.poll(() => player.page.getByTestId('playing-as').textContent()).toMatch(/^playing as /);
  }
  await players.retailer.page.screenshot({ path: `${shots}/2-retailer-week-1.png` });

  // The latecomer's second join to the taken role is refused with a clear message.
  await latecomer.page.getByTestId('role-retailer').getByRole('button').click();
  await latecomer.page
    .getByText('This role is already taken by another player. Please choose a free role.')
    .waitFor();
  expect(latecomer.page.url()).toMatch(/\/intro$/);
  // A fresh page shows the role as taken, its button disabled.
  const fresh = await newPage();
  await fresh.page.goto(joinLink);
  await expect.poll(() => fresh.page.getByTestId('role-retailer').textContent()).toContain('Riley');
  expect(await fresh.page.getByTestId('role-retailer').getByRole('button').isDisabled()).toBe(true);
  await fresh.context.close();

  // The instructor watches the board live.
  await instructor.page.goto(`${origin}/game/${gameId}/play`);

  // How the retailer's orders travel: on the open WebSocket, not as HTTP requests.
  const retailerOrders = { overHttp: 0, overSocket: 0 };
  players.retailer.page.on('request', (request) => {
    if (request.url().includes('placeOrder')) retailerOrders.overHttp++;
  });
  players.retailer.page.on('websocket', (socket) =>
    socket.on('framesent', ({ payload }) => {
      if (payload.toString().includes('"beergame.placeOrder"')) retailerOrders.overSocket++;
    }),
  );
  // The page's socket opened before these listeners: the next reload (below) opens one they see.
  await players.retailer.page.reload();

  // The players' own sign-ins, for the weeks ordered through the API (over HTTP: their pages keep
  // the only sockets).
  const cookieOf = {} as Record<(typeof ROLES)[number], string>;
  for (const role of ROLES)
    cookieOf[role] = (await players[role].context.cookies(origin))
      .map(({ name, value }) => `${name}=${value}`)
      .join('; ');

  for (let week = 1; week <= WEEKS; week++) {
    if (!ON_THE_PAGES(week)) {
      for (const [index, role] of ROLES.entries()) {
        const answer = await trpcRequest(
          origin,
          'beergame.placeOrder',
          { gameId, facilityId: role, quantity: orderFor(index, week), commandId: randomUUID() },
          { cookie: cookieOf[role] },
        );
        expect(answer.status, `week ${week}, ${role}`).toBe(200);
      }
      continue;
    }
    for (const [index, role] of ROLES.entries()) {
      const { page, context } = players[role];
      await expect.poll(() => weekHeading(page).textContent()).toBe(`Week ${week} of ${WEEKS}`);
      if (week === 3 && role === 'wholesaler') {
        // A reload mid-game comes back to the same role and week.
        await page.reload();
        await expect.poll(() => page.getByTestId('my-role').textContent()).toBe('Wholesaler');
        await expect.poll(() => weekHeading(page).textContent()).toBe(`Week ${week} of ${WEEKS}`);
      }
      if (week === 5 && role === 'distributor') {
        // The connection drops while ordering: the order is sent again once back online, and applied once.
        const offline = app.expectConsoleErrors(SERVER_AWAY);
        await context.setOffline(true);
        await placeOrder(page, orderFor(index, week));
        // Sent, and not answered: the button says it is still at work.
        await page.locator('[data-testid="place-order"][data-loading]').waitFor();
        await context.setOffline(false);
        await page.getByTestId('order-placed').waitFor({ timeout: 20_000 });
        offline();
        continue;
      }
      await placeOrder(page, orderFor(index, week));
      if (index < ROLES.length - 1) await page.getByTestId('order-placed').waitFor();
    }
    if (week === 2) await instructor.page.screenshot({ path: `${shots}/3-instructor-board.png` });
    if (week < WEEKS) {
      // Every screen moves to the next week without a reload, the instructor's too.
      await expect
        .poll(() => weekHeading(instructor.page).textContent())
        .toBe(`Week ${week + 1} of ${WEEKS}`);
    }
    if (week === 6) {
      await players.retailer.page.screenshot({ path: `${shots}/4-retailer-week-7.png`, fullPage: true });
      // On a page whose socket is open, every order went over it. (The last week's may go over
      // HTTP: a page that drew 29 weeks in a few seconds may be reconnecting, and sends it so.)
      expect(retailerOrders).toEqual({ overHttp: 0, overSocket: 6 });
    }
  }

  expect(retailerOrders.overHttp + retailerOrders.overSocket).toBe(7);

  // The expected results, from the same reducer the server uses.
  const creatorId = (await app.server.services.store.readStream(`game-${gameId}`))[0]!.metadata.actorId;
  const context = (userId: string): CommandContext => ({ now: 0, actor: { userId, role: 'player' } });
  let state = handle(
    beergameDecider,
    beergameDecider.initialState,
    { type: 'CreateGame', gameId, name: 'x', creatorId, seed: 1, template: 'classic' },
    context(creatorId),
  ).state;
  for (const role of ROLES) {
    state = handle(beergameDecider, state, { type: 'JoinRole', facilityId: role }, context(role)).state;
  }
  for (let week = 1; week <= WEEKS; week++) {
    for (const [index, role] of ROLES.entries()) {
      state = handle(
        beergameDecider,
        state,
        { type: 'PlaceOrder', facilityId: role, quantity: orderFor(index, week) },
        context(role),
      ).state;
    }
  }
  const expected = viewGame(state, { userId: creatorId }).results!;
  const money = (value: number) =>
    value.toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

  // After the last week every participant sees the results: each facility's and the team's cost.
  for (const { page } of [...Object.values(players), instructor]) {
    await page.waitForURL('**/results');
    await expect.poll(() => page.getByTestId('team-cost').textContent()).toBe(money(expected.teamCost));
    for (const facility of expected.byFacility) {
      await expect
        .poll(() => page.getByTestId(`result-${facility.id}`).textContent())
        .toContain(money(facility.cost));
    }
  }
  await players.factory.page.screenshot({ path: `${shots}/5-results.png`, fullPage: true });
  expect(expected.teamCost).toBeGreaterThan(0);
});
