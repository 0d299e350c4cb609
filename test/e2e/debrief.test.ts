/**
 * The debrief of a finished game in real Chromium (issue 10): the instructor opens it, every
 * section is there, the numbers are the shared reducer's; the replay is scrubbed with the arrow
 * keys to week 14, where the map shows week 14 as its history row numbers it (its orders placed)
 * and the figures count weeks 1 to 14, and a link with `?week=14` opens there; a player reads it on
 * a phone. A game ended early counts the weeks it played (issue 23). Screenshots at 1280 and 390 px.
 */
import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { freshGameId } from '../../src-server/read-models/games';
import { gameTypes } from '../../src-server/streams';
import { type BeerEvent, type BeerState, beergameKpis, initialBeerState } from '../../src-shared/beergame';
import { BEERGAME_DEBRIEF_SECTIONS } from '../../src-shared/beergame/constants';
import { evolve } from '../../src-shared/beergame/evolve';
import { gameStreamId } from '../../src-shared/eventsourcing';
import { DESKTOP, PHONE } from '../support/browser';
import { browserFixture, SHOTS as shots } from '../support/browser-fixture';
import { drawCharts } from '../support/debrief-charts';
import type { ApiUser } from '../support/server';

const WEEKS = 36;
const app = browserFixture();

/** A browser signed in with an API client's session cookie. */
async function browserOf(user: ApiUser, viewport = DESKTOP): Promise<Page> {
  const { page } = await app.person({ viewport, as: user });
  return page;
}

const money = (value: number) =>
  value.toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** What the replay's map must show of each facility in week `week`: its row's stock and backlog, its order status. */
async function expectMapAtWeek(page: Page, state: BeerState, week: number, people: string[]) {
  for (const facility of state.facilities) {
    const row = facility.history[week - 1]!;
    const card = page.getByTestId(`map-facility-${facility.id}`);
    await expect.poll(() => card.textContent(), { message: facility.id }).toContain(`Stock ${row.stock}`);
    const text = await card.textContent();
    expect(text, facility.id).toContain(`Backlog ${row.backlog}`);
    expect(text, facility.id).toContain(people.includes(facility.id) ? 'Ordered' : 'The computer orders');
  }
}

