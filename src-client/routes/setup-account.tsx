import { Navigate } from 'react-router';
import { setupPageRedirect } from '../../src-shared/rules/account-flow';
import { useCurrentUser } from '../auth';
import { GoToTarget } from '../features/auth/go-to-target';
import { SetupAccountForm } from '../features/auth/setup-account-form';
import { usePortalLook } from '../look';
import { paths } from '../paths';
import { PageLoader } from '../ui/page-loader';

/**
 * `/setup-account`: the first sign-in's questions, then where the user was going (the remembered
 * page, else the dashboard) as soon as the answers are saved. Nobody signed in, or an anonymous
 * player, is sent to sign up; an account already set up goes on at once.
 */
export function SetupAccountPage() {
  const { user, pending } = useCurrentUser();
  // A portal hides sign-up (spec point 2): its visitors log in.
  const portal = usePortalLook() !== null;
  if (pending) return <PageLoader />;
  const redirect = setupPageRedirect(user);
  if (redirect === 'signup') return <Navigate to={portal ? paths.login() : paths.signup()} replace />;
  if (redirect === 'target' || !user) return <GoToTarget />;
  return <SetupAccountForm user={user} />;
}
