/**
 * Issue 26, debriefs the instructor writes, through a real server: a lean game's creator writes its
 * debrief (others refused, a bad one refused with its reason), two players answer its questions at
 * the end (before: refused), a new answer replaces the old; each player's view, history and workbook
 * hold only their own answers and no expected answer; the creator's workbook has every answer,
 * checked. A beer game's debrief is written by its creator even once the game is over.
 */
import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src-server/main';
import { gameStreamId, gameTypes } from '../../src-server/streams';
import type { GameView } from '../../src-server/trpc/routers/game';
import type { LeanCommand, LeanGameView } from '../../src-shared/leangame';
import { freshDatabase } from '../support/database';
import {
  type ApiUser,
  signInAnonymous,
  signUpInstructor,
  startTestServer,
  waitForView,
} from '../support/server';

let database: Awaited<ReturnType<typeof freshDatabase>>;
let server: RunningServer;
let teacher: ApiUser;
let ann: ApiUser;
let ben: ApiUser;
let gameId: string;
const command = () => ({ commandId: randomUUID() });

const debrief = {
  thankYouSection: { show: true, text: 'Thanks — slides at https://example.org/slides' },
  debriefContent: ['teamPerformance', 'wip'],
  questionsSection: {
    show: true,
    questions: [
      { id: 'q1', text: 'How many stations painted?', answer: 2 },
      { id: 'q2', text: 'Which improvement caps WIP?', answer: 'Kanban system' },
    ],
  },
  textBlocks: [{ id: 'b1', after: 'wip', text: '<script>alert(1)</script> is shown as text' }],
};

beforeAll(async () => {
  database = await freshDatabase();
  server = await startTestServer({ databaseUrl: database.url });
  teacher = await signUpInstructor(server.url, 'debrief-answers@example.org');
  ann = await signInAnonymous(server.url, 'Ann');
  ben = await signInAnonymous(server.url, 'Ben');
  ({ gameId } = await teacher.api.leangame.create.mutate({
    name: 'Lean answers',
    template: 'workshop4-choose',
  }));
  await ann.api.leangame.join.mutate({ gameId, facilityId: 'warehouse', ...command() });
  await ben.api.leangame.join.mutate({ gameId, facilityId: 'paint1', ...command() });
}, 60_000);

afterAll(async () => {
  for (const user of [teacher, ann, ben]) user?.close();
  await server?.close();
  await database?.drop();
});

const runAt = (leanCommand: LeanCommand, now: number) =>
  server.services.commands.execute(gameTypes.leangame.stream, gameStreamId(gameId), leanCommand, {
    now,
    actor: { userId: teacher.userId, role: 'instructor' },
    commandId: randomUUID(),
  });

const viewOf = (user: ApiUser, until: (view: LeanGameView) => boolean = () => true) =>
  waitForView<GameView>(
    (handlers) => user.api.game.watch.subscribe({ gameId }, handlers),
    (view) => view.gameType === 'leangame' && until(view),
  ).then((tracked) => tracked.data as LeanGameView);

const answer = (user: ApiUser, questionId: string, text: string) =>
  user.api.leangame.answerQuestion.mutate({ gameId, questionId, answer: text, ...command() });

async function workbookOf(user: ApiUser) {
  const response = await fetch(`${new URL(server.url).origin}/api/games/${gameId}/export.xlsx?lang=en`, {
    headers: { cookie: user.cookie },
  });
  expect(response.status).toBe(200);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(await response.arrayBuffer());
  return book;
}

const rowsOf = (sheet: ExcelJS.Worksheet | undefined) => {
  const rows: unknown[][] = [];
  sheet?.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
};

