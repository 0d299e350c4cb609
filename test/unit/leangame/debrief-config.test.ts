/**
 * The lean debrief the instructor writes (`configDebrief`) and the players' answers to its
 * questions: configuring at any time, answering once the round is over, one answer per player and
 * question, expected answers kept from players (view and history), kept by a copy and a reset.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { upcast } from '../../../src-shared/eventsourcing';
import {
  defaultLeanConfigDebrief,
  LEAN_DEBRIEF_SECTIONS,
  type LeanEvent,
  leanConfigDebriefSchema,
  leanCopySetup,
  leanHistoryForViewer,
  leanUpcasters,
  viewLeanGame,
} from '../../../src-shared/leangame';
import { answerMatches } from '../../../src-shared/rules/answer-check';
import { debriefItems } from '../../../src-shared/rules/debrief-config';
import { alice, bob, creator, expectRefusal, Game, MIN, played, T0 } from './helpers';

const debrief = {
  thankYouSection: { show: true, text: 'Thanks! Slides: https://example.org/lean' },
  debriefContent: ['wip', 'teamPerformance'],
  questionsSection: {
    show: true,
    questions: [
      { id: 'q1', text: 'How many units were delivered?', answer: 3 },
      { id: 'q2', text: 'Which improvement helped most?', answer: 'kanban cards' },
      { id: 'q3', text: 'What would you change?', answer: null },
    ],
  },
  textBlocks: [{ id: 'b1', after: 'wip', text: 'Little’s law: WIP = throughput × lead time.' }],
};

const configure = (configDebrief: unknown) => ({ type: 'ConfigureLeanDebrief' as const, configDebrief });
const answer = (questionId: string, text: string) => ({
  type: 'AnswerLeanDebriefQuestion' as const,
  questionId,
  answer: text,
});

/** A played round with the debrief written, ended at T0 + 5 min. */
function ended() {
  const game = played();
  game.run(configure(debrief), creator, T0 + MIN);
  game.run({ type: 'EndGame' }, creator, T0 + 5 * MIN);
  return game;
}

describe('the lean configDebrief schema', () => {
  it('defaults to every section in order, no thank-you, no text, no questions', () => {
    expect(defaultLeanConfigDebrief()).toEqual({
      thankYouSection: { show: false, text: '' },
      debriefContent: [...LEAN_DEBRIEF_SECTIONS],
      questionsSection: { show: false, questions: [] },
      textBlocks: [],
    });
  });

  it('refuses repeated or unknown sections, repeated question ids, a block after an unknown section', () => {
    const bad = [
      { debriefContent: ['wip', 'wip'] },
      { debriefContent: ['supplychainEvolution'] },
      {
        questionsSection: {
          questions: [
            { id: 'a', text: 'x' },
            { id: 'a', text: 'y' },
          ],
        },
      },
      { textBlocks: [{ id: 'b', after: 'leadTimes', text: 'x' }] },
      { thankYouSection: { show: true, text: 'x'.repeat(5001) } },
    ];
    for (const input of bad) expect(leanConfigDebriefSchema.safeParse(input).success).toBe(false);
  });

  it('places the instructor’s text after its section, before the first, or at the end when its section is hidden', () => {
    const items = debriefItems({
      debriefContent: ['wip', 'pnl'],
      textBlocks: [
        { id: 'top', after: null, text: 'a' },
        { id: 'mid', after: 'wip', text: 'b' },
        { id: 'gone', after: 'quality', text: 'c' },
      ],
    });
    expect(items.map((i) => (i.kind === 'section' ? i.section : i.block.id))).toEqual([
      'top',
      'wip',
      'mid',
      'pnl',
      'gone',
    ]);
  });
});

describe('ConfigureLeanDebrief', () => {
  it('is the creator’s, before, during and after the round; the same debrief again records nothing', () => {
    const game = Game.create();
    const [event] = game.run(configure(debrief), creator, T0 - 1000);
    expect(event?.type).toBe('LeanDebriefConfigured');
    expect(game.state.setup!.params.configDebrief.debriefContent).toEqual(['wip', 'teamPerformance']);
    expect(game.decide(configure(debrief), creator, T0)).toEqual([]);
    const round = ended();
    expect(round.run(configure({ ...debrief, debriefContent: ['pnl'] }), creator, T0 + 6 * MIN)).toHaveLength(
      1,
    );
    expect(round.state.setup!.params.configDebrief.debriefContent).toEqual(['pnl']);
  });

  it('refuses a player and an invalid debrief, changing nothing', () => {
    const game = played();
    expectRefusal(() => game.decide(configure(debrief), alice, T0 + 1000), 'leangame.errNotCreator');
    expectRefusal(
      () => game.decide(configure({ debriefContent: ['nope'] }), creator, T0 + 1000),
      'leangame.errInvalidDebrief',
    );
  });

  it('is kept by a reset and by a copy', () => {
    const game = ended();
    game.run({ type: 'ResetLeanGame' }, creator, T0 + 6 * MIN);
    expect(game.state.setup!.params.configDebrief.questionsSection.questions).toHaveLength(3);
    expect(leanCopySetup(game.state).params.configDebrief.textBlocks).toEqual(debrief.textBlocks);
  });

  it('a game recorded before configDebrief existed reads the default (upcaster)', () => {
    const game = Game.create();
    const created = game.events[0]!;
    const params = { ...(created.data as { setup: { params: Record<string, unknown> } }).setup.params };
    delete params.configDebrief;
    const old = {
      type: created.type,
      data: { ...created.data, setup: { ...(created.data as { setup: object }).setup, params } },
    };
    const read = upcast(leanUpcasters, old) as LeanEvent;
    expect(read.type === 'LeanGameCreated' && read.data.setup.params.configDebrief).toEqual(
      defaultLeanConfigDebrief(),
    );
  });
});

