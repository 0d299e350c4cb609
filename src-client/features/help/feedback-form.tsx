import { Button, Checkbox, SegmentedControl, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation } from 'react-router';
import {
  FEEDBACK_KINDS,
  FEEDBACK_MESSAGE_MAX,
  type FeedbackKind,
  feedbackPagePath,
} from '../../../src-shared/api/feedback';
import { checkText } from '../../../src-shared/api/text-rules';
import { isInstructor } from '../../../src-shared/rules/permissions';
import { useCurrentUser } from '../../auth';
import { useLocale } from '../../i18n';
import { trpc } from '../../trpc';
import { inputErrorMessage, toastError, toastMessage } from '../../ui/notify';

/**
 * The feedback form (issue 28): a kind (problem, suggestion, praise), a message, and for a signed-in
 * instructor whether we may write back. Sent with the page's path (never its query or fragment:
 * `feedbackPagePath`), the browser's user agent, viewport and language; the server adds the user.
 */
export function FeedbackForm({ kind: initialKind, onSent }: { kind: FeedbackKind; onSent?: () => void }) {
  const intl = useIntl();
  const { locale } = useLocale();
  const { user } = useCurrentUser();
  const location = useLocation();
  const [kind, setKind] = useState<FeedbackKind>(initialKind);
  const [message, setMessage] = useState('');
  const [consent, setConsent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const send = trpc.feedback.send.useMutation();

  const submit = async () => {
    const refusal = checkText(message.trim(), { min: 1, max: FEEDBACK_MESSAGE_MAX, multiline: true });
    if (refusal) {
      setError(inputErrorMessage(intl, refusal, 'help.messageRequired'));
      return;
    }
    setError(null);
    try {
      await send.mutateAsync({
        message,
        kind,
        contactConsent: consent,
        page: feedbackPagePath(location.pathname),
        browser: {
          userAgent: navigator.userAgent,
          viewportWidth: Math.round(window.innerWidth),
          viewportHeight: Math.round(window.innerHeight),
          locale,
        },
      });
    } catch (failure) {
      toastError(intl, failure);
      return;
    }
    toastMessage(intl, 'help.sent', 'green');
    setMessage('');
    onSent?.();
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      noValidate
      data-testid="feedback-form"
    >
      <Stack gap="sm">
        <div>
          <Text size="sm" fw={500} mb={4} id="feedback-kind-label">
            <FormattedMessage id="help.kindLabel" />
          </Text>
          <SegmentedControl
            aria-labelledby="feedback-kind-label"
            value={kind}
            onChange={(value) => setKind(value as FeedbackKind)}
            data={FEEDBACK_KINDS.map((value) => ({
              value,
              label: intl.formatMessage({ id: `help.kind.${value}` }),
            }))}
            fullWidth
            data-testid="feedback-kind"
          />
        </div>
        <Textarea
          label={intl.formatMessage({ id: 'help.message' })}
          description={intl.formatMessage({ id: 'help.messageHint' }, { max: FEEDBACK_MESSAGE_MAX })}
          value={message}
          onChange={(event) => setMessage(event.currentTarget.value)}
          maxLength={FEEDBACK_MESSAGE_MAX}
          autosize
          minRows={4}
          maxRows={10}
          required
          error={error}
          data-testid="feedback-message"
        />
        {isInstructor(user) && (
          <Checkbox
            label={intl.formatMessage({ id: 'help.contactConsent' })}
            checked={consent}
            onChange={(event) => setConsent(event.currentTarget.checked)}
            data-testid="feedback-consent"
          />
        )}
        <Button
          type="submit"
          loading={send.isPending}
          data-testid="feedback-send"
          style={{ alignSelf: 'flex-start' }}
        >
          <FormattedMessage id="help.send" />
        </Button>
      </Stack>
    </form>
  );
}
