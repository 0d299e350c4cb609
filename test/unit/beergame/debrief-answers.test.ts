import { describe, expect, it } from 'vitest';
import { viewGame } from '../../../src-shared/beergame';
import { as, CREATOR, created, Game, given } from './helpers';

const questions = {
  configDebrief: {
    questionsSection: {
      show: true,
      questions: [
        { id: 'q1', text: 'Which role had the largest amplification?', answer: 'factory' },
        { id: 'q2', text: 'What would you do differently?', answer: null },
      ],
    },
  },
};
const joined = (facilityId: string, userId: string) =>
  ({ type: 'RoleJoined', data: { facilityId, userId } }) as const;
const ended = { type: 'GameEnded', data: { week: 1, at: 500 } } as const;
const answer = (questionId: string, text: string) =>
  ({ type: 'AnswerDebriefQuestion', questionId, answer: text }) as const;

describe('AnswerDebriefQuestion', () => {
  it('records a player’s answer, trimmed, once the game is over; a new answer replaces theirs', () => {
    given(created(questions), joined('retailer', 'ann'), ended)
      .when(answer('q1', '  Factory '), as('ann', 900))
      .thenEvents([
        {
          type: 'DebriefQuestionAnswered',
          data: { questionId: 'q1', userId: 'ann', answer: 'Factory', at: 900 },
        },
      ])
      .thenState((s) =>
        expect(s.answers).toEqual([{ questionId: 'q1', userId: 'ann', answer: 'Factory', at: 900 }]),
      );
    const first = {
      type: 'DebriefQuestionAnswered',
      data: { questionId: 'q1', userId: 'ann', answer: 'Retailer', at: 800 },
    } as const;
    given(created(questions), joined('retailer', 'ann'), joined('factory', 'bob'), ended, first)
      .when(answer('q1', 'factory'), as('ann', 900))
      .thenState((s) =>
        expect(s.answers).toEqual([{ questionId: 'q1', userId: 'ann', answer: 'factory', at: 900 }]),
      );
    // The same answer again records nothing.
    given(created(questions), joined('retailer', 'ann'), ended, first)
      .when(answer('q1', 'Retailer '), as('ann'))
      .thenEvents([]);
  });

  it('refuses before the end, to someone without a seat, an unknown or hidden question, an empty or long answer', () => {
    given(created(questions), joined('retailer', 'ann'))
      .when(answer('q1', 'factory'), as('ann'))
      .thenRefused('beergame.errDebriefNotOpen');
    given(created(questions), joined('retailer', 'ann'), ended)
      .when(answer('q1', 'factory'), as(CREATOR))
      .thenRefused('beergame.errOnlyPlayersAnswer');
    given(created(questions), joined('retailer', 'ann'), ended)
      .when(answer('q3', 'factory'), as('ann'))
      .thenRefused('beergame.errQuestionUnknown');
    given(created(), joined('retailer', 'ann'), ended)
      .when(answer('q1', 'factory'), as('ann'))
      .thenRefused('beergame.errQuestionUnknown');
    given(created(questions), joined('retailer', 'ann'), ended)
      .when(answer('q1', '   '), as('ann'))
      .thenRefused('errors.textRequired');
    given(created(questions), joined('retailer', 'ann'), ended)
      .when(answer('q2', 'x'.repeat(2001)), as('ann'))
      .thenRefused('errors.textTooLong');
  });

  it('a reset forgets the answers: the debrief opens again at the new end', () => {
    const answered = {
      type: 'DebriefQuestionAnswered',
      data: { questionId: 'q1', userId: 'ann', answer: 'factory', at: 800 },
    } as const;
    given(created(questions), joined('retailer', 'ann'), ended, answered)
      .when({ type: 'ResetGame' }, as(CREATOR))
      .thenState((s) => expect(s.answers).toEqual([]));
  });
});

describe('SeeResults: a player’s answers are final once they open the results', () => {
  const seen = { type: 'ResultsSeen', data: { userId: 'ann', facilityId: 'retailer', at: 950 } } as const;

  it('is recorded once for a seated player of a finished game, and for nobody else', () => {
    given(created(questions), joined('retailer', 'ann'), ended)
      .when({ type: 'SeeResults' }, as('ann', 950))
      .thenEvents([seen])
      .thenState((s) => expect(s.resultsSeen).toEqual(['ann']));
    given(created(questions), joined('retailer', 'ann'), ended, seen)
      .when({ type: 'SeeResults' }, as('ann'))
      .thenEvents([]);
    for (const who of [CREATOR, 'stranger'])
      given(created(questions), joined('retailer', 'ann'), ended)
        .when({ type: 'SeeResults' }, as(who))
        .thenEvents([]);
    given(created(questions), joined('retailer', 'ann'))
      .when({ type: 'SeeResults' }, as('ann'))
      .thenRefused('beergame.errHistoryAfterEnd');
  });

  it('refuses a new answer afterwards; another player still answers', () => {
    given(created(questions), joined('retailer', 'ann'), joined('factory', 'bob'), ended, seen)
      .when(answer('q1', 'factory'), as('ann'))
      .thenRefused('beergame.errAnswersFinal');
    given(created(questions), joined('retailer', 'ann'), joined('factory', 'bob'), ended, seen)
      .when(answer('q1', 'factory'), as('bob'))
      .thenEvents((events) => expect(events).toHaveLength(1));
  });

  it('is forgotten by a reset, with the answers', () => {
    given(created(questions), joined('retailer', 'ann'), ended, seen)
      .when({ type: 'ResetGame' }, as(CREATOR))
      .thenState((s) => expect(s.resultsSeen).toEqual([]));
  });

  it('is when the view tells the player whether their answers are right', () => {
    const answered = {
      type: 'DebriefQuestionAnswered',
      data: { questionId: 'q1', userId: 'ann', answer: 'factory', at: 900 },
    } as const;
    const before = new Game(created(questions), joined('retailer', 'ann'), ended, answered);
    const ann = viewGame(before.state, { userId: 'ann' });
    expect(ann.answers).toEqual([
      { questionId: 'q1', facilityId: 'retailer', answer: 'factory', correct: null },
    ]);
    expect(ann.answersFinal).toBe(false);
    // The creator sees every answer checked, at any time.
    expect(viewGame(before.state, { userId: CREATOR }).answers[0]!.correct).toBe(true);
    before.apply(seen);
    const after = viewGame(before.state, { userId: 'ann' });
    expect(after.answers[0]!.correct).toBe(true);
    expect(after.answersFinal).toBe(true);
  });
});
