import { Modal, Stack, Text } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { FeedbackForm } from './feedback-form';

/** The help menu's feedback form in a dialog, closed once the message is sent. */
export default function FeedbackModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const intl = useIntl();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={intl.formatMessage({ id: 'help.feedbackTitle' })}
      size="lg"
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          <FormattedMessage id="help.feedbackIntro" />
        </Text>
        <FeedbackForm kind="problem" onSent={onClose} />
      </Stack>
    </Modal>
  );
}
