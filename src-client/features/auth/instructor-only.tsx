import { type ReactNode, useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import { isInstructor } from '../../../src-shared/rules/permissions';
import { useCurrentUser } from '../../auth';
import { paths } from '../../paths';
import { PageLoader } from '../../ui/page-loader';
import { rememberTarget } from './after-login';

/**
 * Shows its children to instructors only. Dashboards need an e-mail account: others sign up first
 * and come back here (spec, /dashboard).
 */
export function InstructorOnly({ children }: { children: ReactNode }) {
  const { user, pending } = useCurrentUser();
  const location = useLocation();
  const mustSignUp = !pending && !isInstructor(user);
  useEffect(() => {
    if (mustSignUp) rememberTarget(location.pathname + location.search);
  }, [mustSignUp, location]);
  if (pending) return <PageLoader />;
  if (mustSignUp) return <Navigate to={paths.signup()} replace />;
  return children;
}
