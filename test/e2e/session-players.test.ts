import { randomUUID } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { type SessionEventOf, sessionStreamId } from '../../src-shared/session';
import { DESKTOP, PHONE, settled } from '../support/browser';
import { browserFixture, refusal, SHOTS as shots } from '../support/browser-fixture';
import type { ApiUser } from '../support/server';
import { sessionView } from '../support/session-view';

/**
 * A session's players in real Chromium (issue 12): four phones type the session's code on the
 * home page; two pick a seat, two take random ones; one closes the tab and gets the seat back from
 * the same device; the round starts and everyone lands on their game, whose round list shows both
 * rounds; the next round shows in the lobby with the same team. The instructor's lobby shows the
 * join code for the projector.
 */
const app = browserFixture({ server: { limits: { gameCreations: { max: 1000, windowSeconds: 60 } } } });
let ada: ApiUser;

beforeAll(async () => {
  ada = await app.instructor('ada@example.org');
});

type Device = Awaited<ReturnType<BrowserContext['storageState']>>;
const newPage = (viewport = PHONE, storageState?: Device) =>
  app.person({ viewport, ...(storageState ? { storageState } : {}) });

/** A phone that types the code on the home page, as players do, and lands on the lobby. */
async function reachLobby(page: Page, code: string) {
  await page.goto(`${app.origin}/`);
  await page.getByTestId('join-code-input').fill(`${code.slice(0, 3)}-${code.slice(3)}`.toLowerCase());
  await page.getByTestId('join-code-submit').click();
  await page.waitForURL(/\/session\/[\w-]+\/lobby$/);
  await page.getByTestId('round-name').waitFor();
}

const seatTitle = (page: Page) => page.getByTestId('my-seat-title').textContent();

