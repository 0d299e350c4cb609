import { describe, expect, it } from 'vitest';
import { as, CREATOR, created, given } from './helpers';

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
