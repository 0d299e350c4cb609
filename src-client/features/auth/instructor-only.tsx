import { type ReactNode, useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import { Navigate, useLocation } from 'react-router';
import { isInstructor } from '../../../src-shared/rules/permissions';
import { useCurrentUser } from '../../auth';
import { usePortalLook } from '../../look';
import { paths } from '../../paths';
import { toastMessage } from '../../ui/notify';
import { PageLoader } from '../../ui/page-loader';
import { rememberTarget, signUpFirstMessageId } from './after-login';

/**
 * Shows its children to instructors only. Dashboards need an e-mail account: others sign up first,
 * told why in a 3-second toast, and come back to the very address they asked for (tab, subtab,
 * query and anchor) once signed up or logged in (spec, /dashboard and router behaviour). An
 * instructor signed out while on the page (in another tab) has an account: they log in instead.
 */
export function InstructorOnly({ children }: { children: ReactNode }) {
  const { user, pending } = useCurrentUser();
  const location = useLocation();
  const intl = useIntl();
  const signedInHere = useRef(false);
  const portal = usePortalLook() !== null;
  if (isInstructor(user)) signedInHere.current = true;
  const mustSignIn = !pending && !isInstructor(user);
  useEffect(() => {
    if (!mustSignIn) return;
    rememberTarget(location.pathname + location.search + location.hash);
    toastMessage(intl, signUpFirstMessageId(location.search));
  }, [mustSignIn, location, intl]);
  if (pending) return <PageLoader />;
  // A portal hides sign-up (spec point 2): its visitors log in.
  if (mustSignIn)
    return <Navigate to={signedInHere.current || portal ? paths.login() : paths.signup()} replace />;
  return children;
}
