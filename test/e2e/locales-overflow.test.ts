/**
 * Every language on a phone (issue 23, item 12): a player's play page, the instructor's board and
 * the debrief with its replay map, at 390 px, in each of the 11 languages chosen with the language
 * picker. No element overflows its card or the screen, no text is clipped (a Polish "Złóż
 * zamówienie" button wider than its card, a map label cut at the map's edge), and no message shows
 * as its raw key. One server, two games, three pages that stay open while the language changes.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { LOCALES, type Locale } from '../../src-shared/rules/locale';
import { PHONE } from '../support/browser';
import { browserFixture, SHOTS as shots } from '../support/browser-fixture';
import type { ApiUser } from '../support/server';

const messagesOf = (code: Locale) =>
  JSON.parse(readFileSync(`locales/${code}.json`, 'utf8')) as Record<string, string>;
const NAMESPACES = new Set(Object.keys(messagesOf('en')).map((id) => id.split('.')[0]!));

const app = browserFixture();

/** A phone signed in with an API client's session cookie. */
async function phoneOf(user: ApiUser): Promise<Page> {
  const { page } = await app.person({ viewport: PHONE, as: user });
  return page;
}

/** A classic game whose retailer is `player` and whose other roles the computer plays, `weeks` weeks in. */
async function gameOf(instructor: ApiUser, player: ApiUser, weeks: number): Promise<string> {
  const { gameId } = await instructor.api.beergame.create.mutate({ name: 'Klasa 3B', template: 'classic' });
  await player.api.beergame.join.mutate({ gameId, facilityId: 'retailer', commandId: randomUUID() });
  for (const facilityId of ['wholesaler', 'distributor', 'factory'])
    await instructor.api.beergame.handToComputer.mutate({ gameId, facilityId, commandId: randomUUID() });
  for (let week = 1; week <= weeks; week++)
    await player.api.beergame.placeOrder.mutate({
      gameId,
      facilityId: 'retailer',
      quantity: 4 + (week % 3) * 4,
      commandId: randomUUID(),
    });
  return gameId;
}

/**
 * What overflows on the page, as readable lines: an element past the screen's edges or its card's,
 * an element whose overflow hides part of its content, an SVG text past its map or its facility's
 * card. Elements inside a horizontal scroller (a wide table, a wide map) and visually hidden ones
 * are left out: they scroll, or are read out only.
 */
function overflows(): string[] {
  const found: string[] = [];
  const width = document.documentElement.clientWidth;
  const describe = (el: Element) => {
    const mantine = [...el.classList].find((name) => name.startsWith('mantine-'));
    const testId = el.getAttribute('data-testid');
    const text = (el.textContent ?? '').trim().slice(0, 40);
    return `${el.tagName.toLowerCase()}${mantine ? `.${mantine}` : ''}${testId ? `[${testId}]` : ''} "${text}"`;
  };
  const scrollsOrHides = (el: Element) => {
    for (let up: Element | null = el; up && up !== document.body; up = up.parentElement) {
      const style = getComputedStyle(up);
      if (up !== el && ['auto', 'scroll'].includes(style.overflowX) && up.scrollWidth > up.clientWidth)
        return true;
      if (style.clip === 'rect(0px, 0px, 0px, 0px)' || style.clipPath === 'inset(50%)') return true;
    }
    return false;
  };
  if (document.documentElement.scrollWidth > width)
    found.push(`the page is ${document.documentElement.scrollWidth} px wide`);
  for (const el of document.body.querySelectorAll('*')) {
    const box = el.getBoundingClientRect();
    if (box.width === 0 || box.height === 0 || getComputedStyle(el).visibility === 'hidden') continue;
    if (el instanceof SVGTextElement) {
      const svg = el.ownerSVGElement!;
      const picture = svg.getBoundingClientRect();
      const cut = getComputedStyle(svg).overflow !== 'visible';
      if (cut && (box.left < picture.left - 1 || box.right > picture.right + 1))
        found.push(`${describe(el)} is cut at its picture's edge`);
      const facility = el
        .closest('[data-testid^="map-facility-"]')
        ?.querySelector('rect')
        ?.getBoundingClientRect();
      if (facility && (box.left < facility.left - 1 || box.right > facility.right + 1))
        found.push(`${describe(el)} overflows its facility's card`);
    }
    if (scrollsOrHides(el)) continue;
    if (box.left < -1 || box.right > width + 1)
      found.push(`${describe(el)} spans ${Math.round(box.left)}–${Math.round(box.right)} px of ${width}`);
    const card = el.parentElement?.closest('.mantine-Card-root, .mantine-Paper-root');
    const cardBox = card?.getBoundingClientRect();
    if (cardBox && (box.left < cardBox.left - 1 || box.right > cardBox.right + 1))
      found.push(`${describe(el)} overflows its card ${describe(card!)}`);
    if (el instanceof HTMLElement) {
      const style = getComputedStyle(el);
      const clips = ['hidden', 'clip'].includes(style.overflowX) && style.textOverflow !== 'ellipsis';
      if (clips && el.scrollWidth > el.clientWidth + 1 && el.textContent?.trim())
        found.push(`${describe(el)} hides ${el.scrollWidth - el.clientWidth} px of its content`);
    }
  }
  return found;
}

