import { useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import { Navigate } from 'react-router';
import { authPageRedirect, mustQuitBeforeSignUp } from '../../src-shared/rules/account-flow';
import { useCurrentUser } from '../auth';
import { AuthForm } from '../features/auth/auth-form';
import { GoToTarget } from '../features/auth/go-to-target';
import { QuitFirst } from '../features/auth/quit-first';
import { usePortalLook } from '../look';
import { paths } from '../paths';
import { trpc } from '../trpc';
import { toastMessage } from '../ui/notify';
import { PageLoader } from '../ui/page-loader';

/**
 * `/login` and `/signup` (spec point 2). A user signed in with an e-mail has nothing to do here: one
 * without a profile type goes to `/setup-account`, the others where they were going (else the
 * dashboard); one who came to `/signup` already signed in is told so (`dashboard.errorAlreadyLoggedIn`).
 * An anonymous player seated in a game quits it first (spec point 4): signing in ends their
 * anonymous account, which must not keep a seat.
 */
function AuthPage({ mode }: { mode: 'login' | 'signup' }) {
  const { user, pending } = useCurrentUser();
  const intl = useIntl();
  // Whether the user was signed in when the page opened, rather than by its form.
  const arrivedSignedIn = useRef<boolean | null>(null);
  if (!pending && arrivedSignedIn.current === null) arrivedSignedIn.current = !!user && !user.isAnonymous;
  const redirect = pending ? null : authPageRedirect(user, mode);
  const alreadyMessage = arrivedSignedIn.current ? redirect?.messageId : null;
  useEffect(() => {
    if (alreadyMessage) toastMessage(intl, alreadyMessage);
  }, [alreadyMessage, intl]);
  const playing = trpc.account.playing.useQuery(undefined, { enabled: user?.isAnonymous === true });
  // Sign-up is hidden on a portal (spec point 2): its address leads to the log-in page.
  const portal = usePortalLook() !== null;

  if (mode === 'signup' && portal) return <Navigate to={paths.login()} replace />;
  if (pending) return <PageLoader />;
  if (redirect)
    return redirect.to === 'setupAccount' ? <Navigate to={paths.setupAccount()} replace /> : <GoToTarget />;
  if (user?.isAnonymous && playing.isPending) return <PageLoader />;
  const game = playing.data ?? null;
  if (game && mustQuitBeforeSignUp(user, game !== null)) return <QuitFirst game={game} mode={mode} />;
  return <AuthForm mode={mode} />;
}

export const LoginPage = () => <AuthPage mode="login" />;
export const SignupPage = () => <AuthPage mode="signup" />;