it('seats players by code, starts the round, and carries their teams to the next one', async () => {
  const { sessionId } = await ada.api.session.create.mutate({
    name: 'Operations 101, Tuesday',
    template: 'blindThenTransparent',
    teamCount: 2,
    commandId: randomUUID(),
  });
  await ada.api.session.publish.mutate({ sessionId, commandId: randomUUID() });
  const opened = await sessionView(ada, sessionId, (view) => view.teams.length === 2 && view.code !== null);
  const code = opened.code!;
  const lobby = `${app.origin}/session/${sessionId}/lobby`;

  // The instructor's lobby, on the projector: the code in big type and its QR code.
  const instructor = await app.person({ viewport: DESKTOP, as: ada });
  await instructor.page.goto(lobby);
  await instructor.page.getByTestId('join-qr').waitFor();
  expect((await instructor.page.getByTestId('join-code').textContent())?.replace(' ', '')).toBe(code);
  await instructor.page.screenshot({ path: `${shots}/session-lobby-1-instructor-1280.png`, fullPage: true });

  // Riley picks the retailer of team 2; the lobby asks a name first.
  const riley = await newPage();
  await reachLobby(riley.page, code);
  expect(await riley.page.getByTestId('session-name').textContent()).toBe('Operations 101, Tuesday');
  expect(await riley.page.getByTestId('round-number').textContent()).toBe('Round 1 of 2');
  await riley.page.screenshot({ path: `${shots}/session-lobby-2-seats-390.png` });
  await riley.page.getByTestId('player-name').fill('Riley');
  await riley.page.getByTestId('seat-2-retailer').click();
  await expect.poll(() => seatTitle(riley.page)).toBe('You are the Retailer of Team 2');
  await riley.page.getByTestId('waiting-start').waitFor();
  await riley.page.screenshot({ path: `${shots}/session-lobby-3-seated-390.png`, fullPage: true });

  // Sam picks team 2's wholesaler and sees Riley as a teammate.
  const sam = await newPage();
  await reachLobby(sam.page, code);
  await sam.page.getByTestId('player-name').fill('Sam');
  await sam.page.getByTestId('seat-2-wholesaler').click();
  await expect.poll(() => seatTitle(sam.page)).toBe('You are the Wholesaler of Team 2');
  await expect.poll(() => sam.page.getByTestId('teammates').textContent()).toContain('Riley');

  // Two more take random free seats: the emptiest team, team 1.
  const randoms: Array<{ context: BrowserContext; page: Page }> = [];
  for (const name of ['Alex', 'Jo']) {
    const player = await newPage();
    await reachLobby(player.page, code);
    await player.page.getByTestId('player-name').fill(name);
    await player.page.getByTestId('join-random').click();
    await expect.poll(() => seatTitle(player.page)).toMatch(/ of Team 1$/);
    randoms.push(player);
  }
  await expect.poll(() => instructor.page.getByTestId('team-1').textContent()).toContain('Jo');

  // A desktop visitor sees the picker as wide as the screen allows.
  const wide = await newPage(DESKTOP);
  await reachLobby(wide.page, code);
  await wide.page.getByTestId('team-2').waitFor();
  await wide.page.screenshot({ path: `${shots}/session-lobby-4-seats-1280.png`, fullPage: true });
  await wide.context.close();

  // Alex closes the tab and reopens the session from the same device: the seat is theirs again.
  const alexSeat = await seatTitle(randoms[0]!.page);
  const device = await randoms[0]!.context.storageState();
  await randoms[0]!.context.close();
  const alex = await newPage(PHONE, device);
  await alex.page.goto(lobby);
  await expect.poll(() => seatTitle(alex.page)).toBe(alexSeat);
  expect(await alex.page.getByTestId('player-name').count()).toBe(0);
  randoms[0] = alex;

  // Riley's seated lobby on a wide screen.
  await riley.page.setViewportSize(DESKTOP);
  await riley.page.screenshot({ path: `${shots}/session-lobby-5-seated-1280.png`, fullPage: true });
  await riley.page.setViewportSize(PHONE);

  // The instructor starts the round: every waiting player lands on their game's play page.
  await ada.api.session.startRound.mutate({ sessionId, commandId: randomUUID() });
  const players = [riley, sam, ...randoms];
  for (const player of players) await player.page.waitForURL(/\/game\/[\w-]+\/play$/);
  await expect.poll(() => riley.page.getByTestId('my-role').textContent()).toBe('Retailer');

  // The game's breadcrumbs start with the session; its round list names both rounds.
  await riley.page.getByTestId('session-crumb').waitFor();
  await riley.page.getByTestId('round-menu').click();
  await riley.page.getByTestId('round-menu-list').waitFor();
  expect(await riley.page.getByTestId('round-entry-1').textContent()).toMatch(/^Round 1 · /);
  expect(await riley.page.getByTestId('round-entry-2').textContent()).toMatch(/^Round 2 · /);
  // Round 2 has no game yet: it cannot be entered.
  expect(await riley.page.getByTestId('round-entry-2').getAttribute('data-disabled')).toBe('true');
  // The dropdown fades in: shot once it is opaque.
  await settled(riley.page);
  await riley.page.screenshot({ path: `${shots}/session-lobby-6-round-menu-390.png` });
  await riley.page.setViewportSize(DESKTOP);
  await settled(riley.page);
  await riley.page.screenshot({ path: `${shots}/session-lobby-7-round-menu-1280.png` });
  await riley.page.setViewportSize(PHONE);
  // The menu, open across the window's changes of size (a live update may have closed it), is
  // closed and opened again on the phone.
  await riley.page.keyboard.press('Escape');
  await riley.page.getByTestId('round-menu-list').waitFor({ state: 'detached' });
  await riley.page.getByTestId('round-menu').click();
  await riley.page.getByTestId('back-to-lobby').click();
  await riley.page.waitForURL(lobby);
  // Back in the lobby during the round: the way to the game, no automatic bounce.
  await riley.page.getByTestId('go-to-game').waitFor();

  // The session's results during the blind round: nothing of it, and why.
  const results = await riley.context.newPage();
  await results.setViewportSize(PHONE);
  await results.goto(`${app.origin}/session/${sessionId}/results`);
  await expect
    .poll(() => results.getByTestId('results-pending-1').textContent())
    .toContain('once every team');
  expect(await results.getByTestId('result-row').count()).toBe(0);
  await results.screenshot({ path: `${shots}/session-results-pending-390.png`, fullPage: true });
  await results.setViewportSize(DESKTOP);
  await results.screenshot({ path: `${shots}/session-results-pending-1280.png`, fullPage: true });
  await results.close();

  // Everyone moves to round 2 (issue 23): Riley, in the lobby, is taken to her game of round 2,
  // her team and role kept; the lobby, when she goes back to it, shows round 2 and her seat.
  const round1Game = sam.page.url();
  await ada.api.session.nextRound.mutate({ sessionId, commandId: randomUUID() });
  await riley.page.waitForURL(/\/game\/[\w-]+\/intro$/);
  await riley.page.getByText('Round 2: your game is open. Here it is.').waitFor();
  // Sam, on round 1's play page, follows too.
  await sam.page.waitForURL(/\/game\/[\w-]+\/intro$/);
  expect(sam.page.url()).not.toBe(round1Game);
  await riley.page.goto(lobby);
  await expect.poll(() => riley.page.getByTestId('round-number').textContent()).toBe('Round 2 of 2');
  await expect.poll(() => seatTitle(riley.page)).toBe('You are the Retailer of Team 2');
  await riley.page.getByTestId('waiting-start').waitFor();
  await riley.page.screenshot({ path: `${shots}/session-lobby-8-round-2-390.png`, fullPage: true });

  for (const person of [instructor, ...players]) await person.context.close();
});

