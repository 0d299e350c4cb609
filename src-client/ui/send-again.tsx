import { Button, Text } from '@mantine/core';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { authClient, authErrorMessageId } from '../auth';
import { useLocale } from '../i18n';

/** "Send again": a new verification link to the signed-in account's address (rate-limited on the server). */
export function SendAgain({ email }: { email: string }) {
  const intl = useIntl();
  const { locale } = useLocale();
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<{ ok: boolean; id: string } | null>(null);

  const send = async () => {
    setBusy(true);
    const result = await authClient
      .sendVerificationEmail({ email }, { headers: { 'accept-language': locale } })
      .catch(() => ({ error: { code: undefined } }));
    setBusy(false);
    setAnswer(
      result.error
        ? { ok: false, id: authErrorMessageId(result.error) }
        : { ok: true, id: 'account.verifyBanner.sent' },
    );
  };

  return (
    <>
      <Button
        variant="light"
        size="xs"
        onClick={send}
        loading={busy}
        data-testid="send-again"
        w="fit-content"
      >
        <FormattedMessage id="account.verifyBanner.sendAgain" />
      </Button>
      {answer && (
        <Text size="sm" c={answer.ok ? 'teal.9' : 'red.9'} role={answer.ok ? 'status' : 'alert'}>
          {intl.formatMessage({ id: answer.id }, { email })}
        </Text>
      )}
    </>
  );
}
