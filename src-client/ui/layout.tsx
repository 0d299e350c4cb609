import {
  Anchor,
  AppShell,
  Avatar,
  Button,
  Container,
  Group,
  Menu,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, Outlet, useMatch, useNavigate } from 'react-router';
import { LOCALE_NAMES, LOCALES } from '../../src-shared/rules/locale';
import { isInstructor } from '../../src-shared/rules/permissions';
import { authClient, useCurrentUser } from '../auth';
import { useLocale } from '../i18n';
import { paths, patterns } from '../paths';

function LanguagePicker() {
  const { locale, setLocale } = useLocale();
  const intl = useIntl();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="subtle" size="compact-sm" aria-label={intl.formatMessage({ id: 'nav.language' })}>
          {locale.toUpperCase()}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {LOCALES.map((code) => (
          <Menu.Item
            key={code}
            className={`locale-${code}`}
            onClick={() => setLocale(code)}
            fw={code === locale ? 700 : 400}
          >
            {LOCALE_NAMES[code]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

function UserMenu() {
  const { user } = useCurrentUser();
  const navigate = useNavigate();
  const playedGameId = useMatch(patterns.gamePlay)?.params.id;
  if (!user) return null;
  const logOut = async () => {
    await authClient.signOut();
    // Logging out on the play page goes to the game page, otherwise home (spec point 4).
    navigate(playedGameId ? paths.game(playedGameId, 'intro') : paths.home());
  };
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <UnstyledButton data-testid="user-menu">
          <Group gap={6}>
            <Avatar size="sm" color="blue" radius="xl">
              {user.name.slice(0, 1).toUpperCase()}
            </Avatar>
            <Text size="sm" visibleFrom="xs">
              {user.isAnonymous && user.name === 'Anonymous' ? (
                <FormattedMessage id="nav.anonymous" />
              ) : (
                user.name
              )}
            </Text>
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        {isInstructor(user) && (
          <Menu.Item component={Link} to={paths.dashboard()}>
            <FormattedMessage id="nav.dashboard" />
          </Menu.Item>
        )}
        <Menu.Item onClick={logOut}>
          <FormattedMessage id="nav.logOut" />
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

export function Layout() {
  const { user } = useCurrentUser();
  const onLoginPage = useMatch(patterns.login) !== null;
  const onSignupPage = useMatch(patterns.signup) !== null;
  const hideNavbar = onLoginPage || onSignupPage;
  const home = isInstructor(user) ? paths.dashboard() : paths.home();
  return (
    <AppShell header={hideNavbar ? undefined : { height: 56 }} padding="md">
      {!hideNavbar && (
        <AppShell.Header>
          <Container size="lg" h="100%">
            <Group h="100%" justify="space-between" wrap="nowrap">
              <Anchor component={Link} to={home} underline="never" fw={800} size="lg" c="blue.7">
                <Group gap={8} wrap="nowrap">
                  <img src="/favicon.svg" alt="" width={28} height={28} />
                  <FormattedMessage id="app.name" />
                </Group>
              </Anchor>
              <Group gap="xs" wrap="nowrap">
                <LanguagePicker />
                <UserMenu />
              </Group>
            </Group>
          </Container>
        </AppShell.Header>
      )}
      <AppShell.Main>
        <Container size="lg">
          <Outlet />
        </Container>
      </AppShell.Main>
    </AppShell>
  );
}