it('debriefs a finished game and replays it week by week', async () => {
  const { origin } = app;
  const instructor = await app.instructor('debrief@example.org');
  // Created through the command handler: the debrief's questions have no editor before issue 11.
  const gameId = await freshGameId(app.server.services.database.db);
  await app.server.services.commands.execute(
    gameTypes.beergame.stream,
    gameStreamId(gameId),
    {
      type: 'CreateGame',
      gameId,
      name: 'Debrief class',
      creatorId: instructor.userId,
      seed: 7,
      template: 'classic',
      overrides: {
        configDebrief: {
          questionsSection: {
            show: true,
            questions: [
              { id: 'q1', text: 'Which role placed the most variable orders?', answer: 'Distributor' },
              { id: 'q2', text: 'What would you do differently next time?', answer: null },
            ],
          },
        },
      },
    },
    {
      now: Date.now(),
      actor: { userId: instructor.userId, role: 'instructor' },
      commandId: `create-${gameId}`,
    },
  );
  // Two people and two computers: the week closes when the two people have ordered.
  const retailer = await app.anonymous('Riley');
  const factory = await app.anonymous('Fran');
  await retailer.api.beergame.join.mutate({ gameId, facilityId: 'retailer', commandId: randomUUID() });
  await factory.api.beergame.join.mutate({ gameId, facilityId: 'factory', commandId: randomUUID() });
  for (const facilityId of ['wholesaler', 'distributor'])
    await instructor.api.beergame.handToComputer.mutate({ gameId, facilityId, commandId: randomUUID() });
  for (let week = 1; week <= WEEKS; week++) {
    // A retailer who overreacts to the demand step, a steady factory.
    await retailer.api.beergame.placeOrder.mutate({
      gameId,
      facilityId: 'retailer',
      quantity: week < 5 ? 4 : 8 + (week % 4) * 2,
      commandId: randomUUID(),
    });
    await factory.api.beergame.placeOrder.mutate({
      gameId,
      facilityId: 'factory',
      quantity: 6,
      commandId: randomUUID(),
    });
  }

  // What the debrief must show: the reducer's figures, at the end and at week 14.
  const { events } = await instructor.api.beergame.history.query({ gameId });
  let state: BeerState = initialBeerState;
  let atWeek14: BeerState | null = null;
  for (const event of events) {
    state = evolve(state, event as BeerEvent);
    // The figures of week 14 count weeks 1 to 14: those of the state once it closed.
    if (event.type === 'WeekClosed' && (event.data as { week: number }).week === 14) atWeek14 = state;
  }
  expect(state.finished).toBe(true);
  const final = beergameKpis(state);
  const week14 = beergameKpis(atWeek14!);

  const page = await browserOf(instructor);
  await page.goto(`${origin}/game/${gameId}/results`);
  await expect.poll(() => page.getByTestId('team-cost').textContent()).toBe(money(final.teamCost));
  await drawCharts(page);
  for (const section of BEERGAME_DEBRIEF_SECTIONS.filter((s) => s !== 'optionButtons'))
    await expect(page.getByTestId(`debrief-${section}`).isVisible()).resolves.toBe(true);
  for (const facility of final.byFacility)
    await expect
      .poll(() => page.getByTestId(`result-${facility.id}`).textContent())
      .toContain(money(facility.cost));
  await expect(page.getByTestId('chart-orders').locator('.recharts-line').count()).resolves.toBe(5);
  // The replay rests at the end: after the last week closed.
  await expect(page.getByTestId('replay-position').textContent()).resolves.toContain('After the last week');
  await page.screenshot({ path: `${shots}/debrief-1280.png`, fullPage: true });
  // On paper: the figures and charts, without the buttons and the replay controls.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByTestId('replay').isVisible()).resolves.toBe(false);
  await expect(page.getByTestId('download-workbook').isVisible()).resolves.toBe(false);
  await expect(page.getByTestId('chart-orders').isVisible()).resolves.toBe(true);
  await page.screenshot({ path: `${shots}/debrief-print.png`, fullPage: true });
  await page.emulateMedia({ media: 'screen' });
  await expect(page.getByTestId('benchmark').textContent()).resolves.toMatch(/pass-through/);
  // The bullwhip's ratio is of variances: the demand's is said to be one, with its standard deviation.
  const deviation = (Math.round(Math.sqrt(final.demandVariance) * 10) / 10).toLocaleString('en-GB');
  await expect(page.getByTestId('debrief-variability').textContent()).resolves.toContain(
    `the variance of the consumers' demand (here ${(Math.round(final.demandVariance * 10) / 10).toLocaleString('en-GB')}, a standard deviation of ${deviation})`,
  );

  // The workbook downloads from the debrief and opens with exceljs: a sheet per facility and the KPIs.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('download-workbook').click(),
  ]);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile((await download.path())!);
  const sheets = workbook.worksheets.map((sheet) => sheet.name);
  expect(sheets).toEqual(
    expect.arrayContaining(['Retailer', 'Wholesaler', 'Distributor', 'Factory', 'KPIs']),
  );

  // Back to the start (week 1 under way), then fourteen weeks forward with the arrow key.
  await page.keyboard.press('Home');
  await expect.poll(() => page.getByTestId('replay-position').textContent()).toContain('Week 1 of 36');
  for (let i = 0; i < 14; i++) await page.keyboard.press('ArrowRight');
  await expect.poll(() => page.getByTestId('replay-position').textContent()).toContain('Week 14 of 36');
  await expect.poll(() => new URL(page.url()).searchParams.get('week')).toBe('14');
  await expect.poll(() => page.getByTestId('team-cost').textContent()).toBe(money(week14.teamCost));
  await expectMapAtWeek(page, state, 14, ['retailer', 'factory']);
  // One event back with Shift: between two weeks, named by its event number.
  await page.keyboard.press('Shift+ArrowLeft');
  await expect.poll(() => new URL(page.url()).searchParams.get('event')).not.toBeNull();
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => new URL(page.url()).searchParams.get('week')).toBe('14');
  await page
    .getByTestId('debrief-supplychainEvolution')
    .screenshot({ path: `${shots}/debrief-replay-week14.png` });

  // A link opens the class at week 14: week 14's numbers and orders, weeks 1 to 14 in the figures.
  const linked = await browserOf(instructor);
  await linked.goto(`${origin}/game/${gameId}/results?week=14`);
  await expect.poll(() => linked.getByTestId('replay-position').textContent()).toContain('Week 14 of 36');
  await expect.poll(() => linked.getByTestId('team-cost').textContent()).toBe(money(week14.teamCost));
  await expectMapAtWeek(linked, state, 14, ['retailer', 'factory']);
  for (const facility of week14.byFacility)
    await expect(linked.getByTestId(`result-${facility.id}`).textContent()).resolves.toContain(
      money(facility.cost),
    );
  // Each cost is the one the history row of week 14 has.
  expect(week14.byFacility.map((f) => f.cost)).toEqual(
    state.facilities.map((f) => f.history[13]!.cumulativeCost),
  );

  // A player answers the questions first, on a phone: the results are not loaded yet.
  const phone = await browserOf(retailer, PHONE);
  await phone.goto(`${origin}/game/${gameId}/results`);
  await expect.poll(() => phone.getByTestId('see-results').isVisible()).toBe(true);
  await expect(phone.getByTestId('team-cost').count()).resolves.toBe(0);
  // With a typo the tolerant rule forgives; whether it is right is not said yet.
  await phone.getByTestId('answer-q1').fill('distributer');
  await phone.getByRole('button', { name: 'Send my answer' }).first().click();
  await expect.poll(() => phone.getByTestId('answered-q1').isVisible()).toBe(true);
  await expect(phone.getByTestId('debrief-questions').getByText('Right').count()).resolves.toBe(0);
  await phone.getByTestId('answer-q2').fill('Count what is already on the way.');
  await phone.getByRole('button', { name: 'Send my answer' }).click();
  await expect.poll(() => phone.getByTestId('answered-q2').isVisible()).toBe(true);
  await phone.screenshot({ path: `${shots}/debrief-questions-first-390.png`, fullPage: true });
  await phone.setViewportSize(DESKTOP);
  await phone.screenshot({ path: `${shots}/debrief-questions-first-1280.png`, fullPage: true });
  await phone.setViewportSize(PHONE);
  // The instructor sees them live.
  await expect.poll(() => page.getByTestId('answers-q1').textContent()).toContain('distributer');
  await expect(page.getByText('1 of 1 right').isVisible()).resolves.toBe(true);
  await expect
    .poll(() => page.getByTestId('answers-q2').textContent())
    .toContain('Count what is already on the way.');
  await page.getByTestId('debrief-questions').screenshot({ path: `${shots}/debrief-questions-1280.png` });
  // Then the results: the same debrief, the answers final and checked.
  await phone.getByTestId('see-results').click();
  await expect.poll(() => phone.getByTestId('team-cost').textContent()).toBe(money(final.teamCost));
  await expect(phone.getByText('Research export').count()).resolves.toBe(0);
  await expect.poll(() => phone.getByTestId('final-q1').textContent()).toContain('distributer');
  await expect(phone.getByTestId('debrief-questions').getByText('Right').isVisible()).resolves.toBe(true);
  await expect(phone.getByTestId('answer-q1').count()).resolves.toBe(0);
  await phone.getByTestId('debrief-questions').screenshot({ path: `${shots}/debrief-questions-390.png` });
  // The same debrief's replay at week 14, as the instructor's.
  await phone.goto(`${origin}/game/${gameId}/results?week=14`);
  await expectMapAtWeek(phone, state, 14, ['retailer', 'factory']);
  await phone
    .getByTestId('debrief-supplychainEvolution')
    .screenshot({ path: `${shots}/debrief-replay-week14-390.png` });
  await phone.goto(`${origin}/game/${gameId}/results`);
  await expect.poll(() => phone.getByTestId('team-cost').textContent()).toBe(money(final.teamCost));
  await drawCharts(phone);
  const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await phone.screenshot({ path: `${shots}/debrief-390.png`, fullPage: true });
});

