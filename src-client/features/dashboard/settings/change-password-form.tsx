import { Button, Card, PasswordInput, Stack, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { authClient } from '../../../auth';
import { toastMessage } from '../../../ui/notify';
import { CurrentPasswordInput, credentialRefusal } from './current-password';

/**
 * A new password (spec point 5: with the current one; this call changes only the password), under
 * the sign-up's policy (checked on the server); every other device is signed out.
 */
export function ChangePasswordForm() {
  const intl = useIntl();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [errors, setErrors] = useState<{ current?: string; next?: string }>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const result = await authClient
      .changePassword({ currentPassword: current, newPassword: next, revokeOtherSessions: true })
      .catch(() => ({ error: { code: undefined } }));
    setBusy(false);
    if (result.error) {
      const { onCurrentPassword, text } = credentialRefusal(intl, result.error);
      return setErrors(onCurrentPassword ? { current: text } : { next: text });
    }
    setErrors({});
    setCurrent('');
    setNext('');
    toastMessage(intl, 'account.changePassword.done', 'teal', 6000);
  };

  return (
    <Card withBorder padding="xl" maw={720} data-testid="change-password">
      <form onSubmit={submit} noValidate>
        <Stack gap="md" maw={560}>
          <Title order={4}>
            <FormattedMessage id="account.changePassword.title" />
          </Title>
          <CurrentPasswordInput value={current} onChange={setCurrent} error={errors.current} />
          <PasswordInput
            label={intl.formatMessage({ id: 'account.changePassword.new' })}
            description={intl.formatMessage({ id: 'auth.passwordHint' })}
            value={next}
            onChange={(e) => setNext(e.currentTarget.value)}
            error={errors.next}
            required
            minLength={8}
            maxLength={128}
            autoComplete="new-password"
          />
          <Button type="submit" loading={busy} w="fit-content">
            <FormattedMessage id="account.changePassword.submit" />
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
