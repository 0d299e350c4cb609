import { useIntl } from 'react-intl';
import { facilityDisplayName } from '../../../src-shared/rules/facility-name';
import { teamName } from '../../../src-shared/session/rounds';
import type { SessionView } from '../../../src-shared/session/view';

/**
 * The words a session's pages name things with: the class's own labels for "team" and "round"
 * when the instructor gave them (`localeLabels`), else the reader's language; roles by their
 * translated name when the game uses a standard one.
 */
export function useSessionLabels(view: Pick<SessionView, 'teamNames' | 'localeLabels'>) {
  const intl = useIntl();
  const roundLabel = view.localeLabels.round.trim() || intl.formatMessage({ id: 'session.roundLabel' });
  return {
    roundLabel,
    team: (teamNumber: number) => teamName(view, teamNumber, intl.formatMessage({ id: 'session.teamLabel' })),
    /** "Round 2 · Transparent": a round's number and name, as lists show it. */
    round: (roundNumber: number, name: string) =>
      intl.formatMessage({ id: 'session.roundEntry' }, { label: roundLabel, number: roundNumber, name }),
    role: (seat: { facilityId: string; name: string }) =>
      facilityDisplayName({ name: seat.name, type: seat.facilityId }, (id) =>
        intl.messages[id] ? intl.formatMessage({ id }) : undefined,
      ),
  };
}