it('counts the weeks a game ended early played, in every figure and chart', async () => {
  const { origin } = app;
  const instructor = await app.instructor('ended@example.org');
  const retailer = await app.anonymous('Robin');
  const factory = await app.anonymous('Frankie');
  const { gameId } = await instructor.api.beergame.create.mutate({
    name: 'Short class',
    template: 'classic',
  });
  await retailer.api.beergame.join.mutate({ gameId, facilityId: 'retailer', commandId: randomUUID() });
  await factory.api.beergame.join.mutate({ gameId, facilityId: 'factory', commandId: randomUUID() });
  for (const facilityId of ['wholesaler', 'distributor'])
    await instructor.api.beergame.handToComputer.mutate({ gameId, facilityId, commandId: randomUUID() });
  const order = (player: ApiUser, facilityId: string, quantity: number) =>
    player.api.beergame.placeOrder.mutate({ gameId, facilityId, quantity, commandId: randomUUID() });
  for (let week = 1; week <= 14; week++) {
    await order(retailer, 'retailer', week < 5 ? 4 : 9);
    await order(factory, 'factory', 5);
  }
  // Week 15 is under way, the retailer has ordered, and the instructor ends the game.
  await order(retailer, 'retailer', 12);
  await instructor.api.beergame.endGame.mutate({ gameId, commandId: randomUUID() });
  const { events } = await instructor.api.beergame.history.query({ gameId });
  const state = events.reduce((s: BeerState, e) => evolve(s, e as BeerEvent), initialBeerState);
  expect([state.finished, state.week]).toEqual([true, 15]);
  const kpis = beergameKpis(state);
  expect(kpis.weeks).toBe(14);

  const page = await browserOf(instructor);
  await page.goto(`${origin}/game/${gameId}/results`);
  await expect.poll(() => page.getByTestId('team-cost').textContent()).toBe(money(kpis.teamCost));
  await expect(page.getByText('Short class · 14 weeks played').isVisible()).resolves.toBe(true);
  await drawCharts(page);
  await expect(page.getByTestId('replay-position').textContent()).resolves.toContain('After the last week');
  // Every chart's week axis runs to week 14, not to the 36 weeks the game was set for.
  for (const chart of ['chart-orders', 'chart-net-inventory', 'chart-cost', 'chart-benchmark']) {
    const ticks = page.getByTestId(chart).locator('.recharts-xAxis-tick-labels text');
    await expect.poll(() => ticks.count(), { message: chart }).toBeGreaterThan(0);
    expect(await ticks.allTextContents(), chart).toEqual(['1', '5', '10']);
  }
  await page.goto(`${origin}/game/${gameId}/results?week=14`);
  await expect.poll(() => page.getByTestId('replay-position').textContent()).toContain('Week 14 of 14');
  await expectMapAtWeek(page, state, 14, ['retailer', 'factory']);
  await drawCharts(page);
  await page.screenshot({ path: `${shots}/debrief-ended-early-1280.png`, fullPage: true });
}, 90_000);

