/**
 * Who may read a lean game's recorded events: its creator always, its players once the round is
 * over, with seats instead of user ids.
 */
import { describe, expect, it } from 'vitest';
import { type LeanEvent, leanHistoryForViewer, leanHistoryRefusal } from '../../../src-shared/leangame';

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

describe('what a player reads of a lean game’s history', () => {
  const at = 0;
  const played = [
    { type: 'LeanGameCreated', data: { at, creatorId: 'teacher', name: 'Line' } },
    { type: 'PlayerJoined', data: { at, userId: 'ann', facilityId: 'warehouse', playerName: 'Ann' } },
    { type: 'PlayerJoined', data: { at, userId: 'ben', facilityId: 'paint1', playerName: 'Ben' } },
    { type: 'ImprovementsPanelOpened', data: { at, by: 'ben' } },
    { type: 'ImprovementsPanelClosed', data: { at, by: 'ben' } },
    { type: 'ImprovementsPanelOpened', data: { at, by: 'teacher' } },
    { type: 'PlayerLeft', data: { at, userId: 'ben', facilityId: 'paint1' } },
    { type: 'PlayerJoined', data: { at, userId: 'cy', facilityId: 'paint1', playerName: 'Cy' } },
  ] as unknown as LeanEvent[];

  it('names seats, never users; the creator reads it as recorded', () => {
    expect(leanHistoryForViewer(played, 'teacher')).toEqual(played);
    const seen = leanHistoryForViewer(played, 'ann');
    expect(JSON.stringify(seen)).not.toMatch(/"(teacher|ann|ben|cy)"/);
    expect(seen.map((e) => e.data as { userId?: string; by?: string; creatorId?: string })).toEqual([
      expect.objectContaining({ creatorId: 'instructor' }),
      expect.objectContaining({ userId: 'warehouse' }),
      expect.objectContaining({ userId: 'paint1' }),
      expect.objectContaining({ by: 'paint1' }),
      expect.objectContaining({ by: 'paint1' }),
      expect.objectContaining({ by: 'instructor' }),
      expect.objectContaining({ userId: 'paint1' }),
      expect.objectContaining({ userId: 'paint1-2' }),
    ]);
  });
});
