import { Anchor, Box, Button, Container, Group } from '@mantine/core';
import { Suspense } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, Outlet, useMatch } from 'react-router';
import { LOCALE_NAMES, LOCALES } from '../../src-shared/rules/locale';
import { isInstructor } from '../../src-shared/rules/permissions';
import { useCurrentUser } from '../auth';
import { useLocale } from '../i18n';
import { paths, patterns } from '../paths';
import { ConnectionBanner, useStale } from './connection-banner';
import { DeferredMenu } from './deferred-menu';
import './layout.css';
import { PageLoader } from './page-loader';
import { UserMenu } from './user-menu';

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
  const onSetupPage = useMatch(patterns.setupAccount) !== null;
  const hideNavbar = onLoginPage || onSignupPage || onAuthActionPage || onSetupPage;
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