it('draws several products side by side', async () => {
  const { origin } = app;
  const instructor = await app.instructor('bikes@example.org');
  const shop = await app.anonymous('Sam');
  const plant = await app.anonymous('Pat');
  // A configuration of two products (no template offers one before issue 11).
  const gameId = await freshGameId(app.server.services.database.db);
  await app.server.services.commands.execute(
    gameTypes.beergame.stream,
    gameStreamId(gameId),
    {
      type: 'CreateGame',
      gameId,
      name: 'Bikes',
      creatorId: instructor.userId,
      seed: 3,
      config: {
        weeks: 8,
        productsTemplates: [
          { id: 'bike', name: 'Bike', productEmoji: '🚲' },
          { id: 'wheel', name: 'Wheel', productEmoji: '🛞' },
        ],
        productsConsumerDemand: [{ pid: 'bike', fid: 'shop', demand: [2, 2, 4] }],
        facilities: [
          {
            id: 'shop',
            name: 'Shop',
            pdata: { bike: { stock: 6 } },
            capabilities: { A1: { pid: 'bike', from: 'plant', startOrders: 2 } },
          },
          {
            id: 'plant',
            name: 'Plant',
            type: 'factory',
            pdata: { bike: { stock: 4 }, wheel: { stock: 8 } },
            capabilities: {
              A1: { pid: 'bike', type: 'production', from: { wheel: 2 }, startOrders: 2 },
              A2: { pid: 'wheel', type: 'purchase', from: 'rims', startOrders: 4 },
            },
          },
          {
            id: 'rims',
            name: 'Rims',
            type: 'supplier',
            pdata: { wheel: { stock: 100 } },
            capabilities: { A1: { pid: 'wheel', type: 'production', from: {} } },
          },
        ],
      },
    },
    {
      now: Date.now(),
      actor: { userId: instructor.userId, role: 'instructor' },
      commandId: `create-${gameId}`,
    },
  );
  await shop.api.beergame.join.mutate({ gameId, facilityId: 'shop', commandId: randomUUID() });
  await plant.api.beergame.join.mutate({ gameId, facilityId: 'plant', commandId: randomUUID() });
  await instructor.api.beergame.handToComputer.mutate({
    gameId,
    facilityId: 'rims',
    commandId: randomUUID(),
  });
  for (let week = 1; week <= 8; week++) {
    await shop.api.beergame.placeOrder.mutate({
      gameId,
      facilityId: 'shop',
      capabilityId: 'A1',
      quantity: week < 4 ? 2 : 5,
      commandId: randomUUID(),
    });
    await plant.api.beergame.placeOrder.mutate({
      gameId,
      facilityId: 'plant',
      capabilityId: 'A1',
      quantity: 3,
      commandId: randomUUID(),
    });
    await plant.api.beergame.placeOrder.mutate({
      gameId,
      facilityId: 'plant',
      capabilityId: 'A2',
      quantity: 6,
      commandId: randomUUID(),
    });
  }

  const page = await browserOf(instructor);
  await page.goto(`${origin}/game/${gameId}/results`);
  await page.getByTestId('debrief-facilities').waitFor();
  await drawCharts(page);
  for (const measure of ['orders', 'netInventory']) {
    const charts = page.getByTestId(`product-charts-${measure}`);
    await expect.poll(() => charts.locator('.recharts-wrapper').count()).toBe(2);
    await expect(charts.textContent()).resolves.toMatch(/Bike[\s\S]*Wheel/);
  }
  await page.getByTestId('product-charts-orders').screenshot({ path: `${shots}/debrief-products-1280.png` });
}, 60_000);
