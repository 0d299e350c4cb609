/** Who is connected (issue 9): the creator's view tells, per facility; nobody else's does. */
import { describe, expect, it } from 'vitest';
import { viewGame } from '../../../src-shared/beergame';
import { as, CREATOR, classicWithPlayers } from './helpers';

describe('viewGame, who is connected', () => {
  it('shows the creator which facilities have their player connected', () => {
    const game = classicWithPlayers();
    game.run({ type: 'LeaveRole', facilityId: 'factory' }, as('u-factory'));
    const connected = new Set(['u-retailer', 'u-distributor', 'u-factory', CREATOR]);
    const view = viewGame(game.state, { userId: CREATOR, connected });
    // The factory's player left the role: a free role is never "connected".
    expect(view.facilities.map((f) => f.connected)).toEqual([true, false, true, false]);
  });

  it('shows it to nobody else, and leaves the field out when the server does not tell', () => {
    const game = classicWithPlayers();
    const connected = new Set(['u-retailer']);
    for (const userId of ['u-retailer', 'someone', null])
      expect(viewGame(game.state, { userId, connected }).facilities.some((f) => 'connected' in f)).toBe(
        false,
      );
    expect(viewGame(game.state, { userId: CREATOR }).facilities.some((f) => 'connected' in f)).toBe(false);
  });
});
