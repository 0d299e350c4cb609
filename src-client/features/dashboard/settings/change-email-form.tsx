import { Button, Card, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { emailAddressProblem } from '../../../../src-shared/rules/email-address';
import { authClient, type CurrentUser } from '../../../auth';
import { useLocale } from '../../../i18n';
import { CurrentPasswordInput, credentialRefusal } from './current-password';

/**
 * A new address (spec point 5: with the current password; this call changes only the address). It
 * takes effect once its owner opens the link mailed to it; the current address is told.
 */
export function ChangeEmailForm({ user }: { user: CurrentUser }) {
  const intl = useIntl();
  const { locale } = useLocale();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({});
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const newEmail = email.trim();
    setSentTo(null);
    if (emailAddressProblem(newEmail, 'signup') || newEmail.toLowerCase() === user.email?.toLowerCase())
      return setErrors({ email: intl.formatMessage({ id: 'auth.error.INVALID_EMAIL' }) });
    setBusy(true);
    const result = await authClient
      .changeEmail({ newEmail, currentPassword: password } as { newEmail: string }, {
        headers: { 'accept-language': locale },
      })
      .catch(() => ({ error: { code: undefined } }));
    setBusy(false);
    if (result.error) {
      const { onCurrentPassword, text } = credentialRefusal(intl, result.error);
      return setErrors(onCurrentPassword ? { password: text } : { email: text });
    }
    setErrors({});
    setEmail('');
    setPassword('');
    setSentTo(newEmail);
  };

  return (
    <Card withBorder padding="xl" maw={720} data-testid="change-email">
      <form onSubmit={submit} noValidate>
        <Stack gap="md" maw={560}>
          <Title order={4}>
            <FormattedMessage id="account.changeEmail.title" />
          </Title>
          <TextInput
            label={intl.formatMessage({ id: 'account.changeEmail.new' })}
            type="email"
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            error={errors.email}
            required
            autoComplete="email"
          />
          <CurrentPasswordInput value={password} onChange={setPassword} error={errors.password} />
          {sentTo && (
            <Text size="sm" c="teal" role="status" data-testid="change-email-sent">
              <FormattedMessage id="account.changeEmail.sent" values={{ email: sentTo }} />
            </Text>
          )}
          <Button type="submit" loading={busy} w="fit-content">
            <FormattedMessage id="account.changeEmail.submit" />
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
