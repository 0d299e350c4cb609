import { Avatar, Group, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useMatch, useNavigate } from 'react-router';
import { userMenuName } from '../../src-shared/rules/account-flow';
import { isInstructor } from '../../src-shared/rules/permissions';
import { authClient, useCurrentUser } from '../auth';
import { paths, patterns } from '../paths';
import { newCommandId, trpc } from '../trpc';
import { DeferredMenu } from './deferred-menu';
import { useFacilityName } from './facility-name';
import type { HeaderMenuItem } from './header-menu';
import { toastError, toastMessage } from './notify';

/**
 * The user menu (spec point 2): the first name, else the player name, else "anonymous"; the game
 * being played with its role; quit the game (a seated player) or log out; my sessions and profile
 * settings for instructors. An anonymous player gets only quit or log out. Logging out quits the
 * game first (spec point 4); on the play page both lead to the game's page, elsewhere log-out goes
 * home. The game played is asked for when the menu is about to open, not on every page load.
 */
export function UserMenu() {
  const { user } = useCurrentUser();
  const intl = useIntl();
  const navigate = useNavigate();
  const facilityName = useFacilityName();
  const playedGameId = useMatch(patterns.gamePlay)?.params.id ?? null;
  const [wanted, setWanted] = useState(false);
  // Asked afresh when the menu opens: the bar's logo asked the same at the page's load, before a seat was taken.
  const playing = trpc.account.playing.useQuery(undefined, {
    enabled: wanted && !!user,
    refetchOnMount: 'always',
  });
  const quit = trpc.account.quitGame.useMutation();
  if (!user) return null;
  const game = playing.data ?? null;

  const quitGame = async () => {
    if (!game) return;
    try {
      await quit.mutateAsync({ gameId: game.gameId, commandId: newCommandId() });
    } catch (error) {
      toastError(intl, error);
      return;
    }
    toastMessage(intl, 'game.left');
    void playing.refetch();
    if (playedGameId === game.gameId) navigate(paths.game(game.gameId, 'intro'));
  };
  const logOut = async () => {
    if (game)
      await quit.mutateAsync({ gameId: game.gameId, commandId: newCommandId() }).catch(() => undefined);
    await authClient.signOut();
    navigate(playedGameId ? paths.game(playedGameId, 'intro') : paths.home());
  };

  const items: HeaderMenuItem[] = [];
  if (game)
    items.push(
      {
        key: 'playing',
        label: (
          <div>
            <Text size="sm" fw={600} lineClamp={1}>
              {game.name}
            </Text>
            <Text size="xs" c="dimmed">
              <FormattedMessage
                id="nav.playingAs"
                values={{ role: facilityName({ name: game.roleName, type: game.roleType ?? '' }) }}
              />
            </Text>
          </div>
        ),
        to: paths.game(game.gameId, 'play'),
      },
      { key: 'quitGame', label: <FormattedMessage id="nav.quitGame" />, onClick: quitGame },
    );
  if (isInstructor(user))
    items.push(
      { key: 'dashboard', label: <FormattedMessage id="nav.dashboard" />, to: paths.dashboard() },
      { key: 'sessions', label: <FormattedMessage id="nav.mySessions" />, to: paths.dashboard('sessions') },
      {
        key: 'profile',
        label: <FormattedMessage id="nav.profileSettings" />,
        to: `${paths.dashboard('settings')}#profile`,
      },
    );
  // A seated anonymous player quits; logging out would leave them no way back to their seat.
  if (isInstructor(user) || !game)
    items.push({ key: 'logOut', label: <FormattedMessage id="nav.logOut" />, onClick: logOut });

  const name = userMenuName(user);
  return (
    <DeferredMenu
      onWanted={() => setWanted(true)}
      trigger={(props) => (
        <UnstyledButton data-testid="user-menu" {...props}>
          <Group gap={6} wrap="nowrap">
            <Avatar size="sm" color="blue" radius="xl">
              {(name ?? '?').slice(0, 1).toUpperCase()}
            </Avatar>
            <Text size="sm" visibleFrom="xs" maw={160} truncate>
              {name ?? <FormattedMessage id="nav.anonymous" />}
            </Text>
          </Group>
          {/* Named by what it shows (the name, or its initial on a phone), then what it opens. */}
          <VisuallyHidden>{intl.formatMessage({ id: 'nav.userMenu' })}</VisuallyHidden>
        </UnstyledButton>
      )}
      items={items}
    />
  );
}
