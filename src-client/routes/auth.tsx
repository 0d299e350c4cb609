import { Navigate } from 'react-router';
import { isInstructor } from '../../src-shared/rules/permissions';
import { useCurrentUser } from '../auth';
import { AuthForm } from '../features/auth/auth-form';
import { paths } from '../paths';

/** Signed-in instructors have nothing to do here: they go to their dashboard. */
function AuthPage({ mode }: { mode: 'login' | 'signup' }) {
  const { user } = useCurrentUser();
  if (isInstructor(user)) return <Navigate to={paths.dashboard()} replace />;
  return <AuthForm mode={mode} />;
}

export const LoginPage = () => <AuthPage mode="login" />;
export const SignupPage = () => <AuthPage mode="signup" />;
