/**
 * Teammates' lists (issue 27, spec points 6 and 7) through the real server: two instructors become
 * teammates by the team procedures (Ada creates a team, Bob joins by its link); Bob sees Ada's
 * published games, sessions and templates in the team lists, never her drafts or archives nor a
 * stranger's; he administers her sessions and makes games and sessions from her templates, which
 * a stranger cannot; once he leaves the team, all of it is closed to him again.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src-server/main';
import { parseJoinTeam } from '../../src-shared/api/team';
import { freshDatabase, type TestDatabase } from '../support/database';
import { type ApiUser, signUpInstructor, startTestServer } from '../support/server';

let database: TestDatabase;
let server: RunningServer;
let ada: ApiUser;
let bob: ApiUser;
let eve: ApiUser;
let teamId: string;

const messageIdOf = (error: unknown) => (error as { data?: { messageId?: string } }).data?.messageId;
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => 'ok',
    (error) => messageIdOf(error),
  );

/** Ada's things, made before the team exists (a teammate sees what was made before joining). */
const made = {
  published: '',
  draft: '',
  archived: '',
  sessionId: '',
  templateId: '',
  sessionTemplateId: '',
  evesGame: '',
  evesSession: '',
  evesTemplate: '',
};

beforeAll(async () => {
  database = await freshDatabase();
  server = await startTestServer({
    databaseUrl: database.url,
    limits: { gameCreations: { max: 1000, windowSeconds: 60 } },
  });
  ada = await signUpInstructor(server.url, 'ada@example.org');
  bob = await signUpInstructor(server.url, 'bob@example.org');
  eve = await signUpInstructor(server.url, 'eve@example.org');

  const create = (as: ApiUser, name: string, draft = false) =>
    as.api.beergame.create.mutate({ name, template: 'classic', ...(draft ? { draft } : {}) });
  made.published = (await create(ada, 'Ada published')).gameId;
  made.draft = (await create(ada, 'Ada draft', true)).gameId;
  made.archived = (await create(ada, 'Ada archived')).gameId;
  await ada.api.game.archive.mutate({ gameIds: [made.archived], commandId: randomUUID() });
  made.sessionId = (
    await ada.api.session.create.mutate({
      name: 'Ada class',
      template: 'chainLength',
      teamCount: 2,
      commandId: randomUUID(),
    })
  ).sessionId;
  made.templateId = (
    await ada.api.template.copy.mutate({ templateId: 'classic', title: 'Ada template' })
  ).templateId;
  made.sessionTemplateId = (
    await ada.api.game.mergeIntoTemplate.mutate({
      gameIds: [made.published],
      title: 'Ada plan',
      commandId: randomUUID(),
    })
  ).templateId;
  made.evesGame = (await create(eve, 'Eve game')).gameId;
  made.evesSession = (
    await eve.api.session.create.mutate({
      name: 'Eve class',
      template: 'chainLength',
      commandId: randomUUID(),
    })
  ).sessionId;
  made.evesTemplate = (
    await eve.api.template.copy.mutate({ templateId: 'classic', title: 'Eve t' })
  ).templateId;

  // The team, by its procedures: Ada creates it, Bob joins by the link only its admin reads.
  ({ teamId } = await ada.api.team.create.mutate({ name: 'Faculty', commandId: randomUUID() }));
  const [mine] = await ada.api.team.mine.query();
  const joining = parseJoinTeam(new URL(mine!.joinLink!).searchParams.get('joinTeam'));
  await bob.api.team.join.mutate({ ...joining!, commandId: randomUUID() });
});
afterAll(async () => {
  for (const client of [ada, bob, eve]) client.close();
  await server.close();
  await database.drop();
});

describe('the team lists', () => {
  it("show a teammate's published games, with her name, not her drafts, archives or a stranger's", async () => {
    const { games, nextCursor } = await bob.api.dashboard.teamGames.query({});
    expect(games.map((game) => game.id)).toEqual([made.published]);
    expect(games[0]).toMatchObject({
      name: 'Ada published',
      creatorId: ada.userId,
      creatorName: 'Ada Instructor',
    });
    expect(nextCursor).toBeNull();
    // And the other way round: Ada sees none of Bob's (he has none), nor Eve's.
    expect((await ada.api.dashboard.teamGames.query({})).games).toEqual([]);
    // The stranger sees none of Ada's.
    expect((await eve.api.dashboard.teamGames.query({})).games).toEqual([]);
  });

  it('show her sessions and templates, game and session ones', async () => {
    const sessions = await bob.api.session.teamSessions.query();
    expect(sessions.map((s) => s.id)).toEqual([made.sessionId]);
    expect(sessions[0]).toMatchObject({ name: 'Ada class', published: false, creatorName: 'Ada Instructor' });
    const templates = await bob.api.template.teamTemplates.query();
    expect(templates.map((t) => t.id)).toEqual([made.templateId]);
    expect(templates[0]).toMatchObject({ title: 'Ada template', type: 'beergame', creatorId: ada.userId });
    expect((await bob.api.session.teamTemplates.query()).map((t) => t.id)).toEqual([made.sessionTemplateId]);
    // Her own lists still hold only her own; the stranger's team lists are empty.
    expect((await bob.api.session.list.query()).map((s) => s.id)).toEqual([]);
    expect(await eve.api.session.teamSessions.query()).toEqual([]);
    expect(await eve.api.template.teamTemplates.query()).toEqual([]);
    expect(await eve.api.session.teamTemplates.query()).toEqual([]);
  });

  it("name a teammate without a name null (the client shows 'Teammate')", async () => {
    await database.handle.db.updateTable('user').set({ name: ' ' }).where('id', '=', ada.userId).execute();
    try {
      expect((await bob.api.dashboard.teamGames.query({})).games[0]!.creatorName).toBeNull();
      expect((await bob.api.session.teamSessions.query())[0]!.creatorName).toBeNull();
      expect((await bob.api.template.teamTemplates.query())[0]!.creatorName).toBeNull();
    } finally {
      await database.handle.db
        .updateTable('user')
        .set({ name: 'Ada Instructor' })
        .where('id', '=', ada.userId)
        .execute();
    }
  });
});

