import { useLocation } from 'react-router';
import { readAuthAction } from '../../src-shared/rules/auth-action';
import { InvalidAuthAction, ResetPasswordForm } from '../features/auth/reset-password-form';
import { VerifyEmailPage } from '../features/auth/verify-email';

/** `/auth-action` (spec point 2): the page a mail's link opens, by its mode. */
export function AuthActionPage() {
  const { search } = useLocation();
  const action = readAuthAction(search);
  if (action?.mode === 'resetPassword') return <ResetPasswordForm code={action.code} />;
  if (action?.mode === 'verifyEmail') return <VerifyEmailPage code={action.code} />;
  return <InvalidAuthAction />;
}
