import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { answerSetup, DESKTOP, PHONE } from '../support/browser';
import { browserFixture, type PersonOptions } from '../support/browser-fixture';

/**
 * The lean game's play page in real Chromium: an instructor creates the workshop and starts the
 * round; a player at the warehouse releases work by its key and sends the batch; a player on a
 * phone at the first painting station picks it up, takes the tool, paints two targets (a click
 * and a key) and sends it on. Before the start, one player holds the improvements panel and the
 * other's request is refused with its message. Screenshots at 1280 and 390 px.
 */
const shots = process.env.LEAN_SHOTS ?? 'test-results/e2e';
/**
 * Server minutes per real minute: what this file tests is what each move does, not how long the
 * floor takes (a batch's transit, the computer's painting), so the workshop runs four times fast.
 */
const SPEED = 4;
const app = browserFixture();
/** When the fast clock starts, read from this machine's clock, which the browsers share. */
const base = Date.now();

beforeAll(() => {
  app.server.services.now = () => base + (Date.now() - base) * SPEED;
});

/** A person whose page's clock runs as fast as the server's (a page measures its offset once). */
async function newPage(viewport = DESKTOP, storageState?: PersonOptions['storageState']) {
  const person = await app.person({
    viewport,
    ...(storageState ? { storageState } : {}),
  });
  await person.context.addInitScript(
    ({ from, speed }) => {
      const realNow = Date.now.bind(Date);
      Date.now = () => from + (realNow() - from) * speed;
    },
    { from: base, speed: SPEED },
  );
  return person;
}

