/** How each session event changes the state. */
import type { SessionEvent } from './events';
import type { SessionState } from './state';

export function evolveSession(s: SessionState, event: SessionEvent): SessionState {
  switch (event.type) {
    case 'SessionCreated':
      return {
        ...s,
        exists: true,
        sessionId: event.data.sessionId,
        creatorId: event.data.creatorId,
        template: event.data.template,
        duplicateOf: event.data.duplicateOf,
        createdAt: event.data.at,
        setup: event.data.setup,
        published: event.data.published,
      };
    case 'SessionEdited':
      return { ...s, setup: event.data.setup };
    case 'SessionPublished':
      return { ...s, published: true };
    case 'SessionUnpublished':
      return { ...s, published: false };
    case 'SessionCodeGenerated':
      return { ...s, code: event.data.code };
    case 'RoundOpened':
      return { ...s, roundGames: [...s.roundGames, event.data.gameIds] };
    case 'RoundStarted':
      return { ...s, startedRounds: [...s.startedRounds, event.data.roundNumber] };
    case 'RoundLocked':
      return { ...s, lockedRounds: { ...s.lockedRounds, [event.data.roundId]: true } };
    case 'RoundUnlocked': {
      const { [event.data.roundId]: _unlocked, ...lockedRounds } = s.lockedRounds;
      return { ...s, lockedRounds };
    }
    case 'SessionDeleted':
      return { ...s, deleted: true };
  }
}
