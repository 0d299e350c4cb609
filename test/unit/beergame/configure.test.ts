/** `ConfigureGame`: new settings before the first week closes (docs/beergame.md, "Changing the settings"). */
import { describe, expect, it } from 'vitest';
import {
  beergameSummary,
  chainSettings,
  classicConfigInput,
  settingsToConfig,
  viewGame,
} from '../../../src-shared/beergame';
import { as, CREATOR, classicWithPlayers, created, Game, given } from './helpers';

function threeStages() {
  const form = chainSettings('Three', ['retailer', 'wholesaler', 'factory']);
  form.facilities.forEach((f, i) => {
    f.name = `Stage ${i + 1}`;
  });
  // Keep the classic ids so a seat can stay with its facility.
  form.facilities[0]!.id = 'retailer';
  form.facilities[1]!.id = 'wholesaler';
  form.facilities[2]!.id = 'factory';
  form.facilities[0]!.supplierId = 'wholesaler';
  form.facilities[1]!.supplierId = 'factory';
  const result = settingsToConfig({ ...form, demandStepWeek: '6', draft: true });
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.config as Record<string, unknown>;
}

describe('ConfigureGame', () => {
  it('given a new game, the creator configures it: the game is set up again from the settings', () => {
    given(created())
      .when({ type: 'ConfigureGame', name: ' Custom ', config: threeStages() }, as(CREATOR, 5_000))
      .thenEvents((events) => {
        expect(events).toHaveLength(1);
        expect(events[0]).toMatchObject({ type: 'GameConfigured', data: { name: 'Custom', at: 5_000 } });
      })
      .thenState((s) => {
        expect(s.name).toBe('Custom');
        expect(s.week).toBe(1);
        expect(s.facilities.map((f) => f.id)).toEqual(['retailer', 'wholesaler', 'factory']);
        expect(s.config.consumerDemand).toEqual([4, 4, 4, 4, 4, 8]);
        expect(beergameSummary(s)).toMatchObject({ name: 'Custom', draft: true });
      });
  });

  it('players keep the seats whose facility remains; a removed facility frees its seat', () => {
    const game = classicWithPlayers();
    game.run({ type: 'ConfigureGame', name: 'Three', config: threeStages() }, as(CREATOR));
    expect(game.state.facilities.map((f) => [f.id, f.userId])).toEqual([
      ['retailer', 'u-retailer'],
      ['wholesaler', 'u-wholesaler'],
      ['factory', 'u-factory'],
    ]);
    game.refold();
  });

  it("the game's language reaches every viewer's view", () => {
    const game = classicWithPlayers();
    expect(viewGame(game.state, { userId: 'u-retailer' }).language).toBeNull();
    game.run(
      { type: 'ConfigureGame', name: 'Partie', config: { ...classicConfigInput(), language: 'fr' } },
      as(CREATOR),
    );
    expect(viewGame(game.state, { userId: 'u-retailer' }).language).toBe('fr');
    expect(viewGame(game.state, { userId: null }).language).toBe('fr');
  });

  it('is refused once an order is in, once week 1 has closed, while a countdown runs, and to others', () => {
    const config = { ...classicConfigInput(), weeks: 20 };
    const ordered = classicWithPlayers();
    ordered.run({ type: 'PlaceOrder', facilityId: 'retailer', quantity: 4 }, as('u-retailer'));
    ordered
      .when({ type: 'ConfigureGame', name: 'X', config }, as(CREATOR))
      .thenRefused('beergame.errSettingsLocked');

    const closed = new Game(created());
    closed.run({ type: 'CloseWeek', reason: 'instructor' });
    closed
      .when({ type: 'ConfigureGame', name: 'X', config }, as(CREATOR))
      .thenRefused('beergame.errSettingsLocked');

    const timed = classicWithPlayers();
    timed.run({ type: 'StartTimer', seconds: 30 }, as(CREATOR));
    timed
      .when({ type: 'ConfigureGame', name: 'X', config }, as(CREATOR))
      .thenRefused('beergame.errSettingsLocked');

    given(created())
      .when({ type: 'ConfigureGame', name: 'X', config }, as('u-retailer'))
      .thenRefused('beergame.errNotAllowed');
  });

  it('an inconsistent configuration is refused with the reason, nothing recorded', () => {
    given(created())
      .when(
        { type: 'ConfigureGame', name: 'X', config: { facilities: [{ id: 'a', name: 'A' }] } },
        as(CREATOR),
      )
      .thenRefused('beergame.errInvalidConfig');
    given(created())
      .when({ type: 'ConfigureGame', name: '  ', config: classicConfigInput() }, as(CREATOR))
      .thenRefused('beergame.errInvalidConfig');
  });
});
