import { Anchor, Button, Center, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate } from 'react-router';
import { authClient, authErrorMessageId } from '../../auth';
import { usePageTitle } from '../../look';
import { paths } from '../../paths';
import { toastMessage } from '../../ui/notify';
import { takeTarget } from './after-login';

/** A frame like the log-in form's, with the product's name. */
export function AuthCard({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Center mih="80vh">
      <Paper withBorder shadow="sm" p="xl" w={400} maw="100%">
        <Stack>
          <Anchor component={Link} to={paths.home()} fw={800} c="blue.7">
            <FormattedMessage id="app.name" />
          </Anchor>
          <Title order={2}>
            <FormattedMessage id={title} />
          </Title>
          {children}
        </Stack>
      </Paper>
    </Center>
  );
}

/** The link back to the log-in page, where a new link can be asked for. */
const NewLinkLink = () => (
  <Anchor component={Link} to={`${paths.login()}?forgot=1`} size="sm">
    <FormattedMessage id="auth.requestNewLink" />
  </Anchor>
);

/** A mailed link that no longer works (or never did): said, with the way to a new one. */
export function InvalidAuthAction() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'auth.resetRequestTitle' }));
  return (
    <AuthCard title="auth.resetRequestTitle">
      <Text role="alert">
        <FormattedMessage id="auth.actionInvalid" />
      </Text>
      <NewLinkLink />
    </AuthCard>
  );
}

/**
 * The page of a reset link: a new password under the sign-up policy (checked on the server), then
 * signed in (the server opens a new session; every other one of the account was closed).
 */
export function ResetPasswordForm({ code }: { code: string }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  usePageTitle(intl.formatMessage({ id: 'auth.newPasswordTitle' }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const result = await authClient.resetPassword({ newPassword: password, token: code });
    setBusy(false);
    if (result.error) {
      setError(authErrorMessageId(result.error));
      return;
    }
    toastMessage(intl, 'auth.passwordChanged', 'green', 6000);
    navigate(takeTarget(), { replace: true });
  };

  return (
    <AuthCard title="auth.newPasswordTitle">
      <form onSubmit={submit}>
        <Stack>
          <PasswordInput
            label={intl.formatMessage({ id: 'auth.newPassword' })}
            description={intl.formatMessage({ id: 'auth.passwordHint' })}
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            required
            minLength={8}
            maxLength={128}
            autoComplete="new-password"
            data-autofocus
          />
          {error && (
            <Text c="red" size="sm" role="alert">
              <FormattedMessage id={error} />
            </Text>
          )}
          {error === 'auth.error.INVALID_TOKEN' && <NewLinkLink />}
          <Button type="submit" loading={busy}>
            <FormattedMessage id="auth.newPasswordButton" />
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
