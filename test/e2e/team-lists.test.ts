import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { parseJoinTeam } from '../../src-shared/api/team';
import { DESKTOP, PHONE, settled } from '../support/browser';
import { browserFixture, SHOTS } from '../support/browser-fixture';
import type { ApiUser } from '../support/server';

/**
 * Teammates' lists in real Chromium (issue 27, spec point 6): Bob, in Ada's and Carol's team, turns
 * the games tab to "My team's" and sees their published games (Carol without a name shows as
 * 'Teammate'), not Ada's draft or archive; their sessions open on the follow-up, their templates
 * make a game. The games tab's team view is photographed for the docs at 1280 and 390 px.
 */
const app = browserFixture();

async function joinTeam(admin: ApiUser, members: ApiUser[]) {
  await admin.api.team.create.mutate({ name: 'Operations faculty', commandId: randomUUID() });
  const [team] = await admin.api.team.mine.query();
  const joining = parseJoinTeam(new URL(team!.joinLink!).searchParams.get('joinTeam'))!;
  for (const member of members) await member.api.team.join.mutate({ ...joining, commandId: randomUUID() });
}

it("lists the teammates' games, sessions and templates read-only", async () => {
  const ada = await app.instructor('ada@example.org');
  const bob = await app.instructor('bob@example.org');
  const carol = await app.instructor('carol@example.org');
  const db = app.server.services.database.db;
  await db.updateTable('user').set({ name: 'Ada Lovelace' }).where('id', '=', ada.userId).execute();
  await db.updateTable('user').set({ name: '' }).where('id', '=', carol.userId).execute();
  // Bob, photographed, has a name and a confirmed address (no banner above his lists).
  await db
    .updateTable('user')
    .set({ name: 'Bob Martin', emailVerified: true })
    .where('id', '=', bob.userId)
    .execute();
  await sql`update "user" set firstname = 'Bob', lastname = 'Martin' where id = ${bob.userId}`.execute(db);
  await joinTeam(ada, [bob, carol]);

  await ada.api.beergame.create.mutate({ name: 'Monday class', template: 'classic' });
  await ada.api.beergame.create.mutate({ name: 'Unfinished idea', template: 'classic', draft: true });
  const { gameId: old } = await ada.api.beergame.create.mutate({ name: 'Last year', template: 'classic' });
  await ada.api.game.archive.mutate({ gameIds: [old], commandId: randomUUID() });
  await carol.api.leangame.create.mutate({ name: 'Lean workshop', template: 'workshop4-choose' });
  await carol.api.beergame.create.mutate({ name: 'Evening class B', template: 'lostSales' });
  await ada.api.beergame.create.mutate({ name: 'Evening class A', template: 'classic' });
  const { sessionId } = await ada.api.session.create.mutate({
    name: 'Spring seminar',
    template: 'chainLength',
    teamCount: 2,
    commandId: randomUUID(),
  });
  await ada.api.template.copy.mutate({ templateId: 'classic', title: 'Ada classic', description: 'Ours' });

  for (const [viewport, width] of [
    [DESKTOP, 1280],
    [PHONE, 390],
  ] as const) {
    const { page } = await app.person({ viewport, as: bob });
    await page.goto(`${app.origin}/dashboard/games`);
    await page.getByTestId('games-scope').getByText("My team's").click();
    const rows = page.getByTestId('team-game-row');
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(4);
    expect(await page.getByText('Unfinished idea').count()).toBe(0);
    expect(await page.getByText('Last year').count()).toBe(0);
    await page.getByText('Ada Lovelace').first().waitFor();
    await page.getByText('Teammate', { exact: true }).first().waitFor();
    await settled(page);
    await page.getByTestId('games-scope').scrollIntoViewIfNeeded();
    // The README's picture, made again on demand (DOCS_SHOTS=1).
    await page.screenshot({
      path: `${process.env.DOCS_SHOTS ? 'docs' : SHOTS}/screenshot-team-games-${width}.png`,
      fullPage: true,
    });
    await page.close();
  }

  const { page } = await app.person({ viewport: DESKTOP, as: bob });
  await page.goto(`${app.origin}/dashboard/sessions`);
  await page.getByTestId('sessions-scope').getByText("My team's").click();
  await page.getByTestId('team-session-row').getByText('Spring seminar').waitFor();
  await page.getByTestId('team-session-follow-up').click();
  await page.waitForURL(`**/session/${sessionId}/follow-up`);
  // The teammate runs the colleague's follow-up, unpublished as the session is (spec point 6).
  await page.getByTestId('session-admin-nav').waitFor();
  await settled(page);

  await page.goto(`${app.origin}/dashboard/templates`);
  await page.getByTestId('templates-scope').getByText("My team's").click();
  const card = page.getByTestId('team-templates').getByTestId('template-card');
  await card.getByText('Ada classic').waitFor();
  await card.getByTestId('template-create-game').click();
  await page.getByTestId('template-game-name').fill('From Ada');
  await page.getByTestId('template-game-submit').click();
  await page.waitForURL(/\/game\/[\w-]+\/intro$/);
  expect((await bob.api.dashboard.games.query({})).games.map((game) => game.name)).toEqual(['From Ada']);
});
