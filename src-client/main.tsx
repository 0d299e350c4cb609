import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { createTheme, MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { setNonce } from 'get-nonce';
import { type ReactNode, StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { useCurrentUser } from './auth';
import { I18nProvider } from './i18n';
import { AppRouter } from './router';
import { createTrpcClient, trpc } from './trpc';
import { NotificationsHost } from './ui/toasts';

/** The Content-Security-Policy nonce the server gave this page: Mantine's <style> tags carry it. */
const styleNonce = document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content ?? '';
// Modals lock the page's scroll with a <style> of their own (react-remove-scroll): it carries the nonce too.
setNonce(styleNonce);

const theme = createTheme({ primaryColor: 'blue', defaultRadius: 'md', fontFamily: 'system-ui, sans-serif' });

/**
 * One tRPC client per signed-in identity: the WebSocket handshake carries the sign-in cookie. The
 * first client opens before the page knows who is signed in, with the cookie the browser already
 * has: learning who that is changes nothing (closing it then cut the page's first subscriptions:
 * "Active connection is not open"); a sign-in or sign-out afterwards makes a new one.
 */
function ApiProvider({ children }: { children: ReactNode }) {
  const { user, pending } = useCurrentUser();
  const identity = pending ? null : (user?.id ?? 'signed-out');
  const [api, setApi] = useState(() => ({ identity, queryClient: new QueryClient(), ...createTrpcClient() }));
  useEffect(() => {
    if (identity === null || api.identity === identity) return;
    if (api.identity === null) return setApi({ ...api, identity });
    api.close();
    setApi({ identity, queryClient: new QueryClient(), ...createTrpcClient() });
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
      <NotificationsHost />
      <I18nProvider>
        <ApiProvider>
          <AppRouter />
        </ApiProvider>
      </I18nProvider>
    </MantineProvider>
  </StrictMode>,
);