/** A procedure called from the page (its cookies), as the app's client would: superjson's envelope. */
async function call(page: Page, path: string, input: unknown): Promise<{ status: number; data: unknown }> {
  return page.evaluate(
    async ({ path, input }) => {
      const response = await fetch(`/api/trpc/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ json: input }),
      });
      const body = (await response.json()) as { result?: { data?: { json?: unknown } } };
      return { status: response.status, data: body.result?.data?.json ?? body };
    },
    { path, input },
  );
}

/** A player signed in anonymously with a name, seated at `facilityId`, on the play page. */
async function player(name: string, gameId: string, facilityId: string, viewport = DESKTOP) {
  const person = await newPage(viewport);
  await person.page.goto(`${app.origin}/`);
  const signedIn = await person.page.evaluate(async (name) => {
    const post = (path: string, body: unknown) =>
      fetch(`/api/auth/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const anonymous = await post('sign-in/anonymous', {});
    const renamed = await post('update-user', { name });
    return anonymous.ok && renamed.ok;
  }, name);
  expect(signedIn).toBe(true);
  const joined = await call(person.page, 'leangame.join', {
    gameId,
    facilityId,
    commandId: crypto.randomUUID(),
  });
  expect(joined.status, JSON.stringify(joined.data)).toBe(200);
  await person.page.goto(`${app.origin}/game/${gameId}/play`);
  await person.page.getByTestId('station-panel').waitFor();
  return person;
}

it('plays the workshop: release and send, pick up, paint by click and key, send on; the panel held by one', async () => {
  const instructor = await newPage();
  await instructor.page.goto(`${app.origin}/signup`);
  await instructor.page.getByLabel('Your name').fill('Ada Lovelace');
  await instructor.page.getByLabel('E-mail').fill('ada@example.org');
  await instructor.page.getByLabel(/^Password/).fill('correct horse battery');
  await instructor.page.getByRole('button', { name: 'Create my account' }).click();
  await answerSetup(instructor.page);
  await instructor.page.waitForURL('**/dashboard/intro');
  const created = await call(instructor.page, 'leangame.create', {
    name: 'Lean workshop',
    template: 'workshop4-choose',
  });
  expect(created.status, JSON.stringify(created.data)).toBe(200);
  const { gameId } = created.data as { gameId: string };
  await instructor.page.goto(`${app.origin}/game/${gameId}/play`);
  await instructor.page.getByTestId('instructor-board').waitFor();

  const [wendy, pat, quinn] = await Promise.all([
    player('Wendy', gameId, 'warehouse'),
    player('Pat', gameId, 'paint1', PHONE),
    player('Quinn', gameId, 'qc'),
  ]);

  // Before the start: the floor and what each facility does; the seats are named.
  await pat.page.getByTestId('before-start').waitFor();
  await expect.poll(() => instructor.page.getByTestId('floor-holder-paint1').textContent()).toBe('Pat');
  expect(await pat.page.getByTestId('floor-holder-paint1').textContent()).toBe('You');

  // Wendy opens the improvements panel and turns SMED on; Pat sees who holds it and the choice,
  // and asking for the panel is refused with its message.
  await wendy.page.getByTestId('open-panel').click();
  await expect
    .poll(() => wendy.page.getByTestId('panel-status').textContent())
    .toContain('You hold the panel');
  await expect.poll(() => pat.page.getByTestId('panel-status').textContent()).toBe('Wendy holds the panel.');
  await wendy.page.getByTestId('toggle-smed').click({ force: true });
  await expect.poll(() => pat.page.getByTestId('improvement-smed').getAttribute('data-enabled')).toBe('true');
  await pat.page.getByTestId('open-panel').click();
  await pat.page.getByText('Someone else has the improvements panel open.').waitFor();
  // A batch size out of range is refused before anything is sent, in words.
  await wendy.page.getByTestId('toggle-batch').click({ force: true });
  await wendy.page.getByTestId('batch-size').fill('0');
  await wendy.page.getByTestId('batch-size-set').click();
  await wendy.page.getByText('Out of range: type a number from 1 to 20.').waitFor();
  await wendy.page.getByTestId('batch-size').fill('4');
  await wendy.page.getByTestId('batch-size-set').click();
  await wendy.page.getByTestId('close-panel').click();
  await expect
    .poll(() => pat.page.getByTestId('panel-status').textContent())
    .toContain('The panel is closed');

  await pat.page.evaluate(() => window.scrollTo(0, 0));
  await pat.page.screenshot({ path: `${shots}/lean-player-before-390.png`, fullPage: true });
  await instructor.page.screenshot({ path: `${shots}/lean-instructor-before-1280.png`, fullPage: true });

  // The instructor starts the round (after a confirmation).
  await instructor.page.getByTestId('start-game').click();
  await instructor.page.getByTestId('confirm-start').click();
  await expect.poll(() => wendy.page.getByTestId('lean-clock').getAttribute('data-state')).toBe('running');
  await wendy.page.getByTestId('order-o1').waitFor();

  // The warehouse releases two sheets, by key and by click, and sends them as a batch.
  await wendy.page.locator('body').press('r');
  await expect.poll(() => wendy.page.getByTestId('warehouse-hand').textContent()).toContain('1 of 4');
  await wendy.page.getByTestId('release-next').click();
  await expect.poll(() => wendy.page.getByTestId('warehouse-hand').textContent()).toContain('2 of 4');
  await wendy.page.getByTestId('send-batch').click();
  await expect.poll(() => wendy.page.getByTestId('warehouse-hand').textContent()).toContain('0 of 4');
  // On its way to the first station (four cells apart: 0.3 minutes), with its countdown.
  await instructor.page.getByTestId('transit-paint1').waitFor();
  await instructor.page.screenshot({ path: `${shots}/lean-instructor-1280.png`, fullPage: true });
  await wendy.page.screenshot({ path: `${shots}/lean-player-warehouse-1280.png`, fullPage: true });

  // The station picks the batch up once it has arrived, by its key.
  await expect.poll(() => pat.page.getByTestId('pick-up').isEnabled(), { timeout: 10_000 }).toBe(true);
  await pat.page.locator('body').press('p');
  await pat.page.getByTestId('tool-circle:yellow').waitFor();
  await expect.poll(() => pat.page.getByTestId('hand-empty').count()).toBe(0);
  // Takes the yellow circle; SMED makes the changeover short.
  await pat.page.getByTestId('tool-circle:yellow').click();
  await expect.poll(() => pat.page.getByTestId('tool-in-hand').textContent()).toBe('In hand: Circle, yellow');
  // Paints target 1 by a click and target 5 by its key (the sun's two yellow circles); the next
  // sheet comes up by itself, painted by keys; then both are sent on with S.
  const left = (id: string) => pat.page.getByTestId(`hand-${id}`).getAttribute('data-left');
  expect(await left('p0')).toBe('2');
  await pat.page.getByTestId('target-0').click();
  await expect.poll(() => left('p0')).toBe('1');
  await pat.page.locator('body').press('5');
  await expect.poll(() => left('p0')).toBe('0');
  await pat.page.screenshot({ path: `${shots}/lean-player-390.png`, fullPage: true });
  await pat.page.locator('body').press('1');
  await expect.poll(() => left('p1')).toBe('1');
  await pat.page.locator('body').press('5');
  await expect.poll(() => left('p1')).toBe('0');
  await pat.page.locator('body').press('s');
  await pat.page.getByTestId('hand-empty').waitFor();
  await instructor.page.getByTestId('transit-paint2').waitFor({ timeout: 10_000 });

  // The computer paints the blue squares at the second station; quality control picks the batch
  // up, inspects, removes an operation and repaints it with the line's tool, inspects again and
  // sends the sheets to the warehouse, which delivers them against the order.
  await expect.poll(() => quinn.page.getByTestId('pick-up').isEnabled(), { timeout: 30_000 }).toBe(true);
  await quinn.page.locator('body').press('p');
  await quinn.page.getByTestId('hand-p0').waitFor();
  await quinn.page.getByTestId('hand-p0').click();
  await quinn.page.getByTestId('inspect').click();
  await expect.poll(() => quinn.page.getByTestId('hand-p0').getAttribute('data-inspected')).toBe('true');
  await quinn.page.getByTestId('remove-2').click();
  await expect.poll(() => quinn.page.getByTestId('hand-p0').getAttribute('data-left')).toBe('1');
  await quinn.page.getByTestId('tool-square:blue').click();
  await expect.poll(() => quinn.page.getByTestId('tool-in-hand').textContent()).toBe('In hand: Square, blue');
  await quinn.page.getByTestId('target-8').click();
  await expect.poll(() => quinn.page.getByTestId('hand-p0').getAttribute('data-left')).toBe('0');
  const inspected = (id: string) => quinn.page.getByTestId(`hand-${id}`).getAttribute('data-inspected');
  await quinn.page.locator('body').press('i');
  await expect.poll(() => inspected('p0')).toBe('true');
  await quinn.page.getByTestId('hand-p1').click();
  await quinn.page.locator('body').press('i');
  await expect.poll(() => inspected('p1')).toBe('true');
  await quinn.page.screenshot({ path: `${shots}/lean-player-qc-1280.png`, fullPage: true });
  await quinn.page.locator('body').press('s');
  await quinn.page.getByTestId('hand-empty').waitFor();
  await expect.poll(() => wendy.page.getByTestId('deliver').isEnabled(), { timeout: 10_000 }).toBe(true);
  await wendy.page.locator('body').press('d');
  await expect.poll(() => wendy.page.getByTestId('order-o1').textContent()).toContain('1 / 9');
  await wendy.page.getByTestId('deliver-sun').click();
  await expect.poll(() => wendy.page.getByTestId('order-o1').textContent()).toContain('2 / 9');

  // The instructor's board at a phone's width, from the same device.
  const phoneBoard = await newPage(PHONE, await instructor.context.storageState());
  await phoneBoard.page.goto(`${app.origin}/game/${gameId}/play`);
  await phoneBoard.page.getByTestId('instructor-board').waitFor();
  await phoneBoard.page.screenshot({ path: `${shots}/lean-instructor-390.png`, fullPage: true });
  // The floor scrolls inside its own box: no phone page is wider than its screen, and on a laptop
  // the floor stays inside the window.
  for (const page of [pat.page, phoneBoard.page]) {
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, page.url()).toBeLessThanOrEqual(0);
  }
  for (const page of [wendy.page, quinn.page, instructor.page]) {
    const right = await page.getByTestId('floor-map').evaluate((box) => box.getBoundingClientRect().right);
    expect(right).toBeLessThanOrEqual(DESKTOP.width);
  }

  // The instructor hands Pat's station to the computer: Pat now watches.
  await instructor.page.getByTestId('free-paint1').click();
  await instructor.page.getByTestId('confirm-free').click();
  await pat.page.getByTestId('lean-observer').waitFor();
  await expect.poll(() => instructor.page.getByTestId('floor-holder-paint1').textContent()).toBe('Computer');

  // Ending the round stops the clock; a reset makes ready another round, seats and improvements kept.
  await instructor.page.getByTestId('end-game').click();
  await instructor.page.getByTestId('confirm-end').click();
  await expect.poll(() => wendy.page.getByTestId('lean-clock').getAttribute('data-state')).toBe('ended');
  await instructor.page.getByTestId('reset-game').click();
  await instructor.page.getByText('Seats and improvements are kept').waitFor();
  await instructor.page.getByTestId('confirm-reset').click();
  await expect.poll(() => wendy.page.getByTestId('lean-clock').getAttribute('data-state')).toBe('notStarted');
  expect(await wendy.page.getByTestId('floor-holder-warehouse').textContent()).toBe('You');
  expect(await wendy.page.getByTestId('improvement-smed').getAttribute('data-enabled')).toBe('true');
});

