import { Anchor, Box, Button, Container, Group } from '@mantine/core';
import { lazy, type ReactNode, Suspense } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, Outlet, useLocation, useMatch } from 'react-router';
import { LOCALE_NAMES, LOCALES } from '../../src-shared/rules/locale';
import {
  logoTarget,
  showAudioPlayer,
  showChangelogBell,
  showDashboardIcon,
  showLanguagePicker,
} from '../../src-shared/rules/navigation';
import { isInstructor } from '../../src-shared/rules/permissions';
import { useCurrentUser } from '../auth';
import { useLocale } from '../i18n';
import { loadChunk } from '../load-chunk';
import { usePortalLook } from '../look';
import { patterns } from '../paths';
import { trpc } from '../trpc';
import { ConnectionBanner, useStale } from './connection-banner';
import { DeferredMenu } from './deferred-menu';
import './layout.css';
import { type NavFacts, NavFactsProvider, useNavFactsState } from './nav-facts';
import { PageLoader } from './page-loader';
import { UserMenu } from './user-menu';

// The bell shows on the dashboard only, an instructor's page: its code and its entries load there.
const ChangelogBell = lazy(() => loadChunk(() => import('./changelog-bell')));
// The dashboard icon and the music button are not every page's (a player's first load stays small):
// they load once the bar shows them.
const DashboardIcon = lazy(() => loadChunk(() => import('./bar-buttons')));
const MusicButton = lazy(async () => ({
  default: (await loadChunk(() => import('./music-button'))).MusicButton,
}));

function LanguagePicker() {
  const { locale, setLocale } = useLocale();
  const intl = useIntl();
  return (
    <DeferredMenu
      trigger={(props) => (
        <Button
          variant="subtle"
          size="compact-sm"
          aria-label={`${intl.formatMessage({ id: 'nav.language' })}: ${locale.toUpperCase()}`}
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

/** The top bar's brand: the product's, or a portal's logo and hero title. */
function Brand() {
  const look = usePortalLook();
  if (!look)
    return (
      <>
        <img src="/favicon.svg" alt="" width={28} height={28} />
        {/* On a phone the picture alone (the link keeps the name): the bar's buttons need the room. */}
        <Box component="span" visibleFrom="xs">
          <FormattedMessage id="app.name" />
        </Box>
      </>
    );
  return (
    <>
      {look.logoUrl && <img src={look.logoUrl} alt="" height={32} className="portal-logo" />}
      <span data-testid="portal-hero-title" className="portal-hero-title">
        {look.heroTitle}
      </span>
    </>
  );
}

/**
 * Where the logo leads (src-shared/rules/navigation.ts) from what the page's address and `facts`
 * tell: a player without e-mail goes to the lobby of the session they play in, which the game they
 * play tells (asked once for such a user, and shared with the user menu).
 */
function useLogoTarget(facts: NavFacts): string {
  const { user } = useCurrentUser();
  const withEmail = isInstructor(user);
  const playing = trpc.account.playing.useQuery(undefined, {
    enabled: !!user && !withEmail,
    staleTime: 30_000,
  });
  const gameId = useMatch(`${patterns.game}/*`)?.params.id ?? null;
  const userPageId = useMatch('/user/:uid')?.params.uid ?? null;
  return logoTarget({
    signedInWithEmail: withEmail,
    currentSessionId: (!withEmail && playing.data?.sessionId) || null,
    workspace: facts.workspace,
    gameId,
    userPageId,
    sessionId: facts.sessionId,
  });
}

/**
 * The frame of every page: a header (none on the log-in, sign-up and mail-link forms), the connection's
 * state when it is lost, and the page, which shows a loader while its code loads. A plain header rather than Mantine's AppShell (9 KB gzipped
 * for a header and a main area: ui/layout.css draws them).
 */
/** `help`: the help menu, shown to instructors only (the router loads it lazily). */
export function Layout({ help }: { help?: ReactNode }) {
  const intl = useIntl();
  const { user } = useCurrentUser();
  const { facts, setFacts } = useNavFactsState();
  const { pathname } = useLocation();
  const onLoginPage = useMatch(patterns.login) !== null;
  const onSignupPage = useMatch(patterns.signup) !== null;
  const onAuthActionPage = useMatch(patterns.authAction) !== null;
  const onSetupPage = useMatch(patterns.setupAccount) !== null;
  const hideNavbar = onLoginPage || onSignupPage || onAuthActionPage || onSetupPage;
  const withEmail = isInstructor(user);
  const home = useLogoTarget(facts);
  const onDashboard = showChangelogBell(pathname);
  const picker = showLanguagePicker({
    sessionAllows: facts.allowLanguagePicker,
    sessionAdmin: facts.sessionAdmin,
    gameHasCreator: facts.gameHasCreator,
  });
  const music = showAudioPlayer({
    allowAudioPlayer: facts.allowAudioPlayer,
    sessionAdmin: facts.sessionAdmin,
    signedInWithEmail: withEmail,
  });
  const look = usePortalLook();
  const portal = look !== null;
  const brandName = look?.heroTitle ?? intl.formatMessage({ id: 'app.name' });
  // While the server is away the page's figures stop following the game: dimmed, and said so.
  const staleness = useStale();
  const stale = staleness !== null;
  return (
    <>
      {!hideNavbar && (
        <Box component="header" className="app-header">
          <Container size="lg" h="100%">
            <Group h="100%" justify="space-between" wrap="nowrap">
              <Anchor
                component={Link}
                to={home}
                underline="never"
                fw={800}
                size="lg"
                c={portal ? undefined : 'blue.7'}
                aria-label={brandName}
                data-testid="logo"
              >
                <Group gap={8} wrap="nowrap">
                  <Brand />
                </Group>
              </Anchor>
              <Group gap="xs" wrap="nowrap">
                <Suspense fallback={null}>
                  {showDashboardIcon(withEmail, onDashboard) && <DashboardIcon />}
                  {onDashboard && withEmail && <ChangelogBell />}
                  {music && <MusicButton />}
                  {withEmail && help}
                </Suspense>
                {picker && <LanguagePicker />}
                <UserMenu />
              </Group>
            </Group>
          </Container>
        </Box>
      )}
      <ConnectionBanner staleness={staleness} />
      <Box
        component="main"
        className="app-main"
        data-stale={stale || undefined}
        aria-busy={stale || undefined}
      >
        <Container size="lg">
          <NavFactsProvider setFacts={setFacts}>
            <Suspense fallback={<PageLoader />}>
              <Outlet />
            </Suspense>
          </NavFactsProvider>
        </Container>
      </Box>
    </>
  );
}
