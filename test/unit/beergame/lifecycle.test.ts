import { describe, expect, it } from 'vitest';
import { beergameSummary } from '../../../src-shared/beergame';
import { as, CLASSIC, CREATOR, classicWithPlayers, created, given } from './helpers';

describe('what the instructor does to a game outside play', () => {
  it('archives and unarchives it, once each, and only as its creator', () => {
    const game = classicWithPlayers();
    game.when({ type: 'ArchiveGame' }, as('u-retailer')).thenRefused('beergame.errNotAllowed');
    game.run({ type: 'ArchiveGame' }, as(CREATOR));
    expect(beergameSummary(game.state).archived).toBe(true);
    game.when({ type: 'ArchiveGame' }, as(CREATOR)).thenEvents([]);
    // An archived game is still played: its players keep their seats.
    game.run({ type: 'PlaceOrder', facilityId: 'retailer', quantity: 4 }, as('u-retailer'));
    game.run({ type: 'UnarchiveGame' }, as(CREATOR));
    expect(beergameSummary(game.state).archived).toBe(false);
    game.when({ type: 'UnarchiveGame' }, as(CREATOR)).thenEvents([]);
  });

  it('deletes it: from then on every command answers that the game is unknown', () => {
    const game = classicWithPlayers();
    game.when({ type: 'DeleteGame' }, as('u-retailer')).thenRefused('beergame.errNotAllowed');
    game.run({ type: 'DeleteGame' }, as(CREATOR));
    expect(beergameSummary(game.state).deleted).toBe(true);
    for (const command of [
      { type: 'DeleteGame' },
      { type: 'UnarchiveGame' },
      { type: 'PlaceOrder', facilityId: 'retailer', quantity: 4 },
      { type: 'JoinRole', facilityId: 'retailer' },
    ] as const)
      game
        .when(command, as(command.type === 'PlaceOrder' ? 'u-retailer' : CREATOR))
        .thenRefused('beergame.errGameUnknown');
  });

  it('disconnects the players: every held seat is free again, computer seats stay', () => {
    const game = classicWithPlayers();
    game.run({ type: 'HandToComputer', facilityId: 'factory' }, as(CREATOR));
    game.when({ type: 'DisconnectPlayers' }, as('u-retailer')).thenRefused('beergame.errNotAllowed');
    game.run({ type: 'DisconnectPlayers' }, as(CREATOR));
    expect(game.state.facilities.map((f) => [f.id, f.userId, f.computer])).toEqual([
      ...CLASSIC.slice(0, 3).map((id) => [id, null, false]),
      ['factory', null, true],
    ]);
    expect(beergameSummary(game.state)).toMatchObject({ playerIds: [], freeSeats: 3 });
    game.when({ type: 'DisconnectPlayers' }, as(CREATOR)).thenEvents([]);
  });

  it('counts the free seats of a new game', () => {
    given(created())
      .when({ type: 'JoinRole', facilityId: 'retailer' }, as('ann'))
      .thenState((s) => expect(beergameSummary(s).freeSeats).toBe(3));
  });
});
