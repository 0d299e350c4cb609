/** A session's Responses (sessionResponses) read the lean games' answers too, checked by the tolerant rule. */
import { describe, expect, it } from 'vitest';
import { sessionResponses } from '../../../src-shared/session/results';
import { alice, bob, creator, MIN, played, T0 } from '../leangame/helpers';

describe('sessionResponses of a lean game', () => {
  it('lists each answer with its question and whether it is right', () => {
    const game = played();
    game.run(
      {
        type: 'ConfigureLeanDebrief',
        configDebrief: {
          questionsSection: {
            show: true,
            questions: [
              { id: 'q1', text: 'Units delivered?', answer: 3 },
              { id: 'q2', text: 'Your take?', answer: null },
            ],
          },
        },
      },
      creator,
      T0 + MIN,
    );
    game.run({ type: 'EndGame' }, creator, T0 + 2 * MIN);
    game.run({ type: 'AnswerLeanDebriefQuestion', questionId: 'q1', answer: '3,0' }, alice, T0 + 3 * MIN);
    game.run({ type: 'AnswerLeanDebriefQuestion', questionId: 'q1', answer: '4' }, bob, T0 + 3 * MIN);
    game.run({ type: 'AnswerLeanDebriefQuestion', questionId: 'q2', answer: 'Less WIP' }, bob, T0 + 3 * MIN);
    const rows = sessionResponses([
      { roundNumber: 2, teamNumber: 1, gameType: 'leangame', state: game.state, now: T0 + 4 * MIN },
    ]);
    expect(
      rows.map((r) => [r.roundNumber, r.teamNumber, r.facilityName, r.question, r.answer, r.correct]),
    ).toEqual([
      [2, 1, 'Warehouse', 'Units delivered?', '3,0', true],
      [2, 1, 'Paint', 'Units delivered?', '4', false],
      [2, 1, 'Paint', 'Your take?', 'Less WIP', null],
    ]);
  });
});
