import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { authClient } from '../../auth';
import { useLocale } from '../../i18n';
import { LazyModal } from '../../ui/lazy-modal';

/**
 * "Forgot your password?": asks for a reset link by mail. Whether an account uses the address or
 * not, the answer is the same "check your mail" (docs/accounts.md); `dashboard.authEmailNotFound`
 * (spec point 8) only when no mail could be asked for at all.
 */
export function ForgotPasswordDialog({
  opened,
  onClose,
  initialEmail,
}: {
  opened: boolean;
  onClose: () => void;
  initialEmail: string;
}) {
  const intl = useIntl();
  const { locale } = useLocale();
  const [email, setEmail] = useState(initialEmail);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!opened) return;
    setEmail(initialEmail);
    setSentTo(null);
    setError(null);
  }, [opened, initialEmail]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const address = email.trim();
    const result = await authClient.requestPasswordReset(address, locale).catch(() => ({ error: {} }));
    setBusy(false);
    if (result.error) {
      const code = (result.error as { code?: string }).code;
      setError(code === 'TOO_MANY_ATTEMPTS' ? 'auth.error.TOO_MANY_ATTEMPTS' : 'dashboard.authEmailNotFound');
      return;
    }
    setSentTo(address);
  };

  return (
    <LazyModal opened={opened} onClose={onClose} title={intl.formatMessage({ id: 'auth.resetRequestTitle' })}>
      {sentTo ? (
        <Stack>
          <Alert color="green" role="status">
            <FormattedMessage id="auth.resetRequestSent" values={{ email: sentTo }} />
          </Alert>
          <Group justify="flex-end">
            <Button onClick={onClose}>
              <FormattedMessage id="auth.backToLogin" />
            </Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={submit}>
          <Stack>
            <Text size="sm">
              <FormattedMessage id="auth.resetRequestIntro" />
            </Text>
            <TextInput
              label={intl.formatMessage({ id: 'auth.email' })}
              type="email"
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
              required
              autoComplete="email"
              data-autofocus
            />
            {error && (
              <Text c="red" size="sm" role="alert">
                <FormattedMessage id={error} />
              </Text>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                <FormattedMessage id="auth.backToLogin" />
              </Button>
              <Button type="submit" loading={busy}>
                <FormattedMessage id="auth.resetRequestButton" />
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </LazyModal>
  );
}
