/**
 * Feedback through the real server (issue 28, item 5): feedback.send stores the page (a path, no
 * query), the user and the browser, is counted per client address (FEEDBACK_LIMIT), and refuses
 * bad input with a translated message, storing nothing; feedback.list answers an operator only,
 * newest first, by kind, a page at a time; feedback.links says the configured outside links.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import english from '../../locales/en.json';
import type { RunningServer } from '../../src-server/main';
import { FEEDBACK_PAGE_SIZE, type FeedbackSendInput } from '../../src-shared/api/feedback';
import { freshDatabase, type TestDatabase } from '../support/database';
import {
  type ApiUser,
  apiClient,
  signInAnonymous,
  signUpInstructor,
  startTestServer,
} from '../support/server';
import { verifyEmail } from '../support/team-matrix';

let database: TestDatabase;
let server: RunningServer;
let operator: ApiUser;
let instructor: ApiUser;
let player: ApiUser;

const message = (overrides: Partial<FeedbackSendInput> = {}): FeedbackSendInput => ({
  message: 'The board is hard to read from the back.',
  kind: 'problem',
  contactConsent: true,
  page: '/game/abc/play?token=secret#code',
  browser: { userAgent: 'Mozilla/5.0 (test)', viewportWidth: 390, viewportHeight: 844, locale: 'fr' },
  ...overrides,
});

const refusalOf = async (call: Promise<unknown>) => {
  try {
    await call;
  } catch (error) {
    return (error as { data?: { messageId?: string } }).data?.messageId;
  }
  return 'ok';
};

const count = async () =>
  Number(
    (
      await server.services.database.db
        .selectFrom('feedback')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

beforeAll(async () => {
  database = await freshDatabase();
  server = await startTestServer({
    databaseUrl: database.url,
    operatorEmails: ['ops@example.org'],
    limits: { feedback: { max: 30, windowSeconds: 3600 } },
    helpLinks: { webinarsUrl: 'https://example.org/webinars' },
  });
  operator = await signUpInstructor(server.url, 'ops@example.org');
  await verifyEmail(server, operator.userId);
  instructor = await signUpInstructor(server.url, 'teacher@example.org');
  await verifyEmail(server, instructor.userId);
  player = await signInAnonymous(server.url, 'Pat');
});

afterAll(async () => {
  for (const user of [operator, instructor, player]) user?.close();
  await server?.close();
  await database?.drop();
});

describe('feedback.send', () => {
  it('stores the message with its page as a path, its user and its browser', async () => {
    const { id } = await instructor.api.feedback.send.mutate(message());
    const row = await server.services.database.db
      .selectFrom('feedback')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      kind: 'problem',
      message: 'The board is hard to read from the back.',
      page: '/game/abc/play',
      user_id: instructor.userId,
      contact_consent: true,
      user_agent: 'Mozilla/5.0 (test)',
      viewport_width: 390,
      viewport_height: 844,
      locale: 'fr',
    });
    expect(Math.abs(new Date(row.created_at).getTime() - Date.now())).toBeLessThan(60_000);
  });

  it('takes a message from someone not signed in, without a user', async () => {
    const nobody = apiClient(server.url, '');
    const { id } = await nobody.api.feedback.send.mutate(message({ kind: 'praise', page: '/' }));
    nobody.close();
    const row = await server.services.database.db
      .selectFrom('feedback')
      .select(['user_id', 'page'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ user_id: null, page: '/' });
  });

  it('refuses an empty, a too long or a badly kinded message with a translated message, storing nothing', async () => {
    const before = await count();
    const refusals = [
      await refusalOf(player.api.feedback.send.mutate(message({ message: '   ' }))),
      await refusalOf(player.api.feedback.send.mutate(message({ message: 'x'.repeat(2001) }))),
      await refusalOf(player.api.feedback.send.mutate(message({ kind: 'spam' as 'problem' }))),
      await refusalOf(
        player.api.feedback.send.mutate(message({ browser: { ...message().browser, viewportWidth: -1 } })),
      ),
    ];
    expect(refusals).toEqual([
      'errors.textRequired',
      'errors.textTooLong',
      'errors.invalidInput',
      'errors.invalidInput',
    ]);
    for (const id of refusals) expect(english).toHaveProperty([id!]);
    expect(await count()).toBe(before);
  });
});

describe('feedback.list', () => {
  it('is refused to an instructor who is no operator, and to a player', async () => {
    expect(await refusalOf(instructor.api.feedback.list.query({ page: 0 }))).toBe('errors.operatorOnly');
    expect(await refusalOf(player.api.feedback.list.query({ page: 0 }))).toBe('dashboard.messLoginToAccess');
  });

  it("answers an operator newest first, by kind, a page at a time, with the sender's address only when agreed", async () => {
    await player.api.feedback.send.mutate(message({ kind: 'suggestion', message: 'Newest suggestion' }));
    const all = await operator.api.feedback.list.query({ page: 0 });
    expect(all.rows[0]).toMatchObject({
      kind: 'suggestion',
      message: 'Newest suggestion',
      userId: player.userId,
    });
    const times = all.rows.map((row) => row.createdAt.getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const problem = all.rows.find((row) => row.kind === 'problem');
    expect(problem?.contactEmail).toBe('teacher@example.org');
    const suggestions = await operator.api.feedback.list.query({ kind: 'suggestion', page: 0 });
    expect(suggestions.rows.map((row) => row.kind)).toEqual(['suggestion']);
    for (let index = 0; index < FEEDBACK_PAGE_SIZE; index++)
      await instructor.api.feedback.send.mutate(
        message({ kind: 'praise', contactConsent: false, message: `#${index}` }),
      );
    const first = await operator.api.feedback.list.query({ kind: 'praise', page: 0 });
    const second = await operator.api.feedback.list.query({ kind: 'praise', page: 1 });
    expect(first.rows).toHaveLength(FEEDBACK_PAGE_SIZE);
    expect(first.more).toBe(true);
    expect(first.rows.every((row) => row.contactEmail === null)).toBe(true);
    expect(second.rows.length).toBeGreaterThan(0);
    expect(second.more).toBe(false);
  });
});

describe('feedback.links and the limit', () => {
  it('says the configured outside links only', async () => {
    expect(await player.api.feedback.links.query()).toEqual({
      webinarsUrl: 'https://example.org/webinars',
      testimonialUrl: null,
    });
  });

  it('refuses messages beyond FEEDBACK_LIMIT from one address, storing none', async () => {
    let outcome = 'ok';
    for (let sent = 0; sent < 40 && outcome === 'ok'; sent++)
      outcome = (await refusalOf(player.api.feedback.send.mutate(message()))) ?? 'none';
    expect(outcome).toBe('errors.tooManyRequests');
    expect(await count()).toBe(30);
  });
});
