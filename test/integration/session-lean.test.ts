/**
 * A session that mixes game types (issue 26), through the API on a real database: a beer round
 * then a lean round for 3 teams, the players carried from one to the other, the lean round's
 * follow-up, its bulk actions and its results; the two lean teaching plans; refused lean rounds.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src-server/main';
import { BEERGAME_TEMPLATES } from '../../src-shared/beergame';
import {
  type FollowUpRow,
  type LeanTeamResult,
  type SessionView,
  sessionSetupSchema,
} from '../../src-shared/session';
import { freshDatabase, type TestDatabase } from '../support/database';
import { type ApiUser, signInAnonymous, signUpInstructor, startTestServer } from '../support/server';
import { sessionView } from '../support/session-view';

let database: TestDatabase;
let server: RunningServer;
let ada: ApiUser;
const players: ApiUser[] = [];

const messageIdOf = (error: unknown) => (error as { data?: { messageId?: string } }).data?.messageId;
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => 'accepted',
    (error: unknown) => messageIdOf(error),
  );

type LeanRow = Extract<FollowUpRow, { gameType: 'leangame' }>;
const leanRows = (view: SessionView) => view.followUp!.filter((r): r is LeanRow => r.gameType === 'leangame');

const command = () => ({ commandId: randomUUID() });

beforeAll(async () => {
  database = await freshDatabase();
  server = await startTestServer({
    databaseUrl: database.url,
    limits: { gameCreations: { max: 1000, windowSeconds: 60 } },
  });
  ada = await signUpInstructor(server.url, 'ada@example.org');
  for (let i = 1; i <= 7; i++) players.push(await signInAnonymous(server.url, `Player ${i}`));
});
afterAll(async () => {
  for (const client of [ada, ...players]) client.close();
  await server.close();
  await database.drop();
});

describe('a session of a beer round then a lean round, 3 teams', () => {
  let sessionId: string;

  it('is created with a lean round checked by the server', async () => {
    const setup = (lean: Record<string, unknown>) => ({
      name: 'Operations class',
      setup: sessionSetupSchema.parse({
        name: 'x',
        teamCount: 3,
        rounds: [
          { id: 'beer', name: 'Beer', gameType: 'beergame', config: BEERGAME_TEMPLATES.twoStages() },
          { id: 'lean', name: 'Lean', gameType: 'leangame', config: lean },
        ],
      }),
    });
    expect(
      await refusal(ada.api.session.create.mutate({ ...setup({ scenario: 'no-such' }), ...command() })),
    ).toBe('session.errLeanFactory');
    expect(
      await refusal(
        ada.api.session.create.mutate({
          ...setup({ scenario: 'workshop4-choose', minutes: 0 }),
          ...command(),
        }),
      ),
    ).toBe('session.errLeanMinutes');
    expect(
      await refusal(
        ada.api.session.create.mutate({
          ...setup({ scenario: 'workshop4-choose', available: ['smed', 'smed'] }),
          ...command(),
        }),
      ),
    ).toBe('session.errLeanImprovements');
    expect(await ada.api.session.list.query()).toEqual([]);
    ({ sessionId } = await ada.api.session.create.mutate({
      ...setup({
        scenario: 'workshop4-choose',
        minutes: 3,
        available: ['smed', 'pokayoke'],
        configDebrief: {
          questionsSection: {
            show: true,
            questions: [{ id: 'q1', text: 'Which improvement caps the work in progress?', answer: 'Kanban' }],
          },
        },
      }),
      ...command(),
    }));
    const { setup: saved } = await ada.api.session.setup.query({ sessionId });
    expect(saved.rounds.map((r) => r.gameType)).toEqual(['beergame', 'leangame']);
  });

  it('plays its beer round with 6 players of two-stage chains, then ends it from the follow-up', async () => {
    await ada.api.session.publish.mutate({ sessionId, ...command() });
    await sessionView(ada, sessionId, (v) => v.teams.length === 3);
    for (const [i, player] of players.slice(0, 6).entries())
      await player.api.session.join.mutate({ sessionId, teamNumber: (i % 3) + 1, ...command() });
    const lobby = await sessionView(ada, sessionId, (v) =>
      v.teams.every((t) => t.seats.filter((s) => s.taken).length === 2),
    );
    expect(lobby.teams.map((t) => t.gameType)).toEqual(['beergame', 'beergame', 'beergame']);
    expect(await ada.api.session.startRound.mutate({ sessionId, ...command() })).toEqual({
      done: 3,
      refused: [],
    });
    const gameIds = lobby.teams.map((t) => t.gameId);
    expect(
      await ada.api.session.teamsAction.mutate({
        sessionId,
        gameIds,
        action: { type: 'endGame' },
        ...command(),
      }),
    ).toEqual({ done: 3, refused: [] });
  });

  it('opens the lean round with a factory per team and each player carried to a station of their team', async () => {
    expect(await ada.api.session.nextRound.mutate({ sessionId, ...command() })).toEqual({ roundNumber: 2 });
    const view = await sessionView(
      ada,
      sessionId,
      (v) => v.currentRound === 2 && v.teams.length === 3 && v.teams.every((t) => t.gameType === 'leangame'),
    );
    // The workshop has 4 stations; the two players of each team sit in it.
    expect(view.teams.map((t) => t.seats.length)).toEqual([4, 4, 4]);
    expect(view.teams.map((t) => t.seats.filter((s) => s.taken).length)).toEqual([2, 2, 2]);
    expect(view.teams.map((t) => [t.week, t.started, t.finished])).toEqual([
      [null, false, false],
      [null, false, false],
      [null, false, false],
    ]);
    const rows = leanRows(view);
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      expect(row).toMatchObject({
        started: false,
        finished: false,
        startAt: null,
        minutes: 3,
        wip: 0,
        otif: null,
      });
      expect(row.seats.every((s) => s.ordered === null)).toBe(true);
    }
    // A player's own view names their seat in the lean game.
    const mine = await sessionView(players[0]!, sessionId, (v) => v.currentRound === 2 && v.me !== null);
    expect(mine.me!.teamNumber).toBe(1);
    expect(mine.teams[0]!.gameType).toBe('leangame');
  });

  it('refuses the weekly levers in a lean round, starts the factories, and lets a late joiner take a computer station', async () => {
    const view = await sessionView(ada, sessionId, (v) => v.currentRound === 2 && v.teams.length === 3);
    const gameIds = view.teams.map((t) => t.gameId);
    for (const action of [
      { type: 'closeWeek' as const },
      { type: 'stopTimer' as const },
      { type: 'message' as const, text: 'Hello' },
    ])
      expect(
        await refusal(ada.api.session.teamsAction.mutate({ sessionId, gameIds, action, ...command() })),
      ).toBe('session.errActionNotForRound');
    expect(await ada.api.session.startRound.mutate({ sessionId, ...command() })).toEqual({
      done: 3,
      refused: [],
    });
    const started = await sessionView(ada, sessionId, (v) => leanRows(v).every((r) => r.started));
    for (const row of leanRows(started)) {
      expect(row.endAt! - row.startAt!).toBe(3 * 60_000);
      // The stations nobody holds are the computer's while the round runs.
      expect(row.seats.filter((s) => s.computer).map((s) => s.userId)).toEqual([null, null]);
    }
    // Starting again changes nothing: every factory runs already.
    expect(
      await ada.api.session.teamsAction.mutate({
        sessionId,
        gameIds,
        action: { type: 'start' },
        ...command(),
      }),
    ).toEqual({ done: 3, refused: [] });
    const late = await players[6]!.api.session.join.mutate({ sessionId, ...command() });
    expect(late).toMatchObject({ roundNumber: 2, gameType: 'leangame' });
    const after = await sessionView(ada, sessionId, (v) =>
      v.teams.some((t) => t.seats.filter((s) => s.taken).length === 3),
    );
    const team = after.teams.find((t) => t.teamNumber === late.teamNumber)!;
    expect(team.seats.find((s) => s.facilityId === late.facilityId)).toMatchObject({
      taken: true,
      computer: false,
    });
  });

  it('resets and ends the factories from the follow-up, and compares the teams on the lean figures', async () => {
    const view = await sessionView(ada, sessionId, (v) => v.currentRound === 2);
    const gameIds = view.teams.map((t) => t.gameId);
    expect(
      await ada.api.session.teamsAction.mutate({
        sessionId,
        gameIds: gameIds.slice(0, 1),
        action: { type: 'reset' },
        ...command(),
      }),
    ).toEqual({ done: 1, refused: [] });
    const reset = await sessionView(
      ada,
      sessionId,
      (v) => leanRows(v).filter((r) => !r.started).length === 1,
    );
    expect(leanRows(reset).find((r) => !r.started)!.teamNumber).toBe(1);
    // While the round is played its results are the admins' only.
    const pending = await players[0]!.api.session.results.query({ sessionId });
    expect(pending.pendingRounds).toEqual([2]);
    // The first team's factory has not started again: ending it is refused, and counted.
    expect(
      await ada.api.session.teamsAction.mutate({
        sessionId,
        gameIds,
        action: { type: 'endGame' },
        ...command(),
      }),
    ).toEqual({ done: 2, refused: [{ gameId: gameIds[0], messageId: 'leangame.errNotStarted' }] });
    const results = await ada.api.session.results.query({ sessionId });
    const lean = results.teams.filter((t): t is LeanTeamResult => t.gameType === 'leangame');
    expect(lean.map((t) => t.teamNumber).sort()).toEqual([1, 2, 3]);
    expect(results.teams.filter((t) => t.gameType === 'beergame')).toHaveLength(3);
    // The round's question reached every team's game: two players answer it, checked by the tolerant rule.
    const answerOf = async (player: ApiUser, answer: string) => {
      const seat = (await sessionView(player, sessionId, (v) => v.currentRound === 2 && v.me !== null)).me!;
      await player.api.leangame.answerQuestion.mutate({
        gameId: seat.gameId,
        questionId: 'q1',
        answer,
        ...command(),
      });
    };
    await answerOf(players[1]!, ' kanbn ');
    await answerOf(players[2]!, 'SMED');
    const responses = await ada.api.session.responses.query({ sessionId });
    // (The answer as typed, trimmed; "kanbn" is Kanban within the tolerant rule's one typo.)
    const byAnswer = responses.map((r) => [r.roundNumber, r.answer, r.correct] as const);
    expect(byAnswer.sort((a, b) => a[1].localeCompare(b[1]))).toEqual([
      [2, 'kanbn', true],
      [2, 'SMED', false],
    ]);
    expect(await refusal(players[1]!.api.session.responses.query({ sessionId }))).toBe(
      'dashboard.messLoginToAccess',
    );
    for (const team of lean) {
      expect(team.roundNumber).toBe(2);
      expect(team.otif).toBeGreaterThanOrEqual(0);
      expect(team.otif).toBeLessThanOrEqual(1);
      expect(Number.isFinite(team.profit)).toBe(true);
    }
  });
});

describe('the lean teaching plans', () => {
  it('create sessions whose rounds open as lean games', async () => {
    for (const template of ['leanBeforeAfter', 'leanWorkshopThenFactory']) {
      const { sessionId } = await ada.api.session.create.mutate({
        name: template,
        template,
        teamCount: 2,
        locale: 'en',
        ...command(),
      });
      await ada.api.session.publish.mutate({ sessionId, ...command() });
      const view = await sessionView(ada, sessionId, (v) => v.teams.length === 2);
      expect(view.rounds.every((r) => r.gameType === 'leangame')).toBe(true);
      expect(view.teams.every((t) => t.gameType === 'leangame' && t.seats.length >= 4)).toBe(true);
    }
  });
});

describe('a session template merged from a beer game and a lean game', () => {
  it('creates a session whose lean round plays the saved factory at its saved length', async () => {
    const { gameId: lean } = await ada.api.leangame.create.mutate({
      name: 'Workshop, 7 minutes',
      template: 'workshop4-choose',
      minutes: 7,
    });
    const { gameId: beer } = await ada.api.beergame.create.mutate({
      name: 'Two stages',
      template: 'twoStages',
    });
    const { templateId } = await ada.api.game.mergeIntoTemplate.mutate({
      gameIds: [beer, lean],
      title: 'Beer then lean',
      ...command(),
    });
    const { sessionId } = await ada.api.session.create.mutate({
      name: 'Merged',
      template: templateId,
      ...command(),
    });
    const { setup } = await ada.api.session.setup.query({ sessionId });
    expect(setup.rounds.map((r) => r.gameType)).toEqual(['beergame', 'leangame']);
    await ada.api.session.publish.mutate({ sessionId, ...command() });
    await players[0]!.api.session.join.mutate({ sessionId, ...command() });
    await ada.api.session.teamsAction.mutate({
      sessionId,
      gameIds: (await sessionView(ada, sessionId, (v) => v.teams.length > 0)).teams.map((t) => t.gameId),
      action: { type: 'endGame' },
      ...command(),
    });
    await ada.api.session.nextRound.mutate({ sessionId, ...command() });
    const view = await sessionView(ada, sessionId, (v) => v.currentRound === 2 && v.teams.length > 0);
    expect(view.teams.every((t) => t.gameType === 'leangame' && t.seats.length === 4)).toBe(true);
    expect(leanRows(view).every((row) => row.minutes === 7)).toBe(true);
  });
});

describe('a class joining a lean round at once', () => {
  // Each random seat is a game's first free station: twelve players asking in the same second all
  // aim at the same one, and each refused is seated at the next free one (issue 40).
  it('seats twelve players in the twelve stations of three teams', async () => {
    const { sessionId } = await ada.api.session.create.mutate({
      name: 'Lean at once',
      setup: sessionSetupSchema.parse({
        name: 'x',
        teamCount: 3,
        rounds: [
          {
            id: 'lean',
            name: 'Lean',
            gameType: 'leangame',
            config: { scenario: 'workshop4-choose', minutes: 3, available: [] },
          },
        ],
      }),
      ...command(),
    });
    await ada.api.session.publish.mutate({ sessionId, ...command() });
    const students = await Promise.all(
      Array.from({ length: 12 }, (_, i) => signInAnonymous(server.url, `Student ${i + 1}`)),
    );
    players.push(...students);
    const seats = await Promise.all(
      students.map((student) => student.api.session.join.mutate({ sessionId, ...command() })),
    );
    expect(new Set(seats.map((seat) => `${seat.teamNumber}/${seat.facilityId}`)).size).toBe(12);
    const view = await sessionView(ada, sessionId, (v) => v.teams.every((team) => team.freeSeats === 0));
    expect(view.teams.map((team) => team.seats.length)).toEqual([4, 4, 4]);
  });
});