it('sends a code that names no session nor game back to the join box with why', async () => {
  // The look-up is refused (404), which the browser logs.
  app.expectConsoleErrors(refusal(404, 'join.byCode'));
  const visitor = await newPage();
  await visitor.page.goto(`${app.origin}/j/3479AC`);
  await visitor.page.getByText('No game has this code.').waitFor();
  await visitor.context.close();
});

/** A player who opens the session's lobby, takes team 1's retailer, and lands on the round's game. */
async function playingInRound(sessionId: string, name: string) {
  const player = await newPage();
  await player.page.goto(`${app.origin}/session/${sessionId}/lobby`);
  await player.page.getByTestId('player-name').fill(name);
  await player.page.getByTestId('seat-1-retailer').click();
  await player.page.getByTestId('waiting-start').waitFor();
  await ada.api.session.startRound.mutate({ sessionId, commandId: randomUUID() });
  await player.page.waitForURL(/\/game\/[\w-]+\/play$/);
  await player.page.getByTestId('session-crumb').waitFor();
  return player;
}

it("switches a session's game to the language its player picks, the round menu included", async () => {
  const { sessionId } = await ada.api.session.create.mutate({
    name: 'Bilingual class',
    template: 'blindThenTransparent',
    teamCount: 1,
    commandId: randomUUID(),
  });
  await ada.api.session.publish.mutate({ sessionId, commandId: randomUUID() });
  const { page } = await playingInRound(sessionId, 'Camille');
  await expect.poll(() => page.getByTestId('round-menu').textContent()).toBe('Round 1/2');
  expect(await page.getByTestId('week').textContent()).toBe('Week 1 of 36');
  await page.getByRole('button', { name: 'Language' }).click();
  await page.locator('.locale-fr').click();
  await expect.poll(() => page.getByTestId('week').textContent()).toBe('Semaine 1 sur 36');
  expect(await page.getByTestId('round-menu').textContent()).toBe('Manche 1/2');
  expect(await page.getByTestId('round-menu').getAttribute('aria-label')).toBe('Manche 1/2, Manches');
  await page.getByTestId('round-menu').click();
  await expect
    .poll(() => page.getByTestId('round-entry-1').textContent())
    .toMatch(/^Manche 1 · .* · en cours$/);
  expect(await page.getByTestId('round-entry-2').textContent()).toMatch(/^Manche 2 · /);
});

it("hides the language picker from a session's players, in its lobby and its games, when the session does not allow it", async () => {
  const { sessionId } = await ada.api.session.create.mutate({
    name: 'One language class',
    template: 'blindThenTransparent',
    teamCount: 1,
    commandId: randomUUID(),
  });
  const { setup } = await ada.api.session.setup.query({ sessionId });
  await ada.api.session.edit.mutate({
    sessionId,
    setup: { ...setup, config: { ...setup.config, allowLanguagePicker: false } },
    commandId: randomUUID(),
  });
  await ada.api.session.publish.mutate({ sessionId, commandId: randomUUID() });
  // What the pages are judged against is recorded: the session's last setup forbids the picker.
  const edits = (await app.server.services.store.readStream(sessionStreamId(sessionId))).filter(
    (event) => event.type === 'SessionEdited',
  );
  expect(
    (edits.at(-1)!.data as SessionEventOf<'SessionEdited'>['data']).setup.config.allowLanguagePicker,
  ).toBe(false);
  const player = await newPage();
  await player.page.goto(`${app.origin}/`);
  // On the home page, the picker is there; in the session's lobby, once it shows the session, it is not.
  await player.page.getByRole('button', { name: 'Language' }).waitFor();
  await player.page.goto(`${app.origin}/session/${sessionId}/lobby`);
  await player.page.getByTestId('round-name').waitFor();
  await expect.poll(() => player.page.getByRole('button', { name: 'Language' }).count()).toBe(0);
  await player.context.close();
  // Nor in the session's game, once the page knows its session (its crumb).
  const { page } = await playingInRound(sessionId, 'Dominik');
  await expect.poll(() => page.getByRole('button', { name: 'Language' }).count()).toBe(0);
  expect(await page.getByTestId('week').textContent()).toBe('Week 1 of 36');
});
