import { Button, Menu, Text } from '@mantine/core';
import { IconArrowBackUp, IconCheck, IconLock, IconPlayerPlay } from '@tabler/icons-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { type RoundStatus, roundPage } from '../../../src-shared/session/rounds';
import type { SessionView } from '../../../src-shared/session/view';
import { paths } from '../../paths';
import { useSessionLabels } from './lobby-labels';
import { type GamePlace, useRoundButton } from './session-crumb';

/** One entry of the round list: the viewer's team's game of that round, if opened, and its status. */
interface RoundEntry {
  roundNumber: number;
  name: string;
  gameId: string | null;
  status: RoundStatus;
}

/**
 * The rounds as the viewer's team played them (spec point 2, "Navigation bar"). A player's own
 * games say their team each round (teams may shuffle); an admin sees every game, so theirs are
 * those of the team of the game on screen. The status follows `roundStatus` of src-shared, read
 * from the view rather than the session's state.
 */
function roundEntries(view: SessionView, place: GamePlace): RoundEntry[] {
  const games = view.isAdmin ? view.myGames.filter((g) => g.teamNumber === place.teamNumber) : view.myGames;
  return view.rounds.map((round, i) => {
    const roundNumber = i + 1;
    const game = games.find((g) => g.roundNumber === roundNumber);
    let status: RoundStatus = 'upcoming';
    if (round.locked) status = 'locked';
    else if (game?.finished) status = 'finished';
    else if (roundNumber === view.currentRound && view.started) status = 'playing';
    return { roundNumber, name: round.name, gameId: game?.gameId ?? null, status };
  });
}

const STATUS_ICONS: Partial<Record<RoundStatus, React.ReactNode>> = {
  finished: <IconCheck size={16} />,
  locked: <IconLock size={16} />,
  playing: <IconPlayerPlay size={16} />,
};

/**
 * The round list of a game's session crumb, for the viewer's team (spec point 2, "Navigation bar"):
 * Mantine's Menu and its floating layer, loaded once the page's first load is over or when the
 * round button is first used (session-crumb.tsx), not with the page.
 */
export function RoundMenu({
  view,
  place,
  opened,
  onChange,
}: {
  view: SessionView;
  place: GamePlace;
  opened: boolean;
  onChange: (opened: boolean) => void;
}) {
  const intl = useIntl();
  const labels = useSessionLabels(view);
  const roundButton = useRoundButton(view, place);
  const lobby = paths.session(view.sessionId, 'lobby');
  const entries = roundEntries(view, place);
  // Finished and locked rounds say so; the round the class is on says it is on (or about to start).
  const suffix = (status: RoundStatus, roundNumber: number) => {
    if (status === 'finished' || status === 'locked')
      return ` · ${intl.formatMessage({ id: `session.nav.${status}` })}`;
    if (roundNumber !== view.currentRound) return '';
    return ` · ${intl.formatMessage({ id: view.started ? 'session.nav.now' : 'session.nav.opening' })}`;
  };
  return (
    <Menu position="bottom-start" shadow="md" width={280} withinPortal opened={opened} onChange={onChange}>
      <Menu.Target>
        <Button {...roundButton} />
      </Menu.Target>
      <Menu.Dropdown data-testid="round-menu-list">
        <Menu.Label>
          <FormattedMessage id="session.nav.rounds" />
        </Menu.Label>
        {entries.map((entry) => {
          const page = entry.gameId ? roundPage(entry.status) : null;
          const current = entry.roundNumber === place.roundNumber;
          const shared = {
            leftSection: STATUS_ICONS[entry.status] ?? <span style={{ width: 16 }} />,
            fw: current ? 700 : undefined,
            'aria-current': current ? ('page' as const) : undefined,
            'data-testid': `round-entry-${entry.roundNumber}`,
            children: (
              <>
                <Text span size="sm" fw="inherit">
                  {labels.round(entry.roundNumber, entry.name)}
                </Text>
                <Text
                  span
                  size="sm"
                  c={
                    entry.roundNumber === view.currentRound && entry.status !== 'finished'
                      ? 'green.8'
                      : 'dimmed'
                  }
                  fw={entry.roundNumber === view.currentRound ? 600 : undefined}
                  data-testid={entry.roundNumber === view.currentRound ? 'round-entry-now' : undefined}
                >
                  {suffix(entry.status, entry.roundNumber)}
                </Text>
              </>
            ),
          };
          // A locked round, or one not opened yet, cannot be entered.
          return page && entry.gameId ? (
            <Menu.Item
              key={entry.roundNumber}
              component={Link}
              to={paths.game(entry.gameId, page)}
              {...shared}
            />
          ) : (
            <Menu.Item key={entry.roundNumber} disabled {...shared} />
          );
        })}
        {view.config.teamComposition !== 'nolobby' && (
          <>
            <Menu.Divider />
            <Menu.Item
              component={Link}
              to={lobby}
              leftSection={<IconArrowBackUp size={16} />}
              data-testid="back-to-lobby"
            >
              <FormattedMessage id="session.nav.backToLobby" />
            </Menu.Item>
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
