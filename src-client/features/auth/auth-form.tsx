import { Anchor, Button, Center, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import { authClient, authErrorMessageId } from '../../auth';
import { trackEvent } from '../../consent';
import { useLocale } from '../../i18n';
import { usePageTitle, usePortalLook } from '../../look';
import { paths } from '../../paths';
import { reportShownError } from '../../telemetry';
import { ForgotPasswordDialog } from './forgot-password';
import { SignUpSent } from './sign-up-sent';
import { SocialSignIn } from './social-sign-in';

/** The log-in or sign-up form; once it signed the visitor in, the page takes them on (routes/auth.tsx). */
export function AuthForm({ mode }: { mode: 'login' | 'signup' }) {
  const intl = useIntl();
  const { locale } = useLocale();
  const portal = usePortalLook() !== null;
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  // `?forgot=1`: a mailed link that no longer works sends its reader here to ask for a new one.
  const [search] = useSearchParams();
  const [forgotOpen, setForgotOpen] = useState(mode === 'login' && search.has('forgot'));
  const titleId = mode === 'login' ? 'auth.loginTitle' : 'auth.signupTitle';
  usePageTitle(intl.formatMessage({ id: titleId }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const result =
      mode === 'login'
        ? await authClient.signIn.email({ email: email.trim(), password })
        : // A new instructor's profile starts in the language they signed up in.
          await authClient.signUp.email({
            email: email.trim(),
            password,
            name: name.trim(),
            language: locale,
          });
    // Sign-up answers a taken address as a free one and opens no session: the password typed
    // signs its new account in, else the address's owner was written to (docs/accounts.md).
    const signedIn =
      mode === 'signup' && !result.error
        ? await authClient.signIn.email({ email: email.trim(), password })
        : result;
    setBusy(false);
    if (result.error) {
      const messageId = authErrorMessageId(result.error);
      setError(messageId);
      // An error we do not know is also reported (spec point 8).
      if (messageId === 'auth.error.generic') reportShownError(result.error);
      return;
    }
    // The sign-up's first step is done: the account exists (spec point 7's signup_first_step).
    if (mode === 'signup') trackEvent('signup_first_step');
    // Signed in: the page takes the user on (routes/auth.tsx).
    if (signedIn.error) setSentTo(email.trim());
  };

  if (sentTo) return <SignUpSent email={sentTo} />;

  return (
    <Center mih="80vh">
      <Paper withBorder shadow="sm" p="xl" w={400} maw="100%">
        <form onSubmit={submit} noValidate={false}>
          <Stack>
            <Anchor component={Link} to={paths.home()} fw={800} c="blue.7">
              <FormattedMessage id="app.name" />
            </Anchor>
            <Title order={2}>
              <FormattedMessage id={titleId} />
            </Title>
            <SocialSignIn mode={mode} error={search.get('error')} />
            {mode === 'signup' && (
              <TextInput
                label={intl.formatMessage({ id: 'auth.name' })}
                value={name}
                onChange={(e) => setName(e.currentTarget.value)}
                required
                maxLength={80}
                autoComplete="name"
              />
            )}
            <TextInput
              label={intl.formatMessage({ id: 'auth.email' })}
              type="email"
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
              required
              autoComplete="email"
            />
            <PasswordInput
              label={intl.formatMessage({ id: 'auth.password' })}
              description={mode === 'signup' ? intl.formatMessage({ id: 'auth.passwordHint' }) : undefined}
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              required
              minLength={mode === 'signup' ? 8 : undefined}
              autoComplete={mode === 'login' ? 'current-password' : 'new-password'}
            />
            {mode === 'login' && (
              <Anchor
                component="button"
                type="button"
                size="sm"
                ta="left"
                onClick={() => setForgotOpen(true)}
              >
                <FormattedMessage id="auth.forgotPassword" />
              </Anchor>
            )}
            {error && (
              <Text c="red" size="sm" role="alert">
                <FormattedMessage id={error} />
              </Text>
            )}
            <Button type="submit" loading={busy}>
              <FormattedMessage id={mode === 'login' ? 'auth.loginButton' : 'auth.signupButton'} />
            </Button>
            {/* A portal hides sign-up (spec point 2). */}
            {!(portal && mode === 'login') && (
              <Text size="sm" c="dimmed">
                <FormattedMessage id={mode === 'login' ? 'auth.noAccount' : 'auth.haveAccount'} />{' '}
                <Anchor
                  component={Link}
                  to={mode === 'login' ? paths.signup() : paths.login()}
                  underline="always"
                >
                  <FormattedMessage id={mode === 'login' ? 'auth.signupLink' : 'auth.loginLink'} />
                </Anchor>
              </Text>
            )}
          </Stack>
        </form>
      </Paper>
      {mode === 'login' && (
        <ForgotPasswordDialog
          opened={forgotOpen}
          onClose={() => setForgotOpen(false)}
          initialEmail={email.trim()}
        />
      )}
    </Center>
  );
}