describe('AnswerLeanDebriefQuestion', () => {
  it('records a player’s answer, trimmed, once the round is over; a new answer replaces theirs', () => {
    const game = ended();
    expect(game.run(answer('q1', ' 3 '), alice, T0 + 6 * MIN)).toEqual([
      {
        type: 'LeanDebriefQuestionAnswered',
        data: { at: T0 + 6 * MIN, questionId: 'q1', userId: 'alice', facilityId: 'wh', answer: '3' },
      },
    ]);
    game.run(answer('q1', '4'), alice, T0 + 7 * MIN);
    game.run(answer('q2', 'Kanbn'), bob, T0 + 7 * MIN);
    expect(game.state.answers.map((a) => [a.userId, a.questionId, a.answer])).toEqual([
      ['alice', 'q1', '4'],
      ['bob', 'q2', 'Kanbn'],
    ]);
    expect(game.decide(answer('q1', '4 '), alice, T0 + 8 * MIN)).toEqual([]);
  });

  it('refuses before the end, without a seat, an unknown or hidden question, an empty or long answer', () => {
    const running = played();
    running.run(configure(debrief), creator, T0 + MIN);
    expectRefusal(() => running.decide(answer('q1', '3'), alice, T0 + 2 * MIN), 'leangame.errDebriefNotOpen');
    const game = ended();
    const later = T0 + 6 * MIN;
    expectRefusal(() => game.decide(answer('q1', '3'), creator, later), 'leangame.errOnlyPlayersAnswer');
    expectRefusal(
      () => game.decide(answer('q1', '3'), { userId: 'dan', role: 'player' }, later),
      'leangame.errOnlyPlayersAnswer',
    );
    expectRefusal(() => game.decide(answer('q9', '3'), alice, later), 'leangame.errQuestionUnknown');
    expectRefusal(() => game.decide(answer('q1', '   '), alice, later), 'errors.textRequired');
    expectRefusal(() => game.decide(answer('q1', 'x'.repeat(2001)), alice, later), 'errors.textTooLong', {
      max: 2000,
    });
    game.run(
      configure({ ...debrief, questionsSection: { ...debrief.questionsSection, show: false } }),
      creator,
      later,
    );
    expectRefusal(() => game.decide(answer('q1', '3'), alice, later), 'leangame.errQuestionUnknown');
  });
});

describe('what each viewer sees of the debrief and its answers', () => {
  const game = ended();
  game.run(answer('q1', '3'), alice, T0 + 6 * MIN);
  game.run(answer('q2', 'Kanban card'), bob, T0 + 6 * MIN);
  game.run(answer('q3', 'smaller batches'), bob, T0 + 6 * MIN);
  const now = T0 + 7 * MIN;

  it('the creator: the expected answers and every answer, checked by the tolerant rule', () => {
    const view = viewLeanGame(game.state, creator, now)!;
    expect(view.configDebrief?.questionsSection.questions.map((q) => q.answer)).toEqual([
      3,
      'kanban cards',
      null,
    ]);
    expect(view.answers).toEqual([
      { questionId: 'q1', facilityId: 'wh', answer: '3', correct: true },
      { questionId: 'q2', facilityId: 'paint', answer: 'Kanban card', correct: true },
      { questionId: 'q3', facilityId: 'paint', answer: 'smaller batches', correct: null },
    ]);
  });

  it('a player: no expected answer, their own answers only, unchecked; nothing before the end', () => {
    const view = viewLeanGame(game.state, alice, now)!;
    expect(view.configDebrief?.questionsSection.questions.map((q) => q.answer)).toEqual([null, null, null]);
    expect(view.configDebrief?.thankYouSection.text).toContain('https://example.org/lean');
    expect(view.answers).toEqual([{ questionId: 'q1', facilityId: 'wh', answer: '3', correct: null }]);
    const running = played();
    running.run(configure(debrief), creator, T0 + MIN);
    expect(viewLeanGame(running.state, alice, T0 + 2 * MIN)!.configDebrief).toBeNull();
  });

  it('a player’s history: no expected answer anywhere, no one else’s answer', () => {
    const events = leanHistoryForViewer(game.events, 'alice');
    const text = JSON.stringify(events);
    expect(text).not.toContain('kanban card');
    expect(text).not.toContain('Kanban card');
    expect(text).not.toContain('smaller batches');
    expect(events.filter((e) => e.type === 'LeanDebriefQuestionAnswered')).toHaveLength(1);
    expect(leanHistoryForViewer(game.events, 'teacher')).toEqual(game.events);
  });
});

describe('typed answers (property)', () => {
  it('a number typed as written, with spaces or a trailing zero, matches its number', () => {
    fc.assert(
      fc.property(fc.integer({ min: -10_000, max: 10_000 }), fc.nat(3), fc.boolean(), (n, pad, decimals) => {
        const typed = `${' '.repeat(pad)}${n}${decimals ? '.0' : ''}${' '.repeat(pad)}`;
        expect(answerMatches(n, typed)).toBe(true);
        expect(answerMatches(n, String(n + 1))).toBe(false);
      }),
    );
  });

  it('a text answer matches itself whatever its case and surrounding spaces', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 30 }), (expected) => {
        fc.pre(!/^\s*[+-]?[\d.,]/.test(expected) && expected.replace(/[\p{P}\s]/gu, '') !== '');
        expect(answerMatches(expected, `  ${expected.toUpperCase()}  `)).toBe(
          answerMatches(expected, expected.toUpperCase()),
        );
        expect(answerMatches(expected, ` ${expected} `)).toBe(true);
      }),
    );
  });
});