/**
 * The raw message ids a page shows or reads out: words shaped like an id of one of en.json's
 * namespaces ("map.stockBacklog", an id en.json lacks, was read out on every page with a map).
 */
const rawKeys = (page: Page) =>
  page.evaluate(
    (namespaces) => {
      const id = new RegExp(`\\b(?:${namespaces.join('|')})\\.[a-z]\\w*(?:\\.\\w+)*`, 'g');
      return [...new Set((document.body.textContent ?? '').match(id))];
    },
    [...NAMESPACES],
  );

/** Switches the page's language with the language picker, and waits for its words. */
async function chooseLanguage(page: Page, code: Locale) {
  await page.getByTestId('language-picker').click();
  await page.locator(`.locale-${code}`).click();
  const intro = messagesOf(code)['game.tab.intro']!;
  await expect.poll(() => page.getByTestId('tab-intro').textContent()).toBe(intro);
}

it('fits every page of a game on a phone in every language', async () => {
  const origin = app.origin;
  const instructor = await app.instructor('jezyki@example.org');
  const player = await app.anonymous('Zofia Wiśniewska-Kowalczyk');
  const running = await gameOf(instructor, player, 3);
  const finished = await gameOf(instructor, player, 10);
  await instructor.api.beergame.endGame.mutate({ gameId: finished, commandId: randomUUID() });

  const pages = {
    play: await phoneOf(player),
    board: await phoneOf(instructor),
    debrief: await phoneOf(player),
  };
  await pages.play.goto(`${origin}/game/${running}/play`);
  await pages.play.getByTestId('place-order').waitFor();
  await pages.board.goto(`${origin}/game/${running}/play`);
  await pages.board.getByTestId('board-retailer').waitFor();
  await pages.debrief.goto(`${origin}/game/${finished}/results`);
  await pages.debrief.getByTestId('supply-chain-map').waitFor();

  const problems: string[] = [];
  for (const code of LOCALES)
    for (const [name, page] of Object.entries(pages)) {
      await chooseLanguage(page, code);
      if (code === 'pl' || code === 'en')
        await page.screenshot({ path: `${shots}/locales-${name}-${code}-390.png`, fullPage: true });
      problems.push(...(await page.evaluate(overflows)).map((problem) => `${code} ${name}: ${problem}`));
      problems.push(...(await rawKeys(page)).map((key) => `${code} ${name}: shows the raw key ${key}`));
      // The disabled Results tab's hint, the widest of the page's tooltips, shown while hovered.
      await page.getByTestId('tab-results').hover();
      problems.push(...(await page.evaluate(overflows)).map((problem) => `${code} ${name}: ${problem}`));
      await page.mouse.move(0, 0);
    }
  expect(problems).toEqual([]);
});