it('lets the instructor set a factory up in the improvements panel: move a station, reassign a tool, caps checked', async () => {
  const instructor = await newPage();
  await instructor.page.goto(`${app.origin}/login`);
  await instructor.page.getByLabel('E-mail').fill('ada@example.org');
  await instructor.page.getByLabel(/^Password/).fill('correct horse battery');
  await instructor.page.getByRole('button', { name: 'Log in' }).click();
  await instructor.page.waitForURL('**/dashboard/**');
  const created = await call(instructor.page, 'leangame.create', {
    name: 'Factory',
    template: 'factory7-choose',
  });
  const { gameId } = created.data as { gameId: string };
  await instructor.page.goto(`${app.origin}/game/${gameId}/play`);
  await instructor.page.getByTestId('open-panel').click();
  await expect
    .poll(() => instructor.page.getByTestId('panel-status').textContent())
    .toContain('You hold the panel');
  // The suggested settings off: the improvements only allow what follows.
  await instructor.page.getByTestId('apply-suggested').click({ force: true });
  for (const improvement of ['movestations', 'balancestations', 'kanban', 'batch']) {
    await instructor.page.getByTestId(`toggle-${improvement}`).click({ force: true });
    await expect
      .poll(() => instructor.page.getByTestId(`improvement-${improvement}`).getAttribute('data-enabled'))
      .toBe('true');
  }
  // Rework moves next to quality control: the facility, then a free cell.
  const panel = instructor.page.getByTestId('panel-settings');
  await panel.getByTestId('floor-facility-rework').click();
  await panel.getByTestId('free-cell-4-3').click();
  await expect
    .poll(() => panel.getByTestId('floor-facility-rework').getAttribute('style'))
    .toMatch(/left: 464px; top: 560px/);
  // The red triangle goes to the station of the grey ones.
  await panel.getByTestId('reassign-triangle:red').click();
  await instructor.page.getByRole('option', { name: 'Triangles' }).click();
  await expect.poll(() => panel.getByTestId('reassign-triangle:red').inputValue()).toBe('Triangles');
  // A kanban cap below the batch size is refused in words before anything is sent.
  await instructor.page.getByTestId('kanban-cap').fill('2');
  await instructor.page.getByTestId('kanban-cap-set').click();
  await instructor.page.getByText('Out of range: type a number from 4 to 100.').waitFor();
  await instructor.page.getByTestId('kanban-cap').fill('6');
  await instructor.page.getByTestId('kanban-cap-set').click();
  await instructor.page.getByText('Now: 6').waitFor();
  await instructor.page
    .getByTestId('improvements-panel')
    .screenshot({ path: `${shots}/lean-panel-1280.png` });
  const phone = await newPage(PHONE, await instructor.context.storageState());
  await phone.page.goto(`${app.origin}/game/${gameId}/play`);
  await phone.page.getByTestId('panel-settings').waitFor();
  await phone.page.screenshot({ path: `${shots}/lean-panel-390.png`, fullPage: true });
});
