import { Anchor, Button, Loader, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate } from 'react-router';
import { authClient, useCurrentUser } from '../../auth';
import { usePageTitle } from '../../look';
import { paths } from '../../paths';
import { SendAgain } from '../../ui/send-again';
import { AuthCard } from './reset-password-form';

type Outcome = 'checking' | 'done' | 'failed';

/**
 * The page of a verification link (`/auth-action?mode=verifyEmail`): better-auth checks the code,
 * marks the address verified (or makes a changed address the account's) and signs its owner in;
 * the page says so and goes on, to `/setup-account` (whose rules send an account already set up on
 * to the dashboard). An expired or broken link says so, with a way to a new one.
 */
export function VerifyEmailPage({ code }: { code: string }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const { user } = useCurrentUser();
  const [outcome, setOutcome] = useState<Outcome>('checking');
  usePageTitle(intl.formatMessage({ id: 'account.verify.title' }));

  useEffect(() => {
    let live = true;
    authClient
      .verifyEmail({ query: { token: code } })
      .catch(() => ({ error: { code: undefined } }))
      .then((result) => live && setOutcome(result.error ? 'failed' : 'done'));
    return () => {
      live = false;
    };
  }, [code]);

  return (
    <AuthCard title="account.verify.title">
      {outcome === 'checking' && (
        <Loader size="sm" aria-label={intl.formatMessage({ id: 'account.verify.checking' })} />
      )}
      {outcome === 'done' && (
        <>
          <Text data-testid="verify-done">
            <FormattedMessage id="account.verify.done" />
          </Text>
          {user && !user.isAnonymous ? (
            <Button
              onClick={() => navigate(paths.setupAccount(), { replace: true })}
              data-testid="verify-continue"
            >
              <FormattedMessage id="account.verify.continue" />
            </Button>
          ) : (
            <Button component={Link} to={paths.login()} replace>
              <FormattedMessage id="auth.loginButton" />
            </Button>
          )}
        </>
      )}
      {outcome === 'failed' && (
        <>
          <Text role="alert" data-testid="verify-failed">
            <FormattedMessage id="account.verify.failed" />
          </Text>
          {user && !user.isAnonymous && user.email ? (
            <SendAgain email={user.email} />
          ) : (
            <Anchor component={Link} to={paths.login()} size="sm">
              <FormattedMessage id="account.verify.logInForNew" />
            </Anchor>
          )}
        </>
      )}
    </AuthCard>
  );
}
