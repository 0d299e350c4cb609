/**
 * A lean game's recorded events as one viewer may see them (the debrief's replay): the creator
 * every event as recorded; a player (once the round is over, `leanHistoryRefusal`) the same events
 * with seats instead of user ids (rules/seat-pseudonyms.ts), as the beer game's history. A lean
 * game has no private messages, questions or future demand to hold back: every figure of a round
 * is the players' to see once it is over, except what the instructor wrote for the debrief: the
 * expected answers of its questions are left out, and a player sees only their own answers.
 */

import { withoutExpectedAnswers } from '../rules/debrief-config';
import { SeatPseudonyms } from '../rules/seat-pseudonyms';
import type { LeanEvent } from './events';

export function leanHistoryForViewer<E extends LeanEvent>(
  events: readonly E[],
  viewerId: string | null,
): E[] {
  const created = events.find((e) => e.type === 'LeanGameCreated');
  const creatorId = created?.type === 'LeanGameCreated' ? created.data.creatorId : null;
  if (viewerId !== null && viewerId === creatorId) return [...events];
  const names = new SeatPseudonyms(creatorId);
  // The facility each person holds as the events go (the improvements panel names its holder).
  const seatOf = new Map<string, string>();
  const personAt = (userId: string) => names.of(userId, seatOf.get(userId) ?? 'player');
  const seen = events.map((recorded): E | null => {
    const event = recorded as LeanEvent;
    const data = redacted(event);
    return data === null ? null : ({ ...recorded, data } as E);
  });
  return seen.filter((event): event is E => event !== null);

  /** The event's data as the viewer sees it; null: not theirs to see (another player's answer). */
  function redacted(event: LeanEvent): LeanEvent['data'] | null {
    switch (event.type) {
      case 'LeanGameCreated': {
        const creatorId = names.of(event.data.creatorId, '');
        const setup = event.data.setup as typeof event.data.setup | undefined;
        if (setup?.params.configDebrief === undefined) return { ...event.data, creatorId };
        const configDebrief = withoutExpectedAnswers(setup.params.configDebrief);
        return { ...event.data, creatorId, setup: { ...setup, params: { ...setup.params, configDebrief } } };
      }
      case 'LeanDebriefConfigured':
        return { ...event.data, configDebrief: withoutExpectedAnswers(event.data.configDebrief) };
      case 'LeanDebriefQuestionAnswered':
        return event.data.userId === viewerId
          ? { ...event.data, userId: names.of(event.data.userId, event.data.facilityId) }
          : null;
      case 'PlayerJoined':
        seatOf.set(event.data.userId, event.data.facilityId);
        return { ...event.data, userId: personAt(event.data.userId) };
      case 'PlayerLeft': {
        const userId = names.of(event.data.userId, event.data.facilityId);
        seatOf.delete(event.data.userId);
        return { ...event.data, userId };
      }
      case 'ImprovementsPanelOpened':
      case 'ImprovementsPanelClosed':
        return { ...event.data, by: personAt(event.data.by) };
      default:
        return event.data;
    }
  }
}
