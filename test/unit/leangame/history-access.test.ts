/** Who may read a lean game's recorded events: its creator always, its players once the round is over. */
import { describe, expect, it } from 'vitest';
import { leanHistoryRefusal } from '../../../src-shared/leangame';

const events = [
  { type: 'LeanGameCreated', data: { creatorId: 'teacher' } },
  { type: 'PlayerJoined', data: { userId: 'ann', facilityId: 'warehouse' } },
  { type: 'PlayerLeft', data: { userId: 'ann', facilityId: 'warehouse' } },
];

describe('reading the history of a lean game', () => {
  it('is open to its creator, during and after the round', () => {
    for (const ended of [false, true])
      expect(leanHistoryRefusal(events, { creatorId: 'teacher', ended }, 'teacher')).toBeNull();
  });

  it('is open to whoever held a facility once the round is over, even after leaving it', () => {
    expect(leanHistoryRefusal(events, { creatorId: 'teacher', ended: true }, 'ann')).toBeNull();
    expect(leanHistoryRefusal(events, { creatorId: 'teacher', ended: false }, 'ann')).toBe(
      'beergame.errHistoryAfterEnd',
    );
  });

  it('is refused to anyone who never played it', () => {
    expect(leanHistoryRefusal(events, { creatorId: 'teacher', ended: true }, 'ben')).toBe(
      'errors.membersOrCreatorOnly',
    );
  });
});