describe("a teammate's session and templates", () => {
  it('open to the teammate as a session admin, not to a stranger', async () => {
    const { setup } = await bob.api.session.setup.query({ sessionId: made.sessionId });
    expect(setup.name).toBe('Ada class');
    await bob.api.session.publish.mutate({ sessionId: made.sessionId, commandId: randomUUID() });
    expect((await bob.api.session.teamSessions.query())[0]!.published).toBe(true);
    await bob.api.session.unpublish.mutate({ sessionId: made.sessionId, commandId: randomUUID() });
    expect((await ada.api.session.list.query())[0]!.published).toBe(false);
    expect(await refusal(eve.api.session.setup.query({ sessionId: made.sessionId }))).toBe(
      'session.sessionNotPublished',
    );
    expect(
      await refusal(eve.api.session.publish.mutate({ sessionId: made.sessionId, commandId: randomUUID() })),
    ).toBe('session.sessionNotPublished');
    // A teammate's admin rights are not a stranger's: Bob cannot open Eve's session.
    expect(await refusal(bob.api.session.setup.query({ sessionId: made.evesSession }))).toBe(
      'session.sessionNotPublished',
    );
  });

  it("make the teammate's own games, copies and sessions; a stranger's template stays closed", async () => {
    const { gameId } = await bob.api.beergame.create.mutate({ name: 'From Ada', template: made.templateId });
    expect((await bob.api.dashboard.games.query({})).games.map((g) => g.id)).toContain(gameId);
    const copy = await bob.api.template.copy.mutate({ templateId: made.templateId, title: 'My copy' });
    expect((await bob.api.template.list.query()).own.map((t) => t.id)).toEqual([copy.templateId]);
    const { sessionId } = await bob.api.session.create.mutate({
      name: 'From Ada plan',
      template: made.sessionTemplateId,
      commandId: randomUUID(),
    });
    expect((await bob.api.session.list.query()).map((s) => s.id)).toEqual([sessionId]);
    // Reading, changing or deleting her template stays hers alone.
    expect(await refusal(bob.api.template.get.query({ templateId: made.templateId }))).toBe(
      'templates.errNotFound',
    );
    expect(await refusal(bob.api.template.delete.mutate({ templateId: made.templateId }))).toBe(
      'templates.errNotFound',
    );
    for (const as of [bob, eve]) {
      const template = as === eve ? made.templateId : made.evesTemplate;
      expect(await refusal(as.api.beergame.create.mutate({ name: 'Stolen', template }))).toBe(
        'templates.errNotFound',
      );
      expect(await refusal(as.api.template.copy.mutate({ templateId: template, title: 'Stolen' }))).toBe(
        'templates.errNotFound',
      );
    }
    expect(
      await refusal(
        eve.api.session.create.mutate({
          name: 'Stolen',
          template: made.sessionTemplateId,
          commandId: randomUUID(),
        }),
      ),
    ).toBe('templates.errNotFound');
  });
});

describe('after leaving the team', () => {
  it('the former teammate sees none of it and is refused', async () => {
    await bob.api.team.leave.mutate({ teamId, commandId: randomUUID() });
    expect((await bob.api.dashboard.teamGames.query({})).games).toEqual([]);
    expect(await bob.api.session.teamSessions.query()).toEqual([]);
    expect(await bob.api.template.teamTemplates.query()).toEqual([]);
    expect(await bob.api.session.teamTemplates.query()).toEqual([]);
    expect(await refusal(bob.api.session.setup.query({ sessionId: made.sessionId }))).toBe(
      'session.sessionNotPublished',
    );
    expect(await refusal(bob.api.beergame.create.mutate({ name: 'Late', template: made.templateId }))).toBe(
      'templates.errNotFound',
    );
    // Ada's lists are hers as before.
    expect((await ada.api.dashboard.games.query({})).games.map((g) => g.id)).toContain(made.published);
  });
});
