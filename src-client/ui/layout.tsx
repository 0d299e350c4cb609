import { Anchor, Avatar, Box, Button, Container, Group, Text, UnstyledButton } from '@mantine/core';
import { type ButtonHTMLAttributes, lazy, type ReactElement, type Ref, Suspense, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, Outlet, useMatch, useNavigate } from 'react-router';
import { LOCALE_NAMES, LOCALES } from '../../src-shared/rules/locale';
import { isInstructor } from '../../src-shared/rules/permissions';
import { authClient, useCurrentUser } from '../auth';
import { useLocale } from '../i18n';
import { paths, patterns } from '../paths';
import { ConnectionBanner, useStale } from './connection-banner';
import type { HeaderMenuItem } from './header-menu';
import './layout.css';
import { loadChunk } from '../load-chunk';
import { PageLoader } from './page-loader';

const loadHeaderMenu = () => loadChunk(() => import('./header-menu'));
const HeaderMenu = lazy(loadHeaderMenu);

type TriggerProps = Pick<ButtonHTMLAttributes<HTMLButtonElement>, 'onPointerEnter' | 'onFocus' | 'onClick'>;

/**
 * A header menu whose code (Mantine's Menu and its positioning, 12 KB gzipped) is fetched when the
 * pointer comes over its button or the focus on it, not with the page, and runs from the first
 * click: the menu then takes the button's place, opened, with the focus on its button.
 */
function DeferredMenu({
  trigger,
  items,
}: {
  trigger: (props: TriggerProps) => ReactElement<{ ref?: Ref<HTMLElement> }>;
  items: HeaderMenuItem[];
}) {
  const [clicked, setClicked] = useState(false);
  const preload = () => void loadHeaderMenu();
  if (!clicked)
    return trigger({ onPointerEnter: preload, onFocus: preload, onClick: () => setClicked(true) });
  return (
    <Suspense fallback={trigger({})}>
      <HeaderMenu target={trigger({})} items={items} />
    </Suspense>
  );
}

function LanguagePicker() {
  const { locale, setLocale } = useLocale();
  const intl = useIntl();
  return (
    <DeferredMenu
      trigger={(props) => (
        <Button
          variant="subtle"
          size="compact-sm"
          aria-label={intl.formatMessage({ id: 'nav.language' })}
          data-testid="language-picker"
          {...props}
        >
          {locale.toUpperCase()}
        </Button>
      )}
      items={LOCALES.map((code) => ({
        key: code,
        label: LOCALE_NAMES[code],
        className: `locale-${code}`,
        onClick: () => setLocale(code),
        selected: code === locale,
      }))}
    />
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
  const items: HeaderMenuItem[] = [
    { key: 'logOut', label: <FormattedMessage id="nav.logOut" />, onClick: logOut },
  ];
  if (isInstructor(user)) {
    items.unshift(
      { key: 'dashboard', label: <FormattedMessage id="nav.dashboard" />, to: paths.dashboard() },
      {
        key: 'profile',
        label: <FormattedMessage id="nav.profileSettings" />,
        to: `${paths.dashboard('settings')}#profile`,
      },
    );
  }
  return (
    <DeferredMenu
      trigger={(props) => (
        <UnstyledButton data-testid="user-menu" {...props}>
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
      )}
      items={items}
    />
  );
}

/**
 * The frame of every page: a header (none on the log-in, sign-up and mail-link forms), the connection's
 * state when it is lost, and the page, which shows a loader while its code loads. A plain header rather than Mantine's AppShell (9 KB gzipped
 * for a header and a main area: ui/layout.css draws them).
 */
export function Layout() {
  const { user } = useCurrentUser();
  const { pickerHidden } = useLocale();
  const onLoginPage = useMatch(patterns.login) !== null;
  const onSignupPage = useMatch(patterns.signup) !== null;
  const onAuthActionPage = useMatch(patterns.authAction) !== null;
  const hideNavbar = onLoginPage || onSignupPage || onAuthActionPage;
  const home = isInstructor(user) ? paths.dashboard() : paths.home();
  // While the server is away the page's figures stop following the game: dimmed, and said so.
  const stale = useStale();
  return (
    <>
      {!hideNavbar && (
        <Box component="header" className="app-header">
          <Container size="lg" h="100%">
            <Group h="100%" justify="space-between" wrap="nowrap">
              <Anchor component={Link} to={home} underline="never" fw={800} size="lg" c="blue.7">
                <Group gap={8} wrap="nowrap">
                  <img src="/favicon.svg" alt="" width={28} height={28} />
                  <FormattedMessage id="app.name" />
                </Group>
              </Anchor>
              <Group gap="xs" wrap="nowrap">
                {!pickerHidden && <LanguagePicker />}
                <UserMenu />
              </Group>
            </Group>
          </Container>
        </Box>
      )}
      <ConnectionBanner stale={stale} />
      <Box
        component="main"
        className="app-main"
        data-stale={stale || undefined}
        aria-busy={stale || undefined}
      >
        <Container size="lg">
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </Container>
      </Box>
    </>
  );
}
