import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './ui/contrast.css';
import { createTheme, MantineProvider, MantineThemeProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { setNonce } from 'get-nonce';
import { lazy, type ReactNode, StrictMode, Suspense, useEffect, useMemo, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { useIntl } from 'react-intl';
import { asksConsentOn } from '../src-shared/rules/tracking';
import { reconnectDelayMs } from './api-links';
import { setWhileSessionUnanswered, useCurrentUser } from './auth';
import { trackLiveView } from './connection';
import { I18nProvider } from './i18n';
import { loadChunk } from './load-chunk';
import { LookProvider } from './look';
import { AppRouter } from './router';
import { consentChoice, startErrorReporting } from './telemetry';
import { createTrpcClient, newQueryClient, trpc } from './trpc';
import { NotificationsHost } from './ui/toasts';

/** The Content-Security-Policy nonce the server gave this page: Mantine's <style> tags carry it. */
const styleNonce = document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content ?? '';
// Modals lock the page's scroll with a <style> of their own (react-remove-scroll): it carries the nonce too.
setNonce(styleNonce);

startErrorReporting();
// A session that cannot be read (the server or its database away) makes the page stale until it
// is, and is asked again at the socket's pace.
setWhileSessionUnanswered({
  unanswered: () => {
    const view = trackLiveView();
    view.failed();
    return view;
  },
  pause: (attempt) => new Promise((resolve) => setTimeout(resolve, reconnectDelayMs(attempt))),
});
/**
 * The consent banner's code loads only for a visitor who has not chosen yet, arriving on a page
 * where something is counted (src-shared/rules/tracking.ts); its few words are every page's.
 */
const ConsentBanner =
  consentChoice() === null && asksConsentOn(location.pathname)
    ? lazy(async () => ({
        default: (await loadChunk(() => import('./features/telemetry/consent-banner'))).ConsentBanner,
      }))
    : null;

const theme = createTheme({
  primaryColor: 'blue',
  defaultRadius: 'md',
  fontFamily: 'system-ui, sans-serif',
  // A table wider than the screen scrolls: its scroll area takes the keyboard's focus, so arrows scroll it.
  components: {
    TableScrollContainer: { defaultProps: { scrollAreaProps: { viewportProps: { tabIndex: 0 } } } },
    // A menu opens on its first item, not on a focusable "presentation" placeholder that a menu may
    // not hold (axe: aria-required-children).
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
  },
});

/**
 * The words Mantine's own buttons need, in the page's language: every close button (a dialog's, a
 * toast's, an alert's) is named "Close" unless its place names it better.
 */
function WordedTheme({ children }: { children: ReactNode }) {
  const close = useIntl().formatMessage({ id: 'app.close' });
  const words = useMemo(
    () => createTheme({ components: { CloseButton: { defaultProps: { 'aria-label': close } } } }),
    [close],
  );
  return <MantineThemeProvider theme={words}>{children}</MantineThemeProvider>;
}

/**
 * One tRPC client per signed-in identity: the WebSocket handshake carries the sign-in cookie. The
 * first client opens before the page knows who is signed in, with the cookie the browser already
 * has: learning who that is changes nothing (closing it then cut the page's first subscriptions:
 * "Active connection is not open"); a sign-in or sign-out afterwards makes a new one.
 */
function ApiProvider({ children }: { children: ReactNode }) {
  const { user, pending } = useCurrentUser();
  const identity = pending ? null : (user?.id ?? 'signed-out');
  const [api, setApi] = useState(() => ({ identity, queryClient: newQueryClient(), ...createTrpcClient() }));
  useEffect(() => {
    if (identity === null || api.identity === identity) return;
    if (api.identity === null) return setApi({ ...api, identity });
    api.close();
    setApi({ identity, queryClient: newQueryClient(), ...createTrpcClient() });
  }, [identity, api]);
  return (
    <trpc.Provider client={api.client} queryClient={api.queryClient}>
      <QueryClientProvider client={api.queryClient}>{children}</QueryClientProvider>
    </trpc.Provider>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MantineProvider theme={theme} getStyleNonce={() => styleNonce}>
      <I18nProvider>
        <WordedTheme>
          <NotificationsHost />
          <ApiProvider>
            <LookProvider>
              <AppRouter />
            </LookProvider>
            {ConsentBanner && (
              <Suspense fallback={null}>
                <ConsentBanner />
              </Suspense>
            )}
          </ApiProvider>
        </WordedTheme>
      </I18nProvider>
    </MantineProvider>
  </StrictMode>,
);
