/** ConfigureDebrief: the beer game's debrief written by its creator at any time (issue 26). */
import { describe, expect, it } from 'vitest';
import { beergameDecider, historyForViewer, viewGame } from '../../../src-shared/beergame';
import { type BeerEvent, beerUpcasters } from '../../../src-shared/beergame/events';
import { upcast } from '../../../src-shared/eventsourcing';
import { as, CREATOR, created, given } from './helpers';

const debrief = {
  thankYouSection: { show: true, text: 'Thank you' },
  debriefContent: ['leadTimes', 'teamPerformance'],
  questionsSection: { show: true, questions: [{ id: 'q1', text: 'Cost?', answer: 'bullwhip effect' }] },
  textBlocks: [{ id: 'b1', after: 'leadTimes', text: 'Read https://example.org' }],
};
const ended = { type: 'GameEnded', data: { week: 1, at: 500 } } as const;
const joined = { type: 'RoleJoined', data: { facilityId: 'retailer', userId: 'ann' } } as const;

describe('ConfigureDebrief', () => {
  it('is the creator’s, even once the game is over; the same debrief again records nothing', () => {
    given(created(), joined, ended)
      .when({ type: 'ConfigureDebrief', configDebrief: debrief }, as(CREATOR, 900))
      .thenState((s) => {
        expect(s.config.configDebrief.debriefContent).toEqual(['leadTimes', 'teamPerformance']);
        expect(s.config.configDebrief.textBlocks).toEqual(debrief.textBlocks);
      });
    given(created({ configDebrief: debrief }))
      .when({ type: 'ConfigureDebrief', configDebrief: debrief }, as(CREATOR))
      .thenEvents([]);
  });

  it('refuses a player and an invalid debrief', () => {
    given(created(), joined)
      .when({ type: 'ConfigureDebrief', configDebrief: debrief }, as('ann'))
      .thenRefused('beergame.errNotAllowed');
    given(created())
      .when({ type: 'ConfigureDebrief', configDebrief: { debriefContent: ['pnl'] } }, as(CREATOR))
      .thenRefused('beergame.errInvalidConfig');
  });

  it('players never read its expected answers: not in the view, not in the history', () => {
    const events = [
      created(),
      joined,
      ended,
      {
        type: 'DebriefConfigured',
        data: { configDebrief: { ...debrief, questionsSection: { ...debrief.questionsSection } }, at: 900 },
      },
    ] as BeerEvent[];
    const state = events.reduce(beergameDecider.evolve, beergameDecider.initialState);
    expect(viewGame(state, { userId: 'ann' }).debrief?.questionsSection.questions[0]?.answer).toBeNull();
    expect(JSON.stringify(historyForViewer(events, 'ann'))).not.toContain('bullwhip effect');
  });

  it('a configuration recorded before text blocks existed reads none (upcaster)', () => {
    const old = created();
    const config = { ...(old.data as { config: { configDebrief: Record<string, unknown> } }).config };
    const { textBlocks: _, ...rest } = config.configDebrief;
    const read = upcast(beerUpcasters, {
      type: old.type,
      data: { ...old.data, config: { ...config, configDebrief: rest } },
    });
    expect((read.data as typeof config & { config: typeof config }).config.configDebrief.textBlocks).toEqual(
      [],
    );
  });
});
