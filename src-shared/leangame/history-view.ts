/**
 * A lean game's recorded events as one viewer may see them (the debrief's replay): the creator
 * every event as recorded; a player (once the round is over, `leanHistoryRefusal`) the same events
 * with seats instead of user ids (rules/seat-pseudonyms.ts), as the beer game's history. A lean
 * game has no private messages, questions or future demand to hold back: every figure of a round
 * is the players' to see once it is over.
 */
import { SeatPseudonyms } from '../rules/seat-pseudonyms';
import type { LeanEvent } from './events';

export function leanHistoryForViewer(events: readonly LeanEvent[], viewerId: string | null): LeanEvent[] {
  const created = events.find((e) => e.type === 'LeanGameCreated');
  const creatorId = created?.type === 'LeanGameCreated' ? created.data.creatorId : null;
  if (viewerId !== null && viewerId === creatorId) return [...events];
  const names = new SeatPseudonyms(creatorId);
  // The facility each person holds as the events go (the improvements panel names its holder).
  const seatOf = new Map<string, string>();
  const personAt = (userId: string) => names.of(userId, seatOf.get(userId) ?? 'player');
  return events.map((event) => {
    switch (event.type) {
      case 'LeanGameCreated':
        return { ...event, data: { ...event.data, creatorId: names.of(event.data.creatorId, '') } };
      case 'PlayerJoined':
        seatOf.set(event.data.userId, event.data.facilityId);
        return { ...event, data: { ...event.data, userId: personAt(event.data.userId) } };
      case 'PlayerLeft': {
        const userId = names.of(event.data.userId, event.data.facilityId);
        seatOf.delete(event.data.userId);
        return { ...event, data: { ...event.data, userId } };
      }
      case 'ImprovementsPanelOpened':
      case 'ImprovementsPanelClosed':
        return { ...event, data: { ...event.data, by: personAt(event.data.by) } } as LeanEvent;
      default:
        return event;
    }
  });
}
