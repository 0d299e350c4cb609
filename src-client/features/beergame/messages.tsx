import { Card, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconMessage } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { BeerView } from '../../../src-shared/beergame/view';
import { useFacilityName } from '../../ui/facility-name';

/** How long a new message stays on screen as a toast: long enough to be read in the middle of a week. */
const MESSAGE_TOAST_MS = 10_000;

/** The messages the viewer may see, newest first; each new one also pops up as it arrives. */
export function MessagesPanel({ view }: { view: BeerView }) {
  const intl = useIntl();
  const facilityName = useFacilityName();
  const seen = useRef<Set<string> | null>(null);
  const shown = view.messages.filter((m) => m.week <= view.week);
  useEffect(() => {
    const ids = new Set(shown.map((m) => `${m.id}@${m.week}`));
    // The messages already there when the page opened are not news.
    if (seen.current)
      for (const message of shown)
        if (!seen.current.has(`${message.id}@${message.week}`))
          notifications.show({
            title: intl.formatMessage({ id: 'messages.new' }),
            message: message.text,
            icon: <IconMessage size={18} />,
            autoClose: MESSAGE_TOAST_MS,
          });
    seen.current = ids;
  }, [shown, intl]);
  if (shown.length === 0) return null;
  const recipients = (to: BeerView['messages'][number]['to']) =>
    to === 'all'
      ? intl.formatMessage({ id: 'messages.toAll' })
      : to
          .map((id) => {
            const f = view.facilities.find((x) => x.id === id);
            return f ? facilityName(f) : id;
          })
          .join(', ');
  return (
    <Card withBorder padding="md" data-testid="messages">
      <Stack gap="xs">
        <Title order={4}>
          <FormattedMessage id="messages.title" />
        </Title>
        {[...shown].reverse().map((message) => (
          <Stack key={`${message.id}@${message.week}`} gap={0} data-testid="message">
            <Text size="xs" c="dimmed">
              <FormattedMessage
                id="messages.meta"
                values={{ week: message.week, to: recipients(message.to) }}
              />
            </Text>
            <Text style={{ whiteSpace: 'pre-wrap' }}>{message.text}</Text>
          </Stack>
        ))}
      </Stack>
    </Card>
  );
}