describe('a lean debrief written by its creator', () => {
  it('is the creator’s to write; a bad one is refused with its reason and changes nothing', async () => {
    await expect(
      ann.api.leangame.configureDebrief.mutate({ gameId, configDebrief: debrief, ...command() }),
    ).rejects.toMatchObject({ data: { messageId: 'errors.creatorOnly' } });
    await expect(
      teacher.api.leangame.configureDebrief.mutate({
        gameId,
        configDebrief: { debriefContent: ['leadTimes'] },
        ...command(),
      }),
    ).rejects.toMatchObject({ data: { messageId: 'leangame.errInvalidDebrief' } });
    await teacher.api.leangame.configureDebrief.mutate({ gameId, configDebrief: debrief, ...command() });
    const view = await viewOf(teacher, (v) => v.configDebrief?.debriefContent.length === 2);
    expect(view.configDebrief?.questionsSection.questions[1]?.answer).toBe('Kanban system');
    // A player sees nothing of it before the end.
    expect((await viewOf(ann)).configDebrief).toBeNull();
  });

  it('asks its questions at the end only; a new answer replaces the old', async () => {
    await expect(answer(ann, 'q1', '2')).rejects.toMatchObject({
      data: { messageId: 'leangame.errDebriefNotOpen' },
    });
    const start = Date.now();
    await runAt({ type: 'StartGame' }, start);
    await runAt({ type: 'EndGame' }, start + 60_000);
    await answer(ann, 'q1', '3');
    await answer(ann, 'q1', ' 2 ');
    await answer(ann, 'q2', 'kanban sytem');
    await answer(ben, 'q2', 'less batching');
    await expect(answer(teacher, 'q1', '2')).rejects.toMatchObject({
      data: { messageId: 'errors.membersOnly' },
    });
    await expect(answer(ann, 'q9', '2')).rejects.toMatchObject({
      data: { messageId: 'leangame.errQuestionUnknown' },
    });

    const mine = await viewOf(ann, (v) => v.answers.length === 2);
    expect(mine.answers).toEqual([
      { questionId: 'q1', facilityId: 'warehouse', answer: '2', correct: null },
      { questionId: 'q2', facilityId: 'warehouse', answer: 'kanban sytem', correct: null },
    ]);
    expect(mine.configDebrief?.questionsSection.questions.every((q) => q.answer === null)).toBe(true);
    const all = await viewOf(teacher, (v) => v.answers.length === 3);
    expect(all.answers.map((a) => [a.facilityId, a.questionId, a.correct])).toEqual([
      ['warehouse', 'q1', true],
      ['warehouse', 'q2', true],
      ['paint1', 'q2', false],
    ]);
    // Ann's history: neither an expected answer nor Ben's answer.
    const { events } = await ann.api.leangame.history.query({ gameId });
    const text = JSON.stringify(events);
    expect(text).not.toContain('Kanban system');
    expect(text).not.toContain('less batching');
    const versions = events.map((e) => e.version);
    expect(versions).toEqual([...versions].sort((a, b) => a - b));
  });

  it('puts the answers in the workbook: all of them checked for the creator, a player’s own for them', async () => {
    const creatorRows = rowsOf((await workbookOf(teacher)).getWorksheet('Answers'));
    expect(creatorRows[0]).toEqual(['Player', 'Role', 'Question', 'Answer', 'Expected answer', 'Right']);
    expect(creatorRows.slice(1).map((r) => [r[0], r[3], r[4], r[5]])).toEqual([
      ['Ann', '2', 2, true],
      ['Ann', 'kanban sytem', 'Kanban system', true],
      ['Ben', 'less batching', 'Kanban system', false],
    ]);
    const annRows = rowsOf((await workbookOf(ann)).getWorksheet('Answers'));
    expect(annRows).toEqual([
      ['Player', 'Role', 'Question', 'Answer'],
      ['Ann', 'Warehouse', 'How many stations painted?', '2'],
      ['Ann', 'Warehouse', 'Which improvement caps WIP?', 'kanban sytem'],
    ]);
  });
});

describe('a beer debrief written by its creator', () => {
  it('may be written once the game is over, and players never read its expected answers', async () => {
    const { gameId: beerId } = await teacher.api.beergame.create.mutate({
      name: 'Beer answers',
      template: 'classic',
    });
    await teacher.api.beergame.endGame.mutate({ gameId: beerId, ...command() });
    const configDebrief = {
      questionsSection: debrief.questionsSection,
      textBlocks: [{ id: 'b1', after: 'leadTimes', text: 'Read https://example.org' }],
    };
    await teacher.api.beergame.configureDebrief.mutate({ gameId: beerId, configDebrief, ...command() });
    const view = await waitForView<GameView>(
      (handlers) => teacher.api.game.watch.subscribe({ gameId: beerId }, handlers),
      (v) => v.gameType === 'beergame' && (v.debrief?.textBlocks.length ?? 0) === 1,
    );
    expect(view.data.gameType === 'beergame' && view.data.debrief?.questionsSection.questions).toHaveLength(
      2,
    );
  });
});
