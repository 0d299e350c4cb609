import { type ReactNode, useEffect } from 'react';
import { useIntl } from 'react-intl';
import { Navigate, useLocation } from 'react-router';
import { isInstructor } from '../../../src-shared/rules/permissions';
import { useCurrentUser } from '../../auth';
import { paths } from '../../paths';
import { toastMessage } from '../../ui/notify';
import { PageLoader } from '../../ui/page-loader';
import { rememberTarget, signUpFirstMessageId } from './after-login';

/**
 * Shows its children to instructors only. Dashboards need an e-mail account: others sign up first,
 * told why in a 3-second toast, and come back to the very address they asked for (tab, subtab,
 * query and anchor) once signed up or logged in (spec, /dashboard and router behaviour).
 */
export function InstructorOnly({ children }: { children: ReactNode }) {
  const { user, pending } = useCurrentUser();
  const location = useLocation();
  const intl = useIntl();
  const mustSignUp = !pending && !isInstructor(user);
  useEffect(() => {
    if (!mustSignUp) return;
    rememberTarget(location.pathname + location.search + location.hash);
    toastMessage(intl, signUpFirstMessageId(location.search));
  }, [mustSignUp, location, intl]);
  if (pending) return <PageLoader />;
  if (mustSignUp) return <Navigate to={paths.signup()} replace />;
  return children;
}
