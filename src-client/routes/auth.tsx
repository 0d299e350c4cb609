import { Navigate } from 'react-router';
import { isInstructor } from '../../src-shared/rules/permissions';
import { useCurrentUser } from '../auth';
import { peekTarget } from '../features/auth/after-login';
import { AuthForm } from '../features/auth/auth-form';

/**
 * Signed-in instructors have nothing to do here: they go where they were going (the form, which
 * signed them in, forgets that place as it takes them there), else to their dashboard.
 */
function AuthPage({ mode }: { mode: 'login' | 'signup' }) {
  const { user } = useCurrentUser();
  if (isInstructor(user)) return <Navigate to={peekTarget()} replace />;
  return <AuthForm mode={mode} />;
}

export const LoginPage = () => <AuthPage mode="login" />;
export const SignupPage = () => <AuthPage mode="signup" />;
