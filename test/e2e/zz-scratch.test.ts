import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, it } from 'vitest';
import type { RunningServer } from '../../src-server/main';
import { DESKTOP, launchChromium, newPerson, PHONE } from '../support/browser';
import { freshDatabase } from '../support/database';
import { signInAnonymous, signUpInstructor, startTestServer } from '../support/server';

let database: Awaited<ReturnType<typeof freshDatabase>>;
let server: RunningServer;
let browser: Browser;
let origin: string;
beforeAll(async () => {
  database = await freshDatabase();
  server = await startTestServer({ databaseUrl: database.url });
  origin = server.url.replace('localhost', '127.0.0.1');
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await database?.drop();
});
const withCookie = async (cookie: string, viewport = DESKTOP) => {
  const person = await newPerson(browser, { viewport });
  const [name, value] = cookie.split(';')[0]!.split('=');
  await person.page.context().addCookies([{ name: name!, value: value!, url: origin }]);
  return person;
};
it('shoots', async () => {
  const teacher = await signUpInstructor(server.url, 'shots@example.org');
  const pat = await signInAnonymous(server.url, 'Pat');
  const { gameId } = await teacher.api.leangame.create.mutate({
    name: 'Workshop Monday',
    template: 'workshop4-choose',
  });
  await pat.api.leangame.join.mutate({ gameId, facilityId: 'paint1', commandId: randomUUID() });
  const t = await withCookie(teacher.cookie);
  await t.page.goto(`${origin}/game/${gameId}/intro`);
  await t.page.getByTestId('open-floor').waitFor();
  await t.page.screenshot({ path: '/work/shots/lean-intro-creator-1280.png', fullPage: true });
  const v = await newPerson(browser, { viewport: PHONE });
  await v.page.goto(`${origin}/game/${gameId}/intro`);
  await v.page.getByTestId('facility-warehouse').waitFor();
  await v.page.screenshot({ path: '/work/shots/lean-intro-visitor-390.png', fullPage: true });
  await v.page.getByTestId('player-name').fill('Zoe');
  await v.page.getByTestId('facility-warehouse').getByRole('button').click();
  await v.page.waitForURL(/\/play$/);
  await t.page.goto(`${origin}/dashboard/templates`);
  await t.page.waitForTimeout(1500);
  await t.page.screenshot({ path: '/work/shots/lean-templates-1280.png', fullPage: true });
}, 60_000);
